/**
 * `-f junit`: JUnit XML, the report CI systems show as tests. One suite per tool, one test case per
 * call: a `failure` for a bad result or a regression, an `error` when the server crashed or did
 * not answer, `skipped` for calls not made and tools left out.
 */
import { STATUS_WORDS } from '../summary.js';
import type { CallRecord, ProbeReport } from '../types.js';

/** Text for an XML attribute or element: markup escaped, characters XML 1.0 forbids dropped. */
export function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const secondsOf = (ms: number) => (ms / 1000).toFixed(3);

interface Case {
  name: string;
  classname: string;
  timeMs: number;
  body: string;
  failure: boolean;
  error: boolean;
  skipped: boolean;
}

function caseOf(call: CallRecord, report: ProbeReport): Case {
  const name = `${call.step.id} ${JSON.stringify(call.sent)}`;
  const classname = `${report.server.name}.${call.step.tool}`;
  const base = { name, classname, timeMs: call.durationMs, failure: false, error: false, skipped: false };
  if (call.outcome.type === 'not-run' && !call.comparison?.regression) return { ...base, skipped: true, body: `<skipped message="${xmlText(call.outcome.reason)}"/>` };
  const errors = call.findings.filter((finding) => finding.severity === 'error');
  const broken = errors.find((finding) => finding.kind === 'crash' || finding.kind === 'timeout');
  if (broken) return { ...base, error: true, body: `<error type="${broken.kind}" message="${xmlText(broken.message.split('\n')[0])}">${xmlText(broken.message)}</error>` };
  const problems = errors.map((finding) => `${finding.kind}: ${finding.message}`);
  if (call.comparison?.regression) problems.push(`regression: ${STATUS_WORDS[call.comparison.status]}${call.comparison.detail ? `: ${call.comparison.detail}` : ''}`);
  const warnings = call.findings.filter((finding) => finding.severity === 'warning').map((finding) => `warning ${finding.kind}: ${finding.message}`);
  const out = warnings.length > 0 ? `<system-out>${xmlText(warnings.join('\n'))}</system-out>` : '';
  if (problems.length === 0) return { ...base, body: out };
  const type = errors[0]?.kind ?? 'regression';
  return { ...base, failure: true, body: `<failure type="${type}" message="${xmlText(problems[0].split('\n')[0])}">${xmlText(problems.join('\n'))}</failure>${out}` };
}

export function probeJunit(report: ProbeReport): string {
  const suites = new Map<string, Case[]>();
  const add = (tool: string, item: Case) => suites.set(tool, [...(suites.get(tool) ?? []), item]);
  for (const call of report.calls) add(call.step.tool, caseOf(call, report));
  for (const skip of report.skipped) {
    add(skip.tool, { name: `${skip.tool} (not called)`, classname: `${report.server.name}.${skip.tool}`, timeMs: 0, failure: false, error: false, skipped: true, body: `<skipped message="${xmlText(skip.reason)}"/>` });
  }
  for (const tool of report.comparison?.tools.removed ?? []) {
    add(tool, { name: `${tool} (removed)`, classname: `${report.server.name}.${tool}`, timeMs: 0, failure: true, error: false, skipped: false, body: `<failure type="regression" message="the tool was removed"/>` });
  }
  if (report.runFindings.length > 0) {
    const messages = report.runFindings.map((finding) => `${finding.kind}: ${finding.message}`).join('\n');
    const first = report.runFindings[0];
    add('(server)', { name: 'start-up', classname: report.server.name, timeMs: 0, failure: true, error: false, skipped: false, body: `<failure type="${first.kind}" message="${xmlText(first.message.split('\n')[0])}">${xmlText(messages)}</failure>` });
  }
  const count = (items: readonly Case[], key: 'failure' | 'error' | 'skipped') => items.filter((item) => item[key]).length;
  const all = [...suites.values()].flat();
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlText(`mcp-result-kit probe: ${report.server.name}`)}" tests="${all.length}" failures="${count(all, 'failure')}" errors="${count(all, 'error')}" skipped="${count(all, 'skipped')}" time="${secondsOf(report.elapsedMs)}">`,
  ];
  for (const [tool, items] of suites) {
    const time = items.reduce((sum, item) => sum + item.timeMs, 0);
    lines.push(`  <testsuite name="${xmlText(tool)}" tests="${items.length}" failures="${count(items, 'failure')}" errors="${count(items, 'error')}" skipped="${count(items, 'skipped')}" time="${secondsOf(time)}">`);
    for (const item of items) {
      const open = `    <testcase classname="${xmlText(item.classname)}" name="${xmlText(item.name)}" time="${secondsOf(item.timeMs)}"`;
      lines.push(item.body ? `${open}>${item.body}</testcase>` : `${open}/>`);
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}
