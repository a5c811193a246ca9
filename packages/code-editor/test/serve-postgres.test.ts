/**
 * `mcp-code-editor` with the Postgres store, through the built bin: choosing the store
 * by flag or environment, one-line errors, and `pg` as an optional peer dependency.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dropTestDatabase, type TestDatabase } from './support/postgres.js';
import { BIN, PACKAGE_DIR, REPOSITORY } from './bin.js';
import { dataOf, makeTempDir, textOf } from './harness.js';

function run(args: string[], env: Record<string, string | undefined> = {}, bin = BIN, cwd?: string): { status: number | null; stderr: string; stdout: string } {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, MCP_CONTENT_DATABASE_URL: undefined, MCP_CONTENT_TOKEN: undefined, ...env },
    input: '',
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr, stdout: result.stdout };
}

async function connect(args: string[], env: Record<string, string>): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, ...args], env: { ...(process.env as Record<string, string>), ...env }, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client({ name: 'serve-postgres-test', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${stderr}`, { cause: error });
  }
  return { client, stderr: () => stderr };
}

describe('--postgres: bad options are one line and exit 2', () => {
  it.each([
    ['two stores', ['--db', 'a.db', '--postgres', 'postgresql://u@127.0.0.1/db'], {}, 'mcp-code-editor: choose one store: --db <file> or --postgres <url>, not both\n'],
    ['a bare --postgres without the variable', ['--postgres'], {}, 'mcp-code-editor: --postgres without a URL takes it from MCP_CONTENT_DATABASE_URL, which is not set\n'],
    ['not a Postgres URL', ['--postgres', 'mysql://u:pw@host/db'], {}, 'mcp-code-editor: --postgres takes a URL such as postgresql://user@host:5432/database, got mysql://u:***@host/db\n'],
  ])('%s', (_, args, env, stderr) => {
    const result = run(args, env);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(stderr);
  });

  it('a server that cannot be reached: named without its password, exit 1 (the command line was right)', () => {
    const result = run(['--postgres'], { MCP_CONTENT_DATABASE_URL: 'postgresql://editor:s3cret@127.0.0.1:1/content' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^mcp-code-editor: cannot connect to postgresql:\/\/editor:\*\*\*@127\.0\.0\.1:1\/content: .*ECONNREFUSED.*\n$/);
    expect(result.stderr).not.toContain('s3cret');
  });
});

describe('MCP_CONTENT_DATABASE_URL', () => {
  let database: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = makeTempDir('serve-postgres-');
  });
  afterAll(async () => {
    await dropTestDatabase(database);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('selects Postgres when no other store is given; --import loads it, --read-only and --org apply', async () => {
    const source = path.join(dir, 'import');
    fs.mkdirSync(path.join(source, 'workflows', '@org-1'), { recursive: true });
    fs.mkdirSync(path.join(source, 'modules'), { recursive: true });
    fs.writeFileSync(path.join(source, 'workflows', '@org-1', 'sync.py'), '@workflow\ndef sync(): pass\n');
    fs.writeFileSync(path.join(source, 'workflows', 'x.py'), '@workflow\n');
    fs.mkdirSync(path.join(source, 'workflows', '@org-2'), { recursive: true });
    fs.writeFileSync(path.join(source, 'workflows', '@org-2', 'other.py'), '@workflow\ndef other(): pass\n');
    fs.writeFileSync(path.join(source, 'modules', 'util.py'), 'x = 1\n');
    const env = { MCP_CONTENT_DATABASE_URL: database.url };

    const writer = await connect(['--import', source], env);
    await writer.client.close();
    expect(writer.stderr()).toContain('imported 4 file(s)');
    expect(writer.stderr()).toMatch(/serving Postgres postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/mrk_test_\w+ over stdio/);
    expect(writer.stderr()).not.toContain(new URL(database.url).password);

    // This test is about choosing the store, not the regex deadline: a busy CI machine can take
    // Postgres past the 1 s default, so the deadline is set out of the way.
    const reader = await connect(['--read-only', '--org', 'org-1', '--search-timeout', '60000'], env);
    try {
      const call = async (name: string, args: Record<string, unknown>) => (await reader.client.callTool({ name, arguments: args })) as CallToolResult;
      const listed = dataOf(await call('list_content', {}));
      expect((listed.files as Array<{ entity_type: string; path: string; organization_id?: string | null }>).map((file) => [file.entity_type, file.path, file.organization_id ?? null])).toEqual([
        ['workflow', 'x.py', null],
        ['workflow', 'sync.py', 'org-1'],
        ['module', 'util.py', null],
      ]);
      const found = await call('search_content', { pattern: 'def \\w+\\(' });
      expect(textOf(found)).toContain('sync.py:2:def sync(): pass');
      expect(textOf(found)).not.toContain('other.py');
      const write = await call('replace_content', { entity_type: 'module', path: 'util.py', content: 'x = 2\n' });
      expect(textOf(write)).toMatch(/read-only mode/);
    } finally {
      await reader.client.close();
    }
  });
});

describe('pg is an optional peer dependency', () => {
  let copy: string;
  beforeAll(() => {
    // The built package with every installed package except pg (the workspace installs them at its root).
    copy = makeTempDir('code-editor-without-pg-');
    fs.cpSync(path.join(PACKAGE_DIR, 'dist'), path.join(copy, 'dist'), { recursive: true });
    fs.copyFileSync(path.join(PACKAGE_DIR, 'package.json'), path.join(copy, 'package.json'));
    fs.mkdirSync(path.join(copy, 'node_modules'));
    for (const entry of fs.readdirSync(path.join(REPOSITORY, 'node_modules'))) {
      if (entry !== 'pg') fs.symlinkSync(path.join(REPOSITORY, 'node_modules', entry), path.join(copy, 'node_modules', entry));
    }
  });
  afterAll(() => {
    fs.rmSync(copy, { recursive: true, force: true });
  });

  it('--postgres without pg installed: one line naming the install command', () => {
    const result = run(['--postgres', 'postgresql://u@127.0.0.1:1/db'], {}, path.join(copy, 'dist', 'bin', 'mcp-code-editor.js'), copy);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('mcp-code-editor: the Postgres store (--postgres) needs pg, which is not installed; install it with: npm install pg\n');
    fs.writeFileSync(path.join(copy, 'pnpm-lock.yaml'), '');
    expect(run(['--postgres', 'postgresql://u@127.0.0.1:1/db'], {}, path.join(copy, 'dist', 'bin', 'mcp-code-editor.js'), copy).stderr).toContain('install it with: pnpm add pg\n');
  });

  it('the other stores do not need it', () => {
    fs.mkdirSync(path.join(copy, 'content'), { recursive: true });
    const result = run(['--root', path.join(copy, 'content'), '--read-only'], {}, path.join(copy, 'dist', 'bin', 'mcp-code-editor.js'), copy);
    // stdin is empty: the server starts, sees the client gone and stops.
    expect(result.stderr).toContain('serving folder');
    expect(result.status).toBe(0);
  });
});
