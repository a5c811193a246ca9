import type { TextEdit } from './types.js';

export class EditConflictError extends Error {
  override name = 'EditConflictError';
}

/**
 * Applies edits in one pass, from the end of the text backwards, so that earlier offsets stay
 * valid. Identical duplicates (one function reached from two dispatch sites) are applied once;
 * any other overlap is a bug in the caller and throws rather than producing garbled code.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const unique = new Map<string, TextEdit>();
  for (const edit of edits) unique.set(`${edit.start}:${edit.end}:${edit.text}`, edit);
  const sorted = [...unique.values()].sort((a, b) => b.start - a.start || b.end - a.end);
  // Pieces are collected back to front and joined once: slicing the whole text per edit would make
  // a file with many sites quadratic.
  const pieces: string[] = [];
  let boundary = text.length;
  let previousStart = Number.POSITIVE_INFINITY;
  for (const edit of sorted) {
    if (edit.start < 0 || edit.end > text.length || edit.start > edit.end) {
      throw new EditConflictError(`edit [${edit.start}, ${edit.end}) is outside the text (length ${text.length})`);
    }
    if (edit.end > previousStart) {
      throw new EditConflictError(`overlapping edits at offset ${edit.start}`);
    }
    pieces.push(text.slice(edit.end, boundary), edit.text);
    boundary = edit.start;
    previousStart = edit.start;
  }
  pieces.push(text.slice(0, boundary));
  return pieces.reverse().join('');
}
