// Shared helpers for the CLI tests: run the built binary, make temporary projects.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { UsageError } from '../../cli/errors.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = path.join(ROOT, 'dist/bin/mcp-result-kit.js');
export const FIXTURES = path.join(ROOT, 'fixtures');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI in `cwd`; never a TTY, colour off, not CI unless asked. */
export function cli(args: string[], cwd: string, env: Record<string, string | undefined> = {}): CliRun {
  const result: SpawnSyncReturns<string> = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', CI: '', ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const temporaries: string[] = [];

/** A fresh temporary folder, removed by cleanupTemporaries(). */
export function tempDir(prefix = 'mrk-cli-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  temporaries.push(dir);
  return dir;
}

export function cleanupTemporaries(): void {
  for (const dir of temporaries.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Writes files (relative path → text) under `dir`. */
export function writeTree(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

export function copyFixture(relative: string, target: string): void {
  cpSync(path.join(FIXTURES, relative), target, { recursive: true });
}

/**
 * Links the kit's node_modules (SDK, zod, typescript), so imports resolve. With `kit`, each entry
 * is linked on its own (a test may remove one); the runtime (`mcp-result-kit`, the workspace
 * package) is among them unless `kit` is false, for a project that does not have it installed.
 */
export function linkModules(dir: string, options: { kit?: boolean } = {}): void {
  const modules = path.join(dir, 'node_modules');
  if (options.kit === undefined) {
    symlinkSync(path.join(ROOT, 'node_modules'), modules, 'dir');
    return;
  }
  mkdirSync(modules, { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (entry === '.bin' || entry.startsWith('.') || (entry === 'mcp-result-kit' && !options.kit)) continue;
    symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
  }
}

export const TSCONFIG = JSON.stringify(
  {
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true, types: [] },
    include: ['src'],
  },
  null,
  2,
);

/** A hash of every file under `dir` (names and contents), node_modules and .git skipped. */
export function hashTree(dir: string): string {
  const hash = createHash('sha256');
  const walk = (current: string) => {
    for (const entry of readdirSync(current).sort()) {
      if (entry === 'node_modules' || entry === '.git') continue;
      const file = path.join(current, entry);
      if (statSync(file).isDirectory()) walk(file);
      else hash.update(`${path.relative(dir, file)}\0`).update(readFileSync(file));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

export function git(cwd: string, args: string[]): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** `git init` and one commit of everything in `dir`. */
export function gitCommitAll(dir: string): void {
  git(dir, ['init', '-q', '-b', 'main']);
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'initial', '--no-gpg-sign']);
}

export function builtBinaryExists(): boolean {
  return existsSync(BIN);
}

/** The message of the UsageError `run` throws (fails the test when it throws nothing or something else). */
export function usageError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('expected a UsageError');
}
