/** Counts over a probe report, shared by every output format and the exit code. */
import { sdkRefusal } from './judge.js';
import { FAILURE_WORDING_KINDS } from './kinds.js';
import { viewResult } from './result-view.js';
import type { CallRecord, ComparisonStatus, ProbeReport } from './types.js';

export interface ProbeSummary {
  /** Calls made or planned (setup steps included). */
  calls: number;
  /** Calls with no finding. */
  clean: number;
  /** Calls with no finding that succeeded. */
  succeeded: number;
  /** Calls with no finding that failed the way the protocol says: isError, or a refusal of invalid arguments. */
  failedProperly: number;
  /** Generated calls with arguments meant to be valid, and how many of them reached a success. */
  generated: { calls: number; succeeded: number };
  /** Calls with at least one error finding. */
  failing: number;
  /** Calls not made (the server stopped before, a `${var}` had no value, --dry). */
  notRun: number;
  errors: number;
  warnings: number;
  /** Findings per kind, most frequent first. */
  kinds: Array<[string, number]>;
  regressions: number;
  /** Comparison statuses and how many calls have each (only with --compare). */
  statuses: Array<[ComparisonStatus, number]>;
  toolsRemoved: number;
}

function counted<T extends string>(values: readonly T[]): Array<[T, number]> {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** How a call ended, for people: judged by its main outcome, not by its findings. */
export type CallVerdict = 'not-run' | 'setup' | 'refused-by-sdk' | 'failed-properly' | 'success' | 'problem';

/** A call that made it to the server and got a result with no isError. */
export function succeeded(call: CallRecord): boolean {
  return call.outcome.type === 'result' && !viewResult(call.outcome.result).isError;
}

export function callVerdict(call: CallRecord): CallVerdict {
  if (call.outcome.type === 'not-run') return 'not-run';
  if (call.step.phase === 'setup') return 'setup';
  if (sdkRefusal(call.outcome)) return 'refused-by-sdk';
  if (call.findings.length > 0) return 'problem';
  return succeeded(call) ? 'success' : 'failed-properly';
}

export function summarise(report: ProbeReport): ProbeSummary {
  const findings = [...report.runFindings, ...report.calls.flatMap((call) => call.findings)];
  const verdicts = report.calls.map(callVerdict);
  const generated = report.calls.filter((call) => call.step.source === 'generated' && call.outcome.type !== 'not-run');
  return {
    calls: report.calls.length,
    clean: report.calls.filter((call) => call.outcome.type !== 'not-run' && call.findings.length === 0).length,
    succeeded: verdicts.filter((verdict) => verdict === 'success').length,
    failedProperly: verdicts.filter((verdict) => verdict === 'failed-properly').length,
    generated: { calls: generated.length, succeeded: generated.filter((call) => succeeded(call) && !sdkRefusal(call.outcome) && !call.findings.some((finding) => finding.severity === 'error')).length },
    failing: report.calls.filter((call) => call.findings.some((finding) => finding.severity === 'error')).length,
    notRun: report.calls.filter((call) => call.outcome.type === 'not-run').length,
    errors: findings.filter((finding) => finding.severity === 'error').length,
    warnings: findings.filter((finding) => finding.severity === 'warning').length,
    kinds: counted(findings.map((finding) => finding.kind)),
    regressions: report.calls.filter((call) => call.comparison?.regression).length + (report.comparison?.tools.removed.length ?? 0),
    statuses: counted(report.calls.flatMap((call) => (call.comparison ? [call.comparison.status] : []))),
    toolsRemoved: report.comparison?.tools.removed.length ?? 0,
  };
}

/** Where the tools that may write would write, said with the flag that lets them be called. */
const WRITES_GO = {
  probe: 'against a scratch copy: --cwd <copy>',
  // The proof runs the server in the project itself; only path parameters get the proof's scratch files.
  prove: "path parameters get files in the proof's scratch folder; what the server writes elsewhere, such as its own data file, is written for real",
} as const;

/** How far the calls made got: what a replay of them can prove. */
export interface CallReach {
  /** A result without isError whose text does not report a failure (a finding about its form, such as JSON text without structuredContent, aside). */
  succeeded: number;
  failedWithIsError: number;
  /** A result whose text reports a failure without isError. */
  failedWithoutIsError: number;
  /** No result a client accepts: refused by the SDK, not a CallToolResult, a protocol error, a timeout, a crash. */
  noResult: number;
}

/** Kinds of results the SDK's client refuses: no client reads them as a success. */
const REFUSED_BY_CLIENTS: ReadonlySet<string> = new Set(['string', 'bare-object']);

export function callReach(report: ProbeReport): CallReach {
  const reach: CallReach = { succeeded: 0, failedWithIsError: 0, failedWithoutIsError: 0, noResult: 0 };
  for (const call of report.calls) {
    const verdict = callVerdict(call);
    if (verdict === 'not-run' || verdict === 'setup') continue;
    if (verdict === 'failed-properly') reach.failedWithIsError++;
    else if (call.findings.some((finding) => FAILURE_WORDING_KINDS.has(finding.kind))) reach.failedWithoutIsError++;
    else if (verdict !== 'refused-by-sdk' && succeeded(call) && !call.findings.some((finding) => REFUSED_BY_CLIENTS.has(finding.kind))) reach.succeeded++;
    else reach.noResult++;
  }
  return reach;
}

/**
 * Why a run proves nothing because it called nothing (nothing made it to the server), naming the
 * flag or scenario that would call something (of `probe`, or of `migrate --prove`); undefined
 * when something was called or with --dry.
 */
export function nothingCalled(report: ProbeReport, command: keyof typeof WRITES_GO = 'probe'): string | undefined {
  if (report.dry || report.calls.some((call) => call.step.phase === 'call' && call.outcome.type !== 'not-run')) return undefined;
  if (report.tools.length === 0) return 'nothing was called: the server lists no tools';
  const writers = report.skipped.filter((skip) => skip.reason.includes('--allow-writes'));
  if (writers.length > 0) {
    const names = writers.slice(0, 5).map((skip) => skip.tool).join(', ') + (writers.length > 5 ? ` and ${writers.length - 5} more` : '');
    return `nothing was called: ${writers.length === 1 ? 'the one tool' : `all ${writers.length} tools`} may write (${names}: not annotated readOnlyHint: true); pass --allow-writes to call them with generated arguments (${WRITES_GO[command]}), or give --scenario <file> with the calls to make`;
  }
  if (report.skipped.length > 0) return 'nothing was called: --only/--skip left out every tool the server lists';
  const notRun = report.calls.find((call) => call.outcome.type === 'not-run');
  if (notRun && notRun.outcome.type === 'not-run') return `nothing was called: ${notRun.outcome.reason}`;
  return 'nothing was called: the plan has no calls; give --generate or --scenario <file> with the calls to make';
}

/** 1 when any result is judged bad (an error finding) or the comparison found a regression; else 0. */
export function probeFailed(report: ProbeReport): boolean {
  const summary = summarise(report);
  return summary.errors > 0 || summary.regressions > 0;
}

/** Comparison statuses in words. */
export const STATUS_WORDS: Readonly<Record<ComparisonStatus, string>> = {
  same: 'same',
  'gained-is-error': 'gained isError',
  'gained-structured-content': 'gained structuredContent',
  'now-answers': 'now answers',
  'error-text-changed': 'error text changed',
  'text-changed': 'text changed',
  'content-changed': 'content changed',
  'structured-content-changed': 'structuredContent changed',
  'lost-structured-content': 'lost structuredContent',
  'lost-is-error': 'lost isError',
  'now-fails': 'now fails',
  'new-protocol-error': 'new protocol error',
  'new-crash': 'new crash',
  'new-timeout': 'new timeout',
  'not-run': 'not run now',
  'not-recorded': 'not recorded',
  'sdk-refusal-fixed': 'no longer refused by the SDK',
  'now-refused-by-sdk': 'now refused by the SDK',
};
