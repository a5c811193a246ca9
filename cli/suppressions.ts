/**
 * Bulk suppressions, the way ESLint 9.24+ keeps them (`--suppress-all`, `--suppress-rule`,
 * `--prune-suppressions`, `eslint-suppressions.json`), so a project that runs ESLint with the
 * plugin later keeps the same file. ESLint's API applies a suppressions file but cannot write one
 * (its SuppressionsService is internal), and it counts paths from the ESLint instance's cwd, so the
 * format and the rules are reproduced here from eslint/lib/services/suppressions-service.js:
 *
 * - `{ "<path relative to the cwd, /-separated>": { "<rule id>": { "count": <errors> } } }`,
 *   keys sorted, two-space indent, no final newline (json-stable-stringify-without-jsonify, as ESLint);
 * - only errors count (warnings are never suppressed);
 * - a file's errors of a rule are all suppressed while there are no more of them than the count,
 *   and all reported once there are more;
 * - `--suppress-*` sets the count to today's number; `--prune-suppressions` lowers or removes counts
 *   that no longer occur, and drops files that no longer exist.
 *
 * The file may hold other plugins' rules: check writes, prunes and reports only the kit's own.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ESLint, Linter } from 'eslint';
import { isRuleName, PLUGIN_NAME, RULE_NAMES } from '../rules/rule-set.js';
import { UsageError } from './errors.js';

/** ESLint's default file name (SuppressionsService.DEFAULT_SUPPRESSIONS_FILENAME). */
export const DEFAULT_SUPPRESSIONS_FILE = 'eslint-suppressions.json';

/** Per file, per rule, how many errors are accepted. */
export type SuppressedViolations = Record<string, Record<string, { count: number }>>;

export interface SuppressionFlags {
  suppressAll?: boolean;
  suppressRule?: string[];
  pruneSuppressions?: boolean;
  suppressionsLocation?: string;
  passOnUnprunedSuppressions?: boolean;
}

/** What check does with the suppressions file in this run. */
export interface SuppressionPlan {
  file: string;
  /** `all`, the rule ids to record, or null (only apply the file). */
  suppress: 'all' | string[] | null;
  prune: boolean;
  /** Whether the file is read at all (it exists, or it is about to be written). */
  active: boolean;
}

// ESLint writes with this serializer; using it keeps the bytes identical, so neither tool's run
// shows up as a change of the other's.
const stableStringify = createRequire(import.meta.url)('json-stable-stringify-without-jsonify') as (value: unknown, options: { space: number }) => string;

const isOwnRule = (ruleId: string) => ruleId.startsWith(`${PLUGIN_NAME}/`);

/** `mcp-result-kit/<rule>` for a kit rule given with or without the namespace; UsageError otherwise. */
function ruleIdOf(value: string): string {
  const name = value.startsWith(`${PLUGIN_NAME}/`) ? value.slice(PLUGIN_NAME.length + 1) : value;
  if (!isRuleName(name)) {
    throw new UsageError(`--suppress-rule: unknown rule "${value}"; check suppresses only the kit's rules (${RULE_NAMES.map((rule) => `${PLUGIN_NAME}/${rule}`).join(', ')})`);
  }
  return `${PLUGIN_NAME}/${name}`;
}

/**
 * The flags, checked as ESLint checks them (the same pairs exclude each other), and the file they
 * act on: `--suppressions-location` relative to the cwd, else eslint-suppressions.json there.
 */
export function planSuppressions(flags: SuppressionFlags, cwd: string): SuppressionPlan {
  const rules = flags.suppressRule ?? [];
  if (flags.suppressAll && rules.length > 0) throw new UsageError('--suppress-all and --suppress-rule cannot be used together');
  if (flags.suppressAll && flags.pruneSuppressions) throw new UsageError('--suppress-all and --prune-suppressions cannot be used together');
  if (rules.length > 0 && flags.pruneSuppressions) throw new UsageError('--suppress-rule and --prune-suppressions cannot be used together');
  const location = flags.suppressionsLocation ?? DEFAULT_SUPPRESSIONS_FILE;
  if (location.trim() === '') throw new UsageError('--suppressions-location must not be empty');
  const file = path.resolve(cwd, location);
  // ESLint turns a folder into a file named after a hash of the cwd; a file name is clearer.
  if (/[\\/]$/.test(location) || (existsSync(file) && statSync(file).isDirectory())) {
    throw new UsageError(`--suppressions-location ${location} is a folder; name the file, e.g. ${path.join(location, DEFAULT_SUPPRESSIONS_FILE)}`);
  }
  const suppress = flags.suppressAll ? 'all' : rules.length > 0 ? [...new Set(rules.map(ruleIdOf))] : null;
  const exists = existsSync(file);
  if (flags.suppressionsLocation !== undefined && !exists && suppress === null) {
    throw new UsageError(`the suppressions file ${location} does not exist; create it with --suppress-all or --suppress-rule <rule>`);
  }
  return { file, suppress, prune: flags.pruneSuppressions === true, active: exists || suppress !== null || flags.pruneSuppressions === true };
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/** The file's suppressions; `{}` when it does not exist. A malformed file is a UsageError naming the entry. */
export function loadSuppressions(file: string, display: string): SuppressedViolations {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new UsageError(`cannot read the suppressions file ${display}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${display}: invalid JSON (${(error as Error).message}); fix it, or delete it and run check --suppress-all again`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError(`${display}: must be a JSON object of files, got ${describeValue(parsed)}`);
  for (const [fileName, rules] of Object.entries(parsed)) {
    if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) throw new UsageError(`${display}: "${fileName}" must be an object of rule ids, got ${describeValue(rules)}`);
    for (const [ruleId, entry] of Object.entries(rules as Record<string, unknown>)) {
      const count = (entry as { count?: unknown } | null)?.count;
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
        throw new UsageError(`${display}: "${fileName}" → "${ruleId}" must be { "count": <a whole number above 0> }, got ${describeValue(entry)}`);
      }
    }
  }
  return parsed as SuppressedViolations;
}

export function saveSuppressions(file: string, suppressions: SuppressedViolations): void {
  writeFileSync(file, stableStringify(suppressions, { space: 2 }));
}

/** The key of a linted file: relative to the cwd, `/`-separated (ESLint's getRelativeFilePath). */
export function suppressionKey(cwd: string, filePath: string): string {
  return path.relative(cwd, filePath).split(path.sep).join(path.posix.sep);
}

/** Errors per rule (warnings and parse errors do not count), as ESLint's countViolationsByRule. */
function errorsByRule(messages: readonly Linter.LintMessage[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const message of messages) {
    if (message.severity === 2 && message.ruleId) counts.set(message.ruleId, (counts.get(message.ruleId) ?? 0) + 1);
  }
  return counts;
}

function copy(suppressions: SuppressedViolations): SuppressedViolations {
  return Object.fromEntries(Object.entries(suppressions).map(([file, rules]) => [file, Object.fromEntries(Object.entries(rules).map(([rule, entry]) => [rule, { count: entry.count }]))]));
}

/** `--suppress-all` / `--suppress-rule`: today's error count per file and rule, over what the file held. */
export function suppress(suppressions: SuppressedViolations, results: readonly ESLint.LintResult[], cwd: string, rules: 'all' | readonly string[]): SuppressedViolations {
  const next = copy(suppressions);
  for (const result of results) {
    const key = suppressionKey(cwd, result.filePath);
    for (const [ruleId, count] of errorsByRule(result.messages)) {
      if (!isOwnRule(ruleId) || (rules !== 'all' && !rules.includes(ruleId))) continue;
      next[key] ??= {};
      next[key][ruleId] = { count };
    }
  }
  return next;
}

/** The kit's suppressions the results no longer use, per file and rule (how many of the count are spare). */
function unusedSuppressions(suppressions: SuppressedViolations, results: readonly ESLint.LintResult[], cwd: string): SuppressedViolations {
  const unused: SuppressedViolations = {};
  for (const result of results) {
    const key = suppressionKey(cwd, result.filePath);
    const entries = suppressions[key];
    if (!entries) continue;
    const counts = errorsByRule(result.messages);
    for (const [ruleId, entry] of Object.entries(entries)) {
      if (!isOwnRule(ruleId)) continue;
      const found = counts.get(ruleId) ?? 0;
      if (found < entry.count) {
        unused[key] ??= {};
        unused[key][ruleId] = { count: entry.count - found };
      }
    }
  }
  return unused;
}

/** `--prune-suppressions`: counts lowered to what still occurs, entries that no longer occur removed. */
export function prune(suppressions: SuppressedViolations, results: readonly ESLint.LintResult[], cwd: string): SuppressedViolations {
  const next = copy(suppressions);
  for (const [key, rules] of Object.entries(unusedSuppressions(suppressions, results, cwd))) {
    for (const [ruleId, spare] of Object.entries(rules)) {
      if (next[key][ruleId].count === spare.count) delete next[key][ruleId];
      else next[key][ruleId].count -= spare.count;
    }
  }
  for (const [key, rules] of Object.entries(next)) {
    if (!existsSync(path.resolve(cwd, key))) for (const ruleId of Object.keys(rules)) if (isOwnRule(ruleId)) delete rules[ruleId];
    if (Object.keys(rules).length === 0) delete next[key];
  }
  return next;
}

export interface AppliedSuppressions<Result extends ESLint.LintResult> {
  results: Result[];
  /** Errors moved to suppressedMessages. */
  suppressed: number;
  /** Entries of the kit's rules that no longer occur. */
  unused: SuppressedViolations;
}

/**
 * Moves each file's errors of a rule to `suppressedMessages` (with ESLint's `{ kind: 'file' }`)
 * while there are no more than the file allows, and recounts; more than allowed, all are reported.
 */
export function applySuppressions<Result extends ESLint.LintResult>(results: readonly Result[], suppressions: SuppressedViolations, cwd: string): AppliedSuppressions<Result> {
  let suppressed = 0;
  const applied = results.map((result) => {
    const entries = suppressions[suppressionKey(cwd, result.filePath)];
    if (!entries) return result;
    const counts = errorsByRule(result.messages);
    const hidden = new Set([...counts].filter(([ruleId, count]) => entries[ruleId] !== undefined && count <= entries[ruleId].count).map(([ruleId]) => ruleId));
    if (hidden.size === 0) return result;
    const moved = result.messages.filter((message) => message.ruleId !== null && hidden.has(message.ruleId));
    const messages = result.messages.filter((message) => message.ruleId === null || !hidden.has(message.ruleId));
    suppressed += moved.length;
    const errors = messages.filter((message) => message.fatal || message.severity === 2);
    return {
      ...result,
      messages,
      suppressedMessages: [...result.suppressedMessages, ...moved.map((message) => ({ ...message, suppressions: [{ kind: 'file', justification: '' }] }))],
      errorCount: errors.length,
      fatalErrorCount: errors.filter((message) => message.fatal).length,
      warningCount: messages.length - errors.length,
    };
  });
  return { results: applied, suppressed, unused: unusedSuppressions(suppressions, results, cwd) };
}

/** How many entries a suppressions object holds (file × rule). */
export function entryCount(suppressions: SuppressedViolations): number {
  return Object.values(suppressions).reduce((sum, rules) => sum + Object.keys(rules).length, 0);
}

/** The flags of a run that change what check reports, so the baseline command sees what migrate saw. */
export interface BaselineFlags {
  configFile?: string;
  tsconfig?: string | false;
  include?: string[];
  exclude?: string[];
  handlerPattern?: string[];
  registrationMethod?: string[];
  handlerProperty?: string[];
  resultHelper?: string[];
  handlerClasses?: boolean;
  preset?: string;
  protocolVersion?: string;
  suppressionsLocation?: string;
}

/** Single quotes where a shell would split or expand the word. */
function shellWord(word: string): string {
  return /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `npx mcp-result-kit check --suppress-all <same options> <paths>`: what makes today's remaining
 * errors the baseline (`action` gives another suppressions flag, e.g. --prune-suppressions).
 */
export function baselineCommand(paths: readonly string[], flags: BaselineFlags, action = '--suppress-all'): string {
  const args = ['check', action];
  const value = (flag: string, given: string | undefined) => given !== undefined && args.push(flag, given);
  const values = (flag: string, given: string[] | undefined) => given?.forEach((item) => args.push(flag, item));
  value('--config-file', flags.configFile);
  if (flags.tsconfig === false) args.push('--no-tsconfig');
  else value('--tsconfig', flags.tsconfig);
  value('--preset', flags.preset);
  value('--protocol-version', flags.protocolVersion);
  value('--suppressions-location', flags.suppressionsLocation);
  values('--include', flags.include);
  values('--exclude', flags.exclude);
  values('--handler-pattern', flags.handlerPattern);
  values('--registration-method', flags.registrationMethod);
  values('--handler-property', flags.handlerProperty);
  values('--result-helper', flags.resultHelper);
  if (flags.handlerClasses !== undefined) args.push(flags.handlerClasses ? '--handler-classes' : '--no-handler-classes');
  return ['npx', 'mcp-result-kit', ...args, ...paths].map(shellWord).join(' ');
}
