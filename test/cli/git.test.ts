import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkUncommitted, gitRoot } from '../../cli/git.js';
import { cleanupTemporaries, git, gitCommitAll, tempDir, writeTree } from './helpers.js';

afterAll(cleanupTemporaries);

describe('checkUncommitted', () => {
  it('names modified, staged, untracked and renamed files, and only those asked about', () => {
    const dir = tempDir();
    writeTree(dir, { 'clean.ts': 'a', 'modified.ts': 'a', 'staged.ts': 'a', 'moved.ts': 'a', 'sub dir/spaced name.ts': 'a' });
    gitCommitAll(dir);
    writeFileSync(path.join(dir, 'modified.ts'), 'b');
    writeFileSync(path.join(dir, 'staged.ts'), 'b');
    git(dir, ['add', 'staged.ts']);
    writeFileSync(path.join(dir, 'untracked.ts'), 'new');
    writeFileSync(path.join(dir, 'sub dir/spaced name.ts'), 'b');
    renameSync(path.join(dir, 'moved.ts'), path.join(dir, 'renamed.ts'));
    git(dir, ['add', '-A', 'moved.ts', 'renamed.ts']);
    const files = ['clean.ts', 'modified.ts', 'staged.ts', 'untracked.ts', 'renamed.ts', 'sub dir/spaced name.ts'].map((file) => path.join(dir, file));
    const result = checkUncommitted(files);
    expect(result.outsideGit).toEqual([]);
    expect(result.dirty.map((file) => path.relative(dir, file)).sort()).toEqual(['modified.ts', 'renamed.ts', 'staged.ts', 'sub dir/spaced name.ts', 'untracked.ts']);
    expect(checkUncommitted([path.join(dir, 'clean.ts')]).dirty).toEqual([]);
  });

  it('works from a subfolder of the repository', () => {
    const dir = tempDir();
    writeTree(dir, { 'pkg/src/a.ts': 'a' });
    gitCommitAll(dir);
    writeFileSync(path.join(dir, 'pkg/src/a.ts'), 'b');
    expect(gitRoot(path.join(dir, 'pkg/src'))).toBeDefined();
    expect(checkUncommitted([path.join(dir, 'pkg/src/a.ts')]).dirty).toEqual([path.join(dir, 'pkg/src/a.ts')]);
  });

  it('treats files outside git as allowed and reports their folders', () => {
    const dir = tempDir();
    writeTree(dir, { 'a.ts': 'a' });
    expect(gitRoot(dir)).toBeUndefined();
    expect(checkUncommitted([path.join(dir, 'a.ts')])).toEqual({ dirty: [], outsideGit: [dir] });
  });
});
