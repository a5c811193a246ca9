/** Messages between the search pool (main thread) and search workers. */
import type { ContentFilter, Shard, StoreDescriptor } from '../types.js';
import type { SearchMatch } from './scan.js';

export interface SearchJob {
  kind: 'search';
  jobId: number;
  store: StoreDescriptor;
  filter: ContentFilter;
  shard: Shard;
  pattern: string;
  caseInsensitive: boolean;
  contextLines: number;
  /** Stop after this many matches (the caller asks for max_results + 1 to detect truncation). */
  limit: number;
  /** The pool's deadline per shard; a database store bounds its queries by it too. */
  timeoutMs: number;
}

/**
 * Open this store now (a database store also connects), so the first search does not spend its
 * deadline on that. No reply: a failure shows up again, and is reported, in the first search.
 */
export interface PrepareStore {
  kind: 'prepare';
  store: StoreDescriptor;
  timeoutMs: number;
}

export type WorkerMessage = SearchJob | PrepareStore;

export type SearchJobReply =
  | { jobId: number; ok: true; matches: SearchMatch[]; limitReached: boolean; filesScanned: number }
  | { jobId: number; ok: false; message: string };
