/** Pattern-based line classification shared by the ANSI and HTML renderers. */

export type LineKind = 'added' | 'removed' | 'grep' | 'status' | 'error' | 'success' | 'plain';

export const LINE_KINDS: readonly LineKind[] = Object.freeze([
  'added',
  'removed',
  'grep',
  'status',
  'error',
  'success',
  'plain',
]);

/** `path:line:` as produced by formatGrepMatches; `-` is allowed so `my-file.ts:3:` counts. */
const GREP_LINE = /^[\w./-]+:\d+:/;
const STATUS_LINE = /^(?:Updated|Deleted|Created|Found)\s/;

/**
 * Classify one line. The checks run in a fixed order and the first match wins: diff `+`,
 * diff `-`, grep `path:line:`, status verbs, `Error:`/`✗`, `✓`, else plain.
 */
export function classifyLine(line: string): LineKind {
  if (line.startsWith('+')) return 'added';
  if (line.startsWith('-')) return 'removed';
  if (GREP_LINE.test(line)) return 'grep';
  if (STATUS_LINE.test(line)) return 'status';
  if (line.startsWith('Error:') || line.startsWith('✗')) return 'error';
  if (line.startsWith('✓')) return 'success';
  return 'plain';
}
