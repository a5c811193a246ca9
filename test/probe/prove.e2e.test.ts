// `migrate --prove` end to end on copies of two small servers: a TypeScript one with a build step
// and a plain-JS one without. Each is recorded, migrated, (built,) replayed and compared in one
// command; a regression puts the files of the tools concerned back.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesToRollBack } from '../../cli/prove.js';
import type { FileResult } from '../../transforms/runner.js';
import { BIN, builtBinaryExists, cleanupTemporaries, FIXTURES, ROOT, tempDir } from '../cli/helpers.js';

afterAll(cleanupTemporaries);

beforeAll(() => {
  if (!builtBinaryExists()) throw new Error('build first: npm run build');
});

/** A copy of a fixture server with the kit's node_modules linked in (or none: nothing installed). */
function project(name: string, options: { installed?: boolean } = {}): string {
  const dir = path.join(tempDir('mrk-prove-'), name);
  cpSync(path.join(FIXTURES, 'probe', 'prove', name), dir, { recursive: true });
  if (options.installed !== false) symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** package.json with mcp-result-kit moved from dependencies to `field`, or dropped. */
function listRuntimeIn(dir: string, field: 'devDependencies' | undefined): void {
  const file = path.join(dir, 'package.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { dependencies: Record<string, string>; devDependencies?: Record<string, string> };
  const range = manifest.dependencies['mcp-result-kit'];
  delete manifest.dependencies['mcp-result-kit'];
  if (field) manifest[field] = { 'mcp-result-kit': range };
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Every file of the project but node_modules, with its text: what "nothing written" compares. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !file.includes(`${path.sep}node_modules${path.sep}`)) files[path.relative(dir, file)] = readFileSync(file, 'utf8');
  }
  return files;
}

function prove(dir: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [BIN, 'migrate', '--prove', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, CI: '', ...env },
    timeout: 240_000,
    killSignal: 'SIGKILL',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('migrate --prove', () => {
  it('a TypeScript server with a build step: recorded, migrated, built, replayed; proven', () => {
    const dir = project('ts-server');
    expect(spawnSync('npm', ['run', 'build'], { cwd: dir, encoding: 'utf8' }).status).toBe(0);
    const run = prove(dir, ['src', '--', process.execPath, 'build/index.js']);
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Built the migrated project (npm run build).');
    expect(run.stdout).toMatch(/✔ find_job +gained isError/);
    expect(run.stdout).toMatch(/✔ usage +same/);
    expect(run.stdout).toMatch(/✔ proven: \d+ calls, 0 regressions; 1 migrated file kept/);
    expect(readFileSync(path.join(dir, 'src/index.ts'), 'utf8')).toContain('mcp-result-kit');
    expect(readFileSync(path.join(dir, 'build/index.js'), 'utf8')).toContain('mcp-result-kit');
  }, 300_000);

  it('a plain-JS server without a build step: proven, and its temp folder removed', () => {
    const dir = project('js-server');
    const temp = tempDir('mrk-prove-tmp-');
    const run = prove(dir, ['index.mjs', '--', process.execPath, 'index.mjs'], { TMPDIR: temp });
    expect(run.status).toBe(0);
    expect(readdirSync(temp)).toEqual([]);
    expect(run.stdout).toContain('Recorded job-board-js: 3 calls to 2 tools (1 reached a success, 1 failed with isError, 1 failed without it), made against two starts of the server');
    expect(run.stdout).not.toContain('Built');
    expect(run.stdout).toMatch(/Time: record \(two starts\) \d+:\d\d, migrate \d+:\d\d, replay \d+:\d\d; \d+:\d\d in all/);
    expect(run.stdout).toMatch(/✔ find_job +gained isError/);
    expect(run.stdout).toMatch(/✔ proven/);
  }, 120_000);

  it('tools without readOnlyHint: refused naming --allow-writes and --scenario, then proven with --allow-writes', () => {
    const dir = project('js-server');
    const source = path.join(dir, 'index.mjs');
    writeFileSync(source, readFileSync(source, 'utf8').replaceAll(', annotations: { readOnlyHint: true }', ''));
    const refused = prove(dir, ['index.mjs', '--', process.execPath, 'index.mjs']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/--prove: nothing was called: all 2 tools may write \(find_job, usage: not annotated readOnlyHint: true\); pass --allow-writes to call them with generated arguments \(path parameters get files in the proof's scratch folder; .*\), or give --scenario <file> with the calls to make; nothing was written/);
    expect(refused.stderr).not.toContain('--cwd');
    const run = prove(dir, ['index.mjs', '--allow-writes', '--', process.execPath, 'index.mjs']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/✔ find_job +gained isError/);
    expect(run.stdout).toMatch(/✔ proven/);
  }, 120_000);

  it('--scenario: the calls recorded are the scenario\'s', () => {
    const dir = project('js-server');
    writeFileSync(path.join(dir, 'calls.json'), JSON.stringify([{ tool: 'find_job', arguments: { name: 'backup' } }, { tool: 'find_job', arguments: { name: 'restore' } }]));
    const run = prove(dir, ['index.mjs', '--scenario', 'calls.json', '--', process.execPath, 'index.mjs']);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Recorded job-board-js: 2 calls to 2 tools (1 reached a success, 0 failed with isError, 1 failed without it)');
    expect(run.stdout).toMatch(/✔ find_job +same, gained isError/);
    expect(run.stdout).not.toMatch(/usage/);
  }, 120_000);

  it('rolls back the file of a tool that regressed, exits 1, and removes its temp folder', () => {
    const dir = project('js-server');
    const source = path.join(dir, 'index.mjs');
    // A server that behaves differently once migrated: usage says "degraded" when its own source imports the kit.
    const broken = readFileSync(source, 'utf8')
      .replace("import { z } from 'zod';", "import { z } from 'zod';\nimport { readFileSync } from 'node:fs';\nconst migrated = readFileSync(new URL(import.meta.url), 'utf8').includes(['from', \"'mcp-result-kit'\"].join(' '));")
      .replace('status: ok', "status: ${migrated ? 'degraded' : 'ok'}");
    writeFileSync(source, broken);
    const temp = tempDir('mrk-prove-tmp-');
    const run = prove(dir, ['index.mjs', '--', process.execPath, 'index.mjs'], { TMPDIR: temp });
    expect(run.status).toBe(1);
    expect(readdirSync(temp)).toEqual([]);
    expect(run.stdout).toMatch(/✖ usage +text changed/);
    expect(run.stdout).toMatch(/usage: text changed: line 2: "status: ok" → "status: degraded"/);
    expect(run.stdout).toMatch(/✖ 1 regression in usage; rolled back \(left as they were\): index\.mjs/);
    expect(readFileSync(source, 'utf8')).toBe(broken);
  }, 120_000);

  it('rolling back every migrated file also removes the helpers module the migration wrote', () => {
    const dir = project('ts-server');
    listRuntimeIn(dir, undefined);
    const source = path.join(dir, 'src/index.ts');
    // Once built from migrated sources, which import the helpers module, usage says "degraded".
    const broken = readFileSync(source, 'utf8')
      .replace("import { z } from 'zod';", "import { z } from 'zod';\nimport { readFileSync } from 'node:fs';\nconst migrated = readFileSync(new URL(import.meta.url), 'utf8').includes(['result', 'helpers'].join('-'));")
      .replace('status: ok', "status: ${migrated ? 'degraded' : 'ok'}");
    writeFileSync(source, broken);
    expect(spawnSync('npm', ['run', 'build'], { cwd: dir, encoding: 'utf8' }).status).toBe(0);
    const run = prove(dir, ['src', '--local-helpers', 'src/result-helpers.ts', '--', process.execPath, 'build/index.js']);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/✖ 1 regression in usage; rolled back \(left as they were\): src\/index\.ts/);
    expect(run.stdout).toMatch(/Time: record \(two starts\) \d+:\d\d, migrate \d+:\d\d, build \d+:\d\d, replay \d+:\d\d, roll back and rebuild \d+:\d\d; \d+:\d\d in all/);
    expect(readFileSync(source, 'utf8')).toBe(broken);
    expect(existsSync(path.join(dir, 'src/result-helpers.ts'))).toBe(false);
    expect(readFileSync(path.join(dir, 'build/index.js'), 'utf8')).not.toContain('./result-helpers.js');
  }, 300_000);

  it('says what is missing or wrong: no server command, --dry-run, a bad --startup-timeout', () => {
    const dir = project('js-server');
    expect(prove(dir, ['index.mjs'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/--prove needs the command that starts the server, after --/) });
    expect(prove(dir, ['--dry-run', '--', process.execPath, 'index.mjs'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/cannot be combined with --dry-run/) });
    expect(prove(dir, ['--startup-timeout', 'soon', '--', process.execPath, 'index.mjs'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/--startup-timeout must be a whole number of milliseconds above 0, not "soon"/) });
    const withoutProve = spawnSync(process.execPath, [BIN, 'migrate', 'index.mjs', '--allow-writes'], { cwd: dir, encoding: 'utf8' });
    expect(withoutProve).toMatchObject({ status: 2, stderr: expect.stringMatching(/--allow-writes and --scenario are for --prove/) });
  }, 120_000);
});

describe('migrate --prove checks before it records', () => {
  /** Exit 2 with the message, before the server started: nothing on stdout, no file changed, no temp folder left. */
  function refused(dir: string, args: string[], message: RegExp) {
    const files = snapshot(dir);
    const temp = tempDir('mrk-prove-tmp-');
    const run = prove(dir, args, { TMPDIR: temp });
    expect(run.stderr).toMatch(message);
    expect(run.status).toBe(2);
    expect(run.stdout).not.toContain('Recorded');
    expect(snapshot(dir)).toEqual(files);
    expect(readdirSync(temp)).toEqual([]);
    return run;
  }

  it('refuses a server whose package.json lists mcp-result-kit only in devDependencies, naming the fixes', () => {
    const dir = project('js-server');
    listRuntimeIn(dir, 'devDependencies');
    const run = refused(dir, ['index.mjs', '--', process.execPath, 'index.mjs'], /--prove: the migrated files would import mcp-result-kit at run time, but package\.json lists it only in devDependencies/);
    expect(run.stderr).toContain('install it as a dependency first: npm install --save-prod mcp-result-kit');
    expect(run.stderr).toContain('--local-helpers <path>');
    expect(run.stderr).toMatch(/nothing was recorded or written/);
  }, 60_000);

  it('refuses a server that does not list mcp-result-kit, even when a copy resolves through another package', () => {
    const dir = project('js-server');
    listRuntimeIn(dir, undefined);
    refused(dir, ['index.mjs', '--', process.execPath, 'index.mjs'], /does not list it in its dependencies.*--add-dependency.*--local-helpers <path>.*nothing was recorded or written/);
  }, 60_000);

  it('refuses a dependency that is listed but not installed, also with --add-dependency', () => {
    const dir = project('js-server', { installed: false });
    refused(dir, ['index.mjs', '--', process.execPath, 'index.mjs'], /it is not installed \(package\.json lists it in dependencies\), so the migrated server could not start; install it first: npm install /);
    listRuntimeIn(dir, undefined);
    refused(dir, ['index.mjs', '--add-dependency', '--', process.execPath, 'index.mjs'], /it is not installed, so the migrated server could not start; install it first: npm install mcp-result-kit/);
  }, 60_000);

  it('takes --local-helpers instead of the dependency: the helpers are the project\'s own file', () => {
    const dir = project('ts-server');
    listRuntimeIn(dir, undefined);
    expect(spawnSync('npm', ['run', 'build'], { cwd: dir, encoding: 'utf8' }).status).toBe(0);
    const run = prove(dir, ['src', '--local-helpers', 'src/result-helpers.ts', '--', process.execPath, 'build/index.js']);
    expect(run.stderr).not.toMatch(/would import/);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/✔ proven/);
    expect(run.stdout).toMatch(/Time: record \(two starts\) \d+:\d\d, migrate \d+:\d\d, build \d+:\d\d, replay \d+:\d\d; \d+:\d\d in all/);
    expect(readFileSync(path.join(dir, 'src/index.ts'), 'utf8')).toContain("from './result-helpers.js'");
  }, 300_000);

  it('refuses a command whose entry file is not built yet, naming the build', () => {
    const dir = project('ts-server');
    refused(dir, ['src', '--', process.execPath, 'build/index.js'], /--prove: the server's command names build\/index\.js, which does not exist in .*; build the project first \(npm run build\), then run --prove again; nothing was recorded or written/);
  }, 60_000);

  it('plans the migration before it records: uncommitted changes are refused before the server starts', () => {
    const dir = project('js-server');
    const git = (...args: string[]) => expect(spawnSync('git', args, { cwd: dir, encoding: 'utf8' }).status).toBe(0);
    git('init', '-q');
    git('add', 'index.mjs', 'package.json');
    git('-c', 'user.name=probe', '-c', 'user.email=probe@example.com', 'commit', '-q', '-m', 'server');
    writeFileSync(path.join(dir, 'index.mjs'), `${readFileSync(path.join(dir, 'index.mjs'), 'utf8')}// work in progress\n`);
    refused(dir, ['index.mjs', '--', process.execPath, 'index.mjs'], /refusing to write over files with uncommitted changes: index\.mjs/);
  }, 60_000);

  it('does not start the server when the migration changes nothing', () => {
    const dir = project('js-server');
    writeFileSync(path.join(dir, 'plain.mjs'), 'export const answer = 42;\n');
    const temp = tempDir('mrk-prove-tmp-');
    // A command that could not start: it is never run.
    const run = prove(dir, ['plain.mjs', '--', process.execPath, '-e', 'process.exit(3)'], { TMPDIR: temp });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Nothing to prove: the migration changed no file (the server was not started).');
    expect(run.stdout).not.toContain('Recorded');
    expect(readdirSync(temp)).toEqual([]);
  }, 60_000);

  it('refuses a command that does not exist, or a server that exits at start, before anything is written', () => {
    const dir = project('js-server');
    refused(dir, ['index.mjs', '--', 'no-such-server-command-i25'], /could not record the server before the migration, so nothing was recorded or written: .*no-such-server-command-i25.*command not found/);
    refused(dir, ['index.mjs', '--', process.execPath, '-e', 'process.exit(3)'], /could not record the server before the migration, so nothing was recorded or written: .*stopped before it answered initialize: it exited with code 3/);
  }, 60_000);
});

describe('migrate --prove interrupted', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ])('%s while the server starts: exit %i, nothing written, the temp folder removed', (signal, code) => {
    const dir = project('js-server');
    const files = snapshot(dir);
    const temp = tempDir('mrk-prove-tmp-');
    const run = prove(dir, ['index.mjs', '--', process.execPath, path.join(FIXTURES, 'probe', 'servers', 'interrupts.mjs')], { TMPDIR: temp, PROBE_SIGNAL: signal });
    expect(run.status).toBe(code);
    expect(run.stdout).not.toContain('Recorded');
    expect(snapshot(dir)).toEqual(files);
    expect(readdirSync(temp)).toEqual([]);
  }, 60_000);
});

describe('filesToRollBack', () => {
  const file = (name: string, tools: Array<string | null>): FileResult =>
    ({ fileName: name, originalText: '', text: 'x', changed: true, handlers: 1, changes: tools.map((toolName) => ({ toolName })), diagnostics: [] }) as unknown as FileResult;

  it('takes the files whose rewrites name a regressed tool', () => {
    const a = file('a.ts', ['find_job']);
    const b = file('b.ts', ['usage']);
    expect(filesToRollBack(['find_job'], [a, b])).toEqual([a]);
    expect(filesToRollBack([], [a, b])).toEqual([]);
  });

  it('takes every written file when a regressed tool is in none of them by name', () => {
    const a = file('a.ts', [null]);
    const b = file('b.ts', ['usage']);
    expect(filesToRollBack(['find_job'], [a, b])).toEqual([a, b]);
  });
});
