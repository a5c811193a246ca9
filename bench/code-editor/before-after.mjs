// The code editor against another build of itself, in one run: the same exact-once patches of
// byte-identical copies (interleaved pairs, the side going first alternating), and the cold start
// to the first list_content (interleaved rounds). For checking that a change that should not
// touch performance (a refactoring, the move into its own package) did not: build the other
// version somewhere and point --before at its entry, which must take `--root <dir> --layout plain`.
//
//   node bench/code-editor/before-after.mjs --before /tmp/old/dist/src/code-editor/cli-main.js [--pairs 21] [--runs 11]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { firstAnswer, writeProject } from './cold-start.mjs';
import { connect, FILES, median, ms, table, timed, typescriptModule } from './patch-vs-filesystem.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const after = path.join(here, '..', '..', 'packages', 'code-editor', 'dist', 'bin', 'mcp-code-editor.js');
const WARM_UP_PAIRS = 2;

const { values } = parseArgs({ options: { before: { type: 'string' }, pairs: { type: 'string', default: '21' }, runs: { type: 'string', default: '11' } } });
if (!values.before || !fs.existsSync(values.before)) {
  console.error('before-after: --before <entry of the other build> is required (e.g. the old dist/src/code-editor/cli-main.js)');
  process.exit(2);
}
if (!fs.existsSync(after)) {
  console.error('before-after: packages/code-editor/dist/ is missing; run `npm run build` first');
  process.exit(1);
}
const sides = { before: path.resolve(values.before), after };
const pairs = Number(values.pairs);
const work = path.join(here, '..', '.tmp', 'code-editor', 'before-after');
fs.rmSync(work, { recursive: true, force: true });

const rows = [];
const clients = {};
for (const [side, entry] of Object.entries(sides)) {
  const folder = path.join(work, side);
  fs.mkdirSync(folder, { recursive: true });
  for (const file of FILES) fs.writeFileSync(path.join(folder, file.name), (file.content ??= typescriptModule(file.units)));
  clients[side] = await connect(side, process.execPath, [entry, '--root', folder, '--layout', 'plain']);
}
try {
  for (const file of FILES) {
    const times = { before: [], after: [] };
    const ratios = [];
    for (let pair = 0; pair < WARM_UP_PAIRS + pairs; pair++) {
      const unit = Math.floor(((pair + 0.5) / (WARM_UP_PAIRS + pairs)) * file.units);
      const args = { path: file.name, old_string: `  return total + ${unit};\n}`, new_string: `  return total - ${unit};\n}` };
      const got = {};
      for (const side of pair % 2 === 0 ? ['before', 'after'] : ['after', 'before']) {
        const { result, time } = await timed(() => clients[side].client.callTool({ name: 'patch_content', arguments: args }));
        if (result.isError) throw new Error(`${side}: patch_content failed: ${result.content[0].text}\n${clients[side].stderr()}`);
        got[side] = time;
      }
      if (pair < WARM_UP_PAIRS) continue;
      times.before.push(got.before);
      times.after.push(got.after);
      ratios.push(got.after / got.before);
    }
    if (!fs.readFileSync(path.join(work, 'before', file.name)).equals(fs.readFileSync(path.join(work, 'after', file.name)))) {
      throw new Error(`${file.name}: the two builds left different files`);
    }
    rows.push([`patch_content, ${file.label}`, ms(median(times.before)), ms(median(times.after)), `${median(ratios).toFixed(2)}x`, `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x`]);
  }
} finally {
  for (const { client } of Object.values(clients)) await client.close();
}

const project = path.join(work, 'project');
writeProject(project);
const starts = { before: [], after: [] };
const startRatios = [];
for (let round = -1; round < Number(values.runs); round++) {
  const got = {};
  for (const side of round % 2 === 0 ? ['before', 'after'] : ['after', 'before']) {
    got[side] = await firstAnswer(process.execPath, [sides[side], '--root', project, '--read-only'], 'list_content', {});
  }
  if (round < 0) continue;
  starts.before.push(got.before);
  starts.after.push(got.after);
  startRatios.push(got.after / got.before);
}
rows.push(['cold start to the first list_content (200 files)', ms(median(starts.before)), ms(median(starts.after)), `${median(startRatios).toFixed(2)}x`, `${Math.min(...startRatios).toFixed(2)}-${Math.max(...startRatios).toFixed(2)}x`]);
fs.rmSync(work, { recursive: true, force: true });

console.log(`before: ${sides.before}\nafter:  ${sides.after}\n${pairs} interleaved patch pairs after ${WARM_UP_PAIRS} warm-up pairs; ${values.runs} cold-start rounds after 1 warm-up; medians, ratios after/before per pair:\n`);
table(['measure', 'before median', 'after median', 'median pair ratio', 'pair ratios'], rows);
