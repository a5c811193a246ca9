import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverFiles, findTsconfig, outsideTsconfigWarning, readTsconfigFiles, resolveTsconfig } from '../../cli/discover.js';
import { UsageError } from '../../cli/errors.js';
import { matchesGlob, matchesPath } from '../../cli/glob.js';
import { cleanupTemporaries, git, tempDir, writeTree } from './helpers.js';

afterAll(cleanupTemporaries);

function project(): string {
  const dir = tempDir();
  writeTree(dir, {
    '.gitignore': 'generated/\n*.gen.ts\n',
    'src/a.ts': '',
    'src/b.tsx': '',
    'src/c.mts': '',
    'src/d.cts': '',
    'src/e.js': '',
    'src/f.mjs': '',
    'src/g.cjs': '',
    'src/types.d.ts': '',
    'src/types.d.mts': '',
    'src/readme.md': '',
    'src/data.json': '',
    'src/a.test.ts': '',
    'src/b.spec.tsx': '',
    'src/lib/__tests__/client.ts': '',
    'src/contest.ts': '',
    'src/legacy/old.ts': '',
    'src/x.gen.ts': '',
    'generated/api.ts': '',
    'node_modules/pkg/index.ts': '',
    'src/node_modules/nested/index.js': '',
    'dist/out.js': '',
    'packages/app/build/out.js': '',
    'packages/app/src/main.ts': '',
    '.hidden/x.ts': '',
  });
  return dir;
}

const rel = (dir: string, files: string[]) => files.map((file) => path.relative(dir, file).split(path.sep).join('/'));

describe('discoverFiles', () => {
  it('finds TS and JS sources, skipping .d.ts, node_modules, dist, build, test files and .gitignore entries', async () => {
    const dir = project();
    git(dir, ['init', '-q']);
    expect(rel(dir, await discoverFiles({ paths: [], cwd: dir }))).toEqual([
      'packages/app/src/main.ts',
      'src/a.ts',
      'src/b.tsx',
      'src/c.mts',
      'src/contest.ts',
      'src/d.cts',
      'src/e.js',
      'src/f.mjs',
      'src/g.cjs',
      'src/legacy/old.ts',
    ]);
  });

  it('takes test files with includeTests (--include-tests), and a test file named directly always', async () => {
    const dir = project();
    const withTests = rel(dir, await discoverFiles({ paths: ['src'], cwd: dir, includeTests: true }));
    expect(withTests).toEqual(expect.arrayContaining(['src/a.test.ts', 'src/b.spec.tsx', 'src/lib/__tests__/client.ts']));
    expect(rel(dir, await discoverFiles({ paths: ['src/a.test.ts'], cwd: dir }))).toEqual(['src/a.test.ts']);
  });

  it('says that test files were skipped when a folder holds nothing else', async () => {
    const dir = tempDir();
    writeTree(dir, { 'tests/x.test.ts': '' });
    await expect(discoverFiles({ paths: ['tests'], cwd: dir })).rejects.toThrow(/test files \(--include-tests takes them\)/);
  });

  it('respects .gitignore above the scanned folder', async () => {
    const dir = project();
    git(dir, ['init', '-q']);
    expect(rel(dir, await discoverFiles({ paths: ['src'], cwd: dir }))).not.toContain('src/x.gen.ts');
  });

  it('applies --include and --exclude globs', async () => {
    const dir = project();
    const base = dir;
    const files = await discoverFiles({ paths: ['.'], cwd: dir, include: [{ pattern: 'src/**', base }], exclude: [{ pattern: 'contest.ts', base }, { pattern: 'legacy', base }] });
    expect(rel(dir, files)).toEqual(['src/a.ts', 'src/b.tsx', 'src/c.mts', 'src/d.cts', 'src/e.js', 'src/f.mjs', 'src/g.cjs']);
    const only = await discoverFiles({ paths: ['.'], cwd: dir, include: [{ pattern: '**/*.{mts,cts}', base }] });
    expect(rel(dir, only)).toEqual(['src/c.mts', 'src/d.cts']);
  });

  it('takes named files as they are, deduplicated and sorted', async () => {
    const dir = project();
    const files = await discoverFiles({ paths: ['src/e.js', 'src/a.ts', 'src', 'generated/api.ts'], cwd: dir });
    expect(rel(dir, files)).toContain('generated/api.ts');
    expect(new Set(files).size).toBe(files.length);
    expect([...files].sort()).toEqual(files);
  });

  it('rejects unknown paths and non-source files', async () => {
    const dir = project();
    await expect(discoverFiles({ paths: ['nope'], cwd: dir })).rejects.toThrow(new UsageError('no such file or folder: nope'));
    await expect(discoverFiles({ paths: ['src/readme.md'], cwd: dir })).rejects.toThrow(/not a TypeScript or JavaScript source file: src\/readme\.md/);
    await expect(discoverFiles({ paths: ['src/types.d.ts'], cwd: dir })).rejects.toThrow(/not a TypeScript or JavaScript source file/);
  });
});

describe('tsconfig lookup', () => {
  it('finds the nearest tsconfig.json from the first path upwards, or takes --tsconfig', () => {
    const dir = tempDir();
    writeTree(dir, { 'tsconfig.json': '{}', 'pkg/tsconfig.json': '{}', 'pkg/src/a.ts': '', 'other/b.ts': '', 'custom/tsconfig.app.json': '{}' });
    expect(findTsconfig(path.join(dir, 'pkg/src/a.ts'))).toBe(path.join(dir, 'pkg/tsconfig.json'));
    expect(resolveTsconfig(dir, ['other'], undefined)).toBe(path.join(dir, 'tsconfig.json'));
    expect(resolveTsconfig(dir, ['pkg/src'], undefined)).toBe(path.join(dir, 'pkg/tsconfig.json'));
    expect(resolveTsconfig(dir, [], 'custom/tsconfig.app.json')).toBe(path.join(dir, 'custom/tsconfig.app.json'));
    expect(resolveTsconfig(dir, [], 'pkg')).toBe(path.join(dir, 'pkg/tsconfig.json'));
    expect(() => resolveTsconfig(dir, [], 'missing.json')).toThrow(/tsconfig not found: missing\.json/);
  });
});

describe('readTsconfigFiles', () => {
  it('lists the files a tsconfig covers', () => {
    const dir = tempDir();
    writeTree(dir, { 'tsconfig.json': '{ "include": ["src"] }', 'src/a.ts': '', 'other/b.ts': '' });
    expect([...readTsconfigFiles(path.join(dir, 'tsconfig.json'), 'tsconfig.json').files]).toEqual([path.join(dir, 'src/a.ts')]);
  });

  it.each([
    ['{ bad', /^cannot use tsconfig\.json: /],
    ['{ "extends": "./missing.json" }', /^cannot use tsconfig\.json: .*missing\.json/],
    ['{ "compilerOptions": { "bogus": true } }', /^cannot use tsconfig\.json: Unknown compiler option 'bogus'/],
  ])('rejects %s', (text, message) => {
    const dir = tempDir();
    writeTree(dir, { 'tsconfig.json': text, 'a.ts': '' });
    expect(() => readTsconfigFiles(path.join(dir, 'tsconfig.json'), 'tsconfig.json')).toThrow(message);
  });

  it('accepts a tsconfig with no inputs', () => {
    const dir = tempDir();
    writeTree(dir, { 'tsconfig.json': '{ "include": ["nothing"] }' });
    expect(readTsconfigFiles(path.join(dir, 'tsconfig.json'), 'tsconfig.json').files.size).toBe(0);
  });
});

describe('globs', () => {
  it.each([
    ['**/*.ts', 'src/a.ts', true],
    ['**/*.ts', 'a.ts', true],
    ['src/**', 'src/a/b.ts', true],
    ['src/**', 'lib/a.ts', false],
    ['src/*.ts', 'src/a/b.ts', false],
    ['src/*.ts', 'src/b.ts', true],
    ['*.test.ts', 'deep/down/x.test.ts', true],
    ['legacy', 'src/legacy/old.ts', true],
    ['src/legacy/', 'src/legacy/old.ts', true],
    ['**/*.{mts,cts}', 'a/b.cts', true],
    ['file?.ts', 'file1.ts', true],
    ['file[0-9].ts', 'filex.ts', false],
    ['file[!0-9].ts', 'filex.ts', true],
    ['./src/a.ts', 'src/a.ts', true],
    ['src/**/test/*.ts', 'src/test/a.ts', true],
    ['src/**/test/*.ts', 'src/x/y/test/a.ts', true],
    ['a.ts', 'ba.ts', false],
    ['a+b.ts', 'a+b.ts', true],
  ])('%s on %s → %s', (glob, file, expected) => {
    expect(matchesPath(glob, file)).toBe(expected);
  });

  it('matches relative to the glob base, never outside it', () => {
    expect(matchesGlob('/p/src/a.ts', { pattern: 'src/**', base: '/p' })).toBe(true);
    expect(matchesGlob('/q/src/a.ts', { pattern: 'src/**', base: '/p' })).toBe(false);
    expect(matchesGlob('/q/src/a.ts', { pattern: '/q/**', base: '/p' })).toBe(true);
  });
});

describe('outsideTsconfigWarning', () => {
  it('names the files outside the tsconfig: all of up to ten, then how many more', () => {
    expect(outsideTsconfigWarning(['scripts/a.ts'], 'tsconfig.json')).toBe('1 file is not in tsconfig.json (scripts/a.ts); checking it without type information');
    const twelve = Array.from({ length: 12 }, (_, index) => `scripts/tool-${index + 1}.ts`);
    expect(outsideTsconfigWarning(twelve.slice(0, 10), 'app/tsconfig.json')).toBe(
      `10 files are not in app/tsconfig.json (${twelve.slice(0, 10).join(', ')}); checking them without type information`,
    );
    expect(outsideTsconfigWarning(twelve, 'tsconfig.json')).toBe(`12 files are not in tsconfig.json (${twelve.slice(0, 10).join(', ')} and 2 more); checking them without type information`);
  });
});
