/**
 * The pure part of patch_content: find old_string, decide whether the edit is unambiguous, and
 * build the new raw text.
 *
 * Matching happens on the LF view (callers type '\n' whatever the file uses); splicing happens on
 * the raw text, so bytes outside the replaced range stay identical and a CRLF file gets CRLF in
 * the inserted text. The replacement is literal: no `$&` or `$1` expansion (String.replace would
 * do that), because the model typed exactly the text it wants.
 */
import { dominantLineEnding, LfView, lineAt, normalizeNewlines, previewLine } from './text.js';

/** Raw text from `start` to `start + oldLength` became `newLength` characters. */
export interface TextEdit {
  start: number;
  oldLength: number;
  newLength: number;
}

export interface MatchLocation {
  line: number;
  preview: string;
}

export interface NearestCandidate {
  line: number;
  preview: string;
  /** 0..1, bigram similarity of the trimmed lines. */
  similarity: number;
}

export type PatchPlan =
  | {
      kind: 'applied';
      content: string;
      replacements: number;
      /** Line (1-based) of the first replacement in the old text. */
      firstLine: number;
      linesChanged: number;
      oldText: string;
      newText: string;
      /** The raw range that changed, first replacement to last, for incremental re-parsing. */
      edit: TextEdit;
      /** The old text with LF line endings, and where each replaced occurrence starts in it. */
      viewText: string;
      viewOffsets: number[];
      /** Line (1-based) of each replaced occurrence. */
      lines: number[];
    }
  | { kind: 'not_found'; nearest?: NearestCandidate }
  | { kind: 'ambiguous'; count: number; locations: MatchLocation[] };

/** At most this many locations are reported for an ambiguous old_string. */
export const MAX_MATCH_LOCATIONS = 20;
/** Below this similarity a "nearest" line is noise and is not suggested. */
const MIN_CANDIDATE_SIMILARITY = 0.4;

function findAll(haystack: string, needle: string): number[] {
  const offsets: number[] = [];
  for (let index = haystack.indexOf(needle); index !== -1; index = haystack.indexOf(needle, index + needle.length)) {
    offsets.push(index);
  }
  return offsets;
}

/** Line numbers of ascending offsets in one pass over the text. */
function lineNumbersOf(text: string, offsets: readonly number[]): number[] {
  const lines: number[] = [];
  let line = 1;
  let cursor = 0;
  for (const offset of offsets) {
    for (let index = text.indexOf('\n', cursor); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
      line++;
      cursor = index + 1;
    }
    lines.push(line);
  }
  return lines;
}

function bigrams(text: string): Map<number, number> {
  const counts = new Map<number, number>();
  for (let index = 0; index + 1 < text.length; index++) {
    const code = text.charCodeAt(index) * 65536 + text.charCodeAt(index + 1);
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return counts;
}

/** Dice coefficient over character bigrams: cheap, and robust to small typos and renames. */
function similarity(probe: Map<number, number>, probeSize: number, candidate: string): number {
  if (candidate.length < 2 || probeSize === 0) return 0;
  const remaining = new Map(probe);
  let shared = 0;
  for (let index = 0; index + 1 < candidate.length; index++) {
    const code = candidate.charCodeAt(index) * 65536 + candidate.charCodeAt(index + 1);
    const left = remaining.get(code);
    if (left) {
      shared++;
      remaining.set(code, left - 1);
    }
  }
  return (2 * shared) / (probeSize + candidate.length - 1);
}

/**
 * The file line most similar to the first non-blank line of old_string, to point the caller at
 * what they probably meant (usually an indentation or whitespace difference).
 */
export function nearestCandidate(text: string, oldString: string): NearestCandidate | undefined {
  const probeLine = oldString.split('\n').find((line) => line.trim() !== '')?.trim();
  if (!probeLine) return undefined;
  const probe = bigrams(probeLine);
  const probeSize = Math.max(0, probeLine.length - 1);
  let best: { line: number; text: string; score: number } | undefined;
  let lineNumber = 0;
  for (const line of text.split('\n')) {
    lineNumber++;
    const trimmed = line.trim();
    // Length filter: a Dice score above the minimum is impossible when lengths differ this much.
    if (trimmed.length * 4 < probeLine.length || probeLine.length * 4 < trimmed.length) continue;
    const score = trimmed === probeLine ? 1 : similarity(probe, probeSize, trimmed);
    // Strictly greater: on a tie the earliest line wins.
    if (score >= MIN_CANDIDATE_SIMILARITY && score > (best?.score ?? 0)) {
      best = { line: lineNumber, text: line, score };
      if (score === 1) break;
    }
  }
  return best && { line: best.line, preview: previewLine(best.text), similarity: Math.round(best.score * 100) / 100 };
}

export function planPatch(raw: string, oldString: string, newString: string, replaceAll: boolean): PatchPlan {
  const view = new LfView(raw);
  const oldText = normalizeNewlines(oldString);
  const newText = normalizeNewlines(newString);
  const offsets = findAll(view.text, oldText);
  if (offsets.length === 0) return { kind: 'not_found', nearest: nearestCandidate(view.text, oldText) };
  const lines = lineNumbersOf(view.text, offsets);
  if (offsets.length > 1 && !replaceAll) {
    return {
      kind: 'ambiguous',
      count: offsets.length,
      locations: offsets.slice(0, MAX_MATCH_LOCATIONS).map((offset, index) => ({
        line: lines[index],
        preview: previewLine(lineAt(view.text, offset)),
      })),
    };
  }
  // Without any '\r\n' the view is the raw text itself, and the file is LF.
  const crlf = view.text !== raw && dominantLineEnding(raw) === 'crlf';
  const inserted = crlf ? newText.replace(/\n/g, '\r\n') : newText;
  const pieces: string[] = [];
  let rawCursor = 0;
  let firstStart = -1;
  let growth = 0;
  for (const offset of offsets) {
    const start = view.toRaw(offset);
    const end = view.toRaw(offset + oldText.length);
    if (firstStart === -1) firstStart = start;
    growth += inserted.length - (end - start);
    pieces.push(raw.slice(rawCursor, start), inserted);
    rawCursor = end;
  }
  pieces.push(raw.slice(rawCursor));
  const oldLength = rawCursor - firstStart;
  const perReplacement = Math.max(oldText.split('\n').length, newText.split('\n').length);
  return {
    kind: 'applied',
    content: pieces.join(''),
    replacements: offsets.length,
    firstLine: lines[0],
    linesChanged: perReplacement * offsets.length,
    oldText,
    newText,
    edit: { start: firstStart, oldLength, newLength: oldLength + growth },
    viewText: view.text,
    viewOffsets: offsets,
    lines,
  };
}
