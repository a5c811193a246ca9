// Suppressions benchmark: `mcp-result-kit check` through the real binary on generated handler
// files, with a suppressions file of at least 1,000 entries (file × rule) against none. Goal: ≤ 1.05×.
//
//   npm run build && node bench/suppressions/run.mjs [--files 400] [--runs 5] [--json]
//
// The suppressions file is the one `check --suppress-all` writes for the tree (so every entry is a
// real one and every error is suppressed), topped up to 1,000 entries with entries for files the
// run does not check, which check keeps and never reports as unused. Both commands write ESLint's
// JSON format to a file, so they produce the same amount of output (messages or suppressedMessages).
// Runs alternate between the two, and the reported ratio is the median of the per-pair ratios.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTree } from '../generate-tree.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const bin = path.join(root, 'dist/bin/mcp-result-kit.js');
const project = path.join(root, 'bench/.tmp/suppressions/project');

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(args[index + 1]);
};
const FILES = flag('files', 400);
const RUNS = flag('runs', 5);
const ENTRIES = 1000;
const JSON_OUTPUT = args.includes('--json');

if (!existsSync(bin)) {
  console.error('bench/suppressions: build first (npm run build)');
  process.exit(2);
}

generateTree(project, FILES);
// bench/.tmp is in the kit's .gitignore, which check respects; make the tree its own repository.
spawnSync('git', ['init', '-q'], { cwd: project });
const SUPPRESSIONS = path.join(project, 'eslint-suppressions.json');
const common = ['check', '--no-tsconfig', '--handler-pattern', '^handle[A-Z]', '-f', 'json', '-o', 'out.json'];

function check(extra) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [bin, ...common, ...extra, 'src'], { cwd: project, encoding: 'utf8', env: { ...process.env, CI: '1' } });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0 && result.status !== 1) throw new Error(`check failed (exit ${result.status}):\n${result.stderr}`);
  return { wallMs, status: result.status, results: JSON.parse(readFileSync(path.join(project, 'out.json'), 'utf8')) };
}

// The baseline file: today's errors, then entries for files outside the run up to 1,000.
rmSync(SUPPRESSIONS, { force: true });
check(['--suppress-all']);
const suppressions = JSON.parse(readFileSync(SUPPRESSIONS, 'utf8'));
const real = Object.values(suppressions).reduce((sum, rules) => sum + Object.keys(rules).length, 0);
for (let i = 0; Object.values(suppressions).reduce((sum, rules) => sum + Object.keys(rules).length, 0) < ENTRIES; i++) {
  suppressions[`archive/old-${i}.ts`] = { 'mcp-result-kit/no-string-result': { count: 1 } };
}
const entries = Object.values(suppressions).reduce((sum, rules) => sum + Object.keys(rules).length, 0);
const withFile = JSON.stringify(suppressions, null, 2);

const pairs = [];
for (let i = 0; i < RUNS; i++) {
  // Without a file: the default location is absent, so check reads nothing.
  rmSync(SUPPRESSIONS, { force: true });
  const plain = check([]);
  writeFileSync(SUPPRESSIONS, withFile);
  const suppressed = check([]);
  pairs.push({ plain, suppressed });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const count = (results, key) => results.reduce((sum, result) => sum + result[key].length, 0);
const last = pairs[pairs.length - 1];
const summary = {
  files: last.plain.results.length,
  entries,
  realEntries: real,
  errorsWithout: count(last.plain.results, 'messages'),
  reportedWith: count(last.suppressed.results, 'messages'),
  suppressedWith: count(last.suppressed.results, 'suppressedMessages'),
  exitWithout: last.plain.status,
  exitWith: last.suppressed.status,
  runs: RUNS,
  withoutMs: Math.round(median(pairs.map((pair) => pair.plain.wallMs))),
  withMs: Math.round(median(pairs.map((pair) => pair.suppressed.wallMs))),
  ratio: Number(median(pairs.map((pair) => pair.suppressed.wallMs / pair.plain.wallMs)).toFixed(3)),
  node: process.version,
};

if (JSON_OUTPUT) console.log(JSON.stringify(summary, null, 2));
else {
  console.log(`mcp-result-kit ${common.join(' ')} src  (${summary.files} files, syntax only, ${RUNS} alternating pairs)`);
  console.log('');
  console.log('| suppressions file | entries | errors reported | errors suppressed | exit | median wall time |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  console.log(`| none | 0 | ${summary.errorsWithout} | 0 | ${summary.exitWithout} | ${(summary.withoutMs / 1000).toFixed(2)} s |`);
  console.log(`| eslint-suppressions.json | ${entries} (${real} from the tree) | ${summary.reportedWith} | ${summary.suppressedWith} | ${summary.exitWith} | ${(summary.withMs / 1000).toFixed(2)} s |`);
  console.log(`\nwith / without: ${summary.ratio}× (median of the pair ratios; goal ≤ 1.05×); ${summary.node}`);
}
