/** Counts over a probe report, shared by every output format and the exit code. */
import type { ComparisonStatus, ProbeReport } from './types.js';

export interface ProbeSummary {
  /** Calls made or planned (setup steps included). */
  calls: number;
  /** Calls with no finding. */
  clean: number;
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

export function summarise(report: ProbeReport): ProbeSummary {
  const findings = [...report.runFindings, ...report.calls.flatMap((call) => call.findings)];
  return {
    calls: report.calls.length,
    clean: report.calls.filter((call) => call.outcome.type !== 'not-run' && call.findings.length === 0).length,
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
};
