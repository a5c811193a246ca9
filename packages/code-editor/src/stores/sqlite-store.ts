/**
 * SQLite store (better-sqlite3): one table per entity type of the seed, so scoping rules are
 * columns and constraints rather than path conventions.
 *
 *   app_files        (app_id, path) primary key, text in `source`
 *   workflows        unique (ifnull(organization_id, ''), path), text in `code`
 *   workspace_files  path primary key (modules), text in `content`
 *   text_files       path primary key, text in `content`
 *
 * Each row carries size, lines and sha256 so listing never touches the text, and the text column
 * is last so SQLite can answer metadata queries without reading overflow pages. Writes are
 * compare-and-swap inside an IMMEDIATE transaction; WAL lets search workers read from their own
 * connections while the server writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { requireOptional } from '../install.js';
import { countLines, sha256Hex, utf8ByteLength } from '../text.js';
import {
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
import { selectedEntityTypes } from './order.js';

interface TableSpec {
  table: string;
  contentColumn: string;
  scope: 'app' | 'organization' | 'none';
}

const TABLES: Readonly<Record<EntityType, TableSpec>> = {
  app_file: { table: 'app_files', contentColumn: 'source', scope: 'app' },
  workflow: { table: 'workflows', contentColumn: 'code', scope: 'organization' },
  module: { table: 'workspace_files', contentColumn: 'content', scope: 'none' },
  text: { table: 'text_files', contentColumn: 'content', scope: 'none' },
};

const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS app_files (
  app_id TEXT NOT NULL, path TEXT NOT NULL,
  size INTEGER NOT NULL, lines INTEGER NOT NULL, sha256 TEXT NOT NULL, updated_at TEXT NOT NULL,
  source TEXT NOT NULL,
  PRIMARY KEY (app_id, path)
);
CREATE TABLE IF NOT EXISTS workflows (
  id INTEGER PRIMARY KEY,
  organization_id TEXT, path TEXT NOT NULL,
  size INTEGER NOT NULL, lines INTEGER NOT NULL, sha256 TEXT NOT NULL, updated_at TEXT NOT NULL,
  code TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS workflows_scope_path ON workflows (ifnull(organization_id, ''), path);
CREATE TABLE IF NOT EXISTS workspace_files (
  path TEXT PRIMARY KEY,
  size INTEGER NOT NULL, lines INTEGER NOT NULL, sha256 TEXT NOT NULL, updated_at TEXT NOT NULL,
  content TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS text_files (
  path TEXT PRIMARY KEY,
  size INTEGER NOT NULL, lines INTEGER NOT NULL, sha256 TEXT NOT NULL, updated_at TEXT NOT NULL,
  content TEXT NOT NULL
);
`;

interface Row {
  path: string;
  app_id?: string;
  organization_id?: string | null;
  size: number;
  lines: number;
  sha256: string;
  content?: string;
}

type SqlParam = string | number;

/** Columns that identify a row of `spec`'s table, selected under uniform names. */
function scopeColumns(spec: TableSpec): string {
  if (spec.scope === 'app') return 'app_id, path';
  if (spec.scope === 'organization') return 'organization_id, path';
  return 'path';
}

function orderBy(spec: TableSpec): string {
  if (spec.scope === 'app') return 'app_id, path';
  if (spec.scope === 'organization') return "ifnull(organization_id, ''), path";
  return 'path';
}

/** WHERE clause + parameters that select exactly `key`. */
function keyCondition(spec: TableSpec, key: ContentKey): { sql: string; params: SqlParam[] } {
  if (spec.scope === 'app') return { sql: 'app_id = ? AND path = ?', params: [key.appId ?? '', key.path] };
  if (spec.scope === 'organization') {
    // Matches the expression index, so global (NULL) and organisation rows are both one lookup.
    return { sql: "ifnull(organization_id, '') = ? AND path = ?", params: [key.organizationId ?? '', key.path] };
  }
  return { sql: 'path = ?', params: [key.path] };
}

/** WHERE clause for a filter on one table, or undefined when the filter excludes the table. */
function filterCondition(
  spec: TableSpec,
  filter: ContentFilter,
  shard?: Shard,
): { sql: string; params: SqlParam[] } | undefined {
  const clauses: string[] = [];
  const params: SqlParam[] = [];
  if (spec.scope === 'app') {
    clauses.push('app_id = ?');
    params.push(filter.appId ?? '');
  }
  if (spec.scope === 'organization' && filter.workflowOrganizations !== undefined) {
    if (filter.workflowOrganizations.length === 0) return undefined;
    clauses.push(`ifnull(organization_id, '') IN (${filter.workflowOrganizations.map(() => '?').join(', ')})`);
    params.push(...filter.workflowOrganizations.map((organization) => organization ?? ''));
  }
  if (filter.path !== undefined) {
    clauses.push('path = ?');
    params.push(filter.path);
  }
  if (filter.pathPrefix !== undefined) {
    // substr instead of LIKE: no escaping of '%' and '_' in user prefixes.
    clauses.push('substr(path, 1, ?) = ?');
    params.push(filter.pathPrefix.length, filter.pathPrefix);
  }
  for (const required of filter.mustContain ?? []) {
    // instr runs in SQLite's C code: rows without the text never reach JavaScript.
    clauses.push(`instr(${spec.contentColumn}, ?) > 0`);
    params.push(required);
  }
  if (shard && shard.count > 1) {
    clauses.push('rowid % ? = ?');
    params.push(shard.count, shard.index);
  }
  return { sql: clauses.length > 0 ? clauses.join(' AND ') : '1', params };
}

function toSummary(entityType: EntityType, row: Row): ContentSummary {
  const summary: ContentSummary = {
    entityType,
    path: row.path,
    size: row.size,
    lines: row.lines,
    sha256: row.sha256,
  };
  if (entityType === 'app_file') summary.appId = row.app_id;
  if (entityType === 'workflow') summary.organizationId = row.organization_id ?? null;
  return summary;
}

export interface SqliteStoreOptions {
  /** Open without write access (search workers); the schema must already exist. */
  readonly?: boolean;
}

let sqliteDriver: typeof BetterSqlite3 | undefined;

/**
 * better-sqlite3 is an optional peer dependency, loaded on first use: it is a native build, and
 * only this store needs it (the folder and Postgres stores run without it).
 */
function loadDatabase(): typeof BetterSqlite3 {
  sqliteDriver ??= requireOptional<typeof BetterSqlite3>('better-sqlite3', import.meta.url, 'the SQLite store (--db, the default)', 'or serve a folder with --root, or Postgres with --postgres');
  return sqliteDriver;
}

export class SqliteStore implements ContentStore {
  readonly descriptor: StoreDescriptor;
  private readonly db: BetterSqlite3.Database;

  constructor(file: string, options: SqliteStoreOptions = {}) {
    const absolute = path.resolve(file);
    this.descriptor = { kind: 'sqlite', file: absolute };
    if (!options.readonly && !fs.existsSync(path.dirname(absolute))) {
      throw new ContentStoreError(`cannot create database ${absolute}: folder ${path.dirname(absolute)} does not exist`);
    }
    const Driver = loadDatabase();
    try {
      this.db = new Driver(absolute, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false });
      // Another process (or a search worker) may hold the write lock briefly; wait rather than fail.
      this.db.pragma('busy_timeout = 5000');
      if (!options.readonly) {
        this.db.pragma('journal_mode = WAL');
        // NORMAL is durable across application crashes in WAL mode; FULL only adds power-loss safety.
        this.db.pragma('synchronous = NORMAL');
        this.migrate();
      }
    } catch (error) {
      if (error instanceof ContentStoreError) throw error;
      throw new ContentStoreError(`cannot open database ${absolute}: ${(error as Error).message}`);
    }
  }

  private migrate(): void {
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      throw new ContentStoreError(
        `database schema version ${version} is newer than this kit supports (${SCHEMA_VERSION}); upgrade mcp-result-kit`,
      );
    }
    this.db.exec(SCHEMA);
    this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }

  async list(filter: ContentFilter): Promise<ContentSummary[]> {
    const summaries: ContentSummary[] = [];
    for (const entityType of selectedEntityTypes(filter)) {
      const spec = TABLES[entityType];
      const condition = filterCondition(spec, filter);
      if (!condition) continue;
      const rows = this.db
        .prepare(
          `SELECT ${scopeColumns(spec)}, size, lines, sha256 FROM ${spec.table} WHERE ${condition.sql} ORDER BY ${orderBy(spec)}`,
        )
        .all(...condition.params) as Row[];
      for (const row of rows) summaries.push(toSummary(entityType, row));
    }
    return summaries;
  }

  async get(key: ContentKey): Promise<ContentRecord | undefined> {
    const spec = TABLES[key.entityType];
    const condition = keyCondition(spec, key);
    const row = this.db
      .prepare(
        `SELECT ${scopeColumns(spec)}, size, lines, sha256, ${spec.contentColumn} AS content FROM ${spec.table} WHERE ${condition.sql}`,
      )
      .get(...condition.params) as Row | undefined;
    if (!row) return undefined;
    return { ...toSummary(key.entityType, row), content: row.content ?? '' };
  }

  async put(key: ContentKey, content: string, options: PutOptions = {}): Promise<PutOutcome> {
    return this.putNow(key, content, options);
  }

  private putNow(key: ContentKey, content: string, options: PutOptions = {}): PutOutcome {
    const spec = TABLES[key.entityType];
    const condition = keyCondition(spec, key);
    const summary: ContentSummary = {
      entityType: key.entityType,
      path: key.path,
      size: utf8ByteLength(content),
      lines: countLines(content),
      sha256: sha256Hex(content),
    };
    if (key.entityType === 'app_file') summary.appId = key.appId;
    if (key.entityType === 'workflow') summary.organizationId = key.organizationId ?? null;
    const updatedAt = new Date().toISOString();

    const write = this.db.transaction((): PutOutcome => {
      const current = this.db
        .prepare(`SELECT sha256 FROM ${spec.table} WHERE ${condition.sql}`)
        .get(...condition.params) as { sha256: string } | undefined;
      const currentSha256 = current?.sha256 ?? null;
      if (options.expectedSha256 !== undefined && options.expectedSha256 !== currentSha256) {
        return { status: 'conflict', currentSha256 };
      }
      if (current) {
        this.db
          .prepare(
            `UPDATE ${spec.table} SET size = ?, lines = ?, sha256 = ?, updated_at = ?, ${spec.contentColumn} = ? WHERE ${condition.sql}`,
          )
          .run(summary.size, summary.lines, summary.sha256, updatedAt, content, ...condition.params);
      } else {
        const scopeValues: (string | null)[] =
          spec.scope === 'app' ? [key.appId ?? ''] : spec.scope === 'organization' ? [key.organizationId ?? null] : [];
        const scopeNames = spec.scope === 'app' ? 'app_id, ' : spec.scope === 'organization' ? 'organization_id, ' : '';
        this.db
          .prepare(
            `INSERT INTO ${spec.table} (${scopeNames}path, size, lines, sha256, updated_at, ${spec.contentColumn}) VALUES (${scopeValues.map(() => '?, ').join('')}?, ?, ?, ?, ?, ?)`,
          )
          .run(...scopeValues, key.path, summary.size, summary.lines, summary.sha256, updatedAt, content);
      }
      return { status: 'written', created: !current, summary };
    });
    // IMMEDIATE takes the write lock before the read, so the compare and the swap are one step
    // even against another process writing the same database.
    return write.immediate();
  }

  async delete(key: ContentKey, options: DeleteOptions = {}): Promise<DeleteOutcome> {
    const spec = TABLES[key.entityType];
    const condition = keyCondition(spec, key);
    const remove = this.db.transaction((): DeleteOutcome => {
      const current = this.db
        .prepare(`SELECT sha256 FROM ${spec.table} WHERE ${condition.sql}`)
        .get(...condition.params) as { sha256: string } | undefined;
      if (!current) return { status: 'not_found' };
      if (options.expectedSha256 !== undefined && options.expectedSha256 !== current.sha256) {
        return { status: 'conflict', currentSha256: current.sha256 };
      }
      this.db.prepare(`DELETE FROM ${spec.table} WHERE ${condition.sql}`).run(...condition.params);
      return { status: 'deleted' };
    });
    return remove.immediate();
  }

  /** Rows stream through `.iterate()`, so only the row being searched is in memory. */
  *iterate(filter: ContentFilter, shard?: Shard): Iterable<ContentText> {
    for (const entityType of selectedEntityTypes(filter)) {
      const spec = TABLES[entityType];
      const condition = filterCondition(spec, filter, shard);
      if (!condition) continue;
      const statement = this.db.prepare(
        `SELECT ${scopeColumns(spec)}, ${spec.contentColumn} AS content FROM ${spec.table} WHERE ${condition.sql} ORDER BY ${orderBy(spec)}`,
      );
      for (const raw of statement.iterate(...condition.params)) {
        const row = raw as Row;
        const text: ContentText = { entityType, path: row.path, content: row.content ?? '' };
        if (entityType === 'app_file') text.appId = row.app_id;
        if (entityType === 'workflow') text.organizationId = row.organization_id ?? null;
        yield text;
      }
    }
  }

  /**
   * Runs `work` in one transaction with a synchronous writer, so a bulk import either lands
   * completely or not at all (and is one fsync instead of one per file).
   */
  writeBatch<T>(work: (write: (key: ContentKey, content: string) => PutOutcome) => T): T {
    return this.db.transaction(() => work((key, content) => this.putNow(key, content))).immediate();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
