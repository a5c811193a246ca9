/** Numbered file listings, in the seed's `   1: line` style or Claude Code's `     1→line`. */
import { createHash } from 'node:crypto';
import { describeType } from '../results/json-safe.js';
import { readOptions, requireInteger, requireString, splitLines } from './validate.js';

export interface FileFooter {
  totalLines?: number;
  size?: number;
  sha256?: string;
}

export interface FileContentOptions {
  /** Number of the first line of `content` (default 1), for partial reads. */
  startLine?: number;
  /** `colon` (default): a path header, then `   1: line`. `arrow`: `     1→line`, no header. */
  style?: 'colon' | 'arrow';
  /**
   * `true`: a footer with path, line count, byte size and sha256 computed from `content`.
   * An object: a footer with exactly the fields given (for partial reads, pass the whole file's).
   */
  footer?: boolean | FileFooter;
}

const FN = 'formatFileContent';
/** Width of the separator in the research document's read-file example. */
export const FOOTER_SEPARATOR = '─'.repeat(63);

/** A trailing newline ends the last line; it does not start an empty extra one. */
function contentLines(content: string): string[] {
  if (content === '') return [];
  const lines = splitLines(content);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function readFooter(value: unknown, path: string, content: string, lines: string[]): string[] | undefined {
  if (value === undefined || value === false) return undefined;
  let info: FileFooter;
  if (value === true) {
    info = {
      totalLines: lines.length,
      size: Buffer.byteLength(content, 'utf8'),
      sha256: createHash('sha256').update(content, 'utf8').digest('hex'),
    };
  } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const raw = value as Record<string, unknown>;
    info = {
      totalLines: raw.totalLines === undefined ? undefined : requireInteger(FN, 'footer.totalLines', raw.totalLines, 0),
      size: raw.size === undefined ? undefined : requireInteger(FN, 'footer.size', raw.size, 0),
      sha256: raw.sha256 === undefined ? undefined : requireString(FN, 'footer.sha256', raw.sha256),
    };
  } else {
    throw new TypeError(`${FN}: footer must be a boolean or an object, got ${describeType(value)}`);
  }
  const summary = [`path: ${path}`];
  if (info.totalLines !== undefined) summary.push(`lines: ${info.totalLines}`);
  if (info.size !== undefined) summary.push(`size: ${info.size}`);
  const footer = ['', FOOTER_SEPARATOR, summary.join(' | ')];
  if (info.sha256 !== undefined) footer.push(`sha256: ${info.sha256}`);
  return footer;
}

function numberLines(lines: string[], startLine: number, style: 'colon' | 'arrow'): string[] {
  if (style === 'arrow') return lines.map((line, i) => `${String(startLine + i).padStart(6)}→${line}`);
  const width = Math.max(4, String(startLine + lines.length - 1).length);
  return lines.map((line, i) => `${String(startLine + i).padStart(width)}: ${line}`);
}

/**
 * Number each line of `content`.
 *
 * - `colon`: first line is `path`, then `   1: text`; the number is right-aligned to the width
 *   of the last line number, at least 4.
 * - `arrow`: `     1→text` (numbers right-aligned to 6, as in Claude Code's Read tool); content
 *   comes first and the path appears only in the footer.
 *
 * CRLF is shown as plain line breaks; empty content shows `(empty)`.
 */
export function formatFileContent(path: string, content: string, options?: FileContentOptions): string {
  requireString(FN, 'path', path);
  requireString(FN, 'content', content);
  const opts = readOptions(FN, options);
  const startLine = opts.startLine === undefined ? 1 : requireInteger(FN, 'startLine', opts.startLine, 1);
  const style = opts.style ?? 'colon';
  if (style !== 'colon' && style !== 'arrow') {
    throw new TypeError(`${FN}: style must be 'colon' or 'arrow', got ${typeof style === 'string' ? JSON.stringify(style) : describeType(style)}`);
  }

  const lines = contentLines(content);
  const numbered = lines.length === 0 ? ['(empty)'] : numberLines(lines, startLine, style);
  const out = style === 'colon' ? [path, ...numbered] : numbered;
  const footer = readFooter(opts.footer, path, content, lines);
  if (footer) out.push(...footer);
  return out.join('\n');
}
