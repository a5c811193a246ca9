import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { isConstDeclaration, propertyName } from '../syntax.js';
import type { SiteScope } from './scope.js';

/** Without parentheses, `as`, `satisfies` and `!`, but with `await` (which unwrap also takes off). */
export function withoutTypes(node: TS.Expression): TS.Expression {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isNonNullExpression(current) || ts.isTypeAssertionExpression(current)) current = current.expression;
  return current;
}

/** `name` or `a.b.c`: a name or a chain of property names on one, without `?.` or `await`. */
export function isPlainReference(expression: TS.Expression): boolean {
  const inner = withoutTypes(expression);
  if (ts.isIdentifier(inner)) return true;
  return ts.isPropertyAccessExpression(inner) && !inner.questionDotToken && ts.isIdentifier(inner.name) && isPlainReference(inner.expression);
}

/** The statements of a block, a file, a case or a namespace body; undefined for any other node. */
export function statementsOf(node: TS.Node): readonly TS.Statement[] | undefined {
  return ts.isBlock(node) || ts.isSourceFile(node) || ts.isCaseClause(node) || ts.isDefaultClause(node) || ts.isModuleBlock(node) ? node.statements : undefined;
}

/**
 * The names a plain value reads (`info`, `ref.path`, `{ id: ref.id, team }`), each a const of this
 * file; null when the value is anything else (a call, an await, a `let`), which may not be the same
 * when read again.
 */
export function plainValueNames(value: TS.Expression, scope: SiteScope): Set<string> | null {
  const names = new Set<string>();
  const add = (expression: TS.Expression): boolean => {
    const inner = withoutTypes(expression);
    if (ts.isObjectLiteralExpression(inner)) {
      return inner.properties.every((property) => {
        if (ts.isShorthandPropertyAssignment(property)) return add(property.name);
        return ts.isPropertyAssignment(property) && propertyName(property.name) !== null && add(property.initializer);
      });
    }
    if (ts.isStringLiteral(inner) || ts.isNumericLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return true;
    if (!isPlainReference(inner)) return false;
    let root: TS.Expression = inner;
    while (ts.isPropertyAccessExpression(root)) root = withoutTypes(root.expression);
    if (!ts.isIdentifier(root)) return false;
    const declaration = scope.locals.declarationOf(root);
    if (!declaration || !ts.isVariableDeclaration(declaration) || !isConstDeclaration(declaration)) return false;
    names.add(root.text);
    return true;
  };
  return add(value) ? names : null;
}

/** Does the statement mention one of `names` (read, write, pass) or wait (`await`, `yield`), where other code may run? */
export function mentionsOrAwaits(statement: TS.Node, names: ReadonlySet<string>): boolean {
  let found = false;
  const visit = (node: TS.Node): void => {
    if (found) return;
    if ((ts.isIdentifier(node) && names.has(node.text) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) || ts.isAwaitExpression(node) || ts.isYieldExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(statement);
  return found;
}
