/** A compact old/new change listing (the unified diff lives in unified-diff.ts: it needs `diff`). */
import { requireString, requireStringArray, splitLines } from './validate.js';

/**
 * A compact change summary: `Updated <path>`, a blank line, then each old line after the marker
 * `-  ` and each new line after `+  `. The lines follow the marker exactly (indentation and tabs
 * kept: a reader copies edits from them); use formatUnifiedDiff for a diff with context. An
 * element containing newlines is split into its lines.
 */
export function formatDiff(path: string, oldLines: string[], newLines: string[]): string {
  requireString('formatDiff', 'path', path);
  const removed = requireStringArray('formatDiff', 'oldLines', oldLines).flatMap(splitLines);
  const added = requireStringArray('formatDiff', 'newLines', newLines).flatMap(splitLines);
  if (removed.length === 0 && added.length === 0) return `Updated ${path}`;
  return [
    `Updated ${path}`,
    '',
    ...removed.map((line) => `-  ${line}`),
    ...added.map((line) => `+  ${line}`),
  ].join('\n');
}
