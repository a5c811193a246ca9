// `migrate --prove` end to end on copies of two small servers: a TypeScript one with a build step
// and a plain-JS one without. Each is recorded, migrated, (built,) replayed and compared in one
// command; a regression puts the files of the tools concerned back.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesToRollBack } from '../../src/cli/prove.js';
import type { FileResult } from '../../transforms/runner.js';
import { BIN, builtBinaryExists, cleanupTemporaries, FIXTURES, ROOT, tempDir } from '../cli/helpers.js';

afterAll(cleanupTemporaries);

beforeAll(() => {
  if (!builtBinaryExists()) throw new Error('build first: npm run build');
});

/** A copy of a fixture server with the kit's node_modules linked in. */
function project(name: string): string {
  const dir = path.join(tempDir('mrk-prove-'), name);
  cpSync(path.join(FIXTURES, 'probe', 'prove', name), dir, { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

function prove(dir: string, args: string[]) {
  const result = spawnSync(process.execPath, [BIN, 'migrate', '--prove', ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, CI: '' },
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

  it('a plain-JS server without a build step: proven', () => {
    const dir = project('js-server');
    const run = prove(dir, ['index.mjs', '--', process.execPath, 'index.mjs']);
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('Built');
    expect(run.stdout).toMatch(/✔ find_job +gained isError/);
    expect(run.stdout).toMatch(/✔ proven/);
  }, 120_000);

  it('rolls back the file of a tool that regressed, and exits 1', () => {
    const dir = project('js-server');
    const source = path.join(dir, 'index.mjs');
    // A server that behaves differently once migrated: usage says "degraded" when its own source imports the kit.
    const broken = readFileSync(source, 'utf8')
      .replace("import { z } from 'zod';", "import { z } from 'zod';\nimport { readFileSync } from 'node:fs';\nconst migrated = readFileSync(new URL(import.meta.url), 'utf8').includes(['from', \"'mcp-result-kit'\"].join(' '));")
      .replace('status: ok', "status: ${migrated ? 'degraded' : 'ok'}");
    writeFileSync(source, broken);
    const run = prove(dir, ['index.mjs', '--', process.execPath, 'index.mjs']);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/✖ usage +text changed/);
    expect(run.stdout).toMatch(/usage: text changed: line 2: "status: ok" → "status: degraded"/);
    expect(run.stdout).toMatch(/✖ 1 regression in usage; rolled back \(left as they were\): index\.mjs/);
    expect(readFileSync(source, 'utf8')).toBe(broken);
  }, 120_000);

  it('says what is missing or wrong: no server command, --dry-run, a bad --startup-timeout', () => {
    const dir = project('js-server');
    expect(prove(dir, ['index.mjs'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/--prove needs the command that starts the server, after --/) });
    expect(prove(dir, ['--dry-run', '--', process.execPath, 'index.mjs'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/cannot be combined with --dry-run/) });
    expect(prove(dir, ['--startup-timeout', 'soon', '--', process.execPath, 'index.mjs'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/--startup-timeout must be a whole number of milliseconds above 0, not "soon"/) });
  }, 120_000);
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
