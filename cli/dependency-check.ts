/**
 * Before `migrate` writes `import … from 'mcp-result-kit'` into a project, the package that owns
 * each file must list that module in its `dependencies`: the import runs in production, and a
 * production install (`npm ci --omit=dev`, `npm prune --omit=dev`, `pnpm deploy --prod`, a Docker
 * image) keeps only those. A devDependency, a peerDependency or optionalDependency, and a copy
 * that merely resolves (the one @mcp-result-kit/tools depends on) all leave a server that crashes
 * at start with ERR_MODULE_NOT_FOUND once the dev dependencies are pruned.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TS from 'typescript';
import { detectPackageManager, installCommand, moveToDependenciesCommand } from '../src/install.js';
import { ts } from '../src/typescript.js';
import { packageName } from './peers.js';

/** The fields a package.json can list a package in; only the first is installed in production for certain. */
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;
type DependencyField = (typeof DEPENDENCY_FIELDS)[number];

interface Manifest {
  [key: string]: unknown;
}

/**
 * Why a package's files may not import the source in production:
 * - `dev`, `peer`, `optional`: listed only in that field;
 * - `transitive`: not listed, but a copy resolves through node_modules (another package's dependency);
 * - `missing`: not listed and not installed.
 */
export type RefusalReason = 'dev' | 'peer' | 'optional' | 'transitive' | 'missing';

/** A package.json the migrated files belong to, and how it relates to the import source. */
export interface ProjectPackage {
  /** The package.json file, or undefined when no folder above the files has one. */
  file: string | undefined;
  /** The migrated files that belong to it (absolute). */
  files: string[];
  /** Which dependency field lists the import source, if any (`dependencies` first). */
  declaredIn: DependencyField | undefined;
  /** Set when the files may not import it in production. */
  refusal: RefusalReason | undefined;
  /** It resolves from every file (installed, or the project's own code). */
  installed: boolean;
}

export interface ImportSourceCheck {
  /** The package the migrated files import (`mcp-result-kit`, or `--import-source`'s package). */
  packageName: string;
  /** Every package the files belong to. */
  packages: ProjectPackage[];
  /** Packages whose files could not import it after a production install. */
  refused: ProjectPackage[];
}

function readManifest(file: string): Manifest | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Manifest) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A package.json that makes a package: it has a name or lists dependencies. A nested
 * `{ "type": "module" }` (a module-format marker in src/ or dist/) is passed over.
 */
function isPackageManifest(manifest: Manifest | undefined): boolean {
  if (!manifest) return false;
  return typeof manifest.name === 'string' || 'workspaces' in manifest || DEPENDENCY_FIELDS.some((field) => field in manifest);
}

/**
 * The package.json of the package that owns `file`: the nearest one from the file upwards that is
 * a package (see isPackageManifest); in a workspace that is the workspace package the file lies
 * in, not the root. The nearest package.json of any kind when none is a package.
 */
function owningManifest(file: string, cache: Map<string, string | undefined>): string | undefined {
  let fallback: string | undefined;
  const visited: string[] = [];
  let found: string | undefined;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (cache.has(dir)) {
      found = cache.get(dir);
      break;
    }
    visited.push(dir);
    const candidate = path.join(dir, 'package.json');
    if (existsSync(candidate)) {
      fallback ??= candidate;
      if (isPackageManifest(readManifest(candidate))) {
        found = candidate;
        break;
      }
    }
    if (path.dirname(dir) === dir) break;
  }
  const owner = found ?? fallback;
  // A fallback found below a cached folder is only right for the folders visited here.
  for (const dir of visited) cache.set(dir, found === undefined ? fallback : owner);
  return owner;
}

function listedIn(manifest: Manifest | undefined, field: DependencyField, name: string): boolean {
  const deps = manifest?.[field];
  return typeof deps === 'object' && deps !== null && Object.hasOwn(deps, name);
}

function declaringField(manifest: Manifest | undefined, name: string): DependencyField | undefined {
  return DEPENDENCY_FIELDS.find((field) => listedIn(manifest, field, name));
}

/** Resolution as the project compiles: the tsconfig's options, or Node's ESM/CJS rules without one. */
const DEFAULT_RESOLUTION: TS.CompilerOptions = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, allowJs: true };

/** Resolution of a package specifier depends only on the folder: one file per folder is enough. */
function onePerFolder(files: readonly string[]): string[] {
  return [...new Map(files.map((file) => [path.dirname(file), file])).values()];
}

type Resolution = 'project' | 'node_modules' | 'none';

/**
 * Where TypeScript finds `source` from the files: in the project's own code (a tsconfig `paths`
 * alias, a workspace sibling's sources), which ships with the server; in node_modules; or nowhere.
 */
function resolution(source: string, files: readonly string[], options: TS.CompilerOptions): Resolution {
  let result: Resolution = 'project';
  for (const member of onePerFolder(files)) {
    const resolved = ts.resolveModuleName(source, member, options, ts.sys).resolvedModule;
    if (!resolved) return 'none';
    if (resolved.isExternalLibraryImport === true || resolved.resolvedFileName.split(/[\\/]/).includes('node_modules')) result = 'node_modules';
  }
  return result;
}

function refusalOf(field: DependencyField | undefined, hasManifest: boolean, found: Resolution): RefusalReason | undefined {
  if (field === 'dependencies' || found === 'project') return undefined;
  if (field === 'devDependencies') return 'dev';
  if (field === 'peerDependencies') return 'peer';
  if (field === 'optionalDependencies') return 'optional';
  // Without any package.json nothing is pruned: an installed copy is what runs.
  if (!hasManifest && found === 'node_modules') return undefined;
  return found === 'node_modules' ? 'transitive' : 'missing';
}

/**
 * Whether the files that migrate changes can import `source` after a production install.
 * Relative and absolute specifiers (local helpers) are the project's own files and are not checked.
 */
export function checkImportSource(source: string, files: readonly string[], compilerOptions: TS.CompilerOptions | undefined): ImportSourceCheck | undefined {
  if (source.startsWith('.') || path.isAbsolute(source)) return undefined;
  const name = packageName(source);
  const manifestCache = new Map<string, string | undefined>();
  const byManifest = new Map<string | undefined, string[]>();
  for (const file of files) {
    const manifest = owningManifest(file, manifestCache);
    byManifest.set(manifest, [...(byManifest.get(manifest) ?? []), file]);
  }
  const options = compilerOptions ?? DEFAULT_RESOLUTION;
  const packages: ProjectPackage[] = [...byManifest].map(([file, members]) => {
    const manifest = file ? readManifest(file) : undefined;
    // The package's own name imports itself (a self-reference through its exports).
    const declaredIn = manifest?.name === name ? 'dependencies' : declaringField(manifest, name);
    const found = resolution(source, members, options);
    return { file, files: members, declaredIn, refusal: refusalOf(declaredIn, file !== undefined, found), installed: found !== 'none' };
  });
  return { packageName: name, packages, refused: packages.filter((pkg) => pkg.refusal !== undefined) };
}

/** The exact command that adds `name` to the dependencies of the package in `dir` (moving it there when another field lists it). */
export function dependencyInstallCommand(name: string, dir: string, cwd: string, move = false): string {
  const manager = detectPackageManager(dir);
  const command = move ? moveToDependenciesCommand(manager, name) : installCommand(manager, [name]);
  const relative = path.relative(cwd, dir);
  return relative === '' ? command : `cd ${relative.split(path.sep).join('/')} && ${command}`;
}

export const REASONS: Record<RefusalReason, (name: string) => string> = {
  dev: () => 'lists it only in devDependencies, which a production install (npm ci --omit=dev, npm prune --omit=dev) leaves out',
  peer: () => 'lists it only in peerDependencies, which whoever installs this package must provide (yarn 1 never installs them); the server itself needs it in dependencies',
  optional: () => 'lists it only in optionalDependencies, which an install may skip',
  transitive: (name) => `does not list it in its dependencies; the copy installed in node_modules belongs to another package (such as @mcp-result-kit/tools, which depends on ${name}) and is gone after a production install`,
  missing: () => 'does not list it in its dependencies and it is not installed',
};

/** The one-line explanation `migrate` stops (or, with --dry-run, warns) with. */
export function missingDependencyMessage(check: ImportSourceCheck, cwd: string): string {
  const name = check.packageName;
  const [first, ...others] = check.refused;
  const reason = first.refusal ?? 'missing';
  const dir = first.file ? path.dirname(first.file) : cwd;
  const where = first.file ? `${path.relative(cwd, first.file).split(path.sep).join('/') || 'package.json'} ${REASONS[reason](name)}` : 'there is no package.json and it is not installed';
  const more = others.length === 0 ? '' : ` (and ${others.length} more package${others.length === 1 ? '' : 's'})`;
  const move = reason === 'dev' || reason === 'peer' || reason === 'optional';
  return (
    `the migrated files would import ${name} at run time, but ${where}${more}; ` +
    `install it as a dependency first: ${dependencyInstallCommand(name, dir, cwd, move)} ` +
    `(or pass --add-dependency to add it to the dependencies in package.json, or --local-helpers <path> to write the helpers into the project instead)`
  );
}

/** The version range --add-dependency writes: the runtime this CLI was built with. */
export function runtimeRange(): string {
  const manifest = createRequire(import.meta.url)('mcp-result-kit/package.json') as { version: string };
  return `^${manifest.version}`;
}

/** The range a package.json already gives `name` in any field, so moving it keeps the user's choice. */
export function listedRange(text: string, name: string): string | undefined {
  const manifest = JSON.parse(text) as Manifest;
  for (const field of DEPENDENCY_FIELDS) {
    const range = (manifest[field] as Record<string, unknown> | undefined)?.[name];
    if (listedIn(manifest, field, name) && typeof range === 'string') return range;
  }
  return undefined;
}

/**
 * package.json text with `name: range` in `dependencies` (and out of `devDependencies` and
 * `optionalDependencies`, where it would shadow or contradict it), in the file's own indentation
 * and line endings.
 */
export function withDependency(text: string, name: string, range: string): string {
  const manifest = JSON.parse(text) as Manifest;
  const existing = manifest.dependencies;
  const dependencies: Record<string, unknown> = typeof existing === 'object' && existing !== null ? { ...(existing as Record<string, unknown>) } : {};
  const keys = Object.keys(dependencies);
  const sorted = keys.every((key, index) => index === 0 || keys[index - 1].localeCompare(key) <= 0);
  dependencies[name] = range;
  // Keep a sorted list sorted (npm's own order); leave any other order as it was.
  manifest.dependencies = sorted ? Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b))) : dependencies;
  for (const field of ['devDependencies', 'optionalDependencies'] as const) {
    if (!listedIn(manifest, field, name)) continue;
    const rest = Object.fromEntries(Object.entries(manifest[field] as Record<string, unknown>).filter(([key]) => key !== name));
    if (Object.keys(rest).length > 0) manifest[field] = rest;
    else delete manifest[field];
  }
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? '  ';
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const body = JSON.stringify(manifest, null, indent).replace(/\n/g, newline);
  return /\r?\n$/.test(text) ? body + newline : body;
}
