import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Project } from 'ts-morph';
import type * as TS from 'typescript';
import { requireOptional } from '../src/install.js';
import { ts } from '../src/typescript.js';
import {
  analyzeSourceFile,
  applyEdits,
  groupDispatchTargets,
  moduleFormatOf,
  planImports,
  resolveHandlerOptions,
  type Analysis,
  type HelperName,
  type ResolvedHandlerOptions,
  type CheckerSource,
} from '../src/analyze/index.js';
import bareObject from './bare-object.js';
import contentLiteral from './content-literal.js';
import errorResult from './error-result.js';
import jsonResult from './json-result.js';
import returnTypes from './return-types.js';
import reviewOnly from './review-only.js';
import stringResult from './string-result.js';
import transportWrapper from './transport-wrapper.js';
import type { Change, Diagnostic, MigrationOptions, Transform } from './types.js';

export const transforms: readonly Transform[] = [stringResult, errorResult, jsonResult, contentLiteral, bareObject, transportWrapper, reviewOnly, returnTypes];

export interface FileResult {
  fileName: string;
  originalText: string;
  /** The migrated text; equal to originalText when nothing changed or the file was rolled back. */
  text: string;
  changed: boolean;
  handlers: number;
  changes: Change[];
  diagnostics: Diagnostic[];
}

interface WithParseDiagnostics {
  parseDiagnostics?: readonly TS.Diagnostic[];
}

/** Syntax errors the parser recorded (TypeScript keeps them on the SourceFile). */
export function syntaxErrors(sourceFile: TS.SourceFile): readonly TS.Diagnostic[] {
  return (sourceFile as unknown as WithParseDiagnostics).parseDiagnostics ?? [];
}

function selectedTransforms(options: MigrationOptions): readonly Transform[] {
  if (!options.transforms) return transforms;
  const known = new Set(transforms.map((transform) => transform.id));
  const unknown = options.transforms.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new Error(`unknown transform ${unknown.map((id) => `"${id}"`).join(', ')} (known: ${[...known].join(', ')})`);
  return transforms.filter((transform) => options.transforms!.includes(transform.id));
}

// What a TypeScript source extension is imported as at run time.
const RUNTIME_EXTENSION: Record<string, string> = { '.ts': '.js', '.tsx': '.js', '.mts': '.mjs', '.cts': '.cjs', '.js': '.js', '.jsx': '.js', '.mjs': '.mjs', '.cjs': '.cjs' };

/** The specifier a file uses to import the helpers: the package, or a relative path to local helpers. */
export function importSourceFor(fileName: string, sourceFile: TS.SourceFile, options: MigrationOptions): string {
  if (!options.localHelpersPath) return options.importSource ?? 'mcp-result-kit';
  const extension = path.extname(options.localHelpersPath);
  const runtimeExtension = RUNTIME_EXTENSION[extension] ?? extension;
  let relative = path.relative(path.dirname(fileName), options.localHelpersPath).split(path.sep).join('/');
  relative = relative.slice(0, relative.length - extension.length);
  if (!relative.startsWith('.')) relative = `./${relative}`;
  const relativeImports = sourceFile.statements.flatMap((statement) =>
    ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.moduleSpecifier.text.startsWith('.') ? [statement.moduleSpecifier.text] : [],
  );
  // Follow the file's own convention: NodeNext ESM needs the extension, bundler-style code has none.
  // .mts/.cts helpers always need theirs: there is no extensionless way to name them.
  const usesExtensionless = relativeImports.length > 0 && relativeImports.every((specifier) => !/\.[cm]?js$/.test(specifier));
  return usesExtensionless && (extension === '.ts' || extension === '.tsx' || extension === '.js') ? relative : `${relative}${runtimeExtension}`;
}

function errorDiagnostic(fileName: string, kind: Diagnostic['kind'], message: string, line = 1, column = 1): Diagnostic {
  return { severity: 'error', fileName, line, column, kind, toolName: null, message };
}

/**
 * Migrates one file: runs every transform over one analysis, then applies all edits (sites,
 * return types, imports) in one pass. Any failure leaves the file as it was, with a diagnostic.
 */
export function migrateSourceFile(sourceFile: TS.SourceFile, options: MigrationOptions = {}, analysis?: Analysis, checker?: CheckerSource): FileResult {
  const fileName = sourceFile.fileName;
  const originalText = sourceFile.text;
  const unchanged = (diagnostics: Diagnostic[], handlers = 0): FileResult => ({ fileName, originalText, text: originalText, changed: false, handlers, changes: [], diagnostics });

  const parseErrors = syntaxErrors(sourceFile);
  if (parseErrors.length > 0) {
    const first = parseErrors[0];
    const position = first.start !== undefined ? sourceFile.getLineAndCharacterOfPosition(first.start) : { line: 0, character: 0 };
    return unchanged([errorDiagnostic(fileName, 'parse-error', `does not parse (${ts.flattenDiagnosticMessageText(first.messageText, ' ')}); skipped, not written`, position.line + 1, position.character + 1)]);
  }

  let handlers = 0;
  try {
    const fileAnalysis = analysis ?? analyzeSourceFile(sourceFile, { handlerOptions: options.handlerOptions, checker, followExternal: true });
    handlers = fileAnalysis.handlers.length;
    const changes: Change[] = [];
    const diagnostics: Diagnostic[] = [];
    for (const transform of selectedTransforms(options)) {
      const result = transform.apply(sourceFile, { analysis: fileAnalysis, options });
      changes.push(...result.changes);
      diagnostics.push(...result.diagnostics);
    }
    if (changes.length === 0) return { ...unchanged(diagnostics, handlers) };
    const helpers = new Set<HelperName>(changes.flatMap((change) => change.helpers));
    const importEdits = planImports(sourceFile, helpers, {
      importSource: importSourceFor(fileName, sourceFile, options),
      callToolResultType: changes.some((change) => change.kind === 'return-type'),
      moduleFormat: moduleFormatOf(fileName, options.compilerOptions),
    });
    const text = applyEdits(originalText, [...changes.map((change) => change.edit), ...importEdits]);
    const reparsed = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, scriptKind(fileName));
    if (syntaxErrors(reparsed).length > 0) {
      const message = ts.flattenDiagnosticMessageText(syntaxErrors(reparsed)[0].messageText, ' ');
      return unchanged([...diagnostics, errorDiagnostic(fileName, 'transform-error', `the rewrite would not parse (${message}); file left unchanged`)], handlers);
    }
    changes.sort((a, b) => a.edit.start - b.edit.start);
    return { fileName, originalText, text, changed: text !== originalText, handlers, changes, diagnostics };
  } catch (error) {
    return unchanged([errorDiagnostic(fileName, 'transform-error', `transform failed (${(error as Error).message}); file left unchanged`)], handlers);
  }
}

export function scriptKind(fileName: string): TS.ScriptKind {
  if (/\.tsx$/.test(fileName)) return ts.ScriptKind.TSX;
  if (/\.[cm]?jsx?$/.test(fileName)) return ts.ScriptKind.JSX;
  return ts.ScriptKind.TS;
}

export interface RunMigrationOptions extends MigrationOptions {
  /** Absolute file paths to migrate. */
  files: string[];
  /** A tsconfig.json for type information; syntax-only without it. */
  tsconfig?: string;
  onProgress?: (done: number, total: number) => void;
}

export interface MigrationRun {
  files: FileResult[];
  typeAware: boolean;
  handlers: number;
  elapsedMs: number;
  /**
   * A ts-morph Project over the same tsconfig and files, made on first use (for --verify style
   * project-wide diagnostics). Loading ts-morph costs a second TypeScript, so only callers who
   * need it pay for it.
   */
  readonly project: Project;
}

export class TsconfigError extends Error {
  override name = 'TsconfigError';
}

/** Parses a tsconfig.json; throws TsconfigError with TypeScript's own message when it is broken. */
export function readTsconfig(tsconfig: string): TS.ParsedCommandLine {
  let failure: TS.Diagnostic | undefined;
  const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      failure = diagnostic;
    },
  });
  if (!parsed || failure) {
    throw new TsconfigError(`${tsconfig}: ${failure ? ts.flattenDiagnosticMessageText(failure.messageText, ' ') : 'cannot be read'}`);
  }
  return parsed;
}

/** Analyzes and rewrites every file in memory. Nothing is written: see writeMigration. */
export function runMigration(options: RunMigrationOptions): MigrationRun {
  const started = performance.now();
  const resolved: ResolvedHandlerOptions = resolveHandlerOptions(options.handlerOptions);
  const files = options.files.map((file) => path.resolve(file));
  let sourceFiles: TS.SourceFile[];
  let checker: CheckerSource | undefined;
  let compilerOptions: TS.CompilerOptions | undefined;
  if (options.tsconfig) {
    const parsed = readTsconfig(options.tsconfig);
    compilerOptions = { ...parsed.options, noEmit: true };
    // Parent pointers from the start: the analyzer walks upwards, and the checker (which would
    // set them while binding) is only made if some site needs it.
    const host = ts.createCompilerHost(compilerOptions, true);
    const program = ts.createProgram({ rootNames: [...new Set([...parsed.fileNames, ...files])], options: compilerOptions, host });
    let made: TS.TypeChecker | undefined;
    checker = () => (made ??= program.getTypeChecker());
    sourceFiles = files.map((file) => program.getSourceFile(file) ?? parseFile(file));
  } else {
    sourceFiles = files.map(parseFile);
  }

  // First pass: every file on its own. With a checker, dispatchers may reach handlers in other files.
  const analyses = new Map<TS.SourceFile, Analysis>();
  for (const sourceFile of sourceFiles) {
    if (syntaxErrors(sourceFile).length === 0) analyses.set(sourceFile, analyzeSourceFile(sourceFile, { handlerOptions: resolved, checker, followExternal: true }));
  }
  const dispatchTargets = groupDispatchTargets(analyses.values());
  const fileOptions: MigrationOptions = options.compilerOptions || !compilerOptions ? options : { ...options, compilerOptions };
  const results: FileResult[] = [];
  sourceFiles.forEach((sourceFile, index) => {
    const extra = dispatchTargets.get(sourceFile.fileName);
    const analysis = extra ? analyzeSourceFile(sourceFile, { handlerOptions: resolved, checker, extraHandlers: extra, followExternal: true }) : analyses.get(sourceFile);
    const result = migrateSourceFile(sourceFile, fileOptions, analysis, checker);
    // Report the path as given, whatever separators the compiler normalised it to.
    results.push({ ...result, fileName: files[index] });
    options.onProgress?.(index + 1, sourceFiles.length);
  });
  let project: Project | undefined;
  return {
    files: results,
    typeAware: checker !== undefined,
    handlers: results.reduce((sum, file) => sum + file.handlers, 0),
    elapsedMs: performance.now() - started,
    get project(): Project {
      if (!project) {
        const tsMorph = requireOptional<typeof import('ts-morph')>('ts-morph', import.meta.url, '--verify');
        project = options.tsconfig
          ? new tsMorph.Project({ tsConfigFilePath: options.tsconfig })
          : new tsMorph.Project({ compilerOptions: { allowJs: true, noEmit: true } });
        for (const file of files) if (!project.getSourceFile(file)) project.addSourceFileAtPath(file);
      }
      return project;
    },
  };
}

function parseFile(file: string): TS.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, scriptKind(file));
}

/**
 * Writes each changed file atomically (temp file in the same folder, then rename), so an
 * interrupted run never leaves a half-written file. Returns the files written.
 */
export function writeMigration(files: readonly FileResult[]): string[] {
  const written: string[] = [];
  for (const file of files) {
    if (!file.changed) continue;
    writeFileAtomic(file.fileName, file.text);
    written.push(file.fileName);
  }
  return written;
}

export function writeFileAtomic(fileName: string, text: string): void {
  const temporary = path.join(path.dirname(fileName), `.${path.basename(fileName)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const mode = statSync(fileName, { throwIfNoEntry: false })?.mode;
    writeFileSync(temporary, text, 'utf8');
    if (mode !== undefined) chmodSync(temporary, mode & 0o7777);
    renameSync(temporary, fileName);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // The temp file may never have been created.
    }
    throw error;
  }
}
