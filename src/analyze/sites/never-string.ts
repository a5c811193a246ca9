import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { handlerTargets } from '../discovery/targets.js';
import { unwrap } from '../syntax.js';
import { declaredShapeOfCall } from './declared.js';
import type { SiteScope } from './scope.js';

// Methods that only arrays have (a string has no map): their value is an array whatever the callback returns.
const ARRAY_METHODS = new Set(['map', 'filter', 'flatMap']);

/**
 * Without type information: does every tool a transport looks up (`await tool.handler(args)`)
 * return something that is never a string? Each return must be, on every origin, an object or
 * array literal, a number or boolean, an array method's value, or a call of a project function
 * declared to return data (`client.get(id)` where `get(): Promise<Task>`). One tool that may
 * return a string, or one the analyzer cannot see, and the answer is no: JSON.stringify would
 * quote that string and toCallToolResult would not.
 */
export function lookedUpToolsReturnNoString(registryCall: TS.CallExpression, scope: SiteScope): boolean {
  const targets = handlerTargets(unwrap(registryCall.expression), scope);
  return targets.length > 0 && targets.every((target) => returnsNoString(target.fn, scope));
}

function returnsNoString(fn: TS.SignatureDeclaration, scope: SiteScope): boolean {
  const returned = scope.flow.returnedExpressions(fn);
  // A call's declared type first: the origins walk enters the function and meets what it parses (`response.json()`).
  return returned.length > 0 && returned.every((expression) => declaresData(expression, scope) || scope.flow.origins(expression).every((origin) => isNeverStringValue(origin, scope)));
}

function declaresData(expression: TS.Expression, scope: SiteScope): boolean {
  let value = unwrap(expression);
  while (ts.isAwaitExpression(value)) value = unwrap(value.expression);
  return ts.isCallExpression(value) && declaredShapeOfCall(value, scope.flow.projectFunction(value), scope) === 'data';
}

function isNeverStringValue(origin: TS.Expression, scope: SiteScope): boolean {
  let value = unwrap(origin);
  while (ts.isAwaitExpression(value)) value = unwrap(value.expression);
  if (ts.isObjectLiteralExpression(value) || ts.isArrayLiteralExpression(value) || ts.isNumericLiteral(value)) return true;
  if (value.kind === ts.SyntaxKind.TrueKeyword || value.kind === ts.SyntaxKind.FalseKeyword || value.kind === ts.SyntaxKind.NullKeyword) return true;
  if (!ts.isCallExpression(value)) return false;
  return (ts.isPropertyAccessExpression(value.expression) && ARRAY_METHODS.has(value.expression.name.text)) || declaresData(value, scope);
}
