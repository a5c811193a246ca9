import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { skipTypeWrappers } from '../declarations.js';
import { propertyName } from '../syntax.js';
import { argumentsForParameter, scopeOfNode } from './collections.js';
import { classDeclarationOf, importedDeclaration, isFunctionValue, type ResolveScope } from './resolve.js';

/**
 * Instances of the project's own classes, followed by value: what `x` in `x.method()` was created
 * as. `new ToolRegistry()` in a const, an import, a parameter (what each caller passes), a field of
 * the class (`this.registry`, initialised where it is declared or in the constructor), or `this`.
 * A class whose instance is passed around (a registry, an API client) is then read like a module:
 * its methods are functions, its fields collections.
 */

const MAX_DEPTH = 5;

function strip(expression: TS.Expression): TS.Expression {
  let node = skipTypeWrappers(expression);
  while (ts.isNonNullExpression(node) || ts.isParenthesizedExpression(node) || ts.isAwaitExpression(node)) node = skipTypeWrappers(node.expression);
  return node;
}

/** The project classes `expression` may be an instance of (none when it cannot be followed). */
export function instanceClasses(expression: TS.Expression, scope: ResolveScope, depth = 0): TS.ClassLikeDeclaration[] {
  if (depth > MAX_DEPTH) return [];
  const node = strip(expression);
  // A receiver that is a parameter leads to the callers, whose receivers may lead back here.
  if (following.has(node)) return [];
  following.add(node);
  try {
    return followInstance(node, scope, depth);
  } finally {
    following.delete(node);
  }
}

const following = new Set<TS.Node>();

function followInstance(node: TS.Expression, scope: ResolveScope, depth: number): TS.ClassLikeDeclaration[] {
  const home = scopeOfNode(node, scope);
  if (node.kind === ts.SyntaxKind.ThisKeyword) {
    const owner = enclosingClass(node);
    return owner ? [owner] : [];
  }
  if (ts.isNewExpression(node)) {
    const created = classDeclarationOf(node.expression, home);
    return created && !created.getSourceFile().isDeclarationFile ? [created] : [];
  }
  if (ts.isPropertyAccessExpression(node) && strip(node.expression).kind === ts.SyntaxKind.ThisKeyword) {
    const owner = enclosingClass(node);
    return owner ? fieldValues(owner, node.name.text).flatMap((value) => instanceClasses(value, home, depth + 1)) : [];
  }
  if (!ts.isIdentifier(node)) return [];
  const declaration = home.locals.declarationOf(node);
  if (declaration && ts.isParameter(declaration)) {
    // `function registerAll(registry, client) { … }`: what its callers pass.
    const passed = argumentsForParameter({ value: node, key: null }, home).filter((item) => item.value !== node && !isFunctionValue(item.value));
    return unique(passed.flatMap((item) => instanceClasses(item.value as TS.Expression, scopeOfNode(item.value, home), depth + 1)));
  }
  if (declaration && ts.isVariableDeclaration(declaration)) {
    return declaration.initializer && ts.isIdentifier(declaration.name) ? instanceClasses(declaration.initializer, home, depth + 1) : [];
  }
  if (declaration) return [];
  const imported = importedDeclaration(node, home);
  if (imported?.kind === 'declaration') {
    const exported = imported.node;
    if (ts.isVariableDeclaration(exported) && exported.initializer) return instanceClasses(exported.initializer, scopeOfNode(exported, home), depth + 1);
    if (ts.isNewExpression(exported)) return instanceClasses(exported, scopeOfNode(exported, home), depth + 1);
  }
  return [];
}

/** `x.method` where x is an instance of one project class that has that method. */
export function instanceMethod(callee: TS.PropertyAccessExpression, scope: ResolveScope): TS.SignatureDeclaration | undefined {
  const classes = instanceClasses(callee.expression, scope);
  if (classes.length !== 1) return undefined;
  return ownMethod(classes[0], callee.name.text);
}

function ownMethod(classNode: TS.ClassLikeDeclaration, name: string): TS.SignatureDeclaration | undefined {
  for (const member of classNode.members) {
    if (propertyName(member.name) !== name) continue;
    if (ts.isMethodDeclaration(member) && member.body) return member;
    if (ts.isPropertyDeclaration(member) && member.initializer) {
      const init = skipTypeWrappers(member.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
  }
  return undefined;
}

/**
 * What a field of a class is given: its initializer (`private tools = new Map()`) and each
 * `this.tools = …` in the constructor. Emptying it later (`clear() { this.tools = [] }`) gives it
 * nothing new to hold.
 */
export function fieldValues(classNode: TS.ClassLikeDeclaration, name: string): TS.Expression[] {
  const values: TS.Expression[] = [];
  for (const member of classNode.members) {
    if (ts.isPropertyDeclaration(member) && propertyName(member.name) === name && member.initializer) values.push(member.initializer);
    if (ts.isConstructorDeclaration(member) && member.body) {
      for (const statement of member.body.statements) {
        if (!ts.isExpressionStatement(statement) || !ts.isBinaryExpression(statement.expression) || statement.expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
        const target = statement.expression.left;
        if (ts.isPropertyAccessExpression(target) && target.expression.kind === ts.SyntaxKind.ThisKeyword && target.name.text === name) values.push(statement.expression.right);
      }
    }
  }
  return values;
}

/**
 * The collection a class field holds, as declared: `this.tools` (or `registry.tools` of an instance)
 * → the `[]` or `new Map()` it is initialised with, which the class's methods then fill.
 */
export function fieldCollection(expression: TS.Expression, scope: ResolveScope): TS.Expression | undefined {
  const node = strip(expression);
  if (!ts.isPropertyAccessExpression(node)) return undefined;
  const owner = strip(node.expression);
  const classes = owner.kind === ts.SyntaxKind.ThisKeyword ? [enclosingClass(node)].filter((found) => found !== undefined) : instanceClasses(owner, scope);
  if (classes.length !== 1) return undefined;
  return fieldValues(classes[0], node.name.text).map(strip).find((value) => ts.isArrayLiteralExpression(value) || ts.isObjectLiteralExpression(value) || ts.isNewExpression(value));
}

export function enclosingClass(node: TS.Node): TS.ClassLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) if (ts.isClassLike(current)) return current;
  return undefined;
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}
