import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';

export interface GitGuardResult {
  /** Files with uncommitted changes (modified, staged, untracked, …), absolute. */
  dirty: string[];
  /** Folders of files that are not in a git repository (nothing to check there). */
  outsideGit: string[];
}

function git(cwd: string, args: string[]): { ok: boolean; stdout: string; stderr: string } {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0 && !result.error, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

/** The top folder of the git work tree holding `dir`, or undefined outside git (or without git). */
export function gitRoot(dir: string): string | undefined {
  const result = git(dir, ['rev-parse', '--show-toplevel']);
  return result.ok ? path.resolve(result.stdout.trim()) : undefined;
}

/**
 * Which of `files` have uncommitted changes, per `git status --porcelain` run in the repository
 * of each file. Files outside any repository are not dirty; their folders are listed instead.
 */
export function checkUncommitted(files: readonly string[]): GitGuardResult {
  // git prints real paths; compare real paths and answer with the caller's spelling.
  const original = new Map<string, string>();
  const byDir = new Map<string, string[]>();
  for (const given of files) {
    let file = path.resolve(given);
    try {
      file = realpathSync(file);
    } catch {
      // A file that does not exist yet cannot be dirty in git's eyes; keep the path.
    }
    original.set(file, given);
    const dir = path.dirname(file);
    byDir.set(dir, [...(byDir.get(dir) ?? []), file]);
  }
  const byRoot = new Map<string, string[]>();
  const outsideGit: string[] = [];
  for (const [dir, dirFiles] of byDir) {
    const root = gitRoot(dir);
    if (!root) outsideGit.push(dir);
    else byRoot.set(root, [...(byRoot.get(root) ?? []), ...dirFiles]);
  }
  const dirty = new Set<string>();
  for (const [root, rootFiles] of byRoot) {
    // Chunks keep the command line short for big runs.
    for (let i = 0; i < rootFiles.length; i += 500) {
      const chunk = rootFiles.slice(i, i + 500);
      const result = git(root, ['status', '--porcelain', '-z', '--untracked-files=all', '--', ...chunk.map((file) => path.relative(root, file))]);
      if (!result.ok) {
        // git failed on a repository it just recognised: be safe and call every file dirty.
        chunk.forEach((file) => dirty.add(file));
        continue;
      }
      const entries = result.stdout.split('\0');
      for (let index = 0; index < entries.length; index++) {
        const entry = entries[index];
        if (entry.length < 4) continue;
        const status = entry.slice(0, 2);
        dirty.add(path.resolve(root, entry.slice(3)));
        // A rename lists the original path as the next entry.
        if (status[0] === 'R' || status[0] === 'C') index += 1;
      }
    }
  }
  return {
    dirty: [...dirty].flatMap((file) => (original.has(file) ? [original.get(file)!] : [])).sort(),
    outsideGit: outsideGit.sort(),
  };
}
