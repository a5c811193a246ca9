import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findingsJson, findingsSarif, findingsText, type CheckFinding } from '../../src/cli/findings.js';
import { buildReport, countByKind, renderMarkdown, renderSummary } from '../../src/cli/report.js';
import type { FileResult } from '../../transforms/runner.js';
import { expectMigrateReport, expectSarif } from './schema.js';

const cwd = path.resolve('/project');

function change(file: string, line: number, kind: string, transform: string, tool: string | null) {
  return { transform, kind, fileName: path.join(cwd, file), line, column: 5, toolName: tool, edit: { start: 0, end: 0, text: '' }, helpers: [] } as unknown as FileResult['changes'][number];
}

const files: FileResult[] = [
  {
    fileName: path.join(cwd, 'src/b.ts'),
    originalText: 'a',
    text: 'b',
    changed: true,
    handlers: 2,
    changes: [change('src/b.ts', 9, 'string', 'string-result', 'search'), change('src/b.ts', 3, 'error-string', 'error-result', 'search'), change('src/b.ts', 2, 'return-type', 'return-types', null)],
    diagnostics: [{ severity: 'review', fileName: path.join(cwd, 'src/b.ts'), line: 20, column: 3, kind: 'json-text-content', toolName: 'search', message: 'two | items' }],
  },
  {
    fileName: path.join(cwd, 'src/a.ts'),
    originalText: 'x',
    text: 'x',
    changed: false,
    handlers: 1,
    changes: [],
    diagnostics: [{ severity: 'error', fileName: path.join(cwd, 'src/a.ts'), line: 4, column: 1, kind: 'parse-error', toolName: null, message: 'does not parse' }],
  },
  { fileName: path.join(cwd, 'src/c.ts'), originalText: '', text: '', changed: false, handlers: 0, changes: [], diagnostics: [] },
];

describe('migrate report', () => {
  const report = buildReport({ version: '1.2.3', cwd, typeAware: true, files, handlers: 3, elapsedMs: 1234.4, extraErrors: [{ file: 'src/c.ts', line: 1, message: 'TS2339: nope' }] });

  it('matches the documented JSON schema, with counts and relative paths', () => {
    expectMigrateReport(JSON.parse(JSON.stringify(report)));
    expect(report).toMatchObject({ version: '1.2.3', typeAware: true, filesScanned: 3, filesChanged: 1, handlers: 3, elapsedMs: 1234 });
    expect(report.changes.map((item) => `${item.file}:${item.line}:${item.kind}`)).toEqual(['src/b.ts:2:return-type', 'src/b.ts:3:error-string', 'src/b.ts:9:string']);
    expect(report.needsReview).toEqual([{ file: 'src/b.ts', line: 20, column: 3, kind: 'json-text-content', tool: 'search', reason: 'two | items' }]);
    expect(report.errors).toEqual([
      { file: 'src/a.ts', line: 4, message: 'does not parse' },
      { file: 'src/c.ts', line: 1, message: 'TS2339: nope' },
    ]);
  });

  it('counts sites by kind, return types last', () => {
    expect(countByKind(report.changes)).toEqual([
      ['error-string', 1],
      ['string', 1],
      ['return-type', 1],
    ]);
  });

  it('prints a summary table and the needs-review list', () => {
    const text = renderSummary(report, { dryRun: true });
    expect(text).toMatch(/files scanned\s+3/);
    expect(text).toMatch(/handlers found\s+3/);
    expect(text).toMatch(/sites rewritten\s+2/);
    expect(text).toMatch(/ {4}error-string\s+1/);
    expect(text).toMatch(/sites needing review\s+1/);
    expect(text).toMatch(/files with errors\s+2/);
    expect(text).toMatch(/files that would change\s+1/);
    expect(text).toMatch(/time\s+1\.23 s/);
    expect(text).toContain('Needs review:\n  src/b.ts:20  json-text-content  two | items');
    expect(text).toContain('Errors:\n  src/a.ts:4  does not parse');
    expect(renderSummary(report, { dryRun: false, written: 1, rolledBack: ['src/x.ts'] })).toMatch(/files written\s+1\n\s+files rolled back\s+1/);
  });

  it('writes Markdown with escaped table cells', () => {
    const markdown = renderMarkdown(report, { dryRun: false, written: 1, rolledBack: ['src/b.ts'] });
    expect(markdown).toMatch(/^# mcp-result-kit migration report/);
    expect(markdown).toContain('| `src/b.ts:20` | `json-text-content` | search | two \\| items |');
    expect(markdown).toContain('## Rolled back');
    expect(markdown).toContain('| `src/b.ts:9:5` | `string` | string-result | search |');
  });
});

const findings: CheckFinding[] = [
  { file: 'src/a.ts', line: 3, column: 7, endLine: 3, endColumn: 20, ruleId: 'mcp-result-kit/no-string-result', severity: 'error', message: 'raw string' },
  { file: 'src/a.ts', line: 10, column: 1, ruleId: 'mcp-result-kit/require-is-error', severity: 'error', message: 'no isError' },
  { file: 'src/b.ts', line: 1, column: 9, ruleId: 'mcp-result-kit/no-string-result', severity: 'warning', message: 'raw string' },
  { file: 'src/broken.ts', line: 2, column: 4, ruleId: null, severity: 'error', message: 'Parsing error: x' },
];
const rules = [
  { id: 'mcp-result-kit/no-string-result', description: 'No strings', helpUri: 'https://example.com/docs/rules/no-string-result.md' },
  { id: 'mcp-result-kit/require-is-error', description: 'isError', helpUri: 'https://example.com/docs/rules/require-is-error.md' },
];

describe('check output', () => {
  it('groups text by file and counts by rule', () => {
    const text = findingsText(findings, 5);
    expect(text).toContain('src/a.ts\n  3:7   mcp-result-kit/no-string-result  raw string\n  10:1  mcp-result-kit/require-is-error  no isError\n');
    expect(text).toContain('4 problems in 3 of 5 files:');
    expect(text).toMatch(/ {2}mcp-result-kit\/no-string-result\s+2\n/);
    expect(findingsText([], 1)).toBe('No problems found in 1 file.\n');
  });

  it('gives JSON as { file, line, column, ruleId, message }', () => {
    expect(findingsJson(findings)[0]).toEqual({ file: 'src/a.ts', line: 3, column: 7, ruleId: 'mcp-result-kit/no-string-result', message: 'raw string' });
    expect(findingsJson(findings)[3].ruleId).toBeNull();
  });

  it('gives SARIF 2.1.0 with rules, results and parse errors as notifications', () => {
    const sarif = findingsSarif(findings, rules, { name: 'mcp-result-kit', version: '1.2.3' }, cwd) as {
      runs: { results: { level: string; ruleIndex: number }[]; invocations: { toolExecutionNotifications: unknown[] }[]; originalUriBaseIds: Record<string, { uri: string }> }[];
    };
    expectSarif(sarif);
    const run = sarif.runs[0];
    expect(run.results).toHaveLength(3);
    expect(run.results.map((result) => result.level)).toEqual(['error', 'error', 'warning']);
    expect(run.results[1].ruleIndex).toBe(1);
    expect(run.invocations[0].toolExecutionNotifications).toHaveLength(1);
    expect(run.originalUriBaseIds['%SRCROOT%'].uri).toMatch(/^file:\/\/.*\/$/);
  });
});
