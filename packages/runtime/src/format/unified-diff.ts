/**
 * `mcp-result-kit/unified-diff`: a real unified diff. A separate entry point because it needs the
 * `diff` package (an optional peer dependency); the main entry loads nothing but its own code.
 *
 * Only `structuredPatch` is used, which every `diff` from 4 to 9 has with the same hunks, and the
 * text is written here: so whichever of those majors a server already has serves, and npm never
 * moves the server's own copy to satisfy the peer range (test/package/install.test.ts).
 */
import { structuredPatch } from 'diff';
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

  const lines = [`--- a/${path}`, `+++ b/${path}`];
  // diff 4 and 5 mark a missing newline on the empty side of a created or deleted file.
  if (oldText === '' || newText === '') {
    const side = wholeFile(oldText === '' ? '+' : '-', oldText || newText);
    lines.push(oldText === '' ? `@@ -0,0 +1,${side.count} @@` : `@@ -1,${side.count} +0,0 @@`, ...side.lines);
    return lines.join('\n');
  }
  for (const hunk of structuredPatch(`a/${path}`, `b/${path}`, oldText, newText, undefined, undefined, { context }).hunks) {
    // A hunk of 0 lines starts one line earlier (the unified format's rule, as `diff` writes it).
    const oldStart = hunk.oldLines === 0 ? hunk.oldStart - 1 : hunk.oldStart;
    const newStart = hunk.newLines === 0 ? hunk.newStart - 1 : hunk.newStart;
    lines.push(`@@ -${oldStart},${hunk.oldLines} +${newStart},${hunk.newLines} @@`, ...hunk.lines);
  }
  return lines.join('\n');
}

/** Every line of a file added or removed. */
function wholeFile(sign: string, text: string): { count: number; lines: string[] } {
  const complete = text.endsWith('\n');
  const lines = (complete ? text.slice(0, -1) : text).split('\n').map((line) => sign + line);
  return { count: lines.length, lines: complete ? lines : [...lines, '\\ No newline at end of file'] };
}
