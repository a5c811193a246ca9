// The spellings users bring from ESLint, jscodeshift and next-codemod; honest exit codes; writes
// that never surprise; lint and codemod agreeing on comments. Through the built binary.
import { chmodSync, lstatSync, mkdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTemporaries, cli, gitCommitAll, hashTree, linkModules, tempDir, writeTree } from './helpers.js';
import { SAMPLE, SAMPLE_TSCONFIG } from './sample.js';

afterAll(cleanupTemporaries);

function project(files: Record<string, string> = SAMPLE, options: { tsconfig?: boolean } = {}): string {
  const dir = tempDir('mrk-flags-');
  writeTree(dir, files);
  if (options.tsconfig !== false) writeFileSync(path.join(dir, 'tsconfig.json'), SAMPLE_TSCONFIG);
  linkModules(dir, { kit: true });
  return dir;
}

const SERVER = SAMPLE['src/server.ts'];
const ONE_TOOL = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'x', version: '1' });\nserver.tool('ping', async () => 'pong');\n";

describe('migrate: codemod spellings', () => {
  it('-d and --dry are --dry-run', () => {
    const dir = project({ 'src/server.ts': SERVER });
    const before = hashTree(dir);
    const long = cli(['migrate', '--dry-run', 'src'], dir);
    for (const flag of ['-d', '--dry']) {
      const run = cli(['migrate', flag, 'src'], dir);
      expect(run.status).toBe(1);
      expect(run.stdout.replace(/time\s+\S+ m?s/, '')).toBe(long.stdout.replace(/time\s+\S+ m?s/, ''));
    }
    expect(hashTree(dir)).toBe(before);
  });

  it('-p / --print prints each changed file in full on stdout, the summary on stderr', () => {
    const dir = project({ 'src/server.ts': SERVER, 'src/other.ts': ONE_TOOL });
    const run = cli(['migrate', '-d', '-p', 'src'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("import { errorTextResult, jsonResult, successResult } from 'mcp-result-kit';");
    expect(run.stdout).toContain("server.tool('ping', async () => successResult('pong'));\n");
    expect(run.stdout).not.toMatch(/^[-+]{3} /m); // no diff
    expect(run.stdout).not.toContain('files scanned');
    expect(run.stderr).toMatch(/files that would change\s+2/);
    // Without --dry-run it writes too.
    const written = cli(['migrate', '--print', '--force', 'src/other.ts'], dir);
    expect(written.status).toBe(0);
    expect(written.stdout).toBe(readFileSync(path.join(dir, 'src/other.ts'), 'utf8'));
  });

  it('--force is --allow-dirty', () => {
    const dir = project({ 'src/server.ts': SERVER });
    gitCommitAll(dir);
    writeFileSync(path.join(dir, 'src/server.ts'), `${SERVER}// local edit\n`);
    expect(cli(['migrate', 'src'], dir).status).toBe(2);
    const forced = cli(['migrate', '--force', 'src'], dir);
    expect(forced.status).toBe(0);
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toContain('successResult(note)');
  });

  it('--format json is --json, as in check; --format readable is the deprecated --result-format', () => {
    const dir = project({ 'src/server.ts': SERVER });
    const json = cli(['migrate', '--dry-run', '--format', 'json', 'src'], dir);
    const old = cli(['migrate', '--dry-run', '--json', 'src'], dir);
    const strip = (text: string) => text.replace(/"elapsedMs": \d+/, '');
    expect(strip(json.stdout)).toBe(strip(old.stdout));
    expect(cli(['migrate', '--dry-run', '-f', 'json', 'src'], dir).stdout).toMatch(/^\{\n {2}"version"/);
    const deprecated = cli(['migrate', '--dry-run', '--format', 'readable', '--local-helpers', 'src/results.ts', 'src'], dir);
    expect(deprecated.stderr).toContain('mcp-result-kit: deprecated: migrate --format readable is now --result-format readable');
    expect(deprecated.stdout).toContain("+export const DEFAULT_RESULT_FORMAT: ResultFormat = 'readable';");
    const conflict = cli(['migrate', '--json', '--format', 'text', 'src'], dir);
    expect(conflict.status).toBe(2);
    expect(cli(['migrate', '--print', '--json', 'src'], dir).stderr).toContain('--print prints the files themselves; it cannot be combined with --format json');
  });

  it('--list-transforms prints every transform with what it does', () => {
    const dir = project();
    const run = cli(['migrate', '--list-transforms'], dir);
    expect(run.status).toBe(0);
    const ids = run.stdout.trim().split('\n').map((line) => line.split(/\s+/)[0]);
    expect(ids).toEqual(['string-result', 'error-result', 'json-result', 'content-literal', 'bare-object', 'transport-wrapper', 'review-only', 'return-types', 'output-schema']);
    expect(run.stdout).toMatch(/^output-schema .* opt-in \(--output-schema\); what mcp-result-kit\/require-output-schema reports$/m);
    expect(run.stdout).toMatch(/^string-result +Wrap raw string results in successResult\(\.\.\.\) +mcp-result-kit\/no-string-result$/m);
    expect(run.stdout).toMatch(/^content-literal .* mcp-result-kit\/prefer-result-helpers \(off in recommended\)$/m);
    expect(cli(['migrate', '--list-transforms', '--preset', 'strict'], dir).stdout).toMatch(/^content-literal .* mcp-result-kit\/prefer-result-helpers$/m);
  });

  it('-t runs only the chosen transforms, refuses unknown ones and ones the rule set does not report', () => {
    const dir = project({ 'src/server.ts': SERVER, 'src/hand.ts': "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'x', version: '1' });\nserver.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));\n" });
    const only = JSON.parse(cli(['migrate', '-d', '--json', '-t', 'json-result', 'src'], dir).stdout) as { changes: { transform: string }[] };
    expect(only.changes.map((change) => change.transform)).toEqual(['json-result']);
    const unknown = cli(['migrate', '-d', '-t', 'json', 'src'], dir);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^mcp-result-kit: unknown transform "json" \(known: string-result, .*\); see --list-transforms\n$/);
    const off = cli(['migrate', '-d', '--transforms', 'content-literal', 'src'], dir);
    expect(off.status).toBe(2);
    expect(off.stderr).toContain('content-literal rewrites what mcp-result-kit/prefer-result-helpers reports, and the recommended rule set does not turn it on');
    const strict = JSON.parse(cli(['migrate', '-d', '--json', '-t', 'content-literal', '--preset', 'strict', 'src'], dir).stdout) as { changes: { file: string; transform: string }[] };
    expect(strict.changes).toEqual([expect.objectContaining({ file: 'src/hand.ts', transform: 'content-literal' })]);
  });

  it('--output-schema (and -t output-schema) declares inferred schemas only when asked, and needs type information', () => {
    const tool = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\nimport { jsonResult } from 'mcp-result-kit';\nconst server = new McpServer({ name: 'x', version: '1' });\nserver.registerTool('count', { inputSchema: {} }, async () => jsonResult({ count: 1 }));\n";
    const dir = project({ 'src/server.ts': tool });
    const kinds = (args: string[]) => (JSON.parse(cli(['migrate', '-d', '--json', ...args, 'src'], dir).stdout) as { changes: { kind: string }[] }).changes.map((change) => change.kind);
    expect(kinds([])).toEqual([]);
    expect(kinds(['--output-schema'])).toEqual(['output-schema']);
    expect(kinds(['-t', 'output-schema'])).toEqual(['output-schema']);
    const untyped = cli(['migrate', '-d', '--output-schema', '--no-tsconfig', 'src'], dir);
    expect(untyped.status).toBe(2);
    expect(untyped.stderr).toBe('mcp-result-kit: --output-schema infers each schema from types, so it needs type information, but --no-tsconfig was given; pass --tsconfig <file>\n');
  });

  it('rewrites exactly what check reports under the same preset: hand-built literals only with --preset strict', () => {
    const hand = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'x', version: '1' });\nserver.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));\n";
    const dir = project({ 'src/hand.ts': hand });
    expect(cli(['check', 'src'], dir).status).toBe(0);
    const recommended = cli(['migrate', '-d', 'src'], dir);
    expect(recommended.status).toBe(0);
    expect(recommended.stdout).toMatch(/files that would change\s+0/);
    expect(cli(['check', '--preset', 'strict', 'src'], dir).status).toBe(1);
    expect(cli(['migrate', '-d', '--preset', 'strict', 'src'], dir).stdout).toContain("+server.tool('ping', async () => successResult('pong'));");
  });
});

describe('lint and codemod agree on comments', () => {
  const FILE = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
// eslint-disable-next-line mcp-result-kit/no-string-result -- the legacy client parses this text
server.tool('a', async () => 'a');
server.tool('b', async () => 'b'); // eslint-disable-line mcp-result-kit/no-string-result
/* eslint-disable mcp-result-kit/require-is-error */
server.tool('c', async () => 'Error: c');
/* eslint-enable mcp-result-kit/require-is-error */
server.tool('d', async () => 'Error: d');
// mcp-result-kit-ignore
server.tool('e', async () => JSON.stringify({ e: 1 }));
server.tool('f', async () => JSON.stringify({ f: 1 }));
`;

  it('migrate changes exactly the lines check reports', () => {
    const dir = project({ 'src/server.ts': FILE });
    const findings = (JSON.parse(cli(['check', '-f', 'json', 'src'], dir).stdout) as { messages: { line: number; ruleId: string }[] }[])[0].messages;
    expect(findings.map((finding) => `${finding.line}:${finding.ruleId}`)).toEqual(['9:mcp-result-kit/require-is-error', '12:mcp-result-kit/no-json-stringify-result']);
    const report = JSON.parse(cli(['migrate', '-d', '--json', 'src'], dir).stdout) as { changes: { line: number }[] };
    expect(report.changes.map((change) => change.line)).toEqual([9, 12]);
  });
});

describe('--mark-review', () => {
  it('marks the sites left for review with a TODO comment, once', () => {
    const dir = project({ 'src/search.ts': SAMPLE['src/search.ts'] });
    const run = cli(['migrate', '--mark-review', '--force', 'src'], dir);
    expect(run.status).toBe(0);
    const text = readFileSync(path.join(dir, 'src/search.ts'), 'utf8');
    expect(text).toContain('    // TODO(mcp-result-kit): review mcp-result-kit/no-json-stringify-result (json-text-content): ');
    expect(cli(['migrate', '--mark-review', '-d', 'src'], dir).status).toBe(0);
  });
});

describe('honest exit codes', () => {
  it('a file that does not parse fails migrate --dry-run as it fails check', () => {
    const dir = project({ 'src/broken.ts': SAMPLE['src/broken.ts'] });
    const dry = cli(['migrate', '--dry-run', 'src'], dir);
    expect(dry.status).toBe(1);
    expect(dry.stdout).toMatch(/files with errors\s+1/);
    expect(cli(['check', 'src'], dir).status).toBe(1);
  });

  it('an empty folder or a path with no source file is a usage error (exit 2), for both commands', () => {
    const dir = project({ 'src/a.ts': ONE_TOOL, 'docs/README.md': '# docs\n' });
    mkdirSync(path.join(dir, 'empty'));
    for (const command of ['migrate', 'check']) {
      for (const folder of ['empty', 'docs']) {
        const run = cli([command, folder], dir);
        expect(run.status, `${command} ${folder}`).toBe(2);
        expect(run.stderr).toMatch(new RegExp(`^mcp-result-kit: no source files in ${folder} \\(`, 'm'));
      }
    }
  });

  it('a tsconfig with broken JSON is a usage error naming it, for both commands', () => {
    const dir = project({ 'src/a.ts': ONE_TOOL }, { tsconfig: false });
    writeFileSync(path.join(dir, 'tsconfig.json'), '{ "compilerOptions": { "strict": true, }, "include": ["src"');
    for (const command of [['check'], ['migrate', '--dry-run']]) {
      const run = cli([...command, 'src'], dir);
      expect(run.status, command.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^mcp-result-kit: cannot use tsconfig\.json: line 1, column \d+: .*expected/m);
      expect(run.stdout).toBe('');
    }
  });

  it('a symlink loop named on the command line says so', () => {
    const dir = project({ 'src/a.ts': ONE_TOOL });
    symlinkSync('loop-b', path.join(dir, 'loop-a'));
    symlinkSync('loop-a', path.join(dir, 'loop-b'));
    symlinkSync('missing-target', path.join(dir, 'dangling'));
    for (const command of ['check', 'migrate']) {
      expect(cli([command, 'loop-a'], dir).stderr).toBe('mcp-result-kit: symlink loop: loop-a (a symbolic link that leads back to itself)\n');
      expect(cli([command, 'dangling'], dir).stderr).toBe('mcp-result-kit: broken symlink: dangling (its target does not exist)\n');
    }
  });
});

describe('writes that never surprise', () => {
  it('rewrites a symlinked source file at its target; the link stays a link', () => {
    const dir = project({ 'shared/tools.ts': ONE_TOOL, 'src/.keep': '' });
    symlinkSync('../shared/tools.ts', path.join(dir, 'src/tools.ts'));
    const run = cli(['migrate', '--force', 'src/tools.ts'], dir);
    expect(run.status).toBe(0);
    expect(lstatSync(path.join(dir, 'src/tools.ts')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(dir, 'src/tools.ts'))).toBe('../shared/tools.ts');
    expect(readFileSync(path.join(dir, 'shared/tools.ts'), 'utf8')).toContain("successResult('pong')");
  });

  it('refuses a read-only file with a message, writes the rest, lists which were not written, exits 1', () => {
    const dir = project({ 'src/locked.ts': ONE_TOOL, 'src/open.ts': ONE_TOOL });
    chmodSync(path.join(dir, 'src/locked.ts'), 0o444);
    const run = cli(['migrate', '--force', 'src'], dir);
    expect(run.status).toBe(1);
    expect(readFileSync(path.join(dir, 'src/locked.ts'), 'utf8')).toBe(ONE_TOOL);
    expect(readFileSync(path.join(dir, 'src/open.ts'), 'utf8')).toContain("successResult('pong')");
    expect(run.stdout).toMatch(/files written\s+1\n\s+files not written\s+1/);
    expect(run.stdout).toContain('src/locked.ts:1:1  not written: read-only: not written; make it writable (chmod u+w) and run again');
    const json = JSON.parse(cli(['migrate', '--force', '--json', 'src'], dir).stdout) as { filesChanged: number; errors: { file: string; message: string }[] };
    expect(json.filesChanged).toBe(0);
    expect(json.errors).toEqual([{ file: 'src/locked.ts', line: 1, column: 1, message: expect.stringMatching(/^not written: read-only/) as unknown as string }]);
  });
});

describe('the no-handler note in migrate', () => {
  it('says nothing was recognised instead of a silent empty run', () => {
    const dir = project({ 'src/util.ts': 'export function handleGreet(name: string): string {\n  return `Hello ${name}`;\n}\n' });
    const run = cli(['migrate', '-d', 'src'], dir);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Read 1 file, but no MCP tool handler was recognised');
  });
});
