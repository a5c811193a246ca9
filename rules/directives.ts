/**
 * Per-site opt-outs read from comments, the same for the ESLint rules and `migrate`:
 *
 * - ESLint's own directives, as ESLint reads them: `eslint-disable-line` and
 *   `eslint-disable-next-line` (line or block comments), `/* eslint-disable *\/` …
 *   `/* eslint-enable *\/` (block comments only), each for every rule or for a list of rule ids.
 *   ESLint applies them to the rules itself; `migrate` uses this module to leave the same sites alone.
 * - `// mcp-result-kit-ignore`: every kit rule and `migrate` skip the code that starts on the next
 *   line (a return, a whole handler, a whole registration); written after code, the code that
 *   starts on its own line.
 */
import type * as TS from 'typescript';
import { ts } from '../src/typescript.js';
import { PLUGIN_NAME, type RuleName } from './rule-set.js';

export const IGNORE_COMMENT = 'mcp-result-kit-ignore';

type DirectiveType = 'disable' | 'enable' | 'disable-line' | 'disable-next-line';

interface Directive {
  type: DirectiveType;
  /** Offset of the comment. */
  position: number;
  /** The line it applies to (0-based), for the line directives. */
  line: number;
  /** Rule ids listed, or null for every rule. */
  rules: ReadonlySet<string> | null;
}

export interface SiteSuppressions {
  /** True when an eslint-disable directive turns `rule` off at `start` (ESLint applies these to the rules itself). */
  isDisabled(rule: RuleName, start: number): boolean;
  /** True when a `mcp-result-kit-ignore` comment covers the site spanning [start, end). */
  isIgnored(start: number, end: number): boolean;
}

const NONE: SiteSuppressions = { isDisabled: () => false, isIgnored: () => false };

const DIRECTIVE = /^(eslint-disable-next-line|eslint-disable-line|eslint-disable|eslint-enable)(?:\s|$)/;
/** `mcp-result-kit-ignore`, alone or followed by a reason (`-- why`, `: why`, or just words). */
const IGNORE = new RegExp(`^${IGNORE_COMMENT}(?:$|[\\s:])`);
const HAS_MARKER = /eslint-(?:disable|enable)|mcp-result-kit-ignore/;

interface Comment {
  kind: TS.CommentKind;
  pos: number;
  end: number;
  value: string;
}

/** Every comment of the file: each sits in the trivia before some token (the end-of-file token included). */
function comments(sourceFile: TS.SourceFile): Comment[] {
  const text = sourceFile.text;
  const seen = new Set<number>();
  const found: Comment[] = [];
  // TypeScript splits the trivia before a token: comments on the previous token's line are its
  // trailing ranges, the rest leading ranges. Both start at the token's full start.
  const collect = (position: number) => {
    for (const range of [...(ts.getTrailingCommentRanges(text, position) ?? []), ...(ts.getLeadingCommentRanges(text, position) ?? [])]) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      const raw = text.slice(range.pos, range.end);
      const value = range.kind === ts.SyntaxKind.SingleLineCommentTrivia ? raw.slice(2) : raw.slice(2, -2);
      found.push({ kind: range.kind, pos: range.pos, end: range.end, value });
    }
  };
  const visit = (node: TS.Node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(sourceFile);
    if (children.length === 0) collect(node.pos);
    else children.forEach(visit);
  };
  visit(sourceFile);
  return found.sort((a, b) => a.pos - b.pos);
}

/** ESLint's `-- justification` is not part of the directive. */
function withoutJustification(value: string): string {
  const match = /\s-{2,}\s/.exec(value);
  return (match ? value.slice(0, match.index) : value).trim();
}

function ruleList(value: string): ReadonlySet<string> | null {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length === 0 ? null : new Set(names);
}

/** The smallest node that spans [start, end). */
function nodeAt(sourceFile: TS.SourceFile, start: number, end: number): TS.Node {
  let current: TS.Node = sourceFile;
  for (;;) {
    const next: TS.Node | undefined = current.getChildren(sourceFile).find((child) => child.getStart(sourceFile) <= start && child.end >= end);
    if (!next || next === current) return current;
    current = next;
  }
}

const cache = new WeakMap<TS.SourceFile, SiteSuppressions>();

/** Reads the file's suppression comments once (cached per file; every rule asks); files without any cost a regex test. */
export function siteSuppressions(sourceFile: TS.SourceFile): SiteSuppressions {
  let found = cache.get(sourceFile);
  if (!found) cache.set(sourceFile, (found = readSuppressions(sourceFile)));
  return found;
}

function readSuppressions(sourceFile: TS.SourceFile): SiteSuppressions {
  if (!HAS_MARKER.test(sourceFile.text)) return NONE;
  const lineOf = (position: number) => sourceFile.getLineAndCharacterOfPosition(position).line;
  const directives: Directive[] = [];
  const ignoredLines = new Set<number>();
  for (const comment of comments(sourceFile)) {
    const value = comment.value.trim();
    if (IGNORE.test(value)) {
      const line = lineOf(comment.pos);
      const before = sourceFile.text.slice(sourceFile.getPositionOfLineAndCharacter(line, 0), comment.pos);
      ignoredLines.add(before.trim() === '' ? lineOf(comment.end) + 1 : line);
      continue;
    }
    const match = DIRECTIVE.exec(withoutJustification(value));
    if (!match) continue;
    const type = match[1].slice('eslint-'.length) as DirectiveType;
    const singleLine = type === 'disable-line' || type === 'disable-next-line';
    // As ESLint: disable/enable only in block comments, and disable-line on one line only.
    if (!singleLine && comment.kind === ts.SyntaxKind.SingleLineCommentTrivia) continue;
    if (type === 'disable-line' && lineOf(comment.pos) !== lineOf(comment.end)) continue;
    directives.push({
      type,
      position: comment.pos,
      line: type === 'disable-next-line' ? lineOf(comment.end) + 1 : lineOf(comment.pos),
      rules: ruleList(withoutJustification(value).slice(match[1].length)),
    });
  }
  if (directives.length === 0 && ignoredLines.size === 0) return NONE;

  const covers = (directive: Directive, id: string) => directive.rules === null || directive.rules.has(id);
  return {
    isDisabled(rule, start) {
      if (directives.length === 0) return false;
      const id = `${PLUGIN_NAME}/${rule}`;
      const line = lineOf(start);
      let disabled = false;
      for (const directive of directives) {
        if (directive.type === 'disable-line' || directive.type === 'disable-next-line') {
          if (directive.line === line && covers(directive, id)) return true;
        } else if (directive.position <= start && covers(directive, id)) {
          disabled = directive.type === 'disable';
        }
      }
      return disabled;
    },
    isIgnored(start, end) {
      if (ignoredLines.size === 0) return false;
      for (let node: TS.Node | undefined = nodeAt(sourceFile, start, end); node && node.kind !== ts.SyntaxKind.SourceFile; node = node.parent) {
        if (ignoredLines.has(lineOf(node.getStart(sourceFile)))) return true;
      }
      return false;
    },
  };
}
