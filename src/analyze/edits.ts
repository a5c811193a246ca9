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
  let result = text;
  let boundary = Number.POSITIVE_INFINITY;
  for (const edit of sorted) {
    if (edit.start < 0 || edit.end > text.length || edit.start > edit.end) {
      throw new EditConflictError(`edit [${edit.start}, ${edit.end}) is outside the text (length ${text.length})`);
    }
    if (edit.end > boundary) {
      throw new EditConflictError(`overlapping edits at offset ${edit.start}`);
    }
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
    boundary = edit.start;
  }
  return result;
}
