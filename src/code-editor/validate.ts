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
import { ts } from '../typescript.js';
import type { TextEdit } from './patch.js';
import { sha256Hex } from './text.js';
import type { EntityType } from './types.js';

const WORKFLOW_DECORATOR = /^[ \t]*@workflow\b/m;

const SCRIPT_KINDS: Readonly<Record<string, TS.ScriptKind>> = {
  '.ts': ts.ScriptKind.TS,
  '.mts': ts.ScriptKind.TS,
  '.cts': ts.ScriptKind.TS,
  '.tsx': ts.ScriptKind.TSX,
  '.js': ts.ScriptKind.JS,
  '.mjs': ts.ScriptKind.JS,
  '.cjs': ts.ScriptKind.JS,
  '.jsx': ts.ScriptKind.JSX,
};

/** The entity-type rule; returns the error message or undefined. */
export function checkEntityType(entityType: EntityType, content: string): string | undefined {
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

/** A change to text whose parse may be cached: see SyntaxChecker. */
export interface IncrementalEdit {
  /** sha256 of the text before the edit. */
  baseSha256: string;
  edit: TextEdit;
}

/**
 * Checks syntax by extension, re-parsing incrementally after a patch.
 *
 * A full parse of a 4 MB TypeScript file takes 0.6-1 s; TypeScript's incremental parser (the
 * one editors use) re-parses only around a small edit. So the last few valid parse trees are kept
 * by the sha256 of their text, and a patch of a cached version updates that tree instead of
 * parsing from scratch. updateSourceFile may reuse the old tree's nodes, so the base entry is
 * dropped once it has been updated.
 */
export class SyntaxChecker {
  private readonly trees = new Map<string, TS.SourceFile>();

  constructor(
    /** Parse trees kept: a 4 MB TypeScript file parses into roughly 130 MB of AST. */
    private readonly capacity = 2,
    /** Smaller files re-parse fast enough that caching them is not worth the memory. */
    private readonly minimumCachedLength = 64 * 1024,
  ) {}

  check(filePath: string, content: string, incremental?: IncrementalEdit): string | undefined {
    const extension = path.extname(filePath).toLowerCase();
    if (extension === '.json') return checkJson(filePath, content);
    const kind = SCRIPT_KINDS[extension];
    if (kind === undefined) return undefined;
    const fileName = `/virtual/${path.basename(filePath)}`;
    const base = incremental ? this.trees.get(incremental.baseSha256) : undefined;
    let sourceFile: TS.SourceFile;
    if (incremental && base && base.fileName === fileName) {
      this.trees.delete(incremental.baseSha256);
      const { start, oldLength, newLength } = incremental.edit;
      sourceFile = ts.updateSourceFile(base, content, { span: { start, length: oldLength }, newLength });
    } else {
      sourceFile = ts.createSourceFile(fileName, content, ts.ScriptTarget.Latest, false, kind);
    }
    const problem = syntaxError(filePath, sourceFile);
    if (!problem && content.length >= this.minimumCachedLength) this.remember(sha256Hex(content), sourceFile);
    return problem;
  }

  private remember(sha256: string, sourceFile: TS.SourceFile): void {
    this.trees.delete(sha256);
    this.trees.set(sha256, sourceFile);
    while (this.trees.size > this.capacity) {
      const oldest = this.trees.keys().next().value;
      if (oldest === undefined) break;
      this.trees.delete(oldest);
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
