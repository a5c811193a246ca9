// Cold start: from spawning the server to the first answer of a listing over stdio, through the
// SDK Client (initialize, then one tools/call). The package's bin `mcp-code-editor --root`, the
// tools' alias `mcp-result-kit serve --root` (which loads the tools' CLI first), and the official
// filesystem server's `list_directory` as the baseline, on the same folder; runs interleaved
// (the order rotates each round), one warm-up round, medians. Needs `npm run build` first;
// server-filesystem (a devDependency) is skipped with a message when absent.
//
//   node bench/code-editor/cold-start.mjs [--runs 11]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { median } from './patch-vs-filesystem.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repository = path.join(here, '..', '..');
const codeEditorBin = path.join(repository, 'packages', 'code-editor', 'dist', 'bin', 'mcp-code-editor.js');
const toolsBin = path.join(repository, 'dist', 'bin', 'mcp-result-kit.js');
const filesystemServer = path.join(repository, 'node_modules', '@modelcontextprotocol', 'server-filesystem', 'dist', 'index.js');


/** 200 small source files in 20 folders: a small project. */
export function writeProject(root) {
  if (fs.existsSync(path.join(root, 'src', 'f19', 'm9.ts'))) return;
  for (let folder = 0; folder < 20; folder++) {
    fs.mkdirSync(path.join(root, 'src', `f${folder}`), { recursive: true });
    for (let file = 0; file < 10; file++) {
      fs.writeFileSync(path.join(root, 'src', `f${folder}`, `m${file}.ts`), `export const value${folder}_${file} = ${folder * 10 + file};\n`.repeat(20));
    }
  }
}

/** Milliseconds from spawn to the first answer of `tool` (an error answer throws). */
export async function firstAnswer(command, args, tool, toolArgs) {
  const started = performance.now();
  const transport = new StdioClientTransport({ command, args, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'bench-cold-start', version: '1.0.0' });
  try {
    await client.connect(transport);
    const result = await client.callTool({ name: tool, arguments: toolArgs });
    const elapsed = performance.now() - started;
    if (result.isError) throw new Error(`${tool} failed: ${JSON.stringify(result.content)}\n${stderr}`);
    return elapsed;
  } finally {
    await client.close();
  }
}

export async function benchColdStart({ runs = 11, work = path.join(here, '..', '.tmp', 'code-editor', 'cold-start') } = {}) {
  if (!fs.existsSync(codeEditorBin) || !fs.existsSync(toolsBin)) {
    console.log('cold start: skipped, the build is missing (run `npm run build` first)\n');
    return undefined;
  }
  const root = path.join(work, 'project');
  writeProject(root);
  const contenders = [
    { label: 'mcp-code-editor --root (the package bin), list_content', command: process.execPath, args: [codeEditorBin, '--root', root, '--read-only'], tool: 'list_content', toolArgs: {} },
    { label: 'mcp-result-kit serve --root (the tools alias), list_content', command: process.execPath, args: [toolsBin, 'serve', '--root', root, '--read-only'], tool: 'list_content', toolArgs: {} },
  ];
  if (fs.existsSync(filesystemServer)) {
    contenders.push({ label: 'server-filesystem, list_directory (baseline)', command: process.execPath, args: [filesystemServer, root], tool: 'list_directory', toolArgs: { path: path.join(root, 'src') } });
  } else {
    console.log('cold start: @modelcontextprotocol/server-filesystem is not installed (a devDependency: npm install); no baseline\n');
  }
  const times = contenders.map(() => []);
  for (let round = -1; round < runs; round++) {
    for (let offset = 0; offset < contenders.length; offset++) {
      const index = (Math.max(round, 0) + offset) % contenders.length;
      const { command, args, tool, toolArgs } = contenders[index];
      const elapsed = await firstAnswer(command, args, tool, toolArgs);
      if (round >= 0) times[index].push(elapsed);
    }
  }
  const baseline = contenders.length === 3 ? median(times[2]) : undefined;
  console.log(`cold start over stdio to the first listing (spawn, initialize, one tools/call), ${runs} interleaved rounds after 1 warm-up, medians; a folder of 200 files:\n`);
  const rows = contenders.map((contender, index) => {
    const value = median(times[index]);
    return [contender.label, `${value.toFixed(0)} ms`, `${Math.min(...times[index]).toFixed(0)}-${Math.max(...times[index]).toFixed(0)} ms`, baseline ? `${(value / baseline).toFixed(2)}x` : '-'];
  });
  const headers = ['server', 'median', 'range', 'vs server-filesystem'];
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column].length)));
  const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  console.log([line(headers), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n'));
  console.log('');
  return { medians: times.map(median), baseline };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '11' } } });
  await benchColdStart({ runs: Number(values.runs) });
}
