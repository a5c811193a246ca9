/**
 * Filesystem store: files live under one root directory, in one of two layouts (layout.ts):
 * the seed's entity folders, or a plain project folder where every file is a `text` file and
 * what git would not track (.gitignore, .git, node_modules) is not served (gitignore.ts), nor
 * the lock folder .mcp-locks that writers share (file-lock.ts).
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
 * Only regular files are served. FIFOs, sockets and devices are refused by kind after the
 * lstat walk, before anything opens them, and every open is non-blocking and checked again with
 * fstat (fs-read.ts), so a file swapped for a FIFO in between cannot stall the server either.
 * Listing and search skip them, never follow symlinks, and skip binary files.
 *
 * Compare-and-swap (expectedSha256) reads, compares and renames with synchronous calls, so no
 * other request in this process can interleave, under a per-file lock (file-lock.ts) that other
 * processes serving the same root take too.
 */
import fs from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { normalizeContentPath, validateIdentifier } from '../paths.js';
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
import {
  countByteLines,
  decodeText,
  FastTextReader,
  isNotFound,
  kindOf,
  looksBinary,
  NotRegularFileError,
  readRegularFile,
  textSha256,
} from './fs-read.js';
import { GitIgnoreRules, type IgnoreChain } from './gitignore.js';
import {
  detectLayout,
  ENTITY_FOLDERS,
  FOLDER_LAYOUTS,
  keyToSegments,
  layoutEntityTypes,
  ORGANIZATION_FOLDER_MARK,
  plainKeyToSegments,
  segmentsToKey,
  type FolderLayout,
} from './layout.js';
import { compareContentOrder, matchesFilter, selectedEntityTypes } from './order.js';

// Leftovers of the hand-written writer this store used before write-file-atomic (whose temp
// names, `<file>.<hash>`, cannot be told from real files; it removes them itself on failure).
const TEMP_FILE = /^\..+\.tmp-\d+-[0-9a-f]+$/;

interface Located {
  key: ContentKey;
  absolute: string;
}

interface CachedStats {
  mtimeMs: number;
  size: number;
  lines: number;
  sha256: string;
  binary: boolean;
}

export interface FsStoreOptions {
  /**
   * 'entities', 'plain', or 'auto' (the default): the entity layout when the root holds only
   * entity folders, plain otherwise (see layout.ts).
   */
  layout?: FolderLayout | 'auto';
}

function notRegular(filePath: string, kind: string): ContentPathError {
  return new ContentPathError(`${filePath} is ${kind}, not a regular file; only regular files can be read or edited`);
}

export class FsStore implements ContentStore {
  readonly descriptor: StoreDescriptor;
  /** realpath of the root; every resolved path must equal it or start with it + separator. */
  readonly root: string;
  readonly layout: FolderLayout;
  /** Whether the layout was detected rather than given. */
  readonly layoutDetected: boolean;
  readonly entityTypes: readonly EntityType[];
  private readonly statsCache = new Map<string, CachedStats>();
  private readonly reader = new FastTextReader();
  private readonly locks: FileLocks;
  /** Plain layout only. */
  private readonly ignoreRules: GitIgnoreRules | undefined;

  constructor(root: string, options: FsStoreOptions = {}) {
    const requested = options.layout ?? 'auto';
    if (requested !== 'auto' && !(FOLDER_LAYOUTS as readonly string[]).includes(requested)) {
      throw new ContentStoreError(`layout must be one of ${FOLDER_LAYOUTS.join(', ')} or auto, got ${String(requested)}`);
    }
    try {
      fs.mkdirSync(root, { recursive: true });
      this.root = fs.realpathSync(root);
    } catch (error) {
      throw new ContentStoreError(`cannot use ${root} as the content root: ${(error as Error).message}`);
    }
    if (!fs.statSync(this.root).isDirectory()) {
      throw new ContentStoreError(`content root ${this.root} is not a folder`);
    }
    this.layoutDetected = requested === 'auto';
    this.layout = requested === 'auto' ? detectLayout(this.root) : requested;
    this.entityTypes = layoutEntityTypes(this.layout);
    this.ignoreRules = this.layout === 'plain' ? new GitIgnoreRules(this.root) : undefined;
    this.descriptor = { kind: 'fs', root: this.root, layout: this.layout };
    this.locks = new FileLocks(this.root);
  }

  /** Where `key` lives, relative to the root; refuses keys the layout cannot hold or does not serve. */
  private segmentsOf(key: ContentKey): string[] {
    if (!this.ignoreRules) return keyToSegments(key);
    const segments = plainKeyToSegments(key);
    const verdict = this.ignoreRules.isPathIgnored(segments);
    if (verdict.ignored) {
      throw new ContentPathError(`${key.path} is not served: ${verdict.reason}. This folder is served like git sees it; ignored files cannot be read or written`);
    }
    return segments;
  }

  /** The key of the file at `segments` (relative to the root), or undefined if it has none. */
  private keyOf(segments: readonly string[]): ContentKey | undefined {
    if (this.layout === 'entities') return segmentsToKey(segments);
    try {
      return { entityType: 'text', path: normalizeContentPath(segments.join('/')) };
    } catch (error) {
      if (error instanceof ContentPathError) return undefined; // a name no tool could address, e.g. with '\\'
      throw error;
    }
  }

  private isInsideRoot(real: string): boolean {
    return real === this.root || real.startsWith(this.root + path.sep);
  }

  /**
   * Walks `key`'s path down from the root, following only symlinks that stay inside the root.
   * Returns the absolute target (which may not exist yet) and whether it exists.
   */
  private resolve(key: ContentKey, purpose: 'read' | 'write'): { absolute: string; exists: boolean } {
    const segments = this.segmentsOf(key);
    let current = this.root;
    let followedSymlink = false;
    for (let index = 0; index < segments.length; index++) {
      const next = path.join(current, segments[index]);
      const isLast = index === segments.length - 1;
      let stats: fs.Stats;
      try {
        stats = fs.lstatSync(next);
      } catch (error) {
        if (isNotFound(error)) {
          const absolute = path.join(current, ...segments.slice(index));
          if (followedSymlink) this.assertServedTarget(key, absolute);
          return { absolute, exists: false };
        }
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
        followedSymlink = true;
      } else {
        current = next;
      }
      if (!isLast && !stats.isDirectory()) {
        throw new ContentPathError(`${key.path}: '${segments[index]}' is ${stats.isFile() ? 'a file' : kindOf(stats)}, not a folder`);
      }
      if (isLast && stats.isDirectory()) {
        throw new ContentPathError(`${key.path} is a folder, not a file`);
      }
      // Refused by kind from the lstat/stat alone: opening a FIFO for reading would wait for a writer.
      if (isLast && !stats.isFile()) throw notRegular(key.path, kindOf(stats));
    }
    if (followedSymlink) this.assertServedTarget(key, current);
    return { absolute: current, exists: true };
  }

  /** In a plain folder, a symlink inside the root must not lead to what is not served (`.env`, `.git/`). */
  private assertServedTarget(key: ContentKey, absolute: string): void {
    if (!this.ignoreRules) return;
    const target = path.relative(this.root, absolute).split(path.sep);
    const verdict = this.ignoreRules.isPathIgnored(target);
    if (verdict.ignored) {
      throw new ContentPathError(`${key.path} leads through a symlink to ${target.join('/')}, which is not served: ${verdict.reason}`);
    }
  }

  /** Size, lines, sha256 and binary-ness of a listed file, cached by path, mtime and size. */
  private statsOf(absolute: string, stats: fs.Stats): CachedStats {
    let cached = this.statsCache.get(absolute);
    if (!cached || cached.mtimeMs !== stats.mtimeMs || cached.size !== stats.size) {
      const bytes = readRegularFile(absolute);
      cached = { mtimeMs: stats.mtimeMs, size: stats.size, lines: countByteLines(bytes), sha256: textSha256(bytes), binary: looksBinary(bytes) };
      this.statsCache.set(absolute, cached);
    }
    return cached;
  }

  /** The summary of text this process just wrote to `absolute`, without reading it back. */
  private summarizeWritten(key: ContentKey, absolute: string, content: string): ContentSummary {
    const stats = fs.statSync(absolute);
    const cached: CachedStats = { mtimeMs: stats.mtimeMs, size: stats.size, lines: countLines(content), sha256: sha256Hex(content), binary: false };
    this.statsCache.set(absolute, cached);
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
      if (!this.entityTypes.includes(entityType)) continue;
      let base: string[] = [];
      if (this.layout === 'entities') {
        base =
          entityType === 'app_file'
            ? [ENTITY_FOLDERS.app_file, validateIdentifier('app_id', filter.appId ?? '')]
            : [ENTITY_FOLDERS[entityType]];
      }
      const entries = this.readEntries(path.join(this.root, ...base));
      entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
      for (const entry of entries) tops.push({ entityType, base, entry });
    }
    const sharded = shard !== undefined && shard.count > 1;
    const dealOut = sharded && tops.length >= shard.count * 4;
    const located: Located[] = [];
    // Plain layout: the .gitignore chain of the root, extended folder by folder during the walk.
    const rootChain = this.ignoreRules?.chainFor([]);
    tops.forEach(({ entityType, base, entry }, index) => {
      if (dealOut && index % shard.count !== shard.index) return;
      this.collect(entityType, base, [entry.name], entry, filter, located, rootChain);
    });
    located.sort((left, right) => compareContentOrder(left.key, right.key));
    return sharded && !dealOut ? located.filter((_, position) => position % shard.count === shard.index) : located;
  }

  /** Whether a folder (segments under its entity folder) can contain a selected file. */
  private mayContain(entityType: EntityType, relative: readonly string[], filter: ContentFilter): boolean {
    let content = relative;
    if (entityType === 'workflow' && this.layout === 'entities') {
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
    chain: IgnoreChain | undefined,
  ): void {
    const absolute = path.join(this.root, ...base, ...relative);
    // Dirent types come from readdir, without following symlinks: FIFOs, sockets, devices and
    // symlinks are neither files nor directories here, so they are never opened.
    if (!entry.isDirectory() && !entry.isFile()) return;
    const segments = [...base, ...relative];
    if (chain && this.ignoreRules?.isEntryIgnored(chain, segments, entry.isDirectory()).ignored) return;
    if (entry.isDirectory()) {
      if (!this.mayContain(entityType, relative, filter)) return;
      const inner = chain && this.ignoreRules?.chainFor(segments, chain);
      for (const child of this.readEntries(absolute)) this.collect(entityType, base, [...relative, child.name], child, filter, located, inner);
    } else if (!TEMP_FILE.test(entry.name)) {
      const key = this.keyOf([...base, ...relative]);
      if (key && key.entityType === entityType && matchesFilter(key, filter)) located.push({ key, absolute });
    }
  }

  async list(filter: ContentFilter): Promise<ContentSummary[]> {
    const summaries: ContentSummary[] = [];
    for (const { key, absolute } of this.locate(filter)) {
      let stats: CachedStats;
      try {
        stats = this.statsOf(absolute, fs.lstatSync(absolute));
      } catch (error) {
        // Deleted, or replaced by something that is not a regular file, since readdir: skip.
        if (isNotFound(error) || error instanceof NotRegularFileError || (error as NodeJS.ErrnoException).code === 'ELOOP') continue;
        throw error;
      }
      if (!stats.binary) summaries.push({ ...key, size: stats.size, lines: stats.lines, sha256: stats.sha256 });
    }
    return summaries;
  }

  async get(key: ContentKey): Promise<ContentRecord | undefined> {
    const { absolute, exists } = this.resolve(key, 'read');
    if (!exists) return undefined;
    const bytes = this.readResolved(key, absolute);
    if (bytes === undefined) return undefined;
    if (looksBinary(bytes)) {
      throw new ContentPathError(`${key.path} looks like a binary file (it contains NUL bytes); only text files can be edited`);
    }
    return {
      ...this.canonicalKey(key),
      size: bytes.length,
      lines: countByteLines(bytes),
      sha256: textSha256(bytes),
      content: decodeText(bytes),
    };
  }

  private canonicalKey(key: ContentKey): ContentKey {
    const canonical: ContentKey = { entityType: key.entityType, path: key.path };
    if (key.entityType === 'app_file') canonical.appId = key.appId;
    if (key.entityType === 'workflow') canonical.organizationId = key.organizationId ?? null;
    return canonical;
  }

  /** The bytes of a file resolve() found, or undefined if it is gone; refuses what is not a regular file. */
  private readResolved(key: ContentKey, absolute: string): Buffer | undefined {
    try {
      return readRegularFile(absolute);
    } catch (error) {
      if (isNotFound(error)) return undefined;
      if (error instanceof NotRegularFileError) throw notRegular(key.path, error.kind);
      if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new ContentPathError(`${key.path} became a symlink while being read; refused`);
      throw error;
    }
  }

  private currentSha256(key: ContentKey, absolute: string, exists: boolean): string | null {
    if (!exists) return null;
    const bytes = this.readResolved(key, absolute);
    return bytes === undefined ? null : textSha256(bytes);
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
    const currentSha256 = this.currentSha256(key, absolute, true);
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
    return {
      status: 'written',
      created: currentSha256 === null,
      summary: this.summarizeWritten(this.canonicalKey(key), absolute, content),
    };
  }

  async delete(key: ContentKey, options: DeleteOptions = {}): Promise<DeleteOutcome> {
    const { absolute, exists } = this.resolve(key, 'write');
    if (!exists) return { status: 'not_found' };
    return this.locks.withLock(absolute, (): DeleteOutcome => {
      const currentSha256 = this.currentSha256(key, absolute, true);
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
