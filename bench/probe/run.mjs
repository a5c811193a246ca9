// Probe benchmark: the probe's own cost per call against a bare SDK Client loop making the same
// calls to the same server, and the time per call on the bundled example server.
//
//   npm run build && node bench/probe/run.mjs [--repeat 25] [--runs 9] [--json]
//
// The example server (fixtures/example-server) is built once under bench/.tmp/probe/. Each run
// makes the example scenario's 41 calls `--repeat` times (1,025 calls by default) against one
// freshly started server, in two ways, alternated run by run:
//   bare   the SDK's own StdioClientTransport and Client.callTool in a loop, nothing else;
//   probe  runProbe (cli/probe/run.ts) with a scenario of the same calls: its own transport, the
//          raw-result tap, the judge (outputSchema validation included), masking, and --record.
// The call phase is timed from the first call to the last answer (start-up excluded: it is the same
// server start for both), in wall time and in this process's CPU time (the client's own work, which
// other load on the machine does not inflate); the whole run is timed too. Reported: medians, and
// the median of the per-run ratios probe / bare.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'yaml';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const work = path.join(root, 'bench/.tmp/probe');
const serverDir = path.join(work, 'example-server');

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(args[index + 1]);
};
const REPEAT = flag('repeat', 25);
const RUNS = flag('runs', 9);
const JSON_OUTPUT = args.includes('--json');

const runModule = path.join(root, 'dist/cli/probe/run.js');
if (!existsSync(runModule)) {
  console.error('bench/probe: build first (npm run build)');
  process.exit(2);
}
const { runProbe } = await import(pathToFileURL(runModule).href);
const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');

// The example server, built once.
if (!existsSync(path.join(serverDir, 'build/index.js'))) {
  rmSync(serverDir, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  cpSync(path.join(root, 'fixtures/example-server'), serverDir, { recursive: true, filter: (file) => !/[\\/](node_modules|build|dist|expected-migration)$/.test(file) });
  symlinkSync(path.join(root, 'node_modules'), path.join(serverDir, 'node_modules'), 'dir');
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(serverDir, 'tsconfig.json')], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the example server does not build:\n${build.stdout}${build.stderr}`);
}

// The scenario's calls, `REPEAT` times, without the capture step (a bare loop has no substitution).
const scenario = parse(readFileSync(path.join(root, 'fixtures/probe/example-server.scenario.yaml'), 'utf8'));
const baseCalls = scenario.calls
  .filter((call) => !call.capture && !JSON.stringify(call.arguments ?? {}).includes('${'))
  .concat([{ tool: 'get_station', arguments: { id: 'KSEA' } }]);
const calls = Array.from({ length: REPEAT }, () => baseCalls).flat();
const scenarioFile = path.join(work, 'bench-scenario.json');
writeFileSync(scenarioFile, JSON.stringify(calls.map((call) => ({ tool: call.tool, arguments: call.arguments ?? {} }))));
const serverArgs = [path.join(serverDir, 'build/index.js')];

async function bare() {
  const started = performance.now();
  const client = new Client({ name: 'bench-bare', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: serverArgs, cwd: serverDir, stderr: 'ignore' }));
  await client.listTools();
  const first = performance.now();
  const cpu = process.cpuUsage();
  for (const call of calls) await client.callTool({ name: call.tool, arguments: call.arguments ?? {} });
  const used = process.cpuUsage(cpu);
  const last = performance.now();
  await client.close();
  return { callsMs: last - first, cpuMs: (used.user + used.system) / 1000, totalMs: performance.now() - started };
}

async function probe() {
  const started = performance.now();
  let first = 0;
  let last = 0;
  let cpu;
  let used;
  const report = await runProbe({
    target: { kind: 'stdio', command: process.execPath, args: serverArgs, cwd: serverDir, env: process.env, logFile: path.join(work, 'server.log') },
    cwd: work,
    scenario: scenarioFile,
    record: path.join(work, 'recording.json'),
    timeoutMs: 30_000,
    startupTimeoutMs: 30_000,
    // The per-call overhead against a bare loop: one call per call (the noise baseline doubles the calls on purpose).
    noiseBaseline: false,
    onWait: (label) => {
      if (label?.startsWith('calling ') && first === 0) {
        first = performance.now();
        cpu = process.cpuUsage();
      }
      if (label === undefined && first !== 0) {
        used = process.cpuUsage(cpu);
        last = performance.now();
      }
    },
  });
  if (report.calls.length !== calls.length) throw new Error(`the probe made ${report.calls.length} calls, not ${calls.length}`);
  return { callsMs: last - first, cpuMs: (used.user + used.system) / 1000, totalMs: performance.now() - started };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// One warm-up of each (module loading, the OS file cache), then alternate.
await bare();
await probe();
const results = { bare: [], probe: [], ratio: [], cpuRatio: [], totalRatio: [] };
for (let run = 0; run < RUNS; run++) {
  const order = run % 2 === 0 ? [bare, probe] : [probe, bare];
  const measured = {};
  for (const fn of order) measured[fn.name] = await fn();
  results.bare.push(measured.bare);
  results.probe.push(measured.probe);
  results.ratio.push(measured.probe.callsMs / measured.bare.callsMs);
  results.cpuRatio.push(measured.probe.cpuMs / measured.bare.cpuMs);
  results.totalRatio.push(measured.probe.totalMs / measured.bare.totalMs);
}

const perCall = (list, key = 'callsMs') => median(list.map((item) => item[key])) / calls.length;
const summary = {
  calls: calls.length,
  runs: RUNS,
  load: os.loadavg().map((value) => Number(value.toFixed(2))),
  bareMsPerCall: Number(perCall(results.bare).toFixed(3)),
  probeMsPerCall: Number(perCall(results.probe).toFixed(3)),
  ratioMedian: Number(median(results.ratio).toFixed(3)),
  ratioRange: [Math.min(...results.ratio), Math.max(...results.ratio)].map((value) => Number(value.toFixed(3))),
  bareCpuMsPerCall: Number(perCall(results.bare, 'cpuMs').toFixed(3)),
  probeCpuMsPerCall: Number(perCall(results.probe, 'cpuMs').toFixed(3)),
  cpuRatioMedian: Number(median(results.cpuRatio).toFixed(3)),
  totalRatioMedian: Number(median(results.totalRatio).toFixed(3)),
  bareTotalMs: Math.round(median(results.bare.map((item) => item.totalMs))),
  probeTotalMs: Math.round(median(results.probe.map((item) => item.totalMs))),
};

if (JSON_OUTPUT) {
  console.log(JSON.stringify(summary, null, 2));
} else {
  console.log(`probe vs a bare SDK Client loop: ${summary.calls} calls to the example server per run, ${RUNS} runs each, alternated (load ${summary.load.join(' ')})`);
  console.log('');
  console.log('| | per call, wall (median) | per call, client CPU (median) | whole run (median) |');
  console.log('| --- | ---: | ---: | ---: |');
  console.log(`| bare Client.callTool loop | ${summary.bareMsPerCall} ms | ${summary.bareCpuMsPerCall} ms | ${summary.bareTotalMs} ms |`);
  console.log(`| probe (judge, mask, record) | ${summary.probeMsPerCall} ms | ${summary.probeCpuMsPerCall} ms | ${summary.probeTotalMs} ms |`);
  console.log('');
  console.log(`probe / bare, call phase: wall median ${summary.ratioMedian}× (runs ${summary.ratioRange.join('–')}×), client CPU median ${summary.cpuRatioMedian}×; whole run ${summary.totalRatioMedian}×; goal ≤ 1.2× (wall)`);
}
