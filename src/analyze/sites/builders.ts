import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { isResultShapedLiteral } from '../discovery/result-shape.js';
import { errorShape, getPropertyValue, isJsonStringifyCall, literalText, mentionsIdentifier, unwrap } from '../syntax.js';
import { PLACEHOLDER } from '../words.js';
import type { HelperName, Rewrite } from '../types.js';
import { jsonOrigin } from './json.js';
import type { SiteContext, SiteScope } from './scope.js';
import { textValues } from './transport.js';

/**
 * A result builder of the project (`ResponseBuilder.markdown(text)`, `stringResult(text)`,
 * `formatSuccessResponse(data)`, `createResponse(text, isError)`): what its text is made of. The
 * builder itself is neutral, so each call is judged by what it is given: the text of a failure
 * passed to a success builder is the site, at the call.
 */
interface BuilderShape {
  /** The parameter that becomes the text, as it is or embedded in a template. */
  text?: number;
  /** The parameter whose JSON.stringify becomes the text. */
  json?: number;
  /** The parameter that becomes `isError`. */
  isError?: number;
  /** An error builder (`isError: true`), or one whose own words report a failure (`❌ **${title}**`): its literal is the site, not its calls. */
  reportsFailure?: boolean;
}

const shapes = new WeakMap<TS.SignatureDeclaration, BuilderShape | null>();

function parameterIndex(fn: TS.SignatureDeclaration, expression: TS.Expression): number | undefined {
  const inner = unwrap(expression);
  if (!ts.isIdentifier(inner)) return undefined;
  const index = fn.parameters.findIndex((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === inner.text);
  return index >= 0 ? index : undefined;
}

/** The builder's shape, when every result literal it returns takes its text from a parameter. */
export function builderShape(fn: TS.SignatureDeclaration, scope: SiteScope): BuilderShape | null {
  const known = shapes.get(fn);
  if (known !== undefined) return known;
  shapes.set(fn, null);
  let shape: BuilderShape | null = null;
  for (const returned of scope.flow.returnedExpressions(fn)) {
    for (const literal of scope.flow.origins(returned)) {
      if (!isResultShapedLiteral(literal)) continue;
      const object = unwrap(literal) as TS.ObjectLiteralExpression;
      const content = getPropertyValue(object, 'content');
      const array = content && !ts.isMethodDeclaration(content) ? unwrap(content) : undefined;
      if (!array || !ts.isArrayLiteralExpression(array)) continue;
      for (const text of textValues(array)) {
        // The text as given, or built around it (`✅ ${message}`, `**${title}**\n\n${details}`).
        const direct = parameterIndex(fn, text);
        const embedded = direct ?? fn.parameters.findIndex((parameter) => ts.isIdentifier(parameter.name) && mentionsIdentifier(text, parameter.name.text) && !isJsonStringifyCall(text));
        const inner = unwrap(text);
        const json = isJsonStringifyCall(inner) ? parameterIndex(fn, (inner as TS.CallExpression).arguments[0] ?? inner) : undefined;
        if (json !== undefined) shape = { ...(shape ?? {}), json };
        else if (embedded !== undefined && embedded >= 0) shape = { ...(shape ?? {}), text: embedded };
        const words = literalText(text);
        if (shape && words !== null && scope.predicates.looksLikeError(words.replaceAll(PLACEHOLDER, ''))) shape.reportsFailure = true;
      }
      const isError = getPropertyValue(object, 'isError');
      const flag = isError && !ts.isMethodDeclaration(isError) ? parameterIndex(fn, isError) : undefined;
      if (flag !== undefined && shape) shape.isError = flag;
      // An error builder (`isError: true`) is right to carry failure text.
      if (isError && isError.kind === ts.SyntaxKind.TrueKeyword && shape) shape.reportsFailure = true;
    }
  }
  shapes.set(fn, shape);
  return shape;
}

/**
 * Judges a call of a result builder by its arguments: failure text passed as a success (no
 * `isError` argument, or `false`) is `error-content`, JSON text passed as prose is
 * `json-text-content`, an error payload passed to a JSON builder is `error-content`. Reports at
 * the call; returns whether it did.
 */
export function classifyBuilderCall(call: TS.CallExpression, fn: TS.SignatureDeclaration, site: TS.Expression, context: SiteContext, scope: SiteScope): boolean {
  const shape = builderShape(fn, scope);
  if (!shape || shape.reportsFailure) return false;
  const flagArgument = shape.isError !== undefined ? call.arguments[shape.isError] : undefined;
  if (flagArgument && unwrap(flagArgument).kind !== ts.SyntaxKind.FalseKeyword) return false;
  const name = ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : call.expression.getText(scope.sourceFile);
  if (shape.text !== undefined) {
    const text = call.arguments[shape.text];
    if (text) {
      const evidence = scope.predicates.errorEvidence(text, context.fn);
      if (evidence !== 'none') {
        scope.report('error-content', site, context, flagRewrite(call, shape, evidence, scope), flagReason(name, shape, evidence));
        return true;
      }
      if (jsonOrigin(text, scope) === 'json') {
        scope.report('json-text-content', site, context, null, `the text passed to ${name} is built from JSON.stringify output; return jsonResult(data) (or successResult(text, data)) instead`);
        return true;
      }
    }
  }
  if (shape.json !== undefined) {
    const data = call.arguments[shape.json];
    const payload = data ? unwrap(data) : undefined;
    if (payload && ts.isObjectLiteralExpression(payload) && errorShape(payload)) {
      scope.report('error-content', site, context, null, `${name} sends this error payload as a success; return errorResult(message, data) instead`);
      return true;
    }
  }
  return false;
}

/** `createResponse(text)` → `createResponse(text, true)` when the builder takes isError last and the call leaves it out. */
function flagRewrite(call: TS.CallExpression, shape: BuilderShape, evidence: 'all' | 'some', scope: SiteScope): Rewrite | null {
  if (evidence !== 'all' || shape.isError === undefined) return null;
  const flag = call.arguments[shape.isError];
  if (flag) return { edit: scope.rewriter.replace(flag, 'true'), helpers: [] as HelperName[] };
  if (call.arguments.length !== shape.isError) return null;
  const last = call.arguments[call.arguments.length - 1];
  return { edit: { start: last.getEnd(), end: last.getEnd(), text: ', true' }, helpers: [] };
}

function flagReason(name: string, shape: BuilderShape, evidence: 'all' | 'some'): string {
  const sometimes = evidence === 'some' ? ' on some paths' : '';
  return shape.isError !== undefined
    ? `the text passed to ${name} reports a failure${sometimes}; pass isError true there`
    : `the text passed to ${name} reports a failure${sometimes}; return errorResult(message) there instead of a success`;
}
