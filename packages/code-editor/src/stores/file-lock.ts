/**
 * Advisory locks, one per file, so that several server processes sharing a content folder
 * serialise their writes to the same file (FsStore checks expected_sha256 under the lock,
 * immediately before the rename).
 *
 * The cross-process part is proper-lockfile: a lock is a folder made with mkdir (atomic, also on
 * network file systems), and its holder refreshes the folder's mtime every LOCK_STALE_MS / 2. A
 * lock nobody refreshed for LOCK_STALE_MS is stale and is taken over, so a process killed while
 * holding a lock delays the next writer of that file by at most LOCK_STALE_MS. Within one
 * process, callers queue per file first, so they do not poll each other's lock folder.
 *
 * Lock folders live in <root>/.mcp-locks/, named by a hash of the target's absolute path (two
 * keys that reach the same file through a symlinked folder get the same lock). The folder holds
 * only empty folders while writes are in flight; git ignores empty folders.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { ContentStoreError } from '../types.js';

export const LOCK_FOLDER = '.mcp-locks';
/** A lock not refreshed for this long belongs to a dead (or frozen) process and is taken over. */
export const LOCK_STALE_MS = 10_000;
/**
 * How long a writer waits for a lock before giving up: enough for a stale lock to expire twice
 * over, so only a live process holding one lock for that long makes a write fail.
 */
const LOCK_WAIT_MS = 3 * LOCK_STALE_MS;
const RETRY_MIN_MS = 10;
const RETRY_MAX_MS = 100;

export class FileLocks {
  private readonly folder: string;
  /** Per lock folder: the tail of this process's queue for it. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(root: string) {
    this.folder = path.join(root, LOCK_FOLDER);
  }

  private lockPathFor(target: string): string {
    return path.join(this.folder, createHash('sha256').update(path.resolve(target)).digest('hex').slice(0, 40));
  }

  /** Runs `work` while holding the lock for `target` (an absolute file path inside the root). */
  async withLock<T>(target: string, work: () => T | Promise<T>): Promise<T> {
    const lockPath = this.lockPathFor(target);
    const previous = this.queues.get(lockPath) ?? Promise.resolve();
    const run = previous.then(
      () => this.holding(target, lockPath, work),
      () => this.holding(target, lockPath, work),
    );
    const tail = run.catch(() => undefined);
    this.queues.set(lockPath, tail);
    void tail.then(() => {
      if (this.queues.get(lockPath) === tail) this.queues.delete(lockPath);
    });
    return run;
  }

  private async holding<T>(target: string, lockPath: string, work: () => T | Promise<T>): Promise<T> {
    fs.mkdirSync(this.folder, { recursive: true });
    let compromised: Error | undefined;
    let release: () => Promise<void>;
    try {
      release = await lockfile.lock(target, {
        lockfilePath: lockPath,
        realpath: false,
        stale: LOCK_STALE_MS,
        retries: { retries: Math.ceil(LOCK_WAIT_MS / RETRY_MAX_MS), minTimeout: RETRY_MIN_MS, maxTimeout: RETRY_MAX_MS, randomize: true },
        // The default throws from a timer and would crash the server; the check below refuses the work instead.
        onCompromised: (error) => {
          compromised = error;
        },
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
        throw new ContentStoreError(
          `${path.basename(target)} is locked by another process for more than ${LOCK_WAIT_MS / 1000} s (lock ${lockPath}); nothing was written, try again`,
        );
      }
      throw new ContentStoreError(`cannot lock ${path.basename(target)} for writing: ${(error as Error).message}`);
    }
    try {
      if (compromised) throw new ContentStoreError(`lost the write lock on ${path.basename(target)} before writing: ${compromised.message}; nothing was written, try again`);
      return await work();
    } finally {
      // A lock lost to a takeover is no longer ours to remove.
      await release().catch(() => undefined);
    }
  }
}
