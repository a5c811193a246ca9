// Code-editor bench: search speed against ripgrep, patch latency over stdio, the bytes a
// precise edit moves compared with a whole-file round trip, and patch_content against the
// official filesystem server's edit_file (patch-vs-filesystem.mjs). Needs `npm run build` first.
//
//   node bench/code-editor/run.mjs [--mb 100] [--runs 11] [--pairs 21] [--only search,sqlite,stdio,patch-vs-fs,cold-start]
//
// Generated data lives in bench/.tmp/code-editor/ (gitignored) and is reused between runs.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clearInterval, setInterval } from 'node:timers';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const here = path.dirname(fileURLToPath(import.meta.url));
// The built @mcp-result-kit/code-editor package: its library entry and its bin.
const distEntry = path.join(here, '..', '..', 'packages', 'code-editor', 'dist', 'src', 'index.js');
const bin = path.join(here, '..', '..', 'packages', 'code-editor', 'dist', 'bin', 'mcp-code-editor.js');
if (!fs.existsSync(distEntry) || !fs.existsSync(bin)) {
  console.error('bench/code-editor: packages/code-editor/dist/ is missing; run `npm run build` first');
  process.exit(1);
}
const { FsStore, SqliteStore, importDirectory, registerCodeEditorTools } = await import(distEntry);

const { values: cli } = parseArgs({
  options: {
    mb: { type: 'string', default: '100' },
    runs: { type: 'string', default: '11' },
    pairs: { type: 'string', default: '21' },
    only: { type: 'string', default: 'search,sqlite,stdio,patch-vs-fs,cold-start' },
  },
});
const SECTIONS = new Set(cli.only.split(','));
const TARGET_BYTES = Number(cli.mb) * 1024 * 1024;
const RUNS = Number(cli.runs);
const work = path.join(here, '..', '.tmp', 'code-editor');
const corpus = path.join(work, 'corpus');
fs.mkdirSync(work, { recursive: true });

// ---------------------------------------------------------------- deterministic data

/** Park-Miller LCG: the same corpus on every machine and every run. */
function random(seed) {
  let state = seed;
  return () => (state = (state * 48271) % 2147483647) / 2147483647;
}

const WORDS = ['const', 'let', 'function', 'return', 'await', 'async', 'import', 'export', 'value', 'result', 'client',
  'handler', 'request', 'response', 'config', 'item', 'index', 'data', 'user', 'error', 'options', 'payload'];

function sourceLine(next, index) {
  const words = [];
  const count = 3 + Math.floor(next() * 8);
  for (let word = 0; word < count; word++) words.push(WORDS[Math.floor(next() * WORDS.length)] + (word % 3 === 0 ? Math.floor(next() * 100) : ''));
  return `${'  '.repeat(Math.floor(next() * 4))}${words.join(' ')}; // ${index}`;
}

/** ~TARGET_BYTES of .ts files in the FsStore layout; one needle per 37 files. */
function generateCorpus() {
  const marker = path.join(corpus, '.generated.json');
  const wanted = { version: 2, targetBytes: TARGET_BYTES };
  if (fs.existsSync(marker) && JSON.stringify(JSON.parse(fs.readFileSync(marker, 'utf8'))) === JSON.stringify(wanted)) return;
  fs.rmSync(corpus, { recursive: true, force: true });
  const next = random(20240601);
  let total = 0;
  let file = 0;
  const folders = ['modules', 'text', 'workflows'];
  while (total < TARGET_BYTES) {
    const folder = path.join(corpus, folders[file % 3], `pkg${file % 40}`);
    fs.mkdirSync(folder, { recursive: true });
    const lineCount = 800 + Math.floor(next() * 800);
    const lines = [];
    if (file % 3 === 2) lines.push('@workflow');
    for (let line = 0; line < lineCount; line++) lines.push(sourceLine(next, line));
    if (file % 37 === 0) lines[Math.floor(next() * lines.length)] = `function needleFunction_${file}() { return ${file}; }`;
    const text = `${lines.join('\n')}\n`;
    fs.writeFileSync(path.join(folder, `file${file}.ts`), text);
    total += text.length;
    file++;
  }
  fs.writeFileSync(marker, JSON.stringify(wanted));
}

// ---------------------------------------------------------------- helpers

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const ms = (value) => `${value.toFixed(1)} ms`;
const kb = (bytes) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`);

function table(headers, rows) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) => `| ${cells.map((cell, column) => String(cell).padEnd(widths[column])).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log('');
}

async function inMemoryClient(store, options = {}) {
  const server = new McpServer({ name: 'bench', version: '1.0.0' });
  const tools = registerCodeEditorTools(server, { store, log: () => undefined, ...options });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  await client.listTools();
  return { client, close: async () => { await client.close(); await tools.close(); } };
}

function hasRipgrep() {
  return spawnSync('rg', ['--version'], { encoding: 'utf8' }).status === 0;
}

/** Wall time of one rg run and its number of matching lines (rg exits 1 when nothing matches). */
function timeRipgrep(args) {
  const started = performance.now();
  let output = '';
  try {
    output = execFileSync('rg', ['-n', '--no-ignore', '--hidden', ...args, corpus], { encoding: 'utf8', maxBuffer: 1 << 28 });
  } catch (error) {
    if (error.status !== 1) throw error;
  }
  return { time: performance.now() - started, matches: output === '' ? 0 : output.trimEnd().split('\n').length };
}

// ---------------------------------------------------------------- 1. search vs rg

async function benchSearch() {
  const started = performance.now();
  generateCorpus();
  const files = fs.readdirSync(corpus, { recursive: true }).filter((name) => name.endsWith('.ts'));
  const bytes = files.reduce((sum, name) => sum + fs.statSync(path.join(corpus, name)).size, 0);
  console.log(`corpus: ${files.length} files, ${kb(bytes)} in ${path.relative(process.cwd(), corpus)} (ready in ${ms(performance.now() - started)})\n`);

  const patterns = [
    { label: 'literal', args: { pattern: 'needleFunction_' }, rg: ['needleFunction_'] },
    { label: 'regex', args: { pattern: 'needle\\w+_\\d+\\(\\)' }, rg: ['needle\\w+_\\d+\\(\\)'] },
    { label: 'case-insensitive', args: { pattern: 'NEEDLEFUNCTION_', case_insensitive: true }, rg: ['-i', 'NEEDLEFUNCTION_'] },
    // Stress case, not part of the goal: letters only and case-insensitive, so the anchor is a
    // letter in both cases ('f'/'F'), frequent in this corpus, and no file can be skipped.
    { label: 'stress: case-insensitive, letters only', args: { pattern: 'NEEDLEFUNCTION', case_insensitive: true }, rg: ['-i', 'NEEDLEFUNCTION'], stress: true },
  ];
  const rg = hasRipgrep();
  if (!rg) console.log('rg (ripgrep) not found: skipping the comparison (Debian: apt-get install ripgrep)\n');

  const store = new FsStore(corpus, { layout: 'entities' });
  const { client, close } = await inMemoryClient(store);
  const rows = [];
  const ratios = [];
  try {
    for (const { label, args, rg: rgArgs, stress } of patterns) {
      const call = () => client.callTool({ name: 'search_content', arguments: { ...args, context_lines: 0, max_results: 500 } });
      for (let warm = 0; warm < 2; warm++) {
        await call();
        if (rg) timeRipgrep(rgArgs);
      }
      // Interleaved, so a change in machine load hits both sides alike.
      const ours = [];
      const theirs = [];
      let found = 0;
      let rgFound = 0;
      for (let run = 0; run < RUNS; run++) {
        const t = performance.now();
        const result = await call();
        ours.push(performance.now() - t);
        if (result.isError) throw new Error(`search_content failed: ${result.content[0].text}`);
        found = result.structuredContent.total_matches;
        if (rg) {
          const { time, matches } = timeRipgrep(rgArgs);
          theirs.push(time);
          rgFound = matches;
        }
      }
      const row = [label, found, ms(median(ours))];
      if (rg) {
        if (rgFound !== found) throw new Error(`${label}: search_content found ${found} lines, rg ${rgFound}`);
        const ratio = median(ours) / median(theirs);
        if (!stress) ratios.push(ratio);
        row.push(ms(median(theirs)), `${ratio.toFixed(2)}x`);
      } else {
        row.push('-', '-');
      }
      rows.push(row);
    }
  } finally {
    await close();
  }
  console.log(`search_content (FsStore, in-process MCP client, median of ${RUNS}) vs rg -n (process spawn included):\n`);
  table(['pattern', 'matches', 'search_content', 'rg', 'ratio'], rows);
  if (ratios.length > 0) {
    const worst = Math.max(...ratios);
    console.log(`goal search <= 2x rg (literal, regex, case-insensitive): worst ratio ${worst.toFixed(2)}x -> ${worst <= 2 ? 'met' : 'NOT met'}\n`);
  }
}

// ---------------------------------------------------------------- 2. SQLite search memory

async function benchSqliteSearch() {
  generateCorpus();
  const database = path.join(work, 'search.db');
  const marker = `${database}.imported`;
  if (!fs.existsSync(marker) || fs.readFileSync(marker, 'utf8') !== String(TARGET_BYTES)) {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true });
    const store = new SqliteStore(database);
    const t = performance.now();
    const report = await importDirectory(store, corpus);
    store.close();
    fs.writeFileSync(marker, String(TARGET_BYTES));
    console.log(`imported ${report.imported} files into ${path.relative(process.cwd(), database)} in ${ms(performance.now() - t)}`);
  }
  const store = new SqliteStore(database);
  const { client, close } = await inMemoryClient(store);
  try {
    const search = () => client.callTool({ name: 'search_content', arguments: { pattern: 'needle\\w+_\\d+\\(\\)', context_lines: 0, max_results: 500 } });
    await search();
    globalThis.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const times = [];
    let found = 0;
    for (let run = 0; run < RUNS; run++) {
      const t = performance.now();
      const result = await search();
      times.push(performance.now() - t);
      found = result.structuredContent.total_matches;
    }
    clearInterval(sampler);
    const size = fs.statSync(database).size;
    console.log(`search_content on SqliteStore (${kb(size)} database, rows streamed with .iterate()):\n`);
    table(['pattern', 'matches', 'median', 'peak RSS growth during searches'], [['regex', found, ms(median(times)), kb(peak - baseline)]]);
  } finally {
    await close();
    store.close();
  }
}

// ---------------------------------------------------------------- 3 + 4. stdio: patch latency, bytes moved

/** ~4 MB of one-line functions; `line(index)` is the text of function `index`. */
const BIG_FILES = [
  {
    label: 'Python module (no parser: decorator rule only)',
    scope: { entity_type: 'module', path: 'lib/handlers.py' },
    line: (index, body) => `def handler${index}(request, value): return ${body ?? `value * ${index % 97}`}`,
  },
  {
    label: 'TypeScript app file (syntax-checked: the edited statements re-parsed)',
    scope: { entity_type: 'app_file', app_id: 'bench-app', path: 'src/handlers.ts' },
    line: (index, body) => `export function handler${index}(request: Request, value: number): number { return ${body ?? `value * ${index % 97}`}; }`,
  },
];

function bigFile(line) {
  const lines = [];
  let size = 0;
  for (let index = 0; size < 4 * 1024 * 1024; index++) {
    lines.push(line(index));
    size += lines[index].length + 1;
  }
  return `${lines.join('\n')}\n`;
}

/** Counts every JSON-RPC byte written to and read from the server's stdio. */
function countingTransport(transport) {
  const counter = { sent: 0, received: 0 };
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    counter.sent += Buffer.byteLength(`${JSON.stringify(message)}\n`);
    return send(message, options);
  };
  return {
    counter,
    /** Call after connect(): the Client installs onmessage there. */
    tapIncoming() {
      const receive = transport.onmessage;
      transport.onmessage = (message, extra) => {
        counter.received += Buffer.byteLength(`${JSON.stringify(message)}\n`);
        receive?.(message, extra);
      };
    },
  };
}

async function benchStdio() {
  const database = path.join(work, 'patch.db');
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${database}${suffix}`, { force: true });
  const transport = new StdioClientTransport({ command: process.execPath, args: [bin, '--db', database], stderr: 'ignore' });
  const counting = countingTransport(transport);
  const client = new Client({ name: 'bench-stdio', version: '1.0.0' });
  await client.connect(transport);
  counting.tapIncoming();
  await client.listTools();
  const call = async (name, args) => {
    const result = await client.callTool({ name, arguments: args });
    if (result.isError) throw new Error(`${name} failed: ${result.content[0].text}`);
    return result.structuredContent;
  };
  try {
    const latencyRows = [];
    for (const { label, scope, line } of BIG_FILES) {
      const content = bigFile(line);
      let t = performance.now();
      let { sha256 } = await call('replace_content', { ...scope, content });
      const uploadTime = performance.now() - t;
      // 30 sequential edits in different functions, each chained on the previous sha256.
      const latencies = [];
      for (let edit = 0; edit < 30; edit++) {
        const index = 1000 + edit * 997;
        t = performance.now();
        ({ sha256 } = await call('patch_content', {
          ...scope,
          old_string: line(index),
          new_string: line(index, `value + ${edit}`),
          expected_sha256: sha256,
        }));
        latencies.push(performance.now() - t);
      }
      latencyRows.push([label, kb(Buffer.byteLength(content)), ms(uploadTime), ms(median(latencies)), ms(percentile(latencies, 0.95))]);
    }
    console.log('patch_content over stdio (mcp-code-editor, SQLite store), 30 sequential edits per file:\n');
    table(['file', 'size', 'upload (replace_content)', 'patch median', 'patch p95'], latencyRows);

    const { scope } = BIG_FILES[1];
    // Bytes moved for one edit, precise vs whole file.
    const target = 20000;
    let before = { ...counting.counter };
    const found = await call('search_content', { ...scope, pattern: `function handler${target}\\(`, context_lines: 2 });
    const line = found.matches[0].line_number;
    const read = await call('read_content_lines', { ...scope, start_line: line - 5, end_line: line + 5 });
    const oldLine = read.content.split('\n')[5];
    await call('patch_content', { ...scope, old_string: oldLine, new_string: oldLine.replace('return value', 'return -value'), expected_sha256: read.sha256 });
    const precise = counting.counter.sent + counting.counter.received - before.sent - before.received;

    before = { ...counting.counter };
    const pages = [];
    let offset = 1;
    let pageCount = 0;
    let pageSha;
    while (offset !== undefined) {
      const page = await call('get_content', { ...scope, offset });
      pages.push(page.content);
      pageSha = page.sha256;
      offset = page.next_offset;
      pageCount++;
    }
    const whole = `${pages.join('\n')}\n`;
    const edited = whole.replace(`function handler${target + 1}(request: Request, value: number): number { return value`, `function handler${target + 1}(request: Request, value: number): number { return -value`);
    await call('replace_content', { ...scope, content: edited, expected_sha256: pageSha });
    const roundTrip = counting.counter.sent + counting.counter.received - before.sent - before.received;
    const floor = 2 * Buffer.byteLength(whole);
    console.log('bytes moved over stdio (JSON-RPC, both directions) for one edit of that file:\n');
    table(
      ['flow', 'calls', 'bytes'],
      [
        ['search_content -> read_content_lines -> patch_content', 3, kb(precise)],
        [`get_content (${pageCount} pages) -> replace_content`, pageCount + 1, kb(roundTrip)],
        ['theoretical floor of any get -> replace (file down + up, no overhead)', '-', kb(floor)],
      ],
    );
    const saving = 1 - precise / roundTrip;
    const savingFloor = 1 - precise / floor;
    console.log(`precise edit moves ${(saving * 100).toFixed(2)}% fewer bytes than get -> replace (${(savingFloor * 100).toFixed(2)}% fewer than the floor); goal >= 97% -> ${savingFloor >= 0.97 ? 'met' : 'NOT met'}\n`);
  } finally {
    await client.close();
  }
}

if (SECTIONS.has('search')) await benchSearch();
if (SECTIONS.has('sqlite')) await benchSqliteSearch();
if (SECTIONS.has('stdio')) await benchStdio();
if (SECTIONS.has('patch-vs-fs')) {
  const { benchPatchVsFilesystem } = await import('./patch-vs-filesystem.mjs');
  await benchPatchVsFilesystem({ pairs: Number(cli.pairs) });
}
if (SECTIONS.has('cold-start')) {
  const { benchColdStart } = await import('./cold-start.mjs');
  await benchColdStart({ runs: RUNS });
}
