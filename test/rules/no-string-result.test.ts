import rule from '../../rules/no-string-result.js';
import { createRuleTester, SDK_IMPORTS } from './rule-tester.js';

const ruleTester = createRuleTester();
const HEADER_LINES = SDK_IMPORTS.split('\n').length - 1; // 3

/** The SDK header of SDK_IMPORTS with the import a suggestion adds after the last import. */
const sdkOutput = (names: string, body: string): string => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ${names} } from 'mcp-result-kit';
const server = new McpServer({ name: 'demo', version: '1.0.0' });
${body}`;

const LOW_LEVEL = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
`;
const lowLevelOutput = (body: string): string => `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { successResult } from 'mcp-result-kit';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
${body}`;

const FASTMCP = `import { FastMCP } from 'fastmcp';
import { z } from 'zod';
const mcp = new FastMCP({ name: 'x', version: '1.0.0' });
`;

ruleTester.run('no-string-result', rule, {
  valid: [
    // Already a proper result.
    `${SDK_IMPORTS}import { successResult } from 'mcp-result-kit';
server.tool('ping', async () => successResult('pong'));`,
    `${SDK_IMPORTS}import { errorResult, jsonResult, toCallToolResult } from 'mcp-result-kit';
declare const data: object;
server.tool('a', async () => jsonResult(data));
server.tool('b', async () => errorResult('boom'));
server.tool('c', async () => toCallToolResult(data));`,
    // Prompts and resources may return what they like.
    `${SDK_IMPORTS}server.registerPrompt('greet', { description: 'x' }, () => 'hello');`,
    `${SDK_IMPORTS}server.prompt('greet', () => 'hello');`,
    `${SDK_IMPORTS}server.resource('readme', 'file:///README.md', async () => 'text');`,
    `${SDK_IMPORTS}server.registerResource('readme', 'file:///README.md', {}, async () => 'text');`,
    // An ordinary function returning a string is not a tool.
    `function formatName(first: string, last: string) { return \`\${first} \${last}\`; }`,
    // Strings built inside a handler but not returned from it.
    `${SDK_IMPORTS}import { successResult } from 'mcp-result-kit';
server.tool('list', async () => {
  const items = ['a', 'b'];
  const line = (item: string) => \`- \${item}\`;
  return successResult(items.map((item) => \`* \${item}\`).join('\\n') + line('c'));
});`,
    // Error text is require-is-error's business, not this rule's.
    `${SDK_IMPORTS}server.tool('broken', async () => 'Error: the disk is full');`,
    `${SDK_IMPORTS}server.tool('fetch', async () => {
  try {
    return await fetch('https://example.com').then((res) => res.status);
  } catch (error) {
    return \`Could not fetch: \${String(error)}\`;
  }
});`,
    // With allowFastmcpStrings a team keeps FastMCP's own wrapping of strings (error text is still reported by require-is-error).
    {
      code: `import { FastMCP } from 'fastmcp';
const mcp = new FastMCP({ name: 'x', version: '1.0.0' });
mcp.addTool({ name: 'hello', execute: async () => 'hi there' });`,
      options: [{ allowFastmcpStrings: true }],
    },
    {
      name: 'FastMCP tool object built separately, strings allowed in settings',
      code: `${FASTMCP}const hello = {
  name: 'hello',
  parameters: z.object({ who: z.string() }),
  execute: async (args: { who: string }) => \`Hello \${args.who}\`,
};
mcp.addTool(hello);`,
      settings: { 'mcp-result-kit': { allowFastmcpStrings: true } },
    },
    // A user's own helper, configured as already correct (rule option or shared settings).
    { code: `${SDK_IMPORTS}server.tool('ping', async () => ok('pong'));`, options: [{ resultHelpers: ['ok'] }] },
    { code: `${SDK_IMPORTS}server.tool('ping', async () => ok('pong'));`, settings: { 'mcp-result-kit': { resultHelpers: ['ok'] } } },
    // A handleXxx function is not a handler unless the user says so, nor are definition objects
    // and classes.
    `async function handleListVolumes(): Promise<string> { return 'volumes'; }`,
    { code: `async function listVolumes() { return 'volumes'; }`, options: [{ handlerPatterns: ['^handle[A-Z]'] }] },
    // Tool-definition objects can be switched off; objects that merely have a name and an execute are never tools.
    { code: `export const tools = [{ name: 'list', inputSchema: { type: 'object' }, handler: async () => 'volumes' }];`, options: [{ toolDefinitions: false }] },
    `export const job = { name: 'nightly', execute: async () => 'done' };`,
    `export const command = { name: 'deploy', description: 'Deploy', run: async () => 'deployed' };`,
    `export class ListTool { name = 'list'; async execute() { return 'volumes'; } }`,
    // Without type information an unknown call is not known to be a string (see eslint-api.test.ts).
    `${SDK_IMPORTS}declare const formatter: { render(value: unknown): string };
server.tool('show', async () => formatter.render(42));`,
    // Unknown registration methods are not tools until configured.
    `declare const app: { defineTool(name: string, fn: () => unknown): void };
app.defineTool('hello', () => 'hi');`,
  ],
  invalid: [
    {
      // FastMCP wraps a string itself, but the result then has no isError and no structured data.
      code: `import { FastMCP } from 'fastmcp';
const mcp = new FastMCP({ name: 'x', version: '1.0.0' });
mcp.addTool({ name: 'hello', execute: async () => 'hi there' });`,
      errors: [
        {
          messageId: 'fastmcpStringResult',
          data: { tool: 'Tool "hello"' },
          line: 3,
          column: 51,
          endLine: 3,
          endColumn: 61,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `import { FastMCP } from 'fastmcp';
import { successResult } from 'mcp-result-kit';
const mcp = new FastMCP({ name: 'x', version: '1.0.0' });
mcp.addTool({ name: 'hello', execute: async () => successResult('hi there') });`,
            },
          ],
        },
      ],
    },
    {
      name: 'FastMCP tool object defined in its own module, recognised by its shape',
      code: `import type { Tool } from 'fastmcp';
import { z } from 'zod';
export const greetTool: Tool<undefined, z.ZodObject<{ who: z.ZodString }>> = {
  name: 'greet',
  description: 'Say hello',
  parameters: z.object({ who: z.string() }),
  execute: async ({ who }) => \`Hello \${who}\`,
};`,
      errors: [
        {
          messageId: 'fastmcpStringResult',
          data: { tool: 'Tool "greet"' },
          line: 7,
          column: 31,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `import type { Tool } from 'fastmcp';
import { z } from 'zod';
import { successResult } from 'mcp-result-kit';
export const greetTool: Tool<undefined, z.ZodObject<{ who: z.ZodString }>> = {
  name: 'greet',
  description: 'Say hello',
  parameters: z.object({ who: z.string() }),
  execute: async ({ who }) => successResult(\`Hello \${who}\`),
};`,
            },
          ],
        },
      ],
    },
    {
      name: 'tool-definition object in a collection, by default',
      code: `export const tools = [{ name: 'list', inputSchema: { type: 'object' }, handler: async () => 'volumes' }];`,
      errors: [
        {
          messageId: 'transportStringResult',
          data: { tool: 'Tool "list"' },
          line: 1,
          column: 93,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `import { successResult } from 'mcp-result-kit';

export const tools = [{ name: 'list', inputSchema: { type: 'object' }, handler: async () => successResult('volumes') }];`,
            },
          ],
        },
      ],
    },
    {
      code: `${SDK_IMPORTS}server.tool('get_time', 'Current time', async () => \`It is \${new Date().toISOString()}\`);`,
      errors: [
        {
          messageId: 'stringResult',
          line: HEADER_LINES + 1,
          column: 53,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { successResult } from 'mcp-result-kit';
const server = new McpServer({ name: 'demo', version: '1.0.0' });
server.tool('get_time', 'Current time', async () => successResult(\`It is \${new Date().toISOString()}\`));`,
            },
          ],
        },
      ],
    },
    {
      // server.tool(name, handler): the range is the returned expression.
      code: `${SDK_IMPORTS}server.tool('ping', async () => 'pong');`,
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "ping"' },
          line: 4,
          column: 33,
          endLine: 4,
          endColumn: 39,
          suggestions: [{ messageId: 'wrapInSuccessResult', output: sdkOutput('successResult', `server.tool('ping', async () => successResult('pong'));`) }],
        },
      ],
    },
    {
      // server.tool(name, schema, handler) with a string method call.
      code: `${SDK_IMPORTS}server.tool('shout', { text: z.string() }, async ({ text }) => text.toUpperCase());`,
      errors: [
        {
          messageId: 'stringResult',
          line: 4,
          column: 64,
          endColumn: 82,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: sdkOutput('successResult', `server.tool('shout', { text: z.string() }, async ({ text }) => successResult(text.toUpperCase()));`),
            },
          ],
        },
      ],
    },
    {
      // server.tool(name, description, schema, handler).
      code: `${SDK_IMPORTS}server.tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => \`Sum: \${a + b}\`);`,
      errors: [
        {
          messageId: 'stringResult',
          line: 4,
          column: 93,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: sdkOutput('successResult', `server.tool('add', 'Add two numbers', { a: z.number(), b: z.number() }, async ({ a, b }) => successResult(\`Sum: \${a + b}\`));`),
            },
          ],
        },
      ],
    },
    {
      // server.tool(name, description, schema, annotations, handler) with a block body.
      code: `${SDK_IMPORTS}server.tool('stats', 'Stats', { id: z.string() }, { readOnlyHint: true }, async ({ id }) => {
  const lines = ['Stats', id];
  return lines.join('\\n');
});`,
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "stats"' },
          line: 6,
          column: 10,
          endLine: 6,
          endColumn: 26,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: sdkOutput('successResult', `server.tool('stats', 'Stats', { id: z.string() }, { readOnlyHint: true }, async ({ id }) => {
  const lines = ['Stats', id];
  return successResult(lines.join('\\n'));
});`),
            },
          ],
        },
      ],
    },
    {
      // registerTool with a block body and a report built with +=.
      code: `${SDK_IMPORTS}server.registerTool('list_pods', { description: 'Pods', inputSchema: { ns: z.string() } }, async ({ ns }) => {
  let report = \`📦 Pods in \${ns}\\n\`;
  report += '• api-7d9f';
  return report;
});`,
      errors: [
        {
          messageId: 'stringResult',
          line: HEADER_LINES + 4,
          column: 10,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { successResult } from 'mcp-result-kit';
const server = new McpServer({ name: 'demo', version: '1.0.0' });
server.registerTool('list_pods', { description: 'Pods', inputSchema: { ns: z.string() } }, async ({ ns }) => {
  let report = \`📦 Pods in \${ns}\\n\`;
  report += '• api-7d9f';
  return successResult(report);
});`,
            },
          ],
        },
      ],
    },
    {
      // registerTool with an outputSchema: a string is still a string site (the SDK rejects it).
      code: `${SDK_IMPORTS}server.registerTool('temp', { outputSchema: { celsius: z.number() } }, async () => 'It is 20°C');`,
      errors: [
        {
          messageId: 'stringResult',
          line: 4,
          column: 84,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: sdkOutput('successResult', `server.registerTool('temp', { outputSchema: { celsius: z.number() } }, async () => successResult('It is 20°C'));`),
            },
          ],
        },
      ],
    },
    {
      // Low-level switch dispatcher: the tool name comes from the case.
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'echo':
      return String(request.params.arguments?.text);
    default:
      throw new Error('unknown tool');
  }
});`,
      errors: [
        {
          messageId: 'stringResult',
          line: 7,
          column: 14,
          data: { tool: 'Tool "echo"' },
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { successResult } from 'mcp-result-kit';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'echo':
      return successResult(String(request.params.arguments?.text));
    default:
      throw new Error('unknown tool');
  }
});`,
            },
          ],
        },
      ],
    },
    {
      // Low-level if-chain: followed `return await handleX(args)`, a callback, and a ternary.
      code: `${LOW_LEVEL}async function handleWeather(args: { city: string }) {
  return \`Sunny in \${args.city}\`;
}
declare function withConnection<T>(fn: (db: { count(): number }) => Promise<T>): Promise<T>;
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  if (name === 'weather') {
    return await handleWeather(args as { city: string });
  } else if (name === 'count') {
    return withConnection(async (db) => \`rows: \${db.count()}\`);
  } else if ('flag' === name) {
    return args?.on ? 'enabled' : 'disabled';
  }
  throw new Error(\`Unknown tool \${name}\`);
});`,
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "weather"' },
          line: 5,
          column: 10,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: lowLevelOutput(`async function handleWeather(args: { city: string }) {
  return successResult(\`Sunny in \${args.city}\`);
}
declare function withConnection<T>(fn: (db: { count(): number }) => Promise<T>): Promise<T>;
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  if (name === 'weather') {
    return await handleWeather(args as { city: string });
  } else if (name === 'count') {
    return withConnection(async (db) => \`rows: \${db.count()}\`);
  } else if ('flag' === name) {
    return args?.on ? 'enabled' : 'disabled';
  }
  throw new Error(\`Unknown tool \${name}\`);
});`),
            },
          ],
        },
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "count"' },
          line: 13,
          column: 41,
          endColumn: 62,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: lowLevelOutput(`async function handleWeather(args: { city: string }) {
  return \`Sunny in \${args.city}\`;
}
declare function withConnection<T>(fn: (db: { count(): number }) => Promise<T>): Promise<T>;
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  if (name === 'weather') {
    return await handleWeather(args as { city: string });
  } else if (name === 'count') {
    return withConnection(async (db) => successResult(\`rows: \${db.count()}\`));
  } else if ('flag' === name) {
    return args?.on ? 'enabled' : 'disabled';
  }
  throw new Error(\`Unknown tool \${name}\`);
});`),
            },
          ],
        },
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "flag"' },
          line: 15,
          column: 23,
          endColumn: 32,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: lowLevelOutput(`async function handleWeather(args: { city: string }) {
  return \`Sunny in \${args.city}\`;
}
declare function withConnection<T>(fn: (db: { count(): number }) => Promise<T>): Promise<T>;
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  if (name === 'weather') {
    return await handleWeather(args as { city: string });
  } else if (name === 'count') {
    return withConnection(async (db) => \`rows: \${db.count()}\`);
  } else if ('flag' === name) {
    return args?.on ? successResult('enabled') : 'disabled';
  }
  throw new Error(\`Unknown tool \${name}\`);
});`),
            },
          ],
        },
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "flag"' },
          line: 15,
          column: 35,
          endColumn: 45,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: lowLevelOutput(`async function handleWeather(args: { city: string }) {
  return \`Sunny in \${args.city}\`;
}
declare function withConnection<T>(fn: (db: { count(): number }) => Promise<T>): Promise<T>;
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name, arguments: args } = request.params;
  if (name === 'weather') {
    return await handleWeather(args as { city: string });
  } else if (name === 'count') {
    return withConnection(async (db) => \`rows: \${db.count()}\`);
  } else if ('flag' === name) {
    return args?.on ? 'enabled' : successResult('disabled');
  }
  throw new Error(\`Unknown tool \${name}\`);
});`),
            },
          ],
        },
      ],
    },
    {
      // `return handlers[name](args)` over a same-file map: arrow and method values.
      code: `${LOW_LEVEL}const handlers = {
  uptime: async () => \`up \${process.uptime()}s\`,
  version() { return '1.2.3'; },
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  return handlers[request.params.name as keyof typeof handlers]();
});`,
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "uptime"' },
          line: 5,
          column: 23,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: lowLevelOutput(`const handlers = {
  uptime: async () => successResult(\`up \${process.uptime()}s\`),
  version() { return '1.2.3'; },
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  return handlers[request.params.name as keyof typeof handlers]();
});`),
            },
          ],
        },
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "version"' },
          line: 6,
          column: 22,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: lowLevelOutput(`const handlers = {
  uptime: async () => \`up \${process.uptime()}s\`,
  version() { return successResult('1.2.3'); },
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  return handlers[request.params.name as keyof typeof handlers]();
});`),
            },
          ],
        },
      ],
    },
    {
      // A local variable is followed to its assignments: the rewrite goes where the string is made.
      name: 'low-level: `return result` followed to its assignments',
      code: `${LOW_LEVEL}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  let result;
  switch (request.params.name) {
    case 'connections':
      result = 'Active connections: 3';
      break;
    case 'vacuum':
      result = 'VACUUM finished for ' + String(request.params.arguments?.table);
      break;
    default:
      throw new Error('unknown tool');
  }
  return result;
});`,
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "connections"' },
          line: 8,
          column: 16,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: lowLevelOutput(`server.setRequestHandler(CallToolRequestSchema, async (request) => {
  let result;
  switch (request.params.name) {
    case 'connections':
      result = successResult('Active connections: 3');
      break;
    case 'vacuum':
      result = 'VACUUM finished for ' + String(request.params.arguments?.table);
      break;
    default:
      throw new Error('unknown tool');
  }
  return result;
});`),
            },
          ],
        },
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "vacuum"' },
          line: 11,
          column: 16,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: lowLevelOutput(`server.setRequestHandler(CallToolRequestSchema, async (request) => {
  let result;
  switch (request.params.name) {
    case 'connections':
      result = 'Active connections: 3';
      break;
    case 'vacuum':
      result = successResult('VACUUM finished for ' + String(request.params.arguments?.table));
      break;
    default:
      throw new Error('unknown tool');
  }
  return result;
});`),
            },
          ],
        },
      ],
    },
    {
      // Awaited async function (followed) and a same-file string helper (wrapped at the call).
      code: `${SDK_IMPORTS}function formatVolume(v: { name: string; size: number }) {
  return \`\${v.name} (\${v.size} GB)\`;
}
async function loadSummary(id: string) {
  const rows = await Promise.resolve([id]);
  return \`Rows: \${rows.length}\`;
}
server.registerTool('volume', { inputSchema: { name: z.string() } }, async ({ name }) => formatVolume({ name, size: 3 }));
server.registerTool('summary', { inputSchema: { id: z.string() } }, async ({ id }) => await loadSummary(id));`,
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "summary"' },
          line: 9,
          column: 10,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: sdkOutput('successResult', `function formatVolume(v: { name: string; size: number }) {
  return \`\${v.name} (\${v.size} GB)\`;
}
async function loadSummary(id: string) {
  const rows = await Promise.resolve([id]);
  return successResult(\`Rows: \${rows.length}\`);
}
server.registerTool('volume', { inputSchema: { name: z.string() } }, async ({ name }) => formatVolume({ name, size: 3 }));
server.registerTool('summary', { inputSchema: { id: z.string() } }, async ({ id }) => await loadSummary(id));`),
            },
          ],
        },
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "volume"' },
          line: 11,
          column: 90,
          endColumn: 121,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: sdkOutput('successResult', `function formatVolume(v: { name: string; size: number }) {
  return \`\${v.name} (\${v.size} GB)\`;
}
async function loadSummary(id: string) {
  const rows = await Promise.resolve([id]);
  return \`Rows: \${rows.length}\`;
}
server.registerTool('volume', { inputSchema: { name: z.string() } }, async ({ name }) => successResult(formatVolume({ name, size: 3 })));
server.registerTool('summary', { inputSchema: { id: z.string() } }, async ({ id }) => await loadSummary(id));`),
            },
          ],
        },
      ],
    },
    {
      // The 2.x server package; a const string returned by name.
      code: `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
const server = new McpServer({ name: 'v2', version: '2.0.0' });
server.registerTool('greet', { inputSchema: { name: z.string() } }, async ({ name }) => {
  const greeting = \`Hello, \${name}!\`;
  return greeting;
});`,
      errors: [
        {
          messageId: 'stringResult',
          line: 6,
          column: 10,
          endColumn: 18,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
import { successResult } from 'mcp-result-kit';
const server = new McpServer({ name: 'v2', version: '2.0.0' });
server.registerTool('greet', { inputSchema: { name: z.string() } }, async ({ name }) => {
  const greeting = \`Hello, \${name}!\`;
  return successResult(greeting);
});`,
            },
          ],
        },
      ],
    },
    {
      // CommonJS: the helper comes in with require, after the last require.
      code: `const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const server = new McpServer({ name: 'cjs', version: '1.0.0' });
server.tool('hello', async () => 'hi');`,
      errors: [
        {
          messageId: 'stringResult',
          line: 3,
          column: 34,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const { successResult } = require('mcp-result-kit');
const server = new McpServer({ name: 'cjs', version: '1.0.0' });
server.tool('hello', async () => successResult('hi'));`,
            },
          ],
        },
      ],
    },
    {
      // handleXxx functions configured as handlers; the suggestion imports from the configured module.
      code: `export async function handleGetVolume(args: { name: string }) {
  return \`💾 Volume \${args.name}\`;
}`,
      options: [{ handlerPatterns: ['^handle[A-Z]'], importSource: '../lib/results.js' }],
      errors: [
        {
          messageId: 'transportStringResult',
          line: 2,
          column: 10,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `import { successResult } from '../lib/results.js';

export async function handleGetVolume(args: { name: string }) {
  return successResult(\`💾 Volume \${args.name}\`);
}`,
            },
          ],
        },
      ],
    },
    {
      // The same options from settings['mcp-result-kit'], shared by all rules; an arrow handler.
      code: `export const handleDelete = async (args: { id: string }) => \`Deleted \${args.id}\`;`,
      settings: { 'mcp-result-kit': { handlerPatterns: ['^handle[A-Z]'], importSource: '#results' } },
      errors: [
        {
          messageId: 'transportStringResult',
          data: { tool: 'This tool handler' },
          line: 1,
          column: 61,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `import { successResult } from '#results';

export const handleDelete = async (args: { id: string }) => successResult(\`Deleted \${args.id}\`);`,
            },
          ],
        },
      ],
    },
    {
      // Rule options win over settings: settings name one module, the option another.
      code: `export const handleDelete = async (args: { id: string }) => \`Deleted \${args.id}\`;`,
      settings: { 'mcp-result-kit': { handlerPatterns: ['^handle[A-Z]'], importSource: '#results' } },
      options: [{ importSource: './results.js' }],
      errors: [
        {
          messageId: 'transportStringResult',
          line: 1,
          column: 61,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `import { successResult } from './results.js';

export const handleDelete = async (args: { id: string }) => successResult(\`Deleted \${args.id}\`);`,
            },
          ],
        },
      ],
    },
    {
      // A string-returning handler with a declared Promise<string>: the suggestion must keep the
      // file type-correct, so the return type becomes Promise<CallToolResult> (as migrate writes it).
      name: 'handler-pattern: a Promise<string> return type changes with the only string return',
      code: `export async function handleListVolumes(): Promise<string> {
  return 'vol-a, vol-b';
}`,
      options: [{ handlerPatterns: ['^handle[A-Z]'] }],
      errors: [
        {
          messageId: 'transportStringResult',
          line: 2,
          column: 10,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `import { successResult } from 'mcp-result-kit';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export async function handleListVolumes(): Promise<CallToolResult> {
  return successResult('vol-a, vol-b');
}`,
            },
          ],
        },
      ],
    },
    {
      // Tool-definition objects via handlerProperties.
      code: `export const tools = [
  {
    name: 'list_volumes',
    inputSchema: { type: 'object', properties: {} },
    handler: async () => 'vol-a, vol-b',
  },
];`,
      options: [{ handlerProperties: ['handler'] }],
      errors: [
        {
          messageId: 'transportStringResult',
          data: { tool: 'Tool "list_volumes"' },
          line: 5,
          column: 26,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `import { successResult } from 'mcp-result-kit';

export const tools = [
  {
    name: 'list_volumes',
    inputSchema: { type: 'object', properties: {} },
    handler: async () => successResult('vol-a, vol-b'),
  },
];`,
            },
          ],
        },
      ],
    },
    {
      // Classes with a name and an execute method via handlerClasses.
      code: `export class GetVolumeTool {
  name = 'get_volume';
  async execute(args: { id: string }) {
    return \`Volume \${args.id}\`;
  }
}`,
      options: [{ handlerClasses: true }],
      errors: [
        {
          messageId: 'transportStringResult',
          data: { tool: 'Tool "get_volume"' },
          line: 4,
          column: 12,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `import { successResult } from 'mcp-result-kit';

export class GetVolumeTool {
  name = 'get_volume';
  async execute(args: { id: string }) {
    return successResult(\`Volume \${args.id}\`);
  }
}`,
            },
          ],
        },
      ],
    },
    {
      // Extra registration methods via registrationMethods.
      code: `declare const app: { defineTool(name: string, fn: () => unknown): void };
app.defineTool('hello', () => 'hi');`,
      options: [{ registrationMethods: ['defineTool'] }],
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "hello"' },
          line: 2,
          column: 31,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `import { successResult } from 'mcp-result-kit';

declare const app: { defineTool(name: string, fn: () => unknown): void };
app.defineTool('hello', () => successResult('hi'));`,
            },
          ],
        },
      ],
    },
    {
      // The helper import merges into an existing import of the kit.
      code: `${SDK_IMPORTS}import { errorResult } from 'mcp-result-kit';
server.tool('ping', async () => 'pong');
server.tool('fail', async () => errorResult('nope'));`,
      errors: [
        {
          messageId: 'stringResult',
          line: 5,
          column: 33,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `${SDK_IMPORTS}import { errorResult, successResult } from 'mcp-result-kit';
server.tool('ping', async () => successResult('pong'));
server.tool('fail', async () => errorResult('nope'));`,
            },
          ],
        },
      ],
    },
  ],
});
