import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { skipTypeWrappers } from '../declarations.js';
import { returnExpressions } from '../sites/predicates.js';
import { getPropertyValue, isFunctionLike, isJsonStringifyCall, unwrap } from '../syntax.js';
import type { Framework, HandlerStyle, ToolHandler } from '../types.js';
import type { DiscoveryScope, HandlerEvidence } from './types.js';
import { constantText, functionOf, objectLiteralOf } from './resolve.js';
import { literalFallbackValue, singleTextItem, transportLiteral } from '../sites/transport.js';
import { handlerTargets, memberCallsOf, toolObjects, type HandlerTarget } from './targets.js';
import { scopeOfNode } from './collections.js';
import { combineFates, fateOf, type Fate, type FateScope } from '../flow/fates.js';

const REGISTRATION_METHODS = new Set(['tool', 'registerTool', 'setRequestHandler', 'addTool']);

// Registration calls that take callbacks but are never tools.
export const NOT_TOOL_METHODS = new Set(['registerPrompt', 'registerResource', 'prompt', 'resource', 'addPrompt', 'addResource', 'addResourceTemplate']);

export function isCallToolRequestSchema(node: TS.Expression | undefined): boolean {
  if (!node) return false;
  const inner = skipTypeWrappers(node);
  // SDK v2: `server.server.setRequestHandler('tools/call', …)`.
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return inner.text === 'tools/call';
  if (ts.isIdentifier(inner)) return inner.text === 'CallToolRequestSchema';
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text === 'CallToolRequestSchema';
  return false;
}

/**
 * `server.tool(name, …, handler)`, `server.registerTool(name, config, handler)`,
 * `server.setRequestHandler(CallToolRequestSchema, handler)` and FastMCP `server.addTool(tool)`.
 * A registration is recognised by the call's shape and its callback, not by a literal name:
 * `server.tool(TOOLS.listTeams, …)`, `server.tool(tool.name, …)` in a loop and template names
 * all count; the name is the literal when it can be read, else null.
 */
export function registrationCall(call: TS.CallExpression, scope: DiscoveryScope, add: (evidence: HandlerEvidence) => void): void {
  if (ts.isIdentifier(call.expression)) {
    appToolRegistration(call, call.expression, scope, add);
    return;
  }
  if (!ts.isPropertyAccessExpression(call.expression)) return;
  const method = call.expression.name.text;
  if (!REGISTRATION_METHODS.has(method) && !scope.options.registrationMethods.has(method)) return;
  const args = call.arguments;
  const last = args[args.length - 1];
  if (NOT_TOOL_METHODS.has(method) || !last) return;
  if ((method === 'tool' || scope.options.registrationMethods.has(method)) && args.length >= 2 && !isFunctionLike(skipTypeWrappers(args[0]))) {
    register(handlerTargets(last, scope), 'tool', 'sdk', constantText(args[0], scope), false, call, scope, add);
  } else if (method === 'registerTool' && args.length >= 2) {
    const config = objectLiteralOf(args[1], scope);
    const hasOutputSchema = config ? getPropertyValue(config, 'outputSchema') !== undefined : false;
    register(handlerTargets(last, scope), 'registerTool', 'sdk', constantText(args[0], scope), hasOutputSchema, call, scope, add);
  } else if (method === 'setRequestHandler' && args.length >= 2 && isCallToolRequestSchema(args[0])) {
    register(handlerTargets(last, scope), 'low-level', 'sdk', null, false, call, scope, add);
  } else if (method === 'addTool' && args.length === 1) {
    // Inline, a const, an import (with the checker), or each tool of a collection in a loop.
    for (const { object: tool } of toolObjects(args[0], scope)) {
      const execute = getPropertyValue(tool, 'execute');
      if (!execute) continue;
      const name = getPropertyValue(tool, 'name');
      const toolName = name && !ts.isMethodDeclaration(name) ? constantText(name, scope) : null;
      register(handlerTargets(execute, scope), 'fastmcp-addTool', 'fastmcp', toolName, getPropertyValue(tool, 'outputSchema') !== undefined, call, scope, add);
    }
  }
}

// The MCP Apps extension registers a tool on a server it is given: `registerAppTool(server, name, config, handler)`.
const APP_TOOL_MODULE = /^@modelcontextprotocol\/ext-apps(?:\/|$)/;

function appToolRegistration(call: TS.CallExpression, callee: TS.Identifier, scope: DiscoveryScope, add: (evidence: HandlerEvidence) => void): void {
  if (callee.text !== 'registerAppTool' || call.arguments.length < 4 || !importsFrom(scope.sourceFile, callee.text, APP_TOOL_MODULE)) return;
  const config = objectLiteralOf(call.arguments[2], scope);
  const hasOutputSchema = config ? getPropertyValue(config, 'outputSchema') !== undefined : false;
  register(handlerTargets(call.arguments[3], scope), 'registerTool', 'sdk', constantText(call.arguments[1], scope), hasOutputSchema, call, scope, add);
}

/** Does the file import `name` (as itself) from a module matching `module`? */
function importsFrom(sourceFile: TS.SourceFile, name: string, module: RegExp): boolean {
  return sourceFile.statements.some((statement) => {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier) || !module.test(statement.moduleSpecifier.text)) return false;
    const bindings = statement.importClause?.namedBindings;
    return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.some((element) => element.name.text === name && (element.propertyName === undefined || element.propertyName.text === name));
  });
}

function register(targets: HandlerTarget[], style: HandlerStyle, framework: Framework, toolName: string | null, hasOutputSchema: boolean, at: TS.Node, scope: DiscoveryScope, add: (evidence: HandlerEvidence) => void): void {
  for (const target of targets) {
    const wrapped = target.wrapper ? wrapperFunctions(target.wrapper, scope) : [];
    // A wrapper that serialises what the handler returns makes strings and plain objects acceptable there.
    const serialisedBy = serialisation(wrapped);
    // A wrapper that puts the handler's value into a text item itself (`text: await run(args)`) makes
    // it a registry's value: a result returned there would arrive as text.
    const intoText = !serialisedBy && framework === 'sdk' && target.wrapper !== undefined && wrappedValueFate(target.wrapper, target.fn, wrapped, scope) === 'text';
    add({
      fn: target.fn,
      style,
      framework: serialisedBy && framework === 'sdk' ? 'transport' : intoText ? 'registry' : framework,
      toolName: target.toolName ?? toolName,
      hasOutputSchema,
      at,
      ...(serialisedBy ? { serialisedBy } : {}),
    });
    for (const fn of wrapped) add({ fn, style: 'wrapper', framework, toolName: target.toolName ?? toolName, hasOutputSchema, at });
  }
}

/**
 * Where the functions a wrapper returns send the value of the handler they were given: the
 * wrapper's parameter that holds the handler, called inside them (`await run(args)`), followed to
 * their return (a result) or into a text item (a registry's text).
 */
function wrappedValueFate(wrapperCall: TS.CallExpression, handler: TS.SignatureDeclaration, wrapped: readonly TS.SignatureDeclaration[], scope: DiscoveryScope): Fate {
  if (wrapped.length === 0) return 'unknown';
  const factory = functionOf(skipTypeWrappers(wrapperCall.expression), scope);
  if (!factory) return 'unknown';
  const index = [...wrapperCall.arguments.keys()].reverse().find((position) => handlerTargets(wrapperCall.arguments[position], scope).some((target) => target.fn === handler));
  const parameter = index === undefined ? undefined : factory.parameters[index];
  const calls: TS.CallExpression[] = [];
  if (parameter && ts.isIdentifier(parameter.name)) {
    const home = scopeOfNode(factory, scope);
    const visit = (node: TS.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && home.locals.declarationOf(node.expression) === parameter) calls.push(node);
      ts.forEachChild(node, visit);
    };
    for (const fn of wrapped) visit(fn);
  } else {
    // Given the tool object: the calls of its members (`tool.handler(params)`).
    calls.push(...memberCallsOf(wrapperCall, handler, scope));
  }
  if (calls.length === 0) return 'unknown';
  const isWrapped = new Set<TS.Node>(wrapped);
  const fateScope: FateScope = { isToolHandler: (fn) => isWrapped.has(fn), callersOf: () => [], localsOf: (sourceFile) => scopeOfNode(sourceFile, scope).locals };
  return combineFates(calls.map((call) => fateOf(call, fateScope)));
}

const SERIALISATION_ORDER = ['migrated', 'rewritable', 'review'] as const;

/** Of two serialisations, the one that constrains the handler more. */
export function worseSerialisation(a: ToolHandler['serialisedBy'], b: NonNullable<ToolHandler['serialisedBy']>): NonNullable<ToolHandler['serialisedBy']> {
  return a === undefined || SERIALISATION_ORDER.indexOf(b) > SERIALISATION_ORDER.indexOf(a) ? b : a;
}

/**
 * How the wrapper's returned functions turn the handler's value into a result, judged by what they
 * return: toCallToolResult(value) already, a transport literal migrate rewrites to that, or another
 * literal serialising with JSON.stringify that stays for a person. A wrapper that passes the
 * result through (`return result`) serialises nothing.
 */
function serialisation(wrapped: readonly TS.SignatureDeclaration[]): ToolHandler['serialisedBy'] {
  let found: ToolHandler['serialisedBy'];
  const note = (kind: NonNullable<ToolHandler['serialisedBy']>): void => {
    found = worseSerialisation(found, kind);
  };
  for (const fn of wrapped) {
    for (const returned of returnExpressions(fn)) {
      const value = unwrap(returned);
      if (ts.isCallExpression(value) && ts.isIdentifier(value.expression) && value.expression.text === 'toCallToolResult') note('migrated');
      else if (ts.isObjectLiteralExpression(value)) {
        const literal = transportLiteral(value) ?? fallbackTextLiteral(value);
        if (literal) note(literal);
        // A catch's result describes the failure: the handler's value is not there to serialise.
        else if (mentionsJsonStringify(value) && !inCatchClause(value, fn)) note('review');
      }
    }
  }
  return found;
}

/**
 * `{ content: [{ type: 'text', text: result || '[]' }] }` where `result` holds what a call returned:
 * the handler's text, or a fallback in its place. Migrate rewrites it to
 * `toCallToolResult(result || '[]')`, which reads the handler's strings and JSON as it does.
 */
function fallbackTextLiteral(object: TS.ObjectLiteralExpression): 'rewritable' | null {
  const content = getPropertyValue(object, 'content');
  const items = content && !ts.isMethodDeclaration(content) ? unwrap(content) : undefined;
  const text = items && ts.isArrayLiteralExpression(items) ? singleTextItem(items) : null;
  const value = text ? literalFallbackValue(unwrap(text)) : undefined;
  return value !== undefined && ts.isIdentifier(unwrap(value)) && object.properties.length === 1 ? 'rewritable' : null;
}

function inCatchClause(node: TS.Node, fn: TS.Node): boolean {
  for (let current = node.parent; current && current !== fn; current = current.parent) if (ts.isCatchClause(current)) return true;
  return false;
}

function mentionsJsonStringify(node: TS.Node): boolean {
  let found = false;
  const visit = (child: TS.Node): void => {
    if (found) return;
    if (ts.isCallExpression(child) && isJsonStringifyCall(child)) found = true;
    else ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}
/**
 * The functions a higher-order wrapper returns (`(handler) => async (args) => { … }`): what the
 * SDK really calls. Followed when the wrapper is declared where it can be read.
 */
function wrapperFunctions(wrapperCall: TS.CallExpression, scope: DiscoveryScope): TS.SignatureDeclaration[] {
  let callee: TS.Expression = wrapperCall.expression;
  // `withAuth(options)(handler)`: the wrapper is what the inner call returns.
  if (ts.isCallExpression(callee)) return [];
  callee = skipTypeWrappers(callee);
  const wrapper = functionOf(callee, scope);
  const body = wrapper ? (wrapper as TS.FunctionLikeDeclaration).body : undefined;
  if (!wrapper || !body) return [];
  const returned: TS.SignatureDeclaration[] = [];
  const consider = (expression: TS.Expression): void => {
    const inner = skipTypeWrappers(expression);
    if (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner)) returned.push(inner);
  };
  if (!ts.isBlock(body)) consider(body);
  else {
    const visit = (node: TS.Node): void => {
      if (isFunctionLike(node)) return;
      if (ts.isReturnStatement(node) && node.expression) consider(node.expression);
      else ts.forEachChild(node, visit);
    };
    ts.forEachChild(body, visit);
  }
  return returned;
}
