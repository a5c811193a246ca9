/**
 * Reopens a store from its descriptor (search workers get the descriptor, not the object).
 */
import type { ContentStore, StoreDescriptor } from '../types.js';
import { FsStore } from './fs-store.js';
import { SqliteStore } from './sqlite-store.js';

export function openStore(descriptor: StoreDescriptor, options: { readonly?: boolean } = {}): ContentStore {
  return descriptor.kind === 'sqlite'
    ? new SqliteStore(descriptor.file, { readonly: options.readonly })
    : new FsStore(descriptor.root, { layout: descriptor.layout ?? 'entities' });
}
