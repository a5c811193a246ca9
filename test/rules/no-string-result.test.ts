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
    // Issue 9 near-misses: these look a little like tools but are not.
    {
      name: 'toolDefinitions: false: a FastMCP-shaped object in its own module is not a tool',
      code: `import { z } from 'zod';
export const listEventsTool = { name: 'list_events', description: 'Events', parameters: z.object({ day: z.string() }), execute: async () => 'none' };`,
      options: [{ toolDefinitions: false }],
    },
    {
      name: 'allowFastmcpStrings (rule option): a FastMCP tool module keeps its strings',
      code: `import type { Tool } from 'fastmcp';
import { z } from 'zod';
const parameters = z.object({ customer: z.string() });
export const listInvoicesTool: Tool<undefined, typeof parameters> = {
  name: 'list_invoices',
  parameters,
  execute: async ({ customer }) => \`No invoices for \${customer}\`,
};`,
      options: [{ allowFastmcpStrings: true }],
    },
    {
      name: 'Vercel AI SDK tool({ description, parameters, execute }): no name, not an MCP tool',
      code: `import { z } from 'zod';
declare function tool<T>(definition: T): T;
export const weather = tool({ description: 'Weather', parameters: z.object({ city: z.string() }), execute: async ({ city }: { city: string }) => \`Sunny in \${city}\` });`,
    },
    {
      name: 'Mastra createTool({ id, inputSchema, execute }): an id, not a name',
      code: `import { z } from 'zod';
declare function createTool<T>(definition: T): T;
export const summarize = createTool({ id: 'summarize', inputSchema: z.object({ text: z.string() }), execute: async () => 'summary' });`,
    },
    {
      name: 'a tools/list handler returns { tools } built from the definitions',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
const definitions = [{ name: 'search', description: 'Search', inputSchema: { type: 'object' as const, properties: {} } }];
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: definitions.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })) }));`,
    },
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
      // file type-correct, so the return type becomes Promise<ToolResult> (as migrate writes it),
      // imported from the helpers' own module, never from an SDK the project may not resolve.
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
              output: `import { successResult, type ToolResult } from 'mcp-result-kit';

export async function handleListVolumes(): Promise<ToolResult> {
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
    // Issue 9: registrations as real servers write them.
    {
      name: 'tool name from a const object member: server.tool(TOOLS.listTeams, desc, schema, handler)',
      code: `${SDK_IMPORTS}const TOOLS = { listTeams: 'list_teams' } as const;
server.tool(TOOLS.listTeams, 'List teams', { org: z.string() }, async ({ org }) => \`Teams of \${org}\`);`,
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "list_teams"' },
          line: 5,
          column: 84,
          endLine: 5,
          endColumn: 101,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: sdkOutput('successResult', `const TOOLS = { listTeams: 'list_teams' } as const;
server.tool(TOOLS.listTeams, 'List teams', { org: z.string() }, async ({ org }) => successResult(\`Teams of \${org}\`));`),
            },
          ],
        },
      ],
    },
    {
      name: 'tool name from an enum member: server.registerTool(ToolName.Status, config, cb)',
      code: `${SDK_IMPORTS}enum ToolName { Status = 'service_status' }
server.registerTool(ToolName.Status, { description: 'Status' }, async () => 'All services up');`,
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "service_status"' },
          line: 5,
          column: 77,
          endColumn: 94,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: sdkOutput('successResult', `enum ToolName { Status = 'service_status' }
server.registerTool(ToolName.Status, { description: 'Status' }, async () => successResult('All services up'));`),
            },
          ],
        },
      ],
    },
    {
      name: 'names known only at run time (a template literal, a declared constant): found, and called "This tool handler"',
      code: `${SDK_IMPORTS}declare const env: { prefix: string };
declare const NAMES: { health: string };
server.tool(\`\${env.prefix}_version\`, async () => 'v1.2.3');
server.tool(NAMES.health, async () => 'ok');`,
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'This tool handler' },
          line: 6,
          column: 50,
          endColumn: 58,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: sdkOutput('successResult', `declare const env: { prefix: string };
declare const NAMES: { health: string };
server.tool(\`\${env.prefix}_version\`, async () => successResult('v1.2.3'));
server.tool(NAMES.health, async () => 'ok');`),
            },
          ],
        },
        {
          messageId: 'stringResult',
          data: { tool: 'This tool handler' },
          line: 7,
          column: 39,
          endColumn: 43,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: sdkOutput('successResult', `declare const env: { prefix: string };
declare const NAMES: { health: string };
server.tool(\`\${env.prefix}_version\`, async () => 'v1.2.3');
server.tool(NAMES.health, async () => successResult('ok'));`),
            },
          ],
        },
      ],
    },
    {
      name: 'registration in a loop: server.tool(tool.name, tool.description, { params: tool.inputSchema }, wrappedHandler)',
      // toolDefinitions off: the loop alone finds the handler and its name.
      code: `${SDK_IMPORTS}declare function withMetrics<A, R>(name: string, handler: (args: A) => Promise<R>): (input: { params: A }) => Promise<R>;
const tools = [
  { name: 'get_invoice', description: 'One invoice', inputSchema: z.object({ id: z.string() }), handler: async ({ id }: { id: string }) => \`Invoice \${id}\` },
];
for (const tool of tools) {
  const wrappedHandler = withMetrics(tool.name, tool.handler);
  server.tool(tool.name, tool.description, { params: tool.inputSchema }, wrappedHandler);
}`,
      options: [{ toolDefinitions: false }],
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "get_invoice"' },
          line: 6,
          column: 140,
          endColumn: 155,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: sdkOutput('successResult', `declare function withMetrics<A, R>(name: string, handler: (args: A) => Promise<R>): (input: { params: A }) => Promise<R>;
const tools = [
  { name: 'get_invoice', description: 'One invoice', inputSchema: z.object({ id: z.string() }), handler: async ({ id }: { id: string }) => successResult(\`Invoice \${id}\`) },
];
for (const tool of tools) {
  const wrappedHandler = withMetrics(tool.name, tool.handler);
  server.tool(tool.name, tool.description, { params: tool.inputSchema }, wrappedHandler);
}`),
            },
          ],
        },
      ],
    },
    {
      name: 'tools.forEach((tool) => server.tool(tool.name, …, tool.run))',
      code: `${SDK_IMPORTS}const reports = [{ name: 'monthly_revenue', shape: { month: z.string() }, run: async ({ month }: { month: string }) => \`Revenue \${month}\` }];
reports.forEach((report) => server.tool(report.name, report.shape, report.run));`,
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "monthly_revenue"' },
          line: 4,
          column: 120,
          endColumn: 138,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: sdkOutput('successResult', `const reports = [{ name: 'monthly_revenue', shape: { month: z.string() }, run: async ({ month }: { month: string }) => successResult(\`Revenue \${month}\`) }];
reports.forEach((report) => server.tool(report.name, report.shape, report.run));`),
            },
          ],
        },
      ],
    },
    {
      name: 'for (const [name, handler] of Object.entries(handlers)): the key names the tool',
      code: `${SDK_IMPORTS}const handlers = {
  refund_invoice: async ({ id }: { id: string }) => \`Refunded \${id}\`,
};
for (const [name, handler] of Object.entries(handlers)) {
  server.tool(name, { id: z.string() }, handler);
}`,
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "refund_invoice"' },
          line: 5,
          column: 53,
          endColumn: 69,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: sdkOutput('successResult', `const handlers = {
  refund_invoice: async ({ id }: { id: string }) => successResult(\`Refunded \${id}\`),
};
for (const [name, handler] of Object.entries(handlers)) {
  server.tool(name, { id: z.string() }, handler);
}`),
            },
          ],
        },
      ],
    },
    {
      name: 'wrapped handler: setRequestHandler(CallToolRequestSchema, withTelemetry(async (request) => …))',
      code: `${LOW_LEVEL}declare function withTelemetry<H>(handler: H): H;
server.setRequestHandler(CallToolRequestSchema, withTelemetry(async (request) => {
  if (request.params.name === 'uptime') return \`Up for \${process.uptime()} s\`;
  throw new Error('unknown tool');
}));`,
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "uptime"' },
          line: 6,
          column: 48,
          endColumn: 78,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: lowLevelOutput(`declare function withTelemetry<H>(handler: H): H;
server.setRequestHandler(CallToolRequestSchema, withTelemetry(async (request) => {
  if (request.params.name === 'uptime') return successResult(\`Up for \${process.uptime()} s\`);
  throw new Error('unknown tool');
}));`),
            },
          ],
        },
      ],
    },
    {
      name: 'wrapped handler: server.tool(name, schema, withErrorHandling(async (args) => …))',
      code: `${SDK_IMPORTS}declare function withErrorHandling<A, R>(handler: (args: A) => Promise<R>): (args: A) => Promise<R>;
server.tool('restart', { service: z.string() }, withErrorHandling(async ({ service }) => \`Restarted \${service}\`));`,
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "restart"' },
          line: 5,
          column: 90,
          endColumn: 112,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: sdkOutput('successResult', `declare function withErrorHandling<A, R>(handler: (args: A) => Promise<R>): (args: A) => Promise<R>;
server.tool('restart', { service: z.string() }, withErrorHandling(async ({ service }) => successResult(\`Restarted \${service}\`)));`),
            },
          ],
        },
      ],
    },
    {
      name: 'a toolHandlers map of class instances and objects, dispatched by name',
      code: `${LOW_LEVEL}class ListIssues {
  async execute(args: Record<string, unknown>) {
    return \`Issues of \${String(args.repo)}\`;
  }
}
const toolHandlers = {
  list_issues: new ListIssues(),
  star_repo: { execute: async (args: Record<string, unknown>) => \`Starred \${String(args.repo)}\` },
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const handler = toolHandlers[request.params.name as keyof typeof toolHandlers];
  return handler.execute(request.params.arguments ?? {});
});`,
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "list_issues"' },
          line: 6,
          column: 12,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: lowLevelOutput(`class ListIssues {
  async execute(args: Record<string, unknown>) {
    return successResult(\`Issues of \${String(args.repo)}\`);
  }
}
const toolHandlers = {
  list_issues: new ListIssues(),
  star_repo: { execute: async (args: Record<string, unknown>) => \`Starred \${String(args.repo)}\` },
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const handler = toolHandlers[request.params.name as keyof typeof toolHandlers];
  return handler.execute(request.params.arguments ?? {});
});`),
            },
          ],
        },
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "star_repo"' },
          line: 11,
          column: 66,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: lowLevelOutput(`class ListIssues {
  async execute(args: Record<string, unknown>) {
    return \`Issues of \${String(args.repo)}\`;
  }
}
const toolHandlers = {
  list_issues: new ListIssues(),
  star_repo: { execute: async (args: Record<string, unknown>) => successResult(\`Starred \${String(args.repo)}\`) },
};
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const handler = toolHandlers[request.params.name as keyof typeof toolHandlers];
  return handler.execute(request.params.arguments ?? {});
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'tools.find((t) => t.name === name), then tool.handler(args)',
      // toolDefinitions off: the dispatch alone finds the handler.
      code: `${LOW_LEVEL}const tools = [
  { name: 'search_notes', inputSchema: { type: 'object' as const }, handler: async (args: Record<string, unknown>) => \`Notes about \${String(args.query)}\` },
];
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.find((candidate) => candidate.name === request.params.name);
  if (!tool) throw new Error('unknown tool');
  return tool.handler(request.params.arguments ?? {});
});`,
      options: [{ toolDefinitions: false }],
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "search_notes"' },
          line: 5,
          column: 119,
          endColumn: 154,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: lowLevelOutput(`const tools = [
  { name: 'search_notes', inputSchema: { type: 'object' as const }, handler: async (args: Record<string, unknown>) => successResult(\`Notes about \${String(args.query)}\`) },
];
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.find((candidate) => candidate.name === request.params.name);
  if (!tool) throw new Error('unknown tool');
  return tool.handler(request.params.arguments ?? {});
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'dispatcher: result = await handleSearch(args) per case, result.isError read for logging, returned after the switch',
      code: `${LOW_LEVEL}declare const logger: { warn(message: string): void };
async function handleSearch(args: Record<string, unknown> | undefined) {
  return \`Results for \${String(args?.query)}\`;
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  let result: any;
  switch (request.params.name) {
    case 'search':
      result = await handleSearch(request.params.arguments);
      break;
    default:
      throw new Error('unknown tool');
  }
  if (result.isError) logger.warn('search failed');
  return result;
});`,
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "search"' },
          line: 6,
          column: 10,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: lowLevelOutput(`declare const logger: { warn(message: string): void };
async function handleSearch(args: Record<string, unknown> | undefined) {
  return successResult(\`Results for \${String(args?.query)}\`);
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  let result: any;
  switch (request.params.name) {
    case 'search':
      result = await handleSearch(request.params.arguments);
      break;
    default:
      throw new Error('unknown tool');
  }
  if (result.isError) logger.warn('search failed');
  return result;
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'same-file handler calls with a cast and an extra argument: getPods(client, input as …), handleScale(args as any, client)',
      code: `${LOW_LEVEL}interface Kube { scale(name: string, n: number): Promise<void> }
declare const client: Kube;
async function getPods(kube: Kube, input: { namespace: string }) {
  return \`Pods in \${input.namespace}\`;
}
async function handleScale(input: { name: string; replicas: number }, kube: Kube) {
  await kube.scale(input.name, input.replicas);
  return \`Scaled \${input.name}\`;
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments;
  if (request.params.name === 'get_pods') return await getPods(client, args as { namespace: string });
  if (request.params.name === 'scale') return handleScale(args as any, client);
  throw new Error('unknown tool');
});`,
      errors: [
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "get_pods"' },
          line: 7,
          column: 10,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: lowLevelOutput(`interface Kube { scale(name: string, n: number): Promise<void> }
declare const client: Kube;
async function getPods(kube: Kube, input: { namespace: string }) {
  return successResult(\`Pods in \${input.namespace}\`);
}
async function handleScale(input: { name: string; replicas: number }, kube: Kube) {
  await kube.scale(input.name, input.replicas);
  return \`Scaled \${input.name}\`;
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments;
  if (request.params.name === 'get_pods') return await getPods(client, args as { namespace: string });
  if (request.params.name === 'scale') return handleScale(args as any, client);
  throw new Error('unknown tool');
});`),
            },
          ],
        },
        {
          messageId: 'stringResult',
          data: { tool: 'Tool "scale"' },
          line: 11,
          column: 10,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: lowLevelOutput(`interface Kube { scale(name: string, n: number): Promise<void> }
declare const client: Kube;
async function getPods(kube: Kube, input: { namespace: string }) {
  return \`Pods in \${input.namespace}\`;
}
async function handleScale(input: { name: string; replicas: number }, kube: Kube) {
  await kube.scale(input.name, input.replicas);
  return successResult(\`Scaled \${input.name}\`);
}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments;
  if (request.params.name === 'get_pods') return await getPods(client, args as { namespace: string });
  if (request.params.name === 'scale') return handleScale(args as any, client);
  throw new Error('unknown tool');
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'a FastMCP-shaped tool object in a module without a fastmcp import: recognised by its shape',
      code: `import { z } from 'zod';
export const listEventsTool = {
  name: 'list_events',
  description: 'Events of a day',
  parameters: z.object({ day: z.string() }),
  execute: async ({ day }: { day: string }) => \`Nothing on \${day}\`,
};`,
      errors: [
        {
          messageId: 'transportStringResult',
          data: { tool: 'Tool "list_events"' },
          line: 6,
          column: 48,
          endColumn: 67,
          suggestions: [
            {
              messageId: 'wrapInSuccessResult',
              output: `import { z } from 'zod';
import { successResult } from 'mcp-result-kit';
export const listEventsTool = {
  name: 'list_events',
  description: 'Events of a day',
  parameters: z.object({ day: z.string() }),
  execute: async ({ day }: { day: string }) => successResult(\`Nothing on \${day}\`),
};`,
            },
          ],
        },
      ],
    },
  ],
});
