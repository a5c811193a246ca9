// `mcp-result-kit check` end to end, through the built binary.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTemporaries, cli, hashTree, linkModules, tempDir, writeTree } from './helpers.js';
import { SAMPLE, SAMPLE_TSCONFIG } from './sample.js';
import { expectSarif } from './schema.js';

afterAll(cleanupTemporaries);

function project(files: Record<string, string> = SAMPLE, tsconfig = true): string {
  const dir = tempDir('mrk-check-');
  writeTree(dir, files);
  if (tsconfig) writeFileSync(path.join(dir, 'tsconfig.json'), SAMPLE_TSCONFIG);
  linkModules(dir, { kit: true });
  return dir;
}

interface JsonFinding {
  file: string;
  line: number;
  column: number;
  ruleId: string | null;
  message: string;
}

describe('check', () => {
  it('prints findings grouped by file and a count per rule, exits 1, writes nothing', () => {
    const dir = project();
    const before = hashTree(dir);
    const run = cli(['check'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^src\/broken\.ts\n {2}4:\d+ +parse-error +Parsing error/m);
    expect(run.stdout).toMatch(/^src\/server\.ts\n {2}9:21 +mcp-result-kit\/require-is-error +Tool "get_note" reports an error as plain text/m);
    expect(run.stdout).toMatch(/problems in 3 of 4 files:\n/);
    expect(run.stdout).toMatch(/^ {2}mcp-result-kit\/require-is-error +2$/m);
    expect(run.stdout).not.toContain('src/clean.ts');
    expect(hashTree(dir)).toBe(before);
  });

  it('exits 0 on clean code', () => {
    const dir = project();
    const run = cli(['check', 'src/clean.ts'], dir);
    expect(run.stdout).toBe('No problems found in 1 file.\n');
    expect(run.status).toBe(0);
  });

  it('--format json prints an array of { file, line, column, ruleId, message }', () => {
    const dir = project();
    const run = cli(['check', '--format', 'json'], dir);
    expect(run.status).toBe(1);
    const findings = JSON.parse(run.stdout) as JsonFinding[];
    expect(Array.isArray(findings)).toBe(true);
    for (const finding of findings) expect(Object.keys(finding).sort()).toEqual(['column', 'file', 'line', 'message', 'ruleId']);
    expect(findings.find((finding) => finding.file === 'src/broken.ts')?.ruleId).toBeNull();
    expect(findings.filter((finding) => finding.file === 'src/server.ts').map((finding) => `${finding.line}:${finding.ruleId}`)).toEqual([
      '9:mcp-result-kit/require-is-error',
      '10:mcp-result-kit/no-string-result',
      '14:mcp-result-kit/no-json-stringify-result',
      '20:mcp-result-kit/no-string-result',
      '22:mcp-result-kit/require-is-error',
    ]);
    expect(cli(['check', '--format', 'json', 'src/clean.ts'], dir).stdout).toBe('[]\n');
  });

  it('--format sarif prints SARIF 2.1.0 with rule help URIs', () => {
    const dir = project();
    const run = cli(['check', '--format', 'sarif'], dir);
    expect(run.status).toBe(1);
    const sarif = JSON.parse(run.stdout) as { runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string }[] }[] };
    expectSarif(sarif);
    expect(sarif.runs[0].tool.driver.rules.map((rule) => rule.id)).not.toContain('mcp-result-kit/prefer-result-helpers');
    expect(sarif.runs[0].results.length).toBe(6);
  });

  it('--config strict adds the strict-only rules', () => {
    const dir = project({ 'src/hand.ts': SAMPLE['src/clean.ts'].replace("import { successResult } from 'mcp-result-kit';\n", '').replace("successResult('pong')", "({ content: [{ type: 'text', text: 'pong' }] })") });
    expect(cli(['check'], dir).status).toBe(0);
    const strict = cli(['check', '--config', 'strict', '--format', 'sarif'], dir);
    expect(strict.status).toBe(1);
    const sarif = JSON.parse(strict.stdout) as { runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string }[] }[] };
    expect(sarif.runs[0].tool.driver.rules.map((rule) => rule.id)).toContain('mcp-result-kit/prefer-result-helpers');
    expect(sarif.runs[0].results.map((result) => result.ruleId)).toEqual(['mcp-result-kit/prefer-result-helpers']);
  });

  it('sees the same handlers as migrate through the config file', () => {
    const files = { 'src/handlers.ts': 'export async function handleGreet(args: { name: string }): Promise<string> {\n  return `Hello ${args.name}`;\n}\n' };
    const dir = project(files);
    expect(cli(['check'], dir).status).toBe(0);
    writeFileSync(path.join(dir, 'mcp-result-kit.config.json'), JSON.stringify({ handlerPatterns: ['^handle[A-Z]'] }));
    const run = cli(['check', '--format', 'json'], dir);
    expect(run.status).toBe(1);
    const findings = JSON.parse(run.stdout) as JsonFinding[];
    const migrate = JSON.parse(cli(['migrate', '--dry-run', '--json'], dir).stdout) as { changes: { line: number; kind: string }[] };
    expect(findings.map((finding) => finding.line)).toEqual(migrate.changes.filter((change) => change.kind !== 'return-type').map((change) => change.line));
    // The flag overrides the file.
    expect(cli(['check', '--handler-pattern', '^nothing$'], dir).status).toBe(0);
  });

  it('checks files outside the tsconfig without type information, with a warning', () => {
    const dir = project();
    writeTree(dir, { 'scripts/tool.ts': SAMPLE['src/server.ts'] });
    const run = cli(['check', '--format', 'json', 'src/server.ts', 'scripts'], dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('mcp-result-kit: warning: 1 file is not in tsconfig.json; checking it without type information');
    const findings = JSON.parse(run.stdout) as JsonFinding[];
    expect(findings.filter((finding) => finding.file === 'scripts/tool.ts').length).toBeGreaterThan(0);
    expect(findings.filter((finding) => finding.file === 'src/server.ts').length).toBeGreaterThan(0);
    expect(findings.every((finding) => finding.ruleId !== null)).toBe(true);
  });

  it('works without any tsconfig', () => {
    const dir = project(SAMPLE, false);
    const run = cli(['check', 'src/server.ts'], dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('checking without type information');
  });

  it.each([
    [['check', '--format', 'xml'], /^mcp-result-kit: option '--format <format>' argument 'xml' is invalid/],
    [['check', '--config', 'all'], /^mcp-result-kit: option '--config <name>' argument 'all' is invalid/],
    [['check', 'missing'], /^mcp-result-kit: no such file or folder: missing$/],
    [['check', '--handler-pattern', '*'], /^mcp-result-kit: --handler-pattern "\*" is not a valid regular expression/],
  ])('exits 2 on usage errors: %j', (args, message) => {
    const dir = project({ 'src/a.ts': '' });
    const run = cli(args, dir);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n').filter((line) => !line.includes('warning'))).toHaveLength(1);
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(message);
  });
});
