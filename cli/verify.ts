import path from 'node:path';
import type { Diagnostic as MorphDiagnostic, Project, SourceFile } from 'ts-morph';
import { ts } from '../src/typescript.js';
import type { FileResult } from '../transforms/runner.js';

export interface NewTypeError {
  /** Absolute file, or '' for a global diagnostic. */
  file: string;
  line: number;
  column: number;
  code: number;
  message: string;
}

/** `--verify` reports the new errors; `--verify=rollback` also restores the files that cause them. */
export type VerifyMode = 'report' | 'rollback';

export const VERIFY_MODES: readonly VerifyMode[] = ['report', 'rollback'];

export interface VerifyResult {
  mode: VerifyMode;
  /** Errors the migration introduced (before any rollback), by file. */
  newErrors: NewTypeError[];
  /** Changed files restored to their original text (absolute); always empty in `report` mode. */
  rolledBack: string[];
  /** New errors still there after the rollback (should be none); all of them in `report` mode. */
  remaining: NewTypeError[];
}

interface Keyed {
  key: string;
  error: NewTypeError;
}

function describe(diagnostic: MorphDiagnostic): Keyed {
  const compiler = diagnostic.compilerObject;
  const sourceFile = compiler.file;
  const message = ts.flattenDiagnosticMessageText(compiler.messageText, ' ');
  const position = sourceFile && compiler.start !== undefined ? sourceFile.getLineAndCharacterOfPosition(compiler.start) : { line: 0, character: 0 };
  const file = sourceFile ? path.resolve(sourceFile.fileName) : '';
  return { key: `${file}\0${compiler.code}\0${message}`, error: { file, line: position.line + 1, column: position.character + 1, code: compiler.code, message } };
}

function errorsOf(project: Project): Keyed[] {
  return project
    .getPreEmitDiagnostics()
    .filter((diagnostic) => diagnostic.getCategory() === ts.DiagnosticCategory.Error)
    .map(describe);
}

/** Errors in `after` that `before` did not have; compared by file, code and message (lines move). */
function gained(before: Keyed[], after: Keyed[]): NewTypeError[] {
  const budget = new Map<string, number>();
  for (const { key } of before) budget.set(key, (budget.get(key) ?? 0) + 1);
  const added: NewTypeError[] = [];
  for (const { key, error } of after) {
    const left = budget.get(key) ?? 0;
    if (left > 0) budget.set(key, left - 1);
    else added.push(error);
  }
  return added;
}

export interface VerifyOptions {
  mode: VerifyMode;
  project: Project;
  tsconfig: string;
  files: FileResult[];
  /** Modules the run will create (the local helpers), so imports of them resolve. */
  extraFiles?: { fileName: string; text: string }[];
}

/**
 * Typechecks the program before and after applying the migrated texts in memory and returns the
 * errors the migration adds. In `rollback` mode, changed files that gained errors, and changed files
 * imported by unchanged files that gained errors, are restored (in `files` too: text =
 * originalText, changed = false) until no new error is left.
 */
export function verifyMigration(options: VerifyOptions): VerifyResult {
  const { project } = options;
  project.addSourceFilesFromTsConfig(options.tsconfig);
  project.resolveSourceFileDependencies();
  const before = errorsOf(project);

  const changed = new Map<string, { result: FileResult; sourceFile: SourceFile }>();
  for (const result of options.files) {
    if (!result.changed) continue;
    const sourceFile = project.getSourceFile(result.fileName) ?? project.addSourceFileAtPath(result.fileName);
    sourceFile.replaceWithText(result.text);
    changed.set(path.resolve(result.fileName), { result, sourceFile });
  }
  for (const extra of options.extraFiles ?? []) project.createSourceFile(extra.fileName, extra.text, { overwrite: true });
  if (changed.size === 0) return { mode: options.mode, newErrors: [], rolledBack: [], remaining: [] };

  let added = gained(before, errorsOf(project));
  const newErrors = added;
  if (options.mode === 'report') return { mode: 'report', newErrors, rolledBack: [], remaining: newErrors };
  const rolledBack = new Set<string>();
  const revert = (file: string) => {
    const entry = changed.get(file)!;
    entry.sourceFile.replaceWithText(entry.result.originalText);
    rolledBack.add(file);
  };
  while (added.length > 0) {
    const live = (file: string) => changed.has(file) && !rolledBack.has(file);
    const culprits = new Set<string>();
    for (const error of added) {
      if (live(error.file)) {
        culprits.add(error.file);
        continue;
      }
      // An unchanged file broke: blame the changed files it imports.
      const broken = error.file ? project.getSourceFile(error.file) : undefined;
      for (const referenced of broken?.getReferencedSourceFiles() ?? []) {
        const file = path.resolve(referenced.getFilePath());
        if (live(file)) culprits.add(file);
      }
    }
    // Nothing to blame precisely: roll back everything still applied.
    if (culprits.size === 0) for (const file of changed.keys()) if (live(file)) culprits.add(file);
    if (culprits.size === 0) break;
    for (const file of culprits) revert(file);
    added = gained(before, errorsOf(project));
  }
  for (const file of rolledBack) {
    const { result } = changed.get(file)!;
    result.text = result.originalText;
    result.changed = false;
    result.changes = [];
  }
  return { mode: 'rollback', newErrors, rolledBack: [...rolledBack].sort(), remaining: added };
}
