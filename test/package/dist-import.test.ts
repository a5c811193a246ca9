// Imports the *built* package by name (self-reference through package.json "exports"), the way
// a consumer would, so a broken exports map or a missing re-export fails here.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const entry = resolve(root, 'dist/src/index.js');

const RUNTIME_EXPORTS = [
  'successResult',
  'errorResult',
  'jsonResult',
  'toCallToolResult',
  'createResultHelpers',
  'toJsonSafe',
  'DEFAULT_RESULT_FORMAT',
  'formatGrepMatches',
  'formatDiff',
  'formatUnifiedDiff',
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

const SCRIPT = `
import('mcp-result-kit').then((m) => {
  const ok = m.successResult('Deleted a.ts', { path: 'a.ts' });
  const json = m.jsonResult({ when: new Date(0) }, { indent: 0 });
  process.stdout.write(JSON.stringify({
    types: Object.fromEntries(${JSON.stringify(RUNTIME_EXPORTS)}.map((name) => [name, typeof m[name]])),
    ok,
    json,
    isResult: m.isCallToolResult(ok),
    defaultFormat: m.DEFAULT_RESULT_FORMAT,
  }));
});
`;

function runNode(script: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
}

describe('built package (dist)', () => {
  beforeAll(() => {
    // `npm test` builds first; build here only when run on its own from a clean checkout.
    if (!existsSync(entry)) {
      try {
        execFileSync(process.execPath, [resolve(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
          cwd: root,
          stdio: 'pipe',
        });
      } catch {
        // tsc still emits on type errors elsewhere in the repo; the existence check below decides.
      }
    }
    expect(existsSync(entry), `${entry} is missing; run npm run build`).toBe(true);
  });

  it('exposes the runtime API through the package name and it works', () => {
    const out = JSON.parse(runNode(SCRIPT)) as {
      types: Record<string, string>;
      ok: unknown;
      json: unknown;
      isResult: boolean;
      defaultFormat: string;
    };
    for (const name of RUNTIME_EXPORTS) {
      expect(out.types[name], name).toBe(name === 'DEFAULT_RESULT_FORMAT' ? 'string' : 'function');
    }
    expect(out.ok).toEqual({
      content: [{ type: 'text', text: 'Deleted a.ts' }],
      structuredContent: { path: 'a.ts' },
      isError: false,
    });
    expect(out.json).toEqual({
      content: [{ type: 'text', text: '{"when":"1970-01-01T00:00:00.000Z"}' }],
      structuredContent: { when: '1970-01-01T00:00:00.000Z' },
      isError: false,
    });
    expect(out.isResult).toBe(true);
    expect(out.defaultFormat).toBe('both');
  });

  it('ships type declarations for the entry point', () => {
    expect(existsSync(resolve(root, 'dist/src/index.d.ts'))).toBe(true);
  });
});
