import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { functionOf } from '../discovery/resolve.js';
import { returnedExpressions } from '../flow/origins.js';
import { handlerTargets } from '../discovery/targets.js';
import { instanceClasses } from '../discovery/instances.js';
import { isOwnKitNamedFunction } from '../options.js';
import { getPropertyValue, isFunctionLike, mentionsIdentifier, unwrap } from '../syntax.js';
import type { HandlerStyle } from '../types.js';
import { builderShape, classifyBuilderCall, classifyFailurePayloadCall, ERROR_BUILDER_NAME } from './builders.js';
import { declaredShape } from './declared.js';
import { classifyJsonText, jsonTextOf } from './json.js';
import type { SiteContext, SiteScope } from './scope.js';
import { textValues } from './transport.js';

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
    const passedThrough = callbacks.filter((callback) => handsBackCallbackValue(call, callback, scope));
    for (const callback of passedThrough) scope.collectSites(callback, context);
    if (passedThrough.length > 0) return true;
  }
  return followDispatch(call, site, context, scope);
}

/**
 * Does the called function hand back what `callback` returns (`withConnection(async (db) => …)`,
 * `withRetry(fn)` returning `await fn()`)? Then the callback's returns are the tool's. A function
 * that builds its own result from the value instead (`runTool(name, async () => data)` returning
 * `{ content: [{ type: 'text', text: JSON.stringify({ data: value.data }) }] }`) makes the
 * callback's returns data: the sites are where it turns them into a result. A function the kit
 * cannot read (a library's) is taken to hand the value back.
 */
function handsBackCallbackValue(call: TS.CallExpression, callback: TS.Expression, scope: SiteScope): boolean {
  const callee = unwrap(call.expression);
  if (!ts.isIdentifier(callee) && !ts.isPropertyAccessExpression(callee)) return true;
  const fn = functionOf(callee, scope);
  if (!fn || !(fn as TS.FunctionLikeDeclaration).body) return true;
  const parameter = fn.parameters[call.arguments.indexOf(callback)];
  if (!parameter || !ts.isIdentifier(parameter.name) || parameter.dotDotDotToken) return true;
  const returns = returnedExpressions(fn);
  if (returns.length === 0) return true;
  const callbackName = parameter.name.text;
  return returns.some((expression) => yieldsCallbackValue(expression, callbackName, fn, 0));
}

/** `fn()`, `await fn(args)`, `other(fn)`, `Promise.race([fn(), …])`, or a local holding `await fn()`. */
function yieldsCallbackValue(expression: TS.Expression, callbackName: string, fn: TS.SignatureDeclaration, depth: number): boolean {
  const inner = unwrap(expression);
  if (ts.isObjectLiteralExpression(inner)) return false;
  if (ts.isIdentifier(inner)) {
    if (inner.text === callbackName) return true;
    return depth < 2 && localValues(fn, inner.text).some((value) => yieldsCallbackValue(value, callbackName, fn, depth + 1));
  }
  let found = false;
  const visit = (node: TS.Node): void => {
    if (found || ts.isObjectLiteralExpression(node)) return;
    if (ts.isIdentifier(node) && node.text === callbackName) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(inner);
  return found;
}

/** What a local named `name` is given in `fn`'s own body: its initializer and every `name = …`. */
function localValues(fn: TS.SignatureDeclaration, name: string): TS.Expression[] {
  const values: TS.Expression[] = [];
  const visit = (node: TS.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer) values.push(node.initializer);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(node.left) && node.left.text === name) values.push(node.right);
    if (!(isFunctionLike(node) && node !== fn)) ts.forEachChild(node, visit);
  };
  const body = (fn as TS.FunctionLikeDeclaration).body;
  if (body) visit(body);
  return values;
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
    // A method of the tool's own class or of a class it extends (`this.runRequest(…)` in a base
    // class of another file) is the tool's code, wherever it is written.
    const ownMethod = isThisMethodCall(callee);
    const reportsFailure = !lookup && (builderShape(fn, scope)?.namedForFailure === true || reportsCaughtError(call, fn, context, scope));
    if (fn.getSourceFile() !== scope.sourceFile && !(scope.followExternal && (ownMethod || reportsFailure || forwardsHandlerInput(call, context, scope)))) {
      // A result builder of another module: its own literals are sites there; this call is judged by what it is given.
      if (targets.length === 1 && builderShape(fn, scope)) {
        classifyBuilderCall(call, fn, site, { ...context, toolName }, scope);
        followed = true;
      } else if (targets.length === 1 && classifyFailurePayloadCall(call, fn, site, { ...context, toolName }, scope)) followed = true;
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
    if (targets.length === 1 && !classifyBuilderCall(call, fn, site, { ...context, toolName }, scope)) classifyFailurePayloadCall(call, fn, site, { ...context, toolName }, scope);
    scope.collectSites(fn, { ...context, style: 'followed', toolName, ...(reportsFailure ? { reportsFailure: true } : {}) });
    followed = true;
  }
  return followed;
}

/**
 * `catch (error) { return toolErrorResponse(error); }`: a function of the project given the caught
 * error, in the catch, builds the failure's result (an error builder, judged by this call). Not a
 * formatting helper (its string is this call's text) and not a neutral result builder (judged by
 * what it is given).
 */
function reportsCaughtError(call: TS.CallExpression, fn: TS.SignatureDeclaration, context: SiteContext, scope: SiteScope): boolean {
  const index = call.arguments.findIndex((argument) => scope.predicates.usesCaughtError(argument, context.fn));
  if (index < 0 || scope.predicates.isStringHelper(fn) || builderShape(fn, scope) !== null) return false;
  // Named for the failure it reports (`formatErrorForMcpTool`, `toolFailure`), or writing the error
  // it is given into its text: not a fallback that answers from elsewhere (`fromCache(error)`).
  const name = calleeName(call);
  if (name !== null && ERROR_BUILDER_NAME.test(name)) return true;
  const parameter = fn.parameters[index]?.name;
  return parameter !== undefined && ts.isIdentifier(parameter) && textsMention(fn, parameter.text, scope);
}

/** Does a text item that `fn` returns take its words from `name`? */
function textsMention(fn: TS.SignatureDeclaration, name: string, scope: SiteScope): boolean {
  return scope.flow.returnedExpressions(fn).some((returned) =>
    scope.flow.origins(returned).some((origin) => {
      if (!ts.isObjectLiteralExpression(origin)) return false;
      const content = getPropertyValue(origin, 'content');
      const items = content && !ts.isMethodDeclaration(content) ? unwrap(content) : undefined;
      return items !== undefined && ts.isArrayLiteralExpression(items) && textValues(items).some((text) => derivesFrom(text, name, scope, 0));
    }),
  );
}

/** `text`, or the local it is read from (`const { message } = normalize(error)`), written from `name`. */
function derivesFrom(expression: TS.Expression, name: string, scope: SiteScope, depth: number): boolean {
  if (mentionsIdentifier(expression, name)) return true;
  const inner = unwrap(expression);
  if (depth > 3 || !ts.isIdentifier(inner)) return false;
  let declaration: TS.Node | undefined = scope.locals.declarationOf(inner);
  while (declaration && ts.isBindingElement(declaration)) declaration = declaration.parent.parent;
  return declaration !== undefined && ts.isVariableDeclaration(declaration) && declaration.initializer !== undefined && derivesFrom(declaration.initializer, name, scope, depth + 1);
}

function isThisMethodCall(callee: TS.Expression): boolean {
  return ts.isPropertyAccessExpression(callee) && unwrap(callee.expression).kind === ts.SyntaxKind.ThisKeyword;
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
