#!/usr/bin/env node
// `npx mcp-result-kit` where only this runtime is installed: the CLI is in @mcp-result-kit/tools.
// Runs its CLI when the project has it (npm may link either package's bin), else says how to get it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const TOOLS = '@mcp-result-kit/tools';

function toolsCli() {
  for (const from of [path.join(process.cwd(), 'x.js'), import.meta.url]) {
    try {
      const manifest = createRequire(from).resolve(`${TOOLS}/package.json`);
      const bin = JSON.parse(readFileSync(manifest, 'utf8')).bin?.['mcp-result-kit'];
      if (bin) return path.join(path.dirname(manifest), bin);
    } catch {
      // Not resolvable from there: try the next place.
    }
  }
}

const cli = toolsCli();
if (cli) await import(pathToFileURL(cli).href);
else {
  const args = process.argv.slice(2).join(' ') || '<command>';
  process.stderr.write(`mcp-result-kit: the command line (check, migrate, probe, demo, serve) is in ${TOOLS}, not in the runtime; install it with: npm i -D ${TOOLS}, or run it without installing: npx -p ${TOOLS} mcp-result-kit ${args}\n`);
  process.exitCode = 2;
}
