/**
 * Only regular files: a FIFO, a socket and a device inside the served folder must never be
 * opened. The server runs as a real process (the built bin over stdio), so a hang shows
 * up as a call that does not answer within its bound instead of freezing the test runner.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, built } from './bin.js';
import { dataOf, makeTempDir, textOf } from './harness.js';

const FS_READ = built('stores/fs-read.js');
const HAS_MKFIFO = process.platform !== 'win32' && spawnSync('mkfifo', ['--version']).status === 0;

/** Rejects when `promise` does not settle within `ms`: the behavioural bound "answers within". */
const HANG_BOUND_MS = 20_000;

async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

interface SpecialFile {
  name: string;
  /** File name in the folder the entity type `text` maps to. */
  file: string;
  /** The error every tool must answer with. */
  error: string;
  /** The error of the write tools, when it differs. */
  writeError?: string;
}

const TABLE: SpecialFile[] = [
  { name: 'a FIFO', file: 'pipe.ts', error: 'Error: pipe.ts is a named pipe (FIFO), not a regular file; only regular files can be read or edited' },
  { name: 'a socket', file: 'server.sock', error: 'Error: server.sock is a socket, not a regular file; only regular files can be read or edited' },
  { name: 'a folder', file: 'sub', error: 'Error: sub is a folder, not a file' },
  { name: '/dev/zero symlinked inside', file: 'zero.txt', error: 'Error: zero.txt resolves outside the content root through a symlink; refused' },
  {
    name: 'a symlink inside to the FIFO',
    file: 'pipe-link.ts',
    error: 'Error: pipe-link.ts is a named pipe (FIFO), not a regular file; only regular files can be read or edited',
    writeError: 'Error: pipe-link.ts is a symlink; refusing to write or delete through it',
  },
];

const TOOLS: Array<[string, Record<string, unknown>]> = [
  ['get_content', {}],
  ['read_content_lines', { start_line: 1 }],
  ['patch_content', { old_string: 'a', new_string: 'b' }],
  ['replace_content', { content: 'overwritten\n' }],
  ['delete_content', {}],
];

describe.skipIf(!HAS_MKFIFO).each(['plain', 'entities'] as const)('special files in a %s folder', (layout) => {
  let dir: string;
  let folder: string;
  let socketServer: net.Server;
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = '';

  beforeAll(async () => {
    expect(fs.existsSync(BIN), 'run npm run build first').toBe(true);
    dir = makeTempDir('special-files-');
    const root = path.join(dir, 'root');
    folder = layout === 'plain' ? root : path.join(root, 'text');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'regular.ts'), 'export const a = 1;\n');
    fs.mkdirSync(path.join(folder, 'sub'));
    expect(spawnSync('mkfifo', [path.join(folder, 'pipe.ts')]).status).toBe(0);
    socketServer = net.createServer();
    await new Promise<void>((resolve) => socketServer.listen(path.join(folder, 'server.sock'), resolve));
    fs.symlinkSync('/dev/zero', path.join(folder, 'zero.txt'));
    fs.symlinkSync('pipe.ts', path.join(folder, 'pipe-link.ts'));
    transport = new StdioClientTransport({ command: process.execPath, args: [BIN, '--root', root, '--layout', layout], stderr: 'pipe' });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    client = new Client({ name: 'special-files', version: '1.0.0' });
    await client.connect(transport);
    await client.listTools();
  });

  afterAll(async () => {
    // close() ends stdin, then escalates to SIGTERM and SIGKILL: a hung server is killed too.
    await client.close();
    await new Promise<void>((resolve) => socketServer.close(() => resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // A server that opened the FIFO would never answer again; the bound only turns that hang into a
  // failure that names the tool, with room for a busy machine (a slow answer is not what is tested).
  const call = (name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
    within(HANG_BOUND_MS, name, client.callTool({ name, arguments: args }) as Promise<CallToolResult>);

  it.each(TABLE)('refuses $name in every tool, and list_content still answers after each', async ({ file, error, writeError }) => {
    for (const [tool, extra] of TOOLS) {
      const result = await call(tool, { entity_type: 'text', path: file, ...extra });
      expect(result.isError, `${tool}\n${stderr}`).toBe(true);
      // patch_content reads first, so it meets the read error.
      const writes = tool === 'replace_content' || tool === 'delete_content';
      expect(textOf(result), tool).toBe(writes && writeError !== undefined ? writeError : error);
      expect(dataOf(result), tool).toMatchObject({ error_code: 'invalid_path' });
      const listed = dataOf(await call('list_content', {})) as { files: Array<{ path: string }> };
      expect(listed.files.map((entry) => entry.path)).toEqual(['regular.ts']);
    }
    // Nothing was replaced or deleted.
    expect(fs.lstatSync(path.join(folder, 'pipe.ts')).isFIFO()).toBe(true);
    expect(fs.lstatSync(path.join(folder, 'server.sock')).isSocket()).toBe(true);
    expect(fs.readlinkSync(path.join(folder, 'zero.txt'))).toBe('/dev/zero');
  });

  it('searches past them', async () => {
    const found = dataOf(await call('search_content', { pattern: 'const', context_lines: 0 })) as { matches: Array<{ path: string }> };
    expect(found.matches.map((match) => match.path)).toEqual(['regular.ts']);
  });
});

describe.skipIf(!HAS_MKFIFO)('reading a path that became a FIFO after the lstat', () => {
  it('returns at once without reading, whoever opens it', () => {
    const dir = makeTempDir('fifo-race-');
    const fifo = path.join(dir, 'swapped.ts');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    // The store's readers, handed the FIFO directly, as after a swap between lstat and open. A
    // blocking open would never return: the child is killed after 5 s and the test fails.
    const script = `
      const { readRegularFile, FastTextReader, NotRegularFileError } = await import(${JSON.stringify(FS_READ)});
      let kind;
      try { readRegularFile(${JSON.stringify(fifo)}); } catch (error) { kind = error instanceof NotRegularFileError ? error.kind : String(error); }
      const text = new FastTextReader().read(${JSON.stringify(fifo)});
      process.stdout.write(JSON.stringify({ kind, text: text ?? null }));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 5000 });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(run.signal, run.stderr).toBeNull();
    expect(JSON.parse(run.stdout)).toEqual({ kind: 'a named pipe (FIFO)', text: null });
  });
});
