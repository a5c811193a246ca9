import type * as TS from 'typescript';
import { ts } from '../typescript.js';
import type { Rewriter } from './rewrites.js';
import { stringReturnType } from './return-types.js';
import { returnExpressions } from './sites/predicates.js';
import { enclosingFunction, isFunctionLike, unwrap } from './syntax.js';
import type { ReturnTypeChange } from './types.js';

/**
 * Annotations that pass a changed function's value on. When a helper's `Promise<string>` becomes
 * `Promise<ToolResult>` (its returns now build results), what returns or holds its value must
 * follow, or the build breaks:
 * - `execute: async ({ url }): Promise<string> => summarise(url)` (an arrow in an object literal,
 *   FastMCP's addTool), a function `return await summarise(url)`;
 * - `const summary: string = await summarise(url)`, and the function that returns `summary`.
 * A function whose every return passes such a value on becomes `ToolResult`; one that also
 * returns text of its own becomes `string | ToolResult`, which holds both. Repeated until nothing
 * changes, so chains of helpers follow too. Only calls this file can name (a function declaration,
 * or a const holding a function) are followed.
 */
export function passThroughTypeChanges(changes: readonly ReturnTypeChange[], sourceFile: TS.SourceFile, rewriter: Rewriter): ReturnTypeChange[] {
  const changedFunctions = new Set(changes.filter((change) => !change.isErrorMember && change.widening === undefined).map((change) => change.fn));
  const changedNames = new Set<string>();
  const changedVariables = new Set<string>();
  const added: ReturnTypeChange[] = [];
  const functions: TS.SignatureDeclaration[] = [];
  const variables: TS.VariableDeclaration[] = [];
  const maps: { declaration: TS.VariableDeclaration; annotation: TS.TypeNode }[] = [];
  const visit = (node: TS.Node): void => {
    if (isFunctionLike(node) && node.type && stringReturnType(node.type, sourceFile)) functions.push(node);
    if (ts.isVariableDeclaration(node) && node.type?.kind === ts.SyntaxKind.StringKeyword && node.initializer && ts.isIdentifier(node.name)) variables.push(node);
    const functionType = ts.isVariableDeclaration(node) && node.type && node.initializer && ts.isObjectLiteralExpression(unwrap(node.initializer)) ? onlyFunctionType(node.type) : undefined;
    const annotation = functionType ? stringReturnType(functionType.type, sourceFile) : undefined;
    if (annotation) maps.push({ declaration: node as TS.VariableDeclaration, annotation });
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);

  const nameOf = (fn: TS.SignatureDeclaration): string | undefined => {
    if (ts.isFunctionDeclaration(fn) && fn.name) return fn.name.text;
    const parent = fn.parent;
    return parent && ts.isVariableDeclaration(parent) && parent.initializer === fn && ts.isIdentifier(parent.name) ? parent.name.text : undefined;
  };
  const scopeKey = (node: TS.Node, name: string) => `${enclosingFunction(node)?.pos ?? -1}:${name}`;
  const passesResult = (expression: TS.Expression): boolean => {
    const node = unwrap(expression);
    if (ts.isConditionalExpression(node)) return passesResult(node.whenTrue) && passesResult(node.whenFalse);
    if (ts.isCallExpression(node)) return ts.isIdentifier(node.expression) && changedNames.has(node.expression.text);
    return ts.isIdentifier(node) && changedVariables.has(scopeKey(node, node.text));
  };
  const isReassigned = (declaration: TS.VariableDeclaration, name: string): boolean => {
    const scope: TS.Node = enclosingFunction(declaration) ?? sourceFile;
    let found = false;
    const search = (node: TS.Node): void => {
      if (found) return;
      if (ts.isBinaryExpression(node) && ts.isIdentifier(node.left) && node.left.text === name && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) found = true;
      ts.forEachChild(node, search);
    };
    ts.forEachChild(scope, search);
    return found;
  };

  for (const fn of changedFunctions) {
    const name = nameOf(fn);
    if (name) changedNames.add(name);
  }
  for (let progress = true; progress; ) {
    progress = false;
    for (const declaration of variables) {
      const name = (declaration.name as TS.Identifier).text;
      const key = scopeKey(declaration, name);
      const home = enclosingFunction(declaration);
      if (!home || changedVariables.has(key) || !passesResult(declaration.initializer!) || isReassigned(declaration, name)) continue;
      changedVariables.add(key);
      added.push({ fn: home, edit: rewriter.replace(declaration.type!, 'ToolResult') });
      progress = true;
    }
    for (const fn of functions) {
      if (changedFunctions.has(fn)) continue;
      const returns = returnExpressions(fn);
      const passing = returns.filter(passesResult).length;
      if (passing === 0) continue;
      changedFunctions.add(fn);
      const annotation = stringReturnType(fn.type!, sourceFile)!;
      if (passing === returns.length) {
        added.push({ fn, edit: rewriter.replace(annotation, 'ToolResult') });
        const name = nameOf(fn);
        if (name) changedNames.add(name);
      } else if (annotation.kind === ts.SyntaxKind.StringKeyword) {
        added.push({ fn, edit: rewriter.replace(annotation, 'ToolResult'), widening: 'string' });
      }
      progress = true;
    }
  }
  // `const handlers: Record<string, () => Promise<string>> = { list: () => listItems(args) }`: a
  // map whose every function passes a changed function's value on holds functions returning results.
  for (const { declaration, annotation } of maps) {
    const values = (unwrap(declaration.initializer!) as TS.ObjectLiteralExpression).properties.map((property) => (ts.isPropertyAssignment(property) ? unwrap(property.initializer) : property));
    const passesOn = (value: TS.Node): boolean => {
      if (!ts.isArrowFunction(value) && !ts.isFunctionExpression(value) && !ts.isMethodDeclaration(value)) return false;
      const returns = returnExpressions(value);
      return returns.length > 0 && returns.every(passesResult);
    };
    if (values.length > 0 && values.every(passesOn)) added.push({ fn: values[0] as TS.SignatureDeclaration, edit: rewriter.replace(annotation, 'ToolResult') });
  }
  return added;
}

/** The one function type an annotation holds (`Record<string, (args: A) => Promise<string>>`, `{ [name: string]: … }`). */
function onlyFunctionType(type: TS.TypeNode): TS.FunctionTypeNode | undefined {
  const found: TS.FunctionTypeNode[] = [];
  const visit = (node: TS.Node): void => {
    if (ts.isFunctionTypeNode(node)) found.push(node);
    else ts.forEachChild(node, visit);
  };
  visit(type);
  return found.length === 1 ? found[0] : undefined;
}
