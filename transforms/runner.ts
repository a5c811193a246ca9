import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Project } from 'ts-morph';
import type * as TS from 'typescript';
import { requireOptional } from '../src/install.js';
import { ts } from '../src/typescript.js';
import {
  analyzeSourceFile,
  applyEdits,
  isTestFile,
  listProjectFiles,
  moduleFormatOf,
  ProjectAnalysis,
  projectRootOf,
  SourceProject,
  planImports,
  resolveHandlerOptions,
  STRING_RESULT_KINDS,
  type Analysis,
  type Finding,
  type HelperName,
  type ResolvedHandlerOptions,
  type CheckerSource,
  type SiteKind,
  type TextEdit,
} from '../src/analyze/index.js';
import { siteSuppressions } from '../rules/directives.js';
import { enabledKinds, RULE_OF_KIND, ruleId, ruleSeverities } from '../rules/rule-set.js';
import bareObject from './bare-object.js';
import contentLiteral from './content-literal.js';
import errorResult from './error-result.js';
import jsonResult from './json-result.js';
import outputSchema from './output-schema.js';
import returnTypes from './return-types.js';
import reviewOnly from './review-only.js';
import stringResult from './string-result.js';
import transportWrapper from './transport-wrapper.js';
import type { Change, Diagnostic, MigrationOptions, Transform, TransformContext } from './types.js';

export const transforms: readonly Transform[] = [stringResult, errorResult, jsonResult, contentLiteral, bareObject, transportWrapper, reviewOnly, returnTypes, outputSchema];

/** Transforms that follow the site rewrites rather than sites of their own: they run with any selection. */
const FOLLOWING_TRANSFORMS = new Set([returnTypes.id]);

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

export class UnknownTransformError extends Error {
  override name = 'UnknownTransformError';
}

/** The transforms `options.transforms` names (all by default), plus those that follow the rewrites. */
export function selectedTransforms(options: Pick<MigrationOptions, 'transforms' | 'outputSchema'>): readonly Transform[] {
  const asked = (transform: Transform): boolean => options.outputSchema === true && transform.id === outputSchema.id;
  if (!options.transforms) return transforms.filter((transform) => !transform.optIn || asked(transform));
  const known = new Set(transforms.map((transform) => transform.id));
  const unknown = options.transforms.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new UnknownTransformError(`unknown transform ${unknown.map((id) => `"${id}"`).join(', ')} (known: ${[...known].join(', ')})`);
  return transforms.filter((transform) => options.transforms!.includes(transform.id) || FOLLOWING_TRANSFORMS.has(transform.id) || asked(transform));
}

/**
 * The part of the analysis this run may act on: sites whose rule the rule set turns on (what
 * `check` reports with the same preset), of the selected transforms' kinds, and not switched off
 * by an eslint-disable directive or a `mcp-result-kit-ignore` comment. A `string` return type
 * changes only when every string site of its function is still rewritten.
 */
const ruleKindsCache = new WeakMap<MigrationOptions, ReadonlySet<SiteKind>>();

export function scopeAnalysis(analysis: Analysis, sourceFile: TS.SourceFile, options: MigrationOptions, selected: readonly Transform[]): Analysis {
  let ruleKinds = ruleKindsCache.get(options);
  if (!ruleKinds) ruleKindsCache.set(options, (ruleKinds = enabledKinds(ruleSeverities(options.preset, options.rules))));
  const transformKinds = new Set<SiteKind>(selected.flatMap((transform) => transform.kinds));
  let suppressions: ReturnType<typeof siteSuppressions> | undefined;
  const kept = analysis.findings.filter((finding) => {
    if (!ruleKinds.has(finding.kind) || !transformKinds.has(finding.kind)) return false;
    suppressions ??= siteSuppressions(sourceFile);
    return !suppressions.isDisabled(RULE_OF_KIND[finding.kind], finding.start) && !suppressions.isIgnored(finding.start, finding.end);
  });
  if (kept.length === analysis.findings.length) return analysis;
  const keptSet = new Set(kept);
  const leftAsString = new Set(analysis.findings.filter((finding) => !keptSet.has(finding) && STRING_RESULT_KINDS.has(finding.kind)).map((finding) => finding.returningFunction));
  return { ...analysis, findings: kept, returnTypeChanges: analysis.returnTypeChanges.filter((change) => !leftAsString.has(change.fn)) };
}

const REVIEW_MARKER = 'TODO(mcp-result-kit)';

/** The innermost statement holding [start, end). */
function statementAt(sourceFile: TS.SourceFile, start: number, end: number): TS.Statement | undefined {
  let found: TS.Statement | undefined;
  const visit = (node: TS.Node): void => {
    if (node.getStart(sourceFile) > start || node.end < end) return;
    if (ts.isStatement(node) && !ts.isBlock(node)) found = node;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile, visit);
  return found;
}

/**
 * `--mark-review`: a `// TODO(mcp-result-kit): …` line above each statement holding a site left
 * for review (a block comment when code precedes the statement on its line). Not added twice.
 */
function reviewMarkers(sourceFile: TS.SourceFile, findings: readonly Finding[]): Change[] {
  const text = sourceFile.text;
  const markers = new Map<number, Change>();
  for (const finding of findings) {
    if (finding.rewrite) continue;
    const statement = statementAt(sourceFile, finding.start, finding.end);
    if (!statement) continue;
    const at = statement.getStart(sourceFile);
    if (markers.has(at)) continue;
    const { line, character } = sourceFile.getLineAndCharacterOfPosition(at);
    const lineStart = sourceFile.getPositionOfLineAndCharacter(line, 0);
    const indent = text.slice(lineStart, at);
    const previousLine = line > 0 ? text.slice(sourceFile.getPositionOfLineAndCharacter(line - 1, 0), lineStart) : '';
    if (indent.includes(REVIEW_MARKER) || (indent.trim() === '' && previousLine.includes(REVIEW_MARKER))) continue;
    const reason = (finding.reviewReason ?? 'cannot be rewritten safely').replace(/\*\//g, '* /').replace(/\s+/g, ' ').trim();
    const note = `${REVIEW_MARKER}: review ${ruleId(RULE_OF_KIND[finding.kind])} (${finding.kind}): ${reason}`;
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    const edit: TextEdit = indent.trim() === '' ? { start: at, end: at, text: `// ${note}${newline}${indent}` } : { start: at, end: at, text: `/* ${note} */ ` };
    markers.set(at, { transform: 'mark-review', kind: 'review-marker', fileName: sourceFile.fileName, line: line + 1, column: character + 1, toolName: finding.toolName, edit, helpers: [] });
  }
  return [...markers.values()];
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
export function migrateSourceFile(sourceFile: TS.SourceFile, options: MigrationOptions = {}, analysis?: Analysis, checker?: CheckerSource, pendingIn?: TransformContext['pendingIn']): FileResult {
  const fileName = sourceFile.fileName;
  const originalText = sourceFile.text;
  const unchanged = (diagnostics: Diagnostic[], handlers = 0): FileResult => ({ fileName, originalText, text: originalText, changed: false, handlers, changes: [], diagnostics });

  const parseErrors = syntaxErrors(sourceFile);
  if (parseErrors.length > 0) {
    const first = parseErrors[0];
    const position = first.start !== undefined ? sourceFile.getLineAndCharacterOfPosition(first.start) : { line: 0, character: 0 };
    return unchanged([errorDiagnostic(fileName, 'parse-error', `could not be parsed (${ts.flattenDiagnosticMessageText(first.messageText, ' ')}); skipped, nothing written`, position.line + 1, position.character + 1)]);
  }

  let handlers = 0;
  try {
    const fullAnalysis = analysis ?? analyzeSourceFile(sourceFile, { handlerOptions: options.handlerOptions, checker, followExternal: true });
    handlers = fullAnalysis.handlers.length;
    const selected = selectedTransforms(options);
    const fileAnalysis = scopeAnalysis(fullAnalysis, sourceFile, options, selected);
    const changes: Change[] = [];
    const diagnostics: Diagnostic[] = [];
    const importSource = importSourceFor(fileName, sourceFile, options);
    for (const transform of selected) {
      const result = transform.apply(sourceFile, { analysis: fileAnalysis, options, importSource, checker, ...(pendingIn ? { pendingIn } : {}) });
      changes.push(...result.changes);
      diagnostics.push(...result.diagnostics);
    }
    if (options.markReview) changes.push(...reviewMarkers(sourceFile, fileAnalysis.findings));
    if (changes.length === 0) return { ...unchanged(diagnostics, handlers) };
    const helpers = new Set<HelperName>(changes.flatMap((change) => change.helpers));
    const importEdits = planImports(sourceFile, helpers, {
      importSource,
      resultType: changes.some((change) => change.importsResultType === true),
      moduleFormat: moduleFormatOf(fileName, options.compilerOptions),
    });
    const text = applyEdits(originalText, [...changes.flatMap((change) => [change.edit, ...(change.companions ?? [])]), ...importEdits]);
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
  // Broken JSON is not among parsed.errors: TypeScript keeps it on the config file's own parse.
  const syntax = ts.getConfigFileParsingDiagnostics(parsed).find((diagnostic) => !parsed.errors.includes(diagnostic) && diagnostic.category === ts.DiagnosticCategory.Error);
  if (syntax) {
    const where = syntax.file && syntax.start !== undefined ? syntax.file.getLineAndCharacterOfPosition(syntax.start) : undefined;
    throw new TsconfigError(`${tsconfig}: ${where ? `line ${where.line + 1}, column ${where.character + 1}: ` : ''}${ts.flattenDiagnosticMessageText(syntax.messageText, ' ')}`);
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
  // Files the program does not hold (a .js file without allowJs) are parsed on their own: the
  // checker knows nothing of their nodes and crashes when asked, so they are analyzed syntax-only.
  const outsideProgram = new Set<TS.SourceFile>();
  let compilerOptions: TS.CompilerOptions | undefined;
  let project: SourceProject;
  let projectFiles: TS.SourceFile[];
  if (options.tsconfig) {
    const parsed = readTsconfig(options.tsconfig);
    compilerOptions = { ...parsed.options, noEmit: true };
    // Parent pointers from the start: the analyzer walks upwards, and the checker (which would
    // set them while binding) is only made if some site needs it.
    const host = ts.createCompilerHost(compilerOptions, true);
    const program = ts.createProgram({ rootNames: [...new Set([...parsed.fileNames, ...files])], options: compilerOptions, host });
    let made: TS.TypeChecker | undefined;
    checker = () => (made ??= program.getTypeChecker());
    project = new SourceProject(program, compilerOptions);
    sourceFiles = files.map((file) => {
      const inProgram = program.getSourceFile(file);
      if (inProgram) return inProgram;
      // A file the tsconfig does not cover (a .js file outside `include`): TypeScript's checker
      // cannot answer for it, so it is analyzed without one.
      const parsed = parseFile(file);
      outsideProgram.add(parsed);
      return parsed;
    });
    projectFiles = program.getSourceFiles().filter((sourceFile) => !sourceFile.isDeclarationFile && !program.isSourceFileFromExternalLibrary(sourceFile) && !isTestFile(sourceFile.fileName));
  } else {
    project = new SourceProject();
    sourceFiles = files.map((file) => project.sourceFile(file) ?? parseFile(file));
    // The project is every source file under the nearest package.json (or its workspace's root) of the files given: a
    // registration in src/index.ts decides what src/handlers/*.ts return, whichever were named.
    const roots = new Set(files.map(projectRootOf));
    projectFiles = [...roots].flatMap((root) => listProjectFiles(root)).flatMap((file) => project.sourceFile(file) ?? []);
  }
  for (const sourceFile of sourceFiles) project.useSourceFile(sourceFile);
  const analyzed = new Set<TS.SourceFile>();
  const parseable = [...projectFiles, ...sourceFiles].filter((sourceFile) => {
    if (analyzed.has(sourceFile) || syntaxErrors(sourceFile).length > 0) return false;
    analyzed.add(sourceFile);
    return true;
  });
  const projectAnalysis = new ProjectAnalysis(parseable, { handlerOptions: resolved, checker, project, outsideProgram, rewrittenFiles: new Set(sourceFiles.map((sourceFile) => path.resolve(sourceFile.fileName))) });
  const fileOptions: MigrationOptions = options.compilerOptions || !compilerOptions ? options : { ...options, compilerOptions };
  const results: FileResult[] = [];
  const migrated = new Set(sourceFiles);
  const selected = selectedTransforms(fileOptions);
  // What the run rewrites in another of its files, as migrateSourceFile scopes it there.
  // Scoped once per file: several tools of one file may ask about the same other file.
  const pendingByFile = new Map<TS.SourceFile, readonly Finding[]>();
  const pendingIn = (other: TS.SourceFile): readonly Finding[] => {
    let pending = pendingByFile.get(other);
    if (pending === undefined) {
      const analysis = migrated.has(other) ? projectAnalysis.analysisOf(other.fileName) : undefined;
      pending = analysis ? scopeAnalysis(analysis, other, fileOptions, selected).findings : [];
      pendingByFile.set(other, pending);
    }
    return pending;
  };
  sourceFiles.forEach((sourceFile, index) => {
    const analysis = projectAnalysis.analysisOf(sourceFile.fileName);
    const result = migrateSourceFile(sourceFile, fileOptions, analysis, outsideProgram.has(sourceFile) ? undefined : checker, pendingIn);
    // Report the path as given, whatever separators the compiler normalised it to.
    results.push({ ...result, fileName: files[index] });
    options.onProgress?.(index + 1, sourceFiles.length);
  });
  let tsMorphProject: Project | undefined;
  return {
    files: results,
    typeAware: checker !== undefined,
    handlers: results.reduce((sum, file) => sum + file.handlers, 0),
    elapsedMs: performance.now() - started,
    get project(): Project {
      if (!tsMorphProject) {
        const tsMorph = requireOptional<typeof import('ts-morph')>('ts-morph', import.meta.url, '--verify');
        tsMorphProject = options.tsconfig
          ? new tsMorph.Project({ tsConfigFilePath: options.tsconfig })
          : new tsMorph.Project({ compilerOptions: { allowJs: true, noEmit: true } });
        for (const file of files) if (!tsMorphProject.getSourceFile(file)) tsMorphProject.addSourceFileAtPath(file);
      }
      return tsMorphProject;
    },
  };
}

function parseFile(file: string): TS.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, scriptKind(file));
}
