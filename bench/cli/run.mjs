// CLI benchmark: `mcp-result-kit migrate --dry-run --json` through the real binary on 1,000
// realistic handler files.
//
//   npm run build && node bench/cli/run.mjs [--files 1000] [--runs 3] [--json]
//
// The tree is generated deterministically (bench/generate-tree.mjs, every registration style)
// under bench/.tmp/cli/project with a tsconfig.json, so the run is type-aware like a real project
// (and `git init` there, since the kit's .gitignore, which migrate respects, lists bench/.tmp/).
// Reports the median wall time, peak RSS (from /usr/bin/time -v when present, else the process's
// own resourceUsage().maxRSS through an in-process wrapper) and files per second.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateTree } from '../generate-tree.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const bin = path.join(root, 'dist/bin/mcp-result-kit.js');
const project = path.join(root, 'bench/.tmp/cli/project');

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : Number(args[index + 1]);
};
const FILES = flag('files', 1000);
const RUNS = flag('runs', 3);
const JSON_OUTPUT = args.includes('--json');

if (!existsSync(bin)) {
  console.error('bench/cli: build first (npm run build)');
  process.exit(2);
}

generateTree(project, FILES);
// bench/.tmp is in the kit's .gitignore, which migrate respects; make the tree its own repository.
spawnSync('git', ['init', '-q'], { cwd: project });
writeFileSync(
  path.join(project, 'tsconfig.json'),
  JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true, types: [] }, include: ['src'] }, null, 2),
);

const cliArgs = ['migrate', '--dry-run', '--json', '--handler-pattern', '^handle[A-Z]', 'src'];
const timeBin = ['/usr/bin/time', '/bin/time'].find((candidate) => existsSync(candidate));

// Without GNU time: run the bin inside a wrapper that reports its own peak RSS on exit.
const WRAPPER = `
process.on('exit', () => process.stderr.write('\\nMAXRSS_KB ' + process.resourceUsage().maxRSS + '\\n'));
process.argv = [process.argv[0], ${JSON.stringify(bin)}, ...process.argv.slice(1)];
await import(${JSON.stringify(pathToFileURL(bin).href)});
`;

function once(extraArgs = []) {
  const started = process.hrtime.bigint();
  const argv = [...cliArgs.slice(0, -1), ...extraArgs, cliArgs[cliArgs.length - 1]];
  const result = timeBin
    ? spawnSync(timeBin, ['-v', process.execPath, bin, ...argv], { cwd: project, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, CI: '1' } })
    : spawnSync(process.execPath, ['--input-type=module', '-e', WRAPPER, ...argv], { cwd: project, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, CI: '1' } });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 1 && result.status !== 0) throw new Error(`migrate failed (exit ${result.status}):\n${result.stderr}`);
  const rssKb = Number((timeBin ? /Maximum resident set size \(kbytes\): (\d+)/ : /MAXRSS_KB (\d+)/).exec(result.stderr)?.[1] ?? NaN);
  const report = JSON.parse(result.stdout);
  return { wallMs, rssMb: rssKb / 1024, report };
}

// The baseline in the same script: the codemod bench's jscodeshift pass (ts parser, every
// ReturnStatement, toSource()) over the same files, also as a fresh process each time.
const jscodeshiftPhase = path.join(root, 'bench/migrate/run.mjs');
function jscodeshiftOnce() {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [jscodeshiftPhase, '--phase', 'jscodeshift', '--dir', project], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`jscodeshift pass failed:\n${result.stderr}`);
  return { wallMs: Number(process.hrtime.bigint() - started) / 1e6, ...JSON.parse(result.stdout) };
}

// The same command without type information (what the jscodeshift adapter sees).
const syntaxOnlyOnce = () => once(['--no-tsconfig']);

const runs = [];
const syntaxRuns = [];
const jscodeshiftRuns = [];
for (let i = 0; i < RUNS; i++) {
  runs.push(once());
  syntaxRuns.push(syntaxOnlyOnce());
  jscodeshiftRuns.push(jscodeshiftOnce());
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const wallMs = median(runs.map((run) => run.wallMs));
const rssMb = Math.max(...runs.map((run) => run.rssMb));
const { report } = runs[0];
const summary = {
  files: report.filesScanned,
  typeAware: report.typeAware,
  handlers: report.handlers,
  changes: report.changes.length,
  needsReview: report.needsReview.length,
  filesChanged: report.filesChanged,
  runs: RUNS,
  wallMs: Math.round(wallMs),
  engineMs: median(runs.map((run) => run.report.elapsedMs)),
  peakRssMb: Math.round(rssMb),
  filesPerSecond: Math.round((report.filesScanned / wallMs) * 1000),
  rssSource: timeBin ? `${timeBin} -v` : 'process.resourceUsage().maxRSS',
  node: process.version,
  syntaxOnly: {
    wallMs: Math.round(median(syntaxRuns.map((run) => run.wallMs))),
    peakRssMb: Math.round(Math.max(...syntaxRuns.map((run) => run.rssMb))),
    changes: syntaxRuns[0].report.changes.length,
  },
  jscodeshift: {
    wallMs: Math.round(median(jscodeshiftRuns.map((run) => run.wallMs))),
    passMs: Math.round(median(jscodeshiftRuns.map((run) => run.ms))),
    peakRssMb: Math.round(Math.max(...jscodeshiftRuns.map((run) => run.maxRssMb))),
  },
};

if (JSON_OUTPUT) console.log(JSON.stringify(summary, null, 2));
else {
  console.log(`mcp-result-kit ${cliArgs.join(' ')}  (${summary.files} files, ${summary.typeAware ? 'type-aware' : 'syntax only'}, median of ${RUNS})`);
  console.log('');
  console.log('| files | handlers | changes (sites + return types) | wall time | command time (report elapsedMs) | peak RSS | files/s |');
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| ${summary.files} | ${summary.handlers} | ${summary.changes} | ${(summary.wallMs / 1000).toFixed(2)} s | ${(summary.engineMs / 1000).toFixed(2)} s | ${summary.peakRssMb} MB | ${summary.filesPerSecond} |`,
  );
  const { syntaxOnly, jscodeshift } = summary;
  console.log(
    `| ${summary.files} (syntax only) | ${summary.handlers} | ${syntaxOnly.changes} | ${(syntaxOnly.wallMs / 1000).toFixed(2)} s | | ${syntaxOnly.peakRssMb} MB | ${Math.round((summary.files / syntaxOnly.wallMs) * 1000)} |`,
  );
  console.log(
    `| ${summary.files} (jscodeshift pass) | | | ${(jscodeshift.wallMs / 1000).toFixed(2)} s | ${(jscodeshift.passMs / 1000).toFixed(2)} s | ${jscodeshift.peakRssMb} MB | ${Math.round((summary.files / jscodeshift.wallMs) * 1000)} |`,
  );
  console.log(`\nwall time vs the jscodeshift pass: type-aware ${(summary.wallMs / jscodeshift.wallMs).toFixed(2)}x, syntax only ${(syntaxOnly.wallMs / jscodeshift.wallMs).toFixed(2)}x`);
  console.log(`peak RSS from ${summary.rssSource}; ${summary.node}`);
}
