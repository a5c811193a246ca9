/**
 * `mcp-result-kit/unified-diff`: a real unified diff. A separate entry point because it needs the
 * `diff` package (an optional peer dependency); the main entry loads nothing but its own code.
 */
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';
import { readOptions, requireInteger, requireString } from './validate.js';

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
