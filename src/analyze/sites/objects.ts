import type * as TS from 'typescript';
import { allowsAnyJsonStructuredContent, protocolVersionOf } from '../../protocol-version.js';
import { ts } from '../../typescript.js';
import { useChecker } from '../declarations.js';
import { functionOf } from '../discovery/resolve.js';
import { REGISTRY_HANDLER_NAMES } from '../discovery/definitions.js';
import { handlerTargets } from '../discovery/targets.js';
import { FRAMEWORK_BEHAVIOUR, frameworkBehaviourIn } from '../frameworks.js';
import { enclosingFunction, errorShape, isBuiltPerElement, getProperty, getPropertyValue, isJsonStringifyCall, leadingText, propertyName, unwrap } from '../syntax.js';
import { inFailureBranch, readsAsSuccess } from './failure-context.js';
import { lookedUpToolsReturnNoString } from './never-string.js';
import { isLookup } from './calls.js';
import { jsonOrigin, jsonResultCall, jsonReviewReason, jsonTextOf, jsonTextOnEveryPath, PROSE_REVIEW_REASON, proseJsonCall } from './json.js';
import { failureBranch, ternaryRewrite } from './branches.js';
import { heldJsonText, heldTransportText, helperCall, OTHER_FIELDS_REASON, otherFieldsBlock, resultLiteralRewrite } from './result-fields.js';
import { derivedText, isTextItem, otherKeys, singleTextItem, textValues, transportWrapperValue } from './transport.js';
import { jsonOptionsArgument } from '../rewrites.js';
import type { Rewrite, TextEdit } from '../types.js';
import type { SiteContext, SiteScope } from './scope.js';

const MISSING_STRUCTURED = 'the tool declares an outputSchema but this result has no structuredContent';

/**
 * A returned object literal: a result (`{ content, structuredContent, isError }`) checked for
 * JSON text, error text without isError, structuredContent problems and hand-built text items;
 * or a plain object the SDK would send as an empty result (`bare-object` / `error-object`).
 */
export function classifyObject(object: TS.ObjectLiteralExpression, context: SiteContext, scope: SiteScope): void {
  const content = getPropertyValue(object, 'content');
  const structured = getPropertyValue(object, 'structuredContent');
  if (content === undefined || ts.isMethodDeclaration(content)) {
    if (structured !== undefined && !ts.isMethodDeclaration(structured)) {
      structuredOnly(object, structured, context, scope);
      return;
    }
    plainObject(object, context, scope);
    return;
  }
  const contentArray = unwrap(content);
  // `...(data ? { structuredContent: data } : {})`, `...(failed && { isError: true })`: the spread may
  // set what this literal seems to lack, so the literal is judged as if it did.
  const spread = spreadKeys(object, scope);
  if (spread.has('structuredContent') || spread.has('isError')) return;
  const isErrorValue = getPropertyValue(object, 'isError');
  const isErrorTrue = isErrorValue !== undefined && isErrorValue.kind === ts.SyntaxKind.TrueKeyword;
  const misspelt = isErrorValue === undefined ? misspeltErrorFlag(object) : undefined;
  if (misspelt) {
    // `error: true` where `isError: true` was meant: the client sees a success.
    scope.report('error-content', object, context, { edit: scope.rewriter.replace(misspelt, 'isError: true'), helpers: [] });
    return;
  }
  if (!ts.isArrayLiteralExpression(contentArray)) {
    if (structured === undefined && isErrorValue === undefined && rebuiltHandlerResult(object, contentArray, context, scope)) return;
    if (builtContent(object, contentArray, structured, isErrorValue, context, scope)) return;
    if (context.hasOutputSchema && structured === undefined && !isErrorTrue) {
      scope.report('missing-structured-content', object, context, null, MISSING_STRUCTURED);
    }
    return;
  }
  if (structured !== undefined && !ts.isMethodDeclaration(structured)) {
    withStructuredContent(object, contentArray, structured, context, scope);
    return;
  }
  const text = singleTextItem(contentArray);
  if (text) singleTextResult(object, text, context, scope);
  else severalItems(object, contentArray, context, scope);
}

/**
 * `content: rows.map((row) => ({ type: 'text', text: JSON.stringify(row) }))`, or an array built
 * with push, spread or concat: the items are judged as a literal's would be. Such a result is left
 * for review (the array is built elsewhere). True when it reported.
 */
function builtContent(object: TS.ObjectLiteralExpression, content: TS.Expression, structured: TS.Expression | TS.MethodDeclaration | undefined, isErrorValue: TS.Expression | TS.MethodDeclaration | undefined, context: SiteContext, scope: SiteScope): boolean {
  const items = scope.flow.elementsOf(content);
  if (!items || items.length === 0) return false;
  const texts = items.flatMap((item) => {
    const text = isTextItem(item) ? getPropertyValue(item as TS.ObjectLiteralExpression, 'text') : undefined;
    return text && !ts.isMethodDeclaration(text) ? [text] : [];
  });
  if (texts.length === 0) return false;
  if (isErrorValue === undefined) {
    // Every item counts: a helper that returns `[{ text: 'Error: …' }]` on one path and the formatted
    // items on another is a failure on some paths only, never an isError for every call.
    const evidences = texts.map((text) => scope.predicates.errorEvidence(text, context.fn));
    const evidence = evidences.every((each) => each === 'all') ? 'all' : evidences.some((each) => each !== 'none') ? 'some' : 'none';
    // One item per element of a batch, some of them failures (`notes.map((n) => n.error ? … : …)`):
    // the call did its work and reports each element's own outcome; it is not the call's failure.
    const batchItemFailure = evidence === 'some' && texts.every(isBuiltPerElement);
    if (evidence !== 'none' && !batchItemFailure) {
      scope.report('error-content', object, context, evidence === 'all' ? scope.rewriter.addIsError(object) : null, evidence === 'all' ? undefined : SOME_PATHS_RESULT);
      return true;
    }
  }
  const isErrorTrue = isErrorValue !== undefined && isErrorValue.kind === ts.SyntaxKind.TrueKeyword;
  if (structured === undefined && !isErrorTrue && texts.some((text) => jsonOrigin(text, scope) === 'json')) {
    scope.report('json-text-content', object, context, null, 'the content items are built from JSON.stringify output; move the data to structuredContent by hand');
    return true;
  }
  return false;
}

/**
 * `return { content: result.content }` where `result` is what a tool looked up at run time returned:
 * the dispatcher rebuilds the tool's result and drops its `isError` and `structuredContent`, so a
 * tool's failure reaches the client as a success (and a migrated tool's isError would be lost too).
 * Rewritten to `toCallToolResult(result)`, which passes a result on whole. True when it reported.
 */
function rebuiltHandlerResult(object: TS.ObjectLiteralExpression, content: TS.Expression, context: SiteContext, scope: SiteScope): boolean {
  if (!ts.isPropertyAccessExpression(content) || content.name.text !== 'content') return false;
  const result = unwrap(content.expression);
  if (!ts.isIdentifier(result) || !registryCallValue(result, scope)) return false;
  const onlyContent = otherKeys(object).length === 0;
  const rewrite = onlyContent ? handlerValueRewrite(scope.rewriter.replace(object, `toCallToolResult(${result.text})`)) : null;
  scope.report('transport-wrapper', object, context, rewrite, rewrite ? undefined : "the result is rebuilt from a tool's result without its isError and structuredContent, and has other fields; pass isError and structuredContent on by hand");
  return true;
}

/**
 * `text: JSON.stringify(result)` (compact, a replacer, another indent) of a looked-up tool's own
 * value: `toCallToolResult` would indent the JSON its own way, but `isCallToolResult(result) ? result
 * : jsonResult(result, { indent: 0 })` writes the very same text for data and passes a result the
 * migrated tool returns through whole, so the tools behind may return results in the same run.
 */
function textKeepingTransport(object: TS.ObjectLiteralExpression, text: TS.Expression, registryValue: TS.CallExpression, plain: boolean, scope: SiteScope): Rewrite | null {
  const call = unwrap(text);
  if (!plain || !ts.isCallExpression(call) || !isJsonStringifyCall(call) || call.arguments.length === 0 || call.arguments.some(ts.isSpreadElement)) return null;
  const [value, replacer, space] = call.arguments;
  const held = unwrap(value);
  if (!ts.isIdentifier(held) || !isHandlerValueItself(held, registryValue, scope)) return null;
  const name = held.text;
  const options = jsonOptionsArgument(replacer ? unwrap(replacer) : undefined, space ? unwrap(space) : undefined);
  const edit = scope.rewriter.replace(object, `isCallToolResult(${name}) ? ${name} : jsonResult(${name}${options})`);
  return { edit, helpers: ['isCallToolResult', 'jsonResult'], passesHandlerValue: true, keepsDataText: true };
}

/** `toCallToolResult(<a looked-up tool's own value>)`: the tool's returns may then be results too. */
function handlerValueRewrite(edit: TextEdit): Rewrite {
  return { edit, helpers: ['toCallToolResult'], passesHandlerValue: true };
}

/**
 * `const text = tool ? await tool() : JSON.stringify({ error: 'Unknown tool' }); return { content:
 * [{ type: 'text', text }], isError: !tool }` → the failure text becomes `errorTextResult(<it>)`
 * (the same text, isError: true) and the result `toCallToolResult(text)`: the value a tool
 * returned passes on as it is, and the flag goes with the text it marked.
 */
function ownFailureTransport(object: TS.ObjectLiteralExpression, text: TS.Expression, failures: readonly TS.Expression[], scope: SiteScope): Rewrite {
  const inside = (node: TS.Node) => node.getStart(scope.sourceFile) >= object.getStart(scope.sourceFile) && node.getEnd() <= object.getEnd();
  let changesText = false;
  const wrap = (failure: TS.Expression): string => {
    // `JSON.stringify({ error: message })` → errorTextResult(message): its message, as the kit writes every error payload.
    const payload = jsonErrorPayload(failure);
    const shape = payload ? errorShape(payload) : null;
    if (payload && shape?.message && !ts.isMethodDeclaration(shape.message) && payload.properties.length === 1) {
      changesText = true;
      return `errorTextResult(${shape.message.getText(scope.sourceFile)})`;
    }
    return `errorTextResult(${failure.getText(scope.sourceFile)})`;
  };
  const inline = failures.filter(inside).map((failure) => [failure, wrap(failure)] as const);
  const companions = failures.filter((failure) => !inside(failure)).map((failure) => scope.rewriter.replace(failure, wrap(failure)));
  const edit = scope.rewriter.replace(object, `toCallToolResult(${scope.rewriter.movedWith(unwrap(text), object, inline)})`);
  return { edit, helpers: ['toCallToolResult', 'errorTextResult'], passesHandlerValue: true, ...(companions.length > 0 ? { companions } : {}), ...(changesText ? { changesText: 'json-error-message' as const } : {}) };
}

/** The object literal of `JSON.stringify({ … })`. */
function jsonErrorPayload(expression: TS.Expression): TS.ObjectLiteralExpression | undefined {
  const call = unwrap(expression);
  if (!ts.isCallExpression(call) || !isJsonStringifyCall(call) || call.arguments.length !== 1) return undefined;
  const payload = unwrap(call.arguments[0]);
  return ts.isObjectLiteralExpression(payload) ? payload : undefined;
}


/**
 * The text is the value of a tool looked up at run time (`tool.handler(args)`, `entry.execute(…)`
 * on a parameter, loop variable or lookup the analyzer cannot resolve): a transport's text.
 */
function registryCallValue(text: TS.Expression, scope: SiteScope): TS.CallExpression | undefined {
  const isRegistryCall = (node: TS.Expression): boolean => {
    if (!ts.isCallExpression(node)) return false;
    // `const handler = handlerFor(name); await handler(args)`: a handler looked up in the server's own registry.
    if (isLookup(unwrap(node.expression), scope) && handlerTargets(unwrap(node.expression), scope).some((target) => target.fn.getSourceFile() !== scope.sourceFile || scope.handlerOf(target.fn)?.style === 'registry')) return true;
    if (!ts.isPropertyAccessExpression(node.expression)) return false;
    const method = node.expression.name.text;
    if (!REGISTRY_HANDLER_NAMES.has(method) && !scope.options.handlerProperties.has(method)) return false;
    return node.expression.expression.kind !== ts.SyntaxKind.ThisKeyword && functionOf(node.expression, scope) === undefined;
  };
  // Also through `String(…)` and template spans: the value is still the whole text.
  return scope.flow.contributors(text, isRegistryCall).find((part): part is TS.CallExpression => isRegistryCall(part));
}

function isHandlerValueItself(value: TS.Expression, call: TS.CallExpression, scope: SiteScope): boolean {
  const inner = unwrap(value);
  if (inner === call) return true;
  const origins = scope.flow.origins(inner);
  return origins.length === 1 && unwrap(origins[0]) === call;
}

/** The keys the literal's spreads may set, where their values are object literals (through `?:`, `&&`, variables). */
function spreadKeys(object: TS.ObjectLiteralExpression, scope: SiteScope): Set<string> {
  const keys = new Set<string>();
  for (const property of object.properties) {
    if (!ts.isSpreadAssignment(property)) continue;
    for (const origin of scope.flow.origins(property.expression)) {
      if (!ts.isObjectLiteralExpression(origin)) continue;
      for (const member of origin.properties) {
        const name = ts.isSpreadAssignment(member) ? null : propertyName(member.name);
        if (name !== null) keys.add(name);
      }
    }
  }
  return keys;
}

// Result fields that say "this failed" but are not the protocol's `isError`.
const MISSPELT_ERROR_FLAGS = new Set(['error', 'is_error', 'iserror', 'isErr', 'hasError', 'failed', 'failure']);

function misspeltErrorFlag(object: TS.ObjectLiteralExpression): TS.PropertyAssignment | undefined {
  return object.properties.find((property): property is TS.PropertyAssignment => ts.isPropertyAssignment(property) && MISSPELT_ERROR_FLAGS.has(propertyName(property.name) ?? '') && property.initializer.kind === ts.SyntaxKind.TrueKeyword);
}

function structuredOnly(object: TS.ObjectLiteralExpression, structured: TS.Expression, context: SiteContext, scope: SiteScope): void {
  if (frameworkBehaviourIn(context.framework, scope.sourceFile.fileName).addsTextToStructured) return;
  const rewrite = otherKeys(object).length === 0 && getPropertyValue(object, 'isError') === undefined ? scope.rewriter.wrapText(object, 'jsonResult', scope.rewriter.moved(structured, object)) : null;
  scope.report('structured-without-text', object, context, rewrite, rewrite ? undefined : 'the result has other fields; add a text item by hand');
}

/** No `content`: a data object the SDK does not send (or an error object nobody marks as an error). */
function plainObject(object: TS.ObjectLiteralExpression, context: SiteContext, scope: SiteScope): void {
  // A spread may carry a whole result (`{ ...result, isError: true }`); only data-only spreads are bare.
  const resultKeys = ['isError', '_meta', 'toolResult'];
  const hasSpread = object.properties.some(ts.isSpreadAssignment);
  const plainData = FRAMEWORK_BEHAVIOUR[context.framework].plainData;
  if (plainData === 'none' || resultKeys.some((key) => getProperty(object, key)) || (hasSpread && object.properties.every(ts.isSpreadAssignment))) return;
  // `{ ...jsonResult(data), _meta }`: a helper's result with fields of the server's own beside it.
  if (object.properties.some((property) => ts.isSpreadAssignment(property) && spreadsResult(property.expression, scope))) return;
  const shape = errorShape(object);
  if (shape) {
    const rewrite = scope.rewriter.errorPayloadRewrite(object, object, shape.message, shape.messageProperty);
    scope.report('error-object', object, context, rewrite, rewrite ? undefined : 'the error object has no error/message/reason property to use as the message');
    return;
  }
  if (plainData === 'site' && !(context.hasOutputSchema && frameworkBehaviourIn(context.framework, scope.sourceFile.fileName).structuresPlainData)) scope.report('bare-object', object, context, scope.rewriter.wrap(object, 'jsonResult'));
}

/** The spread value is a result: a call of a result helper (the kit's or `resultHelpers`), as it is or through a const. */
function spreadsResult(expression: TS.Expression, scope: SiteScope): boolean {
  const isHelperCall = (node: TS.Expression): boolean => {
    const call = unwrap(node);
    if (!ts.isCallExpression(call)) return false;
    const callee = unwrap(call.expression);
    const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
    return name !== null && scope.options.resultHelpers.has(name);
  };
  if (isHelperCall(expression)) return true;
  const origins = scope.flow.origins(unwrap(expression));
  return origins.length > 0 && origins.every(isHelperCall);
}

function withStructuredContent(object: TS.ObjectLiteralExpression, contentArray: TS.ArrayLiteralExpression, structured: TS.Expression, context: SiteContext, scope: SiteScope): void {
  const isErrorValue = getPropertyValue(object, 'isError');
  // From protocol 2026-07-28 on (SEP-2106) any JSON value is valid structuredContent.
  const anyJson = allowsAnyJsonStructuredContent(protocolVersionOf(scope.sourceFile.fileName, scope.options.protocolVersion));
  if (!anyJson && (isNotObjectValue(structured) || (scope.checker && !ts.isObjectLiteralExpression(unwrap(structured)) && isNotObjectType(useChecker(scope.checker).getTypeAtLocation(structured))))) {
    scope.report('structured-not-object', structured, context, null, 'structuredContent must be a JSON object; wrap the value, e.g. { items: [...] }');
    return;
  }
  if (contentArray.elements.length === 0) {
    structuredOnly(object, structured, context, scope);
    return;
  }
  const firstText = firstTextValue(contentArray);
  const evidence = firstText && isErrorValue === undefined ? scope.predicates.errorEvidence(firstText, context.fn) : 'none';
  if (evidence !== 'none') scope.report('error-content', object, context, evidence === 'all' ? scope.rewriter.addIsError(object) : null, evidence === 'all' ? undefined : SOME_PATHS_RESULT);
}

/** `{ content: [{ type: 'text', text }] }` and nothing else in the item. */
function singleTextResult(object: TS.ObjectLiteralExpression, text: TS.Expression, context: SiteContext, scope: SiteScope): void {
  const isErrorValue = getPropertyValue(object, 'isError');
  const isErrorTrue = isErrorValue !== undefined && isErrorValue.kind === ts.SyntaxKind.TrueKeyword;
  const isErrorFalseOrAbsent = isErrorValue === undefined || isErrorValue.kind === ts.SyntaxKind.FalseKeyword;
  const onlyContent = otherKeys(object).length === 0;
  if (!isErrorTrue && holdsData(text, scope)) {
    // `text: allMarkets`: an object where the protocol wants a string.
    scope.report('bare-object', object, context, onlyContent && isErrorValue === undefined ? scope.rewriter.wrapText(object, 'jsonResult', scope.rewriter.moved(text, object)) : null, 'the text item holds an object, not a string; return jsonResult(value) by hand');
    return;
  }
  const wrapped = transportWrapperValue(text);
  if (wrapped) {
    const toResult = onlyContent && isErrorValue === undefined && wrapped.indentIsTwo ? scope.rewriter.wrapText(object, 'toCallToolResult', scope.rewriter.moved(wrapped.value, object)) : null;
    // The value a looked-up tool returned, handed on whole: the tools behind may return results.
    const registryValue = toResult ? registryCallValue(wrapped.value, scope) : undefined;
    const rewrite = toResult && registryValue && isHandlerValueItself(wrapped.value, registryValue, scope) ? { ...toResult, passesHandlerValue: true as const } : toResult;
    scope.report('transport-wrapper', object, context, rewrite, rewrite ? undefined : 'the wrapper has other fields or a non-default indent; use toCallToolResult(result) by hand');
    return;
  }
  const registryValue = isErrorTrue ? undefined : registryCallValue(text, scope);
  if (registryValue) {
    // `text: String(await tool.handler(args))`: whatever a registered tool returns becomes the text.
    const passed = unwrap(text);
    const value = ts.isCallExpression(passed) && ts.isIdentifier(passed.expression) && passed.expression.text === 'String' && passed.arguments.length === 1 ? passed.arguments[0] : ts.isIdentifier(passed) || ts.isCallExpression(passed) ? passed : undefined;
    // Only the handler's own value, as it came back, is rewritten: `toCallToolResult(text)` of a text
    // derived from it (`JSON.stringify(r)`, `typeof r === 'string' ? r : …`) would keep serialising
    // the results the handlers return once migrated, and would hide the transport from the next run.
    const itself = value !== undefined && isHandlerValueItself(value, registryValue, scope);
    // `let text; if (typeof result === 'string') text = result; else text = JSON.stringify(result, null, 2);`:
    // the handler's value made into text as toCallToolResult would make it, so the derivation goes.
    const failureFlag = isErrorValue && !ts.isMethodDeclaration(isErrorValue) ? isErrorValue : undefined;
    const derived = itself ? null : derivedText(text, object, { sourceFile: scope.sourceFile, locals: scope.locals, isHandlerValue: (expression) => isHandlerValueItself(expression, registryValue, scope), isNeverString: (expression) => (scope.checker !== undefined ? isNeverString(useChecker(scope.checker).getTypeAtLocation(expression)) : lookedUpToolsReturnNoString(registryValue, scope)), ...(failureFlag ? { failureFlag } : {}) });
    if (derived?.rewritable && derived.ownFailures.length > 0) {
      const rewrite = onlyContent ? ownFailureTransport(object, text, derived.ownFailures, scope) : null;
      scope.report('transport-wrapper', object, context, rewrite, rewrite ? undefined : 'the text is whatever a registered tool returns, and the result has other fields; return toCallToolResult(value) by hand');
      return;
    }
    const handed = itself ? value : derived?.rewritable ? derived.value : undefined;
    const removed = derived?.rewritable ? derived.removed : [];
    const simple = handed !== undefined && onlyContent && isErrorValue === undefined;
    const edit = !simple ? null : removed.length > 0 ? scope.rewriter.replaceCutting(object, `toCallToolResult(${scope.rewriter.moved(handed, object)})`, removed) : scope.rewriter.replace(object, `toCallToolResult(${scope.rewriter.moved(handed, object)})`);
    const rewrite = edit ? handlerValueRewrite(edit) : handed !== undefined ? null : textKeepingTransport(object, text, registryValue, onlyContent && isErrorValue === undefined, scope);
    const reason = handed !== undefined ? 'the text is whatever a registered tool returns, and the result has other fields; return toCallToolResult(value) by hand' : derived && !derived.rewritable ? derived.reason : "the text is derived from what a registered tool returns; return toCallToolResult(<the tool's value>) by hand, so that tools may return results";
    scope.report('transport-wrapper', object, context, rewrite, rewrite ? undefined : reason);
    return;
  }
  const json = jsonTextOf(text, scope);
  if (json) {
    const payload = json.value ? unwrap(json.value) : undefined;
    const shape = payload && ts.isObjectLiteralExpression(payload) ? errorShape(payload) : null;
    if (shape && payload && ts.isObjectLiteralExpression(payload) && !isErrorTrue) {
      const rewrite = onlyContent && isErrorFalseOrAbsent ? scope.rewriter.errorPayloadRewrite(object, payload, shape.message, shape.messageProperty) : scope.rewriter.addIsError(object);
      scope.report('error-content', object, context, rewrite);
      return;
    }
    if (isErrorTrue || !json.value) return;
    const rewrite = isErrorFalseOrAbsent ? resultLiteralRewrite(object, helperCall('jsonResult', (site) => jsonResultCall(site, json, scope)), scope) : null;
    scope.report('json-text-content', object, context, rewrite, rewrite ? undefined : json.options === null ? jsonReviewReason(json) : OTHER_FIELDS_REASON);
    return;
  }
  const evidence = isErrorValue === undefined ? scope.predicates.errorEvidence(text, context.fn) : 'none';
  if (evidence === 'all') {
    const rewrite = onlyContent ? scope.rewriter.errorMessageRewrite(object, text) : scope.rewriter.addIsError(object);
    scope.report('error-content', object, context, rewrite);
    return;
  }
  if (evidence === 'some') {
    const rewrite = failureFlagRewrite(object, text, context, scope) ?? (isErrorFalseOrAbsent && !context.hasOutputSchema ? ternaryRewrite(object, text, context, scope) : null);
    scope.report('error-content', object, context, rewrite, rewrite ? undefined : SOME_PATHS_RESULT);
    return;
  }
  if (isErrorValue === undefined && (context.reportsFailure === true || inFailureBranch(object, context.fn)) && !readsAsSuccess(text)) {
    // `if (!result.success) return { content: [{ type: 'text', text: result.message }] }`.
    scope.report('error-content', object, context, scope.rewriter.addIsError(object));
    return;
  }
  const origin = isErrorTrue || isParseFailureFallback(text) ? null : jsonOrigin(text, scope);
  if (origin === 'transport') {
    const held = onlyContent && isErrorValue === undefined ? heldTransportText(text, object, scope) : null;
    if (held) {
      const call = `toCallToolResult(${scope.rewriter.moved(held.value, object)})`;
      const edit = held.removed.length > 0 ? scope.rewriter.replaceCutting(object, call, held.removed) : scope.rewriter.replace(object, call);
      scope.report('transport-wrapper', object, context, { edit, helpers: ['toCallToolResult'] });
      return;
    }
    scope.report('transport-wrapper', object, context, null, 'the serialised value passes through other code before it becomes the text; return toCallToolResult(value) by hand');
    return;
  }
  if (origin === 'json') {
    const flagged = failureFlagRewrite(object, text, context, scope);
    if (flagged) {
      scope.report('error-content', object, context, flagged);
      return;
    }
    // `isError: status === 'failed'` already set by the failure branch's condition: migrated.
    if (isErrorValue !== undefined && !isErrorFalseOrAbsent && !ts.isMethodDeclaration(isErrorValue) && failureBranch(text, context, scope)) return;
    const rewrite = isErrorFalseOrAbsent && !context.hasOutputSchema ? (jsonTextRewrite(object, text, context, scope) ?? jsonOnEveryPathRewrite(object, text, onlyContent, scope)) : null;
    const reason = !isErrorFalseOrAbsent ? 'the result has another isError than true or false; add structuredContent by hand' : !onlyContent && otherFieldsBlock(object) ? OTHER_FIELDS_REASON : context.hasOutputSchema ? 'the text is built from JSON.stringify output and the tool declares an outputSchema; return structuredContent that matches it by hand' : heldJson(text, scope) ? HELD_JSON_REASON : PROSE_REVIEW_REASON;
    scope.report('json-text-content', object, context, rewrite, rewrite ? undefined : reason);
    return;
  }
  if (context.hasOutputSchema && !isErrorTrue) {
    scope.report('missing-structured-content', object, context, null, MISSING_STRUCTURED);
    return;
  }
  if (onlyContent && isErrorFalseOrAbsent) {
    scope.report('hand-built-result', object, context, scope.rewriter.wrapText(object, 'successResult', scope.rewriter.moved(text, object)));
    return;
  }
  if (onlyContent && isErrorTrue) {
    const lead = leadingText(text);
    if (lead !== null && lead.startsWith('Error: ')) {
      scope.report('hand-built-result', object, context, scope.rewriter.errorMessageRewrite(object, text));
    }
  }
}

/** Several items, images or annotations: the literal is kept; only a missing isError is added. */
function severalItems(object: TS.ObjectLiteralExpression, contentArray: TS.ArrayLiteralExpression, context: SiteContext, scope: SiteScope): void {
  const isErrorValue = getPropertyValue(object, 'isError');
  const isErrorTrue = isErrorValue !== undefined && isErrorValue.kind === ts.SyntaxKind.TrueKeyword;
  const firstText = firstTextValue(contentArray);
  const evidence = isErrorValue === undefined && isErrorOnAnItem(contentArray) ? 'all' : firstText && isErrorValue === undefined ? scope.predicates.errorEvidence(firstText, context.fn) : 'none';
  if (evidence !== 'none') {
    scope.report('error-content', object, context, evidence === 'all' ? scope.rewriter.addIsError(object) : null, evidence === 'all' ? undefined : SOME_PATHS_RESULT);
    return;
  }
  if (!isErrorTrue && textValues(contentArray).some((value) => jsonOrigin(value, scope) !== null)) {
    const rewrite = (isErrorValue === undefined || isErrorValue.kind === ts.SyntaxKind.FalseKeyword) && !context.hasOutputSchema && otherKeys(object).length === 0 ? itemsKeptRewrite(object, contentArray, scope) : null;
    scope.report('json-text-content', object, context, rewrite, rewrite ? undefined : 'JSON.stringify in one of several content items; move the data to structuredContent by hand');
    return;
  }
  if (context.hasOutputSchema && !isErrorTrue) {
    scope.report('missing-structured-content', object, context, null, MISSING_STRUCTURED);
  }
}

/**
 * Several items, one of them the JSON of a value the literal names (`[{ type: 'text', text: summary },
 * { type: 'text', text: JSON.stringify(rows, null, 2) }]`): every item stays as written, so clients
 * that show content see what they saw, and `structuredContent: jsonResult(rows).structuredContent`
 * adds the data as jsonResult gives it (an object, wrapped for protocols that need one). Only a
 * value read without side effects (a name, `a.b.c`) is named twice; other JSON items keep it for review.
 */
function itemsKeptRewrite(object: TS.ObjectLiteralExpression, contentArray: TS.ArrayLiteralExpression, scope: SiteScope): Rewrite | null {
  const texts = textValues(contentArray);
  const json = texts.filter((text) => jsonOrigin(text, scope) !== null);
  if (json.length !== 1) return null;
  const call = unwrap(json[0]);
  if (!ts.isCallExpression(call) || !isJsonStringifyCall(call) || call.arguments.length === 0 || call.arguments.some(ts.isSpreadElement)) return null;
  const [value, replacer, space] = call.arguments;
  if (!isSideEffectFree(unwrap(value))) return null;
  const options = jsonOptionsArgument(replacer ? unwrap(replacer) : undefined, space ? unwrap(space) : undefined);
  return { edit: scope.rewriter.addProperty(object, `structuredContent: jsonResult(${value.getText(scope.sourceFile)}${options}).structuredContent`), helpers: ['jsonResult'] };
}

/** `rows`, `this.state`, `result.data.items`: reading it again gives the same value. */
function isSideEffectFree(node: TS.Expression): boolean {
  if (ts.isIdentifier(node) || node.kind === ts.SyntaxKind.ThisKeyword) return true;
  return ts.isPropertyAccessExpression(node) && isSideEffectFree(unwrap(node.expression));
}

/** `{ type: 'text', text, isError: true }`: the author marked the failure, on an item instead of the result. */
function isErrorOnAnItem(contentArray: TS.ArrayLiteralExpression): boolean {
  return contentArray.elements.some((element) => {
    const item = isTextItem(element);
    return item !== null && getPropertyValue(item, 'isError')?.kind === ts.SyntaxKind.TrueKeyword;
  });
}

/**
 * A text value that is an object or array: every origin is an object or array literal, or the
 * variable holding it gets fields written (`markets.summary = …`), which only an object can.
 */
function holdsData(text: TS.Expression, scope: SiteScope): boolean {
  const inner = unwrap(text);
  const origins = scope.flow.origins(inner);
  if (origins.length > 0 && origins.every((origin) => ts.isObjectLiteralExpression(origin) || ts.isArrayLiteralExpression(origin))) return true;
  if (!ts.isIdentifier(inner)) return false;
  const declaration = scope.locals.declarationOf(inner);
  if (!declaration || !ts.isVariableDeclaration(declaration)) return false;
  const container = declaration.parent.parent.parent;
  let written = false;
  const visit = (node: TS.Node): void => {
    if (written) return;
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && ts.isIdentifier(node.left.expression) && node.left.expression.text === inner.text && scope.locals.declarationOf(node.left.expression) === declaration) written = true;
    else ts.forEachChild(node, visit);
  };
  if (container) visit(container);
  return written;
}

/** `isError: <the condition>` for a text whose one ternary span picks the failure (see failureBranch). */
function failureFlagRewrite(object: TS.ObjectLiteralExpression, text: TS.Expression, context: SiteContext, scope: SiteScope): Rewrite | null {
  if (getPropertyValue(object, 'isError') !== undefined) return null;
  const branch = failureBranch(text, context, scope);
  if (!branch) return null;
  const condition = branch.condition.getText(scope.sourceFile);
  const plain = ts.isIdentifier(branch.condition) || ts.isPropertyAccessExpression(branch.condition);
  return scope.rewriter.addIsErrorWhen(object, branch.negated ? (plain ? `!${condition}` : `!(${condition})`) : condition);
}

/**
 * A text that holds JSON but is not one JSON.stringify call: JSON text kept in a const
 * (`const json = JSON.stringify(v); … text: json`) → jsonResult(v) where the value is still the
 * one serialised; prose around JSON → successResult(<the same text>, data) by the prose rule.
 */
function jsonTextRewrite(object: TS.ObjectLiteralExpression, text: TS.Expression, context: SiteContext, scope: SiteScope): Rewrite | null {
  const held = heldJsonText(text, object, scope);
  if (held) return resultLiteralRewrite(object, helperCall('jsonResult', (site) => jsonResultCall(site, held.json, scope)), scope, held.removed);
  return ternaryRewrite(object, text, context, scope) ?? resultLiteralRewrite(object, helperCall('successResult', (site) => proseJsonCall(site, text, scope)), scope);
}

/**
 * A text that is JSON on every path but made elsewhere (`const rows = await getRows(args)` where
 * getRows returns `JSON.stringify(records)`, `rows || '[]'`): `toCallToolResult(<the text>)` keeps
 * the text as it is and adds structuredContent parsed from it, so the data is the text's own.
 * Not where a path is an error payload literal, whose text toCallToolResult would change, nor
 * where the JSON is made in this function (rewritten where it is made, or reviewed there).
 */
function jsonOnEveryPathRewrite(object: TS.ObjectLiteralExpression, text: TS.Expression, onlyContent: boolean, scope: SiteScope): Rewrite | null {
  if (!onlyContent) return null;
  const json = jsonTextOnEveryPath(unwrap(text), scope);
  if (!json || json.errorPayload || json.madeIn.has(enclosingFunction(object))) return null;
  return { edit: scope.rewriter.replace(object, `toCallToolResult(${scope.rewriter.moved(unwrap(text), object)})`), helpers: ['toCallToolResult'] };
}

const HELD_JSON_REASON =
  'the text is JSON.stringify output kept in a variable (const json = JSON.stringify(value)), and the value may have changed since; return jsonResult(value) where it is made, by hand';

/** The text is a variable whose one value is JSON.stringify output: exact JSON, but of a value read earlier. */
function heldJson(text: TS.Expression, scope: SiteScope): boolean {
  const inner = unwrap(text);
  if (!ts.isIdentifier(inner)) return false;
  const origins = scope.flow.origins(inner);
  return origins.length === 1 && origins[0] !== inner && jsonTextOf(origins[0], scope) !== null;
}

const SOME_PATHS_RESULT = 'the text reports a failure on some paths only; add isError: true on those paths (isError: <the failure condition>)';

/** `try { JSON.parse(text) … } catch { … text … }`: where this runs, the text is not JSON. */
function isParseFailureFallback(text: TS.Expression): boolean {
  const source = unwrap(text).getText();
  for (let current: TS.Node | undefined = text.parent; current; current = current.parent) {
    if (ts.isCatchClause(current)) {
      let parses = false;
      const visit = (node: TS.Node): void => {
        if (parses) return;
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.getText() === 'JSON.parse' && node.arguments[0] && unwrap(node.arguments[0]).getText() === source) parses = true;
        else ts.forEachChild(node, visit);
      };
      visit(current.parent.tryBlock);
      return parses;
    }
    if (ts.isFunctionLike(current)) return false;
  }
  return false;
}

function isNotObjectValue(node: TS.Expression): boolean {
  const inner = unwrap(node);
  return (
    ts.isArrayLiteralExpression(inner) ||
    ts.isStringLiteral(inner) ||
    ts.isNoSubstitutionTemplateLiteral(inner) ||
    ts.isTemplateExpression(inner) ||
    ts.isNumericLiteral(inner) ||
    inner.kind === ts.SyntaxKind.TrueKeyword ||
    inner.kind === ts.SyntaxKind.FalseKeyword ||
    isJsonStringifyCall(inner)
  );
}

function isNotObjectType(type: TS.Type): boolean {
  if (type.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.BigIntLike)) return true;
  const symbol = type.getSymbol();
  return symbol !== undefined && (symbol.name === 'Array' || symbol.name === 'ReadonlyArray');
}

function firstTextValue(content: TS.ArrayLiteralExpression): TS.Expression | null {
  return textValues(content)[0] ?? null;
}

/** A type with no string in it (`any` and `unknown` may be one). */
function isNeverString(type: TS.Type): boolean {
  if (type.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.TypeParameter)) return false;
  return type.isUnion() ? type.types.every(isNeverString) : true;
}
