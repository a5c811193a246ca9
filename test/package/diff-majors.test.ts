// `mcp-result-kit/unified-diff` with every `diff` major its optional peer range accepts (4 to 9):
// the packed runtime is unpacked beside each, and the same diffs come out of the ES module and the
// CommonJS build. The range is that wide so that npm never moves a server's own `diff` to satisfy it
// (install.test.ts shows npm leaving a dev tool's diff 4 in place).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanupProjects, nodeEval, npmInstall, packTarballs, RUNTIME_DIR, tempProject } from './npm-project.js';

// npm installs (the first run on a machine downloads): minutes, not seconds.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

/** The newest release of each major in the peer range. */
const MAJORS = ['4', '5', '6', '7', '8', '9'];

const LINES = Array.from({ length: 12 }, (_, index) => `line ${index + 1}`).join('\n');

/** [path, before, after, context] and the diff every major must give. */
const CASES: Array<[string, string, string, number | undefined, string]> = [
  ['src/a.ts', 'one\ntwo\nthree\n', 'one\nTWO\nthree\n', undefined, '--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1,3 +1,3 @@\n one\n-two\n+TWO\n three'],
  ['f', `${LINES}\n`, `${LINES.replace('line 2\n', 'line two\n').replace('line 11', 'line eleven')}\n`, 1, '--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n line 1\n-line 2\n+line two\n line 3\n@@ -10,3 +10,3 @@\n line 10\n-line 11\n+line eleven\n line 12'],
  ['f', `${LINES}\n`, `${LINES.replace('line 6', 'line six')}\n`, 0, '--- a/f\n+++ b/f\n@@ -6,1 +6,1 @@\n-line 6\n+line six'],
  ['g', 'a\nb\nc\n', 'a\nc\n', 0, '--- a/g\n+++ b/g\n@@ -2,1 +1,0 @@\n-b'],
  ['new.ts', '', 'a\nb\n', undefined, '--- a/new.ts\n+++ b/new.ts\n@@ -0,0 +1,2 @@\n+a\n+b'],
  ['gone.ts', 'a', '', undefined, '--- a/gone.ts\n+++ b/gone.ts\n@@ -1,1 +0,0 @@\n-a\n\\ No newline at end of file'],
  ['h', 'a\nb', 'a\nc', undefined, '--- a/h\n+++ b/h\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file'],
  ['crlf.txt', 'a\r\nb\r\n', 'a\nB\n', undefined, '--- a/crlf.txt\n+++ b/crlf.txt\n@@ -1,2 +1,2 @@\n a\n-b\n+B'],
];

const call = `JSON.stringify(${JSON.stringify(CASES.map(([file, before, after, context]) => [file, before, after, context]))}.map(([file, before, after, context]) => m.formatUnifiedDiff(file, before, after, context === null ? undefined : { context })))`;

let runtimeTarball: string;
beforeAll(() => {
  runtimeTarball = packTarballs().runtime;
});
afterAll(cleanupProjects);

describe('formatUnifiedDiff with each diff major the peer range accepts', () => {
  it('the range is exactly the majors tested here', () => {
    const manifest = JSON.parse(readFileSync(path.join(RUNTIME_DIR, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> };
    expect(manifest.peerDependencies.diff).toBe(MAJORS.map((major) => `^${major}.0.0`).join(' || '));
  });

  it.each(MAJORS)('diff %s', (major) => {
    const project = tempProject(`diff-${major}`, { type: 'module' });
    npmInstall(project, [`diff@${major}`]);
    const target = path.join(project, 'node_modules/mcp-result-kit');
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['-xzf', runtimeTarball, '-C', target, '--strip-components=1']);
    const esm = nodeEval(project, ['--input-type=module', '-e', `import('mcp-result-kit/unified-diff').then((m) => process.stdout.write(${call}))`]);
    const cjs = nodeEval(project, ['--input-type=commonjs', '-e', `const m = require('mcp-result-kit/unified-diff'); process.stdout.write(${call})`]);
    expect(JSON.parse(esm)).toEqual(CASES.map((item) => item[4]));
    expect(cjs).toBe(esm);
  });
});
