/**
 * What is specific to the Postgres store, against a real PostgreSQL server (the shared contract
 * and tool suites run on it through harness.ts): the schema, search narrowed in the database,
 * the regex translation never losing a match, read-only sessions, and clear errors.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ContentPathError, ContentStoreError, importDirectory, PostgresStore } from '../src/index.js';
import { toPostgresRegex } from '../src/search/postgres-regex.js';
import { describePostgresUrl } from '../src/stores/postgres-store.js';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from './support/postgres.js';
import { dataOf, makeTempDir, seed, startHarness, type Harness } from './harness.js';

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe('PostgresStore schema', () => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await dropTestDatabase(database);
  });

  it('creates the tables in their own schema with trigram indexes and a version, once, even when replicas start together', async () => {
    const stores = await Promise.all([PostgresStore.open(database.url), PostgresStore.open(database.url), PostgresStore.open(database.url)]);
    await Promise.all(stores.map((store) => store.close()));
    const tables = await query<{ table_name: string }>(database.url, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'mcp_content' ORDER BY table_name");
    expect(tables.map((row) => row.table_name)).toEqual(['app_files', 'schema_version', 'text_files', 'workflows', 'workspace_files']);
    expect(await query(database.url, 'SELECT version FROM mcp_content.schema_version')).toEqual([{ version: 1 }]);
    const indexes = await query<{ indexname: string }>(database.url, "SELECT indexname FROM pg_indexes WHERE schemaname = 'mcp_content' AND indexdef LIKE '%gin_trgm_ops%' ORDER BY indexname");
    expect(indexes.map((row) => row.indexname)).toEqual(['app_files_source_trgm', 'text_files_content_trgm', 'workflows_code_trgm', 'workspace_files_content_trgm']);
    const columns = await query<{ column_name: string }>(database.url, "SELECT column_name FROM information_schema.columns WHERE table_schema = 'mcp_content' AND table_name = 'workflows' ORDER BY ordinal_position");
    expect(columns.map((row) => row.column_name)).toEqual(['id', 'organization_id', 'path', 'size', 'lines', 'sha256', 'bmp_only', 'updated_at', 'code']);
  });

  it('refuses a schema written by a newer version, and a read-only start on a database without the schema', async () => {
    await expect(PostgresStore.open(database.url, { readonly: true })).rejects.toThrow(/has no mcp_content schema yet; a read-only server cannot create it: start once without --read-only/);
    expect(await query(database.url, "SELECT 1 FROM information_schema.schemata WHERE schema_name = 'mcp_content'")).toEqual([]);
    await (await PostgresStore.open(database.url)).close();
    await query(database.url, 'UPDATE mcp_content.schema_version SET version = 9');
    await expect(PostgresStore.open(database.url)).rejects.toThrow('database schema version 9 is newer than this kit supports (1); upgrade mcp-result-kit');
  });

  it('read-only stores run read-only sessions: the database itself refuses writes', async () => {
    await (await PostgresStore.open(database.url)).close();
    const store = await PostgresStore.open(database.url, { readonly: true });
    try {
      await expect(store.put({ entityType: 'text', path: 'a.txt' }, 'x')).rejects.toThrow(/read-only transaction/);
      expect(await store.list({ entityTypes: ['text'] })).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it('refuses text with a NUL character (Postgres text cannot hold it) and writes nothing', async () => {
    const store = await PostgresStore.open(database.url);
    try {
      await expect(store.put({ entityType: 'text', path: 'bin.txt' }, 'a\0b')).rejects.toThrow(ContentPathError);
      await expect(store.put({ entityType: 'text', path: 'bin.txt' }, 'a\0b')).rejects.toThrow('bin.txt: the content contains a NUL character (U+0000), which Postgres text cannot store');
      expect(await store.list({ entityTypes: ['text'] })).toEqual([]);
    } finally {
      await store.close();
    }
  });
});

describe('importing a folder into Postgres', () => {
  it('loads it in one transaction; importing again overwrites; a file Postgres cannot hold rolls the whole import back', async () => {
    const database = await createTestDatabase();
    const dir = makeTempDir('postgres-import-');
    const store = await PostgresStore.open(database.url);
    try {
      const write = (name: string, content: string) => {
        fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        fs.writeFileSync(path.join(dir, name), content);
      };
      write('workflows/@org-1/a.py', '@workflow\n');
      write('modules/m.py', 'version = 1\n');
      write('README.md', '# notes\n');
      expect(await importDirectory(store, dir, { layout: 'entities' })).toEqual({ imported: 3, skipped: [], layout: 'entities' });
      write('modules/m.py', 'version = 2\n');
      expect(await importDirectory(store, dir, { layout: 'entities' })).toEqual({ imported: 3, skipped: [], layout: 'entities' });
      const listed = await store.list({ entityTypes: ['workflow', 'module', 'text'] });
      expect(listed.map((summary) => [summary.entityType, summary.organizationId ?? '', summary.path])).toEqual([
        ['workflow', 'org-1', 'a.py'],
        ['module', '', 'm.py'],
        ['text', '', 'README.md'],
      ]);
      expect((await store.get({ entityType: 'module', path: 'm.py' }))?.content).toBe('version = 2\n');

      // A NUL byte past the 8 KiB the importer sniffs for binary files.
      write('text/late-nul.txt', `${'a'.repeat(9000)}\0`);
      write('modules/m.py', 'version = 3\n');
      await expect(importDirectory(store, dir, { layout: 'entities' })).rejects.toThrow('late-nul.txt: the content contains a NUL character (U+0000)');
      expect((await store.get({ entityType: 'module', path: 'm.py' }))?.content).toBe('version = 2\n');
      expect(await store.get({ entityType: 'text', path: 'late-nul.txt' })).toBeUndefined();
    } finally {
      await store.close();
      await dropTestDatabase(database);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('search workers on Postgres', () => {
  it('connect when the tools are registered, before the first search (whose deadline would otherwise pay for it)', async () => {
    const harness = await startHarness('postgres');
    try {
      const url = (harness.store.descriptor as { url: string }).url;
      const database = new URL(url).pathname.slice(1);
      const connections = async () =>
        Number((await query<{ count: string }>(url, "SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'mcp-result-kit'", [database]))[0].count);
      // The store's own connection, plus one per worker (at least two workers).
      for (let waited = 0; (await connections()) < 3 && waited < 20_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await connections()).toBeGreaterThanOrEqual(3);
    } finally {
      await harness.close();
    }
  });
});

describe('the translated regex gets a time budget in the database', () => {
  it('past the budget the rows go to the worker without the regex narrowing them; within it only matching rows do', async () => {
    const database = await createTestDatabase();
    const writer = await PostgresStore.open(database.url);
    try {
      // 8 MB that holds every literal of the pattern and no trigram that narrows it, so only
      // running the regex over all of it can rule it out (80-120 ms for Postgres here).
      await writer.put({ entityType: 'text', path: 'big.txt' }, `${'x0'.repeat(400_000)}\n`.repeat(10));
      await writer.put({ entityType: 'text', path: 'small.txt' }, 'a x0-0xy b\n');
      const handedOver = async (regexBudgetMs: number) => {
        const reader = new PostgresStore(database.url, { readonly: true, regexBudgetMs });
        try {
          const paths: string[] = [];
          for await (const file of reader.iterate({ entityTypes: ['text'], searchPattern: { source: 'x0.0x[^0]', caseInsensitive: false } })) paths.push(file.path);
          return paths;
        } finally {
          await reader.close();
        }
      };
      expect(await handedOver(60_000)).toEqual(['small.txt']);
      expect(await handedOver(1)).toEqual(['big.txt', 'small.txt']);
    } finally {
      await writer.close();
      await dropTestDatabase(database);
    }
  });
});

describe('describePostgresUrl', () => {
  it.each([
    ['postgresql://editor:s3cret@db:5432/content', 'postgresql://editor:***@db:5432/content'],
    ['postgres://db/content?user=editor&password=s3cret&sslmode=require', 'postgres://db/content?user=editor&password=***&sslmode=require'],
    ['postgresql://editor@db/content', 'postgresql://editor@db/content'],
  ])('%s -> %s', (url, shown) => {
    expect(describePostgresUrl(url)).toBe(shown);
  });
});

describe('PostgresStore connection errors', () => {
  it('names the server (without the password) when it cannot connect', async () => {
    const error = await PostgresStore.open('postgresql://editor:s3cret-pass@127.0.0.1:1/content').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentStoreError);
    expect((error as Error).message).toMatch(/^cannot connect to postgresql:\/\/editor:\*\*\*@127\.0\.0\.1:1\/content: /);
    expect((error as Error).message).not.toContain('s3cret-pass');
  });
});

describe('search on Postgres is narrowed in the database', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness('postgres');
    const files = Array.from({ length: 300 }, (_, index) => ({
      key: { entityType: 'module' as const, path: `pkg/m${String(index).padStart(3, '0')}.py` },
      content: `import os\n\ndef handler_${index}(event):\n    return event\n`,
    }));
    files[17].content += 'needle_42()\n';
    files[230].content += 'qx7 = NEEDLE_9()\n';
    // Outside the Basic Multilingual Plane, '..' is one character in Postgres and two in JavaScript.
    files[250].content += 'a😀b\n';
    await seed(harness.store, files);
  });
  afterAll(async () => {
    await harness.close();
  });

  // files_scanned counts the rows the database handed to the search workers.
  it.each([
    ['literal (LIKE)', { pattern: 'needle_42' }, ['pkg/m017.py'], 1],
    ['regex with a literal run (LIKE and ~)', { pattern: 'needle_\\d+\\(\\)' }, ['pkg/m017.py'], 1],
    ['case-insensitive (ILIKE and ~ with (?i))', { pattern: 'needle_\\d+', case_insensitive: true }, ['pkg/m017.py', 'pkg/m230.py'], 2],
    // No run of three characters for LIKE: ~ alone narrows, and the one row with an astral
    // character is always handed over (see the next test).
    ['regex without a literal run (~ only)', { pattern: '[xq]{2}\\d' }, ['pkg/m230.py'], 2],
  ])('%s: only candidate rows leave the database', async (_, args, paths, scanned) => {
    const result = await harness.call('search_content', { ...args, entity_type: 'module' });
    const data = dataOf(result);
    expect((data.matches as Array<{ path: string }>).map((match) => match.path)).toEqual(paths);
    expect(data.files_scanned).toBe(scanned);
  });

  it('keeps matches the translated regex cannot see (astral characters): those rows go to the worker', async () => {
    const result = await harness.call('search_content', { pattern: 'a..b', entity_type: 'module' });
    expect((dataOf(result).matches as Array<{ path: string; match: string }>).map((match) => [match.path, match.match])).toEqual([['pkg/m250.py', 'a😀b']]);
  });

  it('falls back to the worker when Postgres refuses the translated regex as too complex', async () => {
    // Postgres: "invalid regular expression: regular expression is too complex".
    const result = await harness.call('search_content', { pattern: '(?:a{255}){255}|needle_42', entity_type: 'module' });
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect((dataOf(result).matches as Array<{ path: string }>).map((match) => match.path)).toEqual(['pkg/m017.py']);
  });

  it('a literal search can be answered by the trigram index', async () => {
    const url = (harness.store.descriptor as { url: string }).url;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('ANALYZE mcp_content.workspace_files');
      // Proves the index fits the query's shape; whether the planner prefers it depends on size.
      await client.query('SET enable_seqscan = off');
      const plan = await client.query<{ 'QUERY PLAN': string }>("EXPLAIN SELECT id FROM mcp_content.workspace_files WHERE content LIKE '%needle_42%'");
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('Bitmap Index Scan on workspace_files_content_trgm');
    } finally {
      await client.end();
    }
  });
});

describe('regex translation for Postgres never loses a match', () => {
  const TEXTS = [
    'export function handle(request) {',
    'export   async function x() {}\r',
    'const foo = bar; // foo',
    'FOOBAR baz',
    'tab\tseparated\u00a0value',
    'line one\nline two ends here',
    'café au lait',
    'CAFÉ',
    'ǅ mixed',
    'x'.repeat(300),
    'a\u2028start of a JavaScript line',
    'price: 42.50 EUR',
    '[brackets] and {braces} and (parens)',
    'back\\slash and $dollar ^caret',
    'user.name+tag@example.com',
    '',
  ];
  const PATTERNS: Array<[string, boolean]> = [
    ['^export\\s+(async\\s+)?function', false],
    ['\\bfoo\\b', false],
    ['foo$', false],
    ['^line two', false],
    ['^start', false],
    ['caf[ée]', false],
    ['CAF', true],
    ['café', false],
    ['[^a-z ]+', true],
    ['x{300}', false],
    ['x{256,400}', false],
    ['\\d+\\.\\d{2}\\s+[A-Z]{3}', false],
    ['\\[\\w+\\]', false],
    ['\\{braces\\}', false],
    ['\\\\slash', false],
    ['\\$dollar \\^caret', false],
    ['[\\w.+-]+@[\\w-]+\\.com', false],
    ['\\t\\w+\\s', false],
    ['(?<=tab)\\tsep', false],
    ['foo(?!d)', false],
    ['(?:ab|cd|foo)+', false],
    ['.*', false],
    ['\\x41\\x2e?', true],
    ['value$', false],
  ];

  let database: TestDatabase;
  let client: pg.Client;
  beforeAll(async () => {
    database = await createTestDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await dropTestDatabase(database);
  });

  function jsMatches(pattern: string, caseInsensitive: boolean, text: string): boolean {
    const regex = new RegExp(pattern, caseInsensitive ? 'mi' : 'm');
    return text.split('\n').some((line) => regex.test(line.endsWith('\r') ? line.slice(0, -1) : line));
  }

  it.each(PATTERNS)('%s (case-insensitive: %s)', async (pattern, caseInsensitive) => {
    const translated = toPostgresRegex(pattern, caseInsensitive);
    expect(translated, 'every pattern in this list has a translation').toBeDefined();
    const { rows } = await client.query<{ text: string; matches: boolean }>('SELECT text, text ~ $2 AS matches FROM unnest($1::text[]) AS text', [TEXTS, translated]);
    const lost = rows.filter((row) => jsMatches(pattern, caseInsensitive, row.text) && !row.matches).map((row) => row.text);
    expect(lost).toEqual([]);
  });

  it('narrows: most patterns exclude most texts', async () => {
    let excluded = 0;
    for (const [pattern, caseInsensitive] of PATTERNS) {
      const { rows } = await client.query<{ matches: boolean }>('SELECT text ~ $2 AS matches FROM unnest($1::text[]) AS text', [TEXTS, toPostgresRegex(pattern, caseInsensitive)]);
      excluded += rows.filter((row) => !row.matches).length;
    }
    expect(excluded).toBeGreaterThan((PATTERNS.length * TEXTS.length) / 2);
  });

  it.each([
    ['back-reference', '(a)\\1', false],
    ['named back-reference', '(?<n>a)\\k<n>', false],
    ['non-ASCII case-insensitively', 'é', true],
    ['a surrogate pair', '😀', false],
    ['an empty class', '[]a', false],
    ['a negated class escape inside a class', '[\\W]', false],
    ['control escape', '\\cJ', false],
    ['nothing to narrow', '^$', false],
  ])('gives up on %s', (_, pattern, caseInsensitive) => {
    expect(toPostgresRegex(pattern as string, caseInsensitive as boolean)).toBeUndefined();
  });
});
