import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import plugin from '../rules/index.js';
import { PLUGIN_NAME, PRESETS, ruleId, ruleSeverities, RULE_NAMES, type Preset, type RuleName, type Severity } from '../rules/rule-set.js';
import { onHandlerCount } from '../rules/utils.js';
import { packageVersion } from '../src/package-info.js';
import { SOURCE_FILE_GLOBS } from '../src/source-files.js';
import { resolveCliOptions, type ConfigFlags } from './config.js';
import { discoverFiles, outsideTsconfigWarning, readTsconfigFiles, resolveTsconfig } from './discover.js';
import { EXIT_FINDINGS, EXIT_OK, UsageError } from './errors.js';
import { findingsSarif, findingsText, type CheckFinding, type RuleInfo } from './findings.js';
import { gitRoot } from './git.js';
import { deprecated, useColor, warn, type Io } from './io.js';
import { protocolSetting, protocolSummary } from './protocol-summary.js';
import { displayPath } from './report.js';
import { ruleHelp } from './rule-help.js';
import { syntaxOnlyParser } from './syntax-parser.js';
import { applySuppressions, baselineCommand, entryCount, loadSuppressions, planSuppressions, prune, saveSuppressions, suppress, type SuppressedViolations, type SuppressionFlags, type SuppressionPlan } from './suppressions.js';

export type CheckFormat = 'text' | 'json' | 'sarif';
export const CHECK_FORMATS: readonly CheckFormat[] = ['text', 'json', 'sarif'];

export interface CheckFlags extends Omit<ConfigFlags, 'resultFormat' | 'localHelpers'>, SuppressionFlags {
  /** Output format. */
  format?: string;
  /** Deprecated spelling of --preset. */
  config?: string;
  /** A path, or false for --no-tsconfig. */
  tsconfig?: string | false;
  outputFile?: string;
  quiet?: boolean;
  maxWarnings?: string;
  color?: boolean;
}

export const INFORMATION_URI = 'https://github.com/mcp-result-kit/mcp-result-kit';

/** Rules the rule set turns on, with their docs, for SARIF. */
export function activeRules(severities: Readonly<Record<RuleName, Severity>>): RuleInfo[] {
  return RULE_NAMES.filter((name) => severities[name] !== 'off').map((name) => {
    const docs = plugin.rules[name].meta.docs as { description?: string; url?: string } | undefined;
    const help = ruleHelp(name);
    return {
      id: ruleId(name),
      description: docs?.description ?? name,
      helpUri: docs?.url,
      fullDescription: help.fullDescription,
      helpMarkdown: help.markdown,
      level: severities[name] === 'warn' ? 'warning' : 'error',
    };
  });
}

function commonDir(files: readonly string[], fallback: string): string {
  if (files.length === 0) return fallback;
  let common = path.dirname(files[0]).split(path.sep);
  for (const file of files.slice(1)) {
    const parts = path.dirname(file).split(path.sep);
    let i = 0;
    while (i < common.length && i < parts.length && common[i] === parts[i]) i++;
    common = common.slice(0, i);
  }
  return common.join(path.sep) || path.sep;
}

export interface LintOptions {
  files: string[];
  /** Severity per rule (a preset with overrides); `off` rules do not run. */
  severities: Readonly<Record<RuleName, Severity>>;
  ruleOptions: Record<string, unknown>;
  settings: Record<string, unknown>;
  /** Files listed here are linted with type information from this tsconfig. */
  typed?: { tsconfig: string; files: Set<string> };
}

async function lintWith(files: string[], options: LintOptions, languageOptions: { parserOptions: Linter.ParserOptions; parser?: Linter.Parser }): Promise<ESLint.LintResult[]> {
  if (files.length === 0) return [];
  const base = plugin.configs.recommended;
  const rules = Object.fromEntries(
    RULE_NAMES.filter((name) => options.severities[name] !== 'off').map((name) => [ruleId(name), [options.severities[name], options.ruleOptions]]),
  );
  const config = {
    plugins: base.plugins,
    files: SOURCE_FILE_GLOBS,
    languageOptions: { ...base.languageOptions, sourceType: 'module', ...languageOptions },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    settings: { [PLUGIN_NAME]: options.settings },
    rules,
  } as unknown as Linter.Config;
  const eslint = new ESLint({
    cwd: commonDir(files, process.cwd()),
    overrideConfigFile: true,
    overrideConfig: [config],
    ignore: false,
    errorOnUnmatchedPattern: false,
  });
  return eslint.lintFiles(files);
}

/** Runs the plugin's rules over the files through ESLint's API; no user ESLint config is needed. */
export async function lintFiles(options: LintOptions): Promise<ESLint.LintResult[]> {
  const typedFiles = options.typed ? options.files.filter((file) => options.typed!.files.has(file)) : [];
  const typedSet = new Set(typedFiles);
  const plain = options.files.filter((file) => !typedSet.has(file));
  const typed = options.typed
    ? await lintWith(typedFiles, options, { parserOptions: { project: options.typed.tsconfig, tsconfigRootDir: path.dirname(options.typed.tsconfig) } })
    : [];
  // Without type information the rules need TypeScript's tree alone, not typescript-eslint's.
  return [...typed, ...(await lintWith(plain, options, { parserOptions: {}, parser: syntaxOnlyParser }))];
}

/** A result of ESLint's JSON format, plus how many tool handlers the kit recognised in the file. */
export type CheckResult = ESLint.LintResult & { handlersFound: number };

/**
 * Keeps the kit's messages (and parse errors): other plugins' inline comments are not ours to
 * report. `quiet` drops warnings, as ESLint's --quiet does. Counts are recomputed to match.
 */
function ownResults(results: readonly ESLint.LintResult[], handlers: ReadonlyMap<string, number>, quiet: boolean): CheckResult[] {
  return results.map((result) => {
    const messages = result.messages.filter((message) => {
      const ours = message.ruleId?.startsWith(`${PLUGIN_NAME}/`) ?? false;
      if (!ours && !(message.fatal && message.ruleId === null)) return false;
      return !(quiet && message.severity === 1);
    });
    const errors = messages.filter((message) => message.severity === 2);
    return {
      ...result,
      messages,
      errorCount: errors.length,
      fatalErrorCount: errors.filter((message) => message.fatal).length,
      warningCount: messages.length - errors.length,
      fixableErrorCount: 0,
      fixableWarningCount: 0,
      handlersFound: handlers.get(path.resolve(result.filePath)) ?? 0,
    };
  });
}

/** The errors the suppressions file accepts: ESLint marks them `{ kind: 'file' }`. */
const isBulkSuppressed = (message: ESLint.LintResult['suppressedMessages'][number]) => message.suppressions.some((suppression) => suppression.kind === 'file');

function toFindings(results: readonly CheckResult[], cwd: string): CheckFinding[] {
  const findings: CheckFinding[] = [];
  for (const result of results) {
    const messages = [...result.messages.map((message) => ({ message, suppressed: false })), ...result.suppressedMessages.filter(isBulkSuppressed).map((message) => ({ message, suppressed: true }))];
    for (const { message, suppressed } of messages) {
      findings.push({
        file: displayPath(cwd, result.filePath),
        absolute: path.resolve(result.filePath),
        line: message.line ?? 1,
        column: message.column ?? 1,
        endLine: message.endLine,
        endColumn: message.endColumn,
        ruleId: message.ruleId,
        severity: message.severity === 2 ? 'error' : 'warning',
        message: message.message,
        ...(suppressed ? { suppressed } : {}),
      });
    }
  }
  return findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
}

function parseMaxWarnings(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value.trim()) || Number(value) < -1) throw new UsageError(`--max-warnings must be a whole number (-1 for no limit), got "${value}"`);
  const limit = Number(value);
  return limit === -1 ? undefined : limit;
}

function choosePreset(flags: CheckFlags, io: Io): string | undefined {
  if (flags.config === undefined) return flags.preset;
  deprecated(io, `check --config ${flags.config} is now --preset ${flags.config} (--config-file names the options file)`);
  if (flags.preset !== undefined && flags.preset !== flags.config) throw new UsageError(`--config (deprecated) and --preset disagree: ${flags.config} vs ${flags.preset}`);
  return flags.config;
}

interface SuppressionOutcome {
  results: CheckResult[];
  suppressed: number;
  /** Entries of the kit's rules left in the file that no longer occur. */
  unused: number;
}

/** Writes (`--suppress-*`, `--prune-suppressions`) and applies the suppressions file, in ESLint's order. */
function withSuppressions(results: CheckResult[], plan: SuppressionPlan, loaded: SuppressedViolations, cwd: string): SuppressionOutcome {
  if (!plan.active) return { results, suppressed: 0, unused: 0 };
  const display = displayPath(cwd, plan.file);
  let suppressions = loaded;
  if (plan.prune) suppressions = prune(loaded, results, cwd);
  else if (plan.suppress !== null) suppressions = suppress(loaded, results, cwd, plan.suppress);
  if (suppressions !== loaded) {
    try {
      mkdirSync(path.dirname(plan.file), { recursive: true });
      saveSuppressions(plan.file, suppressions);
    } catch (error) {
      throw new UsageError(`cannot write the suppressions file ${display}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, { cause: error });
    }
  }
  const applied = applySuppressions(results, suppressions, cwd);
  return { results: applied.results, suppressed: applied.suppressed, unused: entryCount(applied.unused) };
}

/** `mcp-result-kit check [paths...]`; returns the exit code. */
export async function runCheck(paths: string[], flags: CheckFlags, io: Io): Promise<number> {
  const format = (flags.format ?? 'text') as CheckFormat;
  if (!CHECK_FORMATS.includes(format)) throw new UsageError(`--format must be one of ${CHECK_FORMATS.join(', ')} for check, got "${flags.format}"`);
  const preset = choosePreset(flags, io);
  if (preset !== undefined && !(PRESETS as readonly string[]).includes(preset)) throw new UsageError(`--preset must be one of ${PRESETS.join(', ')}, got "${preset}"`);
  const maxWarnings = parseMaxWarnings(flags.maxWarnings);
  const suppressionPlan = planSuppressions(flags, io.cwd);
  // Read before linting: a malformed file stops the run before the slow part.
  const suppressions = suppressionPlan.active ? loadSuppressions(suppressionPlan.file, displayPath(io.cwd, suppressionPlan.file)) : {};

  const options = resolveCliOptions(io.cwd, { ...flags, preset, resultFormat: undefined, localHelpers: undefined });
  for (const message of options.deprecations) deprecated(io, message);
  const severities = ruleSeverities(options.preset as Preset, options.rules);
  const files = await discoverFiles({ paths, cwd: io.cwd, include: options.include, exclude: options.exclude, includeTests: options.includeTests });
  const tsconfig = resolveTsconfig(io.cwd, paths, flags.tsconfig);

  let typed: LintOptions['typed'];
  if (!tsconfig) {
    if (flags.tsconfig !== false) warn(io, `no tsconfig.json found from ${paths[0] ?? '.'} upwards; checking without type information`);
  } else {
    const covered = readTsconfigFiles(tsconfig, displayPath(io.cwd, tsconfig));
    typed = { tsconfig, files: covered.files };
    const outside = files.filter((file) => !covered.files.has(file));
    if (outside.length > 0) warn(io, outsideTsconfigWarning(outside.map((file) => displayPath(io.cwd, file)), displayPath(io.cwd, tsconfig)));
  }

  const ruleOptions: Record<string, unknown> = { ...options.handlerOptions, ...(options.importSource ? { importSource: options.importSource } : {}) };
  const handlers = new Map<string, number>();
  const stopCounting = onHandlerCount((fileName, count) => handlers.set(path.resolve(fileName), count));
  let linted: CheckResult[];
  try {
    linted = ownResults(await lintFiles({ files, severities, ruleOptions, settings: { ...options.handlerOptions }, typed }), handlers, flags.quiet === true);
  } finally {
    stopCounting();
  }
  const { results, suppressed, unused } = withSuppressions(linted, suppressionPlan, suppressions, io.cwd);
  const findings = toFindings(results, io.cwd);
  const reported = findings.filter((finding) => !finding.suppressed);
  const handlersFound = results.reduce((sum, result) => sum + result.handlersFound, 0);

  // A file that could not be parsed was not read for handlers: it is not one without them.
  const parsed = files.length - results.filter((result) => result.messages.some((message) => message.fatal === true)).length;
  if (handlersFound === 0 && parsed > 0 && format !== 'text') warn(io, `no MCP tool handler was recognised in ${parsed} file${parsed === 1 ? '' : 's'}; see --handler-pattern and --registration-method (docs/cli.md)`);

  const unpruned = unused > 0 && flags.passOnUnprunedSuppressions !== true;
  const pruneCommand = baselineCommand(paths, { ...flags, preset }, '--prune-suppressions');
  const them = unused === 1 ? 'it' : 'them';
  const unprunedReason = `${displayPath(io.cwd, suppressionPlan.file)} holds ${unused} suppression${unused === 1 ? '' : 's'} of the kit's rules that no longer occur${unused === 1 ? 's' : ''}, so check fails; prune ${them} with:`;

  const toFile = flags.outputFile !== undefined;
  let output: string;
  if (format === 'json') output = `${JSON.stringify(results)}\n`;
  else if (format === 'sarif') {
    const lines = new Map<string, string[]>();
    const sourceLine = (absolute: string, line: number) => {
      let text = lines.get(absolute);
      if (!text) lines.set(absolute, (text = readFileSync(absolute, 'utf8').split(/\r?\n/)));
      return text[line - 1] ?? '';
    };
    const sarif = findingsSarif(findings, activeRules(severities), {
      tool: { name: PLUGIN_NAME, version: packageVersion(), informationUri: INFORMATION_URI },
      sourceRoot: gitRoot(io.cwd) ?? io.cwd,
      sourceLine,
    });
    output = `${JSON.stringify(sarif, null, 2)}\n`;
  } else {
    output = findingsText(reported, {
      filesChecked: files.length,
      handlers: handlersFound,
      color: !toFile && useColor(io, flags.color),
      suppressed: suppressed > 0 ? { count: suppressed, file: displayPath(io.cwd, suppressionPlan.file) } : undefined,
      // The verdict and its reason on the same stream.
      failure: unpruned ? `✖ ${unprunedReason}\n  ${pruneCommand}\n  (or pass --pass-on-unpruned-suppressions)\n` : undefined,
    });
    output += protocolSummary(files, protocolSetting(flags.protocolVersion, options.handlerOptions.protocolVersion, options.configFile, io.cwd), io.cwd);
  }

  if (toFile) {
    const target = path.resolve(io.cwd, flags.outputFile!);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, output, 'utf8');
  } else io.stdout(output);

  const errors = reported.filter((finding) => finding.severity === 'error').length;
  const warnings = reported.length - errors;
  if (unpruned) {
    // Text output said it with the verdict; JSON and SARIF keep stdout for their data.
    if (format !== 'text') io.stderr(`mcp-result-kit: ${unprunedReason} ${pruneCommand} (or pass --pass-on-unpruned-suppressions)\n`);
    return EXIT_FINDINGS;
  }
  if (errors > 0) return EXIT_FINDINGS;
  if (maxWarnings !== undefined && warnings > maxWarnings) {
    io.stderr(`mcp-result-kit: too many warnings (${warnings}; --max-warnings ${maxWarnings})\n`);
    return EXIT_FINDINGS;
  }
  return EXIT_OK;
}
