/**
 * Several server processes on one store, as replicas behind a load balancer run: the built
 * bin (`mcp-code-editor`) over stdio through the SDK Client. Each process applies chained
 * patches with expected_sha256 and retries on conflict; not one reported success may be lost.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIN, built } from './bin.js';
import { dataOf, makeTempDir } from './harness.js';
import { createTestDatabase, dropTestDatabase } from './support/postgres.js';

const FILE_LOCK = built('stores/file-lock.js');
const PATCHES_PER_PROCESS = 50;
const FILE = { entity_type: 'text', path: 'shared/log.txt' } as const;

interface ServeProcess {
  client: Client;
  pid: number;
  stderr: () => string;
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
}

async function startServe(args: string[], cwd: string, env: Record<string, string> = {}): Promise<ServeProcess> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    cwd,
    env: { ...(process.env as Record<string, string>), ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'multi-process-test', version: '1.0.0' });
  try {
    await client.connect(transport);
    await client.listTools();
  } catch (error) {
    throw new Error(`${(error as Error).message}\nserver stderr:\n${stderr}`, { cause: error });
  }
  return {
    client,
    pid: transport.pid ?? 0,
    stderr: () => stderr,
    call: async (name, callArgs) => (await client.callTool({ name, arguments: callArgs })) as CallToolResult,
  };
}

/** `count` patches, each based on the sha256 the process just read; a conflict means re-read and retry. */
async function chainedPatches(server: ServeProcess, tag: string, count: number): Promise<{ conflicts: number }> {
  let conflicts = 0;
  for (let index = 0; index < count; index++) {
    for (;;) {
      const read = await server.call('read_content_lines', { ...FILE, start_line: 1, end_line: 1 });
      const result = await server.call('patch_content', {
        ...FILE,
        old_string: 'END',
        new_string: `${tag}-${index}\nEND`,
        expected_sha256: dataOf(read).sha256,
      });
      if (!result.isError) break;
      expect(dataOf(result).error_code, server.stderr()).toBe('conflict');
      conflicts++;
    }
  }
  return { conflicts };
}

function expectEveryPatchOnce(content: string, tags: string[]): void {
  const lines = content.split('\n');
  expect(lines[0]).toBe('header');
  expect(lines.slice(-2)).toEqual(['END', '']);
  const patched = lines.slice(1, -2);
  expect(patched).toHaveLength(tags.length * PATCHES_PER_PROCESS);
  for (const tag of tags) {
    // Each process's patches are all there, once each, in the order it applied them.
    expect(patched.filter((line) => line.startsWith(`${tag}-`))).toEqual(Array.from({ length: PATCHES_PER_PROCESS }, (_, index) => `${tag}-${index}`));
  }
}

interface StoreUnderTest {
  args: string[];
  env?: Record<string, string>;
  cleanup(): Promise<void>;
}

const STORES: Record<'fs' | 'postgres', (dir: string) => Promise<StoreUnderTest>> = {
  fs: async (dir) => ({ args: ['--root', path.join(dir, 'root'), '--create-root'], cleanup: async () => undefined }),
  postgres: async () => {
    const database = await createTestDatabase();
    // The URL goes through the environment, as documented (a password on the command line shows in ps).
    return { args: [], env: { MCP_CONTENT_DATABASE_URL: database.url }, cleanup: () => dropTestDatabase(database) };
  },
};

describe.each(['fs', 'postgres'] as const)('two serve processes on one %s store', (kind) => {
  let dir: string;
  let store: StoreUnderTest;
  const servers: ServeProcess[] = [];
  beforeEach(async () => {
    expect(fs.existsSync(BIN), 'run npm run build first').toBe(true);
    dir = makeTempDir('code-editor-multi-');
    store = await STORES[kind](dir);
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.client.close()));
    await store.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(`${PATCHES_PER_PROCESS} chained patches each with expected_sha256: no lost update`, async () => {
    servers.push(await startServe(store.args, dir, store.env), await startServe(store.args, dir, store.env));
    const [first, second] = servers;
    const seeded = await first.call('replace_content', { ...FILE, content: 'header\nEND\n' });
    expect(seeded.isError, JSON.stringify(seeded)).toBeFalsy();

    const outcomes = await Promise.all([chainedPatches(first, 'a', PATCHES_PER_PROCESS), chainedPatches(second, 'b', PATCHES_PER_PROCESS)]);

    const final = await second.call('get_content', FILE);
    expectEveryPatchOnce(dataOf(final).content as string, ['a', 'b']);
    // Both processes really competed: some attempts saw the other's write and retried.
    expect(outcomes[0].conflicts + outcomes[1].conflicts).toBeGreaterThan(0);
  });
});

describe('folder store: a process killed while holding a file lock', () => {
  it('blocks writers while alive; after SIGKILL the next writer goes on within the stale timeout', async () => {
    const dir = makeTempDir('code-editor-stale-');
    const root = path.join(dir, 'root');
    // The entity layout: the lock below is taken on text/shared/log.txt, where that layout keeps the file.
    const server = await startServe(['--root', root, '--create-root', '--layout', 'entities'], dir);
    try {
      expect((await server.call('replace_content', { ...FILE, content: 'header\nEND\n' })).isError).toBeFalsy();
      const target = path.join(fs.realpathSync(root), 'text', 'shared', 'log.txt');

      // Another process takes the lock the way FsStore does, reports it, and hangs on to it.
      const holderScript = [
        `const { FileLocks } = await import(${JSON.stringify(FILE_LOCK)});`,
        `const locks = new FileLocks(${JSON.stringify(fs.realpathSync(root))});`,
        `await locks.withLock(${JSON.stringify(target)}, () => new Promise(() => { process.stdout.write('locked\\n'); setInterval(() => {}, 1000); }));`,
      ].join('\n');
      const holder = spawn(process.execPath, ['--input-type=module', '-e', holderScript], { stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
        holder.once('exit', (code) => reject(new Error(`lock holder exited early with ${code}`)));
      });

      const started = Date.now();
      let finishedAt: number | undefined;
      const patch = server
        .call('patch_content', { ...FILE, old_string: 'END', new_string: 'after-kill\nEND' })
        .finally(() => (finishedAt = Date.now()));
      // While the holder lives, the write waits for the lock.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(finishedAt).toBeUndefined();

      const killedAt = Date.now();
      holder.kill('SIGKILL');
      const result = await patch;
      expect(result.isError, JSON.stringify(result)).toBeFalsy();
      expect(fs.readFileSync(target, 'utf8')).toBe('header\nafter-kill\nEND\n');
      // The lock's stale timeout is 10 s and its holder refreshes it every 5 s; add slack for a
      // loaded machine, but far less than waiting forever.
      expect((finishedAt ?? Infinity) - killedAt).toBeLessThan(10_000 + 3_000);
      expect((finishedAt ?? 0) - started).toBeGreaterThan(1500);
    } finally {
      await server.client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
