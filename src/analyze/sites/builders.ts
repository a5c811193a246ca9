import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { isResultShapedLiteral } from '../discovery/result-shape.js';
import { declaredName, errorShape, getPropertyValue, isJsonStringifyCall, literalText, mentionsIdentifier, propertyName, stringLiteralText, unwrap } from '../syntax.js';
import { PLACEHOLDER } from '../words.js';
import type { HelperName, Rewrite } from '../types.js';
import { inFailureContext } from './failure-context.js';
import { jsonOrigin, jsonResultRewrite, jsonTextOf, PROSE_REVIEW_REASON, proseJsonRewrite } from './json.js';
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
  /** The parameter that becomes `structuredContent` (`replyText(text, structuredContent?)`). */
  structured?: number;
  /** An error builder (`isError: true`), or one whose own words report a failure (`❌ **${title}**`): its literal is the site, not its calls. */
  reportsFailure?: boolean;
  /**
   * Named for the failures it reports (`createErrorResponse(message)`) and setting no isError: the
   * builder's literal is the one site (isError added there), its calls are not.
   */
  namedForFailure?: boolean;
}

/** Names of functions that, given a caught error, build its result: `toolFailure`, `formatErrorForMcpTool`. */
export const ERROR_BUILDER_NAME = /error|fail|exception|problem|fault/i;

/**
 * Names that say a builder makes failure results whatever it is given: `createErrorResponse`,
 * `errorResult`, `toolFailure`. Not `formatValidationErrors` or `listProblems`, which answer with
 * a list of findings.
 */
const FAILURE_BUILDER_NAME = /^(?:error|fail(?:ure)?)(?:[A-Z_]|$)|(?:error|fail(?:ure)?)(?:response|result|reply|content)?$/i;

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
        // A text the builder makes a failure report of by itself (`formatApiError(error, context)`,
        // "<context> failed (HTTP 404)…"): its literal is the site, whatever each caller passes.
        if (shape && !shape.reportsFailure && scope.predicates.errorEvidence(text, fn) !== 'none') shape.reportsFailure = true;
      }
      const structured = getPropertyValue(object, 'structuredContent');
      const structuredIndex = structured && !ts.isMethodDeclaration(structured) ? parameterIndex(fn, structured) : undefined;
      if (structuredIndex !== undefined && shape) shape.structured = structuredIndex;
      const isError = getPropertyValue(object, 'isError');
      const flag = isError && !ts.isMethodDeclaration(isError) ? parameterIndex(fn, isError) : undefined;
      if (flag !== undefined && shape) shape.isError = flag;
      // An error builder (`isError: true`) is right to carry failure text.
      if (isError && isError.kind === ts.SyntaxKind.TrueKeyword && shape) shape.reportsFailure = true;
    }
  }
  if (shape && !shape.reportsFailure && shape.isError === undefined && FAILURE_BUILDER_NAME.test(declaredName(fn) ?? '')) {
    shape.reportsFailure = true;
    shape.namedForFailure = true;
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
  const name = calleeLabel(call, scope);
  if (shape.text !== undefined) {
    const text = call.arguments[shape.text];
    if (text) {
      const plain = isPlainTextBuilder(fn, shape.text, call);
      const evidence = scope.predicates.errorEvidence(text, context.fn);
      if (evidence !== 'none') {
        // A builder that returns its argument as the text and nothing else: errorTextResult says the same words.
        const rewrite = flagRewrite(call, shape, evidence, scope) ?? (plain && evidence === 'all' ? scope.rewriter.errorMessageRewrite(call, text) : null);
        scope.report('error-content', site, context, rewrite, rewrite ? undefined : flagReason(name, shape, evidence));
        return true;
      }
      // The call gives the data too (`replyText(JSON.stringify(r), { ...r })`): a proper result.
      if (jsonOrigin(text, scope) === 'json' && !givesStructuredContent(call, shape)) {
        const rewrite = plain ? textRewrite(call, text, scope) : null;
        const reason = plain
          ? PROSE_REVIEW_REASON
          : `the text passed to ${name} is built from JSON.stringify output, and ${name} does more than return it as the text of a result; return jsonResult(data) (or successResult(text, data)) instead`;
        scope.report('json-text-content', site, context, rewrite, rewrite ? undefined : reason);
        return true;
      }
    }
  }
  // The data a builder serialises: its JSON parameter, or a text parameter given an object (`typeof data === 'string' ? data : JSON.stringify(data)`).
  const dataIndex = shape.json ?? shape.text;
  if (dataIndex !== undefined) {
    const data = call.arguments[dataIndex];
    const payload = data ? unwrap(data) : undefined;
    if (payload && ts.isObjectLiteralExpression(payload) && (errorShape(payload) || reportsFailureInContext(payload, call, context, scope))) {
      scope.report('error-content', site, context, null, `${name} sends this error payload as a success; return errorResult(message, data) instead`);
      return true;
    }
  }
  return false;
}

function givesStructuredContent(call: TS.CallExpression, shape: BuilderShape): boolean {
  const argument = shape.structured !== undefined ? call.arguments[shape.structured] : undefined;
  if (argument === undefined) return false;
  const inner = unwrap(argument);
  return !(ts.isIdentifier(inner) && inner.text === 'undefined') && inner.kind !== ts.SyntaxKind.NullKeyword;
}

/**
 * The call of a plain text builder given JSON text → `jsonResult(value, <its options>)`, or prose
 * around JSON → `successResult(<the same text>, data)`; null when neither keeps what clients show.
 */
function textRewrite(call: TS.CallExpression, text: TS.Expression, scope: SiteScope): Rewrite | null {
  const json = jsonTextOf(text, scope);
  if (!json) return proseJsonRewrite(call, text, scope);
  const payload = json.value ? unwrap(json.value) : undefined;
  if (payload && ts.isObjectLiteralExpression(payload) && errorShape(payload)) return null;
  return jsonResultRewrite(call, json, scope);
}

/**
 * A call of a function of the project that builds a result from what it is given, in a shape
 * builderShape does not read (a transport-like helper that serialises any value): a payload that
 * reports the failure of a `catch` or a failure branch is still sent as a success. Reports at the
 * call, for review; returns whether it did.
 */
export function classifyFailurePayloadCall(call: TS.CallExpression, fn: TS.SignatureDeclaration, site: TS.Expression, context: SiteContext, scope: SiteScope): boolean {
  const payload = call.arguments.map((argument) => unwrap(argument)).find((argument): argument is TS.ObjectLiteralExpression => ts.isObjectLiteralExpression(argument) && reportsFailureInContext(argument, call, context, scope));
  if (!payload || builderShape(fn, scope)?.reportsFailure) return false;
  const name = calleeLabel(call, scope);
  scope.report('error-content', site, context, null, `${name} sends this failure as a success; return errorResult(message, data) instead`);
  return true;
}

/** The callee as a review reason names it: `createResponse`, or `ResponseBuilder.markdown` as `markdown`. */
function calleeLabel(call: TS.CallExpression, scope: SiteScope): string {
  return ts.isPropertyAccessExpression(call.expression) ? call.expression.name.text : call.expression.getText(scope.sourceFile);
}

/**
 * `{ status: 'unavailable', result: 'The feature is not available … Do not retry' }` given to a
 * success builder in a `catch` or a failure branch: a payload with no error field whose own words
 * report the failure that led there.
 */
function reportsFailureInContext(payload: TS.ObjectLiteralExpression, call: TS.CallExpression, context: SiteContext, scope: SiteScope): boolean {
  if (!inFailureContext(call, context.fn)) return false;
  return payload.properties.some((property) => {
    if (!ts.isPropertyAssignment(property)) return false;
    const words = literalText(unwrap(property.initializer));
    return words !== null && scope.predicates.looksLikeError(words.replaceAll(PLACEHOLDER, ''));
  });
}

/**
 * A builder whose result is its argument as the one text item and nothing else
 * (`(text, isError = false) => { return { content: [{ type: 'text', text }], isError }; }`): its
 * body is that return alone, and `isError`, if any, is `false` or a parameter (which the call
 * leaves false: classifyBuilderCall checks). A call of it is a kit helper's call, text for text.
 */
function isPlainTextBuilder(fn: TS.SignatureDeclaration, textIndex: number, call?: TS.CallExpression): boolean {
  const body = (fn as TS.FunctionLikeDeclaration).body;
  if (!body) return false;
  const returned = ts.isBlock(body) ? (body.statements.length === 1 && ts.isReturnStatement(body.statements[0]) ? body.statements[0].expression : undefined) : body;
  const object = returned ? unwrap(returned) : undefined;
  if (!object || !ts.isObjectLiteralExpression(object)) return false;
  const isParameter = (node: TS.Node | undefined, index?: number): boolean => {
    if (!node || !ts.isIdentifier(node)) return false;
    const found = fn.parameters.findIndex((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === node.text);
    return found >= 0 && (index === undefined || found === index);
  };
  const valueOf = (property: TS.ObjectLiteralElementLike): TS.Node | undefined =>
    ts.isPropertyAssignment(property) ? unwrap(property.initializer) : ts.isShorthandPropertyAssignment(property) ? property.name : undefined;
  for (const property of object.properties) {
    const key = ts.isSpreadAssignment(property) ? null : propertyName(property.name);
    const value = valueOf(property);
    if (key === 'isError') {
      if (!value || !(value.kind === ts.SyntaxKind.FalseKeyword || isParameter(value))) return false;
      if (isParameter(value)) {
        const flag = fn.parameters.find((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === (value as TS.Identifier).text);
        if (flag?.initializer && flag.initializer.kind !== ts.SyntaxKind.FalseKeyword) return false;
      }
      continue;
    }
    if (key !== 'content' || !value || !ts.isArrayLiteralExpression(value) || value.elements.length !== 1) return false;
    const item = unwrap(value.elements[0]);
    if (!ts.isObjectLiteralExpression(item) || item.properties.length !== 2) return false;
    const type = item.properties.find((member) => !ts.isSpreadAssignment(member) && propertyName(member.name) === 'type');
    const textMember = item.properties.find((member) => !ts.isSpreadAssignment(member) && propertyName(member.name) === 'text');
    const typeValue = type ? valueOf(type) : undefined;
    const textValue = textMember ? valueOf(textMember) : undefined;
    if (!typeValue || stringLiteralText(typeValue as TS.Expression) !== 'text' || !textValue || !(isParameter(textValue, textIndex) || (call !== undefined && isTextForThisCall(textValue, fn, textIndex, call)))) return false;
  }
  return object.properties.some((property) => !ts.isSpreadAssignment(property) && propertyName(property.name) === 'content');
}

/**
 * `${message}${data !== undefined ? `\n\n${JSON.stringify(data)}` : ''}` called with the message alone:
 * every other part tests a parameter the call leaves out and is then empty, so the text is the
 * message as it is (`toResult(message, data?)` given a failure: `errorTextResult(message)`).
 */
function isTextForThisCall(text: TS.Node, fn: TS.SignatureDeclaration, textIndex: number, call: TS.CallExpression): boolean {
  if (!ts.isTemplateExpression(text) || text.head.text !== '') return false;
  const omitted = new Set(fn.parameters.flatMap((parameter, index) => (index >= call.arguments.length && ts.isIdentifier(parameter.name) && !parameter.initializer ? [parameter.name.text] : [])));
  const textName = fn.parameters[textIndex]?.name;
  if (!textName || !ts.isIdentifier(textName) || omitted.size === 0) return false;
  return text.templateSpans.every((span, index) => {
    if (span.literal.text !== '') return false;
    const part = unwrap(span.expression);
    if (index === 0) return ts.isIdentifier(part) && part.text === textName.text;
    return ts.isConditionalExpression(part) && emptyWhenOmitted(part, omitted);
  });
}

/** `p !== undefined ? x : ''`, `p ? x : ''`, `p === undefined ? '' : x` with `p` left out: the empty text. */
function emptyWhenOmitted(conditional: TS.ConditionalExpression, omitted: ReadonlySet<string>): boolean {
  const condition = unwrap(conditional.condition);
  const isEmpty = (node: TS.Expression) => stringLiteralText(unwrap(node)) === '';
  const tested = (node: TS.Expression) => ts.isIdentifier(node) && omitted.has(node.text);
  if (tested(condition)) return isEmpty(conditional.whenFalse);
  if (!ts.isBinaryExpression(condition)) return false;
  const [subject, value] = [unwrap(condition.left), unwrap(condition.right)];
  const isUndefined = (ts.isIdentifier(value) && value.text === 'undefined') || value.kind === ts.SyntaxKind.NullKeyword;
  if (!tested(subject) || !isUndefined) return false;
  const operator = condition.operatorToken.kind;
  const strict = operator === ts.SyntaxKind.ExclamationEqualsEqualsToken || operator === ts.SyntaxKind.EqualsEqualsEqualsToken;
  // An omitted argument is undefined, so a strict test against null does not say it is absent.
  if (strict && value.kind === ts.SyntaxKind.NullKeyword) return false;
  if (operator === ts.SyntaxKind.ExclamationEqualsEqualsToken || operator === ts.SyntaxKind.ExclamationEqualsToken) return isEmpty(conditional.whenFalse);
  if (operator === ts.SyntaxKind.EqualsEqualsEqualsToken || operator === ts.SyntaxKind.EqualsEqualsToken) return isEmpty(conditional.whenTrue);
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
