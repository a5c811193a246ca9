// What `migrate --output-schema` adds to a type-aware migrate: the same 1,000 generated files as the
// CLI bench (bench/generate-tree.mjs, every registration style, a strict NodeNext tsconfig), run
// through the built binary with and without --output-schema, alternating, in one script, so both
// see the same machine load. Reports the medians, their ratio (goal <= 1.25) and the load average.
//
//   npm run build && node bench/output-schema/run.mjs [--files 1000] [--runs 5]
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateTree } from '../generate-tree.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const bin = path.join(root, 'dist/bin/mcp-result-kit.js');
const project = path.join(root, 'bench/.tmp/output-schema/project');
const { values } = parseArgs({ options: { files: { type: 'string', default: '1000' }, runs: { type: 'string', default: '5' } } });

if (!existsSync(bin)) {
  console.error('bench/output-schema: build first (npm run build)');
  process.exit(2);
}

generateTree(project, Number(values.files));
// bench/.tmp is in the kit's .gitignore, which migrate respects; make the tree its own repository.
spawnSync('git', ['init', '-q'], { cwd: project });
writeFileSync(
  path.join(project, 'tsconfig.json'),
  JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true, types: [] }, include: ['src'] }, null, 2),
);

function once(extra) {
  const started = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [bin, 'migrate', '--dry-run', '--json', '--handler-pattern', '^handle[A-Z]', ...extra, 'src'], { cwd: project, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, CI: '1' } });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0 && result.status !== 1) throw new Error(`migrate failed (exit ${result.status}):\n${result.stderr}`);
  const report = JSON.parse(result.stdout);
  return { wallMs, engineMs: report.elapsedMs, report };
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const load = () => os.loadavg().map((value) => value.toFixed(1)).join(' ');
const loadBefore = load();
const plain = [];
const withSchemas = [];
for (let i = 0; i < Number(values.runs); i++) {
  plain.push(once([]));
  withSchemas.push(once(['--output-schema']));
}
const loadAfter = load();
const { report } = withSchemas[0];
const schemas = report.changes.filter((change) => change.kind === 'output-schema').length;
const listed = report.needsReview.filter((item) => item.kind === 'output-schema').length;
const wall = [median(plain.map((run) => run.wallMs)), median(withSchemas.map((run) => run.wallMs))];
const engine = [median(plain.map((run) => run.engineMs)), median(withSchemas.map((run) => run.engineMs))];
console.log(`migrate --output-schema bench: ${report.filesScanned} files, type-aware, ${values.runs} alternating runs each, medians; ${process.version}, ${os.cpus().length} cores, load average ${loadBefore} before, ${loadAfter} after`);
console.log('');
console.log('| run | handlers | schemas written | tools listed without one | wall time | command time (elapsedMs) |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
console.log(`| type-aware migrate | ${plain[0].report.handlers} | | | ${(wall[0] / 1000).toFixed(2)} s | ${(engine[0] / 1000).toFixed(2)} s |`);
console.log(`| type-aware migrate --output-schema | ${report.handlers} | ${schemas} | ${listed} | ${(wall[1] / 1000).toFixed(2)} s | ${(engine[1] / 1000).toFixed(2)} s |`);
console.log('');
console.log(`ratio (with / without): wall ${(wall[1] / wall[0]).toFixed(2)}, command ${(engine[1] / engine[0]).toFixed(2)} (goal <= 1.25) ${engine[1] / engine[0] <= 1.25 ? 'MET' : 'MISSED'}`);
