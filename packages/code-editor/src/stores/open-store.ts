/**
 * Reopens a store from its descriptor (search workers get the descriptor, not the object).
 */
import type { ContentStore, StoreDescriptor } from '../types.js';
import { FsStore } from './fs-store.js';
import { PostgresStore } from './postgres-store.js';
import { SqliteStore } from './sqlite-store.js';

export interface ReopenOptions {
  readonly?: boolean;
  /** Postgres: statement timeout for the reopened store's connections (the search deadline). */
  statementTimeoutMs?: number;
}

export function openStore(descriptor: StoreDescriptor, options: ReopenOptions = {}): ContentStore {
  switch (descriptor.kind) {
    case 'sqlite':
      return new SqliteStore(descriptor.file, { readonly: options.readonly });
    case 'fs':
      return new FsStore(descriptor.root, { layout: descriptor.layout ?? 'entities' });
    case 'postgres':
      // One connection per search worker: it runs one search at a time.
      return new PostgresStore(descriptor.url, { readonly: options.readonly, statementTimeoutMs: options.statementTimeoutMs, maxConnections: 1 });
  }
}
