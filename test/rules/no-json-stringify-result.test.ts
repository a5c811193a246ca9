import rule from '../../rules/no-json-stringify-result.js';
import { createRuleTester, SDK_IMPORTS } from './rule-tester.js';

const ruleTester = createRuleTester();

/** The SDK header of SDK_IMPORTS with the import a suggestion adds after the last import. */
const sdkOutput = (names: string, body: string): string => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ${names} } from 'mcp-result-kit';
const server = new McpServer({ name: 'demo', version: '1.0.0' });
${body}`;

const DATA = `declare const data: { items: string[] };\n`;

const LOW_LEVEL = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
const registry: Record<string, (args: unknown) => Promise<unknown>> = {};
`;
const lowLevelOutput = (body: string): string => `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { toCallToolResult } from 'mcp-result-kit';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
const registry: Record<string, (args: unknown) => Promise<unknown>> = {};
${body}`;

ruleTester.run('no-json-stringify-result', rule, {
  valid: [
    `${SDK_IMPORTS}${DATA}import { jsonResult } from 'mcp-result-kit';
server.tool('list', async () => jsonResult(data));`,
    // JSON text that already comes with structuredContent, or is an error result.
    `${SDK_IMPORTS}${DATA}server.tool('list', async () => ({ content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data }));`,
    `${SDK_IMPORTS}${DATA}server.tool('list', async () => ({ content: [{ type: 'text', text: JSON.stringify(data) }], isError: true }));`,
    // Error payloads are require-is-error's.
    `${SDK_IMPORTS}server.tool('get', async () => JSON.stringify({ error: 'not found' }));`,
    // JSON built inside the handler but not returned, and in ordinary functions.
    `${SDK_IMPORTS}${DATA}import { successResult } from 'mcp-result-kit';
server.tool('save', async () => {
  const body = JSON.stringify(data);
  await fetch('https://example.com', { method: 'POST', body });
  return successResult('Saved');
});`,
    `${DATA}export function serialise() { return JSON.stringify(data, null, 2); }`,
    // Prompts and resources.
    `${SDK_IMPORTS}${DATA}server.registerResource('data', 'data://all', {}, async (uri) => ({ contents: [{ uri: uri.href, text: JSON.stringify(data) }] }));`,
    `${SDK_IMPORTS}${DATA}server.prompt('summarise', () => ({ messages: [{ role: 'user', content: { type: 'text', text: JSON.stringify(data) } }] }));`,
    // Serialising outside a result literal is not a result: a log line, a request body.
    `export function describe(r: unknown) { return { label: 'result', text: typeof r === 'string' ? r : JSON.stringify(r, null, 2) }; }`,
    `export function chat(r: unknown) { return { role: 'assistant', content: [{ type: 'text', text: JSON.stringify(r) }] }; }`,
    // The user's own helper.
    { code: `${SDK_IMPORTS}${DATA}server.tool('list', async () => asJson(data));`, options: [{ resultHelpers: ['asJson'] }] },
    // Issue 9: the team's own result builders are never analyzed.
    {
      name: 'resultHelpers: a listed toResult builder is not a site, nor are its calls',
      code: `${SDK_IMPORTS}${DATA}function toResult(value: unknown) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(value, null, 2) }] };
}
server.tool('list', async () => toResult(data));`,
      options: [{ resultHelpers: ['toResult'] }],
    },
    {
      name: 'a JSON helper nobody returns from a tool is an ordinary function',
      code: `${DATA}export const asText = (value: unknown) => JSON.stringify(value, null, 2);
export function logLine() { return \`state: \${asText(data)}\`; }`,
    },
  ],
  invalid: [
    {
      name: 'a shared wrapper that builds the result is a transport wrapper wherever it is called from',
      code: `export function wrap(r: unknown) { return { content: [{ type: 'text', text: typeof r === 'string' ? r : JSON.stringify(r, null, 2) }] }; }`,
      errors: [
        {
          messageId: 'transportWrapper',
          line: 1,
          column: 43,
          endColumn: 136,
          suggestions: [
            {
              messageId: 'useToCallToolResult',
              output: `import { toCallToolResult } from 'mcp-result-kit';

export function wrap(r: unknown) { return toCallToolResult(r); }`,
            },
          ],
        },
      ],
    },
    {
      name: 'json-stringify: indent 2 (the default), compact, 4, a string indent, undefined replacer',
      code: `${SDK_IMPORTS}${DATA}server.tool('a', async () => JSON.stringify(data, null, 2));
server.tool('b', async () => JSON.stringify(data));
server.tool('c', async () => JSON.stringify(data, null, 4));
server.tool('d', async () => JSON.stringify(data, undefined, '\\t'));`,
      errors: [
        {
          messageId: 'jsonStringifyResult',
          data: { tool: 'Tool "a"' },
          line: 5,
          column: 30,
          endColumn: 59,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${DATA}server.tool('a', async () => jsonResult(data));
server.tool('b', async () => JSON.stringify(data));
server.tool('c', async () => JSON.stringify(data, null, 4));
server.tool('d', async () => JSON.stringify(data, undefined, '\\t'));`),
            },
          ],
        },
        {
          messageId: 'jsonStringifyResult',
          line: 6,
          column: 30,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${DATA}server.tool('a', async () => JSON.stringify(data, null, 2));
server.tool('b', async () => jsonResult(data, { indent: 0 }));
server.tool('c', async () => JSON.stringify(data, null, 4));
server.tool('d', async () => JSON.stringify(data, undefined, '\\t'));`),
            },
          ],
        },
        {
          messageId: 'jsonStringifyResult',
          line: 7,
          column: 30,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${DATA}server.tool('a', async () => JSON.stringify(data, null, 2));
server.tool('b', async () => JSON.stringify(data));
server.tool('c', async () => jsonResult(data, { indent: 4 }));
server.tool('d', async () => JSON.stringify(data, undefined, '\\t'));`),
            },
          ],
        },
        {
          messageId: 'jsonStringifyResult',
          line: 8,
          column: 30,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${DATA}server.tool('a', async () => JSON.stringify(data, null, 2));
server.tool('b', async () => JSON.stringify(data));
server.tool('c', async () => JSON.stringify(data, null, 4));
server.tool('d', async () => jsonResult(data, { indent: '\\t' }));`),
            },
          ],
        },
      ],
    },
    {
      name: 'json-stringify: a replacer and an indent known only at run time go into the options as JSON.stringify has them',
      code: `${SDK_IMPORTS}${DATA}declare const pretty: boolean;
server.tool('a', async () => JSON.stringify(data, (key, value) => value, 2));
server.tool('b', async () => JSON.stringify(data, ['items'], pretty ? 2 : undefined));`,
      errors: [
        {
          messageId: 'jsonStringifyResult',
          line: 6,
          column: 30,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${DATA}declare const pretty: boolean;
server.tool('a', async () => jsonResult(data, { replacer: (key, value) => value }));
server.tool('b', async () => JSON.stringify(data, ['items'], pretty ? 2 : undefined));`),
            },
          ],
        },
        {
          messageId: 'jsonStringifyResult',
          line: 7,
          column: 30,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${DATA}declare const pretty: boolean;
server.tool('a', async () => JSON.stringify(data, (key, value) => value, 2));
server.tool('b', async () => jsonResult(data, { replacer: ['items'], space: pretty ? 2 : undefined }));`),
            },
          ],
        },
      ],
    },
    {
      name: 'json-stringify: registerTool block body, low-level case, followed function, FastMCP',
      code: `${LOW_LEVEL}async function listUsers() {
  const users = [{ id: 1 }];
  return JSON.stringify({ users }, null, 2);
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'list_users':
      return await listUsers();
    default:
      return toCallToolResult(await registry[request.params.name](request.params.arguments));
  }
});`,
      errors: [
        {
          messageId: 'jsonStringifyResult',
          data: { tool: 'Tool "list_users"' },
          line: 7,
          column: 10,
          endColumn: 44,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { jsonResult } from 'mcp-result-kit';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
const registry: Record<string, (args: unknown) => Promise<unknown>> = {};
async function listUsers() {
  const users = [{ id: 1 }];
  return jsonResult({ users });
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'list_users':
      return await listUsers();
    default:
      return toCallToolResult(await registry[request.params.name](request.params.arguments));
  }
});`,
            },
          ],
        },
      ],
    },
    {
      name: 'json-stringify: reported for FastMCP too (it would send escaped JSON text)',
      code: `import { FastMCP } from 'fastmcp';
import { z } from 'zod';
const mcp = new FastMCP({ name: 'x', version: '1.0.0' });
const statsTool = {
  name: 'stats',
  parameters: z.object({}),
  async execute() {
    return JSON.stringify({ ok: 1 }, null, 2);
  },
};
mcp.addTool(statsTool);`,
      errors: [
        {
          messageId: 'jsonStringifyResult',
          data: { tool: 'Tool "stats"' },
          line: 8,
          column: 12,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: `import { FastMCP } from 'fastmcp';
import { z } from 'zod';
import { jsonResult } from 'mcp-result-kit';
const mcp = new FastMCP({ name: 'x', version: '1.0.0' });
const statsTool = {
  name: 'stats',
  parameters: z.object({}),
  async execute() {
    return jsonResult({ ok: 1 });
  },
};
mcp.addTool(statsTool);`,
            },
          ],
        },
      ],
    },
    {
      name: 'json-text-content: only content (isError: false allowed), `as const` items',
      code: `${SDK_IMPORTS}${DATA}server.tool('f', async () => ({ content: [{ type: 'text', text: JSON.stringify(data, null, 2) }] }));
server.tool('g', async () => {
  return { content: [{ type: 'text' as const, text: JSON.stringify(data) }], isError: false };
});`,
      errors: [
        {
          messageId: 'jsonTextContent',
          line: 5,
          column: 31,
          endColumn: 99,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${DATA}server.tool('f', async () => jsonResult(data));
server.tool('g', async () => {
  return { content: [{ type: 'text' as const, text: JSON.stringify(data) }], isError: false };
});`),
            },
          ],
        },
        {
          messageId: 'jsonTextContent',
          line: 7,
          column: 10,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${DATA}server.tool('f', async () => ({ content: [{ type: 'text', text: JSON.stringify(data, null, 2) }] }));
server.tool('g', async () => {
  return jsonResult(data, { indent: 0 });
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'json-text-content: other fields stay beside the spread of jsonResult',
      code: `${SDK_IMPORTS}${DATA}server.tool('h', async () => ({ content: [{ type: 'text', text: JSON.stringify(data) }], _meta: { x: 1 } }));`,
      errors: [
        {
          messageId: 'jsonTextContent',
          line: 5,
          column: 31,
          suggestions: [{ messageId: 'useJsonResult', output: sdkOutput('jsonResult', `${DATA}server.tool('h', async () => ({ ...jsonResult(data, { indent: 0 }), _meta: { x: 1 } }));`) }],
        },
      ],
    },
    {
      name: 'json-text-content: other fields that may set structuredContent (a spread) need review',
      code: `${SDK_IMPORTS}${DATA}declare const extra: object;\nserver.tool('h', async () => ({ content: [{ type: 'text', text: JSON.stringify(data) }], ...extra }));`,
      errors: [{ messageId: 'jsonTextContent', line: 6, column: 31, suggestions: [] }],
    },
    {
      name: 'json-text-content: handleXxx via settings handlerPatterns',
      code: `export async function handleStats() {
  const stats = { cpu: 0.3 };
  return { content: [{ type: 'text', text: JSON.stringify(stats, null, 2) }] };
}`,
      settings: { 'mcp-result-kit': { handlerPatterns: ['^handle[A-Z]'] } },
      errors: [
        {
          messageId: 'jsonTextContent',
          line: 3,
          column: 10,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: `import { jsonResult } from 'mcp-result-kit';

export async function handleStats() {
  const stats = { cpu: 0.3 };
  return jsonResult(stats);
}`,
            },
          ],
        },
      ],
    },
    {
      name: 'transport-wrapper: typeof r === "string" ? r : JSON.stringify(r, null, 2)',
      code: `${LOW_LEVEL}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const result = await registry[request.params.name](request.params.arguments);
  return { content: [{ type: 'text', text: typeof result === 'string' ? result : JSON.stringify(result, null, 2) }] };
});`,
      errors: [
        {
          messageId: 'transportWrapper',
          line: 7,
          column: 10,
          endColumn: 118,
          suggestions: [
            {
              messageId: 'useToCallToolResult',
              output: lowLevelOutput(`server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const result = await registry[request.params.name](request.params.arguments);
  return toCallToolResult(result);
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'transport-wrapper: a text derived from a looked-up handler value in a let and its branches (issue 24)',
      code: `${LOW_LEVEL}declare const tools: Map<string, { handler(args: unknown): Promise<unknown> }>;
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const result = await tools.get(request.params.name)!.handler(request.params.arguments);
  // Strings as they are, the rest as JSON.
  let text: any;
  if (typeof result === 'string') {
    text = result;
  } else {
    text = JSON.stringify(result, null, 2);
  }
  return { content: [{ type: 'text', text: text }] };
});`,
      errors: [
        {
          messageId: 'transportWrapper',
          line: 15,
          column: 10,
          endColumn: 53,
          suggestions: [
            {
              messageId: 'useToCallToolResult',
              output: lowLevelOutput(`declare const tools: Map<string, { handler(args: unknown): Promise<unknown> }>;
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const result = await tools.get(request.params.name)!.handler(request.params.arguments);
  // Strings as they are, the rest as JSON.
  return toCallToolResult(result);
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'transport-wrapper: a derived text that reads a field of the handler value needs review',
      code: `${LOW_LEVEL}declare const tools: Map<string, { handler(args: unknown): Promise<any> }>;
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const result = await tools.get(request.params.name)!.handler(request.params.arguments);
  const text = typeof result === 'string' ? result : result.summary;
  return { content: [{ type: 'text', text }] };
});`,
      errors: [{ messageId: 'transportWrapper', line: 9, column: 10, suggestions: [] }],
    },
    {
      name: 'transport-wrapper: inverted test with a compact indent needs review',
      code: `${LOW_LEVEL}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const r = await registry[request.params.name](request.params.arguments);
  return { content: [{ type: 'text', text: typeof r !== 'string' ? JSON.stringify(r) : r }] };
});`,
      errors: [{ messageId: 'transportWrapper', line: 7, column: 10, suggestions: [] }],
    },
    {
      name: 'transport-wrapper: definition objects via handlerProperties',
      code: `declare function run(name: string, args: unknown): Promise<unknown>;
export const proxy = {
  name: 'proxy',
  inputSchema: { type: 'object' },
  handler: async (args: { tool: string }) => {
    const out = await run(args.tool, args);
    return { content: [{ type: 'text', text: typeof out === 'string' ? out : JSON.stringify(out, null, 2) }] };
  },
};`,
      options: [{ handlerProperties: ['handler'] }],
      errors: [
        {
          messageId: 'transportWrapper',
          line: 7,
          column: 12,
          suggestions: [
            {
              messageId: 'useToCallToolResult',
              output: `import { toCallToolResult } from 'mcp-result-kit';

declare function run(name: string, args: unknown): Promise<unknown>;
export const proxy = {
  name: 'proxy',
  inputSchema: { type: 'object' },
  handler: async (args: { tool: string }) => {
    const out = await run(args.tool, args);
    return toCallToolResult(out);
  },
};`,
            },
          ],
        },
      ],
    },
    {
      name: 'transport-wrapper: the message names the tool when its name is known',
      code: `declare function run(name: string, args: unknown): Promise<unknown>;
export const proxy = {
  name: 'proxy',
  inputSchema: { type: 'object' },
  handler: async (args: { tool: string }) => {
    const out = await run(args.tool, args);
    return { content: [{ type: 'text', text: typeof out === 'string' ? out : JSON.stringify(out, null, 2) }] };
  },
};`,
      options: [{ handlerProperties: ['handler'] }],
      errors: [
        {
          messageId: 'transportWrapper',
          data: { wrapper: 'The wrapper in tool "proxy"' },
          line: 7,
          column: 12,
          suggestions: [
            {
              messageId: 'useToCallToolResult',
              output: `import { toCallToolResult } from 'mcp-result-kit';

declare function run(name: string, args: unknown): Promise<unknown>;
export const proxy = {
  name: 'proxy',
  inputSchema: { type: 'object' },
  handler: async (args: { tool: string }) => {
    const out = await run(args.tool, args);
    return toCallToolResult(out);
  },
};`,
            },
          ],
        },
      ],
    },
    // Issue 9: JSON helpers and JSON-derived text.
    {
      name: 'JSON helper: return asText(data), asText = (d) => JSON.stringify(d, null, 2) → jsonResult(data)',
      code: `${SDK_IMPORTS}${DATA}const asText = (value: unknown) => JSON.stringify(value, null, 2);
server.tool('list', async () => {
  return asText(data.items);
});`,
      errors: [
        {
          messageId: 'jsonStringifyResult',
          data: { tool: 'Tool "list"' },
          line: 7,
          column: 10,
          endColumn: 28,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${DATA}const asText = (value: unknown) => JSON.stringify(value, null, 2);
server.tool('list', async () => {
  return jsonResult(data.items);
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'JSON helper: a compact helper keeps its compact text ({ indent: 0 })',
      code: `${SDK_IMPORTS}${DATA}function compact(value: unknown): string {
  return JSON.stringify(value);
}
server.tool('ids', async () => compact(data.items));`,
      errors: [
        {
          messageId: 'jsonStringifyResult',
          line: 8,
          column: 32,
          endColumn: 51,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${DATA}function compact(value: unknown): string {
  return JSON.stringify(value);
}
server.tool('ids', async () => jsonResult(data.items, { indent: 0 }));`),
            },
          ],
        },
      ],
    },
    {
      name: 'JSON helper with a replacer: the suggestion passes the replacer to jsonResult',
      code: `${SDK_IMPORTS}${DATA}function redacted(value: unknown) {
  return JSON.stringify(value, (key, v) => (key === 'token' ? undefined : v), 2);
}
server.tool('get', async () => redacted(data));`,
      errors: [
        {
          messageId: 'jsonStringifyResult',
          line: 8,
          column: 32,
          endColumn: 46,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${DATA}function redacted(value: unknown) {
  return JSON.stringify(value, (key, v) => (key === 'token' ? undefined : v), 2);
}
server.tool('get', async () => jsonResult(data, { replacer: (key, v) => (key === 'token' ? undefined : v) }));`),
            },
          ],
        },
      ],
    },
    {
      name: "JSON helper whose indent is its own parameter: the call's argument takes its place",
      code: `${SDK_IMPORTS}${DATA}function indented(value: unknown, spaces: number) {
  return JSON.stringify(value, null, spaces);
}
server.tool('get', async () => indented(data, 4));`,
      errors: [
        {
          messageId: 'jsonStringifyResult',
          line: 8,
          column: 32,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${DATA}function indented(value: unknown, spaces: number) {
  return JSON.stringify(value, null, spaces);
}
server.tool('get', async () => jsonResult(data, { indent: 4 }));`),
            },
          ],
        },
      ],
    },
    {
      name: 'JSON helper that computes its indent from a second argument: reported, no suggestion',
      code: `${SDK_IMPORTS}${DATA}function maybeCompact(value: unknown, compact: boolean) {
  const spaces = compact ? 0 : 2;
  return JSON.stringify(value, null, spaces);
}
server.tool('get', async () => maybeCompact(data, true));`,
      errors: [{ messageId: 'jsonStringifyResult', line: 9, column: 32, suggestions: [] }],
    },
    {
      name: 'JSON helper in a result literal: text: asText(data) → jsonResult(data)',
      code: `${SDK_IMPORTS}${DATA}const asText = (value: unknown) => JSON.stringify(value, null, 2);
server.tool('list', async () => ({ content: [{ type: 'text', text: asText(data) }] }));`,
      errors: [
        {
          messageId: 'jsonTextContent',
          data: { tool: 'Tool "list"' },
          line: 6,
          column: 34,
          endColumn: 85,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${DATA}const asText = (value: unknown) => JSON.stringify(value, null, 2);
server.tool('list', async () => jsonResult(data));`),
            },
          ],
        },
      ],
    },
    {
      name: 'JSON helper in FastMCP: execute returns asText(data) → jsonResult(data)',
      code: `import { FastMCP } from 'fastmcp';
import { z } from 'zod';
declare const crm: { contacts(query: string): Promise<Array<{ name: string }>> };
function asText(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
const mcp = new FastMCP({ name: 'crm', version: '1.0.0' });
mcp.addTool({
  name: 'find_contacts',
  parameters: z.object({ query: z.string() }),
  execute: async ({ query }) => asText(await crm.contacts(query)),
});`,
      errors: [
        {
          messageId: 'jsonStringifyResult',
          data: { tool: 'Tool "find_contacts"' },
          line: 11,
          column: 33,
          endColumn: 66,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: `import { FastMCP } from 'fastmcp';
import { z } from 'zod';
import { jsonResult } from 'mcp-result-kit';
declare const crm: { contacts(query: string): Promise<Array<{ name: string }>> };
function asText(value: unknown): string {
  return JSON.stringify(value, null, 2);
}
const mcp = new FastMCP({ name: 'crm', version: '1.0.0' });
mcp.addTool({
  name: 'find_contacts',
  parameters: z.object({ query: z.string() }),
  execute: async ({ query }) => jsonResult(await crm.contacts(query)),
});`,
            },
          ],
        },
      ],
    },
    {
      name: 'json-text-content: a constant label around JSON.stringify → successResult(the same text, data)',
      code: `${SDK_IMPORTS}${DATA}server.tool('summary', async () => {
  return { content: [{ type: 'text', text: \`Items:\\n\${JSON.stringify(data.items, null, 2)}\` }] };
});`,
      errors: [
        {
          messageId: 'jsonTextContent',
          data: { tool: 'Tool "summary"' },
          line: 6,
          column: 10,
          endColumn: 97,
          suggestions: [
            {
              messageId: 'useSuccessResult',
              output: sdkOutput('successResult', `${DATA}server.tool('summary', async () => {
  return successResult(\`Items:\\n\${JSON.stringify(data.items, null, 2)}\`, { items: data.items });
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'json-text-content: prose with a computed part around JSON.stringify is reported for review (no suggestion)',
      code: `${SDK_IMPORTS}${DATA}server.tool('summary', async () => {
  return { content: [{ type: 'text', text: \`\${data.items.length + 1} items:\\n\${JSON.stringify(data.items, null, 2)}\` }] };
});`,
      errors: [{ messageId: 'jsonTextContent', data: { tool: 'Tool "summary"' }, line: 6, column: 10, suggestions: [] }],
    },
    {
      name: 'json-text-content: JSON text passed through another call is reported for review (no suggestion)',
      code: `${SDK_IMPORTS}${DATA}declare function truncate(text: string, max: number): string;
server.tool('short', async () => {
  const json = JSON.stringify(data);
  return { content: [{ type: 'text', text: truncate(json, 500) }] };
});`,
      errors: [{ messageId: 'jsonTextContent', line: 8, column: 10, suggestions: [] }],
    },
    {
      name: 'transport-wrapper: typeof v === "string" ? v : JSON.stringify(v) passed through other code, for review',
      code: `${SDK_IMPORTS}declare function redactSecrets(text: string): string;
declare const vault: { read(path: string): Promise<unknown> };
server.tool('read', { path: z.string() }, async ({ path }) => {
  const value = await vault.read(path);
  return { content: [{ type: 'text', text: redactSecrets(typeof value === 'string' ? value : JSON.stringify(value)) }] };
});`,
      errors: [{ messageId: 'transportWrapper', line: 8, column: 10, suggestions: [] }],
    },
    {
      name: 'transport-wrapper inside a higher-order wrapper: its returned function serialises the handler\'s return',
      code: `${SDK_IMPORTS}function asTool<A>(handler: (args: A) => Promise<unknown>) {
  return async (args: A) => {
    const result = await handler(args);
    return { content: [{ type: 'text' as const, text: typeof result === 'string' ? result : JSON.stringify(result, null, 2) }] };
  };
}
server.tool('tables', {}, asTool(async () => ['users', 'orders']));`,
      errors: [
        {
          messageId: 'transportWrapper',
          line: 7,
          column: 12,
          endColumn: 129,
          suggestions: [
            {
              messageId: 'useToCallToolResult',
              output: sdkOutput('toCallToolResult', `function asTool<A>(handler: (args: A) => Promise<unknown>) {
  return async (args: A) => {
    const result = await handler(args);
    return toCallToolResult(result);
  };
}
server.tool('tables', {}, asTool(async () => ['users', 'orders']));`),
            },
          ],
        },
      ],
    },
    {
      name: 'a shared toResult(data) builder with JSON text: the site is inside the builder',
      code: `export function toResult(data: unknown) {
  return { content: [{ type: 'text' as const, text: JSON.stringify(data, null, 2) }] };
}`,
      errors: [
        {
          messageId: 'jsonTextContent',
          data: { tool: 'This tool handler' },
          line: 2,
          column: 10,
          endColumn: 87,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: `import { jsonResult } from 'mcp-result-kit';

export function toResult(data: unknown) {
  return jsonResult(data);
}`,
            },
          ],
        },
      ],
    },
  ],
});
