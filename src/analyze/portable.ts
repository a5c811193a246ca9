/**
 * Whether an expression written in one place means the same when its text is written at another:
 * a JSON helper's replacer or indent (`JSON.stringify(data, redact, INDENT)` inside
 * `asText(data)`) moved into the options of the `jsonResult(…)` that replaces a call to the helper.
 */
import type * as TS from 'typescript';
import { ts } from '../typescript.js';

/** Per file: each declared name, and whether every declaration of it is at the top level. */
const topLevelNames = new WeakMap<TS.SourceFile, Map<string, boolean>>();

function declaredName(node: TS.Node): string | undefined {
  if ((ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node)) && ts.isIdentifier(node.name)) return node.name.text;
  if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isFunctionExpression(node) || ts.isClassExpression(node) || ts.isEnumDeclaration(node)) && node.name) return node.name.text;
  if (ts.isImportClause(node) || ts.isImportSpecifier(node) || ts.isNamespaceImport(node) || ts.isImportEqualsDeclaration(node)) return node.name?.text;
  return undefined;
}

/** Top level: a declaration whose nearest enclosing scope (function, block, class, catch) is the file. */
function isTopLevel(node: TS.Node): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isSourceFile(current)) return true;
    if (ts.isFunctionLike(current) || ts.isBlock(current) || ts.isClassLike(current) || ts.isCatchClause(current) || ts.isForStatement(current) || ts.isForOfStatement(current) || ts.isForInStatement(current)) return false;
  }
  return false;
}

function namesOf(sourceFile: TS.SourceFile): Map<string, boolean> {
  let names = topLevelNames.get(sourceFile);
  if (names) return names;
  const found = new Map<string, boolean>();
  const visit = (node: TS.Node): void => {
    const name = declaredName(node);
    if (name !== undefined) found.set(name, (found.get(name) ?? true) && isTopLevel(node));
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  names = found;
  topLevelNames.set(sourceFile, names);
  return names;
}

/** An identifier that names a value (not a property name, a label or a declaration's own name). */
function isReference(identifier: TS.Identifier): boolean {
  const parent = identifier.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === identifier) return false;
  if (ts.isQualifiedName(parent) && parent.right === identifier) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent) || ts.isGetAccessor(parent) || ts.isSetAccessor(parent)) && parent.name === identifier) return false;
  if (ts.isBindingElement(parent) && parent.propertyName === identifier) return false;
  if (declaredName(parent) === identifier.text && (parent as { name?: TS.Node }).name === identifier) return false;
  return !ts.isLabeledStatement(parent) && !ts.isBreakOrContinueStatement(parent) && !ts.isTypeReferenceNode(parent);
}

/**
 * True when `expression` can be written as it is at any place in `target` and means the same: it
 * lies in the same file, and every name it uses that it does not declare itself is declared only
 * at the file's top level (an import, a module const or function) or nowhere in the file (a global
 * such as `String`). A name the helper or the call site declares locally (a parameter, a local)
 * could mean something else at the other place, so it is not portable.
 */
export function isPortable(expression: TS.Expression, target: TS.Node): boolean {
  const sourceFile = expression.getSourceFile();
  if (target.getSourceFile() !== sourceFile) return false;
  const names = namesOf(sourceFile);
  const own = new Set<string>();
  const used: string[] = [];
  const visit = (node: TS.Node): void => {
    const name = declaredName(node);
    if (name !== undefined) own.add(name);
    if (ts.isIdentifier(node) && isReference(node)) used.push(node.text);
    if (ts.isTypeNode(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(expression);
  return used.every((name) => own.has(name) || names.get(name) !== false);
}
