import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { getProperty, getPropertyValue, isFunctionLike, stringLiteralText, unwrap } from '../syntax.js';
import { returnExpressions } from '../sites/predicates.js';
import type { DiscoveryScope, HandlerEvidence } from './types.js';
import { isCallToolRequestSchema, NOT_TOOL_METHODS } from './registrations.js';

// The content item types of a CallToolResult.
const CONTENT_TYPES = new Set(['text', 'image', 'audio', 'resource', 'resource_link']);
// Keys that make a `{ content: [...] }` literal something else: a chat message, a sampling result,
// an LLM API's tool_result block (a CallToolResult never has a `type`).
const NOT_TOOL_RESULT_KEYS = ['role', 'model', 'messages', 'contents', 'type', 'tool_use_id'];
// Array methods whose callbacks build elements, not tool results.
const ELEMENT_CALLBACK_METHODS = new Set(['map', 'flatMap', 'filter', 'forEach', 'reduce', 'some', 'every', 'find', 'sort']);

/**
 * `{ content: [{ type: 'text', text }] }` (with no `role`): the shape of a CallToolResult and of
 * nothing else in MCP (prompts return `messages`, resources `contents`, sampling a `role`).
 */
export function isResultShapedLiteral(expression: TS.Expression): boolean {
  const inner = unwrap(expression);
  if (ts.isConditionalExpression(inner)) return isResultShapedLiteral(inner.whenTrue) || isResultShapedLiteral(inner.whenFalse);
  if (!ts.isObjectLiteralExpression(inner)) return false;
  if (NOT_TOOL_RESULT_KEYS.some((key) => getProperty(inner, key) !== undefined)) return false;
  const content = getPropertyValue(inner, 'content');
  if (!content || ts.isMethodDeclaration(content)) return false;
  const array = unwrap(content);
  if (!ts.isArrayLiteralExpression(array)) return false;
  return array.elements.some((element) => {
    const item = unwrap(element as TS.Expression);
    if (!ts.isObjectLiteralExpression(item)) return false;
    const type = getPropertyValue(item, 'type');
    const text = type && !ts.isMethodDeclaration(type) ? stringLiteralText(unwrap(type)) : null;
    return text !== null && CONTENT_TYPES.has(text);
  });
}

/**
 * A function that returns a result literal builds tool results, whoever calls it: a handler
 * registered in another module, a handler map's entry, or a shared `toResult(data)` helper. Its
 * other returns are results too, so it is analyzed as a handler (by shape, the weakest evidence).
 */
export function resultShapedFunction(node: TS.ReturnStatement | TS.ArrowFunction, scope: DiscoveryScope, add: (evidence: HandlerEvidence) => void): void {
  const returned = ts.isArrowFunction(node) ? (ts.isBlock(node.body) ? undefined : node.body) : node.expression;
  // The shape first: it rules out almost every return, before any walk upwards.
  if (!returned || !isResultShapedLiteral(returned)) return;
  let fn: TS.SignatureDeclaration | undefined;
  if (ts.isArrowFunction(node)) fn = node;
  else {
    for (let current: TS.Node | undefined = node.parent; current; current = current.parent) {
      if (isFunctionLike(current)) {
        fn = current;
        break;
      }
      if (ts.isClassStaticBlockDeclaration(current) || ts.isSourceFile(current)) return;
    }
  }
  if (!fn || isElementCallback(fn) || isOtherRequestHandler(fn)) return;
  add({ fn, style: 'result-shape', framework: scope.fastmcp ? 'fastmcp' : 'sdk', toolName: null, hasOutputSchema: false, at: fn });
}

// What resources/read and prompts/get handlers return; a tool result has neither.
const OTHER_RESULT_KEYS = ['contents', 'messages'];
const otherHandlerCache = new WeakMap<TS.SignatureDeclaration, boolean>();

/**
 * Only tools/call handlers are tools. A resources/read or prompts/get handler that returns a
 * `{ content: [...] }` literal on one path (an error, often) still is not one: it is registered
 * for another request (`setRequestHandler(ReadResourceRequestSchema, fn)`, `registerResource`),
 * or it returns `{ contents }` / `{ messages }` elsewhere (a method or helper such a handler calls).
 */
function isOtherRequestHandler(fn: TS.SignatureDeclaration): boolean {
  let known = otherHandlerCache.get(fn);
  if (known === undefined) {
    known = isOtherRequestCallback(fn) || returnExpressions(fn).some(isOtherResultLiteral);
    otherHandlerCache.set(fn, known);
  }
  return known;
}

function isOtherRequestCallback(fn: TS.SignatureDeclaration): boolean {
  const call = fn.parent;
  if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression) || call.arguments[call.arguments.length - 1] !== fn) return false;
  const method = call.expression.name.text;
  if (NOT_TOOL_METHODS.has(method)) return true;
  return method === 'setRequestHandler' && call.arguments.length >= 2 && !isCallToolRequestSchema(call.arguments[0]);
}

function isOtherResultLiteral(expression: TS.Expression): boolean {
  const inner = unwrap(expression);
  if (ts.isConditionalExpression(inner)) return isOtherResultLiteral(inner.whenTrue) || isOtherResultLiteral(inner.whenFalse);
  return ts.isObjectLiteralExpression(inner) && OTHER_RESULT_KEYS.some((key) => getProperty(inner, key) !== undefined);
}

/** `items.map((item) => ({ content: … }))`: builds an element of an array, not a tool result. */
function isElementCallback(fn: TS.SignatureDeclaration): boolean {
  const call = fn.parent;
  return ts.isCallExpression(call) && call.arguments.includes(fn as TS.Expression) && ts.isPropertyAccessExpression(call.expression) && ELEMENT_CALLBACK_METHODS.has(call.expression.name.text);
}
