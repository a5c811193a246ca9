/**
 * Before `migrate` writes `import … from 'mcp-result-kit'` into a project, the project must be able
 * to resolve that module: otherwise the migration turns a compiling server into one with a TS2307
 * per file. A project can resolve it when its package.json declares it, or when TypeScript's module
 * resolution (the tsconfig's `paths`, an installed copy in a workspace) finds it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as TS from 'typescript';
import { detectPackageManager, installCommand } from '../install.js';
import { ts } from '../typescript.js';
import { packageName } from './peers.js';

const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'] as const;

interface Manifest {
  [key: string]: unknown;
}

/** A package.json the migrated files belong to, and how it relates to the import source. */
export interface ProjectPackage {
  /** The package.json file, or undefined when no folder above the files has one. */
  file: string | undefined;
  /** The migrated files that belong to it (absolute). */
  files: string[];
  /** Which dependency field declares the import source, if any. */
  declaredIn: (typeof DEPENDENCY_FIELDS)[number] | undefined;
  /** TypeScript resolves the import source from these files. */
  resolves: boolean;
}

export interface ImportSourceCheck {
  /** The package the migrated files import (`mcp-result-kit`, or `--import-source`'s package). */
  packageName: string;
  /** Packages whose files could not resolve it. */
  missing: ProjectPackage[];
  /** Packages that have it only as a devDependency (it is imported at run time). */
  devOnly: ProjectPackage[];
}

function readManifest(file: string): Manifest | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Manifest) : undefined;
  } catch {
    return undefined;
  }
}

function nearestManifest(file: string, cache: Map<string, string | undefined>): string | undefined {
  const dir = path.dirname(file);
  if (cache.has(dir)) return cache.get(dir);
  const candidate = path.join(dir, 'package.json');
  const parent = path.dirname(dir);
  const found = existsSync(candidate) ? candidate : parent === dir ? undefined : nearestManifest(dir, cache);
  cache.set(dir, found);
  return found;
}

function declaringField(manifest: Manifest | undefined, name: string): ProjectPackage['declaredIn'] {
  if (!manifest) return undefined;
  return DEPENDENCY_FIELDS.find((field) => {
    const deps = manifest[field];
    return typeof deps === 'object' && deps !== null && Object.hasOwn(deps, name);
  });
}

/** Resolution as the project compiles: the tsconfig's options, or Node's ESM/CJS rules without one. */
const DEFAULT_RESOLUTION: TS.CompilerOptions = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, allowJs: true };

/** Resolution of a package specifier depends only on the folder: one file per folder is enough. */
function onePerFolder(files: readonly string[]): string[] {
  return [...new Map(files.map((file) => [path.dirname(file), file])).values()];
}

/**
 * Whether the files that migrate changes can import `source`. Relative and absolute specifiers
 * (local helpers) are the project's own files and are not checked.
 */
export function checkImportSource(source: string, files: readonly string[], compilerOptions: TS.CompilerOptions | undefined): ImportSourceCheck | undefined {
  if (source.startsWith('.') || path.isAbsolute(source)) return undefined;
  const name = packageName(source);
  const manifestCache = new Map<string, string | undefined>();
  const byManifest = new Map<string | undefined, string[]>();
  for (const file of files) {
    const manifest = nearestManifest(file, manifestCache);
    byManifest.set(manifest, [...(byManifest.get(manifest) ?? []), file]);
  }
  const options = compilerOptions ?? DEFAULT_RESOLUTION;
  const packages: ProjectPackage[] = [...byManifest].map(([file, members]) => ({
    file,
    files: members,
    declaredIn: declaringField(file ? readManifest(file) : undefined, name),
    resolves: onePerFolder(members).every((member) => ts.resolveModuleName(source, member, options, ts.sys).resolvedModule !== undefined),
  }));
  return {
    packageName: name,
    missing: packages.filter((pkg) => pkg.declaredIn === undefined && !pkg.resolves),
    devOnly: packages.filter((pkg) => pkg.declaredIn === 'devDependencies'),
  };
}

/** The exact command that adds `name` to the dependencies of the package in `dir`. */
export function dependencyInstallCommand(name: string, dir: string, cwd: string): string {
  const command = installCommand(detectPackageManager(dir), [name]);
  const relative = path.relative(cwd, dir);
  return relative === '' ? command : `cd ${relative.split(path.sep).join('/')} && ${command}`;
}

/** The one-line explanation `migrate` stops (or, with --dry-run, warns) with. */
export function missingDependencyMessage(check: ImportSourceCheck, cwd: string): string {
  const name = check.packageName;
  const first = check.missing[0];
  const dir = first.file ? path.dirname(first.file) : cwd;
  const where = first.file ? `${path.relative(cwd, first.file).split(path.sep).join('/') || 'package.json'} does not list it in its dependencies and` : 'there is no package.json and';
  const fileCount = check.missing.reduce((sum, pkg) => sum + pkg.files.length, 0);
  return (
    `the migrated files would import ${name}, but ${where} TypeScript cannot resolve it from ${fileCount === 1 ? 'the file' : `${fileCount} of the files`}; ` +
    `install it first: ${dependencyInstallCommand(name, dir, cwd)} ` +
    `(or pass --add-dependency to add it to package.json, or --local-helpers <path> to write the helpers into the project instead)`
  );
}

/** The version range --add-dependency writes: the runtime this CLI was built with. */
export function runtimeRange(): string {
  const manifest = createRequire(import.meta.url)('mcp-result-kit/package.json') as { version: string };
  return `^${manifest.version}`;
}

/** package.json text with `name: range` added to `dependencies`, in the file's own indentation and line endings. */
export function withDependency(text: string, name: string, range: string): string {
  const manifest = JSON.parse(text) as Manifest;
  const existing = manifest.dependencies;
  const dependencies: Record<string, unknown> = typeof existing === 'object' && existing !== null ? { ...(existing as Record<string, unknown>) } : {};
  const keys = Object.keys(dependencies);
  const sorted = keys.every((key, index) => index === 0 || keys[index - 1].localeCompare(key) <= 0);
  dependencies[name] = range;
  // Keep a sorted list sorted (npm's own order); leave any other order as it was.
  manifest.dependencies = sorted ? Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b))) : dependencies;
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? '  ';
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const body = JSON.stringify(manifest, null, indent).replace(/\n/g, newline);
  return /\r?\n$/.test(text) ? body + newline : body;
}
