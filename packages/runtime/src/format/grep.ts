/** grep-style search output (`path:line: text`), which clients such as Claude Code colour. */
import { describeType } from '../results/json-safe.js';
import { requireInteger, requireString, requireStringArray } from './validate.js';

export interface GrepMatch {
  path: string;
  /** 1-based line number of the match. */
  line_number: number;
  /** The matching line's text. */
  match: string;
  /** Raw text of the lines just before the match, oldest first (no line-number prefix). */
  context_before?: string[];
  /** Raw text of the lines just after the match. */
  context_after?: string[];
  /** Carried for structuredContent; not shown in the text, which stays plain grep format. */
  entity_type?: string;
}

const FN = 'formatGrepMatches';

/**
 * The line exactly as in the file, indentation, tabs and trailing spaces kept: a client that
 * reads only the text copies old_string for an edit from it. Only an embedded newline (which a
 * file line cannot hold) is shown as ` ⏎ `, since it would break the `path:line:` layout.
 */
function oneLine(text: string): string {
  return text.replace(/\r?\n/g, ' ⏎ ').replace(/\r$/, '');
}

/** `path:12:text` with nothing in between, as `grep -n` prints it: the text starts right after the second separator. */
function row(prefix: string, text: string): string {
  return `${prefix}${oneLine(text)}`;
}

/**
 * Format search matches like `grep -n`: a `Found N matches for 'pattern'` header, then
 * `path:line:text` for each match and `path-line-text` for context lines, each line exactly as
 * given (indentation and tabs kept), as `grep -n -C` prints them.
 */
export function formatGrepMatches(matches: GrepMatch[], pattern: string): string {
  if (!Array.isArray(matches)) throw new TypeError(`${FN}: matches must be an array, got ${describeType(matches)}`);
  requireString(FN, 'pattern', pattern);
  if (matches.length === 0) return `No matches found for pattern: ${pattern}`;

  const word = matches.length === 1 ? 'match' : 'matches';
  const lines = [`Found ${matches.length} ${word} for '${pattern}'`, ''];
  matches.forEach((m: unknown, i) => {
    if (typeof m !== 'object' || m === null) throw new TypeError(`${FN}: matches[${i}] must be an object, got ${describeType(m)}`);
    const entry = m as Record<string, unknown>;
    const path = requireString(FN, `matches[${i}].path`, entry.path);
    const line = requireInteger(FN, `matches[${i}].line_number`, entry.line_number, 1);
    const text = requireString(FN, `matches[${i}].match`, entry.match);
    const before = entry.context_before === undefined ? [] : requireStringArray(FN, `matches[${i}].context_before`, entry.context_before);
    const after = entry.context_after === undefined ? [] : requireStringArray(FN, `matches[${i}].context_after`, entry.context_after);

    // Lines before line 1 cannot exist: keep only the entries nearest the match.
    const kept = before.slice(Math.max(0, before.length - (line - 1)));
    kept.forEach((ctx, j) => lines.push(row(`${path}-${line - kept.length + j}-`, ctx)));
    lines.push(row(`${path}:${line}:`, text));
    after.forEach((ctx, j) => lines.push(row(`${path}-${line + 1 + j}-`, ctx)));
  });
  return lines.join('\n');
}
