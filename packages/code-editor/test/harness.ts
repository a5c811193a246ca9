/**
 * Test harness: a real store (a SQLite file or a folder in a temp dir, or a database on a real
 * PostgreSQL server), the tools on an McpServer, and the SDK Client over InMemoryTransport — so
 * every call goes through the Client's outputSchema validation.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  FsStore,
  PostgresStore,
  registerCodeEditorTools,
  SqliteStore,
  type CodeEditorToolsOptions,
  type ContentKey,
  type ContentStore,
} from '../src/index.js';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from './support/postgres.js';

export type StoreKind = 'sqlite' | 'fs' | 'postgres';
export const STORE_KINDS: StoreKind[] = ['sqlite', 'fs', 'postgres'];

export function makeTempDir(prefix = 'code-editor-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

const testDatabases = new WeakMap<ContentStore, TestDatabase>();

/**
 * A fresh store: a SQLite file or a folder in `dir`, or a new database on the test Postgres
 * server. The folder is in the entity layout: these suites exercise all four entity types.
 */
export async function openTestStore(kind: StoreKind, dir: string): Promise<ContentStore> {
  if (kind === 'sqlite') return new SqliteStore(path.join(dir, 'content.db'));
  if (kind === 'fs') return new FsStore(path.join(dir, 'root'), { layout: 'entities' });
  const database = await createTestDatabase();
  const store = await PostgresStore.open(database.url);
  testDatabases.set(store, database);
  return store;
}

/** Closes a store from openTestStore (and drops its Postgres database). */
export async function closeTestStore(store: ContentStore): Promise<void> {
  await store.close();
  const database = testDatabases.get(store);
  if (database) await dropTestDatabase(database);
}

/** Everything iterate() yields, whether the store iterates synchronously or not. */
export async function collect<T>(iterable: Iterable<T> | AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

export interface Harness {
  dir: string;
  store: ContentStore;
  client: Client;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function startHarness(
  kind: StoreKind,
  options: Omit<CodeEditorToolsOptions, 'store'> = {},
  dir = makeTempDir(),
): Promise<Harness> {
  return connectHarness(await openTestStore(kind, dir), options, dir);
}

/** The tools over `store` and a connected Client; close() also closes the store and removes `dir`. */
export async function connectHarness(store: ContentStore, options: Omit<CodeEditorToolsOptions, 'store'>, dir: string): Promise<Harness> {
  const server = new McpServer({ name: 'code-editor-test', version: '1.0.0' });
  // The regex deadline is a guard against runaway patterns, not a test subject here: a busy CI
  // machine must not turn an ordinary search into a timeout (tests of the deadline set their own).
  const tools = registerCodeEditorTools(server, { log: () => undefined, search: { timeoutMs: 60_000 }, ...options, store });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'code-editor-test-client', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  // listTools caches the outputSchemas; callTool validates structuredContent against them.
  await client.listTools();
  return {
    dir,
    store,
    client,
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: async () => {
      await client.close();
      await server.close();
      await tools.close();
      await closeTestStore(store);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function textOf(result: CallToolResult): string {
  const [first] = result.content;
  if (!first || first.type !== 'text') throw new Error(`expected a text content block, got ${JSON.stringify(result.content)}`);
  return first.text;
}

export function dataOf(result: CallToolResult): Record<string, unknown> {
  if (!result.structuredContent) throw new Error(`expected structuredContent in ${JSON.stringify(result)}`);
  return result.structuredContent;
}

/** Every file with its exact content, in list order: proof that a failed call changed nothing. */
export async function snapshot(store: ContentStore, appIds: string[] = []): Promise<Array<Record<string, unknown>>> {
  const keys: ContentKey[] = [];
  for (const summary of await store.list({ entityTypes: ['workflow', 'module', 'text'] })) keys.push(summary);
  for (const appId of appIds) {
    for (const summary of await store.list({ entityTypes: ['app_file'], appId })) keys.push(summary);
  }
  const files: Array<Record<string, unknown>> = [];
  for (const key of keys) {
    const record = await store.get(key);
    files.push({ ...record });
  }
  return files;
}

export async function seed(store: ContentStore, files: Array<{ key: ContentKey; content: string }>): Promise<void> {
  for (const file of files) {
    const outcome = await store.put(file.key, file.content);
    if (outcome.status !== 'written') throw new Error(`seeding ${file.key.path} failed`);
  }
}
