// Store bench: the same 10,000 files in SQLite, Postgres and the folder store, each served by the
// code-editor tools through an in-process MCP client: list, literal search, regex search (with
// and without a literal run), get and patch. Medians, runs interleaved, ratios against SQLite.
// Needs `npm run build` first, and PostgreSQL's server programs (a throwaway server is started in
// a temp folder and stopped afterwards; without them the bench says so and stops). Data in
// bench/.tmp/stores/.
//
//   node bench/stores/run.mjs [--files 10000] [--runs 11]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import pg from 'pg';
import { findPostgresBin, startLocalPostgres, stopLocalPostgres, urlFor } from '../../test/support/local-postgres.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const distEntry = path.join(here, '..', '..', 'packages', 'code-editor', 'dist', 'src', 'index.js');
if (!fs.existsSync(distEntry)) {
  console.error('bench/stores: packages/code-editor/dist/ is missing; run `npm run build` first');
  process.exit(1);
}
const { FsStore, PostgresStore, SqliteStore, importDirectory, registerCodeEditorTools } = await import(distEntry);

const { values: cli } = parseArgs({ options: { files: { type: 'string', default: '10000' }, runs: { type: 'string', default: '11' } } });
const FILES = Number(cli.files);
const RUNS = Number(cli.runs);
const PATCH_TARGETS = 20;
const work = path.join(here, '..', '.tmp', 'stores');
const corpus = path.join(work, 'corpus');

try {
  findPostgresBin();
} catch (error) {
  console.log(`bench/stores: ${error.message}; skipped`);
  process.exit(0);
}

// ---------------------------------------------------------------- deterministic data

/** Park-Miller LCG: the same files on every machine and every run. */
function random(seed) {
  let state = seed;
  return () => (state = (state * 48271) % 2147483647) / 2147483647;
}

const WORDS = ['def', 'return', 'await', 'async', 'import', 'value', 'result', 'client', 'handler', 'request', 'response',
  'config', 'item', 'index', 'data', 'user', 'error', 'options', 'payload', 'self', 'None', 'True', 'for', 'in', 'if'];

/**
 * FILES files in the folder layout: 40% workflows (half of them in ten organisations), 50%
 * modules, 10% text; 2-6 KB of Python-like lines each. Needles: a literal in 3 files, a regex
 * with a literal run in 12, a regex without one in 8; PATCH_TARGETS modules carry a revision line.
 */
function generateCorpus() {
  const marker = path.join(work, 'corpus.json');
  const wanted = { version: 1, files: FILES };
  if (fs.existsSync(marker) && JSON.stringify(JSON.parse(fs.readFileSync(marker, 'utf8'))) === JSON.stringify(wanted)) return;
  fs.rmSync(corpus, { recursive: true, force: true });
  const next = random(424242);
  for (let file = 0; file < FILES; file++) {
    const kind = file % 10 < 4 ? 'workflow' : file % 10 < 9 ? 'module' : 'text';
    const folder =
      kind === 'workflow'
        ? path.join(corpus, 'workflows', ...(file % 2 === 0 ? [`@org-${file % 20 / 2}`] : []), `area${file % 50}`)
        : path.join(corpus, kind === 'module' ? 'modules' : 'text', `pkg${file % 50}`);
    fs.mkdirSync(folder, { recursive: true });
    const lines = kind === 'workflow' ? ['@workflow', `def flow_${file}(event):`] : [`def helper_${file}(value):`];
    const lineCount = 40 + Math.floor(next() * 80);
    for (let line = 0; line < lineCount; line++) {
      const words = [];
      const count = 3 + Math.floor(next() * 7);
      for (let word = 0; word < count; word++) words.push(WORDS[Math.floor(next() * WORDS.length)] + (word % 3 === 0 ? Math.floor(next() * 100) : ''));
      lines.push(`${'    '.repeat(1 + Math.floor(next() * 3))}${words.join(' ')}`);
    }
    const at = () => 2 + Math.floor(next() * (lines.length - 2));
    if (file % 3331 === 7) lines[at()] = '    needle_literal_7 = lookup(value)';
    if (file % 833 === 11) lines[at()] = `    rare_${1000 + file}_${['alpha', 'beta', 'gamma'][file % 3]}(value)`;
    if (file % 1249 === 5) lines[at()] = `    key = "qzq${10 + (file % 90)}"`;
    if (kind === 'module' && file % 10 === 5 && file / 10 < PATCH_TARGETS) lines.push('# revision 0');
    fs.writeFileSync(path.join(folder, `f${file}.${kind === 'text' ? 'md' : 'py'}`), `${lines.join('\n')}\n`);
  }
  fs.writeFileSync(marker, JSON.stringify(wanted));
}

// ---------------------------------------------------------------- helpers

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => (value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`);
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function table(headers, rows) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) => `| ${cells.map((cell, column) => String(cell).padEnd(widths[column])).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log('');
}

async function inMemoryClient(store) {
  const server = new McpServer({ name: 'bench', version: '1.0.0' });
  const tools = registerCodeEditorTools(server, { store, log: () => undefined });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  await client.listTools();
  return {
    call: async (name, args) => {
      const result = await client.callTool({ name, arguments: args });
      if (result.isError) throw new Error(`${name} failed: ${result.content[0]?.text}`);
      return result.structuredContent;
    },
    close: async () => {
      await client.close();
      await tools.close();
    },
  };
}

async function timed(work) {
  const started = performance.now();
  const value = await work();
  return { time: performance.now() - started, value };
}

// ---------------------------------------------------------------- run

fs.mkdirSync(work, { recursive: true });
let started = performance.now();
generateCorpus();
console.log(`corpus: ${FILES} files in ${path.relative(process.cwd(), corpus)} (ready in ${ms(performance.now() - started)})`);

// In the system temp folder: as root the server runs as the postgres user, who must reach it.
const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrk-bench-pg-'));
const stores = [];
try {
  const server = await startLocalPostgres(pgDir, { durable: true });
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');

  const sqliteFile = path.join(work, 'bench.db');
  fs.rmSync(sqliteFile, { force: true });
  fs.rmSync(`${sqliteFile}-wal`, { force: true });
  fs.rmSync(`${sqliteFile}-shm`, { force: true });
  const folder = path.join(work, 'folder');
  fs.rmSync(folder, { recursive: true, force: true });
  fs.cpSync(corpus, folder, { recursive: true });

  const sqlite = new SqliteStore(sqliteFile);
  started = performance.now();
  await importDirectory(sqlite, corpus);
  const sqliteImport = performance.now() - started;
  const postgres = await PostgresStore.open(urlFor(server, 'bench'));
  started = performance.now();
  await importDirectory(postgres, corpus);
  const postgresImport = performance.now() - started;
  const analyze = new pg.Client({ connectionString: urlFor(server, 'bench') });
  await analyze.connect();
  await analyze.query('VACUUM ANALYZE');
  const { rows: sizeRows } = await analyze.query("SELECT pg_database_size('bench') AS bytes");
  await analyze.end();
  await admin.end();
  console.log(`import: SQLite ${ms(sqliteImport)} (${mb(fs.statSync(sqliteFile).size)}), Postgres ${ms(postgresImport)} (database ${mb(Number(sizeRows[0].bytes))}, trigram indexes included)`);
  console.log(`Postgres ${server.bin} on 127.0.0.1 (fsync on, synchronous_commit off, as SQLite's WAL + synchronous=NORMAL); ${RUNS} runs, medians\n`);

  for (const [label, store] of [['SQLite', sqlite], ['Postgres', postgres], ['folder', new FsStore(folder)]]) {
    stores.push({ label, store, client: await inMemoryClient(store), times: new Map(), scanned: new Map(), matches: new Map() });
  }

  const operations = [
    { label: 'list_content (all 10,000)', call: (client) => client.call('list_content', {}), count: (data) => data.files.length },
    { label: 'search literal', call: (client) => client.call('search_content', { pattern: 'needle_literal_7', context_lines: 0 }) },
    { label: 'search regex with a literal run', call: (client) => client.call('search_content', { pattern: 'rare_\\d{4}_[a-z]+\\(', context_lines: 0 }) },
    { label: 'search regex, case-insensitive', call: (client) => client.call('search_content', { pattern: 'RARE_\\d{4}_GAMMA', case_insensitive: true, context_lines: 0 }) },
    { label: 'search regex without a literal run', call: (client) => client.call('search_content', { pattern: '[qz]{3}\\d{2}', context_lines: 0 }) },
    { label: 'get_content (4 KB)', call: (client, run) => client.call('get_content', { entity_type: 'module', path: `pkg${(run * 10 + 5) % 50}/f${run * 10 + 5}.py` }) },
    {
      label: 'patch_content (chained sha256)',
      call: async (client, run, state) => {
        const target = { entity_type: 'module', path: `pkg${(10 * (run % PATCH_TARGETS) + 5) % 50}/f${10 * (run % PATCH_TARGETS) + 5}.py` };
        const revision = state.revisions.get(target.path) ?? 0;
        const data = await client.call('patch_content', {
          ...target,
          old_string: `# revision ${revision}`,
          new_string: `# revision ${revision + 1}`,
          ...(state.shas.has(target.path) && { expected_sha256: state.shas.get(target.path) }),
        });
        state.revisions.set(target.path, revision + 1);
        state.shas.set(target.path, data.sha256);
        return data;
      },
    },
  ];

  for (const entry of stores) entry.state = { revisions: new Map(), shas: new Map() };
  // One warm-up round (worker start, caches, connections), then RUNS measured rounds; within a
  // round every store does the same operation before the next one starts.
  for (let run = -1; run < RUNS; run++) {
    for (const operation of operations) {
      for (const entry of run % 2 === 0 ? stores : [...stores].reverse()) {
        const { time, value } = await timed(() => operation.call(entry.client, run + 1, entry.state));
        if (run < 0) continue;
        entry.times.set(operation.label, [...(entry.times.get(operation.label) ?? []), time]);
        if (value.files_scanned !== undefined) entry.scanned.set(operation.label, value.files_scanned);
        entry.matches.set(operation.label, value.total_matches ?? value.files?.length ?? value.lines_changed ?? '');
      }
    }
  }

  const [baseline, ...others] = stores;
  const rows = operations.map((operation) => {
    const base = median(baseline.times.get(operation.label));
    const matches = stores.map((entry) => entry.matches.get(operation.label));
    if (new Set(matches.map(String)).size !== 1) throw new Error(`${operation.label}: the stores disagree (${matches.join(' / ')})`);
    return [
      operation.label,
      String(matches[0]),
      ms(base),
      ...others.flatMap((entry) => {
        const value = median(entry.times.get(operation.label));
        return [ms(value), `${(value / base).toFixed(2)}x`];
      }),
      String(stores[1].scanned.get(operation.label) ?? '-'),
    ];
  });
  table(
    ['operation', 'result', 'SQLite', 'Postgres', 'Postgres / SQLite', 'folder', 'folder / SQLite', 'rows Postgres hands to the workers'],
    rows,
  );
} finally {
  for (const entry of stores) {
    await entry.client.close();
    await entry.store.close();
  }
  stopLocalPostgres(pgDir);
  fs.rmSync(pgDir, { recursive: true, force: true });
}
