/**
 * The grep loop, run inside search workers (and directly by unit tests). Lines are matched one
 * at a time, grep-style, without splitting files into line strings. Two strategies:
 *
 * - Anchored (see literal.ts): when every match must contain a literal with a rare character,
 *   jump between occurrences of that character with String#indexOf (memchr), check the literal,
 *   and run the regex on that one line only. A case-sensitive literal pattern needs no regex.
 * - Whole text: otherwise the regex (flags 'gm') runs over the whole text, each hit is mapped to
 *   its line, the line is re-checked on its own (so a match that only exists across a line break
 *   is dropped), and the scan resumes at the next line. Lookarounds that need to see a
 *   neighbouring line are the one case where this differs from strict per-line matching.
 *
 * Either way a line is reported at most once.
 */
import type { ContentText, EntityType } from '../types.js';
import { chooseAnchor, matchesIgnoringAsciiCase, type Anchor } from './literal.js';

export interface SearchMatch {
  entity_type: EntityType;
  path: string;
  app_id?: string;
  organization_id?: string | null;
  line_number: number;
  match: string;
  context_before: string[];
  context_after: string[];
}

/** Longest line text a match or context line carries; longer lines are windowed around the hit. */
export const MAX_MATCH_LINE_CHARS = 500;

const REGEX_METACHARACTERS = /[\\^$.|?*+()[\]{}]/;

export interface CompiledPattern {
  /** 'g' + 'm' (+ 'i'): scans the whole text. */
  scanner: RegExp;
  /** Same pattern without 'g': checks one line. */
  lineTester: RegExp;
  literal: boolean;
  /** Set when the anchored strategy applies. */
  anchor?: Anchor;
  caseInsensitive: boolean;
  /** The pattern as the caller wrote it. */
  pattern: string;
}

/**
 * Compiles a user pattern (JavaScript RegExp syntax). Throws SyntaxError for an invalid one.
 *
 * A pattern without metacharacters is a literal. V8 runs a pure literal regex through its plain
 * string search, about 3x slower on source text than its regex engine's lookahead, so an empty
 * group `(?:)` is appended for the whole-text strategy: same matches, faster engine.
 */
export function compilePattern(pattern: string, caseInsensitive: boolean): CompiledPattern {
  const literal = !REGEX_METACHARACTERS.test(pattern);
  const source = literal ? `${pattern}(?:)` : pattern;
  const flags = caseInsensitive ? 'mi' : 'm';
  return {
    scanner: new RegExp(source, `g${flags}`),
    lineTester: new RegExp(source, flags),
    literal,
    anchor: chooseAnchor(pattern, caseInsensitive),
    caseInsensitive,
    pattern,
  };
}

function clip(line: string, around = 0): string {
  if (line.length <= MAX_MATCH_LINE_CHARS) return line;
  const start = Math.max(0, Math.min(around - Math.floor(MAX_MATCH_LINE_CHARS / 4), line.length - MAX_MATCH_LINE_CHARS));
  const end = start + MAX_MATCH_LINE_CHARS;
  return `${start > 0 ? '…' : ''}${line.slice(start, end)}${end < line.length ? '…' : ''}`;
}

function stripCarriageReturn(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** Builds match records for one file, keeping line numbers incrementally. */
class MatchRecorder {
  private countedUpTo = 0;
  private countedLine = 1;

  constructor(
    private readonly file: ContentText,
    private readonly contextLines: number,
    private readonly limit: number,
    private readonly matches: SearchMatch[],
  ) {}

  /** Records the line [lineStart, lineEnd) with a hit at `hitIndex`; true when the limit is reached. */
  record(lineStart: number, lineEnd: number, line: string, hitIndex: number): boolean {
    const text = this.file.content;
    for (let index = text.indexOf('\n', this.countedUpTo); index !== -1 && index < lineStart; index = text.indexOf('\n', index + 1)) {
      this.countedLine++;
    }
    this.countedUpTo = lineStart;
    const found: SearchMatch = {
      entity_type: this.file.entityType,
      path: this.file.path,
      line_number: this.countedLine,
      match: clip(line, hitIndex - lineStart),
      context_before: collectBefore(text, lineStart, this.contextLines),
      context_after: collectAfter(text, lineEnd, this.contextLines),
    };
    if (this.file.entityType === 'app_file') found.app_id = this.file.appId;
    if (this.file.entityType === 'workflow') found.organization_id = this.file.organizationId ?? null;
    this.matches.push(found);
    return this.matches.length >= this.limit;
  }
}

function lineBounds(text: string, index: number): { lineStart: number; lineEnd: number } {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const end = text.indexOf('\n', index);
  return { lineStart, lineEnd: end === -1 ? text.length : end };
}

/**
 * Past this many candidate lines, if they are denser than one per CANDIDATE_DENSITY_BYTES of
 * text, the anchor is too common in this file for per-line regex checks to beat one regex pass.
 */
const CANDIDATES_BEFORE_DENSITY_CHECK = 64;
const CANDIDATE_DENSITY_BYTES = 2048;

function scanAnchored(text: string, pattern: CompiledPattern, anchor: Anchor, recorder: MatchRecorder): boolean {
  // A literal pattern is its own required literal: finding it is the match.
  const literalIsMatch = anchor.literal === pattern.pattern;
  const holdsLiteral = pattern.caseInsensitive
    ? (start: number) => matchesIgnoringAsciiCase(text, start, anchor.literal)
    : (start: number) => start >= 0 && text.startsWith(anchor.literal, start);
  let from = anchor.offset;
  let candidates = 0;
  // Two cursors for a case-insensitive letter (either case is a candidate); each is re-searched
  // only once passed, so a frequent case cannot make the rare one rescan the text.
  let nextPrimary = -2;
  let nextOther = anchor.otherCase === undefined ? -1 : -2;
  const nextCandidate = (): number => {
    if (nextPrimary !== -1 && nextPrimary < from) nextPrimary = text.indexOf(anchor.character, from);
    if (anchor.otherCase !== undefined && nextOther !== -1 && nextOther < from) nextOther = text.indexOf(anchor.otherCase, from);
    if (nextPrimary === -1) return nextOther;
    return nextOther === -1 ? nextPrimary : Math.min(nextPrimary, nextOther);
  };
  for (let at = nextCandidate(); at !== -1; at = nextCandidate()) {
    from = at + 1;
    const start = at - anchor.offset;
    if (!holdsLiteral(start)) continue;
    const { lineStart, lineEnd } = lineBounds(text, at);
    if (!literalIsMatch && ++candidates > CANDIDATES_BEFORE_DENSITY_CHECK && candidates * CANDIDATE_DENSITY_BYTES > at) {
      return scanWholeText(text, pattern, recorder, lineStart);
    }
    from = lineEnd + 1 + anchor.offset; // one result per line; the next candidate is on a later line
    const line = stripCarriageReturn(text.slice(lineStart, lineEnd));
    if (!literalIsMatch && !pattern.lineTester.test(line)) continue;
    if (recorder.record(lineStart, lineEnd, line, start)) return true;
  }
  return false;
}

function scanWholeText(text: string, pattern: CompiledPattern, recorder: MatchRecorder, startAt = 0): boolean {
  const { scanner, lineTester } = pattern;
  scanner.lastIndex = startAt;
  while (scanner.lastIndex <= text.length) {
    const hit = scanner.exec(text);
    if (!hit) break;
    // A zero-width hit at the very end of a file that ends with a newline (or is empty) would
    // report a line that does not exist ("a\n" has one line).
    if (hit.index === text.length && (text.length === 0 || text.endsWith('\n'))) break;
    const { lineStart, lineEnd } = lineBounds(text, hit.index);
    const line = stripCarriageReturn(text.slice(lineStart, lineEnd));
    const fitsOnLine = hit.index + hit[0].length <= lineEnd;
    if ((fitsOnLine || lineTester.test(line)) && recorder.record(lineStart, lineEnd, line, hit.index)) return true;
    if (lineEnd + 1 > text.length) break;
    scanner.lastIndex = lineEnd + 1;
  }
  return false;
}

/**
 * Appends matches of `pattern` in `file` to `matches` until it holds `limit` entries.
 * Returns true when the limit was reached (there may be more matches).
 */
export function scanText(
  file: ContentText,
  pattern: CompiledPattern,
  contextLines: number,
  limit: number,
  matches: SearchMatch[],
): boolean {
  const recorder = new MatchRecorder(file, contextLines, limit, matches);
  return pattern.anchor
    ? scanAnchored(file.content, pattern, pattern.anchor, recorder)
    : scanWholeText(file.content, pattern, recorder);
}

/**
 * Up to `count` lines before the line starting at `lineStart`, oldest first, as raw text: line
 * numbers follow from line_number (the display prints them grep-style, `path-41- text`).
 */
function collectBefore(text: string, lineStart: number, count: number): string[] {
  const lines: string[] = [];
  let end = lineStart - 1; // the '\n' ending the previous line
  for (let taken = 0; taken < count && end >= 0; taken++) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    lines.unshift(clip(stripCarriageReturn(text.slice(start, end))));
    end = start - 1;
  }
  return lines;
}

/** Up to `count` lines after the line ending at `lineEnd`, as raw text. */
function collectAfter(text: string, lineEnd: number, count: number): string[] {
  const lines: string[] = [];
  let start = lineEnd + 1;
  for (let taken = 0; taken < count && start < text.length; taken++) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    lines.push(clip(stripCarriageReturn(text.slice(start, end))));
    start = end + 1;
  }
  return lines;
}
