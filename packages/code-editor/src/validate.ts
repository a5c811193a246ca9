/**
 * Validation on write (replace_content and patch_content), so a broken file is refused before
 * it is persisted:
 *   - a workflow must contain a @workflow decorator and a module must not (the seed's rule: the
 *     declared entity type has to match the content);
 *   - TypeScript/JavaScript must parse (the `typescript` parser, syntax only) and JSON must
 *     parse; the error names the line.
 * Python and other languages are not parsed: no parser for them ships with Node.
 */
import path from 'node:path';
import type * as TS from 'typescript';
import { typescript } from './typescript.js';
import type { TextEdit } from './patch.js';
import { checkEditWindow, indexStatements, type StatementIndex } from './syntax-window.js';
import { sha256Hex } from './text.js';
import type { EntityType } from './types.js';

const WORKFLOW_DECORATOR = /^[ \t]*@workflow\b/m;

/** By name, so TypeScript is not loaded before a file needs parsing. */
const SCRIPT_KINDS: Readonly<Record<string, 'TS' | 'TSX' | 'JS' | 'JSX'>> = {
  '.ts': 'TS',
  '.mts': 'TS',
  '.cts': 'TS',
  '.tsx': 'TSX',
  '.js': 'JS',
  '.mjs': 'JS',
  '.cjs': 'JS',
  '.jsx': 'JSX',
};

/** The entity-type rule; returns the error message or undefined. */
export function checkEntityType(entityType: EntityType, content: string): string | undefined {
  if (entityType !== 'module' && entityType !== 'workflow') return undefined;
  const hasDecorator = WORKFLOW_DECORATOR.test(content);
  if (entityType === 'module' && hasDecorator) {
    return "entity_type mismatch: declared 'module' but content contains @workflow decorator. Use entity_type='workflow' instead.";
  }
  if (entityType === 'workflow' && !hasDecorator) {
    return "entity_type mismatch: declared 'workflow' but content has no @workflow decorator. Add @workflow to the entry function, or use entity_type='module' for shared code.";
  }
  return undefined;
}

function lineAndColumn(content: string, offset: number): { line: number; column: number } {
  const before = content.slice(0, Math.max(0, Math.min(offset, content.length)));
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

function checkJson(filePath: string, content: string): string | undefined {
  try {
    JSON.parse(content);
    return undefined;
  } catch (error) {
    const message = (error as Error).message;
    const position = /at position (\d+)/.exec(message);
    const offset = position ? Number(position[1]) : content.length;
    const { line, column } = lineAndColumn(content, offset);
    return `syntax error in ${filePath} at line ${line}, column ${column}: ${message.replace(/ in JSON at position \d+$/, '')}`;
  }
}

/**
 * Syntax-only diagnostics through a one-file program: parse diagnostics are public API only via
 * Program.getSyntacticDiagnostics, and noLib/noResolve keep it from loading anything else.
 */
function syntaxError(filePath: string, sourceFile: TS.SourceFile): string | undefined {
  const ts = typescript();
  const options: TS.CompilerOptions = { noLib: true, noResolve: true, allowJs: true, types: [] };
  const host = ts.createCompilerHost(options);
  host.getSourceFile = (name) => (name === sourceFile.fileName ? sourceFile : undefined);
  host.fileExists = (name) => name === sourceFile.fileName;
  host.readFile = (name) => (name === sourceFile.fileName ? sourceFile.text : undefined);
  host.writeFile = () => undefined;
  const program = ts.createProgram({ rootNames: [sourceFile.fileName], options, host });
  const [first] = program.getSyntacticDiagnostics(sourceFile);
  if (!first) return undefined;
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(first.start ?? 0);
  const message = ts.flattenDiagnosticMessageText(first.messageText, ' ');
  return `syntax error in ${filePath} at line ${line + 1}, column ${character + 1}: ${message}`;
}

/**
 * The parse, or the parser's own failure message: TypeScript 5.9's parser throws a "Debug
 * Failure" on some invalid input (a decorator before `await`, for one), and such text is refused
 * rather than reported as an internal error.
 */
function parseOrCrash(fileName: string, text: string, kind: TS.ScriptKind): TS.SourceFile | string {
  try {
    const ts = typescript();
    return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  } catch (error) {
    return (error instanceof Error ? error.message : String(error)).split('\n')[0];
  }
}

/** A change to text whose parse may be cached: see SyntaxChecker. */
export interface IncrementalEdit {
  /** sha256 of the text before the edit. */
  baseSha256: string;
  edit: TextEdit;
}

/** How a SyntaxChecker reached its verdicts; tests and benchmarks read it. */
export interface SyntaxCheckCounts {
  /** Whole-text parses (first check of a version, or whenever the window check could not decide). */
  fullParses: number;
  /** Patches accepted by parsing only the statements they touched. */
  windowChecks: number;
}

/**
 * Checks syntax by extension; after a patch, parses only the statements the patch touched.
 *
 * A full parse of a 4 MB TypeScript file takes 0.6-1 s. For every version that parsed cleanly
 * the checker keeps a statement index (syntax-window.ts) by sha256, so a patch of that version
 * is checked by parsing a window of a few statements. When the window cannot decide, or there
 * is no index for the base version, the new text is parsed in full: refusals always come from a
 * full parse, so their message and line are exactly those of checkSyntax.
 *
 * The index of text that passed is filed under its sha256 when the caller reports the write
 * (`written`), which has the hash anyway; without that report the next check hashes the last
 * accepted text itself to see whether it is the base.
 */
export class SyntaxChecker {
  private readonly indexes = new Map<string, StatementIndex>();
  private readonly counts: SyntaxCheckCounts = { fullParses: 0, windowChecks: 0 };
  /** The index of the last text that passed, until it is filed by sha256. */
  private pending: { content: string; index: StatementIndex } | undefined;

  constructor(
    /** File versions whose statement index is kept (a 4 MB file's index is a few hundred KB). */
    private readonly capacity = 16,
    /** Smaller files parse in full fast enough that indexing them is not worth it. */
    private readonly minimumIndexedLength = 16 * 1024,
  ) {}

  get counters(): Readonly<SyntaxCheckCounts> {
    return { ...this.counts };
  }

  check(filePath: string, content: string, incremental?: IncrementalEdit): string | undefined {
    const extension = path.extname(filePath).toLowerCase();
    if (extension === '.json') return checkJson(filePath, content);
    const kindName = SCRIPT_KINDS[extension];
    if (kindName === undefined) return undefined;
    const kind = typescript().ScriptKind[kindName];
    const fileName = `/virtual/${path.basename(filePath)}`;
    const indexed = content.length >= this.minimumIndexedLength && this.capacity > 0;
    const base = incremental && indexed ? this.baseIndex(incremental.baseSha256) : undefined;
    this.pending = undefined;
    if (incremental && base && base.scriptKind === kind) {
      const parseClean = (text: string): TS.SourceFile | undefined => {
        const window = parseOrCrash(fileName, text, kind);
        return typeof window !== 'string' && syntaxError(filePath, window) === undefined ? window : undefined;
      };
      const next = checkEditWindow(base, content, incremental.edit, parseClean);
      if (next) {
        this.counts.windowChecks++;
        this.pending = { content, index: next };
        return undefined;
      }
    }
    this.counts.fullParses++;
    const sourceFile = parseOrCrash(fileName, content, kind);
    if (typeof sourceFile === 'string') return `syntax error in ${filePath}: the TypeScript parser failed on this text (${sourceFile})`;
    const problem = syntaxError(filePath, sourceFile);
    if (!problem && indexed) this.pending = { content, index: indexStatements(sourceFile, kind) };
    return problem;
  }

  /** The text last checked (and accepted) was stored with this sha256: keep its index for the next patch. */
  written(content: string, sha256: string): void {
    if (this.pending && this.pending.content === content) this.remember(sha256, this.pending.index);
    this.pending = undefined;
  }

  private baseIndex(sha256: string): StatementIndex | undefined {
    const known = this.indexes.get(sha256);
    if (known || !this.pending) return known;
    // The caller did not report the write: the last accepted text may still be the base.
    if (sha256Hex(this.pending.content) !== sha256) return undefined;
    this.remember(sha256, this.pending.index);
    return this.pending.index;
  }

  private remember(sha256: string, index: StatementIndex): void {
    this.indexes.delete(sha256);
    this.indexes.set(sha256, index);
    while (this.indexes.size > this.capacity) {
      const oldest = this.indexes.keys().next().value;
      if (oldest === undefined) break;
      this.indexes.delete(oldest);
    }
  }
}

const uncachedChecker = new SyntaxChecker(0);

/** Syntax rule by file extension; returns the error message or undefined. */
export function checkSyntax(filePath: string, content: string): string | undefined {
  return uncachedChecker.check(filePath, content);
}

/** Both rules; the first problem found, or undefined when the content may be written. */
export function validateContent(
  entityType: EntityType,
  filePath: string,
  content: string,
  checker: SyntaxChecker = uncachedChecker,
  incremental?: IncrementalEdit,
): string | undefined {
  return checkEntityType(entityType, content) ?? checker.check(filePath, content, incremental);
}
