import rule from '../../rules/no-bare-object-result.js';
import { createRuleTester, SDK_IMPORTS } from './rule-tester.js';

const ruleTester = createRuleTester();

/** The SDK header of SDK_IMPORTS with the import a suggestion adds after the last import. */
const sdkOutput = (names: string, body: string): string => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ${names} } from 'mcp-result-kit';
const server = new McpServer({ name: 'demo', version: '1.0.0' });
${body}`;

const VOLUMES = `declare const volumes: string[];\n`;

ruleTester.run('no-bare-object-result', rule, {
  valid: [
    `${SDK_IMPORTS}${VOLUMES}import { jsonResult } from 'mcp-result-kit';
server.tool('list', async () => jsonResult({ volumes }));`,
    // Results, errors (require-is-error), and objects the analyzer cannot see through.
    `${SDK_IMPORTS}server.tool('a', async () => ({ content: [{ type: 'text', text: 'x' }] }));`,
    `${SDK_IMPORTS}server.tool('b', async () => ({ error: 'not found' }));`,
    `${SDK_IMPORTS}declare const base: object;
server.tool('c', async () => ({ ...base }));`,
    `${SDK_IMPORTS}declare const result: { content: [] };
server.tool('d', async () => {
  const out = result;
  return out;
});`,
    // Prompts, resources and the tools/list handler return their own shapes.
    `${SDK_IMPORTS}server.registerResource('cfg', 'config://app', { mimeType: 'text/plain' }, async (uri) => ({ contents: [{ uri: uri.href, text: 'x' }] }));`,
    `${SDK_IMPORTS}server.resource('cfg', 'config://app', async (uri) => ({ contents: [{ uri: uri.href, text: 'x' }] }));`,
    `${SDK_IMPORTS}server.registerPrompt('p', { argsSchema: { q: z.string() } }, ({ q }) => ({ messages: [{ role: 'user', content: { type: 'text', text: q } }] }));`,
    `${SDK_IMPORTS}server.prompt('p2', async () => ({ messages: [] }));`,
    `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));`,
    // FastMCP and transport handlers serialise objects themselves.
    `import { FastMCP } from 'fastmcp';
const mcp = new FastMCP({ name: 'x', version: '1.0.0' });
mcp.addTool({ name: 'count', execute: async () => ({ count: 1 }) });`,
    { code: `export async function handleList() { return { volumes: ['a'] }; }`, options: [{ handlerPatterns: ['^handle'] }] },
    {
      code: `export const tools = [{ name: 'list', inputSchema: {}, handler: async () => ({ volumes: ['a'] }) }];`,
      options: [{ handlerProperties: ['handler'] }],
    },
    { code: `export class ListTool { name = 'list'; async execute() { return { volumes: ['a'] }; } }`, options: [{ handlerClasses: true }] },
    // Ordinary functions.
    `export function stats() { return { count: 1 }; }`,
    // Issue 9: a wrapper that serialises what the handler returns makes a plain object fine there.
    {
      name: 'a plain object behind a wrapper that serialises it',
      code: `${SDK_IMPORTS}function asTool<A>(handler: (args: A) => Promise<unknown>) {
  return async (args: A) => {
    const result = await handler(args);
    return { content: [{ type: 'text' as const, text: JSON.stringify(result, null, 2) }], _meta: { wrapped: true } };
  };
}
server.tool('stats', {}, asTool(async () => ({ users: 3 })));`,
    },
  ],
  invalid: [
    {
      name: 'bare-object: server.tool arrow body (the range is the literal, not the parentheses)',
      code: `${SDK_IMPORTS}${VOLUMES}server.tool('list', async () => ({ volumes, count: volumes.length }));`,
      errors: [
        {
          messageId: 'bareObject',
          data: { tool: 'Tool "list"' },
          line: 5,
          column: 34,
          endLine: 5,
          endColumn: 68,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${VOLUMES}server.tool('list', async () => jsonResult({ volumes, count: volumes.length }));`),
            },
          ],
        },
      ],
    },
    {
      name: 'bare-object: arrays, registerTool block body, multi-line literal',
      code: `${SDK_IMPORTS}server.registerTool('ids', { inputSchema: {} }, async () => {
  return [1, 2, 3];
});
server.registerTool('pod', { inputSchema: { name: z.string() } }, async ({ name }) => {
  return {
    name,
    ready: true,
  };
});`,
      errors: [
        {
          messageId: 'bareObject',
          line: 5,
          column: 10,
          endColumn: 19,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `server.registerTool('ids', { inputSchema: {} }, async () => {
  return jsonResult([1, 2, 3]);
});
server.registerTool('pod', { inputSchema: { name: z.string() } }, async ({ name }) => {
  return {
    name,
    ready: true,
  };
});`),
            },
          ],
        },
        {
          messageId: 'bareObject',
          line: 8,
          column: 10,
          endLine: 11,
          endColumn: 4,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `server.registerTool('ids', { inputSchema: {} }, async () => {
  return [1, 2, 3];
});
server.registerTool('pod', { inputSchema: { name: z.string() } }, async ({ name }) => {
  return jsonResult({
    name,
    ready: true,
  });
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'bare-object: low-level switch, followed function and a handler map',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
async function getDisk(args: unknown) {
  return { args, free: 10 };
}
const handlers = { uptime: async () => ({ seconds: 3 }) };
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'disk':
      return await getDisk(request.params.arguments);
    default:
      return handlers[request.params.name as 'uptime']();
  }
});`,
      errors: [
        {
          messageId: 'bareObject',
          data: { tool: 'Tool "disk"' },
          line: 5,
          column: 10,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { jsonResult } from 'mcp-result-kit';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
async function getDisk(args: unknown) {
  return jsonResult({ args, free: 10 });
}
const handlers = { uptime: async () => ({ seconds: 3 }) };
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'disk':
      return await getDisk(request.params.arguments);
    default:
      return handlers[request.params.name as 'uptime']();
  }
});`,
            },
          ],
        },
        {
          messageId: 'bareObject',
          data: { tool: 'Tool "uptime"' },
          line: 7,
          column: 41,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { jsonResult } from 'mcp-result-kit';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
async function getDisk(args: unknown) {
  return { args, free: 10 };
}
const handlers = { uptime: async () => jsonResult({ seconds: 3 }) };
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'disk':
      return await getDisk(request.params.arguments);
    default:
      return handlers[request.params.name as 'uptime']();
  }
});`,
            },
          ],
        },
      ],
    },
    {
      name: 'bare-object: callback (withConnection) and await in a 2.x server',
      code: `import { McpServer } from '@modelcontextprotocol/server';
declare function withConnection<T>(fn: (db: { rows(): number }) => Promise<T>): Promise<T>;
const server = new McpServer({ name: 'v2', version: '2.0.0' });
server.registerTool('rows', {}, async () => withConnection(async (db) => ({ rows: db.rows() })));`,
      errors: [
        {
          messageId: 'bareObject',
          line: 4,
          column: 75,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: `import { McpServer } from '@modelcontextprotocol/server';
import { jsonResult } from 'mcp-result-kit';
declare function withConnection<T>(fn: (db: { rows(): number }) => Promise<T>): Promise<T>;
const server = new McpServer({ name: 'v2', version: '2.0.0' });
server.registerTool('rows', {}, async () => withConnection(async (db) => jsonResult({ rows: db.rows() })));`,
            },
          ],
        },
      ],
    },
    {
      name: 'bare-object: a ternary of two objects',
      code: `${SDK_IMPORTS}${VOLUMES}server.tool('list', async () => (volumes.length ? { volumes } : { volumes: [], empty: true }));`,
      errors: [
        {
          messageId: 'bareObject',
          line: 5,
          column: 51,
          endColumn: 62,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${VOLUMES}server.tool('list', async () => (volumes.length ? jsonResult({ volumes }) : { volumes: [], empty: true }));`),
            },
          ],
        },
        {
          messageId: 'bareObject',
          line: 5,
          column: 65,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${VOLUMES}server.tool('list', async () => (volumes.length ? { volumes } : jsonResult({ volumes: [], empty: true })));`),
            },
          ],
        },
      ],
    },
    {
      name: 'bare-object: registrationMethods, importSource from settings',
      code: `declare const app: { defineTool(name: string, fn: () => unknown): void };
app.defineTool('stats', () => ({ cpu: 0.5 }));`,
      options: [{ registrationMethods: ['defineTool'] }],
      settings: { 'mcp-result-kit': { importSource: '~/results' } },
      errors: [
        {
          messageId: 'bareObject',
          line: 2,
          column: 32,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: `import { jsonResult } from '~/results';

declare const app: { defineTool(name: string, fn: () => unknown): void };
app.defineTool('stats', () => jsonResult({ cpu: 0.5 }));`,
            },
          ],
        },
      ],
    },
    // Issue 9: plain objects from handlers reached through maps and dispatch variables.
    {
      name: 'a handler map entry returning a plain object, dispatched by handlers[name](args)',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
declare const fs: { size(path: string): Promise<number> };
const server = new Server({ name: 'fs', version: '1' }, { capabilities: { tools: {} } });
const handlers: Record<string, (args: Record<string, unknown>) => Promise<unknown>> = {
  file_size: async (args) => ({ bytes: await fs.size(String(args.path)) }),
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const handler = handlers[request.params.name];
  if (!handler) throw new Error('unknown tool');
  return await handler(request.params.arguments ?? {});
});`,
      errors: [
        {
          messageId: 'bareObject',
          data: { tool: 'Tool "file_size"' },
          line: 6,
          column: 31,
          endColumn: 74,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { jsonResult } from 'mcp-result-kit';
declare const fs: { size(path: string): Promise<number> };
const server = new Server({ name: 'fs', version: '1' }, { capabilities: { tools: {} } });
const handlers: Record<string, (args: Record<string, unknown>) => Promise<unknown>> = {
  file_size: async (args) => jsonResult({ bytes: await fs.size(String(args.path)) }),
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const handler = handlers[request.params.name];
  if (!handler) throw new Error('unknown tool');
  return await handler(request.params.arguments ?? {});
});`,
            },
          ],
        },
      ],
    },
    {
      name: 'a plain object assigned per case from a call and returned after the switch',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
declare const index: { count(): Promise<number> };
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
async function handleCount() {
  return { files: await index.count() };
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  let result;
  switch (request.params.name) {
    case 'count':
      result = await handleCount();
      break;
    default:
      throw new Error('unknown tool');
  }
  return result;
});`,
      errors: [
        {
          messageId: 'bareObject',
          data: { tool: 'Tool "count"' },
          line: 6,
          column: 10,
          endColumn: 40,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { jsonResult } from 'mcp-result-kit';
declare const index: { count(): Promise<number> };
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
async function handleCount() {
  return jsonResult({ files: await index.count() });
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  let result;
  switch (request.params.name) {
    case 'count':
      result = await handleCount();
      break;
    default:
      throw new Error('unknown tool');
  }
  return result;
});`,
            },
          ],
        },
      ],
    },
  ],
});
