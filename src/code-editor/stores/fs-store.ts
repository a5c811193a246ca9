/**
 * Filesystem store: files live under one root directory in the layout of layout.ts.
 *
 * Confinement, checked on every access:
 *   - paths are validated first (no NUL, no '..', not absolute; see paths.ts);
 *   - the root is realpath'ed once; each existing component of the target is lstat'ed walking
 *     down from the root, and a symlink is only followed when its realpath is the root or
 *     starts with root + separator (so '/srv/root-evil' is not inside '/srv/root');
 *   - writes and deletes refuse a symlink as the final component;
 *   - writes go through write-file-atomic (temp file in the target folder, fsync, rename over
 *     the target), so readers never see a half-written file.
 *
 * Compare-and-swap (expectedSha256) reads, compares and renames with synchronous calls, so no
 * other request in this process can interleave, under a per-file lock (file-lock.ts) that other
 * processes serving the same root take too.
 * Listing and search do not follow symlinks at all.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isAscii } from 'node:buffer';
import writeFileAtomic from 'write-file-atomic';
import { validateIdentifier } from '../paths.js';
import { countLines, sha256Hex } from '../text.js';
import {
  ContentPathError,
  ContentStoreError,
  type ContentFilter,
  type ContentKey,
  type ContentRecord,
  type ContentStore,
  type ContentSummary,
  type ContentText,
  type DeleteOptions,
  type DeleteOutcome,
  type EntityType,
  type PutOptions,
  type PutOutcome,
  type Shard,
  type StoreDescriptor,
} from '../types.js';
import { FileLocks } from './file-lock.js';
import { ENTITY_FOLDERS, keyToSegments, ORGANIZATION_FOLDER_MARK, segmentsToKey } from './layout.js';
import { compareContentOrder, matchesFilter, selectedEntityTypes } from './order.js';

// Leftovers of the hand-written writer this store used before write-file-atomic (whose temp
// names, `<file>.<hash>`, cannot be told from real files; it removes them itself on failure).
const TEMP_FILE = /^\..+\.tmp-\d+-[0-9a-f]+$/;
/** Files with a NUL byte in their first 8 KiB are treated as binary, as ripgrep does. */
const BINARY_SNIFF_BYTES = 8192;

interface Located {
  key: ContentKey;
  absolute: string;
}

interface CachedStats {
  mtimeMs: number;
  size: number;
  lines: number;
  sha256: string;
}

function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function looksBinary(bytes: Uint8Array): boolean {
  const sniff = bytes.subarray(0, BINARY_SNIFF_BYTES);
  return sniff.includes(0);
}

/**
 * Reads files for search into one reused buffer. ASCII files (the common case for source) are
 * decoded as latin1, which V8 stores as a one-byte string with a plain copy; anything else gets
 * full UTF-8 decoding.
 */
class FastTextReader {
  private buffer = Buffer.allocUnsafe(1 << 20);

  /**
   * The file's text, or undefined for a binary file or one missing any of `requiredBytes`
   * (checked with Buffer#indexOf on one byte, which is memchr, before any decoding).
   */
  read(absolute: string, requiredBytes: readonly number[] = []): string | undefined {
    const descriptor = fs.openSync(absolute, 'r');
    try {
      const size = fs.fstatSync(descriptor).size;
      if (size > this.buffer.length) this.buffer = Buffer.allocUnsafe(Math.max(size, this.buffer.length * 2));
      let filled = 0;
      while (filled < size) {
        const read = fs.readSync(descriptor, this.buffer, filled, size - filled, filled);
        if (read === 0) break;
        filled += read;
      }
      const bytes = this.buffer.subarray(0, filled);
      for (const required of requiredBytes) if (bytes.indexOf(required) === -1) return undefined;
      if (looksBinary(bytes)) return undefined;
      return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
    } finally {
      fs.closeSync(descriptor);
    }
  }
}

export class FsStore implements ContentStore {
  readonly descriptor: StoreDescriptor;
  /** realpath of the root; every resolved path must equal it or start with it + separator. */
  readonly root: string;
  private readonly statsCache = new Map<string, CachedStats>();
  private readonly reader = new FastTextReader();
  private readonly locks: FileLocks;

  constructor(root: string) {
    try {
      fs.mkdirSync(root, { recursive: true });
      this.root = fs.realpathSync(root);
    } catch (error) {
      throw new ContentStoreError(`cannot use ${root} as the content root: ${(error as Error).message}`);
    }
    if (!fs.statSync(this.root).isDirectory()) {
      throw new ContentStoreError(`content root ${this.root} is not a folder`);
    }
    this.descriptor = { kind: 'fs', root: this.root };
    this.locks = new FileLocks(this.root);
  }

  private isInsideRoot(real: string): boolean {
    return real === this.root || real.startsWith(this.root + path.sep);
  }

  /**
   * Walks `key`'s path down from the root, following only symlinks that stay inside the root.
   * Returns the absolute target (which may not exist yet) and whether it exists.
   */
  private resolve(key: ContentKey, purpose: 'read' | 'write'): { absolute: string; exists: boolean } {
    const segments = keyToSegments(key);
    let current = this.root;
    for (let index = 0; index < segments.length; index++) {
      const next = path.join(current, segments[index]);
      const isLast = index === segments.length - 1;
      let stats: fs.Stats;
      try {
        stats = fs.lstatSync(next);
      } catch (error) {
        if (isNotFound(error)) return { absolute: path.join(current, ...segments.slice(index)), exists: false };
        throw error;
      }
      if (stats.isSymbolicLink()) {
        let real: string;
        try {
          real = fs.realpathSync(next);
        } catch (error) {
          if (isNotFound(error)) throw new ContentPathError(`${key.path} goes through a dangling symlink`);
          throw error;
        }
        if (!this.isInsideRoot(real)) {
          throw new ContentPathError(`${key.path} resolves outside the content root through a symlink; refused`);
        }
        if (isLast && purpose === 'write') {
          throw new ContentPathError(`${key.path} is a symlink; refusing to write or delete through it`);
        }
        stats = fs.statSync(real);
        current = real;
      } else {
        current = next;
      }
      if (!isLast && !stats.isDirectory()) {
        throw new ContentPathError(`${key.path}: '${segments[index]}' is a file, not a folder`);
      }
      if (isLast && stats.isDirectory()) {
        throw new ContentPathError(`${key.path} is a folder, not a file`);
      }
    }
    return { absolute: current, exists: true };
  }

  private summarize(key: ContentKey, absolute: string, stats: fs.Stats): ContentSummary {
    let cached = this.statsCache.get(absolute);
    if (!cached || cached.mtimeMs !== stats.mtimeMs || cached.size !== stats.size) {
      const content = fs.readFileSync(absolute, 'utf8');
      cached = { mtimeMs: stats.mtimeMs, size: stats.size, lines: countLines(content), sha256: sha256Hex(content) };
      this.statsCache.set(absolute, cached);
    }
    return { ...key, size: cached.size, lines: cached.lines, sha256: cached.sha256 };
  }

  private readEntries(folder: string): fs.Dirent[] {
    try {
      return fs.readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
  }

  /**
   * Regular files under the selected entity folders, sorted in iteration order. No symlinks
   * followed; folders that cannot hold a selected path or organisation are not entered.
   *
   * With a shard, the entries directly under each entity folder are dealt out round-robin and a
   * worker walks only its own subtrees, so parallel searches do not each walk the whole tree.
   * When there are too few entries to deal out evenly, every worker walks everything and takes
   * every count-th file instead.
   */
  private locate(filter: ContentFilter, shard?: Shard): Located[] {
    const tops: Array<{ entityType: EntityType; base: string[]; entry: fs.Dirent }> = [];
    for (const entityType of selectedEntityTypes(filter)) {
      const base =
        entityType === 'app_file'
          ? [ENTITY_FOLDERS.app_file, validateIdentifier('app_id', filter.appId ?? '')]
          : [ENTITY_FOLDERS[entityType]];
      const entries = this.readEntries(path.join(this.root, ...base));
      entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
      for (const entry of entries) tops.push({ entityType, base, entry });
    }
    const sharded = shard !== undefined && shard.count > 1;
    const dealOut = sharded && tops.length >= shard.count * 4;
    const located: Located[] = [];
    tops.forEach(({ entityType, base, entry }, index) => {
      if (dealOut && index % shard.count !== shard.index) return;
      this.collect(entityType, base, [entry.name], entry, filter, located);
    });
    located.sort((left, right) => compareContentOrder(left.key, right.key));
    return sharded && !dealOut ? located.filter((_, position) => position % shard.count === shard.index) : located;
  }

  /** Whether a folder (segments under its entity folder) can contain a selected file. */
  private mayContain(entityType: EntityType, relative: readonly string[], filter: ContentFilter): boolean {
    let content = relative;
    if (entityType === 'workflow') {
      const organization = relative[0].startsWith(ORGANIZATION_FOLDER_MARK) ? relative[0].slice(1) : null;
      if (filter.workflowOrganizations !== undefined && !filter.workflowOrganizations.includes(organization)) return false;
      if (organization !== null) content = relative.slice(1);
    }
    if (content.length === 0) return true;
    const folder = `${content.join('/')}/`;
    if (filter.path !== undefined && !filter.path.startsWith(folder)) return false;
    if (filter.pathPrefix !== undefined && !filter.pathPrefix.startsWith(folder) && !folder.startsWith(filter.pathPrefix)) {
      return false;
    }
    return true;
  }

  private collect(
    entityType: EntityType,
    base: readonly string[],
    relative: string[],
    entry: fs.Dirent,
    filter: ContentFilter,
    located: Located[],
  ): void {
    const absolute = path.join(this.root, ...base, ...relative);
    if (entry.isDirectory()) {
      if (!this.mayContain(entityType, relative, filter)) return;
      for (const child of this.readEntries(absolute)) this.collect(entityType, base, [...relative, child.name], child, filter, located);
    } else if (entry.isFile() && !TEMP_FILE.test(entry.name)) {
      const key = segmentsToKey([...base, ...relative]);
      if (key && key.entityType === entityType && matchesFilter(key, filter)) located.push({ key, absolute });
    }
  }

  async list(filter: ContentFilter): Promise<ContentSummary[]> {
    const summaries: ContentSummary[] = [];
    for (const { key, absolute } of this.locate(filter)) {
      try {
        summaries.push(this.summarize(key, absolute, fs.statSync(absolute)));
      } catch (error) {
        if (!isNotFound(error)) throw error; // deleted between readdir and stat: skip
      }
    }
    return summaries;
  }

  async get(key: ContentKey): Promise<ContentRecord | undefined> {
    const { absolute, exists } = this.resolve(key, 'read');
    if (!exists) return undefined;
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(absolute);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
    if (looksBinary(bytes)) {
      throw new ContentPathError(`${key.path} looks like a binary file (it contains NUL bytes); only text files can be edited`);
    }
    const content = bytes.toString('utf8');
    return {
      ...this.canonicalKey(key),
      size: bytes.length,
      lines: countLines(content),
      sha256: sha256Hex(content),
      content,
    };
  }

  private canonicalKey(key: ContentKey): ContentKey {
    const canonical: ContentKey = { entityType: key.entityType, path: key.path };
    if (key.entityType === 'app_file') canonical.appId = key.appId;
    if (key.entityType === 'workflow') canonical.organizationId = key.organizationId ?? null;
    return canonical;
  }

  private currentSha256(absolute: string, exists: boolean): string | null {
    if (!exists) return null;
    try {
      return sha256Hex(fs.readFileSync(absolute, 'utf8'));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async put(key: ContentKey, content: string, options: PutOptions = {}): Promise<PutOutcome> {
    const { absolute } = this.resolve(key, 'write');
    // Other processes serving this folder take the same lock, so the compare-and-swap below is
    // one step for all of them; another process may have created the file while we waited.
    return this.locks.withLock(absolute, () => this.putLocked(key, absolute, content, options));
  }

  private putLocked(key: ContentKey, absolute: string, content: string, options: PutOptions): PutOutcome {
    // From here to the rename everything is synchronous: the compare-and-swap cannot interleave
    // with another request of this process either.
    const currentSha256 = this.currentSha256(absolute, true);
    if (options.expectedSha256 !== undefined && options.expectedSha256 !== currentSha256) {
      return { status: 'conflict', currentSha256 };
    }
    const folder = path.dirname(absolute);
    // resolve() verified the deepest existing ancestor is inside the root, so the folders created
    // here are new, real folders inside it.
    fs.mkdirSync(folder, { recursive: true });
    try {
      // write-file-atomic: temp file in the same folder, fsync, rename; mode kept; the temp file
      // removed on failure. Synchronous, so the compare-and-swap above still cannot interleave.
      writeFileAtomic.sync(absolute, content, { encoding: 'utf8' });
    } catch (error) {
      // "EACCES: permission denied, open '<temp file>'": the temp file's name helps nobody.
      const { code, message } = error as NodeJS.ErrnoException;
      throw new ContentStoreError(`could not write ${key.path}: ${code && message.startsWith(code) ? message.split(',')[0] : message}`);
    }
    const stats = fs.statSync(absolute);
    return {
      status: 'written',
      created: currentSha256 === null,
      summary: this.summarize(this.canonicalKey(key), absolute, stats),
    };
  }

  async delete(key: ContentKey, options: DeleteOptions = {}): Promise<DeleteOutcome> {
    const { absolute, exists } = this.resolve(key, 'write');
    if (!exists) return { status: 'not_found' };
    return this.locks.withLock(absolute, (): DeleteOutcome => {
      const currentSha256 = this.currentSha256(absolute, true);
      if (currentSha256 === null) return { status: 'not_found' };
      if (options.expectedSha256 !== undefined && options.expectedSha256 !== currentSha256) {
        return { status: 'conflict', currentSha256 };
      }
      fs.unlinkSync(absolute);
      this.statsCache.delete(absolute);
      return { status: 'deleted' };
    });
  }

  *iterate(filter: ContentFilter, shard?: Shard): Iterable<ContentText> {
    const located = this.locate(filter, shard);
    // Single ASCII characters can be checked on the raw bytes; longer hints are left to the caller.
    const requiredBytes = (filter.mustContain ?? [])
      .filter((required) => required.length === 1 && required.charCodeAt(0) < 0x80)
      .map((required) => required.charCodeAt(0));
    for (const { key, absolute } of located) {
      let content: string | undefined;
      try {
        content = this.reader.read(absolute, requiredBytes);
      } catch (error) {
        if (isNotFound(error)) continue;
        throw error;
      }
      if (content === undefined) continue; // binary, or cannot match
      yield { ...this.canonicalKey(key), content };
    }
  }

  close(): void {
    this.statsCache.clear();
  }
}
