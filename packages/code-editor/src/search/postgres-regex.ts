/**
 * Lets Postgres skip rows for a search: a translation of the search pattern (JavaScript RegExp
 * syntax, no `u` flag, matched line by line) into a PostgreSQL regular expression (ARE) that
 * matches every text in which some line matches the pattern. It may match more texts (the
 * search worker checks every line of the rows it gets), never fewer. Anything not fully
 * understood gives undefined, and the pattern is then not run in the database.
 *
 * Why the translation only widens:
 * - assertions (^ $ \b \B and lookarounds) are dropped: removing a constraint only widens;
 * - \d \w \s are spelled out as JavaScript defines them (ASCII digits and word characters,
 *   JavaScript's whitespace list), since Postgres's classes depend on the locale;
 * - repetition bounds above Postgres's 255 become open-ended ({300} -> {255,});
 * - newline-sensitive mode (?n): `.` and negated classes skip only \n, which no line contains;
 *   JavaScript's `.` also skips \r, \u2028 and \u2029;
 * - case-insensitively every character the pattern spells must be ASCII: JavaScript folds only
 *   ASCII letters to ASCII letters, Postgres folds at least those, and its folding of other
 *   letters depends on the locale;
 * - JavaScript without `u` counts UTF-16 code units, Postgres code points, so `..` matches one
 *   astral character in JavaScript and needs two in Postgres. Surrogates in the pattern give
 *   undefined, and the store applies the expression only to rows without astral characters
 *   (a column it sets on write).
 */

class Untranslatable extends Error {}

/** JavaScript's \s, as ARE character-entry escapes and ranges. */
const JS_WHITESPACE = ['\\u0009-\\u000d', '\\u0020', '\\u00a0', '\\u1680', '\\u2000-\\u200a', '\\u2028', '\\u2029', '\\u202f', '\\u205f', '\\u3000', '\\ufeff'].join('');
const DIGIT = '0-9';
const WORD = 'A-Za-z0-9_';
const CONTROL_ESCAPES: Readonly<Record<string, number>> = { n: 0x0a, r: 0x0d, t: 0x09, v: 0x0b, f: 0x0c };
/** Postgres refuses repetition bounds above this (RE_DUP_MAX). */
const MAX_BOUND = 255;
const QUANTIFIER = /^\{(\d+)(?:(,)(\d*))?\}/;

function isSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdfff;
}

/** One character as an ARE atom: letters and digits as they are, the rest as \uXXXX. */
function characterEntry(code: number): string {
  if (isSurrogate(code)) throw new Untranslatable('surrogate');
  const character = String.fromCharCode(code);
  return /[A-Za-z0-9]/.test(character) ? character : `\\u${code.toString(16).padStart(4, '0')}`;
}

type ClassItem = { kind: 'char'; code: number } | { kind: 'set'; body: string };

class Translator {
  private index = 0;

  constructor(
    private readonly source: string,
    private readonly caseInsensitive: boolean,
  ) {}

  translate(): string {
    const body = this.alternation();
    if (this.index !== this.source.length) throw new Untranslatable('unbalanced )');
    return body;
  }

  private peek(offset = 0): string | undefined {
    return this.source[this.index + offset];
  }

  /** A literal character of the pattern (not one the translation introduces). */
  private literal(code: number): number {
    if (this.caseInsensitive && code > 0x7f) throw new Untranslatable('non-ASCII, case-insensitive');
    if (isSurrogate(code)) throw new Untranslatable('surrogate');
    return code;
  }

  private alternation(): string {
    const branches = [this.sequence()];
    while (this.peek() === '|') {
      this.index++;
      branches.push(this.sequence());
    }
    return branches.join('|');
  }

  private sequence(): string {
    let out = '';
    while (this.index < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      const quantifier = this.quantifier();
      // A dropped assertion takes its quantifier with it.
      if (atom !== undefined) out += atom + quantifier;
    }
    return out;
  }

  /** The next atom, or undefined for an assertion (dropped). */
  private atom(): string | undefined {
    const character = this.source[this.index++];
    switch (character) {
      case '\\':
        return this.escape();
      case '[':
        return this.characterClass();
      case '(':
        return this.group();
      case '.':
        return '.';
      case '^':
      case '$':
        return undefined;
      case '*':
      case '+':
      case '?':
        throw new Untranslatable('nothing to repeat');
      case '{':
        if (QUANTIFIER.test(this.source.slice(this.index - 1))) throw new Untranslatable('nothing to repeat');
        return characterEntry(this.literal(character.charCodeAt(0)));
      default:
        return characterEntry(this.literal(character.charCodeAt(0)));
    }
  }

  private group(): string | undefined {
    let assertion = false;
    if (this.peek() === '?') {
      const kind = this.source.slice(this.index, this.index + 3);
      if (kind.startsWith('?:')) this.index += 2;
      else if (kind.startsWith('?=') || kind.startsWith('?!')) {
        assertion = true;
        this.index += 2;
      } else if (kind === '?<=' || kind === '?<!') {
        assertion = true;
        this.index += 3;
      } else if (kind.startsWith('?<')) {
        const close = this.source.indexOf('>', this.index);
        if (close === -1) throw new Untranslatable('unterminated group name');
        this.index = close + 1;
      } else {
        throw new Untranslatable('unknown group');
      }
    }
    const body = this.alternation();
    if (this.source[this.index++] !== ')') throw new Untranslatable('unterminated group');
    return assertion ? undefined : `(?:${body})`;
  }

  private quantifier(): string {
    let out: string;
    const character = this.peek();
    if (character === '*' || character === '+' || character === '?') {
      out = character;
      this.index++;
    } else if (character === '{') {
      const match = QUANTIFIER.exec(this.source.slice(this.index));
      if (!match) return '';
      this.index += match[0].length;
      const min = Number(match[1]);
      const open = match[2] !== undefined && match[3] === '';
      const max = match[2] === undefined ? min : open ? undefined : Number(match[3]);
      if (max !== undefined && max < min) throw new Untranslatable('bad bounds');
      if (min > MAX_BOUND || (max !== undefined && max > MAX_BOUND)) out = `{${Math.min(min, MAX_BOUND)},}`;
      else out = max === undefined ? `{${min},}` : max === min ? `{${min}}` : `{${min},${max}}`;
    } else {
      return '';
    }
    // Laziness changes which match is found, not whether there is one.
    if (this.peek() === '?') this.index++;
    return out;
  }

  /** After a backslash, outside a class. */
  private escape(): string | undefined {
    const character = this.source[this.index++];
    if (character === undefined) throw new Untranslatable('trailing backslash');
    switch (character) {
      case 'd':
        return `[${DIGIT}]`;
      case 'D':
        return `[^${DIGIT}]`;
      case 'w':
        return `[${WORD}]`;
      case 'W':
        return `[^${WORD}]`;
      case 's':
        return `[${JS_WHITESPACE}]`;
      case 'S':
        return `[^${JS_WHITESPACE}]`;
      case 'b':
      case 'B':
        return undefined;
      default:
        return characterEntry(this.escapedCharacter(character));
    }
  }

  /** The character an escape stands for (shared by classes and atoms). */
  private escapedCharacter(character: string): number {
    if (character in CONTROL_ESCAPES) return CONTROL_ESCAPES[character];
    if (character === 'x' || character === 'u') {
      const digits = character === 'x' ? 2 : 4;
      const hex = this.source.slice(this.index, this.index + digits);
      if (!new RegExp(`^[0-9A-Fa-f]{${digits}}$`).test(hex)) throw new Untranslatable(`\\${character} without hex digits`);
      this.index += digits;
      return this.literal(Number.parseInt(hex, 16));
    }
    // Back-references, \0, \c, \k, and letters that are identity escapes without the u flag.
    if (/[A-Za-z0-9]/.test(character)) throw new Untranslatable(`\\${character}`);
    return this.literal(character.charCodeAt(0));
  }

  private characterClass(): string {
    const negated = this.peek() === '^';
    if (negated) this.index++;
    // JavaScript's [] matches nothing and [^] anything; Postgres reads ']' there as a member.
    if (this.peek() === ']') throw new Untranslatable('empty class');
    const parts: string[] = [];
    while (this.peek() !== ']') {
      if (this.index >= this.source.length) throw new Untranslatable('unterminated class');
      const first = this.classItem();
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined) {
        this.index++;
        const last = this.classItem();
        if (first.kind !== 'char' || last.kind !== 'char') throw new Untranslatable('range with a class escape');
        if (last.code < first.code) throw new Untranslatable('reversed range');
        parts.push(`${characterEntry(first.code)}-${characterEntry(last.code)}`);
      } else {
        parts.push(first.kind === 'char' ? characterEntry(first.code) : first.body);
      }
    }
    this.index++;
    return `[${negated ? '^' : ''}${parts.join('')}]`;
  }

  private classItem(): ClassItem {
    const character = this.source[this.index++];
    if (character !== '\\') return { kind: 'char', code: this.literal(character.charCodeAt(0)) };
    const escaped = this.source[this.index++];
    if (escaped === undefined) throw new Untranslatable('trailing backslash');
    if (escaped === 'd') return { kind: 'set', body: DIGIT };
    if (escaped === 'w') return { kind: 'set', body: WORD };
    if (escaped === 's') return { kind: 'set', body: JS_WHITESPACE };
    // \D \W \S inside a class cannot be spelled as members.
    if (escaped === 'D' || escaped === 'W' || escaped === 'S') throw new Untranslatable('negated class escape inside a class');
    if (escaped === 'b') return { kind: 'char', code: 0x08 };
    if (escaped === '-') return { kind: 'char', code: 0x2d };
    return { kind: 'char', code: this.escapedCharacter(escaped) };
  }
}

/**
 * The ARE for `pattern` (with embedded options: newline-sensitive, and case-insensitive when
 * asked), or undefined when the pattern cannot be translated safely or would not narrow
 * anything (an empty translation matches every text).
 */
export function toPostgresRegex(pattern: string, caseInsensitive: boolean): string | undefined {
  let body: string;
  try {
    body = new Translator(pattern, caseInsensitive).translate();
  } catch (error) {
    if (error instanceof Untranslatable) return undefined;
    throw error;
  }
  if (body.replace(/\(\?:\)|\|/g, '') === '') return undefined;
  return `(?${caseInsensitive ? 'ni' : 'n'})${body}`;
}
