import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import plugin, { PLUGIN_NAME } from '../../rules/index.js';
import { resolveCliOptions, type ConfigFlags } from './config.js';
import { discoverFiles, readTsconfigFiles, resolveTsconfig, SOURCE_EXTENSIONS } from './discover.js';
import { EXIT_FINDINGS, EXIT_OK, UsageError } from './errors.js';
import { findingsJson, findingsSarif, findingsText, type CheckFinding, type RuleInfo } from './findings.js';
import { warn, type Io } from './io.js';
import { packageVersion } from './package-info.js';
import { displayPath } from './report.js';

export type CheckFormat = 'text' | 'json' | 'sarif';
export const CHECK_FORMATS: readonly CheckFormat[] = ['text', 'json', 'sarif'];
export type CheckLevel = 'recommended' | 'strict';

export interface CheckFlags extends Omit<ConfigFlags, 'format' | 'localHelpers'> {
  /** Output format (not the result format of migrate). */
  format?: string;
  /** Which plugin config: recommended (default) or strict. */
  config?: string;
  /** A path, or false for --no-tsconfig. */
  tsconfig?: string | false;
}

const FILE_GLOBS = SOURCE_EXTENSIONS.map((extension) => `**/*${extension}`);

/** Rules the chosen config turns on, with their docs, for SARIF. */
export function activeRules(level: CheckLevel): RuleInfo[] {
  const enabled = Object.keys(plugin.configs[level].rules ?? {});
  return enabled.map((id) => {
    const rule = plugin.rules[id.slice(PLUGIN_NAME.length + 1) as keyof typeof plugin.rules];
    return { id, description: rule.meta.docs?.description ?? id, helpUri: (rule.meta.docs as { url?: string } | undefined)?.url };
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
  level: CheckLevel;
  ruleOptions: Record<string, unknown>;
  settings: Record<string, unknown>;
  /** Files listed here are linted with type information from this tsconfig. */
  typed?: { tsconfig: string; files: Set<string> };
}

async function lintWith(files: string[], options: LintOptions, parserOptions: Linter.ParserOptions): Promise<ESLint.LintResult[]> {
  if (files.length === 0) return [];
  const base = plugin.configs[options.level];
  const rules = Object.fromEntries(Object.keys(base.rules ?? {}).map((id) => [id, ['error', options.ruleOptions]]));
  const config = {
    ...base,
    files: FILE_GLOBS,
    languageOptions: { ...base.languageOptions, sourceType: 'module', parserOptions },
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
    ? await lintWith(typedFiles, options, { project: options.typed.tsconfig, tsconfigRootDir: path.dirname(options.typed.tsconfig) })
    : [];
  return [...typed, ...(await lintWith(plain, options, {}))];
}

function toFindings(results: readonly ESLint.LintResult[], cwd: string): CheckFinding[] {
  const findings: CheckFinding[] = [];
  for (const result of results) {
    for (const message of result.messages) {
      const ours = message.ruleId?.startsWith(`${PLUGIN_NAME}/`) ?? false;
      if (!ours && !(message.fatal && message.ruleId === null)) continue; // other plugins' inline comments
      findings.push({
        file: displayPath(cwd, result.filePath),
        line: message.line ?? 1,
        column: message.column ?? 1,
        endLine: message.endLine,
        endColumn: message.endColumn,
        ruleId: ours ? message.ruleId : null,
        severity: message.severity === 2 ? 'error' : 'warning',
        message: message.message,
      });
    }
  }
  return findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
}

/** `mcp-result-kit check [paths...]`; returns the exit code. */
export async function runCheck(paths: string[], flags: CheckFlags, io: Io): Promise<number> {
  const format = (flags.format ?? 'text') as CheckFormat;
  if (!CHECK_FORMATS.includes(format)) throw new UsageError(`--format must be one of ${CHECK_FORMATS.join(', ')} for check, got "${flags.format}"`);
  const level = (flags.config ?? 'recommended') as CheckLevel;
  if (level !== 'recommended' && level !== 'strict') throw new UsageError(`--config must be recommended or strict, got "${flags.config}"`);

  const options = resolveCliOptions(io.cwd, { ...flags, format: undefined, localHelpers: undefined });
  const files = await discoverFiles({ paths, cwd: io.cwd, include: options.include, exclude: options.exclude });
  if (files.length === 0) warn(io, 'no source files found');
  const tsconfig = resolveTsconfig(io.cwd, paths, flags.tsconfig);

  let typed: LintOptions['typed'];
  if (!tsconfig) {
    if (flags.tsconfig !== false) warn(io, `no tsconfig.json found from ${paths[0] ?? '.'} upwards; checking without type information`);
  } else {
    const covered = readTsconfigFiles(tsconfig, displayPath(io.cwd, tsconfig));
    typed = { tsconfig, files: covered.files };
    const outside = files.filter((file) => !covered.files.has(file));
    if (outside.length > 0) {
      warn(io, `${outside.length} file${outside.length === 1 ? ' is' : 's are'} not in ${displayPath(io.cwd, tsconfig)}; checking ${outside.length === 1 ? 'it' : 'them'} without type information`);
    }
  }

  const ruleOptions: Record<string, unknown> = { ...options.handlerOptions, ...(options.importSource ? { importSource: options.importSource } : {}) };
  const results = await lintFiles({ files, level, ruleOptions, settings: { ...options.handlerOptions }, typed });
  const findings = toFindings(results, io.cwd);

  if (format === 'json') io.stdout(`${JSON.stringify(findingsJson(findings), null, 2)}\n`);
  else if (format === 'sarif') {
    const sarif = findingsSarif(findings, activeRules(level), { name: PLUGIN_NAME, version: packageVersion(), informationUri: 'https://github.com/mcp-result-kit/mcp-result-kit' }, io.cwd);
    io.stdout(`${JSON.stringify(sarif, null, 2)}\n`);
  } else io.stdout(findingsText(findings, files.length));
  return findings.length > 0 ? EXIT_FINDINGS : EXIT_OK;
}
