import type * as TS from 'typescript';
import { ts } from '../typescript.js';
import type { ResolvedHandlerOptions } from './options.js';
import type { Rewriter } from './rewrites.js';
import { isPromiseOfString, returnExpressions } from './sites/predicates.js';
import { unwrap } from './syntax.js';
import { STRING_RESULT_KINDS, type Finding, type ReturnTypeChange } from './types.js';

/**
 * `string` / `Promise<string>` annotations of functions whose string returns were all rewritten:
 * they become `CallToolResult` / `Promise<CallToolResult>`, so the rewritten code compiles.
 */
export function returnTypeChanges(findings: readonly Finding[], unrewrittenStringReturn: ReadonlySet<TS.SignatureDeclaration>, options: ResolvedHandlerOptions, rewriter: Rewriter, sourceFile: TS.SourceFile): ReturnTypeChange[] {
  const changes: ReturnTypeChange[] = [];
  const rewrittenIn = new Map<TS.SignatureDeclaration, Finding[]>();
  for (const finding of findings) {
    if (!finding.rewrite) continue;
    const list = rewrittenIn.get(finding.returningFunction);
    if (list) list.push(finding);
    else rewrittenIn.set(finding.returningFunction, [finding]);
  }
  for (const [fn, rewritten] of rewrittenIn) {
    if (!rewritten.some((finding) => STRING_RESULT_KINDS.has(finding.kind)) || unrewrittenStringReturn.has(fn) || !fn.type) continue;
    // Any string return left unreported (e.g. not classifiable) keeps the string type honest.
    const covered = (expression: TS.Expression): boolean => {
      let node = expression;
      while (ts.isParenthesizedExpression(node)) node = node.expression;
      if (ts.isConditionalExpression(node)) return covered(node.whenTrue) && covered(node.whenFalse);
      const inner = unwrap(node);
      if (ts.isCallExpression(inner)) {
        const name = ts.isIdentifier(inner.expression) ? inner.expression.text : null;
        if (name !== null && options.resultHelpers.has(name)) return true;
      }
      const start = node.getStart(sourceFile);
      return rewritten.some((finding) => finding.start <= start && finding.end >= node.getEnd());
    };
    if (returnExpressions(fn).some((expression) => !covered(expression))) continue;
    if (fn.type.kind === ts.SyntaxKind.StringKeyword) {
      changes.push({ fn, edit: rewriter.replace(fn.type, 'CallToolResult') });
    } else if (isPromiseOfString(fn.type) && ts.isTypeReferenceNode(fn.type) && fn.type.typeArguments) {
      changes.push({ fn, edit: rewriter.replace(fn.type.typeArguments[0], 'CallToolResult') });
    }
  }
  return changes;
}
