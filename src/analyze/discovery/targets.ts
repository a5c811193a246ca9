import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { skipTypeWrappers } from '../declarations.js';
import { getPropertyValue, isFunctionLike, propertyName } from '../syntax.js';
import { returnedExpressions } from '../flow/origins.js';
import { argumentsForParameter, insertedValues, scopeOfNode, type StoredValue } from './collections.js';
import { fieldCollection, instanceMethod } from './instances.js';
import { classDeclarationOf, classMethod, constantText, functionOf, isFunctionValue, objectLiteralOf, valueOf, type ResolveScope, type Value } from './resolve.js';

/** A function that handles calls of a tool, and the tool's name when the registration says it. */
export interface HandlerTarget {
  fn: TS.SignatureDeclaration;
  toolName: string | null;
  /** The higher-order function the handler was passed through (`withTelemetry(handler)`), if any. */
  wrapper?: TS.CallExpression;
}

/** One value an expression may hold: a tool object, a function, a class instance; `key` names the tool when known. */
type Candidate = StoredValue;

const MAX_DEPTH = 8;

// Array methods whose callback receives the collection's elements: their callbacks are never handlers.
const ELEMENT_CALLBACK_METHODS = new Set(['forEach', 'map', 'flatMap', 'filter', 'some', 'every', 'find', 'findLast', 'reduce', 'sort']);
// Methods that pick one element of a collection: the result may be any element.
const ELEMENT_PICKING_METHODS = new Set(['find', 'findLast', 'at']);

/**
 * Resolves a registration's handler argument (or a dispatcher's callee) to the functions that
 * really handle the calls: inline functions, named functions and consts (in this file, or
 * anywhere with the checker), higher-order wrappers (`withErrorHandling(async (args) => …)`,
 * `wrap(tool.handler)`), handler maps (`handlers[name]`, `toolHandlers[name].execute`), tools
 * picked from a collection (`tools.find(…)`), and loop variables over tool collections
 * (`for (const tool of tools) server.tool(tool.name, …, tool.handler)`).
 */
export function handlerTargets(expression: Value, scope: ResolveScope, depth = 0): HandlerTarget[] {
  if (depth > MAX_DEPTH) return [];
  if (isFunctionValue(expression) && !ts.isArrowFunction(expression) && !ts.isFunctionExpression(expression)) return (expression as TS.FunctionLikeDeclaration).body ? [{ fn: expression, toolName: null }] : [];
  const node = stripExpression(expression as TS.Expression);
  if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
    // `(args) => wrap(name, handler)(args)`: the function a wrapper call builds, called with the same arguments.
    const built = forwardedToBuiltFunction(node);
    const targets = built ? handlerTargets(built, scope, depth + 1) : [];
    return targets.length > 0 ? targets : [{ fn: node, toolName: null }];
  }
  if (ts.isConditionalExpression(node)) return [...handlerTargets(node.whenTrue, scope, depth + 1), ...handlerTargets(node.whenFalse, scope, depth + 1)];
  if (ts.isPropertyAccessExpression(node)) {
    if (node.name.text === 'bind') return [];
    // `ResponseBuilder.markdown`: a static method of a class of the project.
    const ownerClass = ts.isIdentifier(stripExpression(node.expression)) ? classDeclarationOf(stripExpression(node.expression), scope) : undefined;
    const staticMethod = ownerClass ? classMethod(ownerClass, node.name.text) : undefined;
    if (staticMethod && ts.canHaveModifiers(staticMethod) && (ts.getModifiers(staticMethod) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword)) return [{ fn: staticMethod, toolName: null }];
    const owners = candidates(node.expression, scope, depth + 1);
    const fromOwners = owners.flatMap((owner) => {
      const member = memberOf(owner.value, node.name.text, scope);
      return member ? named(handlerTargets(member, scope, depth + 1), owner.key ?? nameOf(owner.value, scope)) : [];
    });
    if (fromOwners.length > 0) return fromOwners;
  }
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    // `handler.bind(this)` is the handler itself.
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'bind') return handlerTargets(callee.expression, scope, depth + 1);
    if (ts.isPropertyAccessExpression(callee) && ELEMENT_CALLBACK_METHODS.has(callee.name.text) && !ELEMENT_PICKING_METHODS.has(callee.name.text)) return [];
    if (!(ts.isPropertyAccessExpression(callee) && ELEMENT_PICKING_METHODS.has(callee.name.text))) {
      // A higher-order wrapper: the handler is the argument that is a function (the last one first).
      for (let index = node.arguments.length - 1; index >= 0; index--) {
        const targets = handlerTargets(node.arguments[index], scope, depth + 1);
        if (targets.length > 0) return targets.map((target) => ({ ...target, wrapper: target.wrapper ?? node }));
      }
      // `createToolHandler(tool)`: given the whole tool object, its returned function calls `tool.handler(…)`.
      return handlersOfToolArguments(node, scope, depth).map((target) => ({ ...target, wrapper: target.wrapper ?? node }));
    }
  }
  return candidates(node, scope, depth + 1).flatMap((candidate) => (candidate.value === node ? [] : named(handlerTargets(candidate.value, scope, depth + 1), candidate.key)));
}

/**
 * The handlers a factory call reaches through the objects it is given: `createToolHandler(tool)`
 * whose returned function calls `tool.handler(params)` is a wrapper around that member of every
 * tool the argument may be.
 */
function handlersOfToolArguments(call: TS.CallExpression, scope: ResolveScope, depth: number): HandlerTarget[] {
  return memberCallsOfParameters(call, scope).flatMap((found) => memberHandlers(call, found, scope, depth));
}

function memberHandlers(call: TS.CallExpression, { index, member }: { index: number; member: string }, scope: ResolveScope, depth: number): HandlerTarget[] {
  return candidates(call.arguments[index], scope, depth + 1).flatMap((owner) => {
    const home = scopeOfNode(owner.value, scope);
    const value = memberOf(owner.value, member, home);
    return value ? named(handlerTargets(value, scope, depth + 1), owner.key ?? nameOf(owner.value, home)) : [];
  });
}

/** The calls inside a factory's returned functions that run `handler` through a member of an object it was given. */
export function memberCallsOf(call: TS.CallExpression, handler: TS.SignatureDeclaration, scope: ResolveScope): TS.CallExpression[] {
  return memberCallsOfParameters(call, scope)
    .filter((found) => memberHandlers(call, found, scope, 0).some((target) => target.fn === handler))
    .map((found) => found.call);
}

/**
 * The calls of a member of the factory's parameters inside the functions the factory returns
 * (`tool.handler(params)` in `function createToolHandler(tool) { return async (params) => … }`),
 * with the parameter's position and the member's name.
 */
function memberCallsOfParameters(call: TS.CallExpression, scope: ResolveScope): Array<{ index: number; member: string; call: TS.CallExpression }> {
  const factory = functionOf(stripExpression(call.expression), scope);
  if (!factory || !(factory as TS.FunctionLikeDeclaration).body || factory.getSourceFile().isDeclarationFile) return [];
  const home = scopeOfNode(factory, scope);
  const found: Array<{ index: number; member: string; call: TS.CallExpression }> = [];
  for (const returned of returnedExpressions(factory).map(stripExpression)) {
    if (!ts.isArrowFunction(returned) && !ts.isFunctionExpression(returned)) continue;
    const visit = (node: TS.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ts.isIdentifier(node.expression.expression)) {
        const declaration = home.locals.declarationOf(node.expression.expression);
        const index = declaration && ts.isParameter(declaration) ? factory.parameters.indexOf(declaration) : -1;
        if (index >= 0 && index < call.arguments.length) found.push({ index, member: node.expression.name.text, call: node });
      }
      ts.forEachChild(node, visit);
    };
    visit(returned.body);
  }
  return found;
}

/**
 * `(args) => wrap(name, handler)(args)` (or `{ return await …; }`): a function that only calls what
 * a call built, with its own parameters. It is that built function; the call that built it is a
 * higher-order wrapper around the handler it was given.
 */
function forwardedToBuiltFunction(fn: TS.ArrowFunction | TS.FunctionExpression): TS.CallExpression | undefined {
  let body: TS.Node = fn.body;
  if (ts.isBlock(body)) {
    if (body.statements.length !== 1) return undefined;
    const only = body.statements[0];
    if (!ts.isReturnStatement(only) || !only.expression) return undefined;
    body = only.expression;
  }
  let call = stripExpression(body as TS.Expression);
  if (ts.isAwaitExpression(call)) call = stripExpression(call.expression);
  if (!ts.isCallExpression(call) || !ts.isCallExpression(stripExpression(call.expression))) return undefined;
  const forwardsParameters = call.arguments.length <= fn.parameters.length && call.arguments.every((argument, index) => {
    const parameter = fn.parameters[index].name;
    const passed = stripExpression(argument);
    return ts.isIdentifier(parameter) && ts.isIdentifier(passed) && passed.text === parameter.text;
  });
  return forwardsParameters ? stripExpression(call.expression) as TS.CallExpression : undefined;
}

function stripExpression(expression: TS.Expression): TS.Expression {
  let node = skipTypeWrappers(expression);
  while (ts.isNonNullExpression(node) || ts.isParenthesizedExpression(node)) node = skipTypeWrappers(node.expression);
  return node;
}

/** The values an expression may hold, each with the tool name it stands for when known. */
function candidates(expression: TS.Expression, scope: ResolveScope, depth: number): Candidate[] {
  if (depth > MAX_DEPTH) return [];
  const node = stripExpression(expression);
  if (ts.isIdentifier(node)) {
    const items = loopItems(node, scope);
    if (items) return items;
    // `function register(server, name, handler) { server.registerTool(name, config, handler) }`:
    // the parameter stands for what each caller passes.
    const declaration = scopeOfNode(node, scope).locals.declarationOf(node);
    if (declaration && ts.isParameter(declaration)) {
      const passed = argumentsForParameter({ value: node, key: null }, scope);
      if (passed.length > 0 && passed.every((item) => item.value !== node)) return passed.flatMap((item) => candidates(item.value as TS.Expression, scopeOfNode(item.value, scope), depth + 1));
    }
  }
  if (ts.isElementAccessExpression(node)) {
    // `handlers[name]` / `tools[index]`: any entry of the map or element of the array.
    return collectionItems(node.expression, scope) ?? [];
  }
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ELEMENT_PICKING_METHODS.has(node.expression.name.text)) {
    return collectionItems(node.expression.expression, scope) ?? [];
  }
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'get' && node.arguments.length === 1) {
    // `registry.get(name)` of a Map the project fills.
    const stored = collectionItems(node.expression.expression, scope);
    if (stored) return stored;
  }
  if (ts.isCallExpression(node)) {
    const products = factoryProducts(node, scope, depth);
    if (products.length > 0) return products;
  }
  if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) {
    const value = valueOf(node, scope);
    // `entry.handler` where entry is looked up (`CATALOG.find(…)`): that property of every entry it may be.
    if (!value && ts.isPropertyAccessExpression(node)) return memberOfCandidates(node, scope, depth);
    // `const tool = toolDef.tool` where toolDef is a loop variable: what its initializer may hold.
    if (!value && ts.isIdentifier(node)) return aliasedCandidates(node, scope, depth);
    if (!value) return [];
    if (isFunctionValue(value)) return [{ value, key: null }];
    const inner = stripExpression(value);
    // `const tool = tools.find(…)`, `const handler = handlers[name]`: what that expression may hold.
    if (ts.isElementAccessExpression(inner) || ts.isCallExpression(inner) || ts.isIdentifier(inner)) {
      const nested = candidates(inner, scope, depth + 1);
      if (nested.length > 0) return nested;
    }
    return [{ value: inner, key: null }];
  }
  return [{ value: node, key: null }];
}

function aliasedCandidates(identifier: TS.Identifier, scope: ResolveScope, depth: number): Candidate[] {
  const declaration = scopeOfNode(identifier, scope).locals.declarationOf(identifier);
  if (!declaration || !ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name) || !declaration.initializer) return [];
  if ((declaration.parent.flags & ts.NodeFlags.Const) === 0) return [];
  return candidates(declaration.initializer, scope, depth + 1);
}

function memberOfCandidates(node: TS.PropertyAccessExpression, scope: ResolveScope, depth: number): Candidate[] {
  return candidates(node.expression, scope, depth + 1).flatMap((owner) => ownerMember(owner, node.name.text, scope, depth + 1));
}

/** `owner.name` for one value the owner may be; an owner that is itself a name (a loop variable stored in a registry) is followed first. */
function ownerMember(owner: Candidate, name: string, scope: ResolveScope, depth: number): Candidate[] {
  if (depth > MAX_DEPTH) return [];
  const home = scopeOfNode(owner.value, scope);
  const member = memberOf(owner.value, name, home);
  if (!member) {
    if (isFunctionValue(owner.value)) return [];
    const inner = stripExpression(owner.value);
    if (!ts.isIdentifier(inner) && !ts.isCallExpression(inner) && !ts.isPropertyAccessExpression(inner)) return [];
    return candidates(inner, home, depth + 1)
      .filter((candidate) => candidate.value !== inner)
      .flatMap((candidate) => ownerMember({ value: candidate.value, key: candidate.key ?? owner.key }, name, scope, depth + 1));
  }
  const key = owner.key ?? nameOf(owner.value, home);
  // `({ name, tool })` built in a callback: the member is a name bound there, which holds the items themselves.
  if (!isFunctionValue(member) && ts.isIdentifier(stripExpression(member))) {
    const bound = candidates(member, scopeOfNode(member, scope), depth + 1).filter((candidate) => candidate.value !== member);
    if (bound.length > 0) return bound.map((candidate) => ({ value: candidate.value, key: candidate.key ?? key }));
  }
  return [{ value: member, key }];
}

/** The values a returned expression may be: both sides of `?:`, `??` and `||`, never `null` or `undefined`. */
function alternatives(expression: TS.Expression): TS.Expression[] {
  const node = stripExpression(expression);
  if (ts.isConditionalExpression(node)) return [...alternatives(node.whenTrue), ...alternatives(node.whenFalse)];
  if (ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || node.operatorToken.kind === ts.SyntaxKind.BarBarToken)) return [...alternatives(node.left), ...alternatives(node.right)];
  if (node.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(node) && node.text === 'undefined')) return [];
  return [node];
}

/**
 * What a call of the project's own function returns, when it hands back handlers: a lookup
 * (`getHandler(name)` → `handlers[name]`) or a factory (`makeHandler(client)` → `async (args) => …`).
 * A call that takes a function is a wrapper instead, and an API call resolves to nothing.
 */
function factoryProducts(call: TS.CallExpression, scope: ResolveScope, depth: number): Candidate[] {
  // A call given a function (`withErrorHandling(handler)`) is a wrapper, handled as one.
  if (call.arguments.some((argument) => isFunctionLike(stripExpression(argument)) || functionOf(stripExpression(argument), scope) !== undefined)) return [];
  const callee = stripExpression(call.expression);
  if (!ts.isIdentifier(callee) && !ts.isPropertyAccessExpression(callee)) return [];
  // `registry.getTool(name)` where registry is an instance of the project's own registry class.
  const fn = functionOf(callee, scope) ?? (ts.isPropertyAccessExpression(callee) ? instanceMethod(callee, scope) : undefined);
  if (!fn || !(fn as TS.FunctionLikeDeclaration).body || fn.getSourceFile().isDeclarationFile) return [];
  const inner = scopeOfNode(fn, scope);
  return returnedExpressions(fn).flatMap(alternatives).flatMap((value): Candidate[] => {
    if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return [{ value, key: null }];
    return ts.isIdentifier(value) || ts.isPropertyAccessExpression(value) || ts.isElementAccessExpression(value) || ts.isCallExpression(value) ? candidates(value, inner, depth + 1) : [];
  });
}

/** The tool-object literals an expression may denote: itself, a const, an import, a loop variable over a collection. */
export function toolObjects(expression: TS.Expression, scope: ResolveScope): Array<{ object: TS.ObjectLiteralExpression; key: string | null }> {
  return candidates(expression, scope, 0).flatMap((candidate) => {
    if (isFunctionValue(candidate.value)) return [];
    const object = objectLiteralOf(candidate.value, scope);
    return object ? [{ object, key: candidate.key }] : [];
  });
}

/** `object.name` where object is a tool object literal, or a `new ToolClass()` with that method. */
function memberOf(owner: Value, name: string, scope: ResolveScope): Value | undefined {
  if (isFunctionValue(owner)) return undefined;
  const object = objectLiteralOf(owner, scope) ?? factoryObject(owner, scope);
  if (object) {
    const value = getPropertyValue(object, name);
    return value ?? undefined;
  }
  const node = stripExpression(owner);
  if (ts.isNewExpression(node)) {
    const classNode = classDeclarationOf(node.expression, scope);
    return classNode ? classMethod(classNode, name) : undefined;
  }
  return undefined;
}

function named(targets: HandlerTarget[], toolName: string | null): HandlerTarget[] {
  return toolName === null ? targets : targets.map((target) => ({ ...target, toolName: target.toolName ?? toolName }));
}

/** A tool object's `name` (or a class's `name` field). */
function nameOf(value: Value, scope: ResolveScope): string | null {
  if (isFunctionValue(value)) return null;
  const object = objectLiteralOf(value, scope);
  const name = object ? getPropertyValue(object, 'name') : undefined;
  return name && !ts.isMethodDeclaration(name) ? constantText(name, scope) : null;
}

/** The entries of an object literal with their keys (computed keys such as `[tool.name]` resolved when constant). */
function mapEntries(map: TS.ObjectLiteralExpression, scope: ResolveScope, depth = 0): Candidate[] {
  const entries: Candidate[] = [];
  for (const property of map.properties) {
    if (ts.isSpreadAssignment(property)) {
      if (depth >= 3) continue;
      const spread = objectLiteralOf(property.expression, scope);
      // `...createDashboardHandlers(api)`: the object maps the factory returns.
      const spreads = spread ? [spread] : producedObjects(property.expression, scope);
      for (const object of spreads) entries.push(...mapEntries(object, scopeOfNode(object, scope), depth + 1));
      continue;
    }
    const key = ts.isComputedPropertyName(property.name) ? constantText(property.name.expression, scope) : propertyName(property.name);
    if (ts.isPropertyAssignment(property)) entries.push({ value: property.initializer, key });
    else if (ts.isShorthandPropertyAssignment(property)) entries.push({ value: property.name, key });
    else if (ts.isMethodDeclaration(property) && property.body) entries.push({ value: property, key });
  }
  return entries;
}

/**
 * `tool({ name, handler })` where the project's `tool` hands back its argument (`return t`,
 * `return t as unknown as Tool`) or builds one object: that object literal.
 */
function factoryObject(owner: Value, scope: ResolveScope): TS.ObjectLiteralExpression | undefined {
  if (isFunctionValue(owner)) return undefined;
  const call = stripExpression(owner);
  if (!ts.isCallExpression(call)) return undefined;
  const callee = stripExpression(call.expression);
  if (!ts.isIdentifier(callee) && !ts.isPropertyAccessExpression(callee)) return undefined;
  const fn = functionOf(callee, scope);
  if (!fn || !(fn as TS.FunctionLikeDeclaration).body || fn.getSourceFile().isDeclarationFile) return undefined;
  const returned = returnedExpressions(fn).flatMap(alternatives);
  if (returned.length !== 1) return producedObjects(call, scope)[0];
  const value = stripExpression(returned[0]);
  const parameterIndex = ts.isIdentifier(value) ? fn.parameters.findIndex((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === value.text) : -1;
  if (parameterIndex >= 0 && call.arguments[parameterIndex]) return objectLiteralOf(call.arguments[parameterIndex], scope);
  return producedObjects(call, scope)[0];
}

/** The object literals a call of the project's own factory returns (`createHandlers(api)` → `{ list: …, get: … }`). */
function producedObjects(expression: TS.Expression, scope: ResolveScope): TS.ObjectLiteralExpression[] {
  const call = stripExpression(expression);
  if (!ts.isCallExpression(call)) return [];
  const callee = stripExpression(call.expression);
  if (!ts.isIdentifier(callee) && !ts.isPropertyAccessExpression(callee)) return [];
  const fn = functionOf(callee, scope);
  if (!fn || !(fn as TS.FunctionLikeDeclaration).body || fn.getSourceFile().isDeclarationFile) return [];
  const inner = scopeOfNode(fn, scope);
  return returnedExpressions(fn).flatMap(alternatives).flatMap((returned) => {
    const object = objectLiteralOf(returned, inner);
    return object ? [object] : [];
  });
}

/** The array literals a call of the project's own factory returns (`getRateTools(client)` → `[{ name, handler }, …]`). */
function producedArrays(call: TS.CallExpression, scope: ResolveScope): TS.ArrayLiteralExpression[] {
  const callee = stripExpression(call.expression);
  if (!ts.isIdentifier(callee) && !ts.isPropertyAccessExpression(callee)) return [];
  const fn = functionOf(callee, scope);
  if (!fn || !(fn as TS.FunctionLikeDeclaration).body || fn.getSourceFile().isDeclarationFile) return [];
  return returnedExpressions(fn).flatMap(alternatives).map(stripExpression).filter(ts.isArrayLiteralExpression);
}

/** Items of a collection: an array literal (spreads followed), a map's entries, `Object.values` / `Object.entries` of a map. */
function collectionItems(expression: TS.Expression, scope: ResolveScope, depth = 0): Candidate[] | undefined {
  if (depth > 3) return undefined;
  const node = stripExpression(expression);
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ts.isIdentifier(node.expression.expression) && node.expression.expression.text === 'Object') {
    const method = node.expression.name.text;
    return (method === 'values' || method === 'entries') && node.arguments[0] ? collectionItems(node.arguments[0], scope, depth + 1) : undefined;
  }
  // `map.values()`, `map.entries()`: the map's items (a loop over entries takes index 1, the value).
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ['values', 'entries'].includes(node.expression.name.text) && node.arguments.length === 0) {
    return collectionItems(node.expression.expression, scope, depth + 1);
  }
  const value = ts.isArrayLiteralExpression(node) || ts.isObjectLiteralExpression(node) ? node : (valueOf(node, scope) ?? fieldCollection(node, scope));
  if (!value || isFunctionValue(value)) return undefined;
  const collection = stripExpression(value);
  if (ts.isConditionalExpression(collection)) {
    // `readonly ? Object.fromEntries(…) : tools`: whatever either side holds.
    const sides = [collectionItems(collection.whenTrue, scope, depth + 1), collectionItems(collection.whenFalse, scope, depth + 1)].filter((side): side is Candidate[] => side !== undefined);
    return sides.length > 0 ? sides.flat() : undefined;
  }
  if (ts.isCallExpression(collection)) {
    // `getRateTools(client)`: the array literals the project's factory returns.
    const arrays = producedArrays(collection, scope);
    if (arrays.length > 0) return arrays.flatMap((array) => collectionItems(array, scopeOfNode(array, scope), depth + 1) ?? []);
  }
  if (ts.isCallExpression(collection) && ts.isPropertyAccessExpression(collection.expression) && ['map', 'flatMap'].includes(collection.expression.name.text)) {
    // `Object.entries(tools).map(([name, tool]) => ({ name, tool }))`: what the callback returns for each item.
    const callback = collection.arguments[0] ? stripExpression(collection.arguments[0]) : undefined;
    if (!callback || !(ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) return undefined;
    return returnedExpressions(callback).flatMap(alternatives).map((returned) => ({ value: returned, key: null }));
  }
  const home = scopeOfNode(collection, scope);
  // A named collection may be filled elsewhere (`REGISTRY.push(entry)`, `handlers.set(name, fn)`).
  const inserted = (): Candidate[] => (value === node ? [] : insertedValues(value as TS.Expression, home));
  if (ts.isObjectLiteralExpression(collection)) return [...mapEntries(collection, home), ...inserted()];
  if (ts.isNewExpression(collection) && ts.isIdentifier(collection.expression) && collection.expression.text === 'Map') {
    const initial = collection.arguments?.[0] ? collectionItems(collection.arguments[0], home, depth + 1) ?? [] : [];
    // `new Map([['name', handler], …])`: the second element of each pair.
    const pairs = initial.flatMap((pair): Candidate[] => {
      const entry = stripExpression(pair.value as TS.Expression);
      if (!ts.isArrayLiteralExpression(entry) || entry.elements.length < 2) return [];
      return [{ value: entry.elements[1], key: constantText(entry.elements[0], home) }];
    });
    return [...pairs, ...inserted()];
  }
  if (!ts.isArrayLiteralExpression(collection)) return undefined;
  const items: Candidate[] = [];
  for (const element of collection.elements) {
    if (ts.isSpreadElement(element)) items.push(...(collectionItems(element.expression, home, depth + 1) ?? []));
    else if (!ts.isOmittedExpression(element)) items.push({ value: element, key: null });
  }
  return [...items, ...inserted()];
}

/**
 * When `identifier` is a loop variable over a collection, the values it takes:
 * `for (const tool of tools)`, `tools.forEach((tool) => …)`, `Object.entries(handlers).forEach(([name, handler]) => …)`,
 * `for (const [name, handler] of Object.entries(handlers))`, and `({ name, handler })` destructuring.
 */
function loopItems(identifier: TS.Identifier, scope: ResolveScope): Candidate[] | undefined {
  const binding = loopBinding(identifier);
  if (!binding) return undefined;
  const collection = stripExpression(binding.collection);
  const isEntries = ts.isCallExpression(collection) && ts.isPropertyAccessExpression(collection.expression) && collection.expression.name.text === 'entries';
  const items = collectionItems(binding.collection, scope);
  if (!items) return undefined;
  const [first, ...rest] = binding.path;
  if (first === undefined) return items;
  if (rest.length > 0) return [];
  if (isEntries && typeof first === 'number') {
    // [key, value] pairs: index 1 is the value (index 0, the key, holds no handler).
    return first === 1 ? items : [];
  }
  if (typeof first !== 'string') return [];
  return items.flatMap((item): Candidate[] => {
    const member = memberOf(item.value, first, scope);
    return member ? [{ value: member, key: item.key ?? nameOf(item.value, scope) }] : [];
  });
}

/** Where a loop variable comes from, and the path from the element to it (`[1]`, `'handler'`). */
function loopBinding(identifier: TS.Identifier): { collection: TS.Expression; path: Array<string | number> } | undefined {
  const name = identifier.text;
  for (let current: TS.Node | undefined = identifier.parent; current; current = current.parent) {
    if (ts.isForOfStatement(current) && ts.isVariableDeclarationList(current.initializer)) {
      for (const declaration of current.initializer.declarations) {
        const path = bindingPath(declaration.name, name);
        if (path) return { collection: current.expression, path };
      }
    }
    if (isFunctionLike(current)) {
      const [first, ...others] = current.parameters;
      const path = first ? bindingPath(first.name, name) : undefined;
      if (path) {
        const call = current.parent;
        const isElementCallback = ts.isCallExpression(call) && call.arguments[0] === current && ts.isPropertyAccessExpression(call.expression) && ELEMENT_CALLBACK_METHODS.has(call.expression.name.text);
        return isElementCallback ? { collection: (call.expression as TS.PropertyAccessExpression).expression, path } : undefined;
      }
      // A parameter of an enclosing function that binds the name is not a loop variable.
      if (others.some((candidate) => bindingPath(candidate.name, name))) return undefined;
    }
    if (ts.isBlock(current) && current.statements.some((statement) => ts.isVariableStatement(statement) && statement.declarationList.declarations.some((declaration) => bindingPath(declaration.name, name)))) return undefined;
  }
  return undefined;
}

function bindingPath(binding: TS.BindingName, name: string): Array<string | number> | undefined {
  if (ts.isIdentifier(binding)) return binding.text === name ? [] : undefined;
  if (ts.isArrayBindingPattern(binding)) {
    for (const [index, element] of binding.elements.entries()) {
      if (ts.isOmittedExpression(element)) continue;
      const rest = bindingPath(element.name, name);
      if (rest) return [index, ...rest];
    }
    return undefined;
  }
  for (const element of binding.elements) {
    const rest = bindingPath(element.name, name);
    if (rest) {
      const key = element.propertyName ? propertyName(element.propertyName) : ts.isIdentifier(element.name) ? element.name.text : null;
      return key === null ? undefined : [key, ...rest];
    }
  }
  return undefined;
}
