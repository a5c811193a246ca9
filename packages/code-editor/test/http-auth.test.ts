/**
 * HTTP authentication: a bearer token in the shape of the MCP authorization spec, required on
 * any non-loopback address, optional on loopback, never a command-line value. Through
 * startCodeEditorServer with real requests, and through the built binary.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../src/http-auth.js';
import { startCodeEditorServer, type RunningCodeEditorServer } from '../src/index.js';
import { BIN } from './bin.js';
import { dataOf, makeTempDir } from './harness.js';

const TOKEN = 'f3a9c1d2e4b5a6978899aabbccddeeff00112233445566778899aabbccddeeff';
const TOOLS_CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'replace_content', arguments: { entity_type: 'text', path: 'pwned.txt', content: 'x' } },
});

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function post(url: string, headers: Record<string, string>, body = TOOLS_CALL): Promise<Reply> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { host: `127.0.0.1:${target.port}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The same URL as a client on this machine reaches it (a server on 0.0.0.0 reports 0.0.0.0). */
function localUrl(url: string): URL {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  return parsed;
}

describe('isLoopbackHost', () => {
  it.each(['127.0.0.1', '127.4.5.6', 'localhost', 'LOCALHOST', '::1', '[::1]', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });
  it.each(['0.0.0.0', '::', '10.0.0.5', '192.168.1.2', '::ffff:10.0.0.1', 'example.com', 'my-laptop', '128.0.0.1'])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('startCodeEditorServer over HTTP with a bearer token', () => {
  let dir: string;
  let server: RunningCodeEditorServer | undefined;
  let logged: string[];
  beforeEach(() => {
    dir = makeTempDir('code-editor-auth-');
    logged = [];
    server = undefined;
  });
  afterEach(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const start = async (options: { host?: string; token?: string }) => {
    server = await startCodeEditorServer({ root: path.join(dir, 'root'), createRoot: true, layout: 'entities', http: 0, ...options, log: (message) => logged.push(message) });
    return server;
  };

  it.each(['0.0.0.0', '::', 'example.com'])('refuses to listen on %s without a token, and says how to set one', async (host) => {
    const error = await start({ host }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'CodeEditorServerError', code: 'invalid_options' });
    expect((error as Error).message).toBe(
      `refusing to serve HTTP on ${host} without authentication: anyone who can reach the port could read, patch and delete all content. ` +
        'Put a token in a file (openssl rand -hex 32 > token; chmod 600 token) and pass --token-file token, or set MCP_CONTENT_TOKEN; or listen on 127.0.0.1',
    );
    expect(fs.existsSync(path.join(dir, 'root'))).toBe(false);
  });

  it.each([
    ['too short', 'abc123', /the token is 6 characters; use at least 32/],
    ['with a space', `${TOKEN} x`, /the token may only contain letters, digits and - \. _ ~ \+ \//],
    ['empty', '', /the token is empty/],
  ])('refuses a token that is %s', async (_, token, message) => {
    await expect(start({ token })).rejects.toThrow(message);
  });

  it('refuses a token without --http (stdio has no network to protect)', async () => {
    await expect(startCodeEditorServer({ root: path.join(dir, 'root'), createRoot: true, token: TOKEN })).rejects.toThrow('a token only applies with --http <port>');
  });

  it('on 0.0.0.0 with a token: 401 without it or with a wrong one, nothing written; the SDK client with the header works', async () => {
    const running = await start({ host: '0.0.0.0', token: TOKEN });
    expect(logged.some((line) => line.includes(`at ${running.url} (bearer token required)`))).toBe(true);
    const url = localUrl(running.url ?? '');

    const missing = await post(url.toString(), {});
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="mcp-result-kit"');
    expect(JSON.parse(missing.body).error.message).toBe('Unauthorized: send Authorization: Bearer <token>');

    for (const authorization of [`Bearer ${TOKEN.slice(0, -1)}0`, `Bearer ${TOKEN}${TOKEN}`, 'Bearer x', `Basic ${TOKEN}`, `Bearer`, `${TOKEN}`]) {
      const wrong = await post(url.toString(), { authorization });
      expect(wrong.status, authorization).toBe(401);
      expect(wrong.headers['www-authenticate']).toBe('Bearer realm="mcp-result-kit", error="invalid_token"');
      expect(JSON.parse(wrong.body).error.message).toBe('Unauthorized: invalid bearer token');
    }
    expect(fs.existsSync(path.join(dir, 'root', 'text', 'pwned.txt'))).toBe(false);

    // The scheme is case-insensitive (RFC 7235).
    const lowercase = await post(url.toString(), { authorization: `bearer ${TOKEN}` });
    expect(lowercase.status).toBe(200);

    const client = new Client({ name: 'auth-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } }));
    try {
      const created = (await client.callTool({ name: 'replace_content', arguments: { entity_type: 'module', path: 'm.py', content: 'x = 1\n' } })) as CallToolResult;
      expect(dataOf(created)).toMatchObject({ created: true });
    } finally {
      await client.close();
    }
    expect(fs.readFileSync(path.join(dir, 'root', 'modules', 'm.py'), 'utf8')).toBe('x = 1\n');
  });

  it('checks the Host header before the token (DNS rebinding), and the token before anything else answers', async () => {
    const running = await start({ token: TOKEN });
    const url = localUrl(running.url ?? '');
    const foreign = await post(url.toString(), { host: `evil.example:${url.port}`, authorization: `Bearer ${TOKEN}` });
    expect(foreign.status).toBe(403);
    const elsewhere = await post(new URL('/other', url).toString(), {});
    expect(elsewhere.status).toBe(401);
  });

  it('on loopback the token is optional, and the start-up line says whether it is on', async () => {
    const open = await start({});
    expect(logged.some((line) => line.includes(`at ${open.url} (no authentication: loopback only)`))).toBe(true);
    expect((await post(open.url ?? '', {})).status).toBe(200);
    await open.close();

    logged = [];
    const guarded = await start({ token: TOKEN });
    expect(logged.some((line) => line.includes('(bearer token required)'))).toBe(true);
    expect((await post(guarded.url ?? '', {})).status).toBe(401);
  });
});

describe('mcp-code-editor --http: the token comes from a file or the environment', () => {
  let dir: string;
  const children: ChildProcess[] = [];
  beforeEach(() => {
    expect(fs.existsSync(BIN), 'run npm run build first').toBe(true);
    dir = makeTempDir('code-editor-auth-cli-');
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Starts the binary; resolves with the URL from its start-up line, or the exit code and stderr. */
  function serve(args: string[], env: Record<string, string> = {}): Promise<{ url?: string; code?: number | null; stderr: string }> {
    const child = spawn(process.execPath, [BIN, '--root', path.join(dir, 'root'), '--create-root', ...args], {
      env: { ...process.env, MCP_CONTENT_TOKEN: undefined, MCP_CONTENT_DATABASE_URL: undefined, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    return new Promise((resolve) => {
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        const match = / at (http:\/\/\S+\/mcp) /.exec(stderr);
        if (match) resolve({ url: match[1], stderr });
      });
      child.once('exit', (code) => resolve({ code, stderr }));
    });
  }

  function writeToken(name: string, content: string, mode = 0o600): string {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content, { mode });
    fs.chmodSync(file, mode);
    return file;
  }

  it('refuses a non-loopback --host without a token: exit 2, one line', async () => {
    const run = await serve(['--http', '0', '--host', '0.0.0.0']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^mcp-code-editor: refusing to serve HTTP on 0\.0\.0\.0 without authentication: .*--token-file token, or set MCP_CONTENT_TOKEN; or listen on 127\.0\.0\.1\n$/);
  });

  it('takes the token from --token-file; requests without it get 401', async () => {
    const run = await serve(['--http', '0', '--host', '0.0.0.0', '--token-file', writeToken('token', `${TOKEN}\n`)]);
    expect(run.stderr).toContain('(bearer token required)');
    expect(run.stderr).not.toContain('warning');
    const url = localUrl(run.url ?? '').toString();
    expect((await post(url, {})).status).toBe(401);
    expect((await post(url, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it('takes the token from MCP_CONTENT_TOKEN', async () => {
    const run = await serve(['--http', '0', '--host', '0.0.0.0'], { MCP_CONTENT_TOKEN: TOKEN });
    const url = localUrl(run.url ?? '').toString();
    expect((await post(url, { authorization: 'Bearer nope' })).status).toBe(401);
    expect((await post(url, { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it('accepts the Host names given with --allowed-host (the name clients reach it by), and no others', async () => {
    const run = await serve(['--http', '0', '--host', '0.0.0.0', '--allowed-host', 'editor.internal'], { MCP_CONTENT_TOKEN: TOKEN });
    const url = localUrl(run.url ?? '');
    const authorization = `Bearer ${TOKEN}`;
    expect((await post(url.toString(), { host: `editor.internal:${url.port}`, authorization })).status).toBe(200);
    expect((await post(url.toString(), { host: `other.internal:${url.port}`, authorization })).status).toBe(403);
  });

  it('warns when other users can read the token file', async () => {
    const run = await serve(['--http', '0', '--token-file', writeToken('shared-token', TOKEN, 0o644)]);
    expect(run.stderr).toContain(`warning: token file ${path.join(dir, 'shared-token')} is readable by other users (mode 644); chmod 600 it`);
  });

  it.each([
    ['a token on the command line', ['--http', '0', '--token', TOKEN], {}, /unknown option '--token'/],
    ['both a token file and the variable', ['--http', '0', '--token-file', 'TOKEN_FILE'], { MCP_CONTENT_TOKEN: TOKEN }, /both --token-file and MCP_CONTENT_TOKEN are set; use one/],
    ['a missing token file', ['--http', '0', '--token-file', 'no-such-file'], {}, /cannot read token file no-such-file: ENOENT/],
    ['a short token', ['--http', '0', '--host', '0.0.0.0'], { MCP_CONTENT_TOKEN: 'short' }, /MCP_CONTENT_TOKEN is 5 characters; use at least 32/],
  ])('refuses %s with exit 2', async (_, args, env, message) => {
    const resolvedArgs = args.map((arg) => (arg === 'TOKEN_FILE' ? writeToken('token', TOKEN) : arg));
    const run = await serve(resolvedArgs, env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('ignores an exported MCP_CONTENT_TOKEN on stdio', async () => {
    const child = spawn(process.execPath, [BIN, '--root', path.join(dir, 'root'), '--create-root'], { env: { ...process.env, MCP_CONTENT_TOKEN: TOKEN }, stdio: ['pipe', 'ignore', 'pipe'] });
    children.push(child);
    let stderr = '';
    await new Promise<void>((resolve) => {
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        if (stderr.includes('over stdio')) resolve();
      });
      child.once('exit', () => resolve());
    });
    expect(stderr).toContain('serving folder');
  });
});
