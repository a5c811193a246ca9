import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { minimatch } from 'minimatch';
import { parse as parseYaml } from 'yaml';
import { readPackageManifest } from '../../package-manifest.js';
import { DECLARATION_FILE, SKIPPED_FOLDERS, SOURCE_EXTENSIONS } from '../../source-files.js';

/**
 * Test files: `__tests__/` folders and `*.test.*` / `*.spec.*` files. Their tool-shaped objects
 * and JSON payloads are fixtures and assertions, not what a server sends; `check` and `migrate`
 * skip them unless asked, and the project view never reads them.
 */
export const TEST_FILE_GLOBS: readonly string[] = ['**/__tests__/**', '**/*.test.*', '**/*.spec.*'];

export function isTestFile(file: string): boolean {
  const parts = file.split(/[\\/]/);
  const base = parts[parts.length - 1];
  return parts.slice(0, -1).includes('__tests__') || /\.(?:test|spec)\.[cm]?[jt]sx?$/.test(base);
}

/**
 * The project a server is: the folder of the nearest package.json above `file`, or, when that
 * package belongs to a workspace (npm/yarn `workspaces`, `pnpm-workspace.yaml`), the workspace's
 * root, because a workspace package's tools are often registered by a sibling package
 * (`@acme/core`'s `registerTools(server, tools)`). Else the file's folder.
 */
export function projectRootOf(file: string): string {
  const packageDir = nearestPackageDir(file);
  if (packageDir === undefined) return path.dirname(path.resolve(file));
  let root = rootByPackage.get(packageDir);
  if (root === undefined) rootByPackage.set(packageDir, (root = workspaceRootOf(packageDir) ?? packageDir));
  return root;
}

/**
 * Can code in `consumerFile` hold a value defined in `entryFile`? Within one package, yes; across the
 * packages of a workspace, only when the entry's package depends on the consumer's (`@acme/app`
 * hands its tools to `@acme/core`'s `registerTools`): a sibling server's own `tool.execute(args)`
 * never sees them.
 */
export function packageCanReach(entryFile: string, consumerFile: string): boolean {
  const entryPackage = nearestPackageDir(entryFile);
  const consumerPackage = nearestPackageDir(consumerFile);
  if (entryPackage === undefined || consumerPackage === undefined || entryPackage === consumerPackage) return true;
  const consumerName = manifestOf(consumerPackage)?.name;
  const entryManifest = manifestOf(entryPackage);
  if (typeof consumerName !== 'string' || entryManifest === undefined) return true;
  return ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].some((field) => {
    const declared = entryManifest[field];
    return isRecord(declared) && consumerName in declared;
  });
}

// Every linted file asks: a folder's answer is looked up on disk once.
const packageDirByFolder = new Map<string, string | undefined>();

function nearestPackageDir(file: string): string | undefined {
  const start = path.dirname(path.resolve(file));
  if (packageDirByFolder.has(start)) return packageDirByFolder.get(start);
  let found: string | undefined;
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) {
      found = dir;
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  packageDirByFolder.set(start, found);
  return found;
}

/** A folder's package.json; undefined when it is missing or does not parse (it declares nothing). */
function manifestOf(dir: string): Record<string, unknown> | undefined {
  const read = readPackageManifest(dir);
  return read.status === 'read' ? read.manifest : undefined;
}

const rootByPackage = new Map<string, string>();

/** The folder above `packageDir` whose workspace patterns name it; none past a repository's root. */
function workspaceRootOf(packageDir: string): string | undefined {
  for (let dir = packageDir; ; dir = path.dirname(dir)) {
    if (dir !== packageDir) {
      const relative = path.relative(dir, packageDir).split(path.sep).join('/');
      if (workspacePatterns(dir).some((pattern) => minimatch(relative, pattern.replace(/^\.\//, '').replace(/\/+$/, '')))) return dir;
    }
    if (existsSync(path.join(dir, '.git')) || path.dirname(dir) === dir) return undefined;
  }
}

/** The workspace patterns a folder declares: package.json `workspaces` (array or `{ packages }`), or pnpm-workspace.yaml `packages`. */
function workspacePatterns(dir: string): string[] {
  const patterns: unknown[] = [];
  const workspaces = manifestOf(dir)?.workspaces;
  patterns.push(...(Array.isArray(workspaces) ? workspaces : isRecord(workspaces) && Array.isArray(workspaces.packages) ? workspaces.packages : []));
  const pnpm = readIfExists(path.join(dir, 'pnpm-workspace.yaml'));
  if (pnpm !== undefined) {
    try {
      const declared: unknown = parseYaml(pnpm);
      if (isRecord(declared) && Array.isArray(declared.packages)) patterns.push(...declared.packages);
    } catch {
      // Neither does a pnpm-workspace.yaml that does not parse.
    }
  }
  return patterns.filter((pattern): pattern is string => typeof pattern === 'string' && !pattern.startsWith('!'));
}

function readIfExists(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

const MAX_FILES = 20_000;

/**
 * Every source file of a project, synchronously (lint rules cannot wait): dependencies, build
 * output, hidden folders and test files are left out. Bounded, so a root that is really a home
 * folder cannot make lint walk the disk.
 */
export function listProjectFiles(root: string): string[] {
  const files: string[] = [];
  const skipped = new Set<string>(SKIPPED_FOLDERS);
  const extensions = new Set<string>(SOURCE_EXTENSIONS);
  const walk = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (files.length >= MAX_FILES) return;
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skipped.has(entry.name) && entry.name !== '__tests__' && entry.name !== 'coverage') walk(full);
      } else if (entry.isFile() && extensions.has(path.extname(entry.name)) && !DECLARATION_FILE.test(entry.name) && !isTestFile(full)) {
        files.push(full);
      }
    }
  };
  walk(root);
  return files.sort();
}
