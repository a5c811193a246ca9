// `mcp-result-kit check` end to end, through the built binary.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTemporaries, cli, gitCommitAll, hashTree, linkModules, tempDir, writeTree } from './helpers.js';
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

/** ESLint's JSON format, plus handlersFound. */
interface JsonResult {
  filePath: string;
  messages: { ruleId: string | null; severity: number; message: string; line: number; column: number; endLine?: number; endColumn?: number; suggestions?: { desc: string; fix: unknown }[] }[];
  errorCount: number;
  warningCount: number;
  handlersFound: number;
}

/** The last line of check's text output in a project whose package.json names no MCP SDK. */
const NO_SDK_PROTOCOL = 'Protocol version 2025-11-25: the default when no package.json names an MCP SDK. Set protocolVersion or --protocol-version to choose another.\n';

const lines = (results: JsonResult[], file: string) =>
  results.find((result) => result.filePath.endsWith(file))!.messages.map((message) => `${message.line}:${message.ruleId}`);

describe('check', () => {
  it('prints findings grouped by file like ESLint stylish and a count per rule, exits 1, writes nothing', () => {
    const dir = project();
    const before = hashTree(dir);
    const run = cli(['check'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^ {2}src\/broken\.ts:4:\d+ {2}Expression expected\.$/m);
    expect(run.stdout).toMatch(/^src\/server\.ts\n {3}9:21 +error +Tool "get_note" reports an error as plain text.* +mcp-result-kit\/require-is-error$/m);
    expect(run.stdout).toMatch(/✖ 6 problems \(6 errors, 0 warnings\) in 2 of 3 files:\n/);
    expect(run.stdout).toMatch(/^ {2}mcp-result-kit\/require-is-error +2$/m);
    expect(run.stdout).not.toContain('src/clean.ts');
    expect(run.stdout).not.toContain('\u001b['); // not a TTY
    expect(hashTree(dir)).toBe(before);
  });

  it('exits 0 on clean code and says how many handlers it checked', () => {
    const dir = project();
    const run = cli(['check', 'src/clean.ts'], dir);
    expect(run.stdout).toBe(`No problems found in 1 file (1 tool handler).\n${NO_SDK_PROTOCOL}`);
    expect(run.status).toBe(0);
  });

  it('never says "No problems found" when no tool handler was recognised, and names the options that teach it more', () => {
    const dir = project({ 'src/util.ts': 'export function handleGreet(name: string): string {\n  return `Hello ${name}`;\n}\n' });
    const run = cli(['check'], dir);
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('No problems found');
    expect(run.stdout).toContain('Read 1 file, but no MCP tool handler was recognised, so no tool result was checked.');
    expect(run.stdout).toContain('--handler-pattern <regex>');
    expect(run.stdout).toContain('--registration-method <name>');
    const json = cli(['check', '--format', 'json'], dir);
    expect((JSON.parse(json.stdout) as JsonResult[])[0].handlersFound).toBe(0);
    expect(json.stderr).toContain('warning: no MCP tool handler was recognised in 1 file');
    // Taught the pattern, it finds the handler and its raw string.
    const taught = cli(['check', '--handler-pattern', '^handle[A-Z]'], dir);
    expect(taught.status).toBe(1);
    expect(taught.stdout).toContain('mcp-result-kit/no-string-result');
  });

  it('colours like stylish with FORCE_COLOR or --color, never with --no-color', () => {
    const dir = project();
    const forced = cli(['check', 'src/server.ts'], dir, { NO_COLOR: undefined, FORCE_COLOR: '1' });
    expect(forced.stdout).toContain('\u001b[4msrc/server.ts\u001b[24m');
    expect(forced.stdout).toContain('\u001b[31merror');
    expect(cli(['check', '--color', 'src/server.ts'], dir).stdout).toContain('\u001b[31merror');
    expect(cli(['check', '--no-color', 'src/server.ts'], dir, { NO_COLOR: undefined, FORCE_COLOR: '1' }).stdout).not.toContain('\u001b[');
  });

  it('-f json is ESLint\'s JSON format (severity, end position, suggestions) plus handlersFound per file', () => {
    const dir = project();
    const run = cli(['check', '-f', 'json'], dir);
    expect(run.status).toBe(1);
    const results = JSON.parse(run.stdout) as JsonResult[];
    expect(results.map((result) => path.relative(dir, result.filePath)).sort()).toEqual(['src/broken.ts', 'src/clean.ts', 'src/search.ts', 'src/server.ts']);
    expect(lines(results, 'src/server.ts')).toEqual([
      '9:mcp-result-kit/require-is-error',
      '10:mcp-result-kit/no-string-result',
      '14:mcp-result-kit/no-json-stringify-result',
      '20:mcp-result-kit/no-string-result',
      '22:mcp-result-kit/require-is-error',
    ]);
    const server = results.find((result) => result.filePath.endsWith('src/server.ts'))!;
    expect(server.handlersFound).toBe(3);
    expect(server.errorCount).toBe(5);
    const first = server.messages[0];
    expect(first.severity).toBe(2);
    expect(first.endLine).toBe(9);
    expect(first.endColumn).toBeGreaterThan(first.column);
    expect(first.suggestions?.[0].desc).toBe('Return an error result (isError: true) instead');
    expect(results.find((result) => result.filePath.endsWith('src/broken.ts'))!.messages[0].ruleId).toBeNull();
    expect(results.find((result) => result.filePath.endsWith('src/clean.ts'))!).toMatchObject({ messages: [], handlersFound: 1 });
  });

  it('-o writes the output to a file, and nothing to stdout', () => {
    const dir = project();
    const run = cli(['check', '-f', 'sarif', '-o', 'reports/check.sarif'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expectSarif(JSON.parse(readFileSync(path.join(dir, 'reports/check.sarif'), 'utf8')));
    cli(['check', '--output-file', 'out.txt'], dir, { FORCE_COLOR: '1' });
    const text = readFileSync(path.join(dir, 'out.txt'), 'utf8');
    expect(text).toContain('mcp-result-kit/no-string-result');
    expect(text).not.toContain('\u001b['); // files get no colour
  });

  it('--format sarif validates against SARIF 2.1.0, with rule help, fingerprints and URIs from the git root', () => {
    const repo = tempDir('mrk-monorepo-');
    const pkg = path.join(repo, 'packages', 'notes');
    mkdirSync(pkg, { recursive: true });
    writeTree(pkg, SAMPLE);
    writeFileSync(path.join(pkg, 'tsconfig.json'), SAMPLE_TSCONFIG);
    gitCommitAll(repo);
    linkModules(pkg, { kit: true });
    const run = cli(['check', '--format', 'sarif'], pkg);
    expect(run.status).toBe(1);
    const sarif = JSON.parse(run.stdout) as {
      runs: {
        tool: { driver: { rules: { id: string; fullDescription: { text: string }; help: { text: string; markdown: string }; helpUri: string }[] } };
        results: { ruleId: string; partialFingerprints: Record<string, string>; locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId: string } } }[] }[];
        originalUriBaseIds: Record<string, { uri: string }>;
      }[];
    };
    expectSarif(sarif);
    const [sarifRun] = sarif.runs;
    expect(sarifRun.tool.driver.rules.map((rule) => rule.id)).not.toContain('mcp-result-kit/prefer-result-helpers');
    expect(sarifRun.results.length).toBe(6);
    expect(sarifRun.originalUriBaseIds['%SRCROOT%'].uri).toBe(`${pathToFileURL(repo).href}/`);
    expect(sarifRun.results[0].locations[0].physicalLocation.artifactLocation).toEqual({ uri: 'packages/notes/src/search.ts', uriBaseId: '%SRCROOT%' });
    for (const result of sarifRun.results) expect(result.partialFingerprints['mcpResultKit/v1']).toMatch(/^[0-9a-f]{32}:\d+$/);
    const rule = sarifRun.tool.driver.rules.find((item) => item.id === 'mcp-result-kit/no-string-result')!;
    expect(rule.fullDescription.text).toMatch(/^An MCP tool must answer with a `CallToolResult`/);
    expect(rule.help.markdown).toContain('## When not to use it');
    expect(rule.help.text).toContain(rule.helpUri);
  });

  it('--preset strict adds the strict-only rules; --config is its deprecated spelling', () => {
    const dir = project({ 'src/hand.ts': SAMPLE['src/clean.ts'].replace("import { successResult } from 'mcp-result-kit';\n", '').replace("successResult('pong')", "({ content: [{ type: 'text', text: 'pong' }] })") });
    expect(cli(['check'], dir).status).toBe(0);
    const strict = cli(['check', '--preset', 'strict', '--format', 'sarif'], dir);
    expect(strict.status).toBe(1);
    const sarif = JSON.parse(strict.stdout) as { runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string }[] }[] };
    expect(sarif.runs[0].tool.driver.rules.map((rule) => rule.id)).toContain('mcp-result-kit/prefer-result-helpers');
    expect(sarif.runs[0].results.map((result) => result.ruleId)).toEqual(['mcp-result-kit/prefer-result-helpers']);
    const old = cli(['check', '--config', 'strict'], dir);
    expect(old.status).toBe(1);
    expect(old.stderr).toContain('mcp-result-kit: deprecated: check --config strict is now --preset strict');
    writeFileSync(path.join(dir, 'mcp-result-kit.config.json'), JSON.stringify({ preset: 'strict' }));
    expect(cli(['check'], dir).status).toBe(1);
  });

  it('config "rules" sets severities: warnings exit 0, --max-warnings and --quiet as in ESLint', () => {
    const dir = project();
    writeFileSync(path.join(dir, 'mcp-result-kit.config.json'), JSON.stringify({ rules: { 'mcp-result-kit/no-string-result': 'warn', 'mcp-result-kit/require-is-error': 'off', 'mcp-result-kit/no-json-stringify-result': 1 } }));
    const run = cli(['check', 'src/server.ts'], dir);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/✖ 3 problems \(0 errors, 3 warnings\)/);
    expect(run.stdout).not.toContain('require-is-error');
    const limited = cli(['check', '--max-warnings', '2', 'src/server.ts'], dir);
    expect(limited.status).toBe(1);
    expect(limited.stderr).toContain('mcp-result-kit: too many warnings (3; --max-warnings 2)');
    expect(cli(['check', '--max-warnings', '3', 'src/server.ts'], dir).status).toBe(0);
    const quiet = cli(['check', '--quiet', '--max-warnings', '0', 'src/server.ts'], dir);
    expect(quiet.status).toBe(0);
    expect(quiet.stdout).toBe(`No problems found in 1 file (3 tool handlers).\n${NO_SDK_PROTOCOL}`);
    // migrate agrees: the "off" rule's sites are left alone.
    const migrate = JSON.parse(cli(['migrate', '--dry-run', '--json', 'src/server.ts'], dir).stdout) as { changes: { kind: string }[] };
    expect(migrate.changes.map((change) => change.kind)).not.toContain('error-string');
    expect(migrate.changes.map((change) => change.kind)).toContain('string');
  });

  it('sees the same handlers as migrate through the config file', () => {
    const files = { 'src/handlers.ts': 'export async function handleGreet(args: { name: string }): Promise<string> {\n  return `Hello ${args.name}`;\n}\n' };
    const dir = project(files);
    expect(cli(['check'], dir).status).toBe(0);
    writeFileSync(path.join(dir, 'mcp-result-kit.config.json'), JSON.stringify({ handlerPatterns: ['^handle[A-Z]'] }));
    const run = cli(['check', '--format', 'json'], dir);
    expect(run.status).toBe(1);
    const results = JSON.parse(run.stdout) as JsonResult[];
    const migrate = JSON.parse(cli(['migrate', '--dry-run', '--json'], dir).stdout) as { changes: { line: number; kind: string }[] };
    expect(results[0].messages.map((message) => message.line)).toEqual(migrate.changes.filter((change) => change.kind !== 'return-type').map((change) => change.line));
    // The flag overrides the file.
    expect(cli(['check', '--handler-pattern', '^nothing$'], dir).status).toBe(0);
  });

  it('checks files outside the tsconfig without type information, with a warning', () => {
    const dir = project();
    writeTree(dir, { 'scripts/tool.ts': SAMPLE['src/server.ts'] });
    const run = cli(['check', '--format', 'json', 'src/server.ts', 'scripts'], dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('mcp-result-kit: warning: 1 file is not in tsconfig.json (scripts/tool.ts); checking it without type information');
    const results = JSON.parse(run.stdout) as JsonResult[];
    expect(lines(results, 'scripts/tool.ts').length).toBeGreaterThan(0);
    expect(lines(results, 'src/server.ts').length).toBeGreaterThan(0);
  });

  it('works without any tsconfig', () => {
    const dir = project(SAMPLE, false);
    const run = cli(['check', 'src/server.ts'], dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('checking without type information');
  });

  it('checks .jsx files found in a folder, as the plugin configs lint them', () => {
    const dir = project({ 'web/tools.jsx': "server.tool('hello', async () => 'hi');\nexport const View = () => <div>hi</div>;\n" }, false);
    const run = cli(['check', '--format', 'json', 'web'], dir);
    expect(run.status).toBe(1);
    expect(lines(JSON.parse(run.stdout) as JsonResult[], 'web/tools.jsx')).toEqual(['1:mcp-result-kit/no-string-result']);
    const migrate = cli(['migrate', '--dry-run', 'web'], dir);
    expect(migrate.stdout).toContain("+server.tool('hello', async () => successResult('hi'));");
  });

  it.each([
    [['check', '--format', 'xml'], /^mcp-result-kit: option '-f, --format <format>' argument 'xml' is invalid/],
    [['check', '--preset', 'all'], /^mcp-result-kit: option '--preset <name>' argument 'all' is invalid/],
    [['check', '--max-warnings', 'many'], /^mcp-result-kit: --max-warnings must be a whole number \(-1 for no limit\), got "many"$/],
    [['check', 'missing'], /^mcp-result-kit: no such file or folder: missing$/],
    [['check', 'empty'], /^mcp-result-kit: no source files in empty \(looked for \.ts .*\)$/],
    [['check', '--exclude', '**/*.ts'], /^mcp-result-kit: no source files left after include\/exclude \(1 found in \.\)$/],
    [['check', '--handler-pattern', '*'], /^mcp-result-kit: --handler-pattern "\*" is not a valid regular expression/],
    [['check', '--protocol-version', '2026-01-01'], /^mcp-result-kit: --protocol-version "2026-01-01" is not a released MCP protocol version \(known: 2024-11-05, .*, 2026-07-28\)$/],
  ])('exits 2 on usage errors: %j', (args, message) => {
    const dir = project({ 'src/a.ts': '', 'empty/README.md': '' });
    const run = cli(args, dir);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n').filter((line) => !line.startsWith('mcp-result-kit: warning:'))).toHaveLength(1);
    expect(run.stderr.trim().split('\n').at(-1)).toMatch(message);
  });
});
