import type { SiteKind } from '../src/analyze/index.js';
import { findingToChange, findingToReview, type Transform, type TransformResult } from './types.js';

/** A transform that rewrites the analyzer's findings of some kinds with the findings' own edits. */
export function siteTransform(id: string, description: string, kinds: readonly SiteKind[]): Transform {
  const wanted = new Set<SiteKind>(kinds);
  return {
    id,
    description,
    kinds,
    apply(_sourceFile, { analysis }): TransformResult {
      const result: TransformResult = { changes: [], diagnostics: [] };
      for (const finding of analysis.findings) {
        if (!wanted.has(finding.kind)) continue;
        const change = findingToChange(id, finding);
        if (change) result.changes.push(change);
        else result.diagnostics.push(findingToReview(finding));
      }
      return result;
    },
  };
}
