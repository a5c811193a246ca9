import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { findingsSarif, findingsText, type CheckFinding, type RuleInfo } from '../../cli/findings.js';
import { buildReport, countByKind, renderMarkdown, renderSummary, textChanges } from '../../cli/report.js';
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
  const report = buildReport({ version: '1.2.3', cwd, typeAware: true, files, handlers: 3, elapsedMs: 1234.4, extraErrors: [{ file: 'src/c.ts', line: 1, column: 1, message: 'TS2339: nope' }] });

  it('matches the documented JSON schema, with counts and relative paths', () => {
    expectMigrateReport(JSON.parse(JSON.stringify(report)));
    expect(report).toMatchObject({ version: '1.2.3', typeAware: true, filesScanned: 3, filesChanged: 1, handlers: 3, elapsedMs: 1234 });
    expect(report.changes.map((item) => `${item.file}:${item.line}:${item.kind}`)).toEqual(['src/b.ts:2:return-type', 'src/b.ts:3:error-string', 'src/b.ts:9:string']);
    expect(report.needsReview).toEqual([{ file: 'src/b.ts', line: 20, column: 3, kind: 'json-text-content', tool: 'search', reason: 'two | items' }]);
    expect(report.errors).toEqual([
      { file: 'src/a.ts', line: 4, column: 1, message: 'does not parse' },
      { file: 'src/c.ts', line: 1, column: 1, message: 'TS2339: nope' },
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
    expect(text).toContain('Errors:\n  src/a.ts:4:1  does not parse');
    expect(renderSummary(report, { dryRun: false, written: 1, rolledBack: ['src/x.ts'] })).toMatch(/files written\s+1\n\s+files rolled back\s+1/);
  });

  it('lists the sites whose text the model reads differently (JSON error payloads), and only those', () => {
    const payload = { ...change('src/b.ts', 14, 'error-json', 'error-result', 'search'), changesText: 'json-error-message' as const };
    const withPayload: FileResult[] = [{ ...files[0], changes: [...files[0].changes, payload] }, ...files.slice(1)];
    const changed = textChanges(withPayload, cwd);
    expect(changed).toEqual([{ file: 'src/b.ts', line: 14, column: 5, kind: 'error-json', transform: 'error-result', tool: 'search' }]);
    const text = renderSummary(report, { dryRun: true, textChanges: changed });
    expect(text).toContain(
      'Text the model reads differently (1): a JSON error payload becomes its message (errorTextResult), the rest of the payload structuredContent; every other rewritten site keeps its text:\n  src/b.ts:14  error-json\n',
    );
    expect(renderMarkdown(report, { dryRun: true, textChanges: changed })).toContain('## Text the model reads differently\n\nA JSON error payload becomes its message');
    expect(textChanges(files, cwd)).toEqual([]);
    expect(renderSummary(report, { dryRun: true, textChanges: [] })).not.toContain('reads differently');
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
  { file: 'src/a.ts', absolute: path.join(cwd, 'src/a.ts'), line: 3, column: 7, endLine: 3, endColumn: 20, ruleId: 'mcp-result-kit/no-string-result', severity: 'error', message: 'raw string' },
  { file: 'src/a.ts', absolute: path.join(cwd, 'src/a.ts'), line: 10, column: 1, ruleId: 'mcp-result-kit/require-is-error', severity: 'error', message: 'no isError' },
  { file: 'src/b.ts', absolute: path.join(cwd, 'src/b.ts'), line: 1, column: 9, ruleId: 'mcp-result-kit/no-string-result', severity: 'warning', message: 'raw string' },
  { file: 'src/broken.ts', absolute: path.join(cwd, 'src/broken.ts'), line: 2, column: 4, ruleId: null, severity: 'error', message: 'Parsing error: x' },
];
const rules: RuleInfo[] = [
  { id: 'mcp-result-kit/no-string-result', description: 'No strings', helpUri: 'https://example.com/docs/rules/no-string-result.md', level: 'error' },
  { id: 'mcp-result-kit/require-is-error', description: 'isError', helpUri: 'https://example.com/docs/rules/require-is-error.md', fullDescription: 'Errors need isError.', helpMarkdown: '# isError\n\nText.', level: 'error' },
];
const lineText = (_file: string, line: number) => `line ${line} text`;

describe('check output', () => {
  it('groups text by file like ESLint stylish and counts by rule', () => {
    const text = findingsText(findings, { filesChecked: 5, handlers: 4, color: false });
    expect(text).toContain('src/a.ts\n   3:7  error  raw string  mcp-result-kit/no-string-result\n  10:1  error  no isError  mcp-result-kit/require-is-error\n');
    expect(text).toContain('src/b.ts\n  1:9  warning  raw string  mcp-result-kit/no-string-result\n');
    expect(text).toContain('✖ 3 problems (2 errors, 1 warning) in 2 of 4 files:');
    expect(text).toContain('\n✖ 1 file could not be parsed and was skipped (nothing in it was checked):\n  src/broken.ts:2:4  x\n');
    expect(text).not.toContain('parse-error');
    expect(text).toMatch(/ {2}mcp-result-kit\/no-string-result\s+2\n/);
    expect(findingsText([], { filesChecked: 1, handlers: 2, color: false })).toBe('No problems found in 1 file (2 tool handlers).\n');
  });

  it('colours like stylish only when asked', () => {
    const coloured = findingsText(findings, { filesChecked: 5, handlers: 4, color: true });
    expect(coloured).toContain('\x1b[4msrc/a.ts\x1b[24m');
    expect(coloured).toContain('\x1b[31merror\x1b[39m');
    expect(coloured).toContain('\x1b[33mwarning\x1b[39m');
    expect(findingsText(findings, { filesChecked: 5, handlers: 4, color: false })).not.toContain('\x1b[');
  });

  it('never gives an all-clear when no tool handler was recognised', () => {
    const text = findingsText([], { filesChecked: 3, handlers: 0, color: false });
    expect(text).not.toContain('No problems found');
    expect(text).toContain('Read 3 files, but no MCP tool handler was recognised');
    expect(text).toContain('--handler-pattern');
    expect(text).toContain('--registration-method');
  });

  it('gives SARIF 2.1.0 with rule help, fingerprints, URIs from the source root, and parse errors as notifications', () => {
    const sarif = findingsSarif(findings, rules, { tool: { name: 'mcp-result-kit', version: '1.2.3' }, sourceRoot: path.dirname(cwd), sourceLine: lineText }) as {
      runs: {
        tool: { driver: { rules: { fullDescription: { text: string }; help: { text: string; markdown: string } }[] } };
        results: { level: string; ruleIndex: number; partialFingerprints: Record<string, string>; locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string } } }[] }[];
        invocations: { toolExecutionNotifications: unknown[] }[];
        originalUriBaseIds: Record<string, { uri: string }>;
      }[];
    };
    expectSarif(sarif);
    const run = sarif.runs[0];
    expect(run.results).toHaveLength(3);
    expect(run.results.map((result) => result.level)).toEqual(['error', 'error', 'warning']);
    expect(run.results[1].ruleIndex).toBe(1);
    expect(run.invocations[0].toolExecutionNotifications).toHaveLength(1);
    expect(run.originalUriBaseIds['%SRCROOT%'].uri).toBe(`${pathToFileURL(path.dirname(cwd)).href.replace(/\/?$/, '/')}`);
    expect(run.results[0].locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'project/src/a.ts', uriBaseId: '%SRCROOT%' });
    expect(run.tool.driver.rules[1].fullDescription.text).toBe('Errors need isError.');
    expect(run.tool.driver.rules[1].help).toEqual({ text: 'Errors need isError. See https://example.com/docs/rules/require-is-error.md', markdown: '# isError\n\nText.' });
    expect(run.tool.driver.rules[0].fullDescription.text).toBe('No strings');
    const prints = run.results.map((result) => result.partialFingerprints['mcpResultKit/v1']);
    expect(new Set(prints).size).toBe(3);
    for (const print of prints) expect(print).toMatch(/^[0-9a-f]{32}:\d+$/);
  });

  it('keeps fingerprints when lines move, and tells identical lines apart by occurrence', () => {
    const one = (line: number) => ({ ...findings[0], line, column: 1 });
    const print = (items: CheckFinding[], text: (file: string, line: number) => string) =>
      (findingsSarif(items, rules, { tool: { name: 'mcp-result-kit', version: '1' }, sourceRoot: cwd, sourceLine: text }) as { runs: { results: { partialFingerprints: Record<string, string> }[] }[] }).runs[0].results.map(
        (result) => result.partialFingerprints['mcpResultKit/v1'],
      );
    const before = print([one(3)], () => "  return 'hi';");
    const after = print([one(13)], () => "  return 'hi';");
    expect(after).toEqual(before);
    const twice = print([one(3), one(8)], () => "  return 'hi';");
    expect(twice[0]).toBe(before[0]);
    expect(twice[1]).not.toBe(twice[0]);
  });
});
