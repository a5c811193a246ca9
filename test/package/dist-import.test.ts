// Imports the *built* packages by name, the way a consumer would: the runtime (`mcp-result-kit`,
// the workspace package) with `import` and with `require`, and the tools' entry points through the
// root package's self-reference. A broken exports map or a missing re-export fails here.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const runtime = resolve(root, 'packages/runtime');

const RUNTIME_EXPORTS = [
  'successResult',
  'errorResult',
  'errorTextResult',
  'jsonResult',
  'toCallToolResult',
  'createResultHelpers',
  'toJsonSafe',
  'DEFAULT_RESULT_FORMAT',
  'formatGrepMatches',
  'formatDiff',
  'formatFileContent',
  'truncateText',
  'truncateList',
  'formatSections',
  'redactSecrets',
  'isCallToolResult',
  'resultText',
  'extractMcpContent',
  'classifyLine',
  'renderAnsi',
  'renderHtml',
];

// The same script for both formats; `load` is `import(...)` or `require(...)`.
const script = (load: string) => `
Promise.resolve(${load}).then((m) => {
  const ok = m.successResult('Deleted a.ts', { path: 'a.ts' });
  const json = m.jsonResult({ when: new Date(0) }, { indent: 0 });
  process.stdout.write(JSON.stringify({
    types: Object.fromEntries(${JSON.stringify(RUNTIME_EXPORTS)}.map((name) => [name, typeof m[name]])),
    ok,
    json,
    isResult: m.isCallToolResult(ok),
    defaultFormat: m.DEFAULT_RESULT_FORMAT,
    unifiedDiffInMain: 'formatUnifiedDiff' in m,
  }));
});
`;

function runNode(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8' });
}

interface RuntimeView {
  types: Record<string, string>;
  ok: unknown;
  json: unknown;
  isResult: boolean;
  defaultFormat: string;
  unifiedDiffInMain: boolean;
}

/** The relative imports and package imports of a built module, followed through the package. */
function importGraph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from\s+|require\(|import\()\s*["']([^"']+)["']/g)) {
      const specifier = match[1];
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('built runtime package (packages/runtime/dist)', () => {
  beforeAll(() => {
    // `npm test` builds first; build here only when run on its own from a clean checkout.
    if (!existsSync(resolve(runtime, 'dist/cjs/index.js'))) execFileSync(process.execPath, [resolve(runtime, 'scripts/build.mjs')], { stdio: 'pipe' });
  });

  it.each([
    ['import', '--input-type=module', "import('mcp-result-kit')", "(await import('node:url')).fileURLToPath(import.meta.resolve('mcp-result-kit'))", 'dist/esm/index.js'],
    ['require', '--input-type=commonjs', "require('mcp-result-kit')", "require.resolve('mcp-result-kit')", 'dist/cjs/index.js'],
  ])('loads with %s by package name, from its own build, and works', (_how, inputType, load, resolveEntry, expectedEntry) => {
    const args = [inputType, '-e', script(load)];
    const out = JSON.parse(runNode(args)) as RuntimeView;
    for (const name of RUNTIME_EXPORTS) {
      expect(out.types[name], name).toBe(name === 'DEFAULT_RESULT_FORMAT' ? 'string' : 'function');
    }
    expect(out.ok).toStrictEqual({ content: [{ type: 'text', text: 'Deleted a.ts' }], structuredContent: { path: 'a.ts' } });
    expect(out.json).toStrictEqual({
      content: [{ type: 'text', text: '{"when":"1970-01-01T00:00:00.000Z"}' }],
      structuredContent: { when: '1970-01-01T00:00:00.000Z' },
    });
    expect(out.isResult).toBe(true);
    expect(out.defaultFormat).toBe('both');
    expect(out.unifiedDiffInMain).toBe(false);
    expect(runNode([inputType, '-e', `process.stdout.write(${resolveEntry})`])).toBe(resolve(runtime, expectedEntry));
  });

  it('loads no package at all from the main entry, in either format', () => {
    for (const format of ['esm', 'cjs']) {
      const graph = importGraph(resolve(runtime, `dist/${format}/index.js`));
      expect([...graph.packages].filter((name) => !name.startsWith('node:')), format).toEqual([]);
    }
    // The same, observed at run time: nothing outside the runtime's dist is required.
    const loaded = JSON.parse(runNode(['--input-type=commonjs', '-e', "require('mcp-result-kit'); process.stdout.write(JSON.stringify(Object.keys(require.cache)))"])) as string[];
    expect(loaded.filter((file) => !file.startsWith(resolve(runtime, 'dist/cjs')))).toEqual([]);
  });

  it('serves formatUnifiedDiff from mcp-result-kit/unified-diff in both formats', () => {
    const call = "m.formatUnifiedDiff('a.ts', 'x\\n', 'y\\n')";
    const esm = runNode(['--input-type=module', '-e', `import('mcp-result-kit/unified-diff').then((m) => process.stdout.write(${call}))`]);
    const cjs = runNode(['--input-type=commonjs', '-e', `const m = require('mcp-result-kit/unified-diff'); process.stdout.write(${call})`]);
    expect(esm).toBe('--- a/a.ts\n+++ b/a.ts\n@@ -1,1 +1,1 @@\n-x\n+y');
    expect(cjs).toBe(esm);
  });

  it('ships declarations for both formats, the CommonJS ones marked as CommonJS', () => {
    for (const file of ['dist/esm/index.d.ts', 'dist/cjs/index.d.ts', 'dist/esm/unified-diff.d.ts', 'dist/cjs/unified-diff.d.ts']) {
      expect(existsSync(resolve(runtime, file)), file).toBe(true);
    }
    expect(JSON.parse(readFileSync(resolve(runtime, 'dist/cjs/package.json'), 'utf8'))).toEqual({ type: 'commonjs' });
  });
});

describe('built tools package (dist)', () => {
  it.each([
    ['@mcp-result-kit/tools/eslint-plugin', 'rules'],
    ['@mcp-result-kit/tools/codemod', 'runMigration'],
    ['@mcp-result-kit/tools/jscodeshift', 'default'],
  ])('%s resolves through the exports map', (specifier, member) => {
    const out = runNode(['--input-type=module', '-e', `import('${specifier}').then((m) => process.stdout.write(typeof (m.default?.${member} ?? m.${member})))`]);
    expect(out).not.toBe('undefined');
  });
});
