// What the real-world benches do to a prepared server's git copy: run a command in it, run git,
// put the tree back as published, and read TypeScript's errors before and after a migration.
// Shared by bench/realworld/run.mjs and bench/output-schema/realworld.mjs.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Runs `command` in `cwd` without colours, timing it. */
export function run(command, args, cwd, env = {}) {
  const started = performance.now();
  const child = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env } });
  return { ...child, ms: performance.now() - started };
}

export function git(cwd, ...args) {
  return execFileSync('git', args, { cwd, encoding: 'utf8' });
}

/** The tree as published: edits undone, new files removed (the server's install kept). */
export function resetTree(cwd) {
  git(cwd, 'checkout', '--quiet', '--', '.');
  git(cwd, 'clean', '-fdq', '-e', 'node_modules', '-e', '.install.log');
}

/**
 * TypeScript's errors as `file(code): message`; line numbers move when code is rewritten. The
 * server's own TypeScript when it has one, else the kit's (`kitRoot`).
 */
export function typeErrors(cwd, tsconfig, kitRoot) {
  const local = path.join(cwd, 'node_modules/typescript/bin/tsc');
  const tsc = existsSync(local) ? local : path.join(kitRoot, 'node_modules/typescript/bin/tsc');
  const result = run(process.execPath, [tsc, '--noEmit', '--pretty', 'false', '-p', tsconfig], cwd);
  const errors = [];
  for (const line of result.stdout.split('\n')) {
    const match = /^(.+?)\(\d+,\d+\): error (TS\d+): (.*)$/.exec(line);
    if (match) errors.push(`${match[1]}(${match[2]}): ${match[3]}`);
    else if (/^error (TS\d+)/.test(line)) errors.push(line);
  }
  return errors;
}

/** The errors of `after` that `before` does not have, counted as a multiset. */
export function newErrors(before, after) {
  const remaining = new Map();
  for (const error of before) remaining.set(error, (remaining.get(error) ?? 0) + 1);
  const added = [];
  for (const error of after) {
    const count = remaining.get(error) ?? 0;
    if (count > 0) remaining.set(error, count - 1);
    else added.push(error);
  }
  return added;
}
