/**
 * The optional peers (better-sqlite3 for the SQLite store, pg for Postgres) are loaded only by
 * the store that needs them; when one is missing, the error names the command that installs it
 * with the project's package manager, as a production dependency.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ContentStoreError } from './types.js';

export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

const LOCK_FILES: ReadonlyArray<readonly [string, PackageManager]> = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
];

/** The package manager of the project holding `dir`: the nearest lock file upwards, else npm. */
export function detectPackageManager(dir: string): PackageManager {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    for (const [file, manager] of LOCK_FILES) if (existsSync(path.join(current, file))) return manager;
    if (path.dirname(current) === current) return 'npm';
  }
}

/** `npm install pg`, `pnpm add pg`, `yarn add pg`, `bun add pg`. */
export function installCommand(manager: PackageManager, packageName: string): string {
  return `${manager} ${manager === 'npm' ? 'install' : 'add'} ${packageName}`;
}

/** The store error for a missing optional peer, with the install command for the project in `cwd`. */
export function missingPeer(packageName: string, purpose: string, cwd: string = process.cwd(), alternative?: string): ContentStoreError {
  const command = installCommand(detectPackageManager(cwd), packageName);
  return new ContentStoreError(`${purpose} needs ${packageName}, which is not installed; install it with: ${command}${alternative ? ` (${alternative})` : ''}`);
}

/** Whether `error` says that `name` itself (not something it imports) could not be found. */
export function isNotFound(error: unknown, name: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = String((error as Error).message);
  return (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') && (message.includes(`'${name}'`) || message.includes(`'${name}/`));
}

/** `require(name)` of an optional peer, resolved from `fromUrl`; a missingPeer error when it is absent. */
export function requireOptional<T>(name: string, fromUrl: string, purpose: string, alternative?: string): T {
  try {
    return createRequire(fromUrl)(name) as T;
  } catch (error) {
    if (isNotFound(error, name)) throw missingPeer(name, purpose, process.cwd(), alternative);
    throw error;
  }
}
