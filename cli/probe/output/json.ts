/** The `-f json` report (its shape is documented in docs/probe.md). */
import { ruleIdOf } from '../kinds.js';
import { callVerdict, summarise } from '../summary.js';
import type { ProbeFinding, ProbeReport } from '../types.js';

const finding = (item: ProbeFinding) => ({ kind: item.kind, rule: ruleIdOf(item.kind), severity: item.severity, message: item.message });

export function probeJson(report: ProbeReport): object {
  const summary = summarise(report);
  return {
    version: report.version,
    server: report.server,
    dry: report.dry,
    tools: report.tools,
    calls: report.calls.map((call) => ({
      id: call.step.id,
      tool: call.step.tool,
      phase: call.step.phase,
      source: call.step.source,
      arguments: call.sent,
      outcome: call.outcome,
      durationMs: Math.round(call.durationMs * 10) / 10,
      verdict: callVerdict(call),
      findings: call.findings.map(finding),
      ...(call.comparison ? { comparison: call.comparison } : {}),
    })),
    skipped: report.skipped,
    runFindings: report.runFindings.map(finding),
    ...(report.comparison ? { comparison: { file: report.comparison.file, toolsAdded: report.comparison.tools.added, toolsRemoved: report.comparison.tools.removed, noise: report.comparison.noise } } : {}),
    summary: {
      calls: summary.calls,
      clean: summary.clean,
      succeeded: summary.succeeded,
      failedProperly: summary.failedProperly,
      generated: summary.generated,
      failing: summary.failing,
      notRun: summary.notRun,
      errors: summary.errors,
      warnings: summary.warnings,
      regressions: summary.regressions,
      kinds: Object.fromEntries(summary.kinds),
      ...(report.comparison ? { statuses: Object.fromEntries(summary.statuses) } : {}),
    },
    ...(report.logFile ? { logFile: report.logFile } : {}),
    elapsedMs: Math.round(report.elapsedMs),
  };
}
