/**
 * The release of a framework a file's tools run on, because what the framework does with a value
 * changed between releases (see FRAMEWORK_BEHAVIOUR's table in frameworks.ts): what `MCPTool` does
 * with a thrown Error and an output schema (mcp-framework), whether `structuredContent` alone gets a
 * text item (xmcp). A site, and a rewrite in the framework's own terms, depend on the release installed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const MCP_FRAMEWORK_PACKAGE = 'mcp-framework';
export const XMCP_PACKAGE = 'xmcp';

/** A release as numbers, `[0, 2, 19]`; prerelease tags are ignored (they come before their release, which no rule here depends on). */
export type ReleaseVersion = readonly [number, number, number];

export function parseRelease(text: string): ReleaseVersion | null {
  const match = /^\s*v?(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

export function atLeast(version: ReleaseVersion, minimum: ReleaseVersion): boolean {
  for (let index = 0; index < 3; index++) {
    if (version[index] !== minimum[index]) return version[index] > minimum[index];
  }
  return true;
}

export function formatRelease(version: ReleaseVersion): string {
  return version.join('.');
}

/** Which release, and what said so. */
export interface FrameworkRelease {
  version: ReleaseVersion;
  /** `installed` (node_modules), `lock` (package-lock.json), `range` (the lowest release package.json allows) or `option`. */
  from: 'installed' | 'lock' | 'range' | 'option';
}

/** The lowest release a range allows (`^0.2.13` → 0.2.13, `~0.2.15`, `>=0.2.19`, `0.2.x` → 0.2.0); null for `*`, tags, URLs. */
export function lowestInRange(range: string): ReleaseVersion | null {
  const match = /^\s*(?:npm:[\w@/.-]+@)?(?:\^|~|>=|=)?\s*v?(\d+)\.(\d+|x|\*)(?:\.(\d+|x|\*))?/.exec(range);
  if (!match) return null;
  const number = (part: string | undefined) => (part === undefined || part === 'x' || part === '*' ? 0 : Number(part));
  return [Number(match[1]), number(match[2]), number(match[3])];
}

function readJson(file: string): Record<string, unknown> | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function declaredRange(manifest: Record<string, unknown>, packageName: string): string | null {
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
    const dependencies = manifest[field];
    if (typeof dependencies !== 'object' || dependencies === null) continue;
    const range = (dependencies as Record<string, unknown>)[packageName];
    if (typeof range === 'string') return range;
  }
  return null;
}

function lockedVersion(dir: string, packageName: string): ReleaseVersion | null {
  const lock = readJson(path.join(dir, 'package-lock.json'));
  const packages = lock?.packages;
  if (typeof packages !== 'object' || packages === null) return null;
  const entry = (packages as Record<string, unknown>)[`node_modules/${packageName}`];
  const version = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>).version : undefined;
  return typeof version === 'string' ? parseRelease(version) : null;
}

function installedVersion(dir: string, packageName: string): ReleaseVersion | null {
  const manifest = readJson(path.join(dir, 'node_modules', packageName, 'package.json'));
  return typeof manifest?.version === 'string' ? parseRelease(manifest.version) : null;
}

const cache = new Map<string, FrameworkRelease | null>();

/**
 * The release of `packageName` for files in `dir`, cached per package and folder: the copy Node
 * would load (the nearest node_modules/<package> upwards), else the nearest package-lock.json's,
 * else the lowest release the nearest package.json that names the package allows. Null when
 * nothing says.
 */
function releaseFor(packageName: string, dir: string): FrameworkRelease | null {
  const folder = path.resolve(dir);
  const cacheKey = `${packageName}\0${folder}`;
  if (cache.has(cacheKey)) return cache.get(cacheKey)!;
  let found: FrameworkRelease | null = null;
  const installed = installedVersion(folder, packageName);
  if (installed) found = { version: installed, from: 'installed' };
  else {
    const manifest = readJson(path.join(folder, 'package.json'));
    const range = manifest ? declaredRange(manifest, packageName) : null;
    if (range !== null) {
      const locked = lockedVersion(folder, packageName);
      const lowest = lowestInRange(range);
      if (locked) found = { version: locked, from: 'lock' };
      else if (lowest) found = { version: lowest, from: 'range' };
    }
  }
  const parent = path.dirname(folder);
  if (!found && parent !== folder) found = releaseFor(packageName, parent);
  cache.set(cacheKey, found);
  return found;
}

/** The release of `packageName` that `fileName` runs on: `explicit` (an option) when set, else what its project installs or pins. */
export function packageReleaseOf(packageName: string, fileName: string, explicit: string | undefined): FrameworkRelease | null {
  if (explicit !== undefined) {
    const version = parseRelease(explicit);
    return version ? { version, from: 'option' } : null;
  }
  return releaseFor(packageName, path.dirname(path.resolve(fileName)));
}

/** The mcp-framework release `fileName` runs on: the option when set, else what its project installs or pins. */
export function mcpFrameworkReleaseOf(fileName: string, explicit: string | undefined): FrameworkRelease | null {
  return packageReleaseOf(MCP_FRAMEWORK_PACKAGE, fileName, explicit);
}

/** Forget what was read (tests write package.json files between runs). */
export function clearFrameworkVersionCache(): void {
  cache.clear();
}
