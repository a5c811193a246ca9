import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { functionOf } from '../discovery/resolve.js';
import { handlerTargets } from '../discovery/targets.js';
import { instanceClasses } from '../discovery/instances.js';
import { isOwnKitNamedFunction } from '../options.js';
import { unwrap } from '../syntax.js';
import type { HandlerStyle } from '../types.js';
import { builderShape, classifyBuilderCall } from './builders.js';
import { declaredShape } from './declared.js';
import { classifyJsonText, jsonTextOf } from './json.js';
import type { SiteContext, SiteScope } from './scope.js';

// Callback-taking methods whose callbacks do not produce the tool result.
const NON_RESULT_CALLBACK_METHODS = new Set([
  'map', 'flatMap', 'filter', 'reduce', 'reduceRight', 'forEach', 'find', 'findIndex', 'findLast', 'some', 'every', 'sort',
  'then', 'catch', 'finally', 'replace', 'replaceAll', 'join', 'addEventListener', 'on', 'once',
]);

function calleeName(call: TS.CallExpression): string | null {
  if (ts.isIdentifier(call.expression)) return call.expression.text;
  if (ts.isPropertyAccessExpression(call.expression)) return call.expression.name.text;
  return null;
}

/**
 * A call in return position. Returns true when the call was fully handled here; false leaves it
 * to the string check (a call whose value is a string is a plain string site).
 *
 * - the kit's helpers or the user's own (`resultHelpers`): already a result;
 * - `JSON.stringify(x)` or a JSON helper (`asText(x)`): JSON text;
 * - `withConnection(async (db) => …)`: the callback's returns are the tool's returns;
 * - a dispatch (`handleSearch(args)`, `this.handleX(args)`, `handlers[name](args)`,
 *   `tools.find(…).handler(args)`): the callee's returns are sites of this tool. Into another
 *   file only when the call forwards the handler's input, and only for the codemod's view: a shared
 *   utility such as `now(): Promise<string>` is wrapped where it is called instead.
 */
export function classifyCall(call: TS.CallExpression, site: TS.Expression, context: SiteContext, scope: SiteScope): boolean {
  const name = calleeName(call);
  if (name !== null && scope.options.resultHelpers.has(name) && !callsOwnKitNamedFunction(call, name, scope)) {
    if (context.hasOutputSchema && name === 'successResult' && call.arguments.length < 2) {
      scope.report('missing-structured-content', site, context, null, 'the tool declares an outputSchema; pass the data as successResult(display, data)');
    }
    return true;
  }
  const json = jsonTextOf(call, scope);
  if (json) {
    classifyJsonText(json, site, context, scope);
    return true;
  }
  const callbacks = call.arguments.filter((argument): argument is TS.ArrowFunction | TS.FunctionExpression => ts.isArrowFunction(argument) || ts.isFunctionExpression(argument));
  if (callbacks.length > 0 && !(name !== null && ts.isPropertyAccessExpression(call.expression) && NON_RESULT_CALLBACK_METHODS.has(name))) {
    for (const callback of callbacks) scope.collectSites(callback, context);
    return true;
  }
  return followDispatch(call, site, context, scope);
}

/** `jsonResult(data)` where the project declares its own `jsonResult`: not the kit's. */
function callsOwnKitNamedFunction(call: TS.CallExpression, name: string, scope: SiteScope): boolean {
  const callee = unwrap(call.expression);
  if (!ts.isIdentifier(callee) && !ts.isPropertyAccessExpression(callee)) return false;
  const fn = functionOf(callee, scope);
  return fn !== undefined && isOwnKitNamedFunction(name, fn.getSourceFile(), scope.options);
}

/**
 * The dispatch part of a call: the functions it reaches (`handlers[name](args)`,
 * `getHandler(name)(args)`, `this.handleX(args)`) are analyzed as this tool's code. True when the
 * call reached any. Used for a returned call, and for a call whose value a variable carries to the
 * return (`const result = await handler(args); … return result`).
 */
export function followDispatch(call: TS.CallExpression, site: TS.Expression, context: SiteContext, scope: SiteScope): boolean {
  const callee = unwrap(call.expression);
  if (!ts.isIdentifier(callee) && !ts.isPropertyAccessExpression(callee) && !ts.isElementAccessExpression(callee)) return false;
  // `api.get(id)` on something that is not a tool collection resolves to nothing and stays a value.
  const targets = handlerTargets(callee, scope);
  if (targets.length === 0) return false;
  let followed = false;
  const lookup = isLookup(callee, scope);
  for (const target of targets) {
    const fn = target.fn;
    const toolName = target.toolName ?? context.toolName;
    // Called by its name, a function that says it returns data (`Promise<ItemCollection>`) is an
    // API call, not the tool's code: the call is the site. Looked up by the tool's name, it is the tool.
    if (!lookup && declaredShape(fn, scope) === 'data') continue;
    if (fn.getSourceFile() !== scope.sourceFile && !(scope.followExternal && forwardsHandlerInput(call, context, scope))) {
      // A result builder of another module: its own literals are sites there; this call is judged by what it is given.
      if (targets.length === 1 && builderShape(fn, scope)) {
        classifyBuilderCall(call, fn, site, { ...context, toolName }, scope);
        followed = true;
      }
      continue;
    }
    // Another registered handler is classified on its own; a function known only by its shape (a
    // tool object, a result builder) is followed, so its sites carry this dispatch's tool name and
    // framework.
    const handler = scope.handlerOf(fn);
    if (handler && isRegistered(handler.style)) {
      followed = true;
      continue;
    }
    // A formatting helper: the call is a plain string site, the helper stays as it is.
    if (targets.length === 1 && scope.predicates.isStringHelper(fn)) return false;
    // A result builder is neutral: this call is judged by the text it is given.
    if (targets.length === 1) classifyBuilderCall(call, fn, site, { ...context, toolName }, scope);
    scope.collectSites(fn, { ...context, style: 'followed', toolName });
    followed = true;
  }
  return followed;
}

/**
 * A callee found by looking the tool up (`handlers[name]`, `const handler = getHandler(name)`,
 * `tools.find(…).handler`, a loop variable), as opposed to a function called by its own name.
 */
export function isLookup(callee: TS.Expression, scope: SiteScope): boolean {
  const node = unwrap(callee);
  if (ts.isElementAccessExpression(node)) return true;
  // `api.getTags()` on an instance of the project's own class: a method called by its name.
  if (ts.isPropertyAccessExpression(node) && instanceClasses(node.expression, scope).length > 0) return false;
  if (ts.isPropertyAccessExpression(node)) return ts.isCallExpression(unwrap(node.expression)) || ts.isElementAccessExpression(unwrap(node.expression)) || (ts.isIdentifier(unwrap(node.expression)) && isLookup(unwrap(node.expression), scope));
  if (!ts.isIdentifier(node)) return false;
  const declaration = scope.locals.declarationOf(node);
  if (!declaration) return false;
  if (ts.isParameter(declaration) || ts.isFunctionDeclaration(declaration)) return ts.isParameter(declaration);
  const initializer = declaration.initializer ? unwrap(declaration.initializer) : undefined;
  // `for (const tool of tools)`: no initializer, a loop variable.
  if (!initializer) return ts.isForOfStatement(declaration.parent.parent) || ts.isForInStatement(declaration.parent.parent);
  return ts.isElementAccessExpression(initializer) || ts.isCallExpression(initializer) || ts.isConditionalExpression(initializer);
}

const REGISTERED_STYLES: ReadonlySet<HandlerStyle> = new Set(['tool', 'registerTool', 'low-level', 'fastmcp-addTool', 'handler-pattern', 'class-execute', 'wrapper', 'file-export', 'tool-class', 'decorated']);

function isRegistered(style: HandlerStyle): boolean {
  return REGISTERED_STYLES.has(style);
}

/** Does the call pass the handler's own parameters (or what was derived from them)? */
export function forwardsHandlerInput(call: TS.CallExpression, context: SiteContext, scope: SiteScope): boolean {
  // The tool handler's parameters, or those of the function a dispatch was followed into.
  const parameters = new Set<TS.Node>([...context.handler.fn.parameters, ...context.fn.parameters]);
  const fromParameter = (expression: TS.Expression, depth: number): boolean => {
    const inner = unwrap(expression);
    // `args ?? {}`, `{ ...args, limit }`: still the input.
    if (ts.isBinaryExpression(inner) && (inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || inner.operatorToken.kind === ts.SyntaxKind.BarBarToken)) return fromParameter(inner.left, depth);
    // `{ ...args, limit }`, `{ id: params.id }`: built from the input.
    if (ts.isObjectLiteralExpression(inner)) {
      return inner.properties.some((property) =>
        ts.isSpreadAssignment(property) ? fromParameter(property.expression, depth) : ts.isPropertyAssignment(property) ? depth < 3 && fromParameter(property.initializer, depth + 1) : ts.isShorthandPropertyAssignment(property) && depth < 3 && fromParameter(property.name, depth + 1),
      );
    }
    // `getParams(actionId, args)`: derived from the input.
    if (ts.isCallExpression(inner) && depth < 3 && inner.arguments.some((argument) => fromParameter(argument, depth + 1))) return true;
    let root: TS.Expression = inner;
    while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root) || ts.isCallExpression(root)) root = unwrap(root.expression);
    if (!ts.isIdentifier(root)) return false;
    const declaration = scope.locals.declarationOf(root);
    if (!declaration) return false;
    if (ts.isParameter(declaration)) return parameters.has(declaration);
    return depth < 2 && ts.isVariableDeclaration(declaration) && declaration.initializer !== undefined && fromParameter(declaration.initializer, depth + 1);
  };
  return call.arguments.some((argument) => fromParameter(argument, 0));
}
