import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { enabledKinds, RULE_OF_KIND, ruleId, ruleSeverities, type Preset, type RuleName, type Severity } from '../rules/rule-set.js';
import { readTsconfig, runMigration, selectedTransforms, transforms, UnknownTransformError, type FileResult, type MigrationRun } from '../transforms/runner.js';
import type { Transform } from '../transforms/types.js';
import { writeMigration, writeSourceFile, type WriteOutcome } from '../transforms/write.js';
import { DEFAULT_IMPORT_SOURCE } from '../src/analyze/index.js';
import { packageVersion } from '../src/package-info.js';
import { RESULT_FORMAT_OPTIONS, resolveCliOptions, type ConfigFlags } from './config.js';
import { checkImportSource, dependencyInstallCommand, listedRange, missingDependencyMessage, runtimeRange, withDependency } from './dependency-check.js';
import { productionImportProblems } from './production-imports.js';
import { renderDiff } from './diff.js';
import { discoverFiles, readTsconfigFiles, resolveTsconfig } from './discover.js';
import { EXIT_FINDINGS, EXIT_OK, UsageError } from './errors.js';
import { noHandlersNote } from './findings.js';
import { checkUncommitted } from './git.js';
import { deprecated, note, useColor, warn, type Io } from './io.js';
import { planLocalHelpers, type LocalHelpersPlan } from './local-helpers-file.js';
import { createProgress } from './progress.js';
import { protocolSetting, protocolSummary } from './protocol-summary.js';
import { buildReport, displayPath, renderMarkdown, renderSummary, textChanges, type ReportError } from './report.js';
import { baselineCommand, DEFAULT_SUPPRESSIONS_FILE } from './suppressions.js';
import { VERIFY_MODES, verifyMigration, type VerifyMode, type VerifyResult } from './verify.js';

export interface MigrateFlags extends ConfigFlags {
  dryRun?: boolean;
  /** jscodeshift's spelling of --dry-run. */
  dry?: boolean;
  /** Print every changed file's new text on stdout (jscodeshift, next-codemod). */
  print?: boolean;
  allowDirty?: boolean;
  /** next-codemod's spelling of --allow-dirty. */
  force?: boolean;
  /** A path, or false for --no-tsconfig. */
  tsconfig?: string | false;
  /** Same as --format json. */
  json?: boolean;
  /** Output format `text` | `json`; `readable` | `structured` | `both` are the deprecated spelling of --result-format. */
  format?: string;
  report?: string;
  /** `--verify` (true), `--verify=report` or `--verify=rollback`; any other value is a path commander took for the mode. */
  verify?: boolean | string;
  /** Comma-separated transform ids. */
  transforms?: string;
  listTransforms?: boolean;
  markReview?: boolean;
  /** Also run the opt-in output-schema transform. */
  outputSchema?: boolean;
  color?: boolean;
  /** Add the runtime to package.json dependencies when the project does not depend on it. */
  addDependency?: boolean;
}

export type MigrateOutput = 'text' | 'json';

function listFiles(files: string[], limit = 20): string {
  const shown = files.slice(0, limit).join(', ');
  return files.length > limit ? `${shown} and ${files.length - limit} more` : shown;
}

/** A package.json that --add-dependency changes. */
interface ManifestEdit {
  file: string;
  before: string;
  after: string;
}

/**
 * The files will import the helpers' module at run time: the package that owns each must list it
 * in `dependencies`. Otherwise it is a usage error before anything is written (a warning with
 * --dry-run), or with --add-dependency a package.json edit to write with the files.
 */
function planDependency(changed: readonly FileResult[], importSource: string | undefined, tsconfig: string | undefined, flags: MigrateFlags, dryRun: boolean, io: Io): ManifestEdit[] {
  if (importSource === undefined) return [];
  const quoted = [`'${importSource}'`, `"${importSource}"`];
  const importing = changed.filter((file) => quoted.some((text) => file.text.includes(text))).map((file) => file.fileName);
  if (importing.length === 0) return [];
  const check = checkImportSource(importSource, importing, tsconfig ? readTsconfig(tsconfig).options : undefined);
  if (!check || check.refused.length === 0) return [];
  if (!flags.addDependency) {
    if (dryRun) {
      warn(io, missingDependencyMessage(check, io.cwd));
      return [];
    }
    throw new UsageError(`${missingDependencyMessage(check, io.cwd)}; nothing was written`);
  }
  return check.refused.map((pkg) => {
    if (!pkg.file) throw new UsageError(`--add-dependency: no package.json in ${displayPath(io.cwd, path.dirname(pkg.files[0]))} or above it`);
    const before = readFileSync(pkg.file, 'utf8');
    let after: string;
    try {
      // A range the package.json already gives (in devDependencies, say) is kept: it is the user's choice.
      const range = listedRange(before, check.packageName) ?? (check.packageName === DEFAULT_IMPORT_SOURCE ? runtimeRange() : undefined);
      if (range === undefined) {
        throw new UsageError(`--add-dependency adds ${DEFAULT_IMPORT_SOURCE}; add ${check.packageName} (from --import-source) to package.json yourself`);
      }
      after = withDependency(before, check.packageName, range);
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`--add-dependency: cannot read ${displayPath(io.cwd, pkg.file)}: ${(error as Error).message}`, { cause: error });
    }
    return { file: pkg.file, before, after };
  });
}

/**
 * `--verify [mode]` takes an optional value, so commander reads `migrate --verify src/` as mode
 * `src/`: a value that is not a mode is the first path.
 */
export function verifyModeOf(verify: boolean | string | undefined, paths: readonly string[]): { mode: VerifyMode | undefined; paths: string[] } {
  if (verify === undefined || verify === false) return { mode: undefined, paths: [...paths] };
  if (verify === true) return { mode: 'report', paths: [...paths] };
  if ((VERIFY_MODES as readonly string[]).includes(verify)) return { mode: verify as VerifyMode, paths: [...paths] };
  return { mode: 'report', paths: [verify, ...paths] };
}

function renderVerify(verify: VerifyResult, rel: (file: string) => string, dryRun: boolean): string {
  const lines: string[] = [];
  if (verify.newErrors.length === 0) return 'Verify: no new TypeScript errors.\n';
  lines.push(`Verify: the migration added ${verify.newErrors.length} TypeScript error${verify.newErrors.length === 1 ? '' : 's'}:`);
  const byFile = new Map<string, typeof verify.newErrors>();
  for (const error of verify.newErrors) byFile.set(error.file, [...(byFile.get(error.file) ?? []), error]);
  for (const [file, errors] of [...byFile].sort((a, b) => a[0].localeCompare(b[0]))) {
    lines.push(`  ${file ? rel(file) : '(global)'}`);
    for (const error of errors) lines.push(`    ${error.line}:${error.column}  TS${error.code}  ${error.message}`);
  }
  if (verify.mode === 'report') {
    lines.push(`${dryRun ? 'Nothing was written' : 'The files were written as migrated'}; --verify=rollback leaves the files that cause these errors as they are.`);
  } else {
    if (verify.rolledBack.length > 0) lines.push(`Rolled back (left as they were, not written): ${verify.rolledBack.map(rel).join(', ')}`);
    if (verify.remaining.length > 0) lines.push(`Still failing after the rollback: ${verify.remaining.length} error(s); nothing of the migration causes them any more.`);
  }
  return `${lines.join('\n')}\n`;
}

/** The rules whose findings a transform rewrites. */
function rulesOf(transform: Transform): RuleName[] {
  return [...new Set(transform.kinds.map((kind) => RULE_OF_KIND[kind]))];
}

/** `--list-transforms`: id, what it does, and the rules whose findings it rewrites. */
export function listTransforms(preset: Preset, severities: Readonly<Record<RuleName, Severity>>): string {
  const rows = transforms.map((transform) => {
    const rules = rulesOf(transform);
    const on = rules.some((rule) => severities[rule] !== 'off');
    const scope = transform.optIn
      ? `opt-in (--output-schema); what ${ruleId('require-output-schema')} reports`
      : rules.length === 0
        ? 'follows the site rewrites'
        : `${rules.map(ruleId).join(', ')}${on ? '' : ` (off in ${preset})`}`;
    return [transform.id, transform.description, scope];
  });
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column].length)));
  return `${rows.map((row) => `${row[0].padEnd(widths[0])}  ${row[1].padEnd(widths[1])}  ${row[2]}`).join('\n')}\n`;
}

/** The --format / --json / --result-format spellings, sorted out. */
function outputAndResultFormat(flags: MigrateFlags, io: Io): { output: MigrateOutput; resultFormat?: string } {
  let output: MigrateOutput = flags.json ? 'json' : 'text';
  let resultFormat = flags.resultFormat;
  if (flags.format !== undefined) {
    if ((RESULT_FORMAT_OPTIONS as readonly string[]).includes(flags.format)) {
      deprecated(io, `migrate --format ${flags.format} is now --result-format ${flags.format} (--format chooses the output: text or json, as in check)`);
      if (resultFormat !== undefined && resultFormat !== flags.format) throw new UsageError(`--format ${flags.format} (deprecated) and --result-format ${resultFormat} disagree`);
      resultFormat = flags.format;
    } else if (flags.format === 'text' || flags.format === 'json') {
      if (flags.json && flags.format === 'text') throw new UsageError('--json and --format text disagree');
      output = flags.format;
    } else {
      throw new UsageError(`--format must be text or json for migrate, got "${flags.format}" (the helpers' result format is --result-format readable|structured|both)`);
    }
  }
  return { output, resultFormat };
}

/** `-t a,b`: known ids, each rewriting something the rule set reports. */
function chooseTransforms(flags: MigrateFlags, preset: Preset, severities: Readonly<Record<RuleName, Severity>>): string[] | undefined {
  if (flags.transforms === undefined) return undefined;
  const ids = flags.transforms
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0) throw new UsageError('--transforms needs at least one transform id (see --list-transforms)');
  let chosen: readonly Transform[];
  try {
    chosen = selectedTransforms({ transforms: ids });
  } catch (error) {
    if (error instanceof UnknownTransformError) throw new UsageError(`${error.message}; see --list-transforms`);
    throw error;
  }
  const on = enabledKinds(severities);
  for (const transform of chosen) {
    if (!ids.includes(transform.id) || transform.kinds.length === 0 || transform.kinds.some((kind) => on.has(kind))) continue;
    const rules = rulesOf(transform).map(ruleId).join(', ');
    throw new UsageError(
      `${transform.id} rewrites what ${rules} reports, and the ${preset} rule set does not turn it on, so check would not report those sites; ` +
        `use --preset strict${preset === 'strict' ? ' and drop the "off" for it in the config file' : ''}`,
    );
  }
  return ids;
}

/** A file the migration wrote besides the migrated sources, and its text before (undefined: created). */
export interface SupportFile {
  file: string;
  before: string | undefined;
}

/** What `migrate --prove` (cli/prove.ts) needs to know of a migration run. */
export interface MigrateHooks {
  /**
   * Called once the rewrites are planned and checked (the dependency, the git guard), just before
   * anything is written; nothing is written when it throws. Not called when nothing would change.
   */
  beforeWrite?: () => Promise<void>;
  /**
   * The files as written (their original text kept), once they are written; and the other files
   * the migration wrote for them (the local helpers module, a package.json with the dependency),
   * with their text before (undefined: the migration created it).
   */
  onWritten?: (files: readonly FileResult[], support: readonly SupportFile[]) => void;
}

/** `mcp-result-kit migrate [paths...]`; returns the exit code (usage errors throw UsageError). */
export async function runMigrate(givenPaths: string[], flags: MigrateFlags, io: Io, hooks: MigrateHooks = {}): Promise<number> {
  const started = performance.now();
  const { mode: verifyMode, paths } = verifyModeOf(flags.verify, givenPaths);
  const { output, resultFormat } = outputAndResultFormat(flags, io);
  const options = resolveCliOptions(io.cwd, { ...flags, resultFormat });
  for (const message of options.deprecations) deprecated(io, message);
  const preset = options.preset;
  const severities = ruleSeverities(preset, options.rules);
  if (flags.listTransforms) {
    io.stdout(listTransforms(preset, severities));
    return EXIT_OK;
  }
  const dryRun = flags.dryRun === true || flags.dry === true;
  const allowDirty = flags.allowDirty === true || flags.force === true;
  if (flags.print && output === 'json') throw new UsageError('--print prints the files themselves; it cannot be combined with --format json');
  const chosenTransforms = chooseTransforms(flags, preset, severities);
  const rel = (file: string) => displayPath(io.cwd, file);

  if (options.resultFormat !== undefined && options.resultFormat !== 'both' && options.localHelpers === undefined) {
    throw new UsageError(
      `--result-format ${options.resultFormat} sets the default format of a local helpers module, so it needs --local-helpers <path>; ` +
        `with the mcp-result-kit package, use createResultHelpers({ format: '${options.resultFormat}' }) in your server instead`,
    );
  }
  let helpers: LocalHelpersPlan | undefined;
  if (options.localHelpers !== undefined) helpers = planLocalHelpers(options.localHelpers, options.resultFormat, rel(options.localHelpers));

  const discovered = await discoverFiles({ paths, cwd: io.cwd, include: options.include, exclude: options.exclude, includeTests: options.includeTests });
  const files = discovered.filter((file) => file !== options.localHelpers);
  const tsconfig = resolveTsconfig(io.cwd, paths, flags.tsconfig);
  const outputSchema = flags.outputSchema === true || (chosenTransforms?.includes('output-schema') ?? false);
  if (outputSchema && !tsconfig) {
    const why = flags.tsconfig === false ? '--no-tsconfig was given' : `no tsconfig.json was found from ${paths[0] ?? '.'} upwards`;
    throw new UsageError(`--output-schema infers each schema from types, so it needs type information, but ${why}; pass --tsconfig <file>`);
  }
  if (verifyMode && !tsconfig) {
    const why = flags.tsconfig === false ? '--no-tsconfig was given' : `no tsconfig.json was found from ${paths[0] ?? '.'} upwards`;
    throw new UsageError(`--verify needs type information, but ${why}; pass --tsconfig <file>`);
  }
  if (!tsconfig) {
    if (flags.tsconfig !== false) warn(io, `no tsconfig.json found from ${paths[0] ?? '.'} upwards; analyzing without type information`);
  } else readTsconfigFiles(tsconfig, rel(tsconfig));

  const progress = createProgress(io, files.length);
  let run: MigrationRun;
  try {
    run = runMigration({
      files,
      tsconfig,
      handlerOptions: options.handlerOptions,
      importSource: options.importSource,
      localHelpersPath: options.localHelpers,
      preset,
      rules: options.rules,
      transforms: chosenTransforms,
      markReview: flags.markReview === true,
      outputSchema,
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
    dryRun,
    io,
  );

  let verify: VerifyResult | undefined;
  const extraErrors: ReportError[] = [];
  if (verifyMode && tsconfig) {
    const needsHelpers = helpers !== undefined && run.files.some((file) => file.changed);
    verify = verifyMigration({
      mode: verifyMode,
      project: run.project,
      tsconfig,
      files: run.files,
      extraFiles: needsHelpers && helpers ? [{ fileName: helpers.file, text: helpers.text }] : [],
    });
    for (const error of verify.newErrors) {
      extraErrors.push({ file: error.file ? rel(error.file) : '', line: error.line, column: error.column, message: `TS${error.code}: ${error.message} (new after the migration)` });
    }
    for (const file of verify.rolledBack) {
      extraErrors.push({ file: rel(file), line: 1, column: 1, message: 'rolled back: the rewrite added TypeScript errors, so this file was left as it was' });
    }
    const pending = new Set(manifestEdits.map((edit) => edit.file));
    const migrated = run.files.filter((file) => file.changed && !verify?.rolledBack.includes(file.fileName));
    for (const problem of productionImportProblems(migrated, readTsconfig(tsconfig).options, io.cwd, pending)) {
      extraErrors.push({ file: rel(problem.file), line: problem.line, column: 1, message: problem.message });
    }
  }

  const changedFiles = run.files.filter((file) => file.changed);
  const writeHelpers = helpers !== undefined && helpers.write && changedFiles.length > 0;
  let outcome: WriteOutcome = { written: [], failed: [] };
  if (!dryRun && changedFiles.length > 0) {
    if (!allowDirty) {
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
    await hooks.beforeWrite?.();
    const support: SupportFile[] = manifestEdits.map((edit) => ({ file: edit.file, before: edit.before }));
    if (writeHelpers && helpers) {
      support.push({ file: helpers.file, before: existsSync(helpers.file) ? readFileSync(helpers.file, 'utf8') : undefined });
      mkdirSync(path.dirname(helpers.file), { recursive: true });
      try {
        writeSourceFile(helpers.file, helpers.text);
      } catch (error) {
        // Without the module the migrated imports would not resolve: write nothing else.
        throw new Error(`cannot write the local helpers module ${rel(helpers.file)}: ${(error as Error).message}; no file was changed`, { cause: error });
      }
    }
    for (const edit of manifestEdits) writeSourceFile(edit.file, edit.after);
    outcome = writeMigration(run.files);
    const written = new Set(outcome.written.map((file) => path.resolve(file)));
    hooks.onWritten?.(
      changedFiles.filter((file) => written.has(path.resolve(file.fileName))),
      support,
    );
    for (const failure of outcome.failed) extraErrors.push({ file: rel(failure.fileName), line: 1, column: 1, message: `not written: ${failure.message}` });
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
    notWritten: outcome.failed.length,
  });
  const context = {
    dryRun,
    written: outcome.written.length,
    notWritten: outcome.failed.map((failure) => rel(failure.fileName)),
    rolledBack: verify?.rolledBack.map(rel),
    textChanges: textChanges(run.files, io.cwd),
  };

  // A file that could not be parsed was not read for handlers: it is not one without them.
  const parsed = run.files.filter((file) => !file.diagnostics.some((diagnostic) => diagnostic.kind === 'parse-error')).length;
  const noHandlers = run.handlers === 0 && parsed > 0;
  if (output === 'json') {
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    if (noHandlers) warn(io, `no MCP tool handler was recognised in ${parsed} file${parsed === 1 ? '' : 's'}; see --handler-pattern and --registration-method (docs/cli.md)`);
  } else {
    const color = useColor(io, flags.color);
    // With --print, stdout carries the files themselves; the rest goes to stderr.
    const say = flags.print ? io.stderr : io.stdout;
    if (flags.print) for (const file of changedFiles) io.stdout(file.text);
    else if (dryRun) {
      if (writeHelpers && helpers) io.stdout(renderDiff(rel(helpers.file), null, helpers.text, color));
      if (changedFiles.length > 0) for (const edit of manifestEdits) io.stdout(renderDiff(rel(edit.file), edit.before, edit.after, color));
      for (const file of changedFiles) io.stdout(renderDiff(rel(file.fileName), file.originalText, file.text, color));
      if (changedFiles.length > 0) io.stdout('\n');
    }
    if (verify) say(`${renderVerify(verify, rel, dryRun)}\n`);
    say(renderSummary(report, context));
    say(`\n${protocolSummary(files, protocolSetting(flags.protocolVersion, options.handlerOptions.protocolVersion, options.configFile, io.cwd), io.cwd)}`);
    if (report.needsReview.length > 0) {
      const when = dryRun && changedFiles.length > 0 ? 'Once the migration is written and these sites are reviewed' : 'Once these sites are reviewed';
      say(`\n${when}, accept what is left so that CI fails only on new problems (writes ${DEFAULT_SUPPRESSIONS_FILE}):\n  ${baselineCommand(paths, flags)}\n`);
    }
    if (noHandlers) say(`\n${noHandlersNote(parsed)}`);
    if (!dryRun && writeHelpers && helpers) say(`\nWrote the local helpers module ${rel(helpers.file)}.\n`);
  }
  if (flags.report !== undefined) {
    const target = path.resolve(io.cwd, flags.report);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, renderMarkdown(report, context), 'utf8');
  }

  // Files that do not parse, rewrites that failed, writes that failed, new type errors: all failures.
  if (report.errors.length > 0) return EXIT_FINDINGS;
  if (dryRun && changedFiles.length > 0) return EXIT_FINDINGS;
  return EXIT_OK;
}
