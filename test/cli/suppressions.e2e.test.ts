// Bulk suppressions through the built binary: the adoption path (accept today's errors, then only
// new ones fail, then prune what was fixed), the outputs, and the file ESLint itself reads and writes.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTemporaries, cli, linkModules, ROOT, tempDir, writeTree } from './helpers.js';

afterAll(cleanupTemporaries);

/** A server with three errors in one file (two rules) and one in another. */
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'notes', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2' } }),
  'src/notes.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const notes = new Map<string, string>();
export const server = new McpServer({ name: 'notes', version: '1.0.0' });

server.registerTool('read_note', { inputSchema: { id: z.string() } }, async ({ id }) => {
  const note = notes.get(id);
  if (note === undefined) return 'Error: no note ' + id;
  return \`Note \${id}: \${note}\`;
});

server.registerTool('list_notes', { description: 'List' }, async () => JSON.stringify([...notes.keys()]));
`,
  'src/tags.ts': `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export function register(server: McpServer): void {
  server.registerTool('tags', { description: 'Tags' }, async () => 'work, home');
}
`,
};

function project(): string {
  const dir = tempDir('mrk-suppress-');
  writeTree(dir, FILES);
  linkModules(dir, { kit: true });
  return dir;
}

const SUPPRESSIONS = 'eslint-suppressions.json';
const read = (dir: string, file = SUPPRESSIONS) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, Record<string, { count: number }>>;
const reportedRules = (stdout: string) => [...stdout.matchAll(/^\s+(\d+:\d+)\s+error\s+.*\s(mcp-result-kit\/[\w-]+)$/gm)].map((match) => `${match[1]} ${match[2]}`);

describe('check --suppress-all, then only new problems fail, then --prune-suppressions', () => {
  it('walks the adoption path', () => {
    const dir = project();
    const before = cli(['check', '--no-tsconfig', 'src'], dir);
    expect(before.status).toBe(1);
    expect(before.stdout).toContain('✖ 4 problems (4 errors, 0 warnings) in 2 of 2 files:');

    // 1. Accept what is there today.
    const baseline = cli(['check', '--no-tsconfig', '--suppress-all', 'src'], dir);
    expect(baseline.stderr).toBe('');
    expect(baseline.status).toBe(0);
    expect(baseline.stdout).toMatch(/^No problems found in 2 files \(3 tool handlers\)\.\n4 errors suppressed by eslint-suppressions\.json\.\n/);
    expect(read(dir)).toEqual({
      'src/notes.ts': { 'mcp-result-kit/no-json-stringify-result': { count: 1 }, 'mcp-result-kit/no-string-result': { count: 1 }, 'mcp-result-kit/require-is-error': { count: 1 } },
      'src/tags.ts': { 'mcp-result-kit/no-string-result': { count: 1 } },
    });
    expect(cli(['check', '--no-tsconfig', 'src'], dir).status).toBe(0);

    // 2. A new violation in another file fails, and only it is reported.
    writeFileSync(path.join(dir, 'src/search.ts'), FILES['src/tags.ts'].replace("'tags'", "'search'").replace("'work, home'", 'JSON.stringify({ hits: [] })'));
    const added = cli(['check', '--no-tsconfig', 'src'], dir);
    expect(added.status).toBe(1);
    expect(reportedRules(added.stdout)).toEqual(['4:70 mcp-result-kit/no-json-stringify-result']);
    expect(added.stdout).toContain('src/search.ts');
    expect(added.stdout).toContain('✖ 1 problem (1 error, 0 warnings) in 1 of 3 files:');
    expect(added.stdout).toContain('4 errors suppressed by eslint-suppressions.json.');
    rmSync(path.join(dir, 'src/search.ts'));

    // 3. One more of an accepted rule in the same file: the file's count is exceeded, so all of
    //    that rule's errors there are reported (ESLint's rule: the file does not say which one is new).
    writeFileSync(path.join(dir, 'src/tags.ts'), FILES['src/tags.ts'].replace('}\n', "  server.registerTool('tag_count', { description: 'Count' }, async () => 'two');\n}\n"));
    const exceeded = cli(['check', '--no-tsconfig', 'src'], dir);
    expect(exceeded.status).toBe(1);
    expect(reportedRules(exceeded.stdout)).toEqual(['4:68 mcp-result-kit/no-string-result', '5:74 mcp-result-kit/no-string-result']);
    writeFileSync(path.join(dir, 'src/tags.ts'), FILES['src/tags.ts']);

    // 4. A fix leaves an accepted error that no longer occurs: check says so and fails until pruned.
    writeFileSync(path.join(dir, 'src/tags.ts'), FILES['src/tags.ts'].replace("async () => 'work, home'", "async () => ({ content: [{ type: 'text', text: 'work, home' }] })"));
    // The verdict and its reason on one stream (stdout), with the command that prunes, never an all-clear.
    const stale = cli(['check', '--no-tsconfig', 'src'], dir);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toBe('');
    expect(stale.stdout).toMatch(
      /^✖ eslint-suppressions\.json holds 1 suppression of the kit's rules that no longer occurs, so check fails; prune it with:\n {2}npx mcp-result-kit check --prune-suppressions --no-tsconfig src\n {2}\(or pass --pass-on-unpruned-suppressions\)\nOtherwise no problems found in 2 files \(3 tool handlers\)\.\n3 errors suppressed by eslint-suppressions\.json\.\n/,
    );
    expect(stale.stdout).not.toContain('No problems found');
    // Machine-readable formats keep stdout for the data: the reason goes to stderr there.
    const json = cli(['check', '--no-tsconfig', '--format', 'json', 'src'], dir);
    expect(json.status).toBe(1);
    expect(json.stderr).toContain("mcp-result-kit: eslint-suppressions.json holds 1 suppression of the kit's rules that no longer occurs, so check fails; prune it with: npx mcp-result-kit check --prune-suppressions --no-tsconfig src (or pass --pass-on-unpruned-suppressions)\n");
    expect(cli(['check', '--no-tsconfig', '--pass-on-unpruned-suppressions', 'src'], dir).status).toBe(0);
    const pruned = cli(['check', '--no-tsconfig', '--prune-suppressions', 'src'], dir);
    expect(pruned.status).toBe(0);
    expect(read(dir)).toEqual({
      'src/notes.ts': { 'mcp-result-kit/no-json-stringify-result': { count: 1 }, 'mcp-result-kit/no-string-result': { count: 1 }, 'mcp-result-kit/require-is-error': { count: 1 } },
    });
    expect(cli(['check', '--no-tsconfig', 'src'], dir)).toMatchObject({ status: 0, stderr: '' });
  });

  it('--suppress-rule accepts one rule and leaves the others failing; a custom --suppressions-location', () => {
    const dir = project();
    const run = cli(['check', '--no-tsconfig', '--suppress-rule', 'no-string-result', '--suppressions-location', 'ci/baseline.json', 'src'], dir);
    expect(run.status).toBe(1);
    expect(reportedRules(run.stdout).map((line) => line.split(' ')[1])).toEqual(['mcp-result-kit/require-is-error', 'mcp-result-kit/no-json-stringify-result']);
    expect(read(dir, 'ci/baseline.json')).toEqual({ 'src/notes.ts': { 'mcp-result-kit/no-string-result': { count: 1 } }, 'src/tags.ts': { 'mcp-result-kit/no-string-result': { count: 1 } } });
    expect(existsSync(path.join(dir, SUPPRESSIONS))).toBe(false);
    // Without the flag, the default file (absent) applies: nothing is suppressed.
    expect(reportedRules(cli(['check', '--no-tsconfig', 'src'], dir).stdout)).toHaveLength(4);
  });

  it('refuses bad suppression flags with one line and exit 2, writing nothing', () => {
    const dir = project();
    expect(cli(['check', '--suppress-all', '--prune-suppressions', 'src'], dir)).toEqual({
      status: 2,
      stdout: '',
      stderr: 'mcp-result-kit: --suppress-all and --prune-suppressions cannot be used together\n',
    });
    expect(cli(['check', '--suppressions-location', 'missing.json', 'src'], dir).stderr).toBe(
      'mcp-result-kit: the suppressions file missing.json does not exist; create it with --suppress-all or --suppress-rule <rule>\n',
    );
    expect(cli(['check', '--suppress-rule', 'no-console', 'src'], dir).stderr).toMatch(/^mcp-result-kit: --suppress-rule: unknown rule "no-console"/);
    writeFileSync(path.join(dir, SUPPRESSIONS), '{ "src/notes.ts": { "mcp-result-kit/no-string-result": 1 } }');
    expect(cli(['check', 'src'], dir)).toMatchObject({
      status: 2,
      stderr: 'mcp-result-kit: eslint-suppressions.json: "src/notes.ts" → "mcp-result-kit/no-string-result" must be { "count": <a whole number above 0> }, got number 1\n',
    });
    expect(existsSync(path.join(dir, 'missing.json'))).toBe(false);
  });
});

describe('suppressed errors in the JSON and SARIF outputs', () => {
  it('JSON: in suppressedMessages with ESLint’s { kind: "file" }, out of the counts', () => {
    const dir = project();
    cli(['check', '--no-tsconfig', '--suppress-rule', 'mcp-result-kit/no-string-result', 'src'], dir);
    const run = cli(['check', '--no-tsconfig', '-f', 'json', 'src'], dir);
    const results = JSON.parse(run.stdout) as ESLint.LintResult[];
    const notes = results.find((item) => item.filePath.endsWith('notes.ts'))!;
    expect(notes.errorCount).toBe(2);
    expect(notes.messages.map((item) => item.ruleId)).not.toContain('mcp-result-kit/no-string-result');
    expect(notes.suppressedMessages).toEqual([expect.objectContaining({ ruleId: 'mcp-result-kit/no-string-result', line: 10, suppressions: [{ kind: 'file', justification: '' }] })]);
  });

  it('SARIF: kept as results with an external, accepted suppression, so code scanning closes them', () => {
    const dir = project();
    cli(['check', '--no-tsconfig', '--suppress-rule', 'no-string-result', 'src'], dir);
    const run = cli(['check', '--no-tsconfig', '-f', 'sarif', 'src'], dir);
    expect(run.status).toBe(1);
    const results = (JSON.parse(run.stdout) as { runs: { results: { ruleId: string; suppressions?: { kind: string; status: string }[] }[] }[] }).runs[0].results;
    expect(results.map((item) => [item.ruleId, item.suppressions?.map((suppression) => `${suppression.kind}/${suppression.status}`) ?? []])).toEqual([
      ['mcp-result-kit/require-is-error', []],
      ['mcp-result-kit/no-string-result', ['external/accepted']],
      ['mcp-result-kit/no-json-stringify-result', []],
      ['mcp-result-kit/no-string-result', ['external/accepted']],
    ]);
  });
});

describe('a project that later runs ESLint with the plugin keeps the file', () => {
  const eslintConfig = `import plugin from ${JSON.stringify(path.join(ROOT, 'dist/rules/index.js'))};\nexport default [plugin.configs.recommended];\n`;

  it('ESLint applies the file check wrote, and its own --suppress-all writes the same bytes', async () => {
    const dir = project();
    writeFileSync(path.join(dir, 'eslint.config.js'), eslintConfig);
    expect(cli(['check', '--no-tsconfig', '--suppress-all', 'src'], dir).status).toBe(0);
    const ours = readFileSync(path.join(dir, SUPPRESSIONS), 'utf8');

    const eslint = new ESLint({ cwd: dir, applySuppressions: true });
    const results = await eslint.lintFiles(['src']);
    expect(results.flatMap((item) => item.messages)).toEqual([]);
    expect(results.flatMap((item) => item.suppressedMessages).map((item) => item.ruleId).sort()).toEqual([
      'mcp-result-kit/no-json-stringify-result',
      'mcp-result-kit/no-string-result',
      'mcp-result-kit/no-string-result',
      'mcp-result-kit/require-is-error',
    ]);

    rmSync(path.join(dir, SUPPRESSIONS));
    const cliRun = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/eslint/bin/eslint.js'), '--suppress-all', 'src'], { cwd: dir, encoding: 'utf8' });
    expect(cliRun.status, cliRun.stderr).toBe(0);
    expect(readFileSync(path.join(dir, SUPPRESSIONS), 'utf8')).toBe(ours);
  });
});
