/**
 * `mcp-result-kit probe`: flags → a probe run → the report in the chosen format → the exit code
 * (0 clean, 1 a bad result or a regression; a ProbeError or UsageError makes the CLI exit 2).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError } from '../errors.js';
import { useColor, type Io } from '../io.js';
import type { MaskSpec } from './mask.js';
import { probeJson } from './output/json.js';
import { probeJunit } from './output/junit.js';
import { probeSarif } from './output/sarif.js';
import { probeText } from './output/text.js';
import { runProbe, type ProbeOptions } from './run.js';
import type { Target } from './session.js';
import { createWaitNotice, NO_NOTICE, waitNoticeWanted } from './progress.js';
import { nothingCalled, probeFailed } from './summary.js';
import type { ProbeReport } from './types.js';

export type ProbeFormat = 'text' | 'json' | 'sarif' | 'junit';
export const PROBE_FORMATS: readonly ProbeFormat[] = ['text', 'json', 'sarif', 'junit'];

export interface ProbeFlags {
  url?: string;
  header?: string[];
  env?: string[];
  cwd?: string;
  log?: string;
  scenario?: string;
  generate?: boolean;
  allowWrites?: boolean;
  only?: string[];
  skip?: string[];
  dry?: boolean;
  record?: string;
  /** `--no-noise-baseline` sets it false: record each call once. */
  noiseBaseline?: boolean;
  compare?: string;
  timeout?: string;
  startupTimeout?: string;
  mask?: string[];
  maskKey?: string[];
  errorPattern?: string[];
  format?: string;
  outputFile?: string;
  color?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_STARTUP_TIMEOUT_MS = 20_000;

/** A flag's whole number of milliseconds above 0, or the fallback; a UsageError naming the flag otherwise. */
export function milliseconds(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new UsageError(`${flag} must be a whole number of milliseconds above 0, not ${JSON.stringify(value)}`);
  return number;
}

/** `KEY=VALUE` pairs; a pair without `=` is a usage error naming it. */
function pairs(values: readonly string[] | undefined, flag: string, separator: RegExp): Array<[string, string]> {
  return (values ?? []).map((value) => {
    const match = separator.exec(value);
    if (!match || match.index === 0) throw new UsageError(`${flag} ${JSON.stringify(value)}: expected ${flag === '--header' ? '"Name: value"' : 'KEY=VALUE'}`);
    return [value.slice(0, match.index).trim(), value.slice(match.index + match[0].length).trim()];
  });
}

/** Comma-separated and repeatable: `--only a,b --only c`. */
const list = (values: readonly string[] | undefined) => (values ?? []).flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean);

function targetOf(command: readonly string[], flags: ProbeFlags, io: Io): Target {
  if (flags.url && command.length > 0) throw new UsageError('give the server either as a command after -- or as --url, not both');
  if (flags.url) {
    for (const flag of ['env', 'cwd', 'log'] as const) if (flags[flag] !== undefined) throw new UsageError(`--${flag} is for a server started over stdio (after --), not for --url`);
    let url: URL;
    try {
      url = new URL(flags.url);
    } catch {
      throw new UsageError(`--url ${JSON.stringify(flags.url)} is not a URL (e.g. http://127.0.0.1:3000/mcp)`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--url must be http:// or https://, not ${url.protocol}`);
    return { kind: 'http', url: url.href, headers: Object.fromEntries(pairs(flags.header, '--header', /:\s*|=/)) };
  }
  if (command.length === 0) throw new UsageError('no server: give its command after -- (probe --generate -- node dist/index.js) or --url http://127.0.0.1:3000/mcp');
  if (flags.header !== undefined) throw new UsageError('--header is for --url, not for a server started over stdio');
  const cwd = path.resolve(io.cwd, flags.cwd ?? '.');
  const logFile = flags.log ? path.resolve(io.cwd, flags.log) : undefined;
  return { kind: 'stdio', command: command[0], args: command.slice(1), cwd, env: { ...io.env, ...Object.fromEntries(pairs(flags.env, '--env', /=/)) }, ...(logFile ? { logFile } : {}) };
}

/** The run's options from the flags; every bad flag is a UsageError before anything starts. */
export function probeOptions(command: readonly string[], flags: ProbeFlags, io: Io): ProbeOptions {
  const format = flags.format ?? 'text';
  if (!PROBE_FORMATS.includes(format as ProbeFormat)) throw new UsageError(`--format must be one of ${PROBE_FORMATS.join(', ')}, not ${format}`);
  if (flags.compare && flags.record && path.resolve(io.cwd, flags.compare) === path.resolve(io.cwd, flags.record)) {
    throw new UsageError('--record would overwrite the recording --compare reads; record to another file');
  }
  const mask: MaskSpec[] = [...(flags.mask ?? []).map((pattern) => ({ pattern })), ...(flags.maskKey ?? []).map((key) => ({ key }))];
  return {
    target: targetOf(command, flags, io),
    cwd: io.cwd,
    scenario: flags.scenario,
    generate: flags.generate === true,
    compare: flags.compare,
    record: flags.record ? path.resolve(io.cwd, flags.record) : undefined,
    noiseBaseline: flags.noiseBaseline !== false,
    dry: flags.dry === true,
    allowWrites: flags.allowWrites === true,
    only: list(flags.only),
    skip: list(flags.skip),
    timeoutMs: milliseconds(flags.timeout, '--timeout', DEFAULT_TIMEOUT_MS),
    startupTimeoutMs: milliseconds(flags.startupTimeout, '--startup-timeout', DEFAULT_STARTUP_TIMEOUT_MS),
    mask,
    errorPatterns: flags.errorPattern ?? [],
  };
}

export function formatReport(report: ProbeReport, format: ProbeFormat, color: boolean): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify(probeJson(report), null, 2)}\n`;
    case 'sarif':
      return `${JSON.stringify(probeSarif(report), null, 2)}\n`;
    case 'junit':
      return probeJunit(report);
    case 'text':
      return probeText(report, { color });
  }
}

export async function runProbeCommand(command: readonly string[], flags: ProbeFlags, io: Io, overrides: Partial<ProbeOptions> = {}): Promise<number> {
  const options = { ...probeOptions(command, flags, io), ...overrides };
  const format = (flags.format ?? 'text') as ProbeFormat;
  const notice = waitNoticeWanted(io, format) ? createWaitNotice(io) : NO_NOTICE;
  const report = await runProbe({ ...options, onWait: (label) => notice.wait(label) }).finally(() => notice.stop());
  const output = formatReport(report, format, flags.outputFile ? false : useColor(io, flags.color));
  if (flags.outputFile) {
    const file = path.resolve(io.cwd, flags.outputFile);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, output);
  } else {
    io.stdout(output);
  }
  // A run that called nothing proved nothing: not an all-clear.
  const idle = nothingCalled(report);
  if (idle) {
    io.stderr(`mcp-result-kit: ${idle}\n`);
    return EXIT_USAGE;
  }
  return probeFailed(report) ? EXIT_FINDINGS : EXIT_OK;
}
