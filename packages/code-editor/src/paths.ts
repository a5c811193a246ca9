/**
 * Validation of caller-supplied paths and identifiers. Both stores apply the same rules so a
 * file that exists in the database can always be exported to the filesystem layout and back;
 * the filesystem store additionally checks confinement on disk (fs-store.ts).
 */
import { ContentPathError } from './types.js';

const MAX_PATH_LENGTH = 1024;
const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * Returns the canonical form of a relative content path ('a/b.ts' for './a//b.ts') or throws a
 * ContentPathError that tells the caller what to change.
 */
export function normalizeContentPath(rawPath: string): string {
  if (rawPath.length === 0) throw new ContentPathError('path must not be empty');
  if (rawPath.includes('\0')) throw new ContentPathError('path must not contain a NUL byte');
  if (rawPath.length > MAX_PATH_LENGTH) {
    throw new ContentPathError(`path is longer than ${MAX_PATH_LENGTH} characters`);
  }
  if (rawPath.includes('\\')) {
    throw new ContentPathError(`path must use '/' separators, not '\\': ${rawPath}`);
  }
  if (rawPath.startsWith('/') || /^[A-Za-z]:/.test(rawPath)) {
    throw new ContentPathError(`path must be relative (e.g. 'src/app.ts'), got absolute path ${rawPath}`);
  }
  const segments: string[] = [];
  for (const segment of rawPath.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') throw new ContentPathError(`path must not contain '..' segments: ${rawPath}`);
    segments.push(segment);
  }
  if (segments.length === 0) throw new ContentPathError(`path names no file: ${rawPath}`);
  return segments.join('/');
}

/** A path prefix filter: same rules as a path, but a trailing '/' is kept (folder prefix). */
export function normalizePathPrefix(rawPrefix: string): string {
  const normalized = normalizeContentPath(rawPrefix);
  return rawPrefix.endsWith('/') ? `${normalized}/` : normalized;
}

/** app_id and organization_id become folder names in the filesystem store, so keep them tame. */
export function validateIdentifier(kind: 'app_id' | 'organization_id', value: string): string {
  if (!IDENTIFIER.test(value) || value.includes('..')) {
    throw new ContentPathError(
      `${kind} must be 1-128 characters of letters, digits, '.', '_' or '-' (no '..'), got ${JSON.stringify(value)}`,
    );
  }
  return value;
}

/** True when `path` is selected by a prefix from normalizePathPrefix. */
export function matchesPathPrefix(path: string, prefix: string): boolean {
  return path.startsWith(prefix);
}
