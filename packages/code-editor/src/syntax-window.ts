/**
 * Validating a patch of a big TypeScript/JavaScript file without re-parsing all of it.
 *
 * A full parse of a 4 MB file takes 0.6-1 s and even TypeScript's incremental re-parse
 * (`ts.updateSourceFile`) walks the whole tree, 130-400 ms. But a file that parsed cleanly is a
 * sequence of top-level statements, and the parser starts each one in the same state: at a
 * statement start, top level, scanner between tokens. So when an edit touches statements
 * S_i..S_j, only that window needs parsing, provided nothing outside it can read differently:
 *
 *   - left: S_(i-1) ends "hard" (its last token is `;`, or the `}` of a declaration or block),
 *     so it cannot run on into the window; otherwise the window grows to the left;
 *   - right: the window's own last statement ends hard, so the text after it starts a statement
 *     exactly as before; otherwise the window grows to the right and is parsed again;
 *   - module or script: top-level `await` parses differently in a module, so the window is
 *     parsed as a module (behind `export {};`) when a statement outside it makes the file one,
 *     and as a script when the file was a script and the window does not make it a module.
 *
 * The window check only ever *accepts*. When it cannot (a window with errors, an unclear
 * module status, an edit spanning a large part of the file) the caller falls back to a full
 * parse, which is exact; a refusal always comes from that full parse.
 *
 * What is kept per file version is this index (statement offsets and two flags each), not the
 * parse tree: a few hundred KB for a 4 MB file instead of roughly 130 MB of AST.
 */
import type * as TS from 'typescript';
import { typescript } from './typescript.js';
import type { TextEdit } from './patch.js';

const HARD_END = 1;
const MODULE_INDICATOR = 2;
const SEMICOLON = 0x3b;
/** Makes the window a module without changing how the statements after it parse. */
const MODULE_PREFIX = 'export {};\n';
/** A window over this share of the file is no cheaper than a full parse. */
const MAX_WINDOW_SHARE = 0.25;
/** Statements added to the right, one parse each, before giving up on the window. */
const MAX_RIGHT_EXTENSIONS = 8;

/** Top-level statements of a cleanly parsed text: where each starts and ends, and its flags. */
export interface StatementIndex {
  scriptKind: TS.ScriptKind;
  textLength: number;
  /** Statement positions including leading trivia (node.pos), ascending. */
  starts: Int32Array;
  /** Ends of the statements' last tokens (node.end). */
  ends: Int32Array;
  flags: Uint8Array;
  /** Statements that make the file an ES module (import/export forms). */
  moduleIndicators: number;
  isModule: boolean;
}

/** TypeScript's own rule (isAnExternalModuleIndicatorNode), through the public API. */
function isModuleIndicator(statement: TS.Statement): boolean {
  const ts = typescript();
  if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) {
    return true;
  }
  return (
    (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) ||
    ts.isImportDeclaration(statement) ||
    ts.isExportAssignment(statement) ||
    ts.isExportDeclaration(statement)
  );
}

/**
 * Whether nothing after the statement can continue it: its last token is `;`, or it ends with
 * the `}` of a declaration or block. A statement ending in an expression (`let f = g`) could be
 * continued by a following `(x)`, so it is not hard.
 */
function endsHard(statement: TS.Statement, text: string): boolean {
  const ts = typescript();
  if (text.charCodeAt(statement.end - 1) === SEMICOLON) return true;
  switch (statement.kind) {
    case ts.SyntaxKind.FunctionDeclaration:
      return (statement as TS.FunctionDeclaration).body !== undefined;
    case ts.SyntaxKind.ModuleDeclaration:
      return (statement as TS.ModuleDeclaration).body !== undefined;
    case ts.SyntaxKind.ClassDeclaration:
    case ts.SyntaxKind.InterfaceDeclaration:
    case ts.SyntaxKind.EnumDeclaration:
    case ts.SyntaxKind.Block:
    case ts.SyntaxKind.SwitchStatement:
    case ts.SyntaxKind.TryStatement:
      return true;
    case ts.SyntaxKind.IfStatement: {
      const ifStatement = statement as TS.IfStatement;
      return endsHard(ifStatement.elseStatement ?? ifStatement.thenStatement, text);
    }
    case ts.SyntaxKind.ForStatement:
    case ts.SyntaxKind.ForInStatement:
    case ts.SyntaxKind.ForOfStatement:
    case ts.SyntaxKind.WhileStatement:
    case ts.SyntaxKind.WithStatement:
    case ts.SyntaxKind.LabeledStatement:
      return endsHard((statement as TS.IterationStatement | TS.WithStatement | TS.LabeledStatement).statement, text);
    default:
      return false;
  }
}

function statementFlags(statement: TS.Statement, text: string): number {
  return (endsHard(statement, text) ? HARD_END : 0) | (isModuleIndicator(statement) ? MODULE_INDICATOR : 0);
}

/** The index of a source file that parsed without errors. */
export function indexStatements(sourceFile: TS.SourceFile, scriptKind: TS.ScriptKind): StatementIndex {
  const ts = typescript();
  const { statements, text } = sourceFile;
  const starts = new Int32Array(statements.length);
  const ends = new Int32Array(statements.length);
  const flags = new Uint8Array(statements.length);
  let moduleIndicators = 0;
  statements.forEach((statement, position) => {
    starts[position] = statement.pos;
    ends[position] = statement.end;
    flags[position] = statementFlags(statement, text);
    if (flags[position] & MODULE_INDICATOR) moduleIndicators++;
  });
  return { scriptKind, textLength: text.length, starts, ends, flags, moduleIndicators, isModule: ts.isExternalModule(sourceFile) };
}

/** First position whose value is greater than `value` (values ascending). */
function firstGreater(values: Int32Array, value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle] > value) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Parses `text` alone; returns the source file when it has no syntax error. */
export type CleanParse = (text: string) => TS.SourceFile | undefined;

/**
 * Checks `content` (the text of `index` after `edit`) by parsing only the statements the edit
 * touches. Returns the index of `content` when the edit is accepted, undefined when only a full
 * parse can decide.
 */
export function checkEditWindow(index: StatementIndex, content: string, edit: TextEdit, parse: CleanParse): StatementIndex | undefined {
  const ts = typescript();
  const count = index.starts.length;
  if (count === 0 || content.length !== index.textLength + edit.newLength - edit.oldLength) return undefined;
  const delta = edit.newLength - edit.oldLength;
  const editEnd = edit.start + edit.oldLength;
  let first = Math.min(firstGreater(index.ends, edit.start), count - 1);
  let last = Math.max(first, firstGreater(index.starts, editEnd - 1) - 1);
  while (first > 0 && !(index.flags[first - 1] & HARD_END)) first--;

  for (let extension = 0; extension <= MAX_RIGHT_EXTENSIONS; extension++) {
    const windowStart = first === 0 ? 0 : index.starts[first];
    const oldWindowEnd = last === count - 1 ? index.textLength : index.ends[last];
    if (oldWindowEnd - windowStart > Math.max(64 * 1024, index.textLength * MAX_WINDOW_SHARE)) return undefined;
    let insideIndicators = 0;
    for (let position = first; position <= last; position++) if (index.flags[position] & MODULE_INDICATOR) insideIndicators++;
    const outsideIndicators = index.moduleIndicators - insideIndicators;
    // A module because of a statement the edit does not touch: parse the window as a module too.
    // A script: the window must stay one. Otherwise the window decides, and a full parse must.
    let prefix: string;
    if (outsideIndicators > 0 && index.isModule) prefix = MODULE_PREFIX;
    else if (!index.isModule) prefix = '';
    else return undefined;

    const windowText = content.slice(windowStart, oldWindowEnd + delta);
    // A shebang is only allowed at the very start of a file, which the window's start is not.
    if (windowStart > 0 && windowText.startsWith('#!')) return undefined;
    const sourceFile = parse(prefix + windowText);
    if (!sourceFile) return undefined;
    if (prefix === '' && ts.isExternalModule(sourceFile)) return undefined;
    const statements = prefix === '' ? sourceFile.statements : sourceFile.statements.slice(1);
    const lastStatement = statements.at(-1);
    if (last < count - 1 && lastStatement !== undefined && !endsHard(lastStatement, sourceFile.text)) {
      last++;
      continue;
    }
    return spliceIndex(index, { first, last, delta, windowStart, prefixLength: prefix.length, statements, text: sourceFile.text, outsideIndicators, contentLength: content.length });
  }
  return undefined;
}

interface WindowResult {
  first: number;
  last: number;
  delta: number;
  windowStart: number;
  prefixLength: number;
  statements: readonly TS.Statement[];
  text: string;
  outsideIndicators: number;
  contentLength: number;
}

/** The old index with statements first..last replaced by the window's, and the rest shifted. */
function spliceIndex(index: StatementIndex, window: WindowResult): StatementIndex {
  const { first, last, delta, windowStart, prefixLength, statements, text } = window;
  const kept = index.starts.length - (last - first + 1);
  const size = kept + statements.length;
  const starts = new Int32Array(size);
  const ends = new Int32Array(size);
  const flags = new Uint8Array(size);
  starts.set(index.starts.subarray(0, first));
  ends.set(index.ends.subarray(0, first));
  flags.set(index.flags.subarray(0, first));
  let moduleIndicators = window.outsideIndicators;
  statements.forEach((statement, offset) => {
    const position = first + offset;
    // The window's first statement owns the window's leading trivia (after the prefix, if any).
    starts[position] = offset === 0 ? windowStart : statement.pos - prefixLength + windowStart;
    ends[position] = statement.end - prefixLength + windowStart;
    flags[position] = statementFlags(statement, text);
    if (flags[position] & MODULE_INDICATOR) moduleIndicators++;
  });
  const tail = first + statements.length;
  for (let position = last + 1; position < index.starts.length; position++) {
    const target = tail + position - last - 1;
    // The first statement after the window starts where the window's last one ends (or where
    // the window starts, if it has none): trivia the edit left at the window's end is its.
    starts[target] = target !== tail ? index.starts[position] + delta : target === 0 ? 0 : ends[target - 1];
    ends[target] = index.ends[position] + delta;
    flags[target] = index.flags[position];
  }
  return {
    scriptKind: index.scriptKind,
    textLength: window.contentLength,
    starts,
    ends,
    flags,
    moduleIndicators,
    isModule: prefixLength > 0,
  };
}
