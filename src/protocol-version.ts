/**
 * The MCP protocol version a server's results are written for, as far as it changes what a tool
 * result may hold: up to 2025-11-25 `structuredContent` is an object, from 2026-07-28 on (SEP-2106)
 * any JSON value. Shared by the analyzer, the rules and the CLI; the runtime keeps its own copy of
 * the list (it has no dependencies), and a test checks that both agree.
 */
import path from 'node:path';
import { clearPackageManifestCache, readPackageManifest } from './package-manifest.js';

/** The released protocol versions (the spec repository's `schema/<date>/` folders), oldest first. */
export const PROTOCOL_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const;

export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

/** The first version whose `structuredContent` may be any JSON value. */
export const ANY_JSON_STRUCTURED_CONTENT_SINCE: ProtocolVersion = '2026-07-28';

/** What the SDK 1.x speaks at most, and what applies when nothing says otherwise. */
export const SDK_V1_PROTOCOL_VERSION: ProtocolVersion = '2025-11-25';

export function isProtocolVersion(value: unknown): value is ProtocolVersion {
  return typeof value === 'string' && (PROTOCOL_VERSIONS as readonly string[]).includes(value);
}

/** Why `value` is not a protocol version, in words that say what to write instead; undefined when it is one. */
export function protocolVersionProblem(value: unknown): string | undefined {
  if (isProtocolVersion(value)) return undefined;
  const known = PROTOCOL_VERSIONS.join(', ');
  if (typeof value !== 'string') return `must be a protocol version date (${known}), got ${value === null ? 'null' : typeof value}`;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return `must be a protocol version date in the form YYYY-MM-DD (${known}), got "${value}"`;
  return `"${value}" is not a released MCP protocol version (known: ${known})`;
}

/** Dates compare as text. */
export function allowsAnyJsonStructuredContent(version: ProtocolVersion): boolean {
  return version >= ANY_JSON_STRUCTURED_CONTENT_SINCE;
}

/** The SDK packages whose major version decides the default. */
export const SDK_V1_PACKAGE = '@modelcontextprotocol/sdk';
export const SDK_V2_PACKAGE = '@modelcontextprotocol/server';

export interface SdkDependency {
  name: string;
  /** The range as written in package.json. */
  range: string;
}

/** The protocol version a project gets when it sets none, and why. */
export interface DefaultProtocolVersion {
  version: ProtocolVersion;
  /** The package.json that decided (absolute), or null when none names an MCP SDK. */
  manifest: string | null;
  /** The SDK dependencies found in that package.json. */
  sdks: SdkDependency[];
}

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

/** The major version a range starts from (`^2.4.0`, `2.x`, `>=1.3 <2`, `npm:…@2`); null when it does not say (`*`, `latest`, `workspace:*`). */
function rangeMajor(range: string): number | null {
  const match = /(?:^|[\s^~=<>v@|])(\d+)(?:\.|$|\s|x)/.exec(range.replace(/^(?:npm:|workspace:)/, ''));
  return match ? Number(match[1]) : null;
}

function sdkDependencies(manifest: Record<string, unknown>): SdkDependency[] {
  const found = new Map<string, string>();
  for (const field of DEPENDENCY_FIELDS) {
    const dependencies = manifest[field];
    if (typeof dependencies !== 'object' || dependencies === null) continue;
    for (const name of [SDK_V1_PACKAGE, SDK_V2_PACKAGE]) {
      const range = (dependencies as Record<string, unknown>)[name];
      if (typeof range === 'string' && !found.has(name)) found.set(name, range);
    }
  }
  return [...found].map(([name, range]) => ({ name, range }));
}

/**
 * SDK v2 alone means 2026-07-28 (its McpServer wraps non-object structuredContent for older
 * clients itself); SDK 1.x, both together (mid-migration), or neither mean 2025-11-25.
 */
function versionFor(sdks: readonly SdkDependency[]): ProtocolVersion {
  const v2 = sdks.some((sdk) => sdk.name === SDK_V2_PACKAGE && (rangeMajor(sdk.range) ?? 2) >= 2);
  const v1 = sdks.some((sdk) => sdk.name === SDK_V1_PACKAGE);
  return v2 && !v1 ? ANY_JSON_STRUCTURED_CONTENT_SINCE : SDK_V1_PROTOCOL_VERSION;
}

const cache = new Map<string, DefaultProtocolVersion>();

/**
 * The default for files in `dir`: decided by the nearest package.json from `dir` upwards that
 * depends on an MCP SDK (cached per folder). A package.json without one (a nested
 * `{ "type": "module" }`, a workspace package of utilities) is passed over.
 */
export function defaultProtocolVersion(dir: string): DefaultProtocolVersion {
  const folder = path.resolve(dir);
  const known = cache.get(folder);
  if (known) return known;
  const read = readPackageManifest(folder);
  const sdks = read.status === 'read' ? sdkDependencies(read.manifest) : [];
  let result: DefaultProtocolVersion;
  if (sdks.length > 0) result = { version: versionFor(sdks), manifest: path.join(folder, 'package.json'), sdks };
  else {
    const parent = path.dirname(folder);
    result = parent === folder ? { version: SDK_V1_PROTOCOL_VERSION, manifest: null, sdks: [] } : defaultProtocolVersion(parent);
  }
  cache.set(folder, result);
  return result;
}

/** Forget what was read (tests write package.json files between runs). */
export function clearProtocolVersionCache(): void {
  cache.clear();
  clearPackageManifestCache();
}

/** Why the default applies, for people: `the default for SDK v2 (package.json depends on @modelcontextprotocol/server ^2.4.0)`. */
export function describeDefault(choice: DefaultProtocolVersion, displayPath: (file: string) => string): string {
  if (choice.manifest === null) return 'the default when no package.json names an MCP SDK';
  const list = choice.sdks.map((sdk) => `${sdk.name} ${sdk.range}`).join(' and ');
  const why = `${displayPath(choice.manifest)} depends on ${list}`;
  if (choice.version === ANY_JSON_STRUCTURED_CONTENT_SINCE) return `the default for SDK v2 (${why})`;
  if (choice.sdks.length > 1) return `the default while SDK 1.x, which speaks up to ${SDK_V1_PROTOCOL_VERSION}, is still a dependency (${why})`;
  if (choice.sdks[0].name === SDK_V1_PACKAGE) return `the default for SDK 1.x, which speaks up to ${SDK_V1_PROTOCOL_VERSION} (${why})`;
  return `the default: no SDK v2 release (${why})`;
}

/** The version a file's results are written for: the one set, else its project's default. */
export function protocolVersionOf(fileName: string, explicit: ProtocolVersion | undefined): ProtocolVersion {
  return explicit ?? defaultProtocolVersion(path.dirname(path.resolve(fileName))).version;
}
