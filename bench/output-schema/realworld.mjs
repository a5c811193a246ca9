// Issue 26's goals on the public MCP servers in ../shared/realworld: a type-aware
// `migrate --output-schema --local-helpers` on a git copy of each server, then
//   - TypeScript errors before and after (as bench/realworld/run.mjs counts them: `file(code): message`);
//   - whether a second run changes anything (idempotent);
//   - the schemas written, against the tools with structured results (schemas written + tools listed
//     without one: the transform lists every tool with structured results it leaves without one);
//   - each tool left without a schema, with its reason (from migrate's JSON report).
// Each server's tree is put back (git) after its run.
//
// Usage: npm run build && node bench/output-schema/realworld.mjs [--source <dir>] [--workdir <dir>]
//          [--prepared] [--only <server>]… [--no-tsc] [--verbose] [--json <file>]
// --prepared: the servers are already exported (and installed) into the workdir; else setup.sh runs.
// Migrate writes in place: point --workdir at a copy of your own (cp -a, never hard links).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { git, newErrors, resetTree, run as runQuietly, typeErrors } from '../realworld/server-tree.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { values } = parseArgs({
  options: {
    source: { type: 'string', default: process.env.REALWORLD_DIR ?? path.resolve(root, '../shared/realworld') },
    workdir: { type: 'string', default: path.join(root, 'bench/.tmp/realworld') },
    only: { type: 'string', multiple: true },
    prepared: { type: 'boolean', default: false },
    'no-tsc': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});

const source = path.resolve(values.source);
if (!existsSync(path.join(source, 'SOURCES.tsv'))) {
  console.log(`bench/output-schema/realworld: skipped, no real-world servers at ${source} (set REALWORLD_DIR or pass --source)`);
  process.exit(0);
}
const cli = process.env.MRK_CLI ?? path.join(root, 'dist/bin/mcp-result-kit.js');
if (!existsSync(cli)) {
  console.error('bench/output-schema/realworld: build first (npm run build)');
  process.exit(2);
}
const workdir = path.resolve(values.workdir);
if (!values.prepared) {
  const setup = spawnSync('bash', [path.join(source, 'setup.sh'), workdir], { encoding: 'utf8' });
  if (setup.status !== 0) {
    console.error(`bench/output-schema/realworld: setup.sh failed:\n${setup.stdout}${setup.stderr}`);
    process.exit(2);
  }
}

/** Server folder name → the folders a user would migrate: the survey's roots, else SOURCES.tsv's folder. */
function serverFolders() {
  const folders = new Map();
  for (const line of readFileSync(path.join(source, 'SOURCES.tsv'), 'utf8').split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [repo, , , folder] = line.split('\t');
    folders.set(repo.replace('/', '__'), [folder || '.']);
  }
  for (const folder of [path.join(source, 'expected'), path.join(root, 'bench/realworld/expected')]) {
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder).filter((file) => file.endsWith('.json'))) {
      const survey = JSON.parse(readFileSync(path.join(folder, name), 'utf8'));
      if (survey.roots && folders.has(survey.server)) folders.set(survey.server, survey.roots);
    }
  }
  return folders;
}

/** The kit's CLI runs as in CI here (no progress on a terminal). */
function run(command, args, cwd) {
  return runQuietly(command, args, cwd, { CI: '1' });
}

/** TypeScript's errors before or after migrate; null with --no-tsc or without a tsconfig. */
function typeErrorsOf(cwd, tsconfig) {
  return values['no-tsc'] || !tsconfig ? null : typeErrors(cwd, tsconfig, root);
}

/** The tsconfig.json migrate would find: from the first folder upwards, within the server. */
function tsconfigOf(cwd, folder) {
  for (let dir = path.resolve(cwd, folder); dir.startsWith(cwd); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'tsconfig.json'))) return path.relative(cwd, path.join(dir, 'tsconfig.json')) || 'tsconfig.json';
    if (dir === cwd) break;
  }
  return null;
}

function migrate(cwd, folders) {
  const helpers = path.join(folders[0], 'mcp-result-kit-helpers.ts');
  const result = run(process.execPath, [cli, 'migrate', '--json', '--output-schema', '--local-helpers', helpers, ...folders], cwd);
  if (result.status !== 0 && result.status !== 1) return { failed: (result.stderr || result.stdout).trim().split('\n')[0], ms: result.ms };
  return { report: JSON.parse(result.stdout), ms: result.ms };
}

/** `line 12: the value is typed any` → `the value is typed any`: reasons grouped across tools. */
const reasonKind = (reason) =>
  reason
    .replace(/^no outputSchema written: /, '')
    .replace(/^line \d+: /, '')
    .replace(/line \d+/g, 'line N');

const folders = serverFolders();
const servers = [...folders.keys()]
  .filter((server) => !values.only || values.only.includes(server))
  .sort((a, b) => a.localeCompare(b));

const rows = {};
const details = [];
const totals = { servers: 0, schemas: 0, structured: 0, listed: 0, newTypeErrors: 0, notIdempotent: 0, failed: 0, reasons: new Map() };
for (const server of servers) {
  const cwd = path.join(workdir, server);
  if (!existsSync(cwd)) {
    console.log(`${server}: not prepared in ${workdir}, skipped`);
    continue;
  }
  const roots = folders.get(server);
  const tsconfig = tsconfigOf(cwd, roots[0]);
  resetTree(cwd);
  totals.servers++;
  const before = typeErrorsOf(cwd, tsconfig);
  const first = migrate(cwd, roots);
  if (!first.report) {
    totals.failed++;
    rows[server] = { 'not run': first.failed };
    details.push({ server, failed: first.failed });
    resetTree(cwd);
    continue;
  }
  git(cwd, 'add', '-A');
  git(cwd, '-c', 'user.email=bench@local', '-c', 'user.name=bench', 'commit', '--quiet', '--allow-empty', '-m', 'migrated with --output-schema');
  const after = typeErrorsOf(cwd, tsconfig);
  const second = migrate(cwd, roots);
  git(cwd, 'reset', '--quiet', '--hard', 'HEAD~1');
  resetTree(cwd);

  const { report } = first;
  const schemas = report.changes.filter((change) => change.kind === 'output-schema');
  // The transform lists a tool only when it has structured results (`ToolOutputSchema.structured`).
  const listed = report.needsReview.filter((item) => item.kind === 'output-schema');
  const added = before && after ? newErrors(before, after) : null;
  const idempotent = second.report ? second.report.filesChanged === 0 && second.report.changes.length === 0 : false;
  const secondChanges = second.report ? second.report.changes : [];
  totals.schemas += schemas.length;
  totals.listed += listed.length;
  totals.structured += schemas.length + listed.filter((item) => item.tool !== null).length;
  totals.newTypeErrors += added?.length ?? 0;
  if (!idempotent) totals.notIdempotent++;
  for (const item of listed) totals.reasons.set(reasonKind(item.reason), (totals.reasons.get(reasonKind(item.reason)) ?? 0) + 1);
  rows[server] = {
    handlers: report.handlers,
    'type-aware': report.typeAware,
    'schemas / tools with structured results': `${schemas.length} / ${schemas.length + listed.filter((item) => item.tool !== null).length}`,
    'tsc errors before': before?.length ?? '-',
    'tsc errors after': after?.length ?? '-',
    'new tsc errors': added?.length ?? '-',
    idempotent,
    'migrate ms': Math.round(first.ms),
  };
  details.push({ server, schemas, listed, added, secondChanges, secondFailed: second.failed, tsconfig, typeAware: report.typeAware });
}

console.log(`migrate --output-schema on real servers: Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((value) => value.toFixed(1)).join(' ')}, ${totals.servers} servers from ${workdir}`);
console.table(rows);
console.log(`total: ${totals.schemas} schemas written / ${totals.structured} tools with structured results; ${totals.listed} tools listed without a schema; ${totals.newTypeErrors} new type errors (goal 0); ${totals.notIdempotent} servers changed by a second run (goal 0); ${totals.failed} servers migrate could not run on`);
for (const [reason, count] of [...totals.reasons].sort((a, b) => b[1] - a[1])) console.log(`  ${count}× ${reason}`);

for (const detail of details) {
  const lines = [];
  if (detail.failed) lines.push(`  migrate could not run: ${detail.failed}`);
  for (const change of detail.schemas ?? []) lines.push(`  schema: ${change.tool} (${change.file}:${change.line})`);
  for (const item of detail.listed ?? []) lines.push(`  no schema: ${item.tool ?? '(file)'} (${item.file}:${item.line}): ${item.reason}`);
  for (const error of detail.added ?? []) lines.push(`  new type error: ${error}`);
  for (const change of detail.secondChanges ?? []) lines.push(`  changed by the second run: ${change.file}:${change.line} ${change.kind} ${change.tool ?? ''}`);
  if (detail.secondFailed) lines.push(`  the second run failed: ${detail.secondFailed}`);
  if (lines.length > 0 && (values.verbose || lines.some((line) => !line.startsWith('  schema:')))) console.log(`\n${detail.server}\n${lines.join('\n')}`);
}
if (values.json) writeFileSync(values.json, `${JSON.stringify({ rows, totals: { ...totals, reasons: Object.fromEntries(totals.reasons) }, details }, null, 2)}\n`);
