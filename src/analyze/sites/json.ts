import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { functionOf } from '../discovery/resolve.js';
import { isPortable } from '../portable.js';
import { isNullish, jsonOptionsArgument } from '../rewrites.js';
import { errorShape, getProperty, getPropertyValue, isJsonStringifyCall, unwrap } from '../syntax.js';
import type { HelperName, Rewrite } from '../types.js';
import { returnExpressions } from './predicates.js';
import type { SiteContext, SiteScope } from './scope.js';

/**
 * JSON text made by a call: `JSON.stringify(value, replacer, indent)` itself, or a JSON helper
 * (`asText(data)` where `asText = (d) => JSON.stringify(d, null, 2)`, in this file or, with the
 * checker, another). `options` is the jsonResult options text that reproduces the same text
 * (replacer and indent included), or null when jsonResult cannot: a helper's replacer or indent
 * that uses its own parameters or locals, or lives in another file.
 */
export interface JsonText {
  call: TS.CallExpression;
  value: TS.Expression | undefined;
  options: string | null;
  /** The call is a helper's, not JSON.stringify's: the rewrite passes the helper's argument. */
  viaHelper: boolean;
}

export function jsonTextOf(expression: TS.Expression, scope: SiteScope): JsonText | null {
  const call = unwrap(expression);
  if (!ts.isCallExpression(call)) return null;
  if (isJsonStringifyCall(call)) {
    const [value, replacer, indent] = call.arguments;
    const spread = call.arguments.some(ts.isSpreadElement);
    return { call, value, options: spread ? null : jsonOptionsArgument(replacer, indent, scope.sourceFile), viaHelper: false };
  }
  const helper = jsonHelper(call, scope);
  if (!helper) return null;
  const options = helper.serialisation.every((part) => !part || isNullish(part) || isPortable(part, call)) ? helper.options : null;
  return { call, value: call.arguments[helper.parameterIndex], options, viaHelper: true };
}

interface JsonHelper {
  parameterIndex: number;
  /** The options text, written as the helper's replacer and indent are. */
  options: string;
  /** The helper's replacer and indent arguments: a call site may use the options only if they are portable there. */
  serialisation: Array<TS.Expression | undefined>;
}

const helperCache = new WeakMap<TS.SignatureDeclaration, JsonHelper | null>();

/**
 * A function whose only return is `JSON.stringify(<one of its parameters>, …)`: calling it is
 * JSON.stringify of the argument in that position.
 */
function jsonHelper(call: TS.CallExpression, scope: SiteScope): JsonHelper | null {
  const callee = unwrap(call.expression);
  if (!ts.isIdentifier(callee) && !ts.isPropertyAccessExpression(callee)) return null;
  const fn = functionOf(callee, scope);
  if (!fn) return null;
  const cached = helperCache.get(fn);
  if (cached !== undefined) return cached;
  let found: JsonHelper | null = null;
  const returns = returnExpressions(fn);
  const returned = returns.length === 1 ? unwrap(returns[0]) : undefined;
  if (returned && ts.isCallExpression(returned) && isJsonStringifyCall(returned)) {
    const [value, replacer, indent] = returned.arguments;
    const parameterIndex = value ? fn.parameters.findIndex((parameter) => ts.isIdentifier(parameter.name) && ts.isIdentifier(unwrap(value)) && parameter.name.text === (unwrap(value) as TS.Identifier).text) : -1;
    if (parameterIndex >= 0 && !returned.arguments.some(ts.isSpreadElement)) {
      found = { parameterIndex, options: jsonOptionsArgument(replacer, indent, fn.getSourceFile()), serialisation: [replacer, indent] };
    }
  }
  helperCache.set(fn, found);
  return found;
}

/** `jsonResult(value, …)` for the JSON text, or null when it cannot be reproduced. */
export function jsonResultRewrite(site: TS.Node, json: JsonText, scope: SiteScope): Rewrite | null {
  if (json.options === null || !json.value) return null;
  return scope.rewriter.wrapText(site, 'jsonResult', `${scope.rewriter.moved(json.value, site)}${json.options}`);
}

export function jsonReviewReason(json: JsonText): string {
  return json.viaHelper
    ? "the JSON helper's replacer or indent uses a name that is a parameter or local (of the helper, or of a function here), or the helper is in another file; jsonResult cannot be given them here"
    : 'JSON.stringify is called with spread arguments; jsonResult cannot tell its replacer and indent';
}

/**
 * A handler returns JSON text as a string: `json-stringify` (→ jsonResult), or `error-json` when the
 * payload is an error (`{ error }`, `{ success: false }`, or built from the caught error).
 */
export function classifyJsonText(json: JsonText, site: TS.Expression, context: SiteContext, scope: SiteScope): void {
  const { value } = json;
  if (!value) return;
  const payload = unwrap(value);
  if (ts.isObjectLiteralExpression(payload)) {
    const shape = errorShape(payload);
    if (shape) {
      const rewrite = scope.rewriter.errorPayloadRewrite(site, payload, shape.message, shape.messageProperty);
      scope.report('error-json', site, context, rewrite, rewrite ? undefined : 'the error payload has no error/message/reason property to use as the message');
      return;
    }
  }
  if (scope.predicates.usesCaughtError(json.call, context.fn)) {
    // A JSON payload built from the caught error in a catch block is an error report.
    let rewrite: Rewrite | null;
    if (ts.isObjectLiteralExpression(payload)) {
      const name = ['error', 'message', 'reason', 'msg'].find((key) => {
        const candidate = getPropertyValue(payload, key);
        return candidate !== undefined && !ts.isMethodDeclaration(candidate);
      });
      rewrite = name ? scope.rewriter.errorPayloadRewrite(site, payload, getPropertyValue(payload, name) ?? null, getProperty(payload, name) ?? null) : null;
    } else {
      rewrite = { edit: scope.rewriter.replace(site, `errorResult(${scope.rewriter.moved(value, site)})`), helpers: ['errorResult'] as HelperName[] };
    }
    scope.report('error-json', site, context, rewrite, rewrite ? undefined : 'the error payload has no error/message/reason property to use as the message');
    return;
  }
  const rewrite = jsonResultRewrite(site, json, scope);
  scope.report('json-stringify', site, context, rewrite, rewrite ? undefined : jsonReviewReason(json));
}

/**
 * Where a text value's JSON comes from, when it is not itself a JSON.stringify call: embedded in a
 * template or concatenation (`Found: ${JSON.stringify(x)}`), or passed through this function's
 * consts and other calls (`const s = JSON.stringify(x); text: spotlight(s)`). `transport` when
 * the value serialises anything (`typeof v === 'string' ? v : JSON.stringify(v)`). Such text
 * cannot be rewritten exactly, so these sites are left for review.
 */
export function jsonOrigin(expression: TS.Expression, scope: SiteScope): 'json' | 'transport' | null {
  const isJsonLeaf = (node: TS.Expression): boolean => serialisesAnything(node) || jsonTextOf(node, scope) !== null;
  let found: 'json' | 'transport' | null = null;
  for (const part of scope.flow.contributors(expression, isJsonLeaf)) {
    if (serialisesAnything(part)) return 'transport';
    if (jsonTextOf(part, scope)) found = 'json';
  }
  return found;
}

/** `typeof v === 'string' ? v : JSON.stringify(v, …)`, either orientation: serialises whatever it is given. */
export function serialisesAnything(expression: TS.Expression): boolean {
  const conditional = unwrap(expression);
  if (!ts.isConditionalExpression(conditional)) return false;
  const test = unwrap(conditional.condition);
  if (!ts.isBinaryExpression(test)) return false;
  const typeofSide = ts.isTypeOfExpression(test.left) ? test.left : ts.isTypeOfExpression(test.right) ? test.right : null;
  const literalSide = typeofSide === test.left ? test.right : test.left;
  if (!typeofSide || !ts.isStringLiteral(literalSide) || literalSide.text !== 'string') return false;
  return isJsonStringifyCall(conditional.whenTrue) || isJsonStringifyCall(conditional.whenFalse);
}
