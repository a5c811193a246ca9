// registerCodeEditorTools on a server the user creates, beside the user's own tool, through a
// real client: the SDK 1.x McpServer (@modelcontextprotocol/sdk) and the v2 one
// (@modelcontextprotocol/server 2.4.0 with @modelcontextprotocol/client), each over its
// in-memory transport. No adapter: both take zod 4 schemas in registerTool. The SDK's oldest
// supported 1.x (1.23.0) is covered by test/package/code-editor.test.ts at the repository root,
// with the packed package installed as users install it.
import fs from 'node:fs';
import path from 'node:path';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as InMemoryTransportV1 } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer as McpServerV1 } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { InMemoryTransport as InMemoryTransportV2, McpServer as McpServerV2 } from '@modelcontextprotocol/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CODE_EDITOR_TOOL_NAMES, FsStore, registerCodeEditorTools } from '../src/index.js';
import { makeTempDir } from './harness.js';

/** What the test needs of either client. */
interface AnyClient {
  listTools(): Promise<{ tools: Array<{ name: string; inputSchema: unknown; outputSchema?: unknown }> }>;
  callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

interface Result {
  content: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** A user's server: its own tool first, then the code editor's seven, then connected to a client. */
async function connectV1(store: FsStore): Promise<{ client: AnyClient; close: () => Promise<void> }> {
  const server = new McpServerV1({ name: 'my-server', version: '1.0.0' });
  server.registerTool('ping', { description: 'answers pong', inputSchema: { echo: z.string().optional() } }, async ({ echo }) => ({ content: [{ type: 'text', text: echo ?? 'pong' }] }));
  const tools = registerCodeEditorTools(server, { store });
  const [clientSide, serverSide] = InMemoryTransportV1.createLinkedPair();
  await server.connect(serverSide);
  const client = new ClientV1({ name: 'embedding-test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, close: async () => (await client.close(), await tools.close()) };
}

async function connectV2(store: FsStore): Promise<{ client: AnyClient; close: () => Promise<void> }> {
  const server = new McpServerV2({ name: 'my-server', version: '1.0.0' });
  server.registerTool('ping', { description: 'answers pong', inputSchema: z.object({ echo: z.string().optional() }) }, async ({ echo }) => ({ content: [{ type: 'text', text: echo ?? 'pong' }] }));
  const tools = registerCodeEditorTools(server, { store });
  const [clientSide, serverSide] = InMemoryTransportV2.createLinkedPair();
  await server.connect(serverSide);
  const client = new ClientV2({ name: 'embedding-test', version: '1.0.0' });
  await client.connect(clientSide);
  return { client, close: async () => (await client.close(), await tools.close()) };
}

describe.each([
  ['@modelcontextprotocol/sdk 1.x McpServer', connectV1],
  ['@modelcontextprotocol/server 2.4.0 McpServer', connectV2],
])('registerCodeEditorTools on a %s', (_, connect) => {
  let dir: string;
  let store: FsStore;
  let session: { client: AnyClient; close: () => Promise<void> };
  const call = async (name: string, args: Record<string, unknown>) => (await session.client.callTool({ name, arguments: args })) as Result;

  beforeEach(async () => {
    dir = makeTempDir('code-editor-embedding-');
    fs.mkdirSync(path.join(dir, 'src'));
    fs.writeFileSync(path.join(dir, 'src/greet.ts'), 'export function greet(name: string) {\n  return `hello ${name}`;\n}\n');
    store = new FsStore(dir);
    session = await connect(store);
  });
  afterEach(async () => {
    await session.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lists the seven tools beside the server\'s own, with input and output schemas', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['ping', ...CODE_EDITOR_TOOL_NAMES]);
    const patch = tools.find((tool) => tool.name === 'patch_content');
    expect(patch?.inputSchema).toMatchObject({ type: 'object', required: expect.arrayContaining(['path', 'old_string', 'new_string']) });
    expect(patch?.outputSchema).toMatchObject({ type: 'object' });
    expect(await call('ping', {})).toMatchObject({ content: [{ type: 'text', text: 'pong' }] });
  });

  it('lists, searches, patches and reads back through the client; the file on disk changes', async () => {
    const listed = await call('list_content', {});
    expect(listed.isError).toBeUndefined();
    expect((listed.structuredContent?.files as Array<{ path: string }>).map((file) => file.path)).toEqual(['src/greet.ts']);
    const found = await call('search_content', { pattern: 'hello \\$\\{' });
    expect(found.structuredContent).toMatchObject({ total_matches: 1 });
    const patched = await call('patch_content', { path: 'src/greet.ts', old_string: 'hello ${name}', new_string: 'hi ${name}' });
    expect(patched.isError, patched.content[0]?.text).toBeUndefined();
    expect(patched.content[0]?.text).toContain('+  return `hi ${name}`;');
    expect(fs.readFileSync(path.join(dir, 'src/greet.ts'), 'utf8')).toContain('return `hi ${name}`;');
    const read = await call('read_content_lines', { path: 'src/greet.ts', start_line: 2, end_line: 2 });
    expect(read.content[0]?.text).toContain('return `hi ${name}`;');
  });

  it('answers a bad call with an isError result the model can act on, and writes nothing', async () => {
    const missing = await call('get_content', { path: 'src/nope.ts' });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]?.text).toBe('Error: File not found: src/nope.ts (text). Check the path with list_content or search_content.');
    const broken = await call('patch_content', { path: 'src/greet.ts', old_string: 'return', new_string: 'return (' });
    expect(broken.isError).toBe(true);
    expect(broken.structuredContent).toMatchObject({ error_code: 'validation_failed' });
    expect(fs.readFileSync(path.join(dir, 'src/greet.ts'), 'utf8')).toContain('return `hello ${name}`;');
  });
});
