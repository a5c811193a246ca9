/**
 * A pool of warm search workers with a hard deadline per search.
 *
 * JavaScript regexes cannot be interrupted and RE2 is not available, so the only way to bound a
 * catastrophic pattern such as `(a+)+$` is to run it on another thread and terminate that thread.
 * Workers are started ahead of time (a cold worker costs tens of milliseconds), a search is split
 * into one shard per worker, and when a shard misses its deadline every worker of that search is
 * terminated and replaced on demand. The main thread only merges results, so other tool calls are
 * served while a search runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { compareContentOrder } from '../stores/order.js';
import type { ContentFilter, StoreDescriptor } from '../types.js';
import type { SearchJob, SearchJobReply, WorkerMessage } from './protocol.js';
import type { SearchMatch } from './scan.js';

export interface SearchRequest {
  store: StoreDescriptor;
  filter: ContentFilter;
  pattern: string;
  caseInsensitive: boolean;
  contextLines: number;
  maxResults: number;
}

export interface SearchOutcome {
  matches: SearchMatch[];
  /** More matches exist beyond maxResults. */
  truncated: boolean;
  filesScanned: number;
}

/** The pattern ran past the deadline; its workers were terminated. */
export class SearchTimeoutError extends Error {
  override readonly name = 'SearchTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(
      `the pattern took longer than ${timeoutMs} ms and the search was stopped. ` +
        'Simplify the regex (nested quantifiers such as (a+)+ backtrack exponentially) or narrow the search with path or entity_type.',
    );
  }
}

export interface SearchPoolOptions {
  /** Worker threads (and shards per search). Default: available parallelism, 2 to 4. */
  size?: number;
  /** Deadline per search shard, from the moment it is handed to a worker. Default 1000 ms. */
  timeoutMs?: number;
}

export const DEFAULT_SEARCH_TIMEOUT_MS = 1000;

/**
 * The worker must be JavaScript. From the build output it sits next to this file; when the kit
 * runs from TypeScript sources (vitest), the compiled copy from `npm run build` is used.
 */
function resolveWorkerScript(): URL {
  const sibling = new URL('./search-worker.js', import.meta.url);
  if (fs.existsSync(fileURLToPath(sibling))) return sibling;
  const compiled = new URL('../../dist/src/search/search-worker.js', import.meta.url);
  if (fs.existsSync(fileURLToPath(compiled))) return compiled;
  throw new Error(`search worker not found at ${fileURLToPath(sibling)}; run npm run build`);
}

interface PendingJob {
  job: SearchJob;
  resolve: (reply: SearchJobReply) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
  searchId: number;
}

interface PoolWorker {
  worker: Worker;
  running?: PendingJob;
}

export class SearchPool {
  readonly size: number;
  readonly timeoutMs: number;
  private readonly workerScript: URL;
  private readonly workers: PoolWorker[] = [];
  private readonly queue: PendingJob[] = [];
  /** Stores every worker opens as it starts (see warm). */
  private readonly preparedStores = new Map<string, StoreDescriptor>();
  private nextJobId = 1;
  private nextSearchId = 1;
  private closed = false;

  constructor(options: SearchPoolOptions = {}) {
    this.size = options.size ?? Math.min(4, Math.max(2, os.availableParallelism()));
    this.timeoutMs = options.timeoutMs ?? DEFAULT_SEARCH_TIMEOUT_MS;
    if (!Number.isInteger(this.size) || this.size < 1) throw new RangeError(`search pool size must be a whole number >= 1, got ${this.size}`);
    if (!Number.isFinite(this.timeoutMs) || this.timeoutMs <= 0) {
      throw new RangeError(`search timeout must be a positive number of milliseconds, got ${this.timeoutMs}`);
    }
    this.workerScript = resolveWorkerScript();
  }

  /**
   * Starts all workers now so the first search does not pay for thread start-up, and has them
   * open `store` (a database store connects) for the same reason. Workers started later, to
   * replace terminated ones, open it too.
   */
  warm(store?: StoreDescriptor): void {
    if (store !== undefined) {
      const key = JSON.stringify(store);
      if (!this.preparedStores.has(key)) {
        this.preparedStores.set(key, store);
        for (const entry of this.workers) this.prepare(entry, store);
      }
    }
    while (!this.closed && this.workers.length < this.size) this.spawn();
  }

  private prepare(entry: PoolWorker, store: StoreDescriptor): void {
    const message: WorkerMessage = { kind: 'prepare', store, timeoutMs: this.timeoutMs };
    entry.worker.postMessage(message);
  }

  private spawn(): PoolWorker {
    const entry: PoolWorker = { worker: new Worker(this.workerScript) };
    for (const store of this.preparedStores.values()) this.prepare(entry, store);
    // An idle worker must not keep the process alive; a busy one must (see dispatch()).
    entry.worker.unref();
    entry.worker.on('message', (reply: SearchJobReply) => this.finish(entry, (job) => job.resolve(reply)));
    entry.worker.on('error', (error: Error) => {
      this.finish(entry, (job) => job.reject(new Error(`search worker failed: ${error.message}`)));
      this.discard(entry);
    });
    entry.worker.on('exit', () => this.discard(entry));
    this.workers.push(entry);
    return entry;
  }

  private discard(entry: PoolWorker): void {
    const index = this.workers.indexOf(entry);
    if (index !== -1) this.workers.splice(index, 1);
    const orphan = entry.running;
    entry.running = undefined;
    if (orphan) {
      clearTimeout(orphan.timer);
      orphan.reject(new Error('search worker exited unexpectedly'));
    }
    this.pump();
  }

  private finish(entry: PoolWorker, settle: (job: PendingJob) => void): void {
    const job = entry.running;
    if (!job) return;
    entry.running = undefined;
    clearTimeout(job.timer);
    entry.worker.unref();
    settle(job);
    this.pump();
  }

  /** Hands queued jobs to idle workers, starting workers up to the pool size. */
  private pump(): void {
    while (!this.closed && this.queue.length > 0) {
      let entry = this.workers.find((candidate) => !candidate.running);
      if (!entry) {
        if (this.workers.length >= this.size) return;
        entry = this.spawn();
      }
      const job = this.queue.shift();
      if (!job) return;
      this.dispatch(entry, job);
    }
  }

  private dispatch(entry: PoolWorker, job: PendingJob): void {
    entry.running = job;
    entry.worker.ref();
    job.timer = setTimeout(() => this.expire(job.searchId), this.timeoutMs);
    entry.worker.postMessage(job.job);
  }

  /** Deadline hit: terminate every worker running this search and drop its queued shards. */
  private expire(searchId: number): void {
    const error = new SearchTimeoutError(this.timeoutMs);
    for (let index = this.queue.length - 1; index >= 0; index--) {
      if (this.queue[index].searchId === searchId) this.queue.splice(index, 1)[0].reject(error);
    }
    for (const entry of [...this.workers]) {
      const job = entry.running;
      if (job?.searchId !== searchId) continue;
      entry.running = undefined;
      clearTimeout(job.timer);
      const workerIndex = this.workers.indexOf(entry);
      if (workerIndex !== -1) this.workers.splice(workerIndex, 1);
      void entry.worker.terminate();
      job.reject(error);
    }
    this.pump();
  }

  async search(request: SearchRequest): Promise<SearchOutcome> {
    if (this.closed) throw new Error('search pool is closed');
    const searchId = this.nextSearchId++;
    // One file cannot be split, so an exact-path search is a single shard.
    const shardCount = request.filter.path !== undefined ? 1 : this.size;
    const limit = request.maxResults + 1;
    const replies = await Promise.all(
      Array.from({ length: shardCount }, (_, index) =>
        new Promise<SearchJobReply>((resolve, reject) => {
          this.queue.push({
            searchId,
            resolve,
            reject,
            job: {
              kind: 'search',
              jobId: this.nextJobId++,
              store: request.store,
              filter: request.filter,
              shard: { index, count: shardCount },
              pattern: request.pattern,
              caseInsensitive: request.caseInsensitive,
              contextLines: request.contextLines,
              limit,
              timeoutMs: this.timeoutMs,
            },
          });
          this.pump();
        }),
      ),
    ).catch((error: unknown) => {
      // One shard failed: the others of this search are useless now.
      this.cancel(searchId);
      throw error;
    });
    const matches: SearchMatch[] = [];
    let filesScanned = 0;
    for (const reply of replies) {
      if (!reply.ok) throw new Error(reply.message);
      matches.push(...reply.matches);
      filesScanned += reply.filesScanned;
    }
    matches.sort(
      (left, right) =>
        compareContentOrder(
          { entityType: left.entity_type, appId: left.app_id, organizationId: left.organization_id, path: left.path },
          { entityType: right.entity_type, appId: right.app_id, organizationId: right.organization_id, path: right.path },
        ) || left.line_number - right.line_number,
    );
    return {
      matches: matches.slice(0, request.maxResults),
      truncated: matches.length > request.maxResults,
      filesScanned,
    };
  }

  private cancel(searchId: number): void {
    for (let index = this.queue.length - 1; index >= 0; index--) {
      if (this.queue[index].searchId === searchId) this.queue.splice(index, 1);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const error = new Error('search pool closed');
    for (const job of this.queue.splice(0)) job.reject(error);
    const workers = this.workers.splice(0);
    await Promise.all(
      workers.map((entry) => {
        if (entry.running) {
          clearTimeout(entry.running.timer);
          entry.running.reject(error);
          entry.running = undefined;
        }
        return entry.worker.terminate();
      }),
    );
  }
}
