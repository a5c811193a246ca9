// check at scale: one file that registers N tools (bench/generate-tree.mjs's generateOneFile: each
// tool has a not-found string, a JSON payload and an error literal in a try/catch), for N = 2,500
// and 20,000, all in one function (--layout function, the default) or each a top-level statement
// (--layout top-level: what made import planning quadratic, issue 23), checked
//   - through the built binary in each output format (`check -f text|json|sarif -o <file>`), and
//   - through ESLint's API with the plugin's `recommended` config (what an editor or a CI lint run
//     with the plugin pays), keeping every message and its suggestions in memory.
// Per run: wall time, peak RSS, output bytes (for the API: the bytes of JSON.stringify(results), what
// ESLint's json formatter would write). The baseline, measured in the same run: ESLint with
// typescript-eslint's parser and no rules over the same file, so the figures read as "what the
// kit adds to parsing the file". Goal (issue 20): 20,000 handlers in < 10 s and < 1 GB, every way.
//
//   npm run build && node bench/check-scale/run.mjs [--handlers 2500,20000] [--layout function|top-level] [--typed] [--timeout 180] [--json]
//
// Each file is in a project folder of its own: check analyzes the linted file's whole project.
//
// Without --typed the project has no tsconfig and check runs syntax-only (--no-tsconfig); with it,
// a tsconfig.json makes check type-aware, as in a CI run on a TypeScript project.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateOneFile } from '../generate-tree.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const bin = path.join(root, 'dist/bin/mcp-result-kit.js');
const { values } = parseArgs({
  options: {
    handlers: { type: 'string', default: '2500,20000' },
    typed: { type: 'boolean', default: false },
    layout: { type: 'string', default: 'function' },
    timeout: { type: 'string', default: '180' },
    json: { type: 'boolean', default: false },
  },
});
if (!existsSync(bin)) {
  console.error('bench/check-scale: build first (npm run build)');
  process.exit(2);
}
const timeBin = ['/usr/bin/time', '/bin/time'].find((candidate) => existsSync(candidate));
if (!timeBin) {
  console.error('bench/check-scale: needs GNU time (/usr/bin/time) for peak RSS');
  process.exit(2);
}
const counts = values.handlers.split(',').map(Number);
const timeoutMs = Number(values.timeout) * 1000;
const projects = path.join(root, 'bench/.tmp/check-scale');
if (values.layout !== 'function' && values.layout !== 'top-level') {
  console.error(`bench/check-scale: --layout is function or top-level, not "${values.layout}"`);
  process.exit(2);
}

const apiScript = path.join(here, 'eslint-api.mjs');

function timed(args, cwd) {
  const started = process.hrtime.bigint();
  const result = spawnSync(timeBin, ['-v', process.execPath, ...args], { cwd, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CI: '1', NO_COLOR: '1' } });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const rssKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr)?.[1] ?? NaN);
  // CPU time (user + system) of the child: what other load on a shared machine skews least.
  const cpuS = Number(/User time \(seconds\): ([\d.]+)/.exec(result.stderr)?.[1] ?? NaN) + Number(/System time \(seconds\): ([\d.]+)/.exec(result.stderr)?.[1] ?? NaN);
  const killed = result.signal !== null || /out of memory|heap limit/i.test(result.stderr) || /Command terminated by signal/.test(result.stderr);
  return { ms, cpuS, rssMb: rssKb / 1024, status: result.status, killed, stdout: result.stdout, stderr: result.stderr };
}

/** Why a run did not finish, in a few words: killed (out of memory or time) or its first error line. */
function failure(run) {
  if (run.killed) return /heap limit|out of memory/i.test(run.stderr) ? 'out of memory' : 'killed';
  const line = run.stderr.split('\n').find((candidate) => /Error|mcp-result-kit:/.test(candidate) && !candidate.includes('Command'));
  return (line ?? `exit ${run.status}`).replace(/^mcp-result-kit: /, '').trim();
}

function checkRun(project, file, format) {
  const out = path.join(project, `out.${format}`);
  rmSync(out, { force: true });
  const run = timed([bin, 'check', '-f', format, '-o', out, ...(values.typed ? [] : ['--no-tsconfig']), path.relative(project, file)], project);
  // Exit 0 or 1 is a finished check; anything else (out of memory, a string too long for V8) failed.
  const failed = run.killed || (run.status !== 0 && run.status !== 1) ? failure(run) : undefined;
  return { ...run, failed, bytes: !failed && existsSync(out) ? statSync(out).size : NaN };
}

function apiRun(project, file, mode) {
  const run = timed([apiScript, mode, file], project);
  const failed = run.killed || run.status !== 0 ? failure(run) : undefined;
  return { ...run, failed, ...(failed ? {} : JSON.parse(run.stdout)) };
}

rmSync(projects, { recursive: true, force: true });

/** A project folder of its own for one generated file (check analyzes the whole project). */
function makeProject(name) {
  const project = path.join(projects, name);
  mkdirSync(project, { recursive: true });
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'check-scale', private: true, type: 'module' }, null, 2));
  if (values.typed) {
    writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true, types: [] }, include: ['src'] }, null, 2),
    );
  }
  // The project is under the kit's tree: node_modules resolve upwards to the kit's (SDK, zod).
  spawnSync('git', ['init', '-q'], { cwd: project });
  return project;
}

const rows = {};
const results = [];
for (const count of counts) {
  const project = makeProject(`${values.layout}-${count}`);
  const file = generateOneFile(path.join(project, 'src', `handlers-${count}.ts`), count, values.layout);
  const measured = {
    'parse only (ESLint API, no rules)': apiRun(project, file, 'parse'),
    'check -f text': checkRun(project, file, 'text'),
    'check -f json': checkRun(project, file, 'json'),
    'check -f sarif': checkRun(project, file, 'sarif'),
    'ESLint API, recommended': apiRun(project, file, 'rules'),
  };
  const baseline = measured['parse only (ESLint API, no rules)'];
  for (const [label, run] of Object.entries(measured)) {
    rows[`${count} handlers: ${label}`] = {
      s: (run.ms / 1000).toFixed(2),
      'CPU s': run.cpuS.toFixed(2),
      'peak RSS MB': Math.round(run.rssMb),
      'output MB': Number.isFinite(run.bytes) ? (run.bytes / 1e6).toFixed(2) : '-',
      'time / parse only': run.failed ? '-' : (run.ms / baseline.ms).toFixed(2),
      'RSS / parse only': (run.rssMb / baseline.rssMb).toFixed(2),
      failed: run.failed ?? '',
    };
    results.push({ handlers: count, run: label, ms: Math.round(run.ms), cpuMs: Math.round(run.cpuS * 1000), rssMb: Math.round(run.rssMb), bytes: run.bytes, failed: run.failed ?? null });
  }
}

console.log(`check-scale bench: Node ${process.version}, ${values.typed ? 'type-aware (tsconfig)' : 'syntax-only (--no-tsconfig)'}, layout ${values.layout}, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`);
console.table(rows);
const largest = Math.max(...counts);
for (const result of results.filter((entry) => entry.handlers === largest && !entry.run.startsWith('parse only'))) {
  const met = !result.failed && result.ms < 10_000 && result.rssMb < 1024;
  console.log(`${largest} handlers, ${result.run}: ${result.failed ? `failed (${result.failed}) after ${(result.ms / 1000).toFixed(2)} s` : `${(result.ms / 1000).toFixed(2)} s (CPU ${(result.cpuMs / 1000).toFixed(2)} s)`}, ${result.rssMb} MB (goal < 10 s and < 1 GB) ${met ? 'MET' : 'MISSED'}`);
}
const smallest = Math.min(...counts);
if (smallest !== largest) {
  for (const label of ['check -f json', 'ESLint API, recommended']) {
    const small = results.find((entry) => entry.handlers === smallest && entry.run === label);
    const large = results.find((entry) => entry.handlers === largest && entry.run === label);
    if (small && large && Number.isFinite(small.bytes) && Number.isFinite(large.bytes)) {
      console.log(`${label}: ${largest / smallest}x the handlers, ${(large.bytes / small.bytes).toFixed(2)}x the output (linear: ${largest / smallest}x)`);
    }
  }
}
if (values.json) console.log(JSON.stringify(results));
