import path from 'node:path';
import type { FileResult } from '../transforms/runner.js';

export interface ReportChange {
  file: string;
  line: number;
  column: number;
  kind: string;
  transform: string;
  tool: string | null;
}

export interface ReportReview {
  file: string;
  line: number;
  column: number;
  kind: string;
  tool: string | null;
  reason: string;
}

export interface ReportError {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** The `--json` report; its schema is documented in docs/cli.md. */
export interface MigrateReport {
  version: string;
  typeAware: boolean;
  filesScanned: number;
  filesChanged: number;
  handlers: number;
  elapsedMs: number;
  changes: ReportChange[];
  needsReview: ReportReview[];
  errors: ReportError[];
}

export const REPORT_KEYS = ['version', 'typeAware', 'filesScanned', 'filesChanged', 'handlers', 'elapsedMs', 'changes', 'needsReview', 'errors'] as const;

/** A path for people and reports: relative to the cwd, `/`-separated. */
export function displayPath(cwd: string, file: string): string {
  const relative = path.relative(cwd, file);
  return (relative === '' ? '.' : relative).split(path.sep).join('/');
}

export interface ReportInput {
  version: string;
  cwd: string;
  typeAware: boolean;
  files: readonly FileResult[];
  handlers: number;
  elapsedMs: number;
  /** Errors found outside the engine (e.g. --verify, failed writes), already relative. */
  extraErrors?: ReportError[];
  /** Changed files that could not be written: not counted in filesChanged. */
  notWritten?: number;
}

export function buildReport(input: ReportInput): MigrateReport {
  const rel = (file: string) => displayPath(input.cwd, file);
  const changes: ReportChange[] = [];
  const needsReview: ReportReview[] = [];
  const errors: ReportError[] = [];
  for (const file of input.files) {
    for (const change of file.changes) {
      changes.push({ file: rel(change.fileName), line: change.line, column: change.column, kind: change.kind, transform: change.transform, tool: change.toolName });
    }
    for (const diagnostic of file.diagnostics) {
      if (diagnostic.severity === 'review') {
        needsReview.push({ file: rel(diagnostic.fileName), line: diagnostic.line, column: diagnostic.column, kind: diagnostic.kind, tool: diagnostic.toolName, reason: diagnostic.message });
      } else {
        errors.push({ file: rel(diagnostic.fileName), line: diagnostic.line, column: diagnostic.column, message: diagnostic.message });
      }
    }
  }
  errors.push(...(input.extraErrors ?? []));
  const order = <T extends { file: string; line: number }>(items: T[]) => items.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  return {
    version: input.version,
    typeAware: input.typeAware,
    filesScanned: input.files.length,
    filesChanged: input.files.filter((file) => file.changed).length - (input.notWritten ?? 0),
    handlers: input.handlers,
    elapsedMs: Math.round(input.elapsedMs),
    changes: order(changes),
    needsReview: order(needsReview),
    errors: order(errors),
  };
}

/** Edits that accompany the site rewrites (return types, review markers): listed, not counted as sites. */
const ACCOMPANYING_KINDS = new Set(['return-type', 'review-marker']);

/** Rewritten sites per kind, most frequent first (return-type and review-marker edits included, listed last). */
export function countByKind(changes: readonly ReportChange[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const change of changes) counts.set(change.kind, (counts.get(change.kind) ?? 0) + 1);
  const last = (kind: string) => Number(ACCOMPANYING_KINDS.has(kind));
  return [...counts].sort((a, b) => last(a[0]) - last(b[0]) || b[1] - a[1] || a[0].localeCompare(b[0]));
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export interface SummaryContext {
  dryRun: boolean;
  /** Rewritten sites whose text the model reads differently (JSON error payloads), relative. */
  textChanges?: ReportChange[];
  written?: number;
  /** Changed files whose write failed (relative). */
  notWritten?: string[];
  rolledBack?: string[];
}

function filesWithErrors(report: MigrateReport): number {
  return new Set(report.errors.map((error) => error.file)).size;
}

function sitesRewritten(report: MigrateReport): number {
  return report.changes.filter((change) => !ACCOMPANYING_KINDS.has(change.kind)).length;
}

/** Sites whose rewrite changes what the model reads: a JSON error payload becomes its message. */
export function textChanges(files: readonly FileResult[], cwd: string): ReportChange[] {
  const changes: ReportChange[] = [];
  for (const file of files) {
    for (const change of file.changes) {
      if (change.changesText) changes.push({ file: displayPath(cwd, change.fileName), line: change.line, column: change.column, kind: change.kind, transform: change.transform, tool: change.toolName });
    }
  }
  return changes.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
}

export const TEXT_CHANGE_NOTE = 'a JSON error payload becomes its message (errorTextResult), the rest of the payload structuredContent; every other rewritten site keeps its text';

/** The table printed after a run, and the review / error lists under it. */
export function renderSummary(report: MigrateReport, context: SummaryContext): string {
  const rows: [string, string][] = [
    ['files scanned', String(report.filesScanned)],
    ['handlers found', String(report.handlers)],
    ['sites rewritten', String(sitesRewritten(report))],
    ...countByKind(report.changes).map(([kind, count]): [string, string] => [`  ${kind}`, String(count)]),
    ['sites needing review', String(report.needsReview.length)],
    ['files with errors', String(filesWithErrors(report))],
    [context.dryRun ? 'files that would change' : 'files written', String(context.dryRun ? report.filesChanged : (context.written ?? report.filesChanged))],
    ...(context.notWritten && context.notWritten.length > 0 ? [['files not written', String(context.notWritten.length)] as [string, string]] : []),
    ...(context.rolledBack && context.rolledBack.length > 0 ? [['files rolled back', String(context.rolledBack.length)] as [string, string]] : []),
    ['time', formatDuration(report.elapsedMs)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const lines = [`mcp-result-kit migrate${context.dryRun ? ' --dry-run' : ''} (${report.typeAware ? 'type-aware' : 'syntax only'})`, ''];
  for (const [label, value] of rows) lines.push(`  ${label.padEnd(width)}${value.padStart(6)}`);
  const changedText = context.textChanges ?? [];
  if (changedText.length > 0) {
    lines.push('', `Text the model reads differently (${changedText.length}): ${TEXT_CHANGE_NOTE}:`);
    for (const item of changedText) lines.push(`  ${item.file}:${item.line}  ${item.kind}`);
  }
  if (report.needsReview.length > 0) {
    lines.push('', 'Needs review:');
    for (const item of report.needsReview) lines.push(`  ${item.file}:${item.line}  ${item.kind}  ${item.reason}`);
  }
  if (report.errors.length > 0) {
    lines.push('', 'Errors:');
    for (const item of report.errors) lines.push(`  ${item.file}:${item.line}:${item.column}  ${item.message}`);
  }
  return `${lines.join('\n')}\n`;
}

function cell(text: string | null): string {
  return (text ?? '').replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** The `--report` Markdown file. */
export function renderMarkdown(report: MigrateReport, context: SummaryContext): string {
  const lines = [
    `# mcp-result-kit migration report`,
    '',
    `mcp-result-kit ${report.version}, ${context.dryRun ? 'dry run (nothing written)' : 'files written'}, ${report.typeAware ? 'type-aware' : 'syntax only'}.`,
    '',
    '| | |',
    '| --- | ---: |',
    `| files scanned | ${report.filesScanned} |`,
    `| handlers found | ${report.handlers} |`,
    `| sites rewritten | ${sitesRewritten(report)} |`,
    ...countByKind(report.changes).map(([kind, count]) => `| &nbsp;&nbsp;\`${kind}\` | ${count} |`),
    `| sites needing review | ${report.needsReview.length} |`,
    `| files with errors | ${filesWithErrors(report)} |`,
    `| ${context.dryRun ? 'files that would change' : 'files written'} | ${context.dryRun ? report.filesChanged : (context.written ?? report.filesChanged)} |`,
    ...(context.notWritten && context.notWritten.length > 0 ? [`| files not written | ${context.notWritten.length} |`] : []),
    ...(context.rolledBack && context.rolledBack.length > 0 ? [`| files rolled back | ${context.rolledBack.length} |`] : []),
    `| time | ${formatDuration(report.elapsedMs)} |`,
    '',
    '## Needs review',
    '',
  ];
  if (report.needsReview.length === 0) lines.push('Nothing.');
  else {
    lines.push('| location | kind | tool | reason |', '| --- | --- | --- | --- |');
    for (const item of report.needsReview) lines.push(`| \`${cell(item.file)}:${item.line}\` | \`${item.kind}\` | ${cell(item.tool)} | ${cell(item.reason)} |`);
  }
  if (context.textChanges && context.textChanges.length > 0) {
    lines.push('', '## Text the model reads differently', '', `${TEXT_CHANGE_NOTE[0].toUpperCase()}${TEXT_CHANGE_NOTE.slice(1)}.`, '');
    for (const item of context.textChanges) lines.push(`- \`${cell(item.file)}:${item.line}\` (\`${item.kind}\`)`);
  }
  lines.push('', '## Errors', '');
  if (report.errors.length === 0) lines.push('None.');
  else {
    lines.push('| location | message |', '| --- | --- |');
    for (const item of report.errors) lines.push(`| \`${cell(item.file)}:${item.line}:${item.column}\` | ${cell(item.message)} |`);
  }
  if (context.rolledBack && context.rolledBack.length > 0) {
    lines.push('', '## Rolled back', '', 'These files gained TypeScript errors after the rewrite and were not written:', '');
    for (const file of context.rolledBack) lines.push(`- \`${file}\``);
  }
  lines.push('', '## Changes', '');
  if (report.changes.length === 0) lines.push('None.');
  else {
    lines.push('| location | kind | transform | tool |', '| --- | --- | --- | --- |');
    for (const item of report.changes) lines.push(`| \`${cell(item.file)}:${item.line}:${item.column}\` | \`${item.kind}\` | ${item.transform} | ${cell(item.tool)} |`);
  }
  return `${lines.join('\n')}\n`;
}
