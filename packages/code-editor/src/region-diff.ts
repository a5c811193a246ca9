/**
 * The unified diff patch_content returns: only the edited region(s) with three lines of
 * context, numbered as in the whole file, so a model can check its edit without reading the
 * file back. The diff is computed on the snippets around each replacement, never on the whole
 * file (a 4 MB file would take a line diff of 4 MB for a one-line edit).
 */
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch, type StructuredPatchHunk } from 'diff';

const CONTEXT_LINES = 3;
/** Replacement groups shown; replace_all can touch hundreds of places. */
const MAX_HUNK_GROUPS = 5;
/** Diff lines shown (hunk bodies); a huge new_string is cut, the caller sent it anyway. */
const MAX_DIFF_LINES = 60;

export interface RegionDiffInput {
  path: string;
  /** The file before the edit, LF line endings (the view planPatch matched in). */
  text: string;
  /** Where each replaced occurrence starts in `text`, ascending. */
  offsets: readonly number[];
  /** Line (1-based) of each offset. */
  lines: readonly number[];
  oldText: string;
  newText: string;
}

function countNewlines(text: string, from = 0, to = text.length): number {
  let count = 0;
  for (let index = text.indexOf('\n', from); index !== -1 && index < to; index = text.indexOf('\n', index + 1)) count++;
  return count;
}

/** Start of the line `count` lines above the one containing `offset`, and how many it went up. */
function linesUp(text: string, offset: number, count: number): { start: number; went: number } {
  let start = text.lastIndexOf('\n', offset - 1) + 1;
  let went = 0;
  while (went < count && start > 0) {
    start = text.lastIndexOf('\n', start - 2) + 1;
    went++;
  }
  return { start, went };
}

/** End (after its '\n', if any) of the line `count` lines below the one containing `offset`. */
function linesDown(text: string, offset: number, count: number): number {
  let end = offset;
  for (let step = 0; step <= count; step++) {
    const newline = text.indexOf('\n', end);
    if (newline === -1) return text.length;
    end = newline + 1;
  }
  return end;
}

interface Group {
  start: number;
  end: number;
  startLine: number;
  /** Indexes into offsets. */
  first: number;
  last: number;
}

export function regionDiff(input: RegionDiffInput): string {
  const { text, offsets, lines, oldText, newText } = input;
  const lineGrowth = countNewlines(newText) - countNewlines(oldText);
  const groups: Group[] = [];
  offsets.forEach((offset, index) => {
    const up = linesUp(text, offset, CONTEXT_LINES);
    // The line holding the match's last character, then the context below it.
    const end = linesDown(text, offset + Math.max(0, oldText.length - 1), CONTEXT_LINES);
    const previous = groups[groups.length - 1];
    if (previous && up.start <= previous.end) {
      previous.end = Math.max(previous.end, end);
      previous.last = index;
    } else {
      groups.push({ start: up.start, end, startLine: lines[index] - up.went, first: index, last: index });
    }
  });

  const hunks: StructuredPatchHunk[] = [];
  for (const group of groups.slice(0, MAX_HUNK_GROUPS)) {
    const pieces: string[] = [];
    let cursor = group.start;
    for (let index = group.first; index <= group.last; index++) {
      pieces.push(text.slice(cursor, offsets[index]), newText);
      cursor = offsets[index] + oldText.length;
    }
    pieces.push(text.slice(cursor, group.end));
    const before = text.slice(group.start, group.end);
    const after = pieces.join('');
    const shiftOld = group.startLine - 1;
    const shiftNew = shiftOld + lineGrowth * group.first;
    for (const hunk of structuredPatch('', '', before, after, undefined, undefined, { context: CONTEXT_LINES }).hunks) {
      hunks.push({ ...hunk, oldStart: hunk.oldStart + shiftOld, newStart: hunk.newStart + shiftNew });
    }
  }

  let shownLines = 0;
  let cut = false;
  const shown: StructuredPatchHunk[] = [];
  for (const hunk of hunks) {
    if (shownLines + hunk.lines.length > MAX_DIFF_LINES) {
      const room = MAX_DIFF_LINES - shownLines;
      if (room > 0) {
        const kept = hunk.lines.slice(0, room);
        const oldLines = kept.filter((line) => line.startsWith(' ') || line.startsWith('-')).length;
        const newLines = kept.filter((line) => line.startsWith(' ') || line.startsWith('+')).length;
        shown.push({ ...hunk, lines: kept, oldLines, newLines });
      }
      cut = true;
      break;
    }
    shown.push(hunk);
    shownLines += hunk.lines.length;
  }
  let diff = formatPatch(
    { oldFileName: `a/${input.path}`, newFileName: `b/${input.path}`, oldHeader: undefined, newHeader: undefined, hunks: shown },
    FILE_HEADERS_ONLY,
  ).replace(/\n$/, '');
  if (cut) diff += `\n… diff cut at ${MAX_DIFF_LINES} lines; read_content_lines shows the result`;
  const hiddenGroups = groups.length - Math.min(groups.length, MAX_HUNK_GROUPS);
  if (hiddenGroups > 0 && !cut) diff += `\n… and ${hiddenGroups} more edited region(s) not shown`;
  return diff;
}
