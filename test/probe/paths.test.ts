// Path-like parameters of generated calls get a file or folder that exists under the server's folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generatedSteps } from '../../cli/probe/plan.js';
import { pathKind, pathSamples, withExistingPaths } from '../../cli/probe/paths.js';
import { cleanupTemporaries, tempDir } from '../cli/helpers.js';

afterAll(cleanupTemporaries);

function scratch(): string {
  const dir = tempDir('mrk-probe-paths-');
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src', 'index.js'), 'export {};\n');
  writeFileSync(path.join(dir, 'notes.txt'), 'hello\n');
  return dir;
}

describe('pathKind', () => {
  it.each([
    ['path', 'read_file', 'file'],
    ['path', 'list_directory', 'folder'],
    ['file_path', 'edit', 'file'],
    ['filePath', 'edit', 'file'],
    ['paths', 'read_multiple_files', 'file'],
    ['directory', 'search', 'folder'],
    ['rootDir', 'tree', 'folder'],
    ['cwd', 'run', 'folder'],
  ])('%s of %s is a %s', (parameter, tool, kind) => {
    expect(pathKind(parameter, tool)).toBe(kind);
  });

  it.each([['query'], ['pattern'], ['id'], ['profile']])('%s is no path', (parameter) => {
    expect(pathKind(parameter, 'read_file')).toBeUndefined();
  });
});

describe('withExistingPaths', () => {
  it('points path-like strings at a real file or folder, absolute', () => {
    const dir = scratch();
    const samples = pathSamples(dir);
    expect(samples).toEqual({ folder: dir, file: path.join(dir, 'notes.txt') });
    const schema = { type: 'object', properties: { path: { type: 'string' }, paths: { type: 'array', items: { type: 'string' } }, query: { type: 'string' } } };
    expect(withExistingPaths({ path: 'example', paths: ['example'], query: 'example' }, schema, 'read_multiple_files', samples)).toEqual({
      arguments: { path: samples.file, paths: [samples.file], query: 'example' },
      replaced: ['path', 'paths'],
    });
  });

  it("leaves what the schema chose or constrained: examples, default, enum, const, pattern, format", () => {
    const samples = pathSamples(scratch());
    const schema = { type: 'object', properties: { path: { type: 'string', examples: ['/srv/data'] }, file: { type: 'string', pattern: '^s3://' } } };
    expect(withExistingPaths({ path: '/srv/data', file: 's3://x' }, schema, 'read', samples).replaced).toEqual([]);
  });

  it('takes a file one level down when the folder has none at its top', () => {
    const dir = tempDir('mrk-probe-paths-');
    mkdirSync(path.join(dir, 'docs'));
    writeFileSync(path.join(dir, 'docs', 'a.md'), '# a\n');
    expect(pathSamples(dir).file).toBe(path.join(dir, 'docs', 'a.md'));
  });
});

describe('generated calls', () => {
  it('use the path root given to the plan', () => {
    const dir = scratch();
    const tools = [{ name: 'list_directory', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }, annotations: { readOnlyHint: true } }];
    const plan = generatedSteps(tools, { pathRoot: dir });
    expect(plan.steps[0].arguments).toEqual({ path: dir });
    expect(generatedSteps(tools, {}).steps[0].arguments).toEqual({ path: 'example' });
  });
});
