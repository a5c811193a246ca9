// npm run bench: every benchmark in turn, each printing its own table and ratios.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const benches = ['migrate', 'lint', 'cli', 'suppressions', 'code-editor', 'stores'].filter((name) => only.length === 0 || only.includes(name));
let failed = 0;
for (const name of benches) {
  const script = path.join(here, name, 'run.mjs');
  if (!existsSync(script)) {
    console.error(`bench/${name}: no run.mjs, skipped`);
    continue;
  }
  console.log(`\n## ${name}\n`);
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exitCode = failed > 0 ? 1 : 0;
