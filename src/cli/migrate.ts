import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_IMPORT_SOURCE } from '../analyze/index.js';
import { readTsconfig, runMigration, writeFileAtomic, writeMigration, type FileResult, type MigrationRun } from '../../transforms/runner.js';
import { resolveCliOptions, type ConfigFlags } from './config.js';
import { checkImportSource, dependencyInstallCommand, missingDependencyMessage, runtimeRange, withDependency } from './dependency-check.js';
import { renderDiff } from './diff.js';
import { discoverFiles, readTsconfigFiles, resolveTsconfig } from './discover.js';
import { EXIT_FINDINGS, EXIT_OK, UsageError } from './errors.js';
import { checkUncommitted } from './git.js';
import { note, useColor, warn, type Io } from './io.js';
import { planLocalHelpers, type LocalHelpersPlan } from './local-helpers-file.js';
import { packageVersion } from './package-info.js';
import { createProgress } from './progress.js';
import { buildReport, displayPath, renderMarkdown, renderSummary, type ReportError } from './report.js';
import { verifyMigration, type VerifyResult } from './verify.js';

export interface MigrateFlags extends ConfigFlags {
  dryRun?: boolean;
  allowDirty?: boolean;
  /** A path, or false for --no-tsconfig. */
  tsconfig?: string | false;
  json?: boolean;
  report?: string;
  verify?: boolean;
  addDependency?: boolean;
}

/** A package.json that --add-dependency changes. */
interface ManifestEdit {
  file: string;
  before: string;
  after: string;
}

/**
 * The files will import the helpers' module: the project must resolve it. Missing, it is a usage
 * error before anything is written (a warning with --dry-run), or with --add-dependency a
 * package.json edit to write with the files.
 */
function planDependency(changed: readonly FileResult[], importSource: string | undefined, tsconfig: string | undefined, flags: MigrateFlags, io: Io): ManifestEdit[] {
  if (importSource === undefined) return [];
  const quoted = [`'${importSource}'`, `"${importSource}"`];
  const importing = changed.filter((file) => quoted.some((text) => file.text.includes(text))).map((file) => file.fileName);
  if (importing.length === 0) return [];
  const check = checkImportSource(importSource, importing, tsconfig ? readTsconfig(tsconfig).options : undefined);
  if (!check) return [];
  for (const pkg of check.devOnly) {
    warn(io, `${check.packageName} is only in the devDependencies of ${displayPath(io.cwd, pkg.file!)}; migrated servers import it at run time, so move it to dependencies`);
  }
  if (check.missing.length === 0) return [];
  if (!flags.addDependency) {
    if (flags.dryRun) {
      warn(io, missingDependencyMessage(check, io.cwd));
      return [];
    }
    throw new UsageError(`${missingDependencyMessage(check, io.cwd)}; nothing was written`);
  }
  if (check.packageName !== DEFAULT_IMPORT_SOURCE) {
    throw new UsageError(`--add-dependency adds ${DEFAULT_IMPORT_SOURCE}; add ${check.packageName} (from --import-source) to package.json yourself`);
  }
  const range = runtimeRange();
  return check.missing.map((pkg) => {
    if (!pkg.file) throw new UsageError(`--add-dependency: no package.json in ${displayPath(io.cwd, path.dirname(pkg.files[0]))} or above it`);
    const before = readFileSync(pkg.file, 'utf8');
    let after: string;
    try {
      after = withDependency(before, check.packageName, range);
    } catch (error) {
      throw new UsageError(`--add-dependency: cannot read ${displayPath(io.cwd, pkg.file)}: ${(error as Error).message}`, { cause: error });
    }
    return { file: pkg.file, before, after };
  });
}

function listFiles(files: string[], limit = 20): string {
  const shown = files.slice(0, limit).join(', ');
  return files.length > limit ? `${shown} and ${files.length - limit} more` : shown;
}

function renderVerify(verify: VerifyResult, rel: (file: string) => string): string {
  const lines: string[] = [];
  if (verify.newErrors.length === 0) return 'Verify: no new TypeScript errors.\n';
  lines.push(`Verify: the migration added ${verify.newErrors.length} TypeScript error${verify.newErrors.length === 1 ? '' : 's'}:`);
  const byFile = new Map<string, typeof verify.newErrors>();
  for (const error of verify.newErrors) byFile.set(error.file, [...(byFile.get(error.file) ?? []), error]);
  for (const [file, errors] of [...byFile].sort((a, b) => a[0].localeCompare(b[0]))) {
    lines.push(`  ${file ? rel(file) : '(global)'}`);
    for (const error of errors) lines.push(`    ${error.line}:${error.column}  TS${error.code}  ${error.message}`);
  }
  if (verify.rolledBack.length > 0) lines.push(`Rolled back (left as they were, not written): ${verify.rolledBack.map(rel).join(', ')}`);
  if (verify.remaining.length > 0) lines.push(`Still failing after the rollback: ${verify.remaining.length} error(s); nothing of the migration causes them any more.`);
  return `${lines.join('\n')}\n`;
}

/** `mcp-result-kit migrate [paths...]`; returns the exit code (usage errors throw UsageError). */
export async function runMigrate(paths: string[], flags: MigrateFlags, io: Io): Promise<number> {
  const started = performance.now();
  const options = resolveCliOptions(io.cwd, flags);
  const rel = (file: string) => displayPath(io.cwd, file);

  if (options.format !== undefined && options.format !== 'both' && options.localHelpers === undefined) {
    throw new UsageError(
      `--format ${options.format} sets the default format of a local helpers module, so it needs --local-helpers <path>; ` +
        `with the mcp-result-kit package, use createResultHelpers({ format: '${options.format}' }) in your server instead`,
    );
  }
  let helpers: LocalHelpersPlan | undefined;
  if (options.localHelpers !== undefined) helpers = planLocalHelpers(options.localHelpers, options.format, rel(options.localHelpers));

  const discovered = await discoverFiles({ paths, cwd: io.cwd, include: options.include, exclude: options.exclude });
  const files = discovered.filter((file) => file !== options.localHelpers);
  const tsconfig = resolveTsconfig(io.cwd, paths, flags.tsconfig);
  if (flags.verify && !tsconfig) {
    const why = flags.tsconfig === false ? '--no-tsconfig was given' : `no tsconfig.json was found from ${paths[0] ?? '.'} upwards`;
    throw new UsageError(`--verify needs type information, but ${why}; pass --tsconfig <file>`);
  }
  if (!tsconfig) {
    if (flags.tsconfig !== false) warn(io, `no tsconfig.json found from ${paths[0] ?? '.'} upwards; analyzing without type information`);
  } else readTsconfigFiles(tsconfig, rel(tsconfig));
  if (files.length === 0) warn(io, 'no source files found');

  const progress = createProgress(io, files.length);
  let run: MigrationRun;
  try {
    run = runMigration({
      files,
      tsconfig,
      handlerOptions: options.handlerOptions,
      importSource: options.importSource,
      localHelpersPath: options.localHelpers,
      onProgress: (done, total) => progress.update(done, total),
    });
  } finally {
    progress.finish();
  }

  const importSource = options.localHelpers === undefined ? (options.importSource ?? DEFAULT_IMPORT_SOURCE) : undefined;
  const manifestEdits = planDependency(
    run.files.filter((file) => file.changed),
    importSource,
    tsconfig,
    flags,
    io,
  );

  let verify: VerifyResult | undefined;
  const extraErrors: ReportError[] = [];
  if (flags.verify && tsconfig) {
    const needsHelpers = helpers !== undefined && run.files.some((file) => file.changed);
    verify = verifyMigration({
      project: run.project,
      tsconfig,
      files: run.files,
      extraFiles: needsHelpers && helpers ? [{ fileName: helpers.file, text: helpers.text }] : [],
    });
    for (const error of verify.newErrors) {
      extraErrors.push({ file: error.file ? rel(error.file) : '', line: error.line, message: `TS${error.code}: ${error.message} (new after the migration)` });
    }
    for (const file of verify.rolledBack) {
      extraErrors.push({ file: rel(file), line: 1, message: 'rolled back: the rewrite added TypeScript errors, so this file was left as it was' });
    }
  }

  const changedFiles = run.files.filter((file) => file.changed);
  const writeHelpers = helpers !== undefined && helpers.write && changedFiles.length > 0;
  let written = 0;
  if (!flags.dryRun && changedFiles.length > 0) {
    if (!flags.allowDirty) {
      const guard = checkUncommitted([...changedFiles.map((file) => file.fileName), ...manifestEdits.map((edit) => edit.file)]);
      if (guard.dirty.length > 0) {
        throw new UsageError(
          `refusing to write over files with uncommitted changes: ${listFiles(guard.dirty.map(rel))} (commit or stash them first, or pass --allow-dirty)`,
        );
      }
      if (guard.outsideGit.length > 0) {
        note(io, `not in a git repository: ${listFiles(guard.outsideGit.map(rel), 3)}; writing without the uncommitted-changes check`);
      }
    }
    if (writeHelpers && helpers) {
      mkdirSync(path.dirname(helpers.file), { recursive: true });
      writeFileAtomic(helpers.file, helpers.text);
    }
    for (const edit of manifestEdits) writeFileAtomic(edit.file, edit.after);
    written = writeMigration(run.files).length;
    for (const edit of manifestEdits) {
      note(io, `added ${DEFAULT_IMPORT_SOURCE} to the dependencies in ${rel(edit.file)}; install it: ${dependencyInstallCommand(DEFAULT_IMPORT_SOURCE, path.dirname(edit.file), io.cwd)}`);
    }
  }

  const report = buildReport({
    version: packageVersion(),
    cwd: io.cwd,
    typeAware: run.typeAware,
    files: run.files,
    handlers: run.handlers,
    elapsedMs: performance.now() - started,
    extraErrors,
  });
  const context = { dryRun: flags.dryRun === true, written, rolledBack: verify?.rolledBack.map(rel) };

  if (flags.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  else {
    const color = useColor(io);
    if (flags.dryRun) {
      if (writeHelpers && helpers) io.stdout(renderDiff(rel(helpers.file), null, helpers.text, color));
      if (changedFiles.length > 0) for (const edit of manifestEdits) io.stdout(renderDiff(rel(edit.file), edit.before, edit.after, color));
      for (const file of changedFiles) io.stdout(renderDiff(rel(file.fileName), file.originalText, file.text, color));
      if (changedFiles.length > 0) io.stdout('\n');
    }
    if (verify) io.stdout(`${renderVerify(verify, rel)}\n`);
    io.stdout(renderSummary(report, context));
    if (!flags.dryRun && writeHelpers && helpers) io.stdout(`\nWrote the local helpers module ${rel(helpers.file)}.\n`);
  }
  if (flags.report !== undefined) {
    const target = path.resolve(io.cwd, flags.report);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, renderMarkdown(report, context), 'utf8');
  }

  if (verify && verify.newErrors.length > 0) return EXIT_FINDINGS;
  if (flags.dryRun && changedFiles.length > 0) return EXIT_FINDINGS;
  return EXIT_OK;
}
