/**
 * Kinds of lines in a noisy stretch of text (a process list, a call history, a block that came and
 * went): lines that say the same thing with other values are one kind, whose template has gaps
 * where they differed. A replayed line of a known kind is noise; a line of no known kind is a change.
 */
import { blobTemplate, fitsLine, literal, LONG_LINE, mergeLine, showTemplate, tokens, valuesAsGaps, wordsOf, type LineTemplate, type Piece } from './line-template.js';

/** A kind of line: its template, and whether both recorded runs had a line of it (then a replay must too). */
export interface LineKind {
  template: LineTemplate;
  both?: true;
}

export interface LineSample {
  line: string;
  run: 0 | 1;
}

interface Building {
  template: LineTemplate;
  runs: Set<0 | 1>;
  distinct: number;
  words: Set<string>;
  lead: string;
  /** Long lines, told apart by their start (`blobTemplate`). */
  blob?: true;
}

/** The first token that is not a space: lines of one kind start alike ("PID:", "Session:", "•"). */
const leadOf = (line: string) => tokens(line).find((token) => token.trim() !== '') ?? '';

/**
 * May `line` join the kind? When only numbers differ, always. Otherwise the kind's words must
 * mostly stay (60% of them: "PID … Command … CPU … Memory" stays, the command between may be
 * anything) and make up a fair part of the line (30%); "Total calls: 5" and "Total errors: 5"
 * stay two kinds.
 */
function joins(kind: Building, line: string, merged: LineTemplate): boolean {
  const gaps = merged.filter((piece): piece is Exclude<Piece, string> => typeof piece !== 'string');
  if (gaps.every((gap) => gap.gap === 'number')) return true;
  const shared = wordsOf(merged.flatMap((piece) => (typeof piece === 'string' ? tokens(piece) : []))).length;
  const lineWords = wordsOf(tokens(line)).length;
  return shared > 0 && shared >= 0.6 * kind.words.size && shared >= 0.3 * lineWords;
}

/** Cheap test before a diff: could the line join the kind at all? */
function mayJoin(kind: Building, line: string, words: Set<string>): boolean {
  if (leadOf(line) !== kind.lead) return false;
  if (kind.words.size === 0 || words.size === 0) return kind.words.size === words.size;
  let shared = 0;
  for (const word of words) if (kind.words.has(word)) shared++;
  return shared >= 0.6 * kind.words.size;
}

/**
 * The kinds of the sampled lines, and for each sample the index of its kind. A kind seen in one
 * run only keeps its words and lets its values vary: it came and went, so nothing says its values
 * are stable. A kind seen in both runs with one text is that exact line.
 */
export function lineKinds(samples: readonly LineSample[]): { kinds: LineKind[]; kindOf: number[] } {
  const building: Building[] = [];
  const byLine = new Map<string, number>();
  const blobs = new Map<string, number>();
  const kindOf = samples.map(({ line, run }) => {
    let index = byLine.get(line);
    if (index === undefined && line.length > LONG_LINE) {
      const template = blobTemplate(line);
      const key = showTemplate(template);
      index = blobs.get(key);
      if (index === undefined) {
        index = building.length;
        blobs.set(key, index);
        building.push({ template, runs: new Set(), distinct: 2, words: new Set(), lead: '', blob: true });
      }
      byLine.set(line, index);
    }
    if (index === undefined) {
      index = building.findIndex((kind) => !kind.blob && kind.distinct > 1 && fitsLine(kind.template, line));
      if (index === -1) {
        const words = new Set(wordsOf(tokens(line)));
        index = building.findIndex((kind) => {
          if (kind.blob || !mayJoin(kind, line, words)) return false;
          const merged = mergeLine(kind.template, line);
          if (!merged || !joins(kind, line, merged)) return false;
          kind.template = merged;
          kind.words = new Set(wordsOf(merged.flatMap((piece) => (typeof piece === 'string' ? tokens(piece) : []))));
          return true;
        });
      }
      if (index === -1) {
        index = building.length;
        building.push({ template: literal(line), runs: new Set(), distinct: 0, words: new Set(wordsOf(tokens(line))), lead: leadOf(line) });
      }
      building[index].distinct++;
      byLine.set(line, index);
    }
    building[index].runs.add(run);
    return index;
  });
  const kinds = building.map((kind): LineKind => {
    const both = kind.runs.size === 2;
    const template = both || kind.blob ? kind.template : valuesAsGaps(kind.template);
    return { template, ...(both ? { both: true } : {}) };
  });
  return { kinds, kindOf };
}

/** The kind a replayed line is of, or -1. */
export const kindOfLine = (kinds: readonly LineKind[], line: string) => kinds.findIndex((kind) => fitsLine(kind.template, line));

/** A sequence of kinds with each run of one kind as one entry: a list of any length is one entry. */
export function collapse(sequence: readonly number[]): number[] {
  return sequence.filter((kind, index) => index === 0 || sequence[index - 1] !== kind);
}
