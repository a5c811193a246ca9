import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { skipTypeWrappers } from '../declarations.js';
import { returnExpressions } from '../sites/predicates.js';
import { getPropertyValue, isFunctionLike, isJsonStringifyCall, unwrap } from '../syntax.js';
import type { Framework, HandlerStyle, ToolHandler } from '../types.js';
import type { DiscoveryScope, HandlerEvidence } from './types.js';
import { constantText, functionOf, objectLiteralOf } from './resolve.js';
import { transportLiteral } from '../sites/transport.js';
import { handlerTargets, toolObjects, type HandlerTarget } from './targets.js';

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

function register(targets: HandlerTarget[], style: HandlerStyle, framework: Framework, toolName: string | null, hasOutputSchema: boolean, at: TS.Node, scope: DiscoveryScope, add: (evidence: HandlerEvidence) => void): void {
  for (const target of targets) {
    const wrapped = target.wrapper ? wrapperFunctions(target.wrapper, scope) : [];
    // A wrapper that serialises what the handler returns makes strings and plain objects acceptable there.
    const serialisedBy = serialisation(wrapped);
    add({
      fn: target.fn,
      style,
      framework: serialisedBy && framework === 'sdk' ? 'transport' : framework,
      toolName: target.toolName ?? toolName,
      hasOutputSchema,
      at,
      ...(serialisedBy ? { serialisedBy } : {}),
    });
    for (const fn of wrapped) add({ fn, style: 'wrapper', framework, toolName: target.toolName ?? toolName, hasOutputSchema, at });
  }
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
        const literal = transportLiteral(value);
        if (literal) note(literal);
        else if (mentionsJsonStringify(value)) note('review');
      }
    }
  }
  return found;
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
