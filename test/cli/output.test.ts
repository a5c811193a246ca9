// Terminal output: diff colouring, the progress bar, and the CLI's exit codes in-process.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { colorizeDiff, renderDiff, unifiedDiff } from '../../cli/diff.js';
import { useColor, type Io } from '../../cli/io.js';
import { createProgress, shouldShowProgress } from '../../cli/progress.js';
import { run } from '../../cli/program.js';
import { cleanupTemporaries, tempDir, writeTree } from './helpers.js';

afterAll(cleanupTemporaries);

function fakeIo(overrides: Partial<Io> = {}): Io & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { cwd: process.cwd(), env: {}, stdout: (text) => void out.push(text), stderr: (text) => void err.push(text), stdoutIsTTY: false, stderrIsTTY: false, columns: 80, out, err, ...overrides };
}

describe('diffs', () => {
  it('is a plain unified diff with a/ b/ names', () => {
    expect(unifiedDiff('src/a.ts', 'one\ntwo\n', 'one\n2\n')).toBe('--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n');
    expect(unifiedDiff('new.ts', null, 'x\n')).toMatch(/^--- \/dev\/null\n\+\+\+ b\/new\.ts\n@@ -0,0 \+1(,1)? @@\n\+x\n$/);
  });

  it('colours only when asked', () => {
    const plain = renderDiff('a.ts', 'a\n', 'b\n', false);
    expect(plain).not.toContain('\u001b[');
    const coloured = renderDiff('a.ts', 'a\n', 'b\n', true);
    expect(coloured).toContain('\u001b[32m+b\u001b[39m');
    expect(coloured).toContain('\u001b[31m-a\u001b[39m');
    expect(colorizeDiff('@@ -1 +1 @@')).toBe('\u001b[36m@@ -1 +1 @@\u001b[39m');
  });

  it('uses colour for a TTY stdout without NO_COLOR', () => {
    expect(useColor(fakeIo({ stdoutIsTTY: true }))).toBe(true);
    expect(useColor(fakeIo({ stdoutIsTTY: true, env: { NO_COLOR: '1' } }))).toBe(false);
    expect(useColor(fakeIo({ stdoutIsTTY: false }))).toBe(false);
  });

  it('honours FORCE_COLOR as chalk and picocolors do, and --color / --no-color above all', () => {
    expect(useColor(fakeIo({ stdoutIsTTY: false, env: { FORCE_COLOR: '1' } }))).toBe(true);
    expect(useColor(fakeIo({ stdoutIsTTY: false, env: { FORCE_COLOR: '' } }))).toBe(true);
    expect(useColor(fakeIo({ stdoutIsTTY: true, env: { FORCE_COLOR: '0' } }))).toBe(false);
    expect(useColor(fakeIo({ stdoutIsTTY: true, env: { FORCE_COLOR: 'false' } }))).toBe(false);
    expect(useColor(fakeIo({ stdoutIsTTY: false, env: { FORCE_COLOR: '1', NO_COLOR: '1' } }))).toBe(true);
    expect(useColor(fakeIo({ stdoutIsTTY: false, env: {} }), true)).toBe(true);
    expect(useColor(fakeIo({ stdoutIsTTY: true, env: { FORCE_COLOR: '1' } }), false)).toBe(false);
  });
});

describe('progress', () => {
  it('shows only on a TTY stderr, outside CI, for more than 50 files', () => {
    expect(shouldShowProgress(fakeIo({ stderrIsTTY: true }), 51)).toBe(true);
    expect(shouldShowProgress(fakeIo({ stderrIsTTY: true }), 50)).toBe(false);
    expect(shouldShowProgress(fakeIo({ stderrIsTTY: false }), 500)).toBe(false);
    expect(shouldShowProgress(fakeIo({ stderrIsTTY: true, env: { CI: 'true' } }), 500)).toBe(false);
    expect(shouldShowProgress(fakeIo({ stderrIsTTY: true, env: { CI: 'false' } }), 500)).toBe(true);
  });

  it('draws a bar and clears it', () => {
    const io = fakeIo({ stderrIsTTY: true, columns: 60 });
    const progress = createProgress(io, 100);
    progress.update(1, 100);
    progress.update(100, 100);
    progress.finish();
    expect(io.err[0]).toMatch(/^\r\[-+\] {3}1\/100 files$/);
    expect(io.err[1]).toMatch(/^\r\[#+\] 100\/100 files$/);
    expect(io.err.at(-1)).toBe('\r\u001b[2K');
  });

  it('is drawn by migrate for a big tree on a TTY', async () => {
    const dir = tempDir();
    const files: Record<string, string> = { 'tsconfig.json': '{ "include": ["src"] }' };
    for (let i = 0; i < 60; i++) files[`src/f${i}.ts`] = `export const x${i} = ${i};\n`;
    writeTree(dir, files);
    const io = fakeIo({ cwd: dir, stderrIsTTY: true });
    expect(await run(['migrate', '--dry-run', '--json'], io)).toBe(0);
    expect(io.err.join('')).toMatch(/\[#+\] 60\/60 files/);
    expect(JSON.parse(io.out.join('')).filesScanned).toBe(60);
    const quiet = fakeIo({ cwd: dir, stderrIsTTY: true, env: { CI: '1' } });
    await run(['migrate', '--dry-run', '--json'], quiet);
    // No bar; only the note that no tool handler was recognised.
    expect(quiet.err.join('')).toBe('mcp-result-kit: warning: no MCP tool handler was recognised in 60 files; see --handler-pattern and --registration-method (docs/cli.md)\n');
  });
});

describe('run (in-process)', () => {
  it('returns exit codes and prints usage errors on one line', async () => {
    const dir = tempDir();
    writeTree(dir, { 'src/a.ts': "export function handleA(): string {\n  return 'a';\n}\n" });
    const version = fakeIo({ cwd: dir });
    expect(await run(['--version'], version)).toBe(0);
    expect(version.out.join('')).toMatch(/^\d+\.\d+\.\d+\n$/);

    const missing = fakeIo({ cwd: dir });
    expect(await run(['migrate', 'nowhere'], missing)).toBe(2);
    expect(missing.err).toEqual(['mcp-result-kit: no such file or folder: nowhere\n']);

    const dry = fakeIo({ cwd: dir });
    expect(await run(['migrate', '--dry-run', '--tsconfig', path.join(dir, 'none.json')], dry)).toBe(2);
    expect(await run(['migrate', '--dry-run', '--handler-pattern', '^handle'], fakeIo({ cwd: dir }))).toBe(1);
    expect(await run(['migrate', '--dry-run'], fakeIo({ cwd: dir }))).toBe(0);
  });
});
