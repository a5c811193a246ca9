/**
 * A folder's package.json, read once per folder for every question the kit asks of it (how a file
 * is loaded, which protocol its SDK speaks, which workspace and dependencies it has). The callers
 * differ only in what a missing file means (look further up) and what an unreadable one means
 * (present, declares nothing), so the reader keeps the two apart.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export type ManifestRead = { status: 'missing' } | { status: 'unreadable' } | { status: 'read'; manifest: Record<string, unknown> };

const reads = new Map<string, ManifestRead>();

export function readPackageManifest(dir: string): ManifestRead {
  const folder = path.resolve(dir);
  const known = reads.get(folder);
  if (known) return known;
  let read: ManifestRead;
  try {
    const parsed: unknown = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
    read = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? { status: 'read', manifest: parsed as Record<string, unknown> } : { status: 'unreadable' };
  } catch (error) {
    read = (error as NodeJS.ErrnoException).code === 'ENOENT' ? { status: 'missing' } : { status: 'unreadable' };
  }
  reads.set(folder, read);
  return read;
}

/** Forget what was read (tests, and a long-lived ESLint, see package.json files change). */
export function clearPackageManifestCache(): void {
  reads.clear();
}
