import type { Linter } from 'eslint';
import type * as TS from 'typescript';
import { packageVersion } from '../src/package-info.js';
import { ts } from '../src/typescript.js';
import { parseLintedText } from '../src/analyze/index.js';

/**
 * The parser `check` lints with when it has no type information. The kit's rules read only the
 * TypeScript tree (rules/utils.ts takes it from `esTreeNodeToTSNodeMap`), so there is no need for
 * typescript-eslint's ESTree copy of the file: building that copy is most of a syntax-only check's
 * time and memory (2.7 GB for a 6 MB file, docs/benchmarks.md). This parser hands ESLint a
 * Program with no body (no rule of the kit walks it) and the file's comments, so that
 * `eslint-disable` directives still apply, and hands the rules TypeScript's tree.
 *
 * Only for `check`: a user's ESLint config has other rules that need the real ESTree, and keeps
 * typescript-eslint's parser.
 */
export const syntaxOnlyParser = {
  meta: { name: 'mcp-result-kit/syntax-only', version: packageVersion() },
  parseForESLint(text: string, options: { filePath?: string } = {}) {
    const fileName = options.filePath ?? 'file.ts';
    const sourceFile = parseLintedText(fileName, text);
    const firstError = parseDiagnosticsOf(sourceFile)[0];
    if (firstError) throw parseError(sourceFile, firstError);
    const lines = sourceFile.getLineStarts();
    const program = {
      type: 'Program',
      sourceType: 'module',
      body: [],
      tokens: [],
      comments: commentsOf(sourceFile),
      range: [0, text.length],
      loc: { start: { line: 1, column: 0 }, end: { line: lines.length, column: text.length - lines[lines.length - 1] } },
    };
    const esTreeNodeToTSNodeMap = new WeakMap<object, TS.Node>([[program, sourceFile]]);
    return { ast: program, services: { esTreeNodeToTSNodeMap, program: null }, visitorKeys: { Program: [] } };
  },
} as unknown as Linter.Parser;

/** The syntax errors TypeScript found while parsing (not part of its public typings). */
function parseDiagnosticsOf(sourceFile: TS.SourceFile): readonly TS.DiagnosticWithLocation[] {
  return (sourceFile as TS.SourceFile & { parseDiagnostics?: readonly TS.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
}

/** ESLint reports a thrown error with `lineNumber` and `column` as a fatal parse error there. */
function parseError(sourceFile: TS.SourceFile, diagnostic: TS.DiagnosticWithLocation): Error {
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(diagnostic.start);
  return Object.assign(new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')), { lineNumber: line + 1, column: character + 1, index: diagnostic.start });
}

interface EsComment {
  type: 'Line' | 'Block';
  value: string;
  range: [number, number];
  loc: { start: { line: number; column: number }; end: { line: number; column: number } };
}

/**
 * The comments around every node (leading and trailing trivia), which is where directives are
 * written; one walk over the tree, each comment once.
 */
function commentsOf(sourceFile: TS.SourceFile): EsComment[] {
  const text = sourceFile.text;
  if (!text.includes('//') && !text.includes('/*')) return [];
  const byStart = new Map<number, TS.CommentRange>();
  const collect = (ranges: TS.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) byStart.set(range.pos, range);
  };
  const visit = (node: TS.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile, visit);
  collect(ts.getLeadingCommentRanges(text, sourceFile.endOfFileToken.pos));
  const at = (position: number) => {
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(position);
    return { line: line + 1, column: character };
  };
  return [...byStart.values()]
    .sort((a, b) => a.pos - b.pos)
    .map((range) => {
      const line = range.kind === ts.SyntaxKind.SingleLineCommentTrivia;
      return {
        type: line ? 'Line' : 'Block',
        value: text.slice(range.pos + 2, line ? range.end : range.end - 2),
        range: [range.pos, range.end],
        loc: { start: at(range.pos), end: at(range.end) },
      };
    });
}
