import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { applyEdits, EditConflictError } from '../../src/analyze/index.js';
import { importSourceFor, migrateSourceFile, runMigration, transforms, writeMigration } from '../../transforms/index.js';

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
server.tool('ping', async () => 'pong');
`;

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mrk-runner-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const parse = (text: string, fileName = '/x/server.ts') => ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);

describe('migrateSourceFile', () => {
  it('rolls the file back and records a diagnostic when a transform throws', () => {
    const original = transforms[0].apply;
    transforms[0].apply = () => {
      throw new Error('boom');
    };
    try {
      const result = migrateSourceFile(parse(SERVER));
      expect(result.changed).toBe(false);
      expect(result.text).toBe(SERVER);
      expect(result.diagnostics).toEqual([expect.objectContaining({ severity: 'error', kind: 'transform-error', message: 'transform failed (boom); file left unchanged' })]);
    } finally {
      transforms[0].apply = original;
    }
  });

  it('skips a file that does not parse and says where', () => {
    const result = migrateSourceFile(parse(`${SERVER}\nconst broken = (;\n`));
    expect(result.changed).toBe(false);
    expect(result.diagnostics).toEqual([expect.objectContaining({ kind: 'parse-error', line: 5, message: 'does not parse (Expression expected.); skipped, not written' })]);
  });

  it('runs only the selected transforms, and rejects unknown ids', () => {
    const code = `${SERVER}server.tool('dump', async () => JSON.stringify({ a: 1 }));\n`;
    const result = migrateSourceFile(parse(code), { transforms: ['json-result'] });
    expect(result.changes.map((change) => change.transform)).toEqual(['json-result']);
    expect(migrateSourceFile(parse(code), { transforms: ['nope'] }).diagnostics[0].message).toMatch(/unknown transform "nope"/);
  });
});

describe('applyEdits', () => {
  it('applies from the end, merges identical duplicates and refuses overlaps', () => {
    expect(applyEdits('abcdef', [{ start: 0, end: 1, text: 'A' }, { start: 4, end: 6, text: 'EF' }, { start: 4, end: 6, text: 'EF' }])).toBe('AbcdEF');
    expect(() => applyEdits('abcdef', [{ start: 0, end: 3, text: 'x' }, { start: 2, end: 4, text: 'y' }])).toThrow(EditConflictError);
    expect(() => applyEdits('abc', [{ start: 2, end: 9, text: 'x' }])).toThrow('outside the text');
  });
});

describe('runMigration and writeMigration', () => {
  it('never writes by itself; writeMigration writes changed files atomically and keeps CRLF', () => {
    const dir = tempDir();
    const file = path.join(dir, 'server.ts');
    const crlf = SERVER.replace(/\n/g, '\r\n');
    writeFileSync(file, crlf);
    const untouched = path.join(dir, 'util.ts');
    writeFileSync(untouched, 'export const x = 1;\n');
    const run = runMigration({ files: [file, untouched] });
    expect(readFileSync(file, 'utf8')).toBe(crlf);
    expect(run.files.map((f) => f.changed)).toEqual([true, false]);
    expect(writeMigration(run.files)).toEqual([file]);
    const written = readFileSync(file, 'utf8');
    expect(written).toBe(`import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\r\nimport { successResult } from 'mcp-result-kit';\r\nconst server = new McpServer({ name: 'x', version: '1' });\r\nserver.tool('ping', async () => successResult('pong'));\r\n`);
    expect(readdirSync(dir).sort()).toEqual(['server.ts', 'util.ts']); // no temp files left behind
  });

  it('reports unparsable files and migrates the rest', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'a.ts'), SERVER);
    writeFileSync(path.join(dir, 'b.ts'), 'export const = ;\n');
    const run = runMigration({ files: [path.join(dir, 'a.ts'), path.join(dir, 'b.ts')] });
    expect(run.files[0].changed).toBe(true);
    expect(run.files[1].diagnostics[0].kind).toBe('parse-error');
  });

  it('imports local helpers by a relative path in the file\'s own extension style', () => {
    const options = { localHelpersPath: '/repo/src/lib/mcp-results.ts' };
    expect(importSourceFor('/repo/src/tools/a.ts', parse(`import { x } from './x.js';`), options)).toBe('../lib/mcp-results.js');
    expect(importSourceFor('/repo/src/tools/a.ts', parse(`import { x } from './x';`), options)).toBe('../lib/mcp-results');
    expect(importSourceFor('/repo/src/lib/a.ts', parse(''), options)).toBe('./mcp-results.js');
    expect(importSourceFor('/repo/src/lib/a.ts', parse(''), { importSource: '@acme/mcp' })).toBe('@acme/mcp');
    expect(importSourceFor('/repo/src/a.ts', parse(''), { localHelpersPath: '/repo/src/results.mts' })).toBe('./results.mjs');
    expect(importSourceFor('/repo/src/a.ts', parse(`import { x } from './x';`), { localHelpersPath: '/repo/src/results.cts' })).toBe('./results.cjs');
    expect(importSourceFor('/repo/src/a.ts', parse(''), { localHelpersPath: '/repo/src/results.cjs' })).toBe('./results.cjs');
    expect(importSourceFor('/repo/src/a.ts', parse(''), { localHelpersPath: '/repo/src/results.js' })).toBe('./results.js');
  });
});
