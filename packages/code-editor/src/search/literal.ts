/**
 * Required-literal analysis: the prefilter that lets search skip the regex engine on most of the
 * text, as grep and ripgrep do.
 *
 * Every line that matches `needle\w+_\d+\(\)` contains "needle" and "_" and "()": a line without
 * "needle" cannot match. requiredLiteral() finds the longest such run; chooseAnchor() picks its
 * rarest character. Search then jumps between occurrences of that one character with
 * String#indexOf — which V8 runs with memchr on one-byte strings, ~4 ms per 100 MB against
 * ~40 ms for the regex engine on the bench corpus — and runs the regex only on candidate lines.
 *
 * The analysis is conservative: anything it does not fully understand (alternation, \x and \u
 * escapes, back-references, a '{' that is not a quantifier ...) means "no required literal", and
 * search falls back to running the regex over the whole text.
 */

const PLAIN_ESCAPES = new Set(['d', 'D', 'w', 'W', 's', 'S', 'b', 'B', 'n', 'r', 't', 'v', 'f']);
const COUNTED_QUANTIFIER = /^\{\d+(?:,\d*)?\}/;

/** Index just past a character class starting at `start` ('['), or -1 if it never closes. */
function skipClass(source: string, start: number): number {
  // In JavaScript the first unescaped ']' always closes the class ('[]' is the empty class).
  for (let index = start + 1; index < source.length; index++) {
    if (source[index] === '\\') index++;
    else if (source[index] === ']') return index + 1;
  }
  return -1;
}

/** Index just past a group starting at `start` ('('), or -1 if it never closes. */
function skipGroup(source: string, start: number): number {
  let depth = 0;
  for (let index = start; index < source.length; index++) {
    const character = source[index];
    if (character === '\\') index++;
    else if (character === '[') {
      const end = skipClass(source, index);
      if (end === -1) return -1;
      index = end - 1;
    } else if (character === '(') depth++;
    else if (character === ')' && --depth === 0) return index + 1;
  }
  return -1;
}

/** Length of the quantifier at `index` ('*', '+', '?', '{n,m}', each optionally lazy), 0 if none. */
function quantifierLength(source: string, index: number): number {
  const character = source[index];
  let length = 0;
  if (character === '*' || character === '+' || character === '?') length = 1;
  else if (character === '{') length = COUNTED_QUANTIFIER.exec(source.slice(index))?.[0].length ?? 0;
  if (length > 0 && source[index + length] === '?') length++;
  return length;
}

/**
 * The longest run of characters every match must contain, or undefined when the pattern is too
 * complex to tell. A pattern without metacharacters is its own required literal.
 */
export function requiredLiteral(source: string): string | undefined {
  return requiredLiterals(source)?.reduce<string | undefined>(
    (longest, candidate) => (candidate.length > (longest?.length ?? 0) ? candidate : longest),
    undefined,
  );
}

/** Every run of characters each match must contain (in pattern order), or undefined when unknown. */
export function requiredLiterals(source: string): string[] | undefined {
  const runs: string[] = [];
  let run = '';
  const flush = (): void => {
    if (run !== '') runs.push(run);
    run = '';
  };
  let index = 0;
  while (index < source.length) {
    const character = source[index];
    let literal: string | undefined;
    let next = index + 1;
    if (character === '\\') {
      const escaped = source[index + 1];
      if (escaped === undefined) return undefined;
      if (/[A-Za-z0-9]/.test(escaped)) {
        // \x41, \u0041, \cJ, \k<name>, \1 ... have variable length: give up rather than misread.
        if (!PLAIN_ESCAPES.has(escaped)) return undefined;
        flush();
      } else {
        literal = escaped;
      }
      next = index + 2;
    } else if (character === '[') {
      flush();
      next = skipClass(source, index);
      if (next === -1) return undefined;
    } else if (character === '(') {
      // A group may be optional or repeated; its content is not required.
      flush();
      next = skipGroup(source, index);
      if (next === -1) return undefined;
    } else if (character === '.' || character === '^' || character === '$') {
      flush();
    } else if ('|)]{}*+?'.includes(character)) {
      // Top-level alternation, or a quantifier/brace the walk did not expect: no safe answer.
      return undefined;
    } else {
      literal = character;
    }
    const quantifier = quantifierLength(source, next);
    if (literal !== undefined && literal !== '\n' && literal !== '\r') {
      if (quantifier === 0) run += literal;
      else if (source[next] === '+') {
        run += literal; // required once, then possibly repeated
        flush();
      } else {
        flush(); // optional or counted: not required as written
      }
    } else {
      flush();
    }
    index = next + quantifier;
  }
  flush();
  return runs;
}

/**
 * Source-code characters from most to least common (measured over typical TypeScript and
 * Python); anything not listed counts as rarest.
 */
const FREQUENCY_ORDER = ' etaoinsrlcdu\n.p(),;m=h_f"gb\'y:{}v/w[]k0x-1>2T<S*E+3CRAI#4ON5L9D86P7FMqjzBH$!&|UGV\\%@WK?~XYJ`ZQ^';
/** Anchors among the most common characters would stop too often to beat the regex engine. */
const TOO_COMMON = 12;

export interface Anchor {
  /** The required literal (case-insensitively: compared ignoring ASCII case). */
  literal: string;
  /** The character search jumps between. */
  character: string;
  /** Case-insensitive letter anchors: the character's other case, also a candidate. */
  otherCase?: string;
  /** Position of `character` within `literal`. */
  offset: number;
}

function rarity(character: string): number {
  const rank = FREQUENCY_ORDER.indexOf(character);
  return rank === -1 ? FREQUENCY_ORDER.length : rank;
}

const ASCII_LETTER = /^[A-Za-z]$/;
const ASCII_PRINTABLE = /^[\x20-\x7e]$/;

/**
 * How rare a character is as an anchor. Case-insensitively an ASCII letter stands for both of
 * its cases (without the `u` flag, non-ASCII characters never case-fold to ASCII ones, so these
 * two are exactly the characters it matches) and counts as rare as its more common case.
 * Non-ASCII characters are not used case-insensitively.
 */
function anchorRarity(character: string, caseInsensitive: boolean): number | undefined {
  if (!caseInsensitive) return rarity(character);
  if (ASCII_LETTER.test(character)) return Math.min(rarity(character.toLowerCase()), rarity(character.toUpperCase()));
  return ASCII_PRINTABLE.test(character) ? rarity(character) : undefined;
}

/**
 * The anchor for a pattern, or undefined when the whole-text regex scan is the better choice:
 * the rarest character of any required run (a longer run breaks ties, as it filters better).
 * Case-insensitively the literal must be ASCII (so matching it is a plain ASCII case fold) and a
 * non-letter is preferred: it is one memchr pass instead of two and lets the store skip files.
 */
export function chooseAnchor(pattern: string, caseInsensitive: boolean): Anchor | undefined {
  let best: { literal: string; offset: number; rarity: number; letter: boolean } | undefined;
  for (const literal of requiredLiterals(pattern) ?? []) {
    if (caseInsensitive && !/^[\x20-\x7e]+$/.test(literal)) continue;
    for (let offset = 0; offset < literal.length; offset++) {
      const score = anchorRarity(literal[offset], caseInsensitive);
      if (score === undefined || score < TOO_COMMON) continue;
      const letter = caseInsensitive && ASCII_LETTER.test(literal[offset]);
      const better =
        best === undefined ||
        (best.letter && !letter) ||
        (best.letter === letter && (score > best.rarity || (score === best.rarity && literal.length > best.literal.length)));
      if (better) best = { literal, offset, rarity: score, letter };
    }
  }
  if (best === undefined) return undefined;
  const character = best.literal[best.offset];
  if (!best.letter) return { literal: best.literal, character, offset: best.offset };
  return { literal: best.literal, character: character.toLowerCase(), otherCase: character.toUpperCase(), offset: best.offset };
}

/** Whether `text` at `start` holds `literal` ignoring ASCII case (literal is printable ASCII). */
export function matchesIgnoringAsciiCase(text: string, start: number, literal: string): boolean {
  if (start < 0 || start + literal.length > text.length) return false;
  for (let index = 0; index < literal.length; index++) {
    const actual = text.charCodeAt(start + index);
    const wanted = literal.charCodeAt(index);
    if (actual === wanted) continue;
    // Letters differ only in bit 0x20; both must be letters for that to count.
    const folded = actual | 0x20;
    if (folded !== (wanted | 0x20) || folded < 0x61 || folded > 0x7a) return false;
  }
  return true;
}
