import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { functionOf } from '../discovery/resolve.js';
import { isPortable } from '../portable.js';
import { isNullish, jsonOptionsArgument } from '../rewrites.js';
import { enclosingFunction, errorShape, getProperty, getPropertyValue, isBuiltPerElement, isConstDeclaration, isJsonStringifyCall, templateOwnText, unwrap } from '../syntax.js';
import type { HelperName, Rewrite } from '../types.js';
import { returnExpressions } from './predicates.js';
import { isPlainReference, mentionsOrAwaits, plainValueNames, statementsOf, withoutTypes } from './references.js';
import type { SiteContext, SiteScope } from './scope.js';

/**
 * JSON text made by a call: `JSON.stringify(value, replacer, indent)` itself, or a JSON helper
 * (`asText(data)` where `asText = (d) => JSON.stringify(d, null, 2)`, in this file or, with the
 * checker, another). `options` is the jsonResult options text that reproduces the same text, or
 * null when jsonResult cannot be given it (`reviewReason` says why): the helper's replacer and
 * indent moved to the call, with its parameters replaced by the call's arguments; else the helper
 * itself as `stringify` when the call passes only the value.
 */
export interface JsonText {
  call: TS.CallExpression;
  value: TS.Expression | undefined;
  options: string | null;
  /** The call is a helper's, not JSON.stringify's: the rewrite passes the helper's argument. */
  viaHelper: boolean;
  /** JSON.stringify's replacer, where it has one (a helper's is not looked at). */
  replacer?: TS.Expression;
  reviewReason?: string;
}

export function jsonTextOf(expression: TS.Expression, scope: SiteScope): JsonText | null {
  const call = unwrap(expression);
  if (!ts.isCallExpression(call)) return null;
  if (isJsonStringifyCall(call)) {
    const [value, replacer, indent] = call.arguments;
    const spread = call.arguments.some(ts.isSpreadElement);
    return { call, value, options: spread ? null : jsonOptionsArgument(replacer, indent), viaHelper: false, replacer: replacer && !isNullish(replacer) ? replacer : undefined };
  }
  const helper = jsonHelper(call, scope);
  if (!helper) return null;
  const { options, reviewReason } = helperOptions(call, helper);
  return { call, value: call.arguments[helper.parameterIndex], options, viaHelper: true, ...(reviewReason ? { reviewReason } : {}) };
}

interface JsonHelper {
  fn: TS.SignatureDeclaration;
  parameterIndex: number;
  /** The helper's replacer and indent arguments. */
  serialisation: [TS.Expression | undefined, TS.Expression | undefined];
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
    if (parameterIndex >= 0 && !returned.arguments.some(ts.isSpreadElement)) found = { fn, parameterIndex, serialisation: [replacer, indent] };
  }
  helperCache.set(fn, found);
  return found;
}

const THIS_REASON = 'the JSON helper reads this; return jsonResult(value, { replacer, indent }) with the values it uses';
const COMPUTED_REASON = 'the JSON helper computes its replacer or indent from the arguments of this call; return jsonResult(value, { replacer, indent }) with the values it computes';

/** The jsonResult options that make the helper's text at this call, or the reason there are none. */
function helperOptions(call: TS.CallExpression, helper: JsonHelper): { options: string | null; reviewReason?: string } {
  if (call.arguments.some(ts.isSpreadElement)) return { options: null, reviewReason: COMPUTED_REASON };
  const parts = helper.serialisation.map((part) => (part === undefined ? undefined : movedPart(part, call, helper)));
  if (parts.every((part) => part !== null)) {
    const [replacer, indent] = parts as Array<TS.Expression | undefined>;
    return { options: jsonOptionsArgument(replacer, indent) };
  }
  const { fn } = helper;
  const readsThis = !ts.isArrowFunction(fn) && usesThis(fn);
  if (call.arguments.length === 1 && helper.parameterIndex === 0 && !readsThis && isCallableAlone(fn) && isPlainReference(call.expression)) {
    // The helper itself writes the text: called once with the value, as the call did.
    return { options: `, { stringify: ${unwrap(call.expression).getText()} }` };
  }
  const closure = !readsThis && isCallableAlone(fn) && isPlainReference(call.expression) ? stringifyClosure(call, helper) : null;
  if (closure) return { options: `, { stringify: ${closure} }` };
  return { options: null, reviewReason: readsThis || helper.serialisation.some((part) => part !== undefined && usesThis(part)) ? THIS_REASON : COMPUTED_REASON };
}

/**
 * `(value) => toJsonText(value, 2)`: the helper writes the text, called with the value in its place
 * and the call's other arguments, when those are literals or plain references (evaluating them
 * later changes nothing).
 */
function stringifyClosure(call: TS.CallExpression, helper: JsonHelper): string | null {
  const others = call.arguments.filter((_, index) => index !== helper.parameterIndex);
  if (call.arguments.length <= helper.parameterIndex || !others.every(isMovableArgument)) return null;
  const taken = new Set(others.map((argument) => withoutTypes(argument).getText()));
  const name = ['value', 'data', 'json'].find((candidate) => ![...taken].some((text) => new RegExp(`\\b${candidate}\\b`).test(text)));
  if (!name) return null;
  const args = call.arguments.map((argument, index) => (index === helper.parameterIndex ? name : withoutTypes(argument).getText()));
  return `(${name}) => ${unwrap(call.expression).getText()}(${args.join(', ')})`;
}

/**
 * The helper's replacer or indent as it can be written at the call: itself when it means the same
 * there, the call's argument (or the parameter's literal default) when it is a parameter of a helper
 * that only returns; null when neither.
 */
function movedPart(part: TS.Expression, call: TS.CallExpression, helper: JsonHelper): TS.Expression | undefined | null {
  const inner = unwrap(part);
  if (isNullish(inner)) return inner;
  if (usesThis(inner)) return null;
  if (isPortable(inner, call)) return inner;
  if (!ts.isIdentifier(inner) || !onlyReturns(helper.fn)) return null;
  const index = helper.fn.parameters.findIndex((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === inner.text);
  if (index < 0 || index === helper.parameterIndex || helper.fn.parameters[index].dotDotDotToken) return null;
  const argument = call.arguments[index];
  if (argument) return isMovableArgument(argument) ? withoutTypes(argument) : null;
  const fallback = helper.fn.parameters[index].initializer;
  if (!fallback) return undefined;
  return isLiteral(unwrap(fallback)) ? unwrap(fallback) : null;
}

function isLiteral(node: TS.Expression): boolean {
  return ts.isNumericLiteral(node) || ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || isNullish(node);
}

/** An argument whose text can move into the options: evaluating it later than before changes nothing. */
function isMovableArgument(argument: TS.Expression): boolean {
  const inner = withoutTypes(argument);
  return isLiteral(inner) || isPlainReference(inner) || ts.isArrowFunction(inner) || ts.isFunctionExpression(inner);
}

/** The body is the return alone: nothing runs before it that could change a parameter. */
function onlyReturns(fn: TS.SignatureDeclaration): boolean {
  const body = (fn as TS.FunctionLikeDeclaration).body;
  if (!body) return false;
  return !ts.isBlock(body) || (body.statements.length === 1 && ts.isReturnStatement(body.statements[0]));
}

/** A function that returns the string itself when called on its own (not async, not a generator, no method of a class). */
function isCallableAlone(fn: TS.SignatureDeclaration): boolean {
  if (!ts.isFunctionDeclaration(fn) && !ts.isFunctionExpression(fn) && !ts.isArrowFunction(fn)) return false;
  const modifiers = ts.canHaveModifiers(fn) ? ts.getModifiers(fn) : undefined;
  return !fn.asteriskToken && !modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword);
}

function usesThis(node: TS.Node): boolean {
  let found = false;
  const visit = (child: TS.Node): void => {
    if (found) return;
    if (child.kind === ts.SyntaxKind.ThisKeyword) found = true;
    else ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** `jsonResult(value, …)` for the JSON text, or null when it cannot be reproduced. */
export function jsonResultRewrite(site: TS.Node, json: JsonText, scope: SiteScope): Rewrite | null {
  const call = jsonResultCall(site, json, scope);
  return call === null ? null : { edit: scope.rewriter.replace(site, call), helpers: ['jsonResult'] };
}

/** The text of `jsonResult(value, …)` written in place of `site`, or null when it cannot be reproduced. */
export function jsonResultCall(site: TS.Node, json: JsonText, scope: SiteScope): string | null {
  if (json.options === null || !json.value) return null;
  return `jsonResult(${scope.rewriter.moved(json.value, site)}${json.options})`;
}

export function jsonReviewReason(json: JsonText): string {
  return json.viaHelper ? (json.reviewReason ?? COMPUTED_REASON) : 'JSON.stringify is called with spread arguments; jsonResult cannot tell its replacer and indent';
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
    if (jsonTextOf(part, scope) && !isLabelledFieldPerElement(part)) found = 'json';
  }
  return found;
}

/**
 * `` `   Meta: ${JSON.stringify(entry.meta)}\n` `` written once per element of a list: one field of
 * each element, shown in a labelled line of the prose. The list is the data, not this fragment; a
 * whole line of JSON per element (`lines.push(JSON.stringify(entry))`) still is data.
 */
function isLabelledFieldPerElement(part: TS.Expression): boolean {
  const span = part.parent;
  if (!ts.isTemplateSpan(span) || span.expression !== part) return false;
  return /[A-Za-z\u00C0-\uFFFF]{2}/.test(templateOwnText(span.parent)) && isBuiltPerElement(part);
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

export const PROSE_REVIEW_REASON =
  'the text is built from JSON.stringify output and prose this rewrite cannot carry into structuredContent (a computed part, a branch, two values of one name, or JSON of a value that is evaluated there); Claude Code and the Codex app show only structuredContent and would lose it: move the data to structuredContent by hand';

/**
 * Prose around JSON in one text (`Found:\n${JSON.stringify(rows, null, 2)}`, `'Page ' + path +
 * ': ' + JSON.stringify(result)`) → `successResult(<the same text>, data)`: clients that show
 * content read the same text, and a client that shows only structuredContent still gets what the
 * prose says. The text may hold constant words (labels, which carry nothing), names and property
 * reads (`${path}`, `${params.trace_id}`, which go into the data under their own names) and one
 * JSON.stringify of a name or property read without a replacer (the data, or one field of it). Any
 * other part (a call, a branch, an await) is information the data could not hold without running
 * it twice: null then, and the site stays for review.
 */
export function proseJsonRewrite(site: TS.Node, text: TS.Expression, scope: SiteScope): Rewrite | null {
  const call = proseJsonCall(site, text, scope);
  return call === null ? null : { edit: scope.rewriter.replace(site, call), helpers: ['successResult'] };
}

/** The text of `successResult(<the same text>, data)` written in place of `site`, or null (see proseJsonRewrite). */
export function proseJsonCall(site: TS.Node, text: TS.Expression, scope: SiteScope): string | null {
  const written = textParts(text);
  if (!written) return null;
  // `const json = JSON.stringify(calls, null, 2); … text: `${summary}\n\n${json}``: the const's JSON is a part too.
  const held = written.map((part) => heldJsonPart(part, scope));
  const parts = written.map((part, index) => held[index]?.call ?? part);
  const json = parts.filter((part): part is TS.CallExpression => isJsonStringifyCall(part));
  if (json.length === 0) return null;
  const values: TS.Expression[] = [];
  for (const call of json) {
    const [value, replacer] = call.arguments;
    if (!value || ts.isSpreadElement(value) || (replacer && !isNullish(unwrap(replacer))) || call.arguments.some(ts.isSpreadElement) || !isPlainReference(value)) return null;
    values.push(value);
  }
  const named = parts.filter((part) => !json.includes(part as TS.CallExpression));
  if (!named.every(isPlainReference)) return null;
  if (!unchangedSinceHeld(held.filter((part) => part !== null), text, scope)) return null;
  const references = [...named, ...values].map(withoutTypes);
  const names = references.map((reference) => (ts.isIdentifier(reference) ? reference.text : (reference as TS.PropertyAccessExpression).name.text));
  if (new Set(names).size !== names.length) return null;
  const origins = scope.flow.origins(withoutTypes(values[0]));
  const isObject = named.length === 0 && values.length === 1 && origins.length > 0 && origins.every((origin) => ts.isObjectLiteralExpression(origin));
  const data = isObject
    ? withoutTypes(values[0]).getText()
    : `{ ${references.map((reference, index) => (ts.isIdentifier(reference) ? reference.text : `${names[index]}: ${reference.getText()}`)).join(', ')} }`;
  return `successResult(${scope.rewriter.moved(text, site)}, ${data})`;
}

interface HeldJsonPart {
  call: TS.CallExpression;
  statement: TS.VariableStatement;
}

/** A part of the text that is a const holding `JSON.stringify(…)` output, declared alone in its statement. */
function heldJsonPart(part: TS.Expression, scope: SiteScope): HeldJsonPart | null {
  if (!ts.isIdentifier(part)) return null;
  const declaration = scope.locals.variableFor(part);
  if (!declaration?.initializer || !isConstDeclaration(declaration)) return null;
  const list = declaration.parent as TS.VariableDeclarationList;
  const initializer = withoutTypes(declaration.initializer);
  if (list.declarations.length !== 1 || !ts.isVariableStatement(list.parent) || !isJsonStringifyCall(initializer)) return null;
  return { call: initializer as TS.CallExpression, statement: list.parent };
}

/**
 * The values of JSON kept in consts are read again where the result is built: they must be plain
 * values of consts that no statement after the first const and before the text mentions (other
 * than those consts), with no await in between. Each const is in the block of the text's statement.
 */
function unchangedSinceHeld(held: readonly HeldJsonPart[], text: TS.Expression, scope: SiteScope): boolean {
  if (held.length === 0) return true;
  let holder: TS.Node = text;
  while (holder.parent && !statementsOf(holder.parent)) holder = holder.parent;
  const statements = holder.parent ? statementsOf(holder.parent) : undefined;
  if (!statements) return false;
  const to = statements.indexOf(holder as TS.Statement);
  const indexes = held.map((part) => statements.indexOf(part.statement));
  if (indexes.some((index) => index < 0 || index >= to)) return false;
  const names = new Set<string>();
  for (const part of held) {
    const read = part.call.arguments[0] ? plainValueNames(part.call.arguments[0], scope) : null;
    if (!read) return false;
    for (const name of read) names.add(name);
  }
  const heldStatements = new Set<TS.Node>(held.map((part) => part.statement));
  return statements.slice(Math.min(...indexes) + 1, to).every((statement) => heldStatements.has(statement) || !mentionsOrAwaits(statement, names));
}

/**
 * The parts of a text built by a template or a `+` concatenation, constant words left out; null
 * when a `+` chain might add numbers before it joins strings.
 */
function textParts(expression: TS.Expression): TS.Expression[] | null {
  const inner = withoutTypes(expression);
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return [];
  if (ts.isTemplateExpression(inner)) {
    const parts: TS.Expression[] = [];
    for (const span of inner.templateSpans) {
      const nested = textParts(span.expression);
      if (!nested) return null;
      parts.push(...nested);
    }
    return parts;
  }
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const operands: TS.Expression[] = [];
    let current: TS.Expression = inner;
    while (ts.isBinaryExpression(current) && current.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      operands.unshift(current.right);
      current = withoutTypes(current.left);
    }
    operands.unshift(current);
    const isText = (node: TS.Expression | undefined) => node !== undefined && (ts.isStringLiteralLike(withoutTypes(node)) || ts.isTemplateExpression(withoutTypes(node)) || isJsonStringifyCall(withoutTypes(node)));
    if (!isText(operands[0]) && !isText(operands[1])) return null;
    const parts: TS.Expression[] = [];
    for (const operand of operands) {
      const nested = ts.isStringLiteralLike(withoutTypes(operand)) || ts.isTemplateExpression(withoutTypes(operand)) ? textParts(operand) : [withoutTypes(operand)];
      if (!nested) return null;
      parts.push(...nested);
    }
    return parts;
  }
  return [inner];
}

/**
 * A text that is JSON text on every path it can take: `JSON.stringify(x)` (or the project's JSON
 * helper), or a literal such as `'[]'` that is JSON of an object or array. `errorPayload`: some
 * path is the JSON of an error payload literal (`{ error: message }`), which toCallToolResult reads
 * as a failure; `madeIn`: the functions that serialise.
 */
export function jsonTextOnEveryPath(expression: TS.Expression, scope: SiteScope): { errorPayload: boolean; madeIn: Set<TS.Node | undefined> } | null {
  const origins = scope.flow.origins(expression);
  if (origins.length === 0) return null;
  let errorPayload = false;
  const madeIn = new Set<TS.Node | undefined>();
  for (const origin of origins) {
    const node = unwrap(origin);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!/^\s*[[{]/.test(node.text) || !parsesAsJson(node.text)) return null;
      continue;
    }
    const json = jsonTextOf(node, scope);
    if (!json || json.options === null) return null;
    const payload = json.value ? unwrap(json.value) : undefined;
    if (payload && ts.isObjectLiteralExpression(payload) && errorShape(payload)) errorPayload = true;
    madeIn.add(enclosingFunction(node));
  }
  return { errorPayload, madeIn };
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
