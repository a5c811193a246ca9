/**
 * Search worker: runs user regexes off the main thread so a catastrophic pattern can only stall
 * this thread, which the pool terminates at its deadline. Each worker reopens the store from its
 * descriptor (SQLite: its own read-only connection, which WAL lets run beside the writer;
 * Postgres: its own read-only connection whose statement timeout is the deadline, so the
 * database stops too when the worker is terminated) and keeps it for later jobs.
 */
import { parentPort } from 'node:worker_threads';
import { openStore } from '../stores/open-store.js';
import type { ContentStore, StoreDescriptor } from '../types.js';
import type { PrepareStore, SearchJob, SearchJobReply, WorkerMessage } from './protocol.js';
import { compilePattern, scanText, type SearchMatch } from './scan.js';

const stores = new Map<string, ContentStore>();

function storeFor(descriptor: StoreDescriptor, timeoutMs: number): ContentStore {
  const cacheKey = JSON.stringify(descriptor);
  let store = stores.get(cacheKey);
  if (!store) {
    store = openStore(descriptor, { readonly: true, statementTimeoutMs: timeoutMs });
    stores.set(cacheKey, store);
  }
  return store;
}

async function run(job: SearchJob): Promise<SearchJobReply> {
  try {
    const pattern = compilePattern(job.pattern, job.caseInsensitive);
    const matches: SearchMatch[] = [];
    let limitReached = false;
    let filesScanned = 0;
    const { anchor } = pattern;
    // Every matching line contains the anchor character (and, case-sensitively, the literal):
    // let the store skip files without them before decoding or transferring their text. A
    // case-insensitive letter has two forms, which this all-of hint cannot express.
    let mustContain: string[] | undefined;
    if (anchor && anchor.otherCase === undefined) {
      mustContain = pattern.caseInsensitive || anchor.literal === anchor.character ? [anchor.character] : [anchor.character, anchor.literal];
    }
    const filter = { ...job.filter, searchPattern: { source: job.pattern, caseInsensitive: job.caseInsensitive }, ...(mustContain && { mustContain }) };
    // for await takes the synchronous iterables of SQLite and the folder store as well.
    for await (const file of storeFor(job.store, job.timeoutMs).iterate(filter, job.shard)) {
      filesScanned++;
      if (scanText(file, pattern, job.contextLines, job.limit, matches)) {
        limitReached = true;
        break;
      }
    }
    return { jobId: job.jobId, ok: true, matches, limitReached, filesScanned };
  } catch (error) {
    return { jobId: job.jobId, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

async function prepare(message: PrepareStore): Promise<void> {
  try {
    await storeFor(message.store, message.timeoutMs).warm?.();
  } catch {
    // The first search on this store meets the same failure and reports it.
  }
}

if (!parentPort) throw new Error('search-worker.js must be started as a worker thread');
const port = parentPort;
port.on('message', (message: WorkerMessage) => {
  if (message.kind === 'prepare') void prepare(message);
  else void run(message).then((reply) => port.postMessage(reply));
});
