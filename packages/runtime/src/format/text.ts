/** Deterministic truncation and sectioned layout for readable tool text. */
import { describeType } from '../results/json-safe.js';
import { requireInteger, requireString, requireStringArray } from './validate.js';

/** How far back from the limit a word boundary may be before a hard cut is preferred. */
const MAX_WORD_LOOKBACK = 20;

/**
 * Shorten `text` to at most `max` characters (code points, so emoji are never split), ending
 * with `…` when cut. The cut lands on whitespace if there is some within the last 20
 * characters before the limit, else mid-word. Text within the limit is returned unchanged.
 */
export function truncateText(text: string, max = 200): string {
  requireString('truncateText', 'text', text);
  requireInteger('truncateText', 'max', max, 1);
  const chars = Array.from(text);
  if (chars.length <= max) return text;

  const budget = max - 1; // one character is reserved for the ellipsis
  const floor = Math.max(1, budget - Math.min(MAX_WORD_LOOKBACK, Math.floor(budget / 2)));
  let cut = budget;
  for (let i = budget; i >= floor; i--) {
    if (/\s/.test(chars[i])) {
      cut = i;
      break;
    }
  }
  const kept = chars.slice(0, cut).join('').trimEnd();
  return `${kept === '' ? chars.slice(0, budget).join('') : kept}…`;
}

/**
 * The first `max` items, plus a `... (+N more)` line when some were left out. Always a new
 * array.
 */
export function truncateList(items: string[], max = 5): string[] {
  requireStringArray('truncateList', 'items', items);
  requireInteger('truncateList', 'max', max, 0);
  if (items.length <= max) return [...items];
  return [...items.slice(0, max), `... (+${items.length - max} more)`];
}

export interface Section {
  title: string;
  /** Rendered one per line, as given (add your own bullets). */
  lines?: string[];
  /** A paragraph rendered before `lines`. */
  body?: string;
}

/**
 * Render sections in the given order as
 *
 * ```
 * == Title ==
 * body
 * line 1
 * ```
 *
 * separated by one blank line. A section with no lines and a blank (or missing) body is
 * skipped; no sections at all gives `''`.
 */
export function formatSections(sections: Section[]): string {
  const fn = 'formatSections';
  if (!Array.isArray(sections)) throw new TypeError(`${fn}: sections must be an array, got ${describeType(sections)}`);
  const blocks: string[] = [];
  sections.forEach((section: unknown, i) => {
    if (typeof section !== 'object' || section === null) {
      throw new TypeError(`${fn}: sections[${i}] must be an object, got ${describeType(section)}`);
    }
    const { title, lines, body } = section as Record<string, unknown>;
    const heading = requireString(fn, `sections[${i}].title`, title).trim();
    const rows = lines === undefined ? [] : requireStringArray(fn, `sections[${i}].lines`, lines);
    const text = body === undefined ? '' : requireString(fn, `sections[${i}].body`, body);
    if (rows.length === 0 && text.trim() === '') return;
    const block = [`== ${heading} ==`];
    if (text.trim() !== '') block.push(text.replace(/\s+$/, ''));
    block.push(...rows);
    blocks.push(block.join('\n'));
  });
  return blocks.join('\n\n');
}
