// check and migrate through the built binary: test files are skipped unless asked for, and the
// team's own failure words (--error-pattern, errorPatterns in the config file) turn text into
// require-is-error findings; an invalid pattern is a usage error that names it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTemporaries, cli, linkModules, tempDir, writeTree } from './helpers.js';

afterAll(cleanupTemporaries);

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'printer', version: '1.0.0' });

server.tool('print', async () => ({ content: [{ type: 'text', text: 'Drucker kaputt' }] }));
`;

/** A fake server a test suite starts: its error strings are a site, in a test file. */
const FAKE = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'fake', version: '1.0.0' });

server.tool('fake', async () => 'Error: simulated outage');
`;

function project(): string {
  const dir = tempDir('mrk-flow-');
  writeTree(dir, {
    'package.json': JSON.stringify({ name: 'printer', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.17.0', 'mcp-result-kit': '^0.1.0' } }),
    'src/server.ts': SERVER,
    'src/server.test.ts': FAKE,
    'src/server.spec.ts': FAKE,
    'src/__tests__/fake-server.ts': FAKE,
  });
  linkModules(dir);
  return dir;
}

interface JsonResult {
  filePath: string;
  messages: { ruleId: string | null; line: number; column: number }[];
}

const findings = (stdout: string, dir: string): string[] =>
  (JSON.parse(stdout) as JsonResult[])
    .flatMap((result) => result.messages.map((message) => `${path.relative(dir, result.filePath).split(path.sep).join('/')}:${message.line}:${message.column} ${message.ruleId}`))
    .sort();

describe('test files', () => {
  it('check skips *.test.*, *.spec.* and __tests__/ by default', () => {
    const dir = project();
    const run = cli(['check', 'src', '-f', 'json'], dir);
    expect(run.stderr).not.toMatch(/error/i);
    expect(findings(run.stdout, dir)).toEqual([]);
    expect((JSON.parse(run.stdout) as JsonResult[]).map((result) => path.basename(result.filePath))).toEqual(['server.ts']);
    expect(run.status).toBe(0);
  });

  it('check --include-tests takes them', () => {
    const dir = project();
    const run = cli(['check', 'src', '-f', 'json', '--include-tests'], dir);
    expect(findings(run.stdout, dir)).toEqual([
      'src/__tests__/fake-server.ts:5:33 mcp-result-kit/require-is-error',
      'src/server.spec.ts:5:33 mcp-result-kit/require-is-error',
      'src/server.test.ts:5:33 mcp-result-kit/require-is-error',
    ]);
    expect(run.status).toBe(1);
  });

  it('migrate leaves test files alone by default and rewrites them with --include-tests', () => {
    const dir = project();
    const skipped = cli(['migrate', 'src', '--allow-dirty'], dir);
    expect(skipped.status).toBe(0);
    expect(readFileSync(path.join(dir, 'src/server.test.ts'), 'utf8')).toBe(FAKE);
    const included = cli(['migrate', 'src', '--allow-dirty', '--include-tests'], dir);
    expect(included.status).toBe(0);
    for (const file of ['src/server.test.ts', 'src/server.spec.ts', 'src/__tests__/fake-server.ts']) {
      expect(readFileSync(path.join(dir, file), 'utf8'), file).toContain("errorTextResult('Error: simulated outage')");
    }
  });
});

describe('--error-pattern', () => {
  it('turns the team’s own failure text into a require-is-error finding; without it the text is a success', () => {
    const dir = project();
    expect(findings(cli(['check', 'src', '-f', 'json'], dir).stdout, dir)).toEqual([]);
    const run = cli(['check', 'src', '-f', 'json', '--error-pattern', 'kaputt'], dir);
    expect(findings(run.stdout, dir)).toEqual(['src/server.ts:5:35 mcp-result-kit/require-is-error']);
    expect(run.status).toBe(1);
  });

  it('is repeatable, and errorPatterns in the config file does the same', () => {
    const dir = project();
    writeFileSync(path.join(dir, 'src/server.ts'), SERVER.replace("'Drucker kaputt'", "'PRINTER-E42 unreachable'"));
    expect(findings(cli(['check', 'src', '-f', 'json', '--error-pattern', 'kaputt', '--error-pattern', '^PRINTER-E\\d+'], dir).stdout, dir)).toEqual(['src/server.ts:5:35 mcp-result-kit/require-is-error']);
    writeFileSync(path.join(dir, 'mcp-result-kit.config.json'), JSON.stringify({ errorPatterns: ['^PRINTER-E\\d+'] }));
    expect(findings(cli(['check', 'src', '-f', 'json'], dir).stdout, dir)).toEqual(['src/server.ts:5:35 mcp-result-kit/require-is-error']);
  });

  it('migrate marks the same text as an error with --error-pattern', () => {
    const dir = project();
    const run = cli(['migrate', 'src', '--allow-dirty', '--error-pattern', 'kaputt'], dir);
    expect(run.status).toBe(0);
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toContain("server.tool('print', async () => errorTextResult('Drucker kaputt'));");
  });

  it.each([
    ['check', ['check', 'src', '--error-pattern', '(']],
    ['migrate', ['migrate', 'src', '--dry-run', '--error-pattern', '(']],
  ])('an invalid pattern is a usage error naming it (%s exits 2, writes nothing)', (_command, args) => {
    const dir = project();
    const run = cli(args, dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--error-pattern "\(" is not a valid regular expression/);
    expect(run.stdout).toBe('');
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toBe(SERVER);
  });

  it('an invalid errorPatterns entry in the config file is a usage error naming it', () => {
    const dir = project();
    writeFileSync(path.join(dir, 'mcp-result-kit.config.json'), JSON.stringify({ errorPatterns: ['[a-'] }));
    const run = cli(['check', 'src'], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/mcp-result-kit\.config\.json: "errorPatterns\[0\]" is not a valid regular expression/);
  });
});
