/**
 * Postgres store (node-postgres): the scale path, one database that many server replicas share.
 * The tables are the SQLite store's, in their own schema `mcp_content` so they can live in an
 * application's database:
 *
 *   app_files        (app_id, path) primary key, text in `source`
 *   workflows        unique (coalesce(organization_id, ''), path), text in `code`
 *   workspace_files  path primary key (modules), text in `content`
 *   text_files       path primary key, text in `content`
 *
 * Each row also has an identity `id` (search shards and fetches by it), size, lines, sha256,
 * `bmp_only` (no characters outside the Basic Multilingual Plane; see postgres-regex.ts) and
 * updated_at. Paths and ids use the "C" collation, so the database orders them as the other
 * stores do. The text columns have pg_trgm GIN indexes, which LIKE, ILIKE and ~ use, and a
 * partial index on the few rows that are not `bmp_only` lets Postgres combine the two for the
 * search condition `(NOT bmp_only OR text ~ regex)`.
 *
 * Writes are compare-and-swap in a transaction: `UPDATE … WHERE <key> AND sha256 = $expected`,
 * and an INSERT … ON CONFLICT DO NOTHING for a file that must not exist yet. Row locks make that
 * one step for every replica.
 *
 * Search: the search worker opens its own read-only connection with a statement timeout equal
 * to the search deadline. The database selects the candidate rows (the filter, the required
 * literals of the pattern with LIKE / ILIKE, and a translation of the pattern with ~ where one is
 * safe), ordered by key; their texts are then fetched in batches and checked line by line in the
 * worker, which enforces the deadline and the result cap as for the other stores.
 */
import type { Pool, PoolClient } from 'pg';
import { requiredLiterals } from '../search/literal.js';
import { toPostgresRegex } from '../search/postgres-regex.js';
import { countLines, sha256Hex, utf8ByteLength } from '../text.js';
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
import { loadPg } from './load-pg.js';
import { compareContentOrder, selectedEntityTypes } from './order.js';

const SCHEMA = 'mcp_content';
const SCHEMA_VERSION = 1;
/** Any constant: replicas starting together take this advisory lock to migrate one at a time. */
const MIGRATION_LOCK = 7_310_862_344;
/** Texts fetched per round trip while searching: up to this many rows or bytes. */
const FETCH_ROWS = 200;
const FETCH_BYTES = 8 * 1024 * 1024;
/** SQLSTATE of an invalid (or too complex) regular expression. */
const INVALID_REGEX = '2201B';
const CONNECT_TIMEOUT_MS = 10_000;
const QUERY_CANCELED = '57014';
const UNDEFINED_TABLE = '42P01';
/**
 * Time the database gets to run the translated regex, as a share of the search deadline. Where
 * the trigram index narrows the rows this is a fraction of a millisecond; where it cannot, the
 * regex runs over every text, and Postgres's engine is slower at that than V8 (about 80-120 ms
 * for 8 MB here), so past the budget the rows go to the worker instead of the search missing
 * its deadline in the database.
 */
const REGEX_BUDGET_SHARE = 0.2;
const DEFAULT_REGEX_BUDGET_MS = 200;
const INVALID_SCHEMA = '3F000';
const ASTRAL = /[\uD800-\uDFFF]/;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

interface TableSpec {
  table: string;
  contentColumn: string;
  scope: 'app' | 'organization' | 'none';
}

const TABLES: Readonly<Record<EntityType, TableSpec>> = {
  app_file: { table: `${SCHEMA}.app_files`, contentColumn: 'source', scope: 'app' },
  workflow: { table: `${SCHEMA}.workflows`, contentColumn: 'code', scope: 'organization' },
  module: { table: `${SCHEMA}.workspace_files`, contentColumn: 'content', scope: 'none' },
  text: { table: `${SCHEMA}.text_files`, contentColumn: 'content', scope: 'none' },
};

function schemaSql(trigramOps: string): string {
  const metadata = `size integer NOT NULL, lines integer NOT NULL, sha256 text NOT NULL, bmp_only boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()`;
  return `
CREATE TABLE ${SCHEMA}.app_files (
  id bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  app_id text COLLATE "C" NOT NULL, path text COLLATE "C" NOT NULL,
  ${metadata},
  source text NOT NULL,
  PRIMARY KEY (app_id, path)
);
CREATE TABLE ${SCHEMA}.workflows (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id text COLLATE "C", path text COLLATE "C" NOT NULL,
  ${metadata},
  code text NOT NULL
);
CREATE UNIQUE INDEX workflows_scope_path ON ${SCHEMA}.workflows ((coalesce(organization_id, '')), path);
CREATE TABLE ${SCHEMA}.workspace_files (
  id bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  path text COLLATE "C" PRIMARY KEY,
  ${metadata},
  content text NOT NULL
);
CREATE TABLE ${SCHEMA}.text_files (
  id bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  path text COLLATE "C" PRIMARY KEY,
  ${metadata},
  content text NOT NULL
);
CREATE INDEX app_files_source_trgm ON ${SCHEMA}.app_files USING gin (source ${trigramOps});
CREATE INDEX workflows_code_trgm ON ${SCHEMA}.workflows USING gin (code ${trigramOps});
CREATE INDEX workspace_files_content_trgm ON ${SCHEMA}.workspace_files USING gin (content ${trigramOps});
CREATE INDEX text_files_content_trgm ON ${SCHEMA}.text_files USING gin (content ${trigramOps});
CREATE INDEX app_files_astral ON ${SCHEMA}.app_files (id) WHERE NOT bmp_only;
CREATE INDEX workflows_astral ON ${SCHEMA}.workflows (id) WHERE NOT bmp_only;
CREATE INDEX workspace_files_astral ON ${SCHEMA}.workspace_files (id) WHERE NOT bmp_only;
CREATE INDEX text_files_astral ON ${SCHEMA}.text_files (id) WHERE NOT bmp_only;
INSERT INTO ${SCHEMA}.schema_version (version) VALUES (${SCHEMA_VERSION});
`;
}

interface Row {
  id?: string;
  path: string;
  app_id?: string;
  organization_id?: string | null;
  size: number;
  lines: number;
  sha256: string;
  content?: string;
}

/** Collects positional parameters: `add(value)` returns its placeholder. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function scopeColumns(spec: TableSpec): string {
  if (spec.scope === 'app') return 'app_id, path';
  if (spec.scope === 'organization') return 'organization_id, path';
  return 'path';
}

function orderBy(spec: TableSpec): string {
  if (spec.scope === 'app') return 'app_id, path';
  if (spec.scope === 'organization') return "coalesce(organization_id, ''), path";
  return 'path';
}

/** WHERE clause selecting exactly `key`; the workflow form matches the expression index. */
function keyCondition(spec: TableSpec, key: ContentKey, params: Params): string {
  if (spec.scope === 'app') return `app_id = ${params.add(key.appId ?? '')} AND path = ${params.add(key.path)}`;
  if (spec.scope === 'organization') {
    return `coalesce(organization_id, '') = ${params.add(key.organizationId ?? '')} AND path = ${params.add(key.path)}`;
  }
  return `path = ${params.add(key.path)}`;
}

/** LIKE pattern for "contains `text`" (backslash is LIKE's default escape character). */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

interface Condition {
  sql: string;
  /** Whether it tests the text (LIKE, ILIKE, ~), which the trigram index can answer. */
  readsContent: boolean;
  /** Whether it includes the translated search regex. */
  runsRegex: boolean;
}

/**
 * WHERE clause for a filter on one table, or undefined when the filter excludes the table.
 * `useRegex: false` leaves out the translated search regex.
 */
function filterCondition(spec: TableSpec, filter: ContentFilter, params: Params, shard?: Shard, useRegex = true): Condition | undefined {
  const clauses: string[] = [];
  // First: Postgres evaluates filter clauses of equal cost in order, and this one is cheap.
  if (shard && shard.count > 1) clauses.push(`id % ${params.add(shard.count)} = ${params.add(shard.index)}`);
  if (spec.scope === 'app') clauses.push(`app_id = ${params.add(filter.appId ?? '')}`);
  if (spec.scope === 'organization' && filter.workflowOrganizations !== undefined) {
    if (filter.workflowOrganizations.length === 0) return undefined;
    clauses.push(`coalesce(organization_id, '') = ANY(${params.add(filter.workflowOrganizations.map((organization) => organization ?? ''))}::text[])`);
  }
  if (filter.path !== undefined) clauses.push(`path = ${params.add(filter.path)}`);
  if (filter.pathPrefix !== undefined) clauses.push(`starts_with(path, ${params.add(filter.pathPrefix)})`);
  const column = spec.contentColumn;
  const beforeContent = clauses.length;
  for (const required of filter.mustContain ?? []) {
    if (!ASTRAL.test(required)) clauses.push(`${column} LIKE ${params.add(containsPattern(required))}`);
  }
  const pattern = filter.searchPattern;
  let regex: string | undefined;
  if (pattern) {
    // Runs every match must contain: LIKE / ILIKE, which the trigram index answers.
    for (const run of requiredLiterals(pattern.source) ?? []) {
      if (run.length < 3 || ASTRAL.test(run)) continue;
      if (pattern.caseInsensitive && !PRINTABLE_ASCII.test(run)) continue;
      clauses.push(`${column} ${pattern.caseInsensitive ? 'ILIKE' : 'LIKE'} ${params.add(containsPattern(run))}`);
    }
    regex = useRegex ? toPostgresRegex(pattern.source, pattern.caseInsensitive) : undefined;
    if (regex !== undefined) {
      // Rows with astral characters count code units differently; the worker checks them itself.
      clauses.push(`(NOT bmp_only OR ${column} ~ ${params.add(regex)})`);
    }
  }
  return { sql: clauses.length > 0 ? clauses.join(' AND ') : 'true', readsContent: clauses.length > beforeContent, runsRegex: regex !== undefined };
}

function toSummary(entityType: EntityType, row: Row): ContentSummary {
  const summary: ContentSummary = { entityType, path: row.path, size: row.size, lines: row.lines, sha256: row.sha256 };
  if (entityType === 'app_file') summary.appId = row.app_id;
  if (entityType === 'workflow') summary.organizationId = row.organization_id ?? null;
  return summary;
}

function toText(entityType: EntityType, row: Row): ContentText {
  const text: ContentText = { entityType, path: row.path, content: row.content ?? '' };
  if (entityType === 'app_file') text.appId = row.app_id;
  if (entityType === 'workflow') text.organizationId = row.organization_id ?? null;
  return text;
}

/** The SQLSTATE of an error the server reported (node-postgres sets `severity` on those only). */
function sqlState(error: unknown): string | undefined {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof severity === 'string' && typeof code === 'string' ? code : undefined;
}

/** A failure that may have left the connection unusable (not a server error, not one of ours). */
function breaksConnection(error: unknown): Error | undefined {
  if (sqlState(error) !== undefined || error instanceof ContentStoreError || error instanceof ContentPathError) return undefined;
  return error instanceof Error ? error : new Error(String(error));
}

/** The URL with its password replaced, for logs and messages. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    // libpq also takes the password as a query parameter.
    if (parsed.searchParams.has('password')) parsed.searchParams.set('password', '***');
    return parsed.toString().replace('password=%2A%2A%2A', 'password=***');
  } catch {
    return 'postgres (unparsable URL)';
  }
}

export interface PostgresStoreOptions {
  /** No writes: sessions are read-only in the database, and the schema is checked, not created. */
  readonly?: boolean;
  /** Statement timeout on every connection (search workers use the search deadline). */
  statementTimeoutMs?: number;
  /** Pool size. Default 10. */
  maxConnections?: number;
  /**
   * Time the database gets to narrow a search with the translated regex before the rows go to
   * the worker unfiltered by it. Default: a fifth of statementTimeoutMs, else 200 ms.
   */
  regexBudgetMs?: number;
}

export class PostgresStore implements ContentStore {
  readonly descriptor: StoreDescriptor;
  private readonly url: string;
  private readonly options: PostgresStoreOptions;
  private pool?: Promise<Pool>;
  private closed = false;

  /**
   * Connects lazily (search workers construct stores synchronously); servers use
   * PostgresStore.open, which also creates or checks the schema.
   */
  constructor(url: string, options: PostgresStoreOptions = {}) {
    this.url = url;
    this.options = options;
    this.descriptor = { kind: 'postgres', url };
  }

  /** Connects, then creates the schema (or, read-only, checks that it is there and current). */
  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const store = new PostgresStore(url, options);
    try {
      await store.prepare();
    } catch (error) {
      await store.close();
      throw error;
    }
    return store;
  }

  private getPool(): Promise<Pool> {
    if (this.closed) return Promise.reject(new ContentStoreError('the Postgres store is closed'));
    this.pool ??= loadPg().then(({ Pool }) => {
      const pool = new Pool({
        connectionString: this.url,
        max: this.options.maxConnections ?? 10,
        // Keep connections: a new one costs a SCRAM handshake.
        idleTimeoutMillis: 0,
        // A server that does not answer is an error, not a hang.
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        application_name: 'mcp-result-kit',
        statement_timeout: this.options.statementTimeoutMs,
        options: this.options.readonly ? '-c default_transaction_read_only=on' : undefined,
      });
      // An idle connection the server dropped is discarded by the pool; without a listener the
      // 'error' event would end the process.
      pool.on('error', () => undefined);
      return pool;
    });
    return this.pool;
  }

  private regexBudgetMs(): number {
    const deadline = this.options.statementTimeoutMs;
    const budget = this.options.regexBudgetMs ?? (deadline === undefined ? DEFAULT_REGEX_BUDGET_MS : deadline * REGEX_BUDGET_SHARE);
    return Math.max(1, Math.round(budget));
  }

  /** Connects now (and loads pg), so that the first query does not wait for it. */
  async warm(): Promise<void> {
    await this.withClient(async () => undefined);
  }

  private async withClient<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    const pool = await this.getPool();
    let client: PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw new ContentStoreError(`cannot connect to ${describePostgresUrl(this.url)}: ${(error as Error).message}`);
    }
    let broken: Error | undefined;
    try {
      return await work(client);
    } catch (error) {
      // A failed query leaves the connection usable; a dropped connection must not go back.
      broken = breaksConnection(error);
      throw error instanceof ContentStoreError || error instanceof ContentPathError ? error : new ContentStoreError(`Postgres: ${(error as Error).message}`);
    } finally {
      client.release(broken);
    }
  }

  private async transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    return this.withClient(async (client) => {
      await client.query('BEGIN');
      try {
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  private async prepare(): Promise<void> {
    await this.withClient(async (client) => {
      let version: number | undefined;
      try {
        const result = await client.query<{ version: number }>(`SELECT version FROM ${SCHEMA}.schema_version`);
        version = result.rows[0]?.version;
      } catch (error) {
        if (sqlState(error) !== UNDEFINED_TABLE && sqlState(error) !== INVALID_SCHEMA) throw error;
      }
      if (version !== undefined && version > SCHEMA_VERSION) {
        throw new ContentStoreError(
          `database schema version ${version} is newer than this kit supports (${SCHEMA_VERSION}); upgrade mcp-result-kit`,
        );
      }
      if (version === SCHEMA_VERSION) return;
      if (this.options.readonly) {
        throw new ContentStoreError(
          `${describePostgresUrl(this.url)} has no ${SCHEMA} schema yet; a read-only server cannot create it: start once without --read-only`,
        );
      }
      await this.migrate(client);
    });
  }

  private async migrate(client: PoolClient): Promise<void> {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
      await client.query(`CREATE TABLE IF NOT EXISTS ${SCHEMA}.schema_version (version integer NOT NULL)`);
      // Another replica may have finished while this one waited for the lock.
      const existing = await client.query<{ version: number }>(`SELECT version FROM ${SCHEMA}.schema_version`);
      if (existing.rows.length === 0) {
        try {
          await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        } catch (error) {
          throw new ContentStoreError(
            `cannot create the pg_trgm extension (search indexes need it): ${(error as Error).message}. ` +
              'A superuser or the database owner can run: CREATE EXTENSION pg_trgm;',
          );
        }
        const found = await client.query<{ schema: string }>(
          "SELECT quote_ident(n.nspname) AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'",
        );
        await client.query(schemaSql(`${found.rows[0].schema}.gin_trgm_ops`));
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }

  async list(filter: ContentFilter): Promise<ContentSummary[]> {
    return this.withClient(async (client) => {
      const summaries: ContentSummary[] = [];
      for (const entityType of selectedEntityTypes(filter)) {
        const spec = TABLES[entityType];
        const params = new Params();
        const condition = filterCondition(spec, filter, params);
        if (condition === undefined) continue;
        const { rows } = await client.query<Row>(
          `SELECT ${scopeColumns(spec)}, size, lines, sha256 FROM ${spec.table} WHERE ${condition.sql} ORDER BY ${orderBy(spec)}`,
          params.values,
        );
        for (const row of rows) summaries.push(toSummary(entityType, row));
      }
      return summaries;
    });
  }

  async get(key: ContentKey): Promise<ContentRecord | undefined> {
    const spec = TABLES[key.entityType];
    const params = new Params();
    const condition = keyCondition(spec, key, params);
    return this.withClient(async (client) => {
      const { rows } = await client.query<Row>(
        `SELECT ${scopeColumns(spec)}, size, lines, sha256, ${spec.contentColumn} AS content FROM ${spec.table} WHERE ${condition}`,
        params.values,
      );
      const row = rows[0];
      return row ? { ...toSummary(key.entityType, row), content: row.content ?? '' } : undefined;
    });
  }

  async put(key: ContentKey, content: string, options: PutOptions = {}): Promise<PutOutcome> {
    checkStorable(key, content);
    return this.transaction((client) => this.putWith(client, key, content, options));
  }

  /** The compare-and-swap write, on a client already inside a transaction. */
  private async putWith(client: PoolClient, key: ContentKey, content: string, options: PutOptions): Promise<PutOutcome> {
    const spec = TABLES[key.entityType];
    const summary: ContentSummary = {
      entityType: key.entityType,
      path: key.path,
      size: utf8ByteLength(content),
      lines: countLines(content),
      sha256: sha256Hex(content),
    };
    if (key.entityType === 'app_file') summary.appId = key.appId;
    if (key.entityType === 'workflow') summary.organizationId = key.organizationId ?? null;
    const bmpOnly = !ASTRAL.test(content);
    const written = (created: boolean): PutOutcome => ({ status: 'written', created, summary });

    const insert = async (): Promise<boolean> => {
      const params = new Params();
      const scope =
        spec.scope === 'app' ? [key.appId ?? ''] : spec.scope === 'organization' ? [key.organizationId ?? null] : [];
      const scopeNames = spec.scope === 'app' ? 'app_id, ' : spec.scope === 'organization' ? 'organization_id, ' : '';
      const values = [...scope, key.path, summary.size, summary.lines, summary.sha256, bmpOnly, content].map((value) => params.add(value));
      const result = await client.query(
        `INSERT INTO ${spec.table} (${scopeNames}path, size, lines, sha256, bmp_only, ${spec.contentColumn}) VALUES (${values.join(', ')}) ON CONFLICT DO NOTHING`,
        params.values,
      );
      return result.rowCount === 1;
    };
    const update = async (expected?: string): Promise<boolean> => {
      const params = new Params();
      const set = `size = ${params.add(summary.size)}, lines = ${params.add(summary.lines)}, sha256 = ${params.add(summary.sha256)}, bmp_only = ${params.add(bmpOnly)}, updated_at = now(), ${spec.contentColumn} = ${params.add(content)}`;
      const where = keyCondition(spec, key, params) + (expected === undefined ? '' : ` AND sha256 = ${params.add(expected)}`);
      const result = await client.query(`UPDATE ${spec.table} SET ${set} WHERE ${where}`, params.values);
      return result.rowCount === 1;
    };
    const conflict = async (): Promise<PutOutcome> => ({ status: 'conflict', currentSha256: await this.currentSha256(client, key) });

    if (options.expectedSha256 === null) return (await insert()) ? written(true) : conflict();
    if (options.expectedSha256 !== undefined) return (await update(options.expectedSha256)) ? written(false) : conflict();
    // Unconditional: update, else insert; an insert that lost a race to another insert waits
    // for it (ON CONFLICT does), after which the update finds the row.
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await update()) return written(false);
      if (await insert()) return written(true);
    }
    throw new ContentStoreError(`could not write ${key.path}: it kept being created and deleted by other writers; try again`);
  }

  private async currentSha256(client: PoolClient, key: ContentKey): Promise<string | null> {
    const spec = TABLES[key.entityType];
    const params = new Params();
    const { rows } = await client.query<{ sha256: string }>(`SELECT sha256 FROM ${spec.table} WHERE ${keyCondition(spec, key, params)}`, params.values);
    return rows[0]?.sha256 ?? null;
  }

  async delete(key: ContentKey, options: DeleteOptions = {}): Promise<DeleteOutcome> {
    const spec = TABLES[key.entityType];
    return this.transaction(async (client) => {
      const params = new Params();
      const where = keyCondition(spec, key, params) + (options.expectedSha256 === undefined ? '' : ` AND sha256 = ${params.add(options.expectedSha256)}`);
      const result = await client.query(`DELETE FROM ${spec.table} WHERE ${where}`, params.values);
      if (result.rowCount === 1) return { status: 'deleted' };
      const current = await this.currentSha256(client, key);
      return current === null ? { status: 'not_found' } : { status: 'conflict', currentSha256: current };
    });
  }

  /**
   * Candidate rows are selected (and ordered) in the database, their texts fetched in batches:
   * at most one batch of text is in memory, and breaking out of the loop releases the connection.
   */
  async *iterate(filter: ContentFilter, shard?: Shard): AsyncIterable<ContentText> {
    const pool = await this.getPool();
    const client = await pool.connect().catch((error: Error) => {
      throw new ContentStoreError(`cannot connect to ${describePostgresUrl(this.url)}: ${error.message}`);
    });
    let broken: Error | undefined;
    try {
      for (const entityType of selectedEntityTypes(filter)) {
        const spec = TABLES[entityType];
        const select = async (useRegex: boolean): Promise<Row[] | undefined> => {
          const params = new Params();
          const condition = filterCondition(spec, filter, params, shard, useRegex);
          if (condition === undefined) return undefined;
          // No ORDER BY: an ordered index scan that runs the filter on every row is what the
          // planner would often pick; the candidates are sorted here instead.
          const sql = `SELECT id, size, ${scopeColumns(spec)} FROM ${spec.table} WHERE ${condition.sql}`;
          if (!condition.readsContent) return (await client.query<Row>(sql, params.values)).rows;
          // The planner cannot estimate how selective a regex is and tends to run it on every
          // row (bench: 150 ms against 0.3 ms through the trigram index for [qz]{3}\d{2} over
          // 25 MB). For a search the index is nearly always the better way in; where no index
          // applies Postgres still scans the table.
          await client.query('BEGIN');
          try {
            await client.query('SET LOCAL enable_seqscan = off');
            if (condition.runsRegex) await client.query(`SET LOCAL statement_timeout = ${this.regexBudgetMs()}`);
            const { rows } = await client.query<Row>(sql, params.values);
            await client.query('COMMIT');
            return rows;
          } catch (error) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw error;
          }
        };
        let candidates;
        try {
          candidates = await select(true);
        } catch (error) {
          // Postgres refused the translated regex (say, as too complex), or it could not narrow
          // the rows within its budget: the worker checks every line anyway.
          if (sqlState(error) !== INVALID_REGEX && sqlState(error) !== QUERY_CANCELED) throw error;
          candidates = await select(false);
        }
        if (candidates === undefined) continue;
        candidates.sort((left, right) => compareContentOrder(toText(entityType, left), toText(entityType, right)));
        for (let start = 0; start < candidates.length; ) {
          let end = start;
          let bytes = 0;
          while (end < candidates.length && end - start < FETCH_ROWS && (end === start || bytes + candidates[end].size <= FETCH_BYTES)) {
            bytes += candidates[end].size;
            end++;
          }
          const batch = candidates.slice(start, end);
          start = end;
          const { rows } = await client.query<Row>(
            `SELECT id, ${scopeColumns(spec)}, ${spec.contentColumn} AS content FROM ${spec.table} WHERE id = ANY($1::bigint[])`,
            [batch.map((candidate) => candidate.id)],
          );
          const byId = new Map(rows.map((row) => [row.id, row]));
          for (const candidate of batch) {
            const row = byId.get(candidate.id);
            // Deleted since the candidates were selected: gone, as for the other stores.
            if (row) yield toText(entityType, row);
          }
        }
      }
    } catch (error) {
      broken = breaksConnection(error);
      throw error instanceof ContentStoreError ? error : new ContentStoreError(`Postgres: ${(error as Error).message}`);
    } finally {
      client.release(broken);
    }
  }

  /**
   * Runs `work` in one transaction, so a bulk import lands completely or not at all. Its writer
   * overwrites (one upsert per file, no compare-and-swap); await each write before the next.
   */
  async writeBatch<T>(work: (write: (key: ContentKey, content: string) => Promise<void>) => Promise<T>): Promise<T> {
    return this.transaction((client) =>
      work(async (key, content) => {
        checkStorable(key, content);
        const spec = TABLES[key.entityType];
        const params = new Params();
        const scopeNames = spec.scope === 'app' ? 'app_id, ' : spec.scope === 'organization' ? 'organization_id, ' : '';
        const scope = spec.scope === 'app' ? [key.appId ?? ''] : spec.scope === 'organization' ? [key.organizationId ?? null] : [];
        const values = [...scope, key.path, utf8ByteLength(content), countLines(content), sha256Hex(content), !ASTRAL.test(content), content].map((value) =>
          params.add(value),
        );
        // The conflict target names the unique index of each table (workflows: the expression one).
        const target = spec.scope === 'app' ? '(app_id, path)' : spec.scope === 'organization' ? "((coalesce(organization_id, '')), path)" : '(path)';
        const column = spec.contentColumn;
        await client.query(
          `INSERT INTO ${spec.table} (${scopeNames}path, size, lines, sha256, bmp_only, ${column}) VALUES (${values.join(', ')})
           ON CONFLICT ${target} DO UPDATE SET size = excluded.size, lines = excluded.lines, sha256 = excluded.sha256,
             bmp_only = excluded.bmp_only, updated_at = now(), ${column} = excluded.${column}`,
          params.values,
        );
      }),
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const pool = this.pool;
    this.pool = undefined;
    if (pool) await (await pool.catch(() => undefined))?.end();
  }
}

/** Postgres text cannot hold U+0000; the folder store treats such files as binary too. */
function checkStorable(key: ContentKey, content: string): void {
  if (content.includes('\0')) {
    throw new ContentPathError(`${key.path}: the content contains a NUL character (U+0000), which Postgres text cannot store; only text files can be edited`);
  }
}
