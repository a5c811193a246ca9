/**
 * Which package manager a project uses, the exact command that installs a package with it, and
 * the loading of the kit's optional peer dependencies with that command in the error.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

/** Lock files, in the order they are looked for in each folder. */
const LOCK_FILES: ReadonlyArray<readonly [string, PackageManager]> = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
];

function declaredManager(dir: string): PackageManager | undefined {
  try {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { packageManager?: unknown };
    const name = typeof manifest.packageManager === 'string' ? manifest.packageManager.split('@')[0] : undefined;
    return name === 'npm' || name === 'pnpm' || name === 'yarn' || name === 'bun' ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The package manager of the project holding `dir`: the nearest lock file from `dir` upwards (a
 * workspace keeps it at its root), else a `packageManager` field (corepack) on the way, else npm.
 */
export function detectPackageManager(dir: string): PackageManager {
  let declared: PackageManager | undefined;
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    for (const [file, manager] of LOCK_FILES) if (existsSync(path.join(current, file))) return manager;
    declared ??= declaredManager(current);
    if (path.dirname(current) === current) return declared ?? 'npm';
  }
}

/** `npm install -D eslint`, `pnpm add -D eslint`, `yarn add --dev eslint`, `bun add --dev eslint`. */
export function installCommand(manager: PackageManager, packages: readonly string[], options: { dev?: boolean } = {}): string {
  const verb = manager === 'npm' ? 'install' : 'add';
  const dev = options.dev ? (manager === 'npm' || manager === 'pnpm' ? ' -D' : ' --dev') : '';
  return `${manager} ${verb}${dev} ${packages.join(' ')}`;
}

/**
 * The command that makes a package the project already lists in devDependencies (or another
 * field) a production dependency: npm and pnpm move it with --save-prod; yarn and bun keep an
 * existing entry where it is, so it is removed and added again.
 */
export function moveToDependenciesCommand(manager: PackageManager, name: string): string {
  if (manager === 'npm' || manager === 'pnpm') return `${installCommand(manager, ['--save-prod', name])}`;
  return `${manager} remove ${name} && ${installCommand(manager, [name])}`;
}

/** An optional peer dependency is not installed; the message says which command installs it. */
export class MissingPackageError extends Error {
  override readonly name = 'MissingPackageError';
  constructor(
    readonly packageName: string,
    readonly command: string,
    message: string,
  ) {
    super(message);
  }
}

function isNotFound(error: unknown, name: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') && String((error as Error).message).includes(`'${name}`);
}

/** True when `name` resolves from `fromUrl` (the requiring module), as `require` would find it. */
export function canResolve(name: string, fromUrl: string): boolean {
  try {
    createRequire(fromUrl).resolve(name);
    return true;
  } catch (error) {
    if (isNotFound(error, name)) return false;
    // It is there but does not resolve cleanly (e.g. no CommonJS entry): loading will tell.
    return true;
  }
}

/**
 * The error for a package the kit needs for `purpose` and cannot find, with the install command
 * for the project in `cwd`: a devDependency unless `dev: false` (the tools never run in
 * production; the code-editor server, which `serve` runs, does).
 */
export function missingPackage(name: string, purpose: string, cwd: string, alternative?: string, options: { dev?: boolean } = {}): MissingPackageError {
  const command = installCommand(detectPackageManager(cwd), [name], { dev: options.dev ?? true });
  return new MissingPackageError(name, command, `${purpose} needs ${name}, which is not installed; install it with: ${command}${alternative ? ` (${alternative})` : ''}`);
}

/**
 * `require(name)` for an optional peer dependency, resolved from `fromUrl`; a MissingPackageError
 * naming the install command when it is absent.
 */
export function requireOptional<T>(name: string, fromUrl: string, purpose: string, alternative?: string): T {
  try {
    return createRequire(fromUrl)(name) as T;
  } catch (error) {
    if (isNotFound(error, name)) throw missingPackage(name, purpose, process.cwd(), alternative);
    throw error;
  }
}
