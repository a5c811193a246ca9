// patch_content against the official filesystem server's edit_file, side by side in one run:
// both servers spawned over stdio and driven through the SDK Client, the same exact-once edits
// applied to byte-identical copies of a file, in interleaved pairs (which side goes first
// alternates), reported as the median of the per-pair ratios. Needs `npm run build` first and
// the devDependency @modelcontextprotocol/server-filesystem (skipped with a message without it).
//
//   node bench/code-editor/patch-vs-filesystem.mjs [--pairs 21]
//
// Our server serves the folder as a plain folder (--root, layout plain): the same files, the
// same paths, no database in between.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repository = path.join(here, '..', '..');
const bin = path.join(repository, 'packages', 'code-editor', 'dist', 'bin', 'mcp-code-editor.js');
const filesystemServer = path.join(repository, 'node_modules', '@modelcontextprotocol', 'server-filesystem', 'dist', 'index.js');
const WARM_UP_PAIRS = 2;

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
export const ms = (value) => `${value.toFixed(1)} ms`;
const size = (bytes) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`);

export function table(headers, rows) {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) => `| ${cells.map((cell, column) => String(cell).padEnd(widths[column])).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log('');
}

/**
 * A TypeScript module of `units` repeated units: an interface, a class with methods and three
 * functions, the shapes of ordinary application code. `computeN` returns `total + N`, the
 * unique text each edit changes.
 */
export function typescriptModule(units) {
  const parts = ["import { strict as assert } from 'node:assert';\n"];
  for (let unit = 0; unit < units; unit++) {
    parts.push(`
/** Settings of service ${unit}. */
export interface Options${unit} {
  name: string;
  retries: number;
  timeoutMs?: number;
}

export class Service${unit} {
  private readonly cache = new Map<string, number>();

  constructor(private readonly options: Options${unit}) {}

  lookup(key: string): number | undefined {
    return this.cache.get(\`\${this.options.name}:\${key}\`);
  }

  store(key: string, value: number): void {
    assert(value >= 0, 'values are counts');
    this.cache.set(\`\${this.options.name}:\${key}\`, value);
  }
}

export function compute${unit}(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value * ${unit % 13};
  return total + ${unit};
}

export const describe${unit} = (options: Options${unit}): string => \`\${options.name} (\${options.retries} retries)\`;

export async function load${unit}(fetchValue: (key: string) => Promise<number>): Promise<number[]> {
  return Promise.all(['a', 'b', 'c'].map((key) => fetchValue(\`${unit}/\${key}\`)));
}
`);
  }
  return parts.join('');
}

export const FILES = [
  { label: '4 MB TypeScript module', name: 'big.ts', units: 4320 },
  { label: '37 KB TypeScript module', name: 'small.ts', units: 39 },
];

export async function connect(label, command, args) {
  const transport = new StdioClientTransport({ command, args, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: `bench-${label}`, version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  return { client, stderr: () => stderr };
}

export async function timed(call) {
  const started = performance.now();
  const result = await call();
  return { result, time: performance.now() - started };
}

export async function benchPatchVsFilesystem({ pairs = 21, work = path.join(here, '..', '.tmp', 'code-editor', 'patch-vs-fs') } = {}) {
  if (!fs.existsSync(bin)) {
    console.log('patch_content vs edit_file: skipped, packages/code-editor/dist/ is missing (run `npm run build` first)\n');
    return undefined;
  }
  if (!fs.existsSync(filesystemServer)) {
    console.log('patch_content vs edit_file: skipped, @modelcontextprotocol/server-filesystem is not installed (it is a devDependency: npm install)\n');
    return undefined;
  }
  const version = JSON.parse(fs.readFileSync(path.join(filesystemServer, '..', '..', 'package.json'), 'utf8')).version;
  fs.rmSync(work, { recursive: true, force: true });
  const ours = path.join(work, 'ours');
  const theirs = path.join(work, 'theirs');
  fs.mkdirSync(ours, { recursive: true });
  fs.mkdirSync(theirs, { recursive: true });
  for (const file of FILES) {
    file.content = typescriptModule(file.units);
    fs.writeFileSync(path.join(ours, file.name), file.content);
    fs.writeFileSync(path.join(theirs, file.name), file.content);
  }

  const editor = await connect('ours', process.execPath, [bin, '--root', ours, '--layout', 'plain']);
  const filesystem = await connect('theirs', process.execPath, [filesystemServer, theirs]);
  const rows = [];
  const results = [];
  try {
    for (const file of FILES) {
      const oursTimes = [];
      const theirsTimes = [];
      const ratios = [];
      let coldFirstPatch;
      for (let pair = 0; pair < WARM_UP_PAIRS + pairs; pair++) {
        // A different function each pair, spread over the file.
        const unit = Math.floor(((pair + 0.5) / (WARM_UP_PAIRS + pairs)) * file.units);
        const oldText = `  return total + ${unit};\n}`;
        const newText = `  return total - ${unit};\n}`;
        const patch = () =>
          timed(() => editor.client.callTool({ name: 'patch_content', arguments: { path: file.name, old_string: oldText, new_string: newText } }));
        const edit = () =>
          timed(() =>
            filesystem.client.callTool({ name: 'edit_file', arguments: { path: path.join(theirs, file.name), edits: [{ oldText, newText }] } }),
          );
        let mine;
        let other;
        if (pair % 2 === 0) {
          mine = await patch();
          other = await edit();
        } else {
          other = await edit();
          mine = await patch();
        }
        if (mine.result.isError) throw new Error(`patch_content failed: ${mine.result.content[0].text}\n${editor.stderr()}`);
        if (other.result.isError) throw new Error(`edit_file failed: ${other.result.content[0].text}`);
        if (pair === 0) coldFirstPatch = mine.time;
        if (pair < WARM_UP_PAIRS) continue;
        oursTimes.push(mine.time);
        theirsTimes.push(other.time);
        ratios.push(mine.time / other.time);
      }
      const identical = fs.readFileSync(path.join(ours, file.name)).equals(fs.readFileSync(path.join(theirs, file.name)));
      if (!identical) throw new Error(`${file.name}: the two servers left different files`);
      // Validation is still there: a patch that breaks the syntax is refused, nothing written.
      const unit = Math.floor(file.units / 3);
      const before = fs.readFileSync(path.join(ours, file.name));
      const refused = await timed(() =>
        editor.client.callTool({
          name: 'patch_content',
          arguments: { path: file.name, old_string: `export function compute${unit}(`, new_string: `export function compute${unit}((` },
        }),
      );
      if (!refused.result.isError || !/syntax error/.test(refused.result.content[0].text)) {
        throw new Error(`a patch breaking ${file.name} was not refused: ${JSON.stringify(refused.result.content)}`);
      }
      if (!fs.readFileSync(path.join(ours, file.name)).equals(before)) throw new Error(`a refused patch changed ${file.name}`);
      const ratio = median(ratios);
      results.push({ file: file.label, ratio, ours: median(oursTimes), theirs: median(theirsTimes) });
      rows.push([
        file.label,
        size(Buffer.byteLength(file.content)),
        ms(median(oursTimes)),
        ms(median(theirsTimes)),
        `${ratio.toFixed(2)}x`,
        `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x`,
        ms(coldFirstPatch),
        ms(refused.time),
      ]);
    }
  } finally {
    await editor.client.close();
    await filesystem.client.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log(
    `patch_content (mcp-code-editor --root, plain folder) vs server-filesystem ${version} edit_file, over stdio through the SDK Client; ${pairs} interleaved pairs after ${WARM_UP_PAIRS} warm-up pairs, one exact-once edit each, end states byte-identical:\n`,
  );
  table(['file', 'size', 'patch_content median', 'edit_file median', 'median pair ratio', 'pair ratios', 'first patch (cold)', 'refused broken patch'], rows);
  for (const { file, ratio } of results) {
    console.log(`goal patch_content faster than edit_file (${file}): median pair ratio ${ratio.toFixed(2)}x -> ${ratio < 1 ? 'met' : 'NOT met'}`);
  }
  console.log('');
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { pairs: { type: 'string', default: '21' } } });
  await benchPatchVsFilesystem({ pairs: Number(values.pairs) });
}
