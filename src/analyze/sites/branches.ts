import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { COMPARISON_OPERATORS, errorShape, unwrap } from '../syntax.js';
import type { HelperName, Rewrite } from '../types.js';
import { jsonOrigin, jsonResultCall, jsonTextOf, proseJsonCall } from './json.js';
import { isPlainReference, plainValueNames, withoutTypes } from './references.js';
import { resultLiteralRewrite } from './result-fields.js';
import type { SiteContext, SiteScope } from './scope.js';

/**
 * A text that is a ternary of texts (`rows.length ? JSON.stringify(rows) : 'No rows'`) → a
 * ternary of results, each branch rewritten as a text of its own would be: JSON text → jsonResult,
 * failure text → errorTextResult, prose around JSON → successResult(text, data), a sentence →
 * successResult. The condition runs once, as before; every client reads each branch's text as it
 * did. Null when a branch cannot be rewritten (its prose cannot be carried, it is not known to be
 * a string) or the literal has fields a spread could not keep.
 */
export function ternaryRewrite(object: TS.ObjectLiteralExpression, text: TS.Expression, context: SiteContext, scope: SiteScope): Rewrite | null {
  const conditional = withoutTypes(text);
  if (!ts.isConditionalExpression(conditional)) return null;
  const helpers = new Set<HelperName>();
  return resultLiteralRewrite(
    object,
    (site) => {
      const call = branchesCall(conditional, site, context, scope, helpers);
      return call === null ? null : { text: call, helpers: [...helpers] };
    },
    scope,
  );
}

function branchesCall(conditional: TS.ConditionalExpression, site: TS.Node, context: SiteContext, scope: SiteScope, helpers: Set<HelperName>): string | null {
  const whenTrue = branchCall(conditional.whenTrue, site, context, scope, helpers);
  const whenFalse = whenTrue === null ? null : branchCall(conditional.whenFalse, site, context, scope, helpers);
  if (whenTrue === null || whenFalse === null) return null;
  return scope.rewriter.movedWith(conditional, site, [
    [conditional.whenTrue, whenTrue],
    [conditional.whenFalse, whenFalse],
  ]);
}

function branchCall(branch: TS.Expression, site: TS.Node, context: SiteContext, scope: SiteScope, helpers: Set<HelperName>): string | null {
  const inner = withoutTypes(branch);
  if (ts.isConditionalExpression(inner)) {
    const nested = branchesCall(inner, site, context, scope, helpers);
    return nested === null ? null : `(${nested})`;
  }
  const json = jsonTextOf(inner, scope);
  if (json) {
    const payload = json.value ? unwrap(json.value) : undefined;
    if (payload && ts.isObjectLiteralExpression(payload) && errorShape(payload)) return null;
    const call = jsonResultCall(site, json, scope);
    if (call !== null) helpers.add('jsonResult');
    return call;
  }
  if (!isStringText(inner)) return null;
  const evidence = scope.predicates.errorEvidence(inner, context.fn);
  if (evidence === 'all') {
    helpers.add('errorTextResult');
    return `errorTextResult(${scope.rewriter.moved(inner, site)})`;
  }
  if (evidence === 'some') return null;
  const origin = jsonOrigin(inner, scope);
  if (origin === 'transport') return null;
  if (origin === 'json') {
    const call = proseJsonCall(site, inner, scope);
    if (call !== null) helpers.add('successResult');
    return call;
  }
  helpers.add('successResult');
  return `successResult(${scope.rewriter.moved(inner, site)})`;
}

/** A string by its syntax: a literal, a template, or a `+` chain that starts with one. */
function isStringText(node: TS.Expression): boolean {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) return true;
  if (!ts.isBinaryExpression(node) || node.operatorToken.kind !== ts.SyntaxKind.PlusToken) return false;
  let first: TS.Expression = node;
  while (ts.isBinaryExpression(first) && first.operatorToken.kind === ts.SyntaxKind.PlusToken) first = withoutTypes(first.left);
  return ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first) || ts.isTemplateExpression(first);
}

/**
 * `` `Bulk publish: ${status}. ${status === 'failed' ? `Error: ${JSON.stringify(e)}` : 'Done.'}` ``:
 * one span of the text is a ternary whose one branch reports a failure and whose other does not,
 * and JSON appears only in the failure branch. The literal keeps its text and gains `isError:
 * <the condition>` (negated when the failure is the `else`): a failure then reads as one, and a
 * success, which carries no data, needs no structuredContent. The condition is read a second time,
 * so it must be a comparison of plain values (no call, no await). Null otherwise.
 */
export function failureBranch(text: TS.Expression, context: SiteContext, scope: SiteScope): { condition: TS.Expression; negated: boolean } | null {
  const template = withoutTypes(text);
  if (!ts.isTemplateExpression(template)) return null;
  const conditionals = template.templateSpans.filter((span) => ts.isConditionalExpression(withoutTypes(span.expression)));
  if (conditionals.length !== 1) return null;
  const conditional = withoutTypes(conditionals[0].expression) as TS.ConditionalExpression;
  if (!isPlainCondition(conditional.condition) || !readsOnlyConsts(conditional.condition, scope)) return null;
  const others = template.templateSpans.filter((span) => span !== conditionals[0]);
  if (others.some((span) => jsonOrigin(span.expression, scope) !== null)) return null;
  const reads = (branch: TS.Expression) => scope.predicates.errorEvidence(branch, context.fn);
  const [onTrue, onFalse] = [reads(conditional.whenTrue), reads(conditional.whenFalse)];
  const failure = onTrue === 'all' && onFalse === 'none' ? conditional.whenTrue : onFalse === 'all' && onTrue === 'none' ? conditional.whenFalse : null;
  if (failure === null) return null;
  const success = failure === conditional.whenTrue ? conditional.whenFalse : conditional.whenTrue;
  if (jsonOrigin(success, scope) !== null) return null;
  return { condition: conditional.condition, negated: failure === conditional.whenFalse };
}

/**
 * Every name the condition reads is a `const`: a `let` narrowed by a loop (`while (action.sys.status
 * === 'inProgress') action = …`) may not typecheck when read a second time outside the text.
 */
function readsOnlyConsts(condition: TS.Expression, scope: SiteScope): boolean {
  let onlyConsts = true;
  const visit = (node: TS.Node): void => {
    if (!onlyConsts) return;
    if (ts.isExpression(node) && isPlainReference(node)) onlyConsts = plainValueNames(node, scope) !== null;
    else ts.forEachChild(node, visit);
  };
  visit(condition);
  return onlyConsts;
}

/** `a.b === 'failed'`, `!done`, `count > 0 && ok`: plain values compared, nothing that runs code of its own. */
function isPlainCondition(node: TS.Expression): boolean {
  const inner = withoutTypes(node);
  if (ts.isParenthesizedExpression(inner)) return isPlainCondition(inner.expression);
  if (ts.isPrefixUnaryExpression(inner) && inner.operator === ts.SyntaxKind.ExclamationToken) return isPlainCondition(inner.operand);
  if (ts.isBinaryExpression(inner)) {
    const operator = inner.operatorToken.kind;
    const compares = COMPARISON_OPERATORS.has(operator) || operator === ts.SyntaxKind.AmpersandAmpersandToken || operator === ts.SyntaxKind.BarBarToken;
    return compares && isPlainCondition(inner.left) && isPlainCondition(inner.right);
  }
  return ts.isStringLiteral(inner) || ts.isNumericLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner) || inner.kind === ts.SyntaxKind.NullKeyword || inner.kind === ts.SyntaxKind.TrueKeyword || inner.kind === ts.SyntaxKind.FalseKeyword || isPlainReference(inner);
}
