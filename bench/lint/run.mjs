// Lint benchmark: what the ESLint plugin adds to a typescript-eslint lint run, measured as CI runs
// it: one fresh `eslint` process per run.
//
//   npm run build && node bench/lint/run.mjs [--files 520] [--rounds 3] [--keep] [--json]
//
// Generates a deterministic tree of MCP handler files under bench/.tmp/lint/, then runs ESLint's own
// CLI (node_modules/eslint/bin/eslint.js) over it in a new process per run, alternating (a)
// @typescript-eslint/parser + a baseline of core rules and (b) the same plus the plugin's
// recommended rules, `--rounds` runs of each. Each run is timed from outside: wall time, and the
// child's CPU time (user + system, from GNU time), which other load on the machine skews far less.
// A fresh process pays what CI pays: loading the plugin, and the first rule building the project's
// analysis (one process linting several times, with a warm-up, hid that: it reported +1.4% where CI
// saw +27%). Each plugin rule's share comes from a separate fresh run with `stats: true`, so timing
// hooks do not inflate the measured runs. Goal: the plugin adds at most 10%.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const ROOT = join(here, '..', '..');
const TREE = join(here, '..', '.tmp', 'lint');
const ESLINT_BIN = join(ROOT, 'node_modules/eslint/bin/eslint.js');
const PLUGIN = join(ROOT, 'dist/rules/index.js');

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(args[index + 1]);
};
const FILE_COUNT = flag('files', 520);
const ROUNDS = flag('rounds', 3);
const KEEP = args.includes('--keep');
const JSON_OUTPUT = args.includes('--json');
const GOAL = 0.1;

// ---- deterministic generator -------------------------------------------------------------

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOUNS = ['volume', 'pod', 'user', 'invoice', 'ticket', 'branch', 'bucket', 'queue', 'job', 'metric', 'deploy', 'secret', 'table', 'index', 'node', 'alert'];
const VERBS = ['list', 'get', 'create', 'delete', 'update', 'scan', 'restart', 'describe', 'export', 'sync'];

function makeNames(random) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const used = new Set();
  return () => {
    for (;;) {
      const name = `${pick(VERBS)}_${pick(NOUNS)}`;
      if (!used.has(name)) {
        used.add(name);
        return name;
      }
    }
  };
}

const camel = (snake) => snake.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
const pascal = (snake) => camel(snake).replace(/^[a-z]/, (c) => c.toUpperCase());

const SDK_HEADER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { errorResult, jsonResult, successResult } from 'mcp-result-kit';
import type { Store } from '../lib/store.js';
`;

/** One tool body in one of several return styles, some correct and some not. */
function sdkBody(random, name) {
  const variant = Math.floor(random() * 8);
  const entity = name.split('_')[1];
  switch (variant) {
    case 0:
      return `    const rows = await store.list('${entity}', { limit: args.limit ?? 20 });
    if (rows.length === 0) return 'No ${entity}s found';
    return rows.map((row, i) => \`\${i + 1}. \${row.name} (\${row.id})\`).join('\\n');`;
    case 1:
      return `    try {
      const item = await store.get('${entity}', String(args.id));
      if (!item) return errorResult(\`${entity} \${args.id} not found\`);
      return jsonResult(item);
    } catch (error) {
      return errorResult(error as Error);
    }`;
    case 2:
      return `    const item = await store.get('${entity}', String(args.id));
    if (!item) return JSON.stringify({ error: 'not found', id: args.id });
    return JSON.stringify(item, null, 2);`;
    case 3:
      return `    try {
      await store.remove('${entity}', String(args.id));
      return successResult(\`Deleted ${entity} \${args.id}\`, { id: String(args.id), deleted: true });
    } catch (e) {
      return { content: [{ type: 'text', text: \`Failed to delete ${entity}: \${String(e)}\` }] };
    }`;
    case 4:
      return `    const stats = await store.stats('${entity}');
    return { total: stats.total, active: stats.active, ratio: stats.total ? stats.active / stats.total : 0 };`;
    case 5:
      return `    const rows = await store.list('${entity}', { limit: 5 });
    const summary = rows.length > 0 ? \`\${rows.length} ${entity}s\` : 'none';
    return { content: [{ type: 'text', text: summary }], structuredContent: { count: rows.length } };`;
    case 6:
      return `    const item = await store.get('${entity}', String(args.id));
    return item ? successResult(item.name, { id: item.id, name: item.name }) : errorResult('Unknown ${entity}');`;
    default:
      return `    let report = \`## ${pascal(name)}\\n\`;
    for (const row of await store.list('${entity}', {})) {
      report += \`- \${row.name}\\n\`;
    }
    return report.trim();`;
  }
}

function sdkFile(random, index) {
  const nextName = makeNames(random);
  const tools = 3 + Math.floor(random() * 4);
  const parts = [SDK_HEADER, `export function register${index}(server: McpServer, store: Store): void {`];
  for (let t = 0; t < tools; t++) {
    const name = nextName();
    const style = Math.floor(random() * 5);
    const body = sdkBody(random, name);
    if (style === 0) {
      parts.push(`  server.tool('${name}', async (args: Record<string, unknown> = {}) => {\n${body.replace(/^ {4}/gm, '    ')}\n  });`);
    } else if (style === 1) {
      parts.push(`  server.tool('${name}', 'Handle ${name.replace('_', ' ')}', { id: z.string().optional(), limit: z.number().optional() }, async (args) => {\n${body}\n  });`);
    } else if (style === 2) {
      parts.push(
        `  server.tool(\n    '${name}',\n    '${name.replace('_', ' ')}',\n    { id: z.string().optional(), limit: z.number().optional() },\n    { readOnlyHint: ${random() > 0.5} },\n    async (args) => {\n${body.replace(/^/gm, '  ')}\n    },\n  );`,
      );
    } else if (style === 3) {
      parts.push(
        `  server.registerTool(\n    '${name}',\n    { description: '${name}', inputSchema: { id: z.string().optional(), limit: z.number().optional() } },\n    async (args) => {\n${body.replace(/^/gm, '  ')}\n    },\n  );`,
      );
    } else {
      parts.push(
        `  server.registerTool(\n    '${name}',\n    { description: '${name}', inputSchema: { id: z.string().optional(), limit: z.number().optional() }, outputSchema: { id: z.string(), name: z.string() } },\n    async (args) => {\n${body.replace(/^/gm, '  ')}\n    },\n  );`,
      );
    }
  }
  parts.push('}', '');
  return parts.join('\n\n');
}

function lowLevelFile(random, index) {
  const nextName = makeNames(random);
  const tools = Array.from({ length: 4 + Math.floor(random() * 4) }, nextName);
  const useSwitch = random() > 0.4;
  const helpers = tools
    .map(
      (name) => `async function ${camel(name)}(store: Store, args: Record<string, unknown>) {
  const rows = await store.list('${name.split('_')[1]}', { limit: Number(args.limit ?? 10) });
  if (rows.length === 0) return 'Nothing to ${name.split('_')[0]}';
  return rows.map((row) => row.name).join(', ');
}`,
    )
    .join('\n\n');
  const dispatch = useSwitch
    ? `    switch (name) {
${tools.map((name) => `      case '${name}':\n        return await ${camel(name)}(store, args);`).join('\n')}
      default:
        return { content: [{ type: 'text', text: \`Unknown tool: \${name}\` }], isError: true };
    }`
    : `${tools.map((name, i) => `    ${i === 0 ? '' : 'else '}if (name === '${name}') return ${camel(name)}(store, args);`).join('\n')}
    return errorResult(\`Unknown tool: \${name}\`);`;
  return `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { errorResult } from 'mcp-result-kit';
import type { Store } from '../lib/store.js';

${helpers}

export function createServer${index}(store: Store): Server {
  const server = new Server({ name: 'low-level-${index}', version: '1.0.0' }, { capabilities: { tools: {} } });

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
${tools.map((name) => `      { name: '${name}', description: '${name}', inputSchema: { type: 'object', properties: { limit: { type: 'number' } } } },`).join('\n')}
    ],
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args = {} } = request.params;
${dispatch}
  });
  return server;
}
`;
}

function mapFile(random, index) {
  const nextName = makeNames(random);
  const tools = Array.from({ length: 3 + Math.floor(random() * 4) }, nextName);
  return `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { toCallToolResult } from 'mcp-result-kit';
import type { Store } from '../lib/store.js';

declare function withConnection<T>(fn: (store: Store) => Promise<T>): Promise<T>;

const handlers = {
${tools
  .map((name, i) =>
    i % 3 === 0
      ? `  ${name}: async (args: Record<string, unknown>) => withConnection(async (store) => {
    const rows = await store.list('${name.split('_')[1]}', { limit: Number(args.limit ?? 10) });
    return { count: rows.length, names: rows.map((row) => row.name) };
  }),`
      : i % 3 === 1
        ? `  async ${name}(args: Record<string, unknown>) {
    return \`${name}: \${JSON.stringify(args)}\`;
  },`
        : `  ${name}: async () => ({ content: [{ type: 'text' as const, text: '${name} done' }] }),`,
  )
  .join('\n')}
};

export function attach${index}(server: Server): void {
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name as keyof typeof handlers;
    if (!(name in handlers)) return toCallToolResult(new Error(\`Unknown tool \${String(name)}\`));
    return handlers[name](request.params.arguments ?? {});
  });
}
`;
}

function fastmcpFile(random, index) {
  const nextName = makeNames(random);
  const tools = Array.from({ length: 3 + Math.floor(random() * 3) }, nextName);
  return `import { FastMCP } from 'fastmcp';
import { z } from 'zod';
import type { Store } from '../lib/store.js';

export function fast${index}(store: Store): FastMCP {
  const mcp = new FastMCP({ name: 'fast-${index}', version: '1.0.0' });
${tools
  .map((name, i) =>
    i % 2 === 0
      ? `  mcp.addTool({
    name: '${name}',
    description: '${name}',
    parameters: z.object({ id: z.string() }),
    execute: async (args) => {
      const item = await store.get('${name.split('_')[1]}', args.id);
      if (!item) return \`Error: ${name.split('_')[1]} \${args.id} not found\`;
      return \`\${item.name} (\${item.id})\`;
    },
  });`
      : `  const ${camel(name)}Tool = {
    name: '${name}',
    parameters: z.object({}),
    async execute() {
      return JSON.stringify(await store.stats('${name.split('_')[1]}'), null, 2);
    },
  };
  mcp.addTool(${camel(name)}Tool);`,
  )
  .join('\n\n')}
  return mcp;
}
`;
}

function transportFile(random, index) {
  const nextName = makeNames(random);
  const tools = Array.from({ length: 3 + Math.floor(random() * 4) }, nextName);
  const functions = tools.map((name) => `export async function handle${pascal(name)}(store: Store, args: { id?: string }) {
  if (!args.id) return 'Invalid arguments: id is required';
  const item = await store.get('${name.split('_')[1]}', args.id);
  return item ? { id: item.id, name: item.name } : { error: 'not found' };
}`);
  const definitions = `export const definitions${index} = [
${tools
  .slice(0, 2)
  .map((name) => `  { name: '${name}_def', inputSchema: { type: 'object' }, handler: async (args: { id?: string }) => \`${name}: \${args.id ?? 'all'}\` },`)
  .join('\n')}
];

export class ${pascal(tools[0])}Tool${index} {
  name = '${tools[0]}_class';
  async execute(args: { id?: string }) {
    return args.id ? \`Found \${args.id}\` : { content: [{ type: 'text', text: 'Nothing' }] };
  }
}`;
  return `import type { Store } from '../lib/store.js';

${functions.join('\n\n')}

${definitions}
`;
}

function libraryFile(random, index) {
  // Ordinary code with no handlers: the plugin must stay cheap on it.
  const count = 6 + Math.floor(random() * 6);
  const fns = Array.from({ length: count }, (_, i) => {
    const kind = Math.floor(random() * 3);
    if (kind === 0) return `export function format${i}(values: number[]): string {\n  return values.map((v) => v.toFixed(2)).join(', ');\n}`;
    if (kind === 1) {
      return `export async function load${i}(url: string): Promise<Record<string, unknown>> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(\`HTTP \${res.status}\`);
  return (await res.json()) as Record<string, unknown>;
}`;
    }
    return `export class Cache${i}<T> {
  private readonly entries = new Map<string, { value: T; at: number }>();
  get(key: string, maxAge = 60_000): T | undefined {
    const entry = this.entries.get(key);
    return entry && Date.now() - entry.at < maxAge ? entry.value : undefined;
  }
  set(key: string, value: T): void {
    this.entries.set(key, { value, at: Date.now() });
  }
}`;
  });
  return `// library module ${index}\n${fns.join('\n\n')}\n`;
}

const STORE = `export interface Row { id: string; name: string }
export interface Store {
  list(kind: string, options: { limit?: number }): Promise<Row[]>;
  get(kind: string, id: string): Promise<Row | undefined>;
  remove(kind: string, id: string): Promise<void>;
  stats(kind: string): Promise<{ total: number; active: number }>;
}
`;

const KINDS = [
  ['sdk', sdkFile, 6],
  ['low-level', lowLevelFile, 2],
  ['maps', mapFile, 1],
  ['fastmcp', fastmcpFile, 2],
  ['transport', transportFile, 2],
  ['lib', libraryFile, 3],
];

function generate() {
  rmSync(TREE, { recursive: true, force: true });
  const random = mulberry32(0x5eed);
  const weights = KINDS.reduce((sum, [, , weight]) => sum + weight, 0);
  const counts = {};
  let lines = 0;
  mkdirSync(join(TREE, 'src/lib'), { recursive: true });
  // A project of its own: the plugin's project view stops at the nearest package.json.
  writeFileSync(join(TREE, 'package.json'), JSON.stringify({ name: 'bench-lint-tree', private: true, type: 'module' }, null, 2));
  writeFileSync(join(TREE, 'src/lib/store.ts'), STORE);
  for (let index = 0; index < FILE_COUNT; index++) {
    let slot = index % weights;
    const [kind, make] = KINDS.find(([, , weight]) => (slot -= weight) < 0);
    const dir = join(TREE, 'src', kind);
    mkdirSync(dir, { recursive: true });
    const text = make(random, index);
    lines += text.split('\n').length;
    writeFileSync(join(dir, `${kind}-${String(index).padStart(4, '0')}.ts`), text);
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return { counts, lines };
}

// ---- lint runs -----------------------------------------------------------------------------

// The settings (b) lints with, and migrate uses for the steady-state tree.
const HANDLER_OPTIONS = { handlerPatterns: ['^handle[A-Z]'], handlerProperties: ['handler'], handlerClasses: true };

/** The two flat configs, as files in the tree: what a project's eslint.config.mjs would hold. */
function writeConfigs(tree) {
  const baseline = `import js from '@eslint/js';
import tsParser from '@typescript-eslint/parser';

// Core recommended rules; no-undef / no-unused-vars misfire on TypeScript syntax.
const rules = Object.fromEntries(Object.entries(js.configs.recommended.rules).filter(([name]) => name !== 'no-undef' && name !== 'no-unused-vars'));
Object.assign(rules, { eqeqeq: 'error', 'prefer-const': 'error', 'no-var': 'error', curly: ['error', 'multi-line'] });

export default [{ files: ['**/*.ts'], languageOptions: { parser: tsParser, sourceType: 'module' }, rules }];
`;
  const withPlugin = `import baseline from './eslint.baseline.config.mjs';
import plugin from ${JSON.stringify(pathToFileURL(PLUGIN).href)};

export default [
  ...baseline,
  { files: ['**/*.ts'], ...plugin.configs.recommended },
  // Turn on every handler style, so the plugin does the most work it can.
  { files: ['**/*.ts'], settings: { 'mcp-result-kit': ${JSON.stringify(HANDLER_OPTIONS)} } },
];
`;
  writeFileSync(join(tree, 'eslint.baseline.config.mjs'), baseline);
  writeFileSync(join(tree, 'eslint.plugin.config.mjs'), withPlugin);
}

const timeBin = ['/usr/bin/time', '/bin/time'].find((candidate) => existsSync(candidate));

/**
 * One fresh `eslint` process over the tree's src/, as CI runs it. Wall time from here; CPU time
 * (user + system) and peak RSS of the child from GNU time. The JSON report is read back for the
 * number of findings (it also proves the run linted something).
 */
function lint(config, cwd = TREE) {
  const report = join(cwd, `report-${config}.json`);
  rmSync(report, { force: true });
  const start = performance.now();
  const run = spawnSync(timeBin, ['-f', 'MEASURED %U %S %M', process.execPath, ESLINT_BIN, '--config', `eslint.${config}.config.mjs`, '--no-cache', '-f', 'json', '-o', report, 'src'], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  const ms = performance.now() - start;
  const measured = /MEASURED ([\d.]+) ([\d.]+) (\d+)/.exec(run.stderr);
  // Exit 1 is "lint errors found"; anything else (a crash, a config error) is a failed run.
  if (!measured || (run.status !== 0 && run.status !== 1)) throw new Error(`eslint --config eslint.${config}.config.mjs failed (exit ${run.status}):\n${run.stderr.slice(0, 2000)}`);
  const results = JSON.parse(readFileSync(report, 'utf8'));
  rmSync(report, { force: true });
  return { ms, cpuMs: (Number(measured[1]) + Number(measured[2])) * 1000, rssMb: Number(measured[3]) / 1024, results };
}

/** `rounds` fresh runs of each configuration, alternating which goes first so drift hits both. */
function alternate(rounds, cwd, log = () => {}) {
  const a = [];
  const b = [];
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      a.push(lint('baseline', cwd));
      b.push(lint('plugin', cwd));
    } else {
      b.push(lint('plugin', cwd));
      a.push(lint('baseline', cwd));
    }
    const last = (runs) => `${runs.at(-1).cpuMs.toFixed(0)} ms CPU / ${runs.at(-1).ms.toFixed(0)} ms wall`;
    log(`  round ${round + 1}: baseline ${last(a)}, with plugin ${last(b)}`);
  }
  return { a, b };
}

/** The stats run, in a fresh process of its own (this script with --stats-child): per-rule times. */
function statsRun() {
  const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--stats-child'], { cwd: TREE, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`stats run failed:\n${run.stderr.slice(0, 2000)}`);
  return JSON.parse(run.stdout);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

function countMessages(results, prefix) {
  let count = 0;
  for (const result of results) for (const message of result.messages) if ((message.ruleId ?? '').startsWith(prefix)) count++;
  return count;
}

/** Sums stats times over files: parse, all rules, each rule, and plugin time per kind of file. */
function sumStats(results) {
  const totals = { parse: 0, rules: 0, total: 0, byRule: {}, pluginByKind: {} };
  for (const result of results) {
    const kind = result.filePath.split(/[\\/]/).at(-2);
    for (const pass of result.stats?.times.passes ?? []) {
      totals.parse += pass.parse?.total ?? 0;
      totals.total += pass.total ?? 0;
      for (const [rule, time] of Object.entries(pass.rules ?? {})) {
        totals.rules += time.total;
        totals.byRule[rule] = (totals.byRule[rule] ?? 0) + time.total;
        if (rule.startsWith('mcp-result-kit/')) {
          const entry = (totals.pluginByKind[kind] ??= { ms: 0, totalMs: 0 });
          entry.ms += time.total;
        }
      }
      if (totals.pluginByKind[kind]) totals.pluginByKind[kind].totalMs += pass.total ?? 0;
    }
  }
  return totals;
}

/** In the child: one lint of the tree with the plugin and `stats: true`, its summed stats on stdout. */
async function statsChild() {
  const { ESLint } = await import('eslint');
  const eslint = new ESLint({ cwd: process.cwd(), overrideConfigFile: join(process.cwd(), 'eslint.plugin.config.mjs'), cache: false, stats: true });
  console.log(JSON.stringify(sumStats(await eslint.lintFiles(['src']))));
}

async function main() {
  if (!timeBin) throw new Error('bench/lint: needs GNU time (/usr/bin/time) for the child processes\' CPU time');
  if (!existsSync(PLUGIN)) throw new Error('bench/lint: build first (npm run build)');
  const { counts, lines } = generate();
  writeConfigs(TREE);
  const files = Object.values(counts).reduce((a, b) => a + b, 0) + 1;
  const eslintVersion = JSON.parse(readFileSync(join(ROOT, 'node_modules/eslint/package.json'), 'utf8')).version;
  const log = JSON_OUTPUT ? () => {} : (text) => console.log(text);
  log(`Lint benchmark: ${files} files, ${lines} lines (${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')})`);
  log(`Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ESLint ${eslintVersion}, ${ROUNDS} fresh eslint processes per configuration, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`);

  const { a, b } = alternate(ROUNDS, TREE, log);
  const fatal = a[0].results.flatMap((result) => result.messages.filter((m) => m.fatal).map((m) => `${result.filePath}:${m.line}: ${m.message}`));
  if (fatal.length > 0) throw new Error(`generated files do not parse:\n${fatal.slice(0, 5).join('\n')}`);
  const findings = countMessages(b[0].results, 'mcp-result-kit/');
  if (findings === 0) throw new Error('the plugin reported nothing on the generated tree; the benchmark is not measuring it');
  const medianA = median(a.map((run) => run.cpuMs));
  const medianB = median(b.map((run) => run.cpuMs));
  const wallA = median(a.map((run) => run.ms));
  const wallB = median(b.map((run) => run.ms));
  const overhead = medianB / medianA - 1;
  const wallOverhead = wallB / wallA - 1;

  // The CI steady state: the same tree after `migrate`, where the plugin finds (almost) nothing.
  // On the legacy tree much of the plugin's cost beyond its analysis is ESLint computing a
  // suggestion (with its import edit) for every finding.
  const migratedTree = `${TREE}-migrated`;
  rmSync(migratedTree, { recursive: true, force: true });
  cpSync(TREE, migratedTree, { recursive: true });
  const { runMigration } = await import('../../dist/transforms/index.js');
  const { globby } = await import('globby');
  const migration = runMigration({ files: await globby('src/**/*.ts', { cwd: migratedTree, absolute: true }), handlerOptions: HANDLER_OPTIONS });
  for (const file of migration.files) if (file.changed) writeFileSync(file.fileName, file.text);
  const migrated = alternate(ROUNDS, migratedTree);
  const migratedFindings = countMessages(migrated.b[0].results, 'mcp-result-kit/');
  const migratedOverhead = median(migrated.b.map((run) => run.cpuMs)) / median(migrated.a.map((run) => run.cpuMs)) - 1;
  const migratedWallOverhead = median(migrated.b.map((run) => run.ms)) / median(migrated.a.map((run) => run.ms)) - 1;
  rmSync(migratedTree, { recursive: true, force: true });

  // One stats run for the breakdown (timing hooks on every rule; not used for the ratio).
  const stats = statsRun();
  const pluginRules = Object.entries(stats.byRule)
    .filter(([rule]) => rule.startsWith('mcp-result-kit/'))
    .sort((x, y) => y[1] - x[1]);
  const pluginTotal = pluginRules.reduce((sum, [, ms]) => sum + ms, 0);

  const report = {
    files,
    lines,
    rounds: ROUNDS,
    node: process.version,
    cpus: os.cpus().length,
    eslint: eslintVersion,
    findings,
    loadAverage: os.loadavg().map((value) => Number(value.toFixed(2))),
    baselineCpuMs: a.map((run) => Math.round(run.cpuMs)),
    pluginCpuMs: b.map((run) => Math.round(run.cpuMs)),
    baselineWallMs: a.map((run) => Math.round(run.ms)),
    pluginWallMs: b.map((run) => Math.round(run.ms)),
    baselinePeakRssMb: a.map((run) => Math.round(run.rssMb)),
    pluginPeakRssMb: b.map((run) => Math.round(run.rssMb)),
    medianBaselineCpuMs: Math.round(medianA),
    medianPluginCpuMs: Math.round(medianB),
    medianBaselineWallMs: Math.round(wallA),
    medianPluginWallMs: Math.round(wallB),
    ratio: Number((medianB / medianA).toFixed(3)),
    wallRatio: Number((wallB / wallA).toFixed(3)),
    overheadPercent: Number((overhead * 100).toFixed(1)),
    wallOverheadPercent: Number((wallOverhead * 100).toFixed(1)),
    migratedTree: {
      findings: migratedFindings,
      baselineCpuMs: migrated.a.map((run) => Math.round(run.cpuMs)),
      pluginCpuMs: migrated.b.map((run) => Math.round(run.cpuMs)),
      overheadPercent: Number((migratedOverhead * 100).toFixed(1)),
      wallOverheadPercent: Number((migratedWallOverhead * 100).toFixed(1)),
    },
    goalPercent: GOAL * 100,
    stats: {
      totalMs: Math.round(stats.total),
      parseMs: Math.round(stats.parse),
      rulesMs: Math.round(stats.rules),
      pluginRulesMs: Math.round(pluginTotal),
      pluginShareOfTotalPercent: Number(((pluginTotal / stats.total) * 100).toFixed(1)),
      // The plugin's own listener time over everything else in the same run: an overhead estimate
      // that machine load cannot skew between two runs (it leaves out loading the plugin and GC).
      pluginOverRestPercent: Number(((pluginTotal / (stats.total - pluginTotal)) * 100).toFixed(1)),
      pluginByKindOfFile: Object.fromEntries(
        Object.entries(stats.pluginByKind).map(([kind, { ms, totalMs }]) => [kind, { ms: Math.round(ms), percentOfThoseFiles: Number(((ms / totalMs) * 100).toFixed(1)) }]),
      ),
      byPluginRule: Object.fromEntries(pluginRules.map(([rule, ms]) => [rule, { ms: Math.round(ms), percentOfTotal: Number(((ms / stats.total) * 100).toFixed(2)) }])),
    },
  };

  if (JSON_OUTPUT) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    const verdict = (value) => (value <= GOAL ? 'OK' : 'MISSED');
    log('');
    log(`baseline (typescript-eslint parser + core rules): median ${medianA.toFixed(0)} ms CPU, ${wallA.toFixed(0)} ms wall`);
    log(`with mcp-result-kit recommended (${findings} findings): median ${medianB.toFixed(0)} ms CPU, ${wallB.toFixed(0)} ms wall`);
    log(`plugin adds ${report.overheadPercent}% CPU (ratio ${report.ratio}) ${verdict(overhead)}, ${report.wallOverheadPercent}% wall (ratio ${report.wallRatio}) ${verdict(wallOverhead)} (goal ≤ ${GOAL * 100}%)`);
    log(`after migrate (the CI steady state, ${migratedFindings} findings): plugin adds ${report.migratedTree.overheadPercent}% CPU ${verdict(migratedOverhead)}, ${report.migratedTree.wallOverheadPercent}% wall ${verdict(migratedWallOverhead)}`);
    log(`load average at the end: ${report.loadAverage.join(' ')}`);
    log('');
    log(`stats run (a fresh process, stats: true): total ${report.stats.totalMs} ms, parse ${report.stats.parseMs} ms, all rules ${report.stats.rulesMs} ms, plugin rules ${report.stats.pluginRulesMs} ms`);
    log(`  plugin rules = ${report.stats.pluginShareOfTotalPercent}% of the total = ${report.stats.pluginOverRestPercent}% on top of everything else`);
    log('  the first plugin rule on a file pays for the shared analysis (on the first file: the whole project\'s); the others read the cached result');
    for (const [rule, { ms, percentOfTotal }] of Object.entries(report.stats.byPluginRule)) {
      log(`  ${rule.padEnd(42)} ${String(ms).padStart(6)} ms  ${percentOfTotal.toFixed(2).padStart(6)}%`);
    }
    log('  plugin time by kind of file (share of those files\' lint time):');
    for (const [kind, { ms, percentOfThoseFiles }] of Object.entries(report.stats.pluginByKindOfFile)) {
      log(`    ${kind.padEnd(12)} ${String(ms).padStart(6)} ms  ${percentOfThoseFiles.toFixed(1).padStart(5)}%`);
    }
  }
  if (!KEEP) rmSync(TREE, { recursive: true, force: true });
}

if (args.includes('--stats-child')) await statsChild();
else await main();
