import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
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
    expect(result.diagnostics).toEqual([expect.objectContaining({ kind: 'parse-error', line: 5, message: 'could not be parsed (Expression expected.); skipped, nothing written' })]);
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
    expect(writeMigration(run.files)).toEqual({ written: [file], failed: [] });
    const written = readFileSync(file, 'utf8');
    expect(written).toBe(`import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\r\nimport { successResult } from 'mcp-result-kit';\r\nconst server = new McpServer({ name: 'x', version: '1' });\r\nserver.tool('ping', async () => successResult('pong'));\r\n`);
    expect(readdirSync(dir).sort()).toEqual(['server.ts', 'util.ts']); // no temp files left behind
  });

  it('writes a symlinked file at its target and keeps the link a link', () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'shared'));
    const target = path.join(dir, 'shared', 'server.ts');
    writeFileSync(target, SERVER);
    const link = path.join(dir, 'server.ts');
    symlinkSync(target, link);
    const run = runMigration({ files: [link] });
    expect(writeMigration(run.files)).toEqual({ written: [link], failed: [] });
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toContain("successResult('pong')");
    expect(readdirSync(path.join(dir, 'shared'))).toEqual(['server.ts']);
  });

  it('keeps the file mode', () => {
    const dir = tempDir();
    const file = path.join(dir, 'server.ts');
    writeFileSync(file, SERVER);
    chmodSync(file, 0o640);
    writeMigration(runMigration({ files: [file] }).files);
    expect(statSync(file).mode & 0o777).toBe(0o640);
  });

  it('refuses a read-only file with a message, writes the others, and names exactly which', () => {
    const dir = tempDir();
    const locked = path.join(dir, 'locked.ts');
    const open = path.join(dir, 'open.ts');
    writeFileSync(locked, SERVER);
    writeFileSync(open, SERVER);
    chmodSync(locked, 0o444);
    const outcome = writeMigration(runMigration({ files: [locked, open] }).files);
    expect(outcome.written).toEqual([open]);
    expect(outcome.failed).toEqual([{ fileName: locked, message: 'read-only: not written; make it writable (chmod u+w) and run again' }]);
    expect(readFileSync(locked, 'utf8')).toBe(SERVER);
    expect(readFileSync(open, 'utf8')).toContain("successResult('pong')");
  });

  it('records a failed write against the real file, never a temp file, and goes on', () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'gone'));
    const lost = path.join(dir, 'gone', 'server.ts');
    const kept = path.join(dir, 'server.ts');
    writeFileSync(lost, SERVER);
    writeFileSync(kept, SERVER);
    const run = runMigration({ files: [lost, kept] });
    // The folder disappears between the analysis and the write: the temp file cannot be created.
    rmSync(path.join(dir, 'gone'), { recursive: true });
    const outcome = writeMigration(run.files);
    expect(outcome.written).toEqual([kept]);
    expect(outcome.failed).toHaveLength(1);
    expect(outcome.failed[0].fileName).toBe(lost);
    expect(outcome.failed[0].message).toBe('ENOENT: no such file or directory');
    expect(readdirSync(dir)).toEqual(['server.ts']);
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
