/** Diff-style change output: a compact old/new listing and a real unified diff. */
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';
import { readOptions, requireInteger, requireString, requireStringArray, splitLines } from './validate.js';

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

/**
 * A unified diff (`--- a/path`, `+++ b/path`, `@@` hunks) of two versions of a file.
 *
 * CRLF is normalized to LF on both sides first, so a file's line endings do not turn every line
 * into a change; when line endings are the only difference that is said instead.
 * Identical input gives `No changes to <path>`. `context` defaults to 3 (git's default).
 */
export function formatUnifiedDiff(path: string, before: string, after: string, options?: { context?: number }): string {
  const fn = 'formatUnifiedDiff';
  requireString(fn, 'path', path);
  requireString(fn, 'before', before);
  requireString(fn, 'after', after);
  const opts = readOptions(fn, options);
  const context = opts.context === undefined ? 3 : requireInteger(fn, 'context', opts.context, 0);

  if (before === after) return `No changes to ${path}`;
  const oldText = before.replace(/\r\n/g, '\n');
  const newText = after.replace(/\r\n/g, '\n');
  if (oldText === newText) return `Line endings changed in ${path} (content unchanged)`;

  const patch = structuredPatch(`a/${path}`, `b/${path}`, oldText, newText, undefined, undefined, { context });
  return formatPatch(patch, FILE_HEADERS_ONLY).replace(/\n$/, '');
}
