/** The ContentStore contract, on both stores, plus what is specific to each. */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ENTITY_TYPES,
  importDirectory,
  keyToSegments,
  segmentsToKey,
  SqliteStore,
  type ContentKey,
  type ContentStore,
} from '../src/index.js';
import { sha256Hex } from '../src/text.js';
import { closeTestStore, collect, makeTempDir, openTestStore, seed, STORE_KINDS } from './harness.js';

const ALL = { entityTypes: ENTITY_TYPES, appId: 'app-1' };

describe.each(STORE_KINDS)('ContentStore contract: %s', (kind) => {
  let dir: string;
  let store: ContentStore;
  beforeEach(async () => {
    dir = makeTempDir('store-');
    store = await openTestStore(kind, dir);
  });
  afterEach(async () => {
    await closeTestStore(store);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps sha256, size (UTF-8 bytes) and lines with every file', async () => {
    const key: ContentKey = { entityType: 'text', path: 'notes/é.txt' };
    const outcome = await store.put(key, 'héllo\nworld');
    expect(outcome).toEqual({
      status: 'written',
      created: true,
      summary: { entityType: 'text', path: 'notes/é.txt', size: 12, lines: 2, sha256: sha256Hex('héllo\nworld') },
    });
    expect(await store.get(key)).toMatchObject({ content: 'héllo\nworld', size: 12, lines: 2, sha256: sha256Hex('héllo\nworld') });
    expect(await store.list({ entityTypes: ['text'] })).toEqual([outcome.status === 'written' ? outcome.summary : undefined]);
  });

  it('scopes workflows by organisation and app files by app', async () => {
    await seed(store, [
      { key: { entityType: 'workflow', path: 'sync.py' }, content: 'global' },
      { key: { entityType: 'workflow', path: 'sync.py', organizationId: 'org-a' }, content: 'org a' },
      { key: { entityType: 'workflow', path: 'sync.py', organizationId: 'org-b' }, content: 'org b' },
      { key: { entityType: 'app_file', appId: 'app-1', path: 'sync.py' }, content: 'app 1' },
      { key: { entityType: 'app_file', appId: 'app-2', path: 'sync.py' }, content: 'app 2' },
    ]);
    expect((await store.get({ entityType: 'workflow', path: 'sync.py', organizationId: 'org-b' }))?.content).toBe('org b');
    expect((await store.get({ entityType: 'workflow', path: 'sync.py', organizationId: null }))?.content).toBe('global');
    expect((await store.get({ entityType: 'app_file', appId: 'app-2', path: 'sync.py' }))?.content).toBe('app 2');
    const scoped = await store.list({ entityTypes: ['workflow'], workflowOrganizations: [null, 'org-a'] });
    expect(scoped.map((summary) => summary.organizationId)).toEqual([null, 'org-a']);
    const apps = await store.list({ entityTypes: ['app_file'], appId: 'app-1' });
    expect(apps.map((summary) => [summary.appId, summary.path])).toEqual([['app-1', 'sync.py']]);
  });

  it('compare-and-swap: null means "must not exist", a stale sha is a conflict', async () => {
    const key: ContentKey = { entityType: 'module', path: 'm.py' };
    expect((await store.put(key, 'one', { expectedSha256: null })).status).toBe('written');
    expect(await store.put(key, 'two', { expectedSha256: null })).toEqual({ status: 'conflict', currentSha256: sha256Hex('one') });
    expect(await store.put(key, 'two', { expectedSha256: sha256Hex('zero') })).toEqual({ status: 'conflict', currentSha256: sha256Hex('one') });
    expect((await store.put(key, 'two', { expectedSha256: sha256Hex('one') })).status).toBe('written');
    expect(await store.delete(key, { expectedSha256: sha256Hex('one') })).toEqual({ status: 'conflict', currentSha256: sha256Hex('two') });
    expect(await store.delete(key)).toEqual({ status: 'deleted' });
    expect(await store.delete(key)).toEqual({ status: 'not_found' });
  });

  it('iterates in the documented order, and shards partition the files', async () => {
    await seed(store, [
      { key: { entityType: 'text', path: 'b.txt' }, content: 'b' },
      { key: { entityType: 'app_file', appId: 'app-1', path: 'a.ts' }, content: 'a' },
      { key: { entityType: 'module', path: 'z.py' }, content: 'z' },
      { key: { entityType: 'workflow', path: 'y.py', organizationId: 'org' }, content: 'y' },
      { key: { entityType: 'workflow', path: 'x.py' }, content: 'x' },
      { key: { entityType: 'text', path: 'a.txt' }, content: 'a' },
    ]);
    const order = (await collect(store.iterate(ALL))).map((file) => `${file.entityType}:${file.organizationId ?? ''}:${file.path}`);
    expect(order).toEqual(['workflow::x.py', 'workflow:org:y.py', 'module::z.py', 'text::a.txt', 'text::b.txt', 'app_file::a.ts']);
    const shards = await Promise.all(
      [0, 1, 2].map(async (index) => (await collect(store.iterate(ALL, { index, count: 3 }))).map((file) => `${file.entityType}:${file.organizationId ?? ''}:${file.path}`)),
    );
    expect(shards.flat().sort()).toEqual([...order].sort());
    expect(new Set(shards.flat()).size).toBe(order.length);
  });

  it('stops streaming when the consumer stops, leaving the store usable', async () => {
    await seed(store, Array.from({ length: 20 }, (_, index) => ({ key: { entityType: 'text' as const, path: `f${String(index).padStart(2, '0')}.txt` }, content: `file ${index}` })));
    const seen: string[] = [];
    for await (const file of store.iterate({ entityTypes: ['text'] })) {
      seen.push(file.path);
      if (seen.length === 3) break;
    }
    expect(seen).toEqual(['f00.txt', 'f01.txt', 'f02.txt']);
    // A better-sqlite3 connection is busy while an iterator is open, a Postgres one is checked
    // out of the pool; break must have released it.
    expect((await store.put({ entityType: 'text', path: 'after.txt' }, 'x')).status).toBe('written');
  });
});

describe('SqliteStore specifics', () => {
  it('creates one table per entity, in WAL mode, with a schema version', () => {
    const dir = makeTempDir('sqlite-');
    const file = path.join(dir, 'content.db');
    const store = new SqliteStore(file);
    store.close();
    const db = new Database(file, { readonly: true });
    try {
      const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((row) => row.name);
      expect(tables).toEqual(['app_files', 'text_files', 'workflows', 'workspace_files']);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('user_version', { simple: true })).toBe(1);
      const columns = (db.prepare('PRAGMA table_info(workflows)').all() as { name: string }[]).map((row) => row.name);
      expect(columns).toEqual(['id', 'organization_id', 'path', 'size', 'lines', 'sha256', 'updated_at', 'code']);
    } finally {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a database written by a newer schema', () => {
    const dir = makeTempDir('sqlite-');
    const file = path.join(dir, 'content.db');
    const db = new Database(file);
    db.pragma('user_version = 7');
    db.close();
    expect(() => new SqliteStore(file)).toThrow('database schema version 7 is newer than this kit supports (1); upgrade mcp-result-kit');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports a folder in one transaction using the folder layout', async () => {
    const dir = makeTempDir('import-');
    const source = path.join(dir, 'src');
    const files: Record<string, string> = {
      'workflows/@org-1/a.py': '@workflow\n',
      'workflows/b.py': '@workflow\n',
      'modules/lib/c.py': 'c = 1\n',
      'apps/app-1/src/d.ts': 'export {};\n',
      'README.md': '# hi\n',
      'node_modules/x/index.js': 'skipped',
      'bin/blob.bin': 'a\0b',
    };
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(source, name)), { recursive: true });
      fs.writeFileSync(path.join(source, name), content);
    }
    const store = new SqliteStore(path.join(dir, 'content.db'));
    // Entity folders next to other files: detection says plain, so the entity layout is asked for.
    const report = await importDirectory(store, source, { layout: 'entities' });
    expect(report).toEqual({ imported: 5, skipped: [{ file: 'bin/blob.bin', reason: 'binary file' }], layout: 'entities' });
    const listed = await store.list(ALL);
    expect(listed.map((summary) => [summary.entityType, summary.organizationId ?? summary.appId ?? '', summary.path])).toEqual([
      ['workflow', '', 'b.py'],
      ['workflow', 'org-1', 'a.py'],
      ['module', '', 'lib/c.py'],
      ['text', '', 'README.md'],
      ['app_file', 'app-1', 'src/d.ts'],
    ]);
    store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('folder layout', () => {
  it.each<ContentKey>([
    { entityType: 'workflow', path: 'a/b.py', organizationId: null },
    { entityType: 'workflow', path: 'a/b.py', organizationId: 'org-1' },
    { entityType: 'module', path: 'lib/m.py' },
    { entityType: 'text', path: 'notes.md' },
    { entityType: 'app_file', appId: 'app-1', path: 'src/App.tsx' },
  ])('round-trips %j', (key) => {
    expect(segmentsToKey(keyToSegments(key))).toEqual(key);
  });
});
