// `mcp-result-kit migrate` end to end, through the built binary on temporary projects.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTemporaries, cli, gitCommitAll, hashTree, linkModules, ROOT, tempDir, writeTree } from './helpers.js';
import { SAMPLE, SAMPLE_EXPECTED, SAMPLE_TSCONFIG } from './sample.js';
import { expectMigrateReport } from './schema.js';

afterAll(cleanupTemporaries);

/** A copy of the sample project; `kit` links node_modules so imports (and mcp-result-kit) resolve. */
function sampleProject(options: { tsconfig?: boolean; files?: Record<string, string> } = {}): string {
  const dir = tempDir('mrk-migrate-');
  writeTree(dir, options.files ?? SAMPLE);
  if (options.tsconfig !== false) writeFileSync(path.join(dir, 'tsconfig.json'), SAMPLE_TSCONFIG);
  linkModules(dir, { kit: true });
  return dir;
}

function tsc(dir: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', dir, '--noEmit'], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

function oneLineError(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line.startsWith('mcp-result-kit: ') && !line.startsWith('mcp-result-kit: warning') && !line.startsWith('mcp-result-kit: note'));
  expect(lines).toHaveLength(1);
  return lines[0];
}

describe('migrate --dry-run', () => {
  it('prints a unified diff per changed file, writes nothing and exits 1', () => {
    const dir = sampleProject();
    const before = hashTree(dir);
    const run = cli(['migrate', '--dry-run'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('--- a/src/server.ts\n+++ b/src/server.ts\n@@ ');
    expect(run.stdout).toContain("+import { errorTextResult, jsonResult, successResult } from 'mcp-result-kit';");
    expect(run.stdout).toContain("\n-  if (!note) return 'Error: no note ' + id;\n");
    expect(run.stdout).toContain("\n+  if (!note) return errorTextResult('Error: no note ' + id);\n");
    expect(run.stdout).not.toContain('a/src/clean.ts');
    expect(run.stdout).not.toContain('\u001b['); // not a TTY: no colour
    expect(run.stdout).toMatch(/files that would change\s+1/);
    expect(hashTree(dir)).toBe(before);
  });

  it('exits 0 when nothing would change', () => {
    const dir = sampleProject();
    const run = cli(['migrate', '--dry-run', 'src/clean.ts'], dir);
    expect(run.stdout).toMatch(/files that would change\s+0/);
    expect(run.status).toBe(0);
  });

  it('--json prints only the report, matching the schema and the counts', () => {
    const dir = sampleProject();
    const run = cli(['migrate', '--dry-run', '--json'], dir);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as Record<string, unknown> & { changes: { file: string; kind: string }[]; needsReview: { file: string; kind: string }[]; errors: { file: string }[] };
    expectMigrateReport(report);
    expect(report.typeAware).toBe(true);
    expect(report.filesScanned).toBe(SAMPLE_EXPECTED.filesScanned);
    expect(report.filesChanged).toBe(SAMPLE_EXPECTED.filesChanged);
    expect(report.handlers).toBeGreaterThanOrEqual(5);
    const kinds: Record<string, number> = {};
    for (const change of report.changes) {
      expect(change.file).toBe(SAMPLE_EXPECTED.changedFile);
      kinds[change.kind] = (kinds[change.kind] ?? 0) + 1;
    }
    expect(kinds).toEqual(SAMPLE_EXPECTED.kinds);
    expect(report.needsReview.map(({ file, kind }) => ({ file, kind }))).toEqual(SAMPLE_EXPECTED.needsReview);
    expect(report.errors.map((error) => error.file)).toEqual([SAMPLE_EXPECTED.errorFile]);
  });

  it('writes a Markdown report with --report', () => {
    const dir = sampleProject();
    const run = cli(['migrate', '--dry-run', '--report', 'out/report.md'], dir);
    expect(run.status).toBe(1);
    const markdown = readFileSync(path.join(dir, 'out/report.md'), 'utf8');
    expect(markdown).toContain('# mcp-result-kit migration report');
    expect(markdown).toContain('`src/search.ts:6` | `json-text-content`');
    expect(markdown).toContain('`src/broken.ts:4:20`');
  });
});

describe('migrate (writing)', () => {
  it('migrates every file it can, reports the unparsable one, and the result typechecks', () => {
    const dir = sampleProject();
    const broken = readFileSync(path.join(dir, 'src/broken.ts'), 'utf8');
    const run = cli(['migrate', '--json'], dir);
    // The unparsable file is a failure (exit 1), as in check; the others are written all the same.
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as { errors: { file: string; line: number; message: string }[]; filesChanged: number };
    expect(report.errors).toEqual([{ file: 'src/broken.ts', line: 4, column: 20, message: expect.stringMatching(/could not be parsed/) as unknown as string }]);
    expect(report.filesChanged).toBe(1);
    expect(readFileSync(path.join(dir, 'src/broken.ts'), 'utf8')).toBe(broken);
    const server = readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
    expect(server).toContain("return errorTextResult('Error: no note ' + id);");
    expect(server).toContain('return jsonResult({ ids: [...notes.keys()], count: notes.size });');
    expect(tsc(dir)).toEqual({ status: 0, output: '' });
    // No temp files left behind by the atomic writes.
    expect(spawnSync('find', [path.join(dir, 'src'), '-name', '*.tmp'], { encoding: 'utf8' }).stdout).toBe('');
    // A second run has nothing left to do.
    const again = cli(['migrate', '--dry-run', '--json', 'src/server.ts', 'src/search.ts', 'src/clean.ts'], dir);
    expect(again.status).toBe(0);
    expect((JSON.parse(again.stdout) as { changes: unknown[] }).changes).toEqual([]);
  });

  it('falls back to syntax-only analysis without a tsconfig, with a warning', () => {
    const dir = sampleProject({ tsconfig: false });
    const run = cli(['migrate', '--dry-run', '--json', 'src'], dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('mcp-result-kit: warning: no tsconfig.json found from src upwards; analyzing without type information');
    expect((JSON.parse(run.stdout) as { typeAware: boolean }).typeAware).toBe(false);
  });

  it('runs syntax-only on request with --no-tsconfig, quietly; --verify then refuses', () => {
    const dir = sampleProject();
    const run = cli(['migrate', '--dry-run', '--json', '--no-tsconfig', 'src'], dir);
    expect(run.status).toBe(1);
    expect(run.stderr).not.toContain('warning');
    expect((JSON.parse(run.stdout) as { typeAware: boolean }).typeAware).toBe(false);
    const verify = cli(['migrate', '--verify', '--no-tsconfig', 'src'], dir);
    expect(verify.status).toBe(2);
    expect(verify.stderr).toContain('mcp-result-kit: --verify needs type information, but --no-tsconfig was given; pass --tsconfig <file>');
  });

  it('notes a folder outside git and writes', () => {
    const dir = sampleProject();
    const run = cli(['migrate', 'src/server.ts', 'src/search.ts'], dir);
    expect(run.status).toBe(0);
    expect(run.stderr).toMatch(/note: not in a git repository: src; writing without the uncommitted-changes check/);
    expect(run.stdout).toMatch(/files written\s+1/);
  });
});

describe('git guard', () => {
  it('refuses to write over uncommitted files (exit 2, files named); --allow-dirty overrides', () => {
    const dir = sampleProject();
    gitCommitAll(dir);
    const server = path.join(dir, 'src/server.ts');
    writeFileSync(server, `${readFileSync(server, 'utf8')}// local edit\n`);
    const before = hashTree(dir);
    const refused = cli(['migrate'], dir);
    expect(refused.status).toBe(2);
    expect(oneLineError(refused.stderr)).toBe('mcp-result-kit: refusing to write over files with uncommitted changes: src/server.ts (commit or stash them first, or pass --allow-dirty)');
    expect(hashTree(dir)).toBe(before);

    const allowed = cli(['migrate', '--allow-dirty', 'src/server.ts'], dir);
    expect(allowed.status).toBe(0);
    expect(readFileSync(server, 'utf8')).toContain('successResult(note)');
    expect(readFileSync(server, 'utf8')).toContain('// local edit');
  });

  it('writes when the files are committed, and ignores dirty files it does not change', () => {
    const dir = sampleProject();
    gitCommitAll(dir);
    writeFileSync(path.join(dir, 'src/clean.ts'), `${readFileSync(path.join(dir, 'src/clean.ts'), 'utf8')}// edit\n`);
    writeFileSync(path.join(dir, 'src/untracked.ts'), 'export const x = 1;\n');
    const run = cli(['migrate', 'src'], dir);
    expect(run.stderr).not.toContain('refusing');
    expect(run.status).toBe(1); // src/broken.ts does not parse
    expect(run.stdout).toMatch(/files written\s+1/);
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toContain('successResult(note)');
  });

  it('counts an untracked file that would be rewritten as uncommitted', () => {
    const dir = sampleProject();
    gitCommitAll(dir);
    writeFileSync(path.join(dir, 'src/new-tool.ts'), SAMPLE['src/server.ts']);
    const run = cli(['migrate'], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('uncommitted changes: src/new-tool.ts (');
  });
});

describe('usage errors exit 2 with one line on stderr', () => {
  const cases: [string, string[], (dir: string) => void, RegExp][] = [
    ['unknown path', ['migrate', 'nope'], () => {}, /^mcp-result-kit: no such file or folder: nope$/],
    ['unknown option', ['migrate', '--bogus'], () => {}, /^mcp-result-kit: unknown option '--bogus'/],
    ['unknown command', ['migrat'], () => {}, /^mcp-result-kit: unknown command 'migrat'/],
    ['bad --format value', ['migrate', '--format', 'fancy'], () => {}, /^mcp-result-kit: --format must be text or json for migrate, got "fancy" \(the helpers' result format is --result-format readable\|structured\|both\)$/],
    ['bad --result-format value', ['migrate', '--result-format', 'fancy'], () => {}, /^mcp-result-kit: option '--result-format <format>' argument 'fancy' is invalid/],
    [
      '--result-format without --local-helpers',
      ['migrate', '--result-format', 'readable'],
      () => {},
      /^mcp-result-kit: --result-format readable sets the default format of a local helpers module, so it needs --local-helpers <path>; with the mcp-result-kit package, use createResultHelpers\(\{ format: 'readable' \}\)/,
    ],
    ['bad regex flag', ['migrate', '--handler-pattern', '(x'], () => {}, /^mcp-result-kit: --handler-pattern "\(x" is not a valid regular expression/],
    [
      'config: unknown key',
      ['migrate'],
      (dir) => writeFileSync(path.join(dir, 'mcp-result-kit.config.json'), '{ "handlerPattern": [] }'),
      /^mcp-result-kit: .*mcp-result-kit\.config\.json: unknown key "handlerPattern" \(known keys: /,
    ],
    [
      'config: wrong type',
      ['check'],
      (dir) => writeFileSync(path.join(dir, 'mcp-result-kit.config.json'), '{ "handlerClasses": "yes" }'),
      /^mcp-result-kit: .*: "handlerClasses" must be true or false, got string "yes"$/,
    ],
    [
      'config: bad regex',
      ['migrate'],
      (dir) => writeFileSync(path.join(dir, 'mcp-result-kit.config.json'), '{ "handlerPatterns": ["[a-"] }'),
      /^mcp-result-kit: .*: "handlerPatterns\[0\]" is not a valid regular expression/,
    ],
    [
      'package.json config: bad format',
      ['migrate'],
      (dir) => writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'x', 'mcp-result-kit': { format: 'pretty' } })),
      /^mcp-result-kit: .*package\.json "mcp-result-kit": "format" must be one of readable, structured, both/,
    ],
    ['missing --config-file', ['migrate', '--config-file', 'none.json'], () => {}, /^mcp-result-kit: config file not found: none\.json$/],
    ['--verify without a tsconfig', ['migrate', '--verify'], (dir) => spawnSync('rm', [path.join(dir, 'tsconfig.json')]), /^mcp-result-kit: --verify needs type information/],
    ['missing --tsconfig', ['migrate', '--tsconfig', 'nope.json'], () => {}, /^mcp-result-kit: tsconfig not found: nope\.json$/],
    [
      '--local-helpers over another file',
      ['migrate', '--dry-run', '--local-helpers', 'src/a.ts'],
      () => {},
      /^mcp-result-kit: --local-helpers: src\/a\.ts already exists and is not a generated helpers module; refusing to overwrite it/,
    ],
    ['--local-helpers with a JavaScript path', ['migrate', '--local-helpers', 'src/results.cjs'], () => {}, /^mcp-result-kit: --local-helpers: src\/results\.cjs must be a \.ts file/],
    ['no command', [], () => {}, /^$/],
  ];

  it.each(cases)('%s', (_label, args, setup, message) => {
    const dir = sampleProject({ files: { 'src/a.ts': 'export const a = 1;\n' } });
    setup(dir);
    const before = hashTree(dir);
    const run = cli(args, dir);
    expect(run.status).toBe(2);
    if (args.length === 0) expect(run.stderr).toContain('Usage: mcp-result-kit');
    else expect(oneLineError(run.stderr)).toMatch(message);
    expect(hashTree(dir)).toBe(before);
  });
});

describe('a JavaScript file the tsconfig does not hold', () => {
  it('is analyzed without the type checker, which knows nothing of its nodes (it crashed TypeScript before)', () => {
    const dir = sampleProject({
      files: {
        'index.js': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { store } from './store.js';

const server = new McpServer({ name: 'reports', version: '1.0.0' });
server.tool('list', async () => {
  const items = await store.list();
  const lines = items.map((item) => \`- \${item.name}\`).join('\\n');
  return { content: [{ type: 'text', text: \`Items:\\n\${lines}\` }] };
});
server.tool('status', async () => 'All systems go');
`,
        'store.js': "export const store = { list: async () => [{ name: 'a' }] };\n",
        'package.json': '{ "type": "module" }\n',
      },
    });
    // The sample tsconfig includes src/ only, so index.js is outside its program.
    const run = cli(['migrate', '--dry-run', 'index.js'], dir);
    expect(run.stderr).not.toMatch(/mcp-result-kit: (?!note|warning)/);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("+server.tool('status', async () => successResult('All systems go'));");
  });
});

describe('migrate --verify', () => {
  const files = {
    'src/tools.ts': `export async function handleSearch(query: string): Promise<string> {
  if (!query) return 'Error: query is empty';
  return \`Found \${query.length} results\`;
}
`,
    'src/caller.ts': `import { handleSearch } from './tools.js';

// Passes the text on as a string (not taken apart here, so migrate cannot see it is data).
export async function summary(): Promise<string> {
  const text: string = await handleSearch('abc');
  return text;
}
`,
    'src/ok.ts': `export async function handleEcho(text: string): Promise<string> {
  return JSON.stringify({ text }, null, 2);
}
`,
  };

  it('reports the new errors by file and line, writes every file and exits 1', () => {
    const dir = sampleProject({ files });
    const run = cli(['migrate', '--verify', '--handler-pattern', '^handle[A-Z]'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("Verify: the migration added 1 TypeScript error:\n  src/caller.ts\n    5:9  TS2322  Type 'ToolResult' is not assignable to type 'string'.");
    expect(run.stdout).toContain('The files were written as migrated; --verify=rollback leaves the files that cause these errors as they are.');
    expect(run.stdout).toMatch(/files written\s+2/);
    expect(run.stdout).not.toMatch(/files rolled back/);
    expect(readFileSync(path.join(dir, 'src/tools.ts'), 'utf8')).toContain("if (!query) return errorTextResult('Error: query is empty');");
    expect(tsc(dir).status).toBe(2);
  });

  it('takes a path after --verify as a path, not as its mode', () => {
    const dir = sampleProject({ files });
    const run = cli(['migrate', '--verify', 'src/ok.ts', '--handler-pattern', '^handle[A-Z]'], dir);
    expect(run.stdout).toContain('Verify: no new TypeScript errors.');
    expect(run.stdout).toMatch(/files scanned\s+1\n/);
    expect(run.status).toBe(0);
  });

  it('--verify=rollback rolls back the files whose rewrite breaks the build, writes the rest and exits 1', () => {
    const dir = sampleProject({ files });
    const tools = readFileSync(path.join(dir, 'src/tools.ts'), 'utf8');
    const run = cli(['migrate', '--verify=rollback', '--handler-pattern', '^handle[A-Z]'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('Verify: the migration added 1 TypeScript error:\n  src/caller.ts\n    5:9  TS2322');
    expect(run.stdout).toContain('Rolled back (left as they were, not written): src/tools.ts');
    expect(run.stdout).toMatch(/files written\s+1/);
    expect(run.stdout).toMatch(/files rolled back\s+1/);
    expect(readFileSync(path.join(dir, 'src/tools.ts'), 'utf8')).toBe(tools);
    expect(readFileSync(path.join(dir, 'src/ok.ts'), 'utf8')).toContain('return jsonResult({ text });');
    expect(tsc(dir).status).toBe(0);
  });

  it('reports the new errors and the rollback in --json', () => {
    const dir = sampleProject({ files });
    const run = cli(['migrate', '--verify=rollback', '--dry-run', '--json', '--handler-pattern', '^handle[A-Z]'], dir);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as { errors: { file: string; line: number; message: string }[]; changes: { file: string }[] };
    expectMigrateReport(report);
    expect(report.errors).toEqual([
      { file: 'src/caller.ts', line: 5, column: expect.any(Number) as unknown as number, message: expect.stringMatching(/^TS2322: .*\(new after the migration\)$/) as unknown as string },
      { file: 'src/tools.ts', line: 1, column: 1, message: expect.stringMatching(/^rolled back/) as unknown as string },
    ]);
    expect(report.changes.every((change) => change.file === 'src/ok.ts')).toBe(true);
  });

  it('exits 0 when the migration adds no errors', () => {
    const dir = sampleProject();
    const run = cli(['migrate', '--verify', 'src/server.ts', 'src/search.ts', 'src/clean.ts'], dir);
    expect(run.stdout).toContain('Verify: no new TypeScript errors.');
    expect(run.status).toBe(0);
  });
});

describe('migrate --local-helpers', () => {
  it('writes a self-contained module, imports it by relative path, and the project typechecks', () => {
    const dir = sampleProject();
    // No mcp-result-kit in node_modules: the migrated code must not need it.
    spawnSync('rm', [path.join(dir, 'node_modules/mcp-result-kit')]);
    writeFileSync(path.join(dir, 'src/clean.ts'), "export const clean = true;\n");
    rmSync(path.join(dir, 'src/broken.ts'));
    const run = cli(['migrate', '--local-helpers', 'src/lib/results.ts', '--result-format', 'readable', '--verify'], dir);
    expect(run.stderr).not.toContain('mcp-result-kit: refusing');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Wrote the local helpers module src/lib/results.ts.');
    const helpers = readFileSync(path.join(dir, 'src/lib/results.ts'), 'utf8');
    expect(helpers).toContain("export const DEFAULT_RESULT_FORMAT: ResultFormat = 'readable';");
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toContain("import { errorTextResult, jsonResult, successResult } from './lib/results.js';");
    expect(tsc(dir)).toEqual({ status: 0, output: '' });

    // A second run keeps the module; a different format for it is refused.
    expect(cli(['migrate', '--dry-run', '--local-helpers', 'src/lib/results.ts', '--result-format', 'readable'], dir).status).toBe(0);
    const other = cli(['migrate', '--dry-run', '--local-helpers', 'src/lib/results.ts', '--result-format', 'structured'], dir);
    expect(other.status).toBe(2);
    expect(other.stderr).toMatch(/already exists with format 'readable', not 'structured'/);
  });

  it('shows the new module in the dry-run diff without writing it', () => {
    const dir = sampleProject();
    const run = cli(['migrate', '--dry-run', '--local-helpers', 'src/results.ts'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('--- /dev/null\n+++ b/src/results.ts');
    expect(existsSync(path.join(dir, 'src/results.ts'))).toBe(false);
  });
});

describe('handler options from the config file', () => {
  const files = {
    'src/handlers.ts': `export async function handleGreet(args: { name: string }): Promise<string> {
  return \`Hello \${args.name}\`;
}
`,
    'src/skip/ignored.ts': `export async function handleOther(): Promise<string> {
  return 'x';
}
`,
  };

  it('uses handlerPatterns, include and exclude from mcp-result-kit.config.json; flags override', () => {
    const dir = sampleProject({ files });
    writeFileSync(path.join(dir, 'mcp-result-kit.config.json'), JSON.stringify({ handlerPatterns: ['^handle[A-Z]'], exclude: ['src/skip/**'] }));
    const run = cli(['migrate', '--dry-run', '--json'], dir);
    const report = JSON.parse(run.stdout) as { filesScanned: number; handlers: number; changes: { tool: string | null }[] };
    expect(report.filesScanned).toBe(1);
    expect(report.handlers).toBe(1);
    expect(report.changes.length).toBeGreaterThan(0);

    const overridden = JSON.parse(cli(['migrate', '--dry-run', '--json', '--handler-pattern', '^nothing$', '--exclude', 'nothing'], dir).stdout) as { filesScanned: number; handlers: number };
    expect(overridden).toMatchObject({ filesScanned: 2, handlers: 0 });
  });
});
