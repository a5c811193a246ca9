/**
 * `--import <dir>`: load a folder into a store, in one of the two layouts (stores/layout.ts):
 *
 *   - plain: every file becomes a `text` file at its relative path; what .gitignore ignores,
 *     .git, node_modules and the lock folder .mcp-locks are skipped, as when the folder is
 *     served with --root;
 *   - entities: files under workflows/, modules/, text/ and apps/<app_id>/ get that entity type;
 *     everything else becomes a `text` file at its relative path; .git, node_modules and
 *     .mcp-locks are skipped.
 *
 * The layout is detected the same way as for --root unless given. Symlinks, FIFOs, sockets,
 * devices and binary files are skipped too. Import is a trusted bulk load, so the write-time
 * validation of replace_content is not applied.
 */
import fs from 'node:fs';
import path from 'node:path';
import { normalizeContentPath, validateIdentifier } from './paths.js';
import { isNotFound, looksBinary, NotRegularFileError, readRegularFile } from './stores/fs-read.js';
import { ALWAYS_SKIPPED, GitIgnoreRules, type IgnoreChain } from './stores/gitignore.js';
import { detectLayout, segmentsToKey, type FolderLayout } from './stores/layout.js';
import { PostgresStore } from './stores/postgres-store.js';
import { SqliteStore } from './stores/sqlite-store.js';
import { ContentPathError, ContentStoreError, type ContentKey, type ContentStore } from './types.js';

export interface ImportReport {
  imported: number;
  /** Relative path and reason for each file left out. */
  skipped: { file: string; reason: string }[];
  /** The layout the folder was read in. */
  layout: FolderLayout;
}

export interface ImportOptions {
  /** 'entities', 'plain' or 'auto' (default): detected as for a served folder. */
  layout?: FolderLayout | 'auto';
}

function keyFor(relativeSegments: string[], layout: FolderLayout): ContentKey {
  const key =
    (layout === 'entities' ? segmentsToKey(relativeSegments) : undefined) ?? { entityType: 'text', path: relativeSegments.join('/') };
  const checked: ContentKey = { ...key, path: normalizeContentPath(key.path) };
  if (checked.appId !== undefined) validateIdentifier('app_id', checked.appId);
  if (checked.organizationId) validateIdentifier('organization_id', checked.organizationId);
  return checked;
}

/**
 * Regular files under `root`, sorted, as relative segments. Dirent types come from readdir
 * without following symlinks, so symlinks and special files are never entered or opened.
 */
function* walkFiles(root: string, ignoreRules: GitIgnoreRules | undefined, relative: string[] = [], parentChain?: IgnoreChain): Generator<string[]> {
  const entries = fs.readdirSync(path.join(root, ...relative), { withFileTypes: true });
  entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
  const chain = ignoreRules?.chainFor(relative, parentChain);
  for (const entry of entries) {
    const segments = [...relative, entry.name];
    if (!entry.isDirectory() && !entry.isFile()) continue;
    const ignored = ignoreRules && chain ? ignoreRules.isEntryIgnored(chain, segments, entry.isDirectory()).ignored : ALWAYS_SKIPPED.has(entry.name);
    if (ignored) continue;
    if (entry.isDirectory()) yield* walkFiles(root, ignoreRules, segments, chain);
    else yield segments;
  }
}

export async function importDirectory(store: ContentStore, directory: string, options: ImportOptions = {}): Promise<ImportReport> {
  let stats: fs.Stats;
  try {
    stats = fs.statSync(directory);
  } catch (error) {
    throw new ContentStoreError(`cannot import ${directory}: ${(error as Error).message}`);
  }
  if (!stats.isDirectory()) throw new ContentStoreError(`cannot import ${directory}: not a folder`);
  const requested = options.layout ?? 'auto';
  const layout = requested === 'auto' ? detectLayout(directory) : requested;
  const ignoreRules = layout === 'plain' ? new GitIgnoreRules(directory) : undefined;
  const report: ImportReport = { imported: 0, skipped: [], layout };

  /** The files to import, in order; the ones left out are recorded in the report. */
  function* importable(): Generator<{ key: ContentKey; content: string }> {
    for (const segments of walkFiles(directory, ignoreRules)) {
      const file = segments.join('/');
      let key: ContentKey;
      try {
        key = keyFor(segments, layout);
      } catch (error) {
        if (!(error instanceof ContentPathError)) throw error;
        report.skipped.push({ file, reason: error.message });
        continue;
      }
      let bytes: Buffer;
      try {
        bytes = readRegularFile(path.join(directory, ...segments));
      } catch (error) {
        // Replaced since readdir: gone, or no longer a regular file.
        if (error instanceof NotRegularFileError) report.skipped.push({ file, reason: `${error.kind}, not a regular file` });
        else if (isNotFound(error) || (error as NodeJS.ErrnoException).code === 'ELOOP') report.skipped.push({ file, reason: 'changed during the import' });
        else throw error;
        continue;
      }
      if (looksBinary(bytes)) {
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
