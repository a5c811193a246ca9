// Migration engine vs a jscodeshift pass that does the same walk (ts parser, every ReturnStatement,
// toSource()) over the same generated files. Each measurement runs in its own child process so
// that peak RSS belongs to one phase; phases alternate and the median of the repeats is shown.
// Usage: npm run build && node bench/migrate/run.mjs [--files 1000] [--repeats 3]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateOneFile, generateTree } from '../generate-tree.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '1000' },
    repeats: { type: 'string', default: '3' },
    phase: { type: 'string' },
    dir: { type: 'string' },
    file: { type: 'string' },
    sites: { type: 'string', default: '20000' },
  },
});

async function listFiles(dir) {
  const { globby } = await import('globby');
  return (await globby('src/**/*.ts', { cwd: dir, absolute: true })).sort();
}

async function phase(name, dir) {
  if (name === 'one-file') {
    const { runMigration } = await import(path.join(root, 'dist/transforms/index.js'));
    const started = performance.now();
    const run = runMigration({ files: [values.file] });
    const ms = performance.now() - started;
    process.stdout.write(JSON.stringify({ ms, work: run.files[0].changes.length, files: 1, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
    return;
  }
  const files = await listFiles(dir);
  const started = performance.now();
  let work = 0;
  if (name === 'engine') {
    const { runMigration } = await import(path.join(root, 'dist/transforms/index.js'));
    const run = runMigration({ files, handlerOptions: { handlerPatterns: ['^handle[A-Z]'] } });
    work = run.files.reduce((sum, file) => sum + file.changes.length, 0);
  } else {
    const { default: jscodeshift } = await import('jscodeshift');
    const j = jscodeshift.withParser('ts');
    for (const file of files) {
      const root = j(readFileSync(file, 'utf8'));
      root.find(j.ReturnStatement).forEach(() => {
        work++;
      });
      root.toSource();
    }
  }
  const ms = performance.now() - started;
  process.stdout.write(JSON.stringify({ ms, work, files: files.length, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
}

function measure(name, dir, file) {
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--phase', name, '--dir', dir, ...(file ? ['--file', file] : [])], { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`${name} phase failed: ${child.stderr}`);
  return JSON.parse(child.stdout);
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

if (values.phase) {
  await phase(values.phase, values.dir);
} else {
  const count = Number(values.files);
  const repeats = Number(values.repeats);
  const results = {};
  for (const size of [Math.round(count / 10), count]) {
    const dir = path.join(root, 'bench/.tmp/migrate', String(size));
    generateTree(dir, size);
    const runs = { engine: [], jscodeshift: [] };
    for (let i = 0; i < repeats; i++) {
      for (const name of ['engine', 'jscodeshift']) runs[name].push(measure(name, dir));
    }
    results[size] = {
      engineMs: median(runs.engine.map((r) => r.ms)),
      jscodeshiftMs: median(runs.jscodeshift.map((r) => r.ms)),
      engineRssMb: median(runs.engine.map((r) => r.maxRssMb)),
      jscodeshiftRssMb: median(runs.jscodeshift.map((r) => r.maxRssMb)),
      sitesRewritten: runs.engine[0].work,
      returnStatements: runs.jscodeshift[0].work,
    };
  }
  const [small, large] = Object.keys(results).map(Number).sort((a, b) => a - b);
  const big = results[large];
  console.log(`migrate bench: Node ${process.version}, ${repeats} alternating runs per phase, medians`);
  console.table(Object.fromEntries(Object.entries(results).map(([size, r]) => [`${size} files`, {
    'engine ms': Math.round(r.engineMs),
    'jscodeshift ms': Math.round(r.jscodeshiftMs),
    'engine / jscodeshift': (r.engineMs / r.jscodeshiftMs).toFixed(2),
    'engine peak RSS MB': Math.round(r.engineRssMb),
    'jscodeshift peak RSS MB': Math.round(r.jscodeshiftRssMb),
    'sites rewritten': r.sitesRewritten,
  }])));
  const ratio = big.engineMs / big.jscodeshiftMs;
  const scaling = big.engineMs / results[small].engineMs;
  console.log(`ratio at ${large} files: ${ratio.toFixed(2)} (goal <= 0.5) ${ratio <= 0.5 ? 'MET' : 'MISSED'}`);
  console.log(`scaling ${small} -> ${large} files: ${scaling.toFixed(2)}x time for ${large / small}x files (goal <= 11x) ${scaling <= 11 ? 'MET' : 'MISSED'}`);

  // Cost per site within one file: one function registering N tools, N/8 and N.
  const sites = Number(values.sites);
  const oneFile = {};
  for (const handlers of [Math.round(sites / 8), sites]) {
    // Each file is a project of its own: migrate analyzes every file under the nearest package.json.
    const folder = path.join(root, 'bench/.tmp/migrate/one-file', String(handlers));
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: `one-file-${handlers}`, private: true, type: 'module' }, null, 2));
    const file = generateOneFile(path.join(folder, 'server.ts'), handlers);
    const runs = [];
    for (let i = 0; i < repeats; i++) runs.push(measure('one-file', path.dirname(file), file));
    oneFile[handlers] = { ms: median(runs.map((r) => r.ms)), rssMb: median(runs.map((r) => r.maxRssMb)), sites: runs[0].work };
  }
  const [few, many] = Object.keys(oneFile).map(Number).sort((a, b) => a - b);
  console.table(Object.fromEntries(Object.entries(oneFile).map(([handlers, r]) => [`${handlers} handlers in one file`, { 'engine ms': Math.round(r.ms), 'peak RSS MB': Math.round(r.rssMb), 'sites rewritten': r.sites }])));
  const perSite = oneFile[many].ms / oneFile[few].ms;
  console.log(`one file: ${many} handlers take ${perSite.toFixed(2)}x the time of ${few} (${many / few}x the sites; linear is ${many / few}x, goal <= ${(many / few) * 1.25}x) ${perSite <= (many / few) * 1.25 ? 'MET' : 'MISSED'}`);
  console.log(`one file with ${many} handlers: ${(oneFile[many].ms / 1000).toFixed(2)} s (goal < 5 s) ${oneFile[many].ms < 5000 ? 'MET' : 'MISSED'}`);
}
