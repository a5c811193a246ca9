import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { HandlerOptionsError, resolveHandlerOptions, type HandlerOptions } from '../src/analyze/options.js';
import { protocolVersionProblem } from '../src/protocol-version.js';
import { isRuleName, PLUGIN_NAME, PRESETS, RULE_NAMES, SEVERITIES, type Preset, type RuleName, type Severity } from '../rules/rule-set.js';
import { UsageError } from './errors.js';
import { checkGlob, type Glob } from './glob.js';

export const CONFIG_FILE_NAME = 'mcp-result-kit.config.json';
export const PACKAGE_JSON_KEY = 'mcp-result-kit';

export type ResultFormatOption = 'readable' | 'structured' | 'both';
export const RESULT_FORMAT_OPTIONS: readonly ResultFormatOption[] = ['readable', 'structured', 'both'];

/** What `mcp-result-kit.config.json` (or package.json's "mcp-result-kit" key) may hold. */
export interface FileConfig extends HandlerOptions {
  importSource?: string;
  localHelpers?: string;
  resultFormat?: ResultFormatOption;
  /** Deprecated spelling of resultFormat. */
  format?: ResultFormatOption;
  include?: string[];
  exclude?: string[];
  /** Also check and migrate test files (`__tests__/`, `*.test.*`, `*.spec.*`), skipped by default. */
  includeTests?: boolean;
  preset?: Preset;
  /** Severities per rule id (`mcp-result-kit/<rule>`): `error`, `warn` or `off` (or 2, 1, 0). */
  rules?: Record<string, Severity | 0 | 1 | 2>;
}

type KeyType = 'string[]' | 'boolean' | 'string' | 'format' | 'preset' | 'rules' | 'protocolVersion';

export const CONFIG_KEYS: Readonly<Record<keyof FileConfig, KeyType>> = {
  handlerPatterns: 'string[]',
  registrationMethods: 'string[]',
  handlerProperties: 'string[]',
  resultHelpers: 'string[]',
  handlerClasses: 'boolean',
  toolDefinitions: 'boolean',
  allowFastmcpStrings: 'boolean',
  errorPatterns: 'string[]',
  protocolVersion: 'protocolVersion',
  mcpFrameworkVersion: 'string',
  importSource: 'string',
  localHelpers: 'string',
  resultFormat: 'format',
  format: 'format',
  include: 'string[]',
  exclude: 'string[]',
  includeTests: 'boolean',
  preset: 'preset',
  rules: 'rules',
};

const NUMERIC_SEVERITY: Record<number, Severity> = { 0: 'off', 1: 'warn', 2: 'error' };

/** A rule id and severity from a config file or flag; throws UsageError naming `where`. */
export function parseRuleSeverity(id: string, value: unknown, where: string): [RuleName, Severity] {
  const name = id.startsWith(`${PLUGIN_NAME}/`) ? id.slice(PLUGIN_NAME.length + 1) : '';
  if (!isRuleName(name)) throw new UsageError(`${where}: unknown rule "${id}" (known: ${RULE_NAMES.map((rule) => `${PLUGIN_NAME}/${rule}`).join(', ')})`);
  const severity = typeof value === 'number' ? NUMERIC_SEVERITY[value] : (SEVERITIES as readonly unknown[]).includes(value) ? (value as Severity) : undefined;
  if (!severity) throw new UsageError(`${where}: "${id}" must be one of ${SEVERITIES.join(', ')} (or 2, 1, 0), got ${describe(value)}`);
  return [name, severity];
}

/** Flags that map to config keys (commander's camel-cased names). */
export interface ConfigFlags {
  configFile?: string;
  handlerPattern?: string[];
  registrationMethod?: string[];
  handlerProperty?: string[];
  resultHelper?: string[];
  handlerClasses?: boolean;
  errorPattern?: string[];
  importSource?: string;
  localHelpers?: string;
  resultFormat?: string;
  include?: string[];
  exclude?: string[];
  includeTests?: boolean;
  preset?: string;
  protocolVersion?: string;
}

export interface LoadedConfig {
  /** The file the options came from, if any. */
  source?: string;
  config: FileConfig;
  /** Folder that relative paths and globs in the file are resolved against. */
  baseDir: string;
}

/** The options a command runs with: file config with the flags laid over it. */
export interface CliOptions {
  configFile?: string;
  handlerOptions: HandlerOptions;
  importSource?: string;
  /** Absolute path of the local helpers module to write and import. */
  localHelpers?: string;
  resultFormat?: ResultFormatOption;
  include: Glob[];
  exclude: Glob[];
  includeTests: boolean;
  preset: Preset;
  /** Rule severities from the config file's `rules`, over the preset. */
  rules: Partial<Record<RuleName, Severity>>;
  /** Deprecated spellings met on the way, for the command to warn about. */
  deprecations: string[];
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/** Checks every key and value; throws UsageError naming the file and the key. */
export function validateConfig(raw: unknown, where: string): FileConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new UsageError(`${where}: the configuration must be a JSON object, got ${describe(raw)}`);
  }
  const known = Object.keys(CONFIG_KEYS);
  for (const [key, value] of Object.entries(raw)) {
    const type = (CONFIG_KEYS as Record<string, KeyType | undefined>)[key];
    if (!type) throw new UsageError(`${where}: unknown key "${key}" (known keys: ${known.join(', ')})`);
    switch (type) {
      case 'string[]':
        if (!Array.isArray(value)) throw new UsageError(`${where}: "${key}" must be an array of strings, got ${describe(value)}`);
        value.forEach((item: unknown, index) => {
          if (typeof item !== 'string') throw new UsageError(`${where}: "${key}[${index}]" must be a string, got ${describe(item)}`);
          if (item.trim() === '') throw new UsageError(`${where}: "${key}[${index}]" must not be empty`);
        });
        break;
      case 'boolean':
        if (typeof value !== 'boolean') throw new UsageError(`${where}: "${key}" must be true or false, got ${describe(value)}`);
        break;
      case 'string':
        if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`${where}: "${key}" must be a non-empty string, got ${describe(value)}`);
        break;
      case 'format':
        if (typeof value !== 'string' || !(RESULT_FORMAT_OPTIONS as readonly string[]).includes(value)) {
          throw new UsageError(`${where}: "${key}" must be one of ${RESULT_FORMAT_OPTIONS.join(', ')}, got ${describe(value)}`);
        }
        break;
      case 'preset':
        if (typeof value !== 'string' || !(PRESETS as readonly string[]).includes(value)) {
          throw new UsageError(`${where}: "${key}" must be one of ${PRESETS.join(', ')}, got ${describe(value)}`);
        }
        break;
      case 'protocolVersion': {
        const problem = protocolVersionProblem(value);
        if (problem !== undefined) throw new UsageError(`${where}: "${key}" ${problem}`);
        break;
      }
      case 'rules':
        if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`${where}: "${key}" must be an object of rule ids and severities, got ${describe(value)}`);
        for (const [id, severity] of Object.entries(value)) parseRuleSeverity(id, severity, `${where} "rules"`);
        break;
    }
  }
  const config = raw as FileConfig;
  for (const key of ['handlerPatterns', 'errorPatterns'] as const) {
    config[key]?.forEach((pattern, index) => {
      try {
        new RegExp(pattern);
      } catch (error) {
        throw new UsageError(`${where}: "${key}[${index}]" is not a valid regular expression: ${(error as Error).message}`);
      }
    });
  }
  for (const key of ['include', 'exclude'] as const) {
    config[key]?.forEach((pattern, index) => {
      try {
        checkGlob(pattern);
      } catch (error) {
        throw new UsageError(`${where}: "${key}[${index}]" is not a valid glob: ${(error as Error).message}`);
      }
    });
  }
  return config;
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read config file ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`${file}: invalid JSON (${(error as Error).message})`);
  }
}

function fromPackageJson(file: string, required: boolean): LoadedConfig | undefined {
  const manifest = readJson(file);
  const section = typeof manifest === 'object' && manifest !== null ? (manifest as Record<string, unknown>)[PACKAGE_JSON_KEY] : undefined;
  if (section === undefined) {
    if (required) throw new UsageError(`${file}: no "${PACKAGE_JSON_KEY}" key`);
    return undefined;
  }
  return { source: `${file}#${PACKAGE_JSON_KEY}`, config: validateConfig(section, `${file} "${PACKAGE_JSON_KEY}"`), baseDir: path.dirname(file) };
}

/**
 * Loads the configuration: `--config-file` if given (a JSON file, or a package.json whose
 * "mcp-result-kit" key holds the options), else the first `mcp-result-kit.config.json` or
 * package.json with that key from `cwd` upwards. No file is not an error.
 */
export function loadConfig(cwd: string, configFile?: string): LoadedConfig {
  if (configFile !== undefined) {
    const file = path.resolve(cwd, configFile);
    if (!existsSync(file) || !statSync(file).isFile()) throw new UsageError(`config file not found: ${configFile}`);
    if (path.basename(file) === 'package.json') return fromPackageJson(file, true)!;
    return { source: file, config: validateConfig(readJson(file), file), baseDir: path.dirname(file) };
  }
  let dir = path.resolve(cwd);
  for (;;) {
    const candidate = path.join(dir, CONFIG_FILE_NAME);
    if (existsSync(candidate)) return { source: candidate, config: validateConfig(readJson(candidate), candidate), baseDir: dir };
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const loaded = fromPackageJson(manifest, false);
      if (loaded) return loaded;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return { config: {}, baseDir: path.resolve(cwd) };
    dir = parent;
  }
}

function checkFlagRegexps(flag: string, patterns: string[] | undefined): void {
  for (const pattern of patterns ?? []) {
    try {
      new RegExp(pattern);
    } catch (error) {
      throw new UsageError(`${flag} "${pattern}" is not a valid regular expression: ${(error as Error).message}`);
    }
  }
}

function checkFlagGlobs(flag: string, patterns: string[] | undefined): void {
  for (const pattern of patterns ?? []) {
    try {
      checkGlob(pattern);
    } catch (error) {
      throw new UsageError(`${flag} "${pattern}" is not a valid glob: ${(error as Error).message}`);
    }
  }
}

/** The file config with the flags laid over it; paths and globs made absolute / given a base. */
export function resolveCliOptions(cwd: string, flags: ConfigFlags): CliOptions {
  const loaded = loadConfig(cwd, flags.configFile);
  const file = loaded.config;
  checkFlagRegexps('--handler-pattern', flags.handlerPattern);
  checkFlagRegexps('--error-pattern', flags.errorPattern);
  checkFlagGlobs('--include', flags.include);
  checkFlagGlobs('--exclude', flags.exclude);
  if (flags.resultFormat !== undefined && !(RESULT_FORMAT_OPTIONS as readonly string[]).includes(flags.resultFormat)) {
    throw new UsageError(`--result-format must be one of ${RESULT_FORMAT_OPTIONS.join(', ')}, got "${flags.resultFormat}"`);
  }
  if (flags.preset !== undefined && !(PRESETS as readonly string[]).includes(flags.preset)) {
    throw new UsageError(`--preset must be one of ${PRESETS.join(', ')}, got "${flags.preset}"`);
  }
  const deprecations: string[] = [];
  if (file.format !== undefined) {
    deprecations.push(`${loaded.source}: the "format" key is deprecated; call it "resultFormat" (the helpers' result format)`);
    if (file.resultFormat !== undefined && file.resultFormat !== file.format) throw new UsageError(`${loaded.source}: "format" (deprecated) and "resultFormat" disagree; keep only "resultFormat"`);
  }
  const rules: Partial<Record<RuleName, Severity>> = {};
  for (const [id, value] of Object.entries(file.rules ?? {})) {
    const [name, severity] = parseRuleSeverity(id, value, `${loaded.source} "rules"`);
    rules[name] = severity;
  }
  const flagProblem = flags.protocolVersion === undefined ? undefined : protocolVersionProblem(flags.protocolVersion);
  if (flagProblem !== undefined) throw new UsageError(`--protocol-version ${flagProblem}`);
  for (const [flag, value] of [['--import-source', flags.importSource], ['--local-helpers', flags.localHelpers]] as const) {
    if (value !== undefined && value.trim() === '') throw new UsageError(`${flag} must not be empty`);
  }

  const handlerOptions: HandlerOptions = {};
  const pick = <K extends keyof HandlerOptions>(key: K, flag: HandlerOptions[K] | undefined) => {
    const value = flag ?? file[key];
    if (value !== undefined) handlerOptions[key] = value;
  };
  pick('handlerPatterns', flags.handlerPattern);
  pick('registrationMethods', flags.registrationMethod);
  pick('handlerProperties', flags.handlerProperty);
  pick('resultHelpers', flags.resultHelper);
  pick('handlerClasses', flags.handlerClasses);
  pick('errorPatterns', flags.errorPattern);
  pick('protocolVersion', flags.protocolVersion);
  // No flags: the config file alone sets these.
  pick('toolDefinitions', undefined);
  pick('allowFastmcpStrings', undefined);
  pick('mcpFrameworkVersion', undefined);
  try {
    resolveHandlerOptions(handlerOptions);
  } catch (error) {
    if (error instanceof HandlerOptionsError) throw new UsageError(error.message);
    throw error;
  }

  const globs = (fromFlags: string[] | undefined, fromFile: string[] | undefined): Glob[] =>
    fromFlags ? fromFlags.map((pattern) => ({ pattern, base: cwd })) : (fromFile ?? []).map((pattern) => ({ pattern, base: loaded.baseDir }));
  const localHelpers = flags.localHelpers !== undefined ? path.resolve(cwd, flags.localHelpers) : file.localHelpers !== undefined ? path.resolve(loaded.baseDir, file.localHelpers) : undefined;
  return {
    configFile: loaded.source,
    handlerOptions,
    importSource: flags.importSource ?? file.importSource,
    localHelpers,
    resultFormat: (flags.resultFormat as ResultFormatOption | undefined) ?? file.resultFormat ?? file.format,
    include: globs(flags.include, file.include),
    exclude: globs(flags.exclude, file.exclude),
    includeTests: flags.includeTests ?? file.includeTests ?? false,
    preset: (flags.preset as Preset | undefined) ?? file.preset ?? 'recommended',
    rules,
    deprecations,
  };
}
