/**
 * Line templates: one line of text with gaps where the runs of a server differed. A line is cut
 * into tokens (numbers with their decimals, words and ids, runs of spaces, single other
 * characters), so that "Total calls: 44" and "Total calls: 100" differ in one token, and the
 * template "Total calls: <number>" matches the gap wherever it falls in the line, not at a fixed
 * offset. A gap remembers what filled it (numbers only, one word or id, any text) and matches no
 * more than that: a counter's gap never swallows ", Status: failed".
 */
import { diffArrays } from 'diff';

export type GapClass = 'number' | 'word' | 'text';

/** A literal token, or a gap; `optional` when one of the runs had nothing there. */
export type Piece = string | { gap: GapClass; optional?: true };

export type LineTemplate = Piece[];

const TOKEN = /[-+]?\d+(?:[.,:]\d+)*(?![\p{L}\p{N}_])|[\p{L}\p{N}_]+|[^\S\n]+|\n|[^\s\p{L}\p{N}_]/gu;

export const tokens = (line: string): string[] => line.match(TOKEN) ?? [];

const NUMBER = /^[-+]?\d+(?:[.,:]\d+)*$/;
const RANK: Record<GapClass, number> = { number: 0, word: 1, text: 2 };

/** The narrowest gap class that holds `filler`. */
export function gapClassOf(filler: string): GapClass {
  if (NUMBER.test(filler)) return 'number';
  return /^\S+$/.test(filler) ? 'word' : 'text';
}

const wider = (a: GapClass, b: GapClass): GapClass => (RANK[a] >= RANK[b] ? a : b);

/** A token that holds a value rather than a word: it has a digit (counters, ids with numbers, versions). */
export const isValueToken = (token: string) => /\d/.test(token);

/** Letters-only tokens: what a line is about ("Total", "calls"), used to tell kinds of lines apart. */
export const wordsOf = (pieces: readonly Piece[]) => pieces.filter((piece): piece is string => typeof piece === 'string' && /^[\p{L}_]+$/u.test(piece));

/** A line as a template with no gap. */
export const literal = (line: string): LineTemplate => compact(tokens(line));

/**
 * A line seen in one run only: nothing says which of its values are stable, so every token that
 * holds a value (a digit) is a gap; its words stay literal, so a new kind of line is still told apart.
 */
export const oneRunTemplate = (line: string): LineTemplate => valuesAsGaps(tokens(line));

/** Every value token of the template's literals (a digit in it) as a gap: for a line seen in one run only. */
export function valuesAsGaps(template: readonly Piece[]): LineTemplate {
  return compact(template.flatMap((piece) => (typeof piece === 'string' ? tokens(piece).map((token): Piece => (isValueToken(token) ? { gap: gapClassOf(token) } : token)) : [piece])));
}

/** Adjacent gaps as one gap; adjacent literals as one literal (a smaller template to store and match). */
export function compact(pieces: readonly Piece[]): LineTemplate {
  const out: Piece[] = [];
  for (const piece of pieces) {
    const last = out[out.length - 1];
    if (typeof piece === 'string' && typeof last === 'string') out[out.length - 1] = last + piece;
    else if (typeof piece !== 'string' && last !== undefined && typeof last !== 'string') out[out.length - 1] = { gap: wider(last.gap, piece.gap), ...(last.optional && piece.optional ? { optional: true } : {}) };
    else out.push(piece);
  }
  return out;
}

/** Templates are stored with coalesced literals; matching works on tokens. */
const pieceTokens = (template: readonly Piece[]): Piece[] => template.flatMap((piece): Piece[] => (typeof piece === 'string' ? tokens(piece) : [piece]));

/** A unit after a figure: a percentage, a size, a duration. */
const UNIT = /^(?:%|[KMGTP]i?B|B|bytes?|ms|s|secs?|seconds?|min)$/i;
/** A figure with its unit in one token: `120ms`, `1.5GB`. */
const FIGURE_WITH_UNIT = /^\d+(?:\.\d+)?(?:ms|s|[KMGTP]i?B)$/i;

/**
 * Every measurement of the template's literals as a gap: a number with a unit (`61%`, `79.52 MB`,
 * `120 ms`). Such figures are rounded readings of a state that grows (a success rate of growing
 * counters, a heap size), which can read the same at two starts and not at a third; a count
 * without a unit (`errors: 0`, `Days using: 0`) stays exact.
 */
export function measuresAsGaps(template: readonly Piece[]): LineTemplate {
  const pieces = pieceTokens(template);
  const unitAfter = (index: number) => {
    const next = pieces[index + 1];
    const after = pieces[index + 2];
    return (typeof next === 'string' && UNIT.test(next)) || (next === ' ' && typeof after === 'string' && UNIT.test(after));
  };
  return compact(pieces.map((piece, index): Piece => (typeof piece === 'string' && ((NUMBER.test(piece) && unitAfter(index)) || FIGURE_WITH_UNIT.test(piece)) ? { gap: gapClassOf(piece) } : piece)));
}

/** Beyond this many changed tokens two lines are not one line with noise. */
const MAX_EDIT = 400;

/**
 * The template that fits both `template` and `line`: where they differ, a gap wide enough for what
 * either side had there. Undefined when they differ too much to be one line.
 */
export function mergeLine(template: readonly Piece[], line: string): LineTemplate | undefined {
  const changes = diffArrays<Piece>(pieceTokens(template), tokens(line), { comparator: (a, b) => typeof a === 'string' && a === b, maxEditLength: MAX_EDIT });
  if (!changes) return undefined;
  const pieces: Piece[] = [];
  let gap: { removed: Piece[]; added: string[] } | undefined;
  const closeGap = () => {
    if (!gap) return;
    const fillers = [gap.removed.filter((piece): piece is string => typeof piece === 'string').join(''), gap.added.join('')].filter((filler) => filler !== '');
    let gapClass = fillers.reduce<GapClass>((widest, filler) => wider(widest, gapClassOf(filler)), 'number');
    let optional = gap.removed.length === 0 || gap.added.length === 0;
    for (const piece of gap.removed) {
      if (typeof piece === 'string') continue;
      gapClass = wider(gapClass, piece.gap);
      if (piece.optional && gap.removed.length === 1) optional = true;
    }
    pieces.push({ gap: gapClass, ...(optional ? { optional: true } : {}) });
    gap = undefined;
  };
  for (const change of changes) {
    if (change.added || change.removed) {
      gap ??= { removed: [], added: [] };
      if (change.removed) gap.removed.push(...change.value);
      else gap.added.push(...(change.value as string[]));
    } else {
      closeGap();
      pieces.push(...change.value);
    }
  }
  closeGap();
  return compact(pieces);
}

const FILLERS: Record<GapClass, RegExp> = { number: NUMBER, word: /^\S+$/, text: /^[^\n]*$/ };

/** How far a gap starting at `from` can reach: numbers and words end at a space, text at the line's end. */
function reach(gap: GapClass, line: string, from: number): number {
  if (gap === 'text') return line.length;
  const space = line.slice(from).search(/\s/);
  return space === -1 ? line.length : from + space;
}

/**
 * Does the whole `line` fit the template: its literals in order, each gap filled as its class
 * allows? Tried literal by literal, remembering the places that failed, so a long line with
 * many gaps costs at most pieces × positions.
 */
export function fitsLine(template: readonly Piece[], line: string): boolean {
  const failed = new Set<number>();
  const width = line.length + 1;
  const from = (index: number, at: number): boolean => {
    if (index === template.length) return at === line.length;
    const key = index * width + at;
    if (failed.has(key)) return false;
    const piece = template[index];
    let fits = false;
    if (typeof piece === 'string') {
      fits = line.startsWith(piece, at) && from(index + 1, at + piece.length);
    } else {
      const last = reach(piece.gap, line, at);
      const next = template[index + 1];
      const filled = (end: number) => (end === at ? piece.optional === true : FILLERS[piece.gap].test(line.slice(at, end)));
      if (next === undefined) fits = last === line.length && filled(line.length);
      else if (typeof next === 'string') {
        for (let end = line.indexOf(next, at); end !== -1 && end <= last && !fits; end = line.indexOf(next, end + 1)) fits = filled(end) && from(index + 1, end);
      }
    }
    if (!fits) failed.add(key);
    return fits;
  };
  return from(0, 0);
}

/** Lines longer than this, in a stretch that varied, are told apart by their start only (see `blobTemplate`). */
export const LONG_LINE = 1000;

/**
 * A long line (a whole file or a past call's output escaped into one line of JSON) whose runs
 * differed: its first four tokens that are not spaces (`"text": "`) stay, the rest may be anything.
 * Matching it token by token would cost more than the call, and Diffy ignores such a field whole.
 */
export function blobTemplate(line: string): LineTemplate {
  const head: string[] = [];
  let words = 0;
  for (const token of tokens(line.slice(0, 200))) {
    if (words === 4) break;
    head.push(token);
    if (token.trim() !== '') words++;
  }
  return compact([...head, { gap: 'text', optional: true }]);
}

/** True when the template has no gap (the line was the same everywhere it was seen). */
export const isLiteral = (template: readonly Piece[]) => template.every((piece) => typeof piece === 'string');

/** The template as readable text: `Total calls: <number>`. */
export const showTemplate = (template: readonly Piece[]) => template.map((piece) => (typeof piece === 'string' ? piece : `<${piece.gap}>`)).join('');
