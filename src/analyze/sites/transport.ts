import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { isNullish } from '../rewrites.js';
import { getPropertyValue, isJsonStringifyCall, propertyName, stringLiteralText, unwrap } from '../syntax.js';

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
