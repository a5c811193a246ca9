/**
 * Text helpers shared by the stores, search and the tools: line counting, hashing, and the
 * LF view that lets patch_content match on normalised text while splicing the raw bytes.
 */
import { createHash } from 'node:crypto';

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function utf8ByteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * '\n'-terminated lines plus a final unterminated one. "a\nb\n" and "a\nb" both have 2 lines,
 * the empty file has 0: the same numbering an editor shows, and what read_content_lines accepts.
 */
export function countLines(text: string): number {
  if (text.length === 0) return 0;
  let count = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count++;
  return text.endsWith('\n') ? count : count + 1;
}

/** The file's lines without terminators ('\r\n' and '\n' both end a line). */
export function splitLines(text: string): string[] {
  if (text.length === 0) return [];
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  return body.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n/g, '\n');
}

/** 'crlf' when most line breaks are '\r\n'; new text spliced into the file follows this. */
export function dominantLineEnding(text: string): 'crlf' | 'lf' {
  let crlf = 0;
  let lf = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    if (index > 0 && text.charCodeAt(index - 1) === 13) crlf++;
    else lf++;
  }
  return crlf > lf ? 'crlf' : 'lf';
}

/**
 * The text with every '\r\n' turned into '\n', plus the positions needed to map an offset in
 * that view back to the raw text. Edits are found in the view (so callers never have to type
 * '\r') and applied to the raw text (so bytes outside the edit never change).
 */
export class LfView {
  readonly text: string;
  /** View offsets of each '\n' whose raw form was '\r\n', ascending. */
  private readonly removedCarriageReturns: number[];

  constructor(raw: string) {
    this.removedCarriageReturns = [];
    if (!raw.includes('\r\n')) {
      this.text = raw;
      return;
    }
    const pieces: string[] = [];
    let rawCursor = 0;
    let removed = 0;
    for (let index = raw.indexOf('\r\n'); index !== -1; index = raw.indexOf('\r\n', index + 2)) {
      pieces.push(raw.slice(rawCursor, index));
      this.removedCarriageReturns.push(index - removed);
      removed++;
      rawCursor = index + 1; // keep the '\n', drop the '\r'
    }
    pieces.push(raw.slice(rawCursor));
    this.text = pieces.join('');
  }

  /** Raw offset of view offset `viewOffset` (an offset at a '\n' maps to its '\r'). */
  toRaw(viewOffset: number): number {
    // Count removed '\r' characters strictly before viewOffset: binary search.
    let low = 0;
    let high = this.removedCarriageReturns.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.removedCarriageReturns[middle] < viewOffset) low = middle + 1;
      else high = middle;
    }
    return viewOffset + low;
  }
}

/** 1-based line number of `offset` in `text`. */
export function lineNumberAt(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line++;
  return line;
}

/** The full line containing `offset`, without its terminator. */
export function lineAt(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  let end = text.indexOf('\n', offset);
  if (end === -1) end = text.length;
  const line = text.slice(start, end);
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/**
 * A file line for error messages, with its indentation (the caller fixes old_string from it):
 * only the text after the indentation is cut, at `max` characters with '...'.
 */
export function previewLine(line: string, max = 80): string {
  const indentation = /^[ \t]*/.exec(line)?.[0] ?? '';
  const body = line.slice(indentation.length);
  return body.length > max ? `${indentation}${body.slice(0, max)}...` : line;
}
