import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import type { LocalDeclarations } from '../declarations.js';
import { isNullish } from '../rewrites.js';
import { COMPARISON_OPERATORS, getPropertyValue, isInside, isJsonStringifyCall, propertyName, stringLiteralText, unwrap, withoutParentheses } from '../syntax.js';

/**
 * The transport-wrapper shape: one text item that serialises whatever a handler returned
 * (`typeof r === 'string' ? r : JSON.stringify(r, null, 2)`). Shared by site classification
 * (the wrapper's own site) and discovery (what a handler behind such a wrapper may return).
 */

/** Keys of a result literal other than the three every helper sets. */
export function otherKeys(object: TS.ObjectLiteralExpression): TS.ObjectLiteralElementLike[] {
  return object.properties.filter((property) => ts.isSpreadAssignment(property) || !['content', 'structuredContent', 'isError'].includes(propertyName(property.name) ?? ''));
}

export function isTextItem(element: TS.Expression): TS.ObjectLiteralExpression | null {
  const item = unwrap(element);
  if (!ts.isObjectLiteralExpression(item)) return null;
  const type = getPropertyValue(item, 'type');
  if (!type || ts.isMethodDeclaration(type) || stringLiteralText(unwrap(type)) !== 'text') return null;
  return item;
}

/** The `text` of `[{ type: 'text', text }]` with nothing else in the item or the array. */
export function singleTextItem(content: TS.ArrayLiteralExpression): TS.Expression | null {
  if (content.elements.length !== 1) return null;
  const item = isTextItem(content.elements[0]);
  if (!item || item.properties.length !== 2) return null;
  const text = getPropertyValue(item, 'text');
  return text && !ts.isMethodDeclaration(text) ? text : null;
}

/** `typeof r === 'string' ? r : JSON.stringify(r, null, 2)` (either orientation). */
export function transportWrapperValue(text: TS.Expression): { value: TS.Expression; indentIsTwo: boolean } | null {
  const conditional = unwrap(text);
  if (!ts.isConditionalExpression(conditional)) return null;
  const test = unwrap(conditional.condition);
  if (!ts.isBinaryExpression(test)) return null;
  const operator = test.operatorToken.kind;
  const equal = operator === ts.SyntaxKind.EqualsEqualsEqualsToken || operator === ts.SyntaxKind.EqualsEqualsToken;
  const notEqual = operator === ts.SyntaxKind.ExclamationEqualsEqualsToken || operator === ts.SyntaxKind.ExclamationEqualsToken;
  if (!equal && !notEqual) return null;
  const typeofSide = ts.isTypeOfExpression(test.left) ? test.left : ts.isTypeOfExpression(test.right) ? test.right : null;
  const literalSide = typeofSide === test.left ? test.right : test.left;
  if (!typeofSide || stringLiteralText(literalSide) !== 'string') return null;
  const subject = unwrap(typeofSide.expression).getText();
  const stringBranch = equal ? conditional.whenTrue : conditional.whenFalse;
  const otherBranch = equal ? conditional.whenFalse : conditional.whenTrue;
  if (unwrap(stringBranch).getText() !== subject || !isJsonStringifyCall(otherBranch)) return null;
  const call = unwrap(otherBranch) as TS.CallExpression;
  if (!call.arguments[0] || unwrap(call.arguments[0]).getText() !== subject) return null;
  const indent = call.arguments[2];
  return { value: unwrap(typeofSide.expression), indentIsTwo: indent !== undefined && ts.isNumericLiteral(indent) && indent.text === '2' && (!call.arguments[1] || isNullish(call.arguments[1])) };
}

/**
 * A result literal that serialises a value this way: `rewritable` when it is exactly what
 * `toCallToolResult(value)` writes (nothing else in the literal, indent 2), `review` otherwise.
 */
export function transportLiteral(object: TS.ObjectLiteralExpression): 'rewritable' | 'review' | null {
  const content = getPropertyValue(object, 'content');
  if (!content || ts.isMethodDeclaration(content)) return null;
  const array = unwrap(content);
  const text = ts.isArrayLiteralExpression(array) ? singleTextItem(array) : null;
  const wrapped = text ? transportWrapperValue(text) : null;
  if (!wrapped) return null;
  return otherKeys(object).length === 0 && getPropertyValue(object, 'isError') === undefined && wrapped.indentIsTwo ? 'rewritable' : 'review';
}

/** The `text` of every text item of a content array literal. */
export function textValues(content: TS.ArrayLiteralExpression): TS.Expression[] {
  return content.elements.flatMap((element) => {
    const item = isTextItem(element);
    const text = item ? getPropertyValue(item, 'text') : undefined;
    return text && !ts.isMethodDeclaration(text) ? [text] : [];
  });
}

/**
 * A transport's text derived from the value a looked-up tool handler returned, as
 * `toCallToolResult(value)` would write it: `rewritable` with the expression holding the value and
 * the statements that only build the text (`let text; if (typeof result === 'string') text =
 * result; else text = JSON.stringify(result, null, 2);`), which the rewrite removes; or a reason
 * to leave it for review.
 */
export type DerivedText = { rewritable: true; value: TS.Expression; removed: TS.Statement[]; ownFailures: TS.Expression[] } | { rewritable: false; reason: string };

export interface DerivationScope {
  readonly sourceFile: TS.SourceFile;
  readonly locals: LocalDeclarations;
  /** Does the expression hold the handler's own value, as it came back? */
  isHandlerValue(expression: TS.Expression): boolean;
  /** Is the expression's type known (type-aware) never to be a string? */
  isNeverString(expression: TS.Expression): boolean;
  /** The result's `isError` value, when it has one: the test that picks the transport's own failure text. */
  readonly failureFlag?: TS.Expression;
}

/**
 * How a transport turns the handler's value into the text of its one text item (`text` of
 * `return { content: [{ type: 'text', text }] }`): each way the text can be made must be the
 * value itself, `String(value)`, or `JSON.stringify(value, null, 2)`, through `?:` and through a
 * local assigned only in the statements before the return, under tests that do nothing but test.
 * Anything else changes what a client reads once the transport hands the value to
 * `toCallToolResult`, and the reason says what.
 */
export function derivedText(text: TS.Expression, result: TS.ObjectLiteralExpression, scope: DerivationScope): DerivedText {
  const node = unwrap(text);
  let forms: TS.Expression[] = [node];
  let removed: TS.Statement[] = [];
  let returned: TS.ReturnStatement | undefined;
  let boundary: TS.Node = result;
  if (ts.isIdentifier(node)) {
    const declaration = scope.locals.variableFor(node);
    if (!declaration) return review(`the text \`${node.text}\` is not a local of the transport; return toCallToolResult(<the tool's value>) by hand`);
    const local = localText(declaration, node, result, scope);
    if ('reason' in local) return review(local.reason);
    ({ forms, removed, returned } = local);
    boundary = returned.parent;
  }
  let value: TS.Expression | undefined;
  const ownFailures: TS.Expression[] = [];
  for (const form of forms) {
    for (const leaf of conditionalLeaves(form)) {
      if ('reason' in leaf) return review(leaf.reason);
      const judged = judgeLeaf(leaf.expression, boundary, scope);
      if ('reason' in judged && isOwnFailure(leaf, scope)) {
        ownFailures.push(leaf.expression);
        continue;
      }
      if ('reason' in judged) return review(judged.reason);
      if (value && value.getText(scope.sourceFile) !== judged.value.getText(scope.sourceFile)) return review(`the text is made from two expressions (\`${excerpt(value, scope)}\`, \`${excerpt(judged.value, scope)}\`); return toCallToolResult(<the tool's value>) by hand`);
      value ??= judged.value;
    }
  }
  if (!value) return review("the text is not made from the tool's value; return toCallToolResult(<the tool's value>) by hand");
  // With failures of its own the text stays where it is made: the value need not be moved.
  if (returned && ownFailures.length === 0 && !inScopeAt(value, returned, scope)) return review(`\`${excerpt(value, scope)}\` is not in scope where the result is returned; return toCallToolResult(<the tool's value>) by hand`);
  if (ownFailures.length > 0 && !scope.isHandlerValue(value)) return review(`the text is the tool's value made into text (\`${excerpt(value, scope)}\`) or the transport's own failure text; return toCallToolResult(<the tool's value>) by hand`);
  return { rewritable: true, value, removed, ownFailures };
}

/**
 * `C ? value : JSON.stringify({ error: 'Unknown tool' })` in a result flagged `isError: !C`: the
 * branch the flag marks as the failure, text of the transport's own that does not read the value.
 */
function isOwnFailure(leaf: ConditionalLeaf, scope: DerivationScope): boolean {
  const flag = scope.failureFlag ? compact(scope.failureFlag) : undefined;
  if (flag === undefined || mentionsValue(leaf.expression, scope)) return false;
  return leaf.path.some(({ test, whenTrue }) => flag === (whenTrue ? compact(test) : `!${parenthesised(test)}`) || (!whenTrue && flag === `!(${compact(test)})`));
}

function compact(node: TS.Node): string {
  return withoutParentheses(node as TS.Expression).getText().replace(/\s+/g, '');
}

/** `!x`, `!a.b`, `!a[b]` as written without parentheses; anything else `!(…)`. */
function parenthesised(test: TS.Expression): string {
  const node = withoutParentheses(test);
  const simple = ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node) || ts.isCallExpression(node);
  return simple ? compact(node) : `(${compact(node)})`;
}

function review(reason: string): DerivedText {
  return { rewritable: false, reason };
}

interface LocalText {
  forms: TS.Expression[];
  removed: TS.Statement[];
  returned: TS.ReturnStatement;
}

/**
 * `let text; if (…) text = a; else text = b;` before `return { content: [{ type: 'text', text }] }`
 * in the same block: the values the local may hold, and the statements that do nothing but set it.
 */
function localText(declaration: TS.VariableDeclaration, reference: TS.Identifier, result: TS.ObjectLiteralExpression, scope: DerivationScope): LocalText | { reason: string } {
  const name = reference.text;
  const list = declaration.parent;
  const statement = list.parent;
  if (!ts.isIdentifier(declaration.name) || !ts.isVariableDeclarationList(list) || list.declarations.length !== 1 || !ts.isVariableStatement(statement)) {
    return { reason: `\`${name}\` is declared with other variables; return toCallToolResult(<the tool's value>) by hand` };
  }
  let returned: TS.Node = result;
  while (ts.isParenthesizedExpression(returned.parent) || ts.isAsExpression(returned.parent) || ts.isSatisfiesExpression(returned.parent)) returned = returned.parent;
  const returnStatement = returned.parent;
  if (!ts.isReturnStatement(returnStatement)) return { reason: `the result that holds \`${name}\` is not returned where it is built; return toCallToolResult(<the tool's value>) by hand` };
  if (!ts.isBlock(returnStatement.parent) || statement.parent !== returnStatement.parent) {
    return { reason: `\`${name}\` is set in another block than the one that returns the result; return toCallToolResult(<the tool's value>) by hand` };
  }
  const block = returnStatement.parent;
  const forms: TS.Expression[] = declaration.initializer ? [declaration.initializer] : [];
  const tops = new Set<TS.Statement>([statement]);
  for (const use of references(block, declaration, scope)) {
    if (use === reference || use === declaration.name) continue;
    const parent = withoutParentheses(use).parent;
    const assigned = ts.isBinaryExpression(parent) && parent.left === use ? parent : undefined;
    if (assigned && assigned.operatorToken.kind !== ts.SyntaxKind.EqualsToken) {
      return { reason: `the transport adds other text to the tool's value (\`${excerpt(assigned, scope)}\`, line ${lineOf(assigned, scope)}); toCallToolResult(value) would drop it` };
    }
    if (!assigned || !ts.isExpressionStatement(assigned.parent)) {
      return { reason: `the transport also reads \`${name}\` at line ${lineOf(use, scope)}; return toCallToolResult(<the tool's value>) by hand` };
    }
    const top = topStatement(assigned.parent, block);
    if (!top || top.pos > returnStatement.pos || !onlySets(top, declaration, scope)) {
      return { reason: `\`${name}\` is set among other work (line ${lineOf(assigned, scope)}); return toCallToolResult(<the tool's value>) by hand` };
    }
    tops.add(top);
    forms.push(assigned.right);
  }
  return { forms, removed: [...tops].sort((a, b) => a.pos - b.pos), returned: returnStatement };
}

/** Identifiers in `block` that name `declaration`. */
function references(block: TS.Block, declaration: TS.VariableDeclaration, scope: DerivationScope): TS.Identifier[] {
  const found: TS.Identifier[] = [];
  const name = (declaration.name as TS.Identifier).text;
  const visit = (node: TS.Node): void => {
    if (ts.isIdentifier(node) && node.text === name && !isMemberName(node) && scope.locals.declarationOf(node) === declaration) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(block);
  return found;
}

/** `text` in `{ text: … }` or `x.text`: a name, not a reference. */
function isMemberName(node: TS.Identifier): boolean {
  const parent = node.parent;
  return ((ts.isPropertyAssignment(parent) || ts.isPropertyAccessExpression(parent) || ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent)) && parent.name === node) || (ts.isBindingElement(parent) && parent.propertyName === node);
}

/** The statement of `block` that holds `node`. */
function topStatement(node: TS.Node, block: TS.Block): TS.Statement | undefined {
  let current = node;
  while (current.parent && current.parent !== block) current = current.parent;
  return current.parent === block ? (current as TS.Statement) : undefined;
}

/** A statement that only sets the local: `x = …;`, blocks of those, and `if`s over them with plain tests. */
function onlySets(statement: TS.Statement, declaration: TS.VariableDeclaration, scope: DerivationScope): boolean {
  if (ts.isEmptyStatement(statement)) return true;
  if (ts.isBlock(statement)) return statement.statements.every((inner) => onlySets(inner, declaration, scope));
  if (ts.isIfStatement(statement)) return isPlainTest(statement.expression) && onlySets(statement.thenStatement, declaration, scope) && (!statement.elseStatement || onlySets(statement.elseStatement, declaration, scope));
  if (!ts.isExpressionStatement(statement)) return false;
  const expression = withoutParentheses(statement.expression);
  return ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(expression.left) && scope.locals.declarationOf(expression.left) === declaration;
}

const TEST_OPERATORS: ReadonlySet<TS.SyntaxKind> = new Set([
  ...COMPARISON_OPERATORS,
  ts.SyntaxKind.AmpersandAmpersandToken,
  ts.SyntaxKind.BarBarToken,
  ts.SyntaxKind.QuestionQuestionToken,
  ts.SyntaxKind.InKeyword,
  ts.SyntaxKind.InstanceOfKeyword,
]);

/**
 * A test that only tests (`typeof r === 'string'`, `r && typeof r === 'object' && 'summary' in r`,
 * `Array.isArray(r)`): removing it with the branches it chooses between changes nothing else.
 */
function isPlainTest(expression: TS.Expression): boolean {
  const node = withoutParentheses(expression);
  if (ts.isIdentifier(node) || ts.isStringLiteral(node) || ts.isNumericLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return true;
  if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword || node.kind === ts.SyntaxKind.NullKeyword) return true;
  if (ts.isTypeOfExpression(node)) return isPlainTest(node.expression);
  if (ts.isPrefixUnaryExpression(node)) return node.operator === ts.SyntaxKind.ExclamationToken && isPlainTest(node.operand);
  if (ts.isPropertyAccessExpression(node)) return isPlainTest(node.expression);
  if (ts.isElementAccessExpression(node)) return isPlainTest(node.expression) && isPlainTest(node.argumentExpression);
  if (ts.isBinaryExpression(node)) return TEST_OPERATORS.has(node.operatorToken.kind) && isPlainTest(node.left) && isPlainTest(node.right);
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    return ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'Array' && callee.name.text === 'isArray' && node.arguments.every(isPlainTest);
  }
  return false;
}

interface ConditionalLeaf {
  expression: TS.Expression;
  /** The tests on the way to this branch, and which side of each it is on. */
  path: { test: TS.Expression; whenTrue: boolean }[];
}

/** The branches of `a ? b : c` (nested), each a way the text can be made. */
function conditionalLeaves(expression: TS.Expression, path: ConditionalLeaf['path'] = []): (ConditionalLeaf | { reason: string })[] {
  const node = withoutParentheses(expression);
  if (!ts.isConditionalExpression(node)) return [{ expression: node, path }];
  if (!isPlainTest(node.condition)) return [{ reason: `the transport calls other code to choose the text (\`${node.condition.getText()}\`); return toCallToolResult(<the tool's value>) by hand` }];
  return [...conditionalLeaves(node.whenTrue, [...path, { test: node.condition, whenTrue: true }]), ...conditionalLeaves(node.whenFalse, [...path, { test: node.condition, whenTrue: false }])];
}

/**
 * One way the text is made: the value itself, `String(value)` or `JSON.stringify(value, null, 2)`
 * are what toCallToolResult writes for a string, and for data the JSON it writes (2-space indent).
 */
function judgeLeaf(leaf: TS.Expression, boundary: TS.Node, scope: DerivationScope): { value: TS.Expression } | { reason: string } {
  if (scope.isHandlerValue(leaf)) return { value: unwrap(leaf) };
  const node = unwrap(leaf);
  if (ts.isCallExpression(node) && node.arguments.length >= 1 && scope.isHandlerValue(node.arguments[0])) {
    const value = unwrap(node.arguments[0]);
    if (ts.isIdentifier(node.expression) && node.expression.text === 'String' && node.arguments.length === 1) return { value };
    if (isJsonStringifyCall(node)) {
      const [, replacer, space] = node.arguments;
      if (!((!replacer || isNullish(unwrap(replacer))) && space && isTwoSpaces(space))) {
        return { reason: `the transport writes the tool's value as \`${excerpt(node, scope)}\` and toCallToolResult writes JSON with a 2-space indent and no replacer, so the text of data would change; return toCallToolResult(value) by hand if that is wanted` };
      }
      // JSON.stringify quotes a string; toCallToolResult writes it as it is.
      if (stringExcluded(node, boundary, value) || scope.isNeverString(value)) return { value };
      return { reason: `the transport writes every value as \`${excerpt(node, scope)}\`, a string too (quoted), and toCallToolResult writes a string as it is; where the tools never return strings, return toCallToolResult(value) by hand, or test typeof ${excerpt(value, scope)} === 'string' first` };
    }
  }
  // `value || '[]'`: toCallToolResult(value || '[]') writes the same text for whatever string the
  // value was (the fallback where it was empty), and passes a result on as it is.
  if (isLiteralFallback(node, scope)) return { value: node };
  const field = fieldOfValue(node, scope);
  if (field) return { reason: `the transport reads \`${excerpt(field, scope)}\` of the tool's value instead of passing the value on; return toCallToolResult(<the tool's value>) by hand, so that tools may return results` };
  if (mentionsValue(node, scope)) return { reason: `the transport writes other text around the tool's value (\`${excerpt(node, scope)}\`), which toCallToolResult(value) would drop; return toCallToolResult(<the tool's value>) by hand` };
  return { reason: `the text may be \`${excerpt(node, scope)}\`, which is not the tool's value; return toCallToolResult(<the tool's value>) by hand` };
}

/**
 * Is `node` reached only where the value is not a string: the `else` of `typeof v === 'string'`
 * (an `if` or a `?:`, between `node` and `boundary`), or under `typeof v !== 'string'`,
 * `typeof v === 'object'` or `Array.isArray(v)`?
 */
function stringExcluded(node: TS.Node, boundary: TS.Node, value: TS.Expression): boolean {
  const subject = value.getText();
  for (let child = node, parent = node.parent; parent && child !== boundary; child = parent, parent = parent.parent) {
    const test = ts.isIfStatement(parent) ? parent.expression : ts.isConditionalExpression(parent) ? parent.condition : undefined;
    if (!test) continue;
    const otherwise = ts.isIfStatement(parent) ? parent.elseStatement : (parent as TS.ConditionalExpression).whenFalse;
    const then = ts.isIfStatement(parent) ? parent.thenStatement : (parent as TS.ConditionalExpression).whenTrue;
    if (child === otherwise && typeofTest(test, subject) === 'string') return true;
    if (child === then && excludesString(test, subject)) return true;
  }
  return false;
}

/** `typeof v === 'x'` → 'x'; `typeof v !== 'x'` → '!x'. */
function typeofTest(test: TS.Expression, subject: string): string | undefined {
  const node = withoutParentheses(test);
  if (!ts.isBinaryExpression(node)) return undefined;
  const operator = node.operatorToken.kind;
  const equal = operator === ts.SyntaxKind.EqualsEqualsEqualsToken || operator === ts.SyntaxKind.EqualsEqualsToken;
  const notEqual = operator === ts.SyntaxKind.ExclamationEqualsEqualsToken || operator === ts.SyntaxKind.ExclamationEqualsToken;
  if (!equal && !notEqual) return undefined;
  const typeofSide = ts.isTypeOfExpression(node.left) ? node.left : ts.isTypeOfExpression(node.right) ? node.right : undefined;
  const literal = typeofSide === node.left ? node.right : node.left;
  if (!typeofSide || unwrap(typeofSide.expression).getText() !== subject || !(ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal))) return undefined;
  return equal ? literal.text : `!${literal.text}`;
}

function excludesString(test: TS.Expression, subject: string): boolean {
  const node = withoutParentheses(test);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) return excludesString(node.left, subject) || excludesString(node.right, subject);
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.getText() === 'Array.isArray') return node.arguments.length === 1 && unwrap(node.arguments[0]).getText() === subject;
  const kind = typeofTest(node, subject);
  return kind !== undefined && (kind === '!string' || (!kind.startsWith('!') && kind !== 'string'));
}

function isTwoSpaces(space: TS.Expression): boolean {
  const node = unwrap(space);
  return (ts.isNumericLiteral(node) && node.text === '2') || ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && node.text === '  ');
}

/** `result.summary`, `result['data']`: a field read of the handler's value (the outermost such read). */
function fieldOfValue(node: TS.Expression, scope: DerivationScope): TS.Expression | undefined {
  let found: TS.Expression | undefined;
  const visit = (child: TS.Node): void => {
    if (found) return;
    if ((ts.isPropertyAccessExpression(child) || ts.isElementAccessExpression(child)) && scope.isHandlerValue(child.expression)) {
      found = child;
      return;
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

function mentionsValue(node: TS.Node, scope: DerivationScope): boolean {
  if (ts.isIdentifier(node) && scope.isHandlerValue(node)) return true;
  return ts.forEachChild(node, (child) => mentionsValue(child, scope) || undefined) ?? false;
}

/** `value || 'text'`, `value ?? 'text'`: a value, or a string literal in its place. Gives the value. */
export function literalFallbackValue(node: TS.Expression): TS.Expression | undefined {
  if (!ts.isBinaryExpression(node) || (node.operatorToken.kind !== ts.SyntaxKind.BarBarToken && node.operatorToken.kind !== ts.SyntaxKind.QuestionQuestionToken)) return undefined;
  const fallback = unwrap(node.right);
  return ts.isStringLiteral(fallback) || ts.isNoSubstitutionTemplateLiteral(fallback) ? node.left : undefined;
}

/** The handler's value, or a string literal in its place. */
function isLiteralFallback(node: TS.Expression, scope: DerivationScope): boolean {
  const value = literalFallbackValue(node);
  return value !== undefined && scope.isHandlerValue(value);
}

/** Is the value's variable declared where the return can read it? */
function inScopeAt(held: TS.Expression, returned: TS.ReturnStatement, scope: DerivationScope): boolean {
  const fallenBack = literalFallbackValue(held);
  const value = fallenBack ? unwrap(fallenBack) : held;
  if (!ts.isIdentifier(value)) return false;
  const declaration = scope.locals.declarationOf(value);
  if (!declaration) return false;
  const container = ts.isVariableDeclaration(declaration) && ts.isVariableDeclarationList(declaration.parent) ? declaration.parent.parent.parent : declaration.parent;
  return declaration.pos < returned.pos && isInside(returned, container);
}

function excerpt(node: TS.Node, scope: DerivationScope): string {
  const text = node.getText(scope.sourceFile).replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function lineOf(node: TS.Node, scope: DerivationScope): number {
  return scope.sourceFile.getLineAndCharacterOfPosition(node.getStart(scope.sourceFile)).line + 1;
}
