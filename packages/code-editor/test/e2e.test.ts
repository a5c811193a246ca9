/**
 * End to end: the built bin (dist/bin/mcp-code-editor.js) over stdio with the SDK's
 * StdioClientTransport, plus startCodeEditorServer over Streamable HTTP.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodeEditorServerError, startCodeEditorServer } from '../src/index.js';
import { BIN } from './bin.js';
import { dataOf, makeTempDir, textOf } from './harness.js';


async function connectStdio(args: string[], cwd: string): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, ...args], cwd, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(transport);
  await client.listTools();
  return { client, stderr: () => stderr };
}

describe('stdio end to end (built bin)', () => {
  let dir: string;
  beforeEach(() => {
    expect(fs.existsSync(BIN), 'run npm run build first').toBe(true);
    dir = makeTempDir('code-editor-e2e-');
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs a full edit session: create → search → read lines → patch → conflict → get → delete', async () => {
    const { client, stderr } = await connectStdio(['--db', 'session.db'], dir);
    const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
    try {
      const body = ['@workflow(is_tool=True)', 'async def get_agents(client_id: str) -> list[dict]:', '    """Get all agents."""', '    return []', ''].join('\n');
      const created = await call('replace_content', { entity_type: 'workflow', path: 'features/agents.py', organization_id: 'org-1', content: body });
      expect(dataOf(created)).toMatchObject({ created: true });

      const found = await call('search_content', { pattern: 'def get_.*agent', entity_type: 'workflow' });
      expect(textOf(found)).toContain('features/agents.py:2:async def get_agents(client_id: str) -> list[dict]:');

      const read = await call('read_content_lines', { entity_type: 'workflow', path: 'features/agents.py', organization_id: 'org-1', start_line: 3, end_line: 4 });
      expect(textOf(read)).toContain('     4→    return []');
      const readSha = dataOf(read).sha256 as string;

      const patched = await call('patch_content', {
        entity_type: 'workflow',
        path: 'features/agents.py',
        organization_id: 'org-1',
        old_string: '    return []',
        new_string: '    return await list_agents(client_id)',
        expected_sha256: readSha,
      });
      expect(textOf(patched)).toContain('\n-    return []\n+    return await list_agents(client_id)\n');

      const conflict = await call('patch_content', {
        entity_type: 'workflow',
        path: 'features/agents.py',
        organization_id: 'org-1',
        old_string: 'Get all agents.',
        new_string: 'List agents.',
        expected_sha256: readSha,
      });
      expect(conflict.isError).toBe(true);
      expect(dataOf(conflict)).toMatchObject({ error_code: 'conflict', current_sha256: dataOf(patched).sha256 });

      const got = await call('get_content', { entity_type: 'workflow', path: 'features/agents.py', organization_id: 'org-1' });
      expect(dataOf(got).content).toBe(body.replace('    return []', '    return await list_agents(client_id)'));

      const deleted = await call('delete_content', { entity_type: 'workflow', path: 'features/agents.py', organization_id: 'org-1' });
      expect(textOf(deleted)).toBe('Deleted features/agents.py');
      const gone = await call('get_content', { entity_type: 'workflow', path: 'features/agents.py', organization_id: 'org-1' });
      expect(gone.isError).toBe(true);
    } finally {
      await client.close();
    }
    // The database was created on first use, and logs went to stderr (stdout is the protocol).
    expect(fs.existsSync(path.join(dir, 'session.db'))).toBe(true);
    expect(stderr()).toContain('serving database');
  });

  it('imports a folder into the database and honours --read-only and --org', async () => {
    const source = path.join(dir, 'import');
    fs.mkdirSync(path.join(source, 'workflows', '@org-1'), { recursive: true });
    fs.mkdirSync(path.join(source, 'modules'), { recursive: true });
    fs.mkdirSync(path.join(source, 'docs'), { recursive: true });
    fs.writeFileSync(path.join(source, 'workflows', '@org-1', 'sync.py'), '@workflow\ndef sync(): pass\n');
    fs.writeFileSync(path.join(source, 'workflows', 'global.py'), '@workflow\ndef g(): pass\n');
    fs.writeFileSync(path.join(source, 'modules', 'util.py'), 'x = 1\n');
    fs.writeFileSync(path.join(source, 'docs', 'notes.md'), '# notes\n');
    // Import in a writable run first (a read-only server cannot create the database).
    const writer = await connectStdio(['--db', 'imported.db', '--import', source, '--layout', 'entities'], dir);
    await writer.client.close();
    expect(writer.stderr()).toContain('imported 4 file(s)');
    expect(writer.stderr()).toContain('(layout entities (chosen)');

    const { client } = await connectStdio(['--db', 'imported.db', '--read-only', '--org', 'org-1'], dir);
    try {
      const listed = (await client.callTool({ name: 'list_content', arguments: {} })) as CallToolResult;
      expect((dataOf(listed).files as Array<{ entity_type: string; path: string; organization_id?: string | null }>).map((file) => [file.entity_type, file.path, file.organization_id ?? null])).toEqual([
        ['workflow', 'global.py', null],
        ['workflow', 'sync.py', 'org-1'],
        ['module', 'util.py', null],
        ['text', 'docs/notes.md', null],
      ]);
      const write = (await client.callTool({ name: 'replace_content', arguments: { entity_type: 'text', path: 'x.txt', content: 'x' } })) as CallToolResult;
      expect(textOf(write)).toMatch(/read-only mode/);
    } finally {
      await client.close();
    }
  });

  it('reports bad options on stderr with exit code 2 and never prints to stdout', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [BIN, '--db', 'a.db', '--root', 'r'], { cwd: dir, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('mcp-code-editor: choose one store: --db <file> or --root <dir>, not both\n');
  });
});

describe('--root through the built bin', () => {
  let dir: string;
  beforeEach(() => {
    dir = makeTempDir('code-editor-root-');
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a mistyped --root exits 2 naming the path and creates nothing; a file says it is a file', async () => {
    const { spawnSync } = await import('node:child_process');
    const missing = spawnSync(process.execPath, [BIN, '--root', './nope'], { cwd: dir, encoding: 'utf8', input: '' });
    expect(missing.status).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toBe(`mcp-code-editor: --root ./nope: ${path.join(fs.realpathSync(dir), 'nope')} does not exist; check the path, or add --create-root to create it\n`);
    expect(fs.existsSync(path.join(dir, 'nope'))).toBe(false);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'x');
    const file = spawnSync(process.execPath, [BIN, '--root', 'notes.txt'], { cwd: dir, encoding: 'utf8', input: '' });
    expect(file.status).toBe(2);
    expect(file.stderr).toMatch(/^mcp-code-editor: --root notes\.txt: .*notes\.txt is a file, not a folder; --root serves a folder\n$/);
  });

  it('--create-root creates the folder and serves it', async () => {
    const { client } = await connectStdio(['--root', 'new/content', '--create-root'], dir);
    try {
      const written = (await client.callTool({ name: 'replace_content', arguments: { path: 'a.txt', content: 'hi\n' } })) as CallToolResult;
      expect(written.isError, textOf(written)).not.toBe(true);
      expect(fs.readFileSync(path.join(dir, 'new', 'content', 'a.txt'), 'utf8')).toBe('hi\n');
    } finally {
      await client.close();
    }
  });
});

describe('startCodeEditorServer', () => {
  it('throws typed errors for bad options instead of exiting', async () => {
    await expect(startCodeEditorServer({ db: 'a.db', root: 'b' })).rejects.toMatchObject({ name: 'CodeEditorServerError', code: 'invalid_options' });
    await expect(startCodeEditorServer({ http: 70000 })).rejects.toThrow('--http must be a port number between 0 and 65535, got 70000');
    await expect(startCodeEditorServer({ org: '../x' })).rejects.toBeInstanceOf(CodeEditorServerError);
    await expect(startCodeEditorServer({ search: { timeoutMs: Number.NaN } })).rejects.toThrow('--search-timeout must be a positive number of milliseconds, got NaN');
    const dir = makeTempDir('code-editor-opts-');
    await expect(startCodeEditorServer({ db: path.join(dir, 'missing.db'), readOnly: true })).rejects.toMatchObject({ code: 'store' });
    await expect(startCodeEditorServer({ db: path.join(dir, 'no', 'such', 'folder', 'x.db') })).rejects.toThrow(/folder .* does not exist/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves Streamable HTTP on 127.0.0.1 with DNS rebinding protection', async () => {
    const dir = makeTempDir('code-editor-http-');
    const server = await startCodeEditorServer({ root: path.join(dir, 'root'), createRoot: true, layout: 'entities', http: 0, log: () => undefined });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const url = new URL(server.url ?? '');
      const client = new Client({ name: 'http-e2e', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(url));
      const created = (await client.callTool({ name: 'replace_content', arguments: { entity_type: 'module', path: 'm.py', content: 'x = 1\n' } })) as CallToolResult;
      expect(dataOf(created)).toMatchObject({ created: true });
      expect(fs.readFileSync(path.join(dir, 'root', 'modules', 'm.py'), 'utf8')).toBe('x = 1\n');
      await client.close();

      // A page on another host name that resolves to 127.0.0.1 sends its own Host header.
      const status = await new Promise<{ code: number; body: string }>((resolve, reject) => {
        const request = http.request(
          { host: '127.0.0.1', port: url.port, path: '/mcp', method: 'POST', headers: { host: `evil.example:${url.port}`, 'content-type': 'application/json' } },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
            response.on('end', () => resolve({ code: response.statusCode ?? 0, body }));
          },
        );
        request.on('error', reject);
        request.end('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
      });
      expect(status.code).toBe(403);
      expect(JSON.parse(status.body).error.message).toBe(`Invalid Host header: evil.example:${url.port}`);
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
