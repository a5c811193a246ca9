/**
 * `--import <dir>`: load a folder into a store. Files under workflows/, modules/, text/ and
 * apps/<app_id>/ get that entity type (layout.ts); everything else becomes a `text` file at its
 * relative path. Symlinks, binary files, .git and node_modules are skipped. Import is a trusted
 * bulk load, so the write-time validation of replace_content is not applied.
 */
import fs from 'node:fs';
import path from 'node:path';
import { normalizeContentPath, validateIdentifier } from './paths.js';
import { segmentsToKey } from './stores/layout.js';
import { PostgresStore } from './stores/postgres-store.js';
import { SqliteStore } from './stores/sqlite-store.js';
import { ContentPathError, ContentStoreError, type ContentKey, type ContentStore } from './types.js';

const SKIPPED_FOLDERS = new Set(['.git', 'node_modules']);

export interface ImportReport {
  imported: number;
  /** Relative path and reason for each file left out. */
  skipped: { file: string; reason: string }[];
}

function keyFor(relativeSegments: string[]): ContentKey {
  const key = segmentsToKey(relativeSegments) ?? { entityType: 'text', path: relativeSegments.join('/') };
  const checked: ContentKey = { ...key, path: normalizeContentPath(key.path) };
  if (checked.appId !== undefined) validateIdentifier('app_id', checked.appId);
  if (checked.organizationId) validateIdentifier('organization_id', checked.organizationId);
  return checked;
}

function* walkFiles(root: string, relative: string[] = []): Generator<string[]> {
  const entries = fs.readdirSync(path.join(root, ...relative), { withFileTypes: true });
  entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) yield* walkFiles(root, [...relative, entry.name]);
    } else if (entry.isFile()) {
      yield [...relative, entry.name];
    }
  }
}

export async function importDirectory(store: ContentStore, directory: string): Promise<ImportReport> {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(directory);
  } catch (error) {
    throw new ContentStoreError(`cannot import ${directory}: ${(error as Error).message}`);
  }
  if (!stats.isDirectory()) throw new ContentStoreError(`cannot import ${directory}: not a folder`);
  const report: ImportReport = { imported: 0, skipped: [] };

  /** The files to import, in order; the ones left out are recorded in the report. */
  function* importable(): Generator<{ key: ContentKey; content: string }> {
    for (const segments of walkFiles(directory)) {
      const file = segments.join('/');
      let key: ContentKey;
      try {
        key = keyFor(segments);
      } catch (error) {
        if (!(error instanceof ContentPathError)) throw error;
        report.skipped.push({ file, reason: error.message });
        continue;
      }
      const bytes = fs.readFileSync(path.join(directory, ...segments));
      if (bytes.subarray(0, 8192).includes(0)) {
        report.skipped.push({ file, reason: 'binary file' });
        continue;
      }
      yield { key, content: bytes.toString('utf8') };
      report.imported++;
    }
  }

  if (store instanceof SqliteStore) {
    // One transaction: a failed import leaves the database as it was.
    store.writeBatch((write) => {
      for (const file of importable()) write(file.key, file.content);
    });
  } else if (store instanceof PostgresStore) {
    // One transaction as well, one statement at a time on its connection.
    await store.writeBatch(async (write) => {
      for (const file of importable()) await write(file.key, file.content);
    });
  } else {
    const pending: Promise<unknown>[] = [];
    for (const file of importable()) pending.push(store.put(file.key, file.content));
    await Promise.all(pending);
  }
  return report;
}
