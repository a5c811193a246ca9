/**
 * The readable report: a table per tool (one row per call: verdict, comparison, time) with each
 * problem spelled out under its row, then the tools left out, the comparison's totals and the
 * findings per kind. Coloured when asked (picocolors; the CLI decides from --color, FORCE_COLOR,
 * NO_COLOR and the terminal).
 */
import picocolors from 'picocolors';
import { callVerdict, nothingCalled, STATUS_WORDS, summarise } from '../summary.js';
import type { CallRecord, ProbeReport } from '../types.js';

type Colors = ReturnType<typeof picocolors.createColors>;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function icon(call: CallRecord, pc: Colors): string {
  if (call.findings.some((finding) => finding.severity === 'error') || call.comparison?.regression) return pc.red('✖');
  if (call.outcome.type === 'not-run') return pc.dim('–');
  if (call.findings.length > 0) return pc.yellow('⚠');
  return pc.green('✔');
}

function verdict(call: CallRecord, dry: boolean): string {
  if (dry) return call.step.phase === 'setup' ? 'setup' : call.step.source === 'invalid' ? 'invalid arguments' : '';
  switch (callVerdict(call)) {
    case 'not-run':
      return 'not run';
    case 'setup':
      return 'setup';
    case 'refused-by-sdk':
      return 'refused by the SDK';
    case 'success':
      return 'clean';
    case 'failed-properly':
      return call.step.source === 'invalid' ? 'refused' : 'failure reported properly';
    case 'problem':
      return [...new Set(call.findings.map((finding) => finding.kind))].join(', ');
  }
}

function rowsFor(calls: readonly CallRecord[], report: ProbeReport, pc: Colors): string[] {
  const compared = report.comparison !== undefined;
  const cells = calls.map((call) => ({
    call,
    id: call.step.id,
    args: shorten(JSON.stringify(call.sent), 48),
    verdict: verdict(call, report.dry),
    status: call.comparison ? STATUS_WORDS[call.comparison.status] : '',
    time: report.dry || call.outcome.type === 'not-run' ? '' : seconds(call.durationMs),
  }));
  const width = (pick: (cell: (typeof cells)[number]) => string) => Math.max(...cells.map((cell) => pick(cell).length));
  const [idWidth, argsWidth, verdictWidth, statusWidth] = [width((c) => c.id), width((c) => c.args), width((c) => c.verdict), width((c) => c.status)];
  const lines: string[] = [];
  for (const cell of cells) {
    const { call } = cell;
    const verdictText = cell.verdict.padEnd(verdictWidth);
    const kind = callVerdict(call);
    const coloredVerdict = report.dry ? pc.dim(verdictText) : kind === 'success' ? pc.green(verdictText) : kind === 'failed-properly' ? pc.cyan(verdictText) : call.findings.some((f) => f.severity === 'error') ? pc.red(verdictText) : call.findings.length > 0 ? pc.yellow(verdictText) : pc.dim(verdictText);
    const statusText = cell.status.padEnd(statusWidth);
    const coloredStatus = !call.comparison ? statusText : call.comparison.regression ? pc.red(pc.bold(statusText)) : call.comparison.status === 'same' ? pc.dim(statusText) : pc.cyan(statusText);
    const columns = [`  ${icon(call, pc)} ${cell.id.padEnd(idWidth)}`, pc.dim(cell.args.padEnd(argsWidth)), coloredVerdict, ...(compared ? [coloredStatus] : []), pc.dim(cell.time)];
    lines.push(columns.join('  ').trimEnd());
    for (const finding of call.findings) lines.push(`      ${finding.severity === 'error' ? pc.red(finding.kind) : pc.yellow(finding.kind)}: ${indentMore(finding.message)}`);
    if (call.comparison?.regression) lines.push(`      ${pc.red('regression')}: ${STATUS_WORDS[call.comparison.status]}${call.comparison.detail ? `: ${indentMore(call.comparison.detail)}` : ''}`);
    // Every change of a compared call, not only the one its status names.
    for (const change of call.comparison?.changes ?? []) lines.push(`      ${pc.dim('changed')}: ${indentMore(change)}`);
    if (call.comparison?.noiseMasked) lines.push(`      ${pc.dim(`noise ignored: ${plural(call.comparison.noiseMasked, 'place')} that differed between the recording's two runs`)}`);
    if (call.outcome.type === 'not-run' && !report.dry) lines.push(`      ${pc.dim(call.outcome.reason)}`);
    if (report.dry && call.step.note) lines.push(`      ${pc.dim(call.step.note)}`);
  }
  return lines;
}

const indentMore = (text: string) => text.replace(/\n/g, '\n      ');

export interface TextContext {
  color: boolean;
}

export function probeText(report: ProbeReport, context: TextContext): string {
  const pc = picocolors.createColors(context.color);
  const summary = summarise(report);
  const server = `${report.server.name}${report.server.version ? ` ${report.server.version}` : ''}`;
  const lines: string[] = [];
  lines.push(
    report.dry
      ? pc.bold(`Plan for ${server} over ${report.server.transport} (${report.server.target}): ${plural(report.tools.length, 'tool')}, ${plural(report.calls.length, 'call')}; --dry: nothing was called`)
      : pc.bold(`Probed ${server} over ${report.server.transport} (${report.server.target}): ${plural(report.tools.length, 'tool')}, ${plural(report.calls.length, 'call')} in ${seconds(report.elapsedMs)}`),
  );
  lines.push('');
  for (const finding of report.runFindings) lines.push(`${pc.red(finding.kind)}: ${indentMore(finding.message)}`, '');
  const byTool = new Map<string, CallRecord[]>();
  for (const call of report.calls) byTool.set(call.step.tool, [...(byTool.get(call.step.tool) ?? []), call]);
  for (const [tool, calls] of byTool) {
    lines.push(pc.underline(tool));
    lines.push(...rowsFor(calls, report, pc), '');
  }
  if (report.skipped.length > 0) {
    lines.push(pc.bold('Not called:'));
    const width = Math.max(...report.skipped.map((skip) => skip.tool.length));
    for (const skip of report.skipped) lines.push(`  ${skip.tool.padEnd(width)}  ${pc.dim(skip.reason)}`);
    lines.push('');
  }
  if (report.dry) return `${lines.join('\n')}\n`;
  if (report.comparison) {
    const { added, removed } = report.comparison.tools;
    const statuses = summary.statuses.map(([status, count]) => `${count} ${STATUS_WORDS[status]}`).join(', ');
    lines.push(`Compared with ${report.comparison.file}: ${statuses || 'no calls'}`);
    const { noise } = report.comparison;
    if (!noise.baseline) lines.push(pc.yellow('  the recording has no noise baseline (recorded by an older kit, or with --no-noise-baseline): counters, ids and list order read as changes; record it again'));
    else lines.push(`  noise ignored: ${plural(noise.masked, 'place')} in ${plural(noise.calls, 'call')} differed only where the recording's two runs differed`);
    if (added.length > 0) lines.push(`  tools added: ${added.join(', ')}`);
    if (removed.length > 0) lines.push(`  ${pc.red('tools removed')}: ${removed.join(', ')} (a regression)`);
    lines.push('');
  }
  const problems = summary.errors + summary.warnings;
  const regressions = report.comparison ? `; ${plural(summary.regressions, 'regression')}` : '';
  const outcomes = [`${summary.succeeded} success${summary.succeeded === 1 ? '' : 'es'}`, `${summary.failedProperly} reported failure${summary.failedProperly === 1 ? '' : 's'}`];
  const cleanLine = `no problem in ${plural(summary.clean, 'call')} (${outcomes.join(', ')}${summary.notRun > 0 ? `, ${summary.notRun} not run` : ''})`;
  if (summary.generated.calls > 0) lines.push(`${summary.generated.succeeded} of ${plural(summary.generated.calls, 'generated call')} reached a success${summary.generated.succeeded < summary.generated.calls ? ' (point --cwd at a scratch copy with real files, or give examples in the schemas, for more)' : ''}`);
  const idle = nothingCalled(report);
  if (idle) {
    lines.push(pc.bold(pc.yellow(`– ${idle}`)));
  } else if (problems === 0 && summary.regressions === 0) {
    lines.push(pc.green(`✔ ${cleanLine}${regressions}`));
  } else if (problems === 0) {
    lines.push(pc.bold(pc.red(`✖ ${plural(summary.regressions, 'regression')}; ${cleanLine}`)));
  } else {
    const headline = `✖ ${plural(problems, 'problem')} (${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}) in ${summary.failing} of ${plural(summary.calls, 'call')}${regressions}`;
    lines.push(summary.errors > 0 || summary.regressions > 0 ? pc.bold(pc.red(headline)) : pc.bold(pc.yellow(headline)));
    const width = Math.max(0, ...summary.kinds.map(([kind]) => kind.length));
    for (const [kind, count] of summary.kinds) lines.push(`  ${kind.padEnd(width)}  ${count}`);
  }
  if (report.logFile) lines.push(pc.dim(`server stderr: ${report.logFile}`));
  return `${lines.join('\n')}\n`;
}
