import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { LocalDeclarations, skipTypeWrappers } from '../declarations.js';
import { constantText, functionOf, isFunctionValue, valueOf, type ResolveScope, type Value } from './resolve.js';
import { fieldCollection, instanceMethod } from './instances.js';

/** One value a collection may hold, and the tool name it is stored under when that is known. */
export interface StoredValue {
  value: Value;
  key: string | null;
}

// A registry filled by a function (`addToCatalog(entry)`) is filled by its callers: this many at most.
const MAX_FILLING_CALLS = 2_000;
// Methods that put a value into an array (`push`, `unshift`) or a Map (`set(key, value)`).
const INSERTING_METHODS: ReadonlySet<string> = new Set(['push', 'unshift', 'set']);

const localsByFile = new WeakMap<TS.SourceFile, LocalDeclarations>();
// What a collection holds is asked for every lookup of it: found once per project and collection.
const insertedByProject = new WeakMap<object, WeakMap<TS.Expression, StoredValue[]>>();
const WITHOUT_PROJECT = {};

/** A resolve scope for a node of another file: its own declarations, the same project and checker. */
export function scopeOfNode(node: TS.Node, scope: ResolveScope): ResolveScope {
  const sourceFile = node.getSourceFile();
  if (sourceFile === scope.sourceFile) return scope;
  let locals = localsByFile.get(sourceFile);
  if (!locals) {
    locals = new LocalDeclarations(sourceFile);
    localsByFile.set(sourceFile, locals);
  }
  return { ...scope, sourceFile, locals };
}

/**
 * What code elsewhere puts into a collection that starts empty or small: `REGISTRY.push(entry)`,
 * `handlers.set('name', fn)`, `handlers[name] = fn`. The collection is the array literal, object
 * literal or `new Map()` a const was initialised with; a write counts when its receiver denotes that
 * same node. A value that is a parameter of the function doing the write (`function add(entry) {
 * REGISTRY.push(entry) }`) stands for the arguments of that function's calls across the project.
 */
export function insertedValues(collection: TS.Expression, scope: ResolveScope): StoredValue[] {
  let known = insertedByProject.get(scope.project ?? WITHOUT_PROJECT);
  if (!known) {
    known = new WeakMap();
    insertedByProject.set(scope.project ?? WITHOUT_PROJECT, known);
  }
  let values = known.get(collection);
  if (!values) {
    values = findInsertedValues(collection, scope);
    known.set(collection, values);
  }
  return values;
}

function findInsertedValues(collection: TS.Expression, scope: ResolveScope): StoredValue[] {
  const home = collection.getSourceFile();
  const writes: StoredValue[] = [];
  const isThisCollection = (receiver: TS.Expression, at: TS.Node): boolean => {
    const home = scopeOfNode(at, scope);
    const denoted = valueOf(receiver, home) ?? fieldCollection(receiver, home);
    return denoted !== undefined && !isFunctionValue(denoted) && skipTypeWrappers(denoted) === collection;
  };
  for (const call of callsNamed(INSERTING_METHODS, home, scope)) {
    const callee = call.expression;
    if (!ts.isPropertyAccessExpression(callee) || !isThisCollection(callee.expression, call)) continue;
    if (callee.name.text === 'set') {
      const [key, value] = call.arguments;
      if (value) writes.push({ value, key: constantText(key, scopeOfNode(call, scope)) });
    } else {
      for (const argument of call.arguments) writes.push({ value: ts.isSpreadElement(argument) ? argument.expression : argument, key: null });
    }
  }
  // `handlers[name] = fn` / `handlers.name = fn`: assignments are looked for in the collection's own file.
  const visit = (node: TS.Node): void => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const target = skipTypeWrappers(node.left);
      if ((ts.isElementAccessExpression(target) || ts.isPropertyAccessExpression(target)) && isThisCollection(target.expression, node)) {
        const key = ts.isElementAccessExpression(target) ? constantText(target.argumentExpression, scopeOfNode(node, scope)) : target.name.text;
        writes.push({ value: node.right, key });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(home);
  return writes.flatMap((write) => argumentsForParameter(write, scope));
}

/** A stored parameter stands for what each caller of its function passes there; any other value for itself. */
export function argumentsForParameter(stored: StoredValue, scope: ResolveScope): StoredValue[] {
  const value = skipTypeWrappers(stored.value as TS.Expression);
  if (!ts.isIdentifier(value)) return [stored];
  const local = scopeOfNode(value, scope).locals.declarationOf(value);
  if (!local || !ts.isParameter(local) || !ts.isIdentifier(local.name)) return [stored];
  const fn = local.parent;
  const index = fn.parameters.indexOf(local);
  const name = fn.name && ts.isIdentifier(fn.name) ? fn.name.text : declaredNameOf(fn);
  if (name === null) return [];
  const passed: StoredValue[] = [];
  for (const call of callsNamed(new Set([name]), fn.getSourceFile(), scope).slice(0, MAX_FILLING_CALLS)) {
    const argument = call.arguments[index];
    if (!argument || !callReaches(call, fn, scopeOfNode(call, scope))) continue;
    passed.push({ value: argument, key: stored.key });
  }
  return passed;
}

/** Does the call reach `fn`: by name, or as the method of an instance of its class (`registry.register(tool)`)? */
function callReaches(call: TS.CallExpression, fn: TS.SignatureDeclaration, scope: ResolveScope): boolean {
  if (functionOf(call.expression, scope) === fn) return true;
  const callee = skipTypeWrappers(call.expression);
  return ts.isMethodDeclaration(fn) && ts.isPropertyAccessExpression(callee) && instanceMethod(callee, scope) === fn;
}

/**
 * The calls whose callee's last name is one of `names`: the project's index, or, without a project
 * (one file linted on its own), the calls in `fallbackFile`.
 */
function callsNamed(names: ReadonlySet<string>, fallbackFile: TS.SourceFile, scope: ResolveScope): readonly TS.CallExpression[] {
  const project = scope.project;
  if (project) return [...names].flatMap((name) => project.callsNamed(name));
  const calls: TS.CallExpression[] = [];
  const visit = (node: TS.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
      if (name !== null && names.has(name)) calls.push(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(fallbackFile);
  return calls;
}

function declaredNameOf(fn: TS.SignatureDeclaration): string | null {
  const parent = fn.parent;
  return ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name) ? parent.name.text : null;
}
