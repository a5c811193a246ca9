// Packing the three workspace packages and installing them into fresh projects with the real npm,
// as users do. Downloads go through one npm cache in the system temp folder, shared by the
// package tests and kept between runs, so only the first run on a machine fetches from the
// registry; everything else each test makes is removed at the end.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const RUNTIME_DIR = path.join(ROOT, 'packages/runtime');
export const CODE_EDITOR_DIR = path.join(ROOT, 'packages/code-editor');

/** Shared by every run on this machine: the npm cache and the SDK installs (see sdkInstall). */
export const CACHE = path.join(os.tmpdir(), 'mcp-result-kit-package-tests');
const NPM_CACHE = path.join(CACHE, 'npm-cache');

const temporaries: string[] = [];

export function tempProject(prefix: string, manifest: Record<string, unknown> = {}): string {
  mkdirSync(CACHE, { recursive: true });
  const dir = mkdtempSync(path.join(CACHE, `${prefix}-`));
  temporaries.push(dir);
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: prefix, version: '1.0.0', private: true, ...manifest }, null, 2)}\n`);
  return dir;
}

export function cleanupProjects(): void {
  for (const dir of temporaries.splice(0)) rmSync(dir, { recursive: true, force: true });
}

function npmEnv(): NodeJS.ProcessEnv {
  // The user's own npm config (registry, proxy) still applies; only the cache is ours.
  return { ...process.env, npm_config_cache: NPM_CACHE, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', npm_config_loglevel: 'error' };
}

/** Runs npm in `cwd`; throws with npm's output when it fails. */
export function npm(cwd: string, args: string[]): string {
  const result = spawnSync('npm', args, { cwd, encoding: 'utf8', env: npmEnv(), maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** `npm install` preferring the cache (the registry is asked only for what it lacks). */
export function npmInstall(cwd: string, args: string[]): void {
  npm(cwd, ['install', '--prefer-offline', '--no-audit', '--no-fund', ...args]);
}

export interface Tarballs {
  runtime: string;
  tools: string;
  codeEditor: string;
}

/** `npm pack` of the three packages from the current build (npm test builds first). */
export function packTarballs(): Tarballs {
  for (const file of [path.join(RUNTIME_DIR, 'dist/cjs/index.js'), path.join(ROOT, 'dist/bin/mcp-result-kit.js'), path.join(CODE_EDITOR_DIR, 'dist/bin/mcp-code-editor.js')]) {
    if (!existsSync(file)) throw new Error(`${file} is missing; run npm run build first`);
  }
  const destination = mkdtempSync(path.join(os.tmpdir(), 'mrk-pack-'));
  temporaries.push(destination);
  const pack = (args: string[]): string => {
    const [info] = JSON.parse(npm(ROOT, ['pack', '--json', '--pack-destination', destination, ...args])) as Array<{ filename: string }>;
    return path.join(destination, info.filename);
  };
  return { runtime: pack(['--workspace', 'mcp-result-kit']), tools: pack([]), codeEditor: pack(['--workspace', '@mcp-result-kit/code-editor']) };
}

export interface InstalledPackage {
  /** Path under node_modules, e.g. `@scope/name` or `a/node_modules/b`. */
  location: string;
  name: string;
  version: string;
  bytes: number;
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += entry.name === 'node_modules' ? 0 : folderBytes(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}

/**
 * Every package in `node_modules` (nested ones included), with its unpacked size: the sum of its
 * files' sizes, without its own nested node_modules (counted as packages of their own).
 */
export function installedPackages(project: string): Map<string, InstalledPackage> {
  const found = new Map<string, InstalledPackage>();
  const walk = (modules: string, prefix: string) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || !entry.isDirectory()) continue;
      if (entry.name.startsWith('@')) {
        for (const scoped of readdirSync(path.join(modules, entry.name), { withFileTypes: true })) {
          if (scoped.isDirectory()) visit(path.join(modules, entry.name, scoped.name), `${prefix}${entry.name}/${scoped.name}`);
        }
      } else visit(path.join(modules, entry.name), `${prefix}${entry.name}`);
    }
  };
  const visit = (dir: string, location: string) => {
    const manifestFile = path.join(dir, 'package.json');
    if (!existsSync(manifestFile)) return;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { name: string; version: string };
    found.set(location, { location, name: manifest.name, version: manifest.version, bytes: folderBytes(dir) });
    walk(path.join(dir, 'node_modules'), `${location}/node_modules/`);
  };
  walk(path.join(project, 'node_modules'), '');
  return found;
}

export interface InstallDelta {
  added: InstalledPackage[];
  /** Packages whose version changed (a second copy hoisted over the user's one would show here). */
  changed: Array<{ location: string; from: string; to: string }>;
  addedBytes: number;
}

/** What an install added to node_modules, compared with the listing before it. */
export function installDelta(before: Map<string, InstalledPackage>, after: Map<string, InstalledPackage>): InstallDelta {
  const added = [...after.values()].filter((pkg) => !before.has(pkg.location));
  const changed = [...after.values()].flatMap((pkg) => {
    const old = before.get(pkg.location);
    return old && old.version !== pkg.version ? [{ location: pkg.location, from: old.version, to: pkg.version }] : [];
  });
  return { added, changed, addedBytes: added.reduce((sum, pkg) => sum + pkg.bytes, 0) };
}

/** Every location of a package name in the tree (a second copy shows up as a nested location). */
export function locationsOf(packages: Map<string, InstalledPackage>, name: string): string[] {
  return [...packages.values()].filter((pkg) => pkg.name === name).map((pkg) => `${pkg.location}@${pkg.version}`);
}

/** Runs a command in `cwd` and returns its status and output (never throws on a non-zero exit). */
export function run(cwd: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: '', ...env }, maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The repo's own TypeScript compiler, on a project folder. */
export function tsc(project: string, args: string[] = []): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', project, ...args], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

export function nodeEval(cwd: string, args: string[]): string {
  return execFileSync(process.execPath, args, { cwd, encoding: 'utf8' });
}

/**
 * A folder of the shared cache with `packages` (`name@version` each) installed, made once and reused
 * by later runs. Installed into a temporary folder first, then renamed: an interrupted or a
 * concurrent run never leaves a half-installed copy behind.
 */
export function cachedInstall(folder: string, packages: readonly string[]): string {
  const target = path.join(CACHE, folder);
  const names = packages.map((spec) => spec.slice(0, spec.lastIndexOf('@')));
  if (names.every((name) => existsSync(path.join(target, 'node_modules', name, 'package.json')))) return target;
  mkdirSync(CACHE, { recursive: true });
  const staging = mkdtempSync(path.join(CACHE, `.${folder}-`));
  try {
    writeFileSync(path.join(staging, 'package.json'), JSON.stringify({ name: folder, private: true, type: 'module' }));
    npmInstall(staging, [...packages]);
    rmSync(target, { recursive: true, force: true });
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another run installed it meanwhile; theirs is as good.
      if (!existsSync(target)) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return target;
}

/** The SDK v2 server and client packages with zod 4, as a v2 server project has them. */
export function sdkV2Install(version: string): string {
  return cachedInstall(`sdk-v2-${version}`, [`@modelcontextprotocol/server@${version}`, `@modelcontextprotocol/client@${version}`, 'zod@4']);
}

/** A packed tarball unpacked into `<dir>/node_modules/<name>`, as npm installs it. */
export function unpackTarball(tarball: string, dir: string, name: string): void {
  const target = path.join(dir, 'node_modules', name);
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
}
