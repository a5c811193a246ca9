/** A compact old/new change listing (the unified diff lives in unified-diff.ts: it needs `diff`). */
import { requireString, requireStringArray, splitLines } from './validate.js';

/**
 * A compact change summary: `Updated <path>`, a blank line, then each old line as `-  text`
 * and each new line as `+  text`. Lines are trimmed (like grep matches), so this shows *what*
 * changed, not indentation; use formatUnifiedDiff for an exact diff. An element containing
 * newlines is split into its lines.
 */
export function formatDiff(path: string, oldLines: string[], newLines: string[]): string {
  requireString('formatDiff', 'path', path);
  const removed = requireStringArray('formatDiff', 'oldLines', oldLines).flatMap(splitLines);
  const added = requireStringArray('formatDiff', 'newLines', newLines).flatMap(splitLines);
  if (removed.length === 0 && added.length === 0) return `Updated ${path}`;
  return [
    `Updated ${path}`,
    '',
    ...removed.map((line) => `-  ${line.trim()}`),
    ...added.map((line) => `+  ${line.trim()}`),
  ].join('\n');
}
