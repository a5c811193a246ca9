import rule from '../../rules/require-is-error.js';
import { createRuleTester, SDK_IMPORTS } from './rule-tester.js';

const ruleTester = createRuleTester();

/** The SDK header of SDK_IMPORTS with the import a suggestion adds after the last import. */
const sdkOutput = (names: string, body: string): string => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ${names} } from 'mcp-result-kit';
const server = new McpServer({ name: 'demo', version: '1.0.0' });
${body}`;

ruleTester.run('require-is-error', rule, {
  valid: [
    // Proper error results.
    `${SDK_IMPORTS}import { errorResult, successResult } from 'mcp-result-kit';
server.tool('read', { path: z.string() }, async ({ path }) => {
  try {
    return successResult(path);
  } catch (error) {
    return errorResult(error as Error);
  }
});`,
    `${SDK_IMPORTS}server.tool('read', async () => ({ content: [{ type: 'text', text: 'Error: no such file' }], isError: true }));`,
    // An explicit isError: false is the author's decision.
    `${SDK_IMPORTS}server.tool('lint', async () => ({ content: [{ type: 'text', text: 'Invalid lines: 0' }], isError: false }));`,
    // Text that only mentions errors is not an error.
    `${SDK_IMPORTS}server.tool('lint', async () => 'Errors found: 0');`,
    `${SDK_IMPORTS}server.tool('lint', async () => ({ success: true, message: 'No problems' }));`,
    `${SDK_IMPORTS}server.tool('lookup', async () => ({ error: null, value: 42 }));`,
    // Prompts, resources and ordinary functions.
    `${SDK_IMPORTS}server.registerPrompt('oops', {}, () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'Error: explain this' } }] }));`,
    `${SDK_IMPORTS}server.resource('log', 'file:///log', async (uri) => ({ contents: [{ uri: uri.href, text: 'Error: line 3' }] }));`,
    `function describe(error: Error) { return 'Error: ' + error.message; }`,
    `function toPayload(message: string) { return JSON.stringify({ error: message }); }`,
    // The user's own error helper.
    { code: `${SDK_IMPORTS}server.tool('x', async () => fail('Cannot do that'));`, options: [{ resultHelpers: ['fail'] }] },
    { code: `${SDK_IMPORTS}server.tool('x', async () => fail('Cannot do that'));`, settings: { 'mcp-result-kit': { resultHelpers: ['fail'] } } },
  ],
  invalid: [
    {
      name: 'error-string: "Error: " + message in catch (server.tool with schema)',
      code: `${SDK_IMPORTS}server.tool('read', { path: z.string() }, async ({ path }) => {
  try {
    return \`Read \${path}\`;
  } catch (error) {
    return 'Error: ' + (error as Error).message;
  }
});`,
      errors: [
        {
          messageId: 'errorString',
          data: { tool: 'Tool "read"' },
          line: 8,
          column: 12,
          endLine: 8,
          endColumn: 48,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: sdkOutput('errorTextResult', `server.tool('read', { path: z.string() }, async ({ path }) => {
  try {
    return \`Read \${path}\`;
  } catch (error) {
    return errorTextResult('Error: ' + (error as Error).message);
  }
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'error-string: template with an Error: head, the catch variable, and error words',
      code: `${SDK_IMPORTS}server.registerTool('fetch', { inputSchema: { url: z.string() } }, async ({ url }) => {
  try {
    const res = await fetch(url);
    if (res.status === 404) return 'Not found: ' + url;
    if (res.status === 401) return "❌ Unauthorized";
    return \`Fetched \${res.status}\`;
  } catch (e) {
    if (e instanceof TypeError) return String(e);
    return \`Error: \${e}\`;
  }
});`,
      errors: [
        {
          messageId: 'errorString',
          line: 7,
          column: 36,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: sdkOutput('errorTextResult', `server.registerTool('fetch', { inputSchema: { url: z.string() } }, async ({ url }) => {
  try {
    const res = await fetch(url);
    if (res.status === 404) return errorTextResult('Not found: ' + url);
    if (res.status === 401) return "❌ Unauthorized";
    return \`Fetched \${res.status}\`;
  } catch (e) {
    if (e instanceof TypeError) return String(e);
    return \`Error: \${e}\`;
  }
});`),
            },
          ],
        },
        {
          messageId: 'errorString',
          line: 8,
          column: 36,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: sdkOutput('errorTextResult', `server.registerTool('fetch', { inputSchema: { url: z.string() } }, async ({ url }) => {
  try {
    const res = await fetch(url);
    if (res.status === 404) return 'Not found: ' + url;
    if (res.status === 401) return errorTextResult("❌ Unauthorized");
    return \`Fetched \${res.status}\`;
  } catch (e) {
    if (e instanceof TypeError) return String(e);
    return \`Error: \${e}\`;
  }
});`),
            },
          ],
        },
        {
          messageId: 'errorString',
          line: 11,
          column: 40,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: sdkOutput('errorTextResult', `server.registerTool('fetch', { inputSchema: { url: z.string() } }, async ({ url }) => {
  try {
    const res = await fetch(url);
    if (res.status === 404) return 'Not found: ' + url;
    if (res.status === 401) return "❌ Unauthorized";
    return \`Fetched \${res.status}\`;
  } catch (e) {
    if (e instanceof TypeError) return errorTextResult(String(e));
    return \`Error: \${e}\`;
  }
});`),
            },
          ],
        },
        {
          messageId: 'errorString',
          line: 12,
          column: 12,
          endColumn: 25,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: sdkOutput('errorTextResult', `server.registerTool('fetch', { inputSchema: { url: z.string() } }, async ({ url }) => {
  try {
    const res = await fetch(url);
    if (res.status === 404) return 'Not found: ' + url;
    if (res.status === 401) return "❌ Unauthorized";
    return \`Fetched \${res.status}\`;
  } catch (e) {
    if (e instanceof TypeError) return String(e);
    return errorTextResult(\`Error: \${e}\`);
  }
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'error-string: only the error branch of a ternary',
      code: `${SDK_IMPORTS}declare function save(): boolean;
server.tool('save', async () => (save() ? 'Saved' : 'Failed to save'));`,
      errors: [
        {
          messageId: 'errorString',
          line: 5,
          column: 53,
          endColumn: 69,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: sdkOutput('errorTextResult', `declare function save(): boolean;
server.tool('save', async () => (save() ? 'Saved' : errorTextResult('Failed to save')));`),
            },
          ],
        },
      ],
    },
    {
      name: 'error-string: FastMCP wraps strings, but not as errors',
      code: `import { FastMCP } from 'fastmcp';
const mcp = new FastMCP({ name: 'x', version: '1.0.0' });
mcp.addTool({
  name: 'delete',
  execute: async (args: { id: string }) => {
    if (!args.id) return 'Error: id is required';
    return \`Deleted \${args.id}\`;
  },
});`,
      errors: [
        {
          messageId: 'errorString',
          data: { tool: 'Tool "delete"' },
          line: 6,
          column: 26,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: `import { FastMCP } from 'fastmcp';
import { errorTextResult } from 'mcp-result-kit';
const mcp = new FastMCP({ name: 'x', version: '1.0.0' });
mcp.addTool({
  name: 'delete',
  execute: async (args: { id: string }) => {
    if (!args.id) return errorTextResult('Error: id is required');
    return \`Deleted \${args.id}\`;
  },
});`,
            },
          ],
        },
      ],
    },
    {
      name: 'error-string: handleXxx via handlerPatterns',
      code: `export function handleDelete(args: { id?: string }) {
  if (!args.id) return 'Invalid arguments: id is required';
  return { deleted: args.id };
}`,
      options: [{ handlerPatterns: ['^handle'] }],
      errors: [
        {
          messageId: 'errorString',
          line: 2,
          column: 24,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: `import { errorTextResult } from 'mcp-result-kit';

export function handleDelete(args: { id?: string }) {
  if (!args.id) return errorTextResult('Invalid arguments: id is required');
  return { deleted: args.id };
}`,
            },
          ],
        },
      ],
    },
    {
      name: 'error-string: "Error:" without a space is kept, as every word is',
      code: `${SDK_IMPORTS}server.tool('disk', async () => 'Error:disk full');`,
      errors: [
        {
          messageId: 'errorString',
          line: 4,
          column: 33,
          suggestions: [{ messageId: 'useErrorResult', output: sdkOutput('errorTextResult', `server.tool('disk', async () => errorTextResult('Error:disk full'));`) }],
        },
      ],
    },
    {
      name: 'error-string: "Error: " + the unknown catch variable stays as it is',
      code: `${SDK_IMPORTS}server.tool('disk', async () => {
  try {
    return 'ok';
  } catch (error) {
    return 'Error: ' + error;
  }
});`,
      errors: [
        {
          messageId: 'errorString',
          line: 8,
          column: 12,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: sdkOutput('errorTextResult', `server.tool('disk', async () => {
  try {
    return 'ok';
  } catch (error) {
    return errorTextResult('Error: ' + error);
  }
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'error-string: a local message built from the caught error',
      code: `${SDK_IMPORTS}server.tool('fetch_page', { url: z.string() }, async ({ url }) => {
  try {
    return String(await fetch(url));
  } catch (e) {
    const msg = \`Failed to fetch \${url}: \${e}\`;
    return msg;
  }
});`,
      errors: [
        {
          messageId: 'errorString',
          line: 9,
          column: 12,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: sdkOutput('errorTextResult', `server.tool('fetch_page', { url: z.string() }, async ({ url }) => {
  try {
    return String(await fetch(url));
  } catch (e) {
    const msg = \`Failed to fetch \${url}: \${e}\`;
    return errorTextResult(msg);
  }
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'error-json: JSON.stringify({ error, code })',
      code: `${SDK_IMPORTS}server.tool('get', async () => JSON.stringify({ error: 'not found', code: 404 }));`,
      errors: [
        {
          messageId: 'errorJson',
          line: 4,
          column: 32,
          endColumn: 81,
          suggestions: [
            { messageId: 'useErrorResult', output: sdkOutput('errorTextResult', `server.tool('get', async () => errorTextResult('not found', { code: 404 }));`) },
          ],
        },
      ],
    },
    {
      name: 'error-json: success: false with a spread, status: error, ok: false with reason',
      code: `${SDK_IMPORTS}declare const details: Record<string, unknown>;
server.tool('a', async () => JSON.stringify({ success: false, error: 'bad', ...details }, null, 2));
server.tool('b', async () => JSON.stringify({ status: 'error', message: 'boom' }));
server.tool('c', async () => JSON.stringify({ ok: false, reason: 'quota' }));`,
      errors: [
        {
          messageId: 'errorJson',
          line: 5,
          column: 30,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: sdkOutput('errorTextResult', `declare const details: Record<string, unknown>;
server.tool('a', async () => errorTextResult('bad', { success: false, ...details }));
server.tool('b', async () => JSON.stringify({ status: 'error', message: 'boom' }));
server.tool('c', async () => JSON.stringify({ ok: false, reason: 'quota' }));`),
            },
          ],
        },
        {
          messageId: 'errorJson',
          line: 6,
          column: 30,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: sdkOutput('errorTextResult', `declare const details: Record<string, unknown>;
server.tool('a', async () => JSON.stringify({ success: false, error: 'bad', ...details }, null, 2));
server.tool('b', async () => errorTextResult('boom', { status: 'error' }));
server.tool('c', async () => JSON.stringify({ ok: false, reason: 'quota' }));`),
            },
          ],
        },
        {
          messageId: 'errorJson',
          line: 7,
          column: 30,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: sdkOutput('errorTextResult', `declare const details: Record<string, unknown>;
server.tool('a', async () => JSON.stringify({ success: false, error: 'bad', ...details }, null, 2));
server.tool('b', async () => JSON.stringify({ status: 'error', message: 'boom' }));
server.tool('c', async () => errorTextResult('quota', { ok: false }));`),
            },
          ],
        },
      ],
    },
    {
      name: 'error-json: no message property, so no suggestion',
      code: `${SDK_IMPORTS}server.tool('a', async () => JSON.stringify({ success: false, code: 3 }));`,
      errors: [{ messageId: 'errorJson', line: 4, column: 30, suggestions: [] }],
    },
    {
      name: 'error-json: a JSON payload built from the caught error',
      code: `${SDK_IMPORTS}server.tool('a', async () => {
  try {
    return 'ok';
  } catch (e) {
    return JSON.stringify({ message: String(e) });
  }
});`,
      errors: [
        {
          messageId: 'errorJson',
          line: 8,
          column: 12,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: sdkOutput('errorTextResult', `server.tool('a', async () => {
  try {
    return 'ok';
  } catch (e) {
    return errorTextResult(String(e));
  }
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'error-object: bare error objects in SDK handlers (tool and low-level)',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'get':
      return { error: 'not found', code: 404 };
    case 'put':
      return { success: false, message: 'read-only' };
    default:
      return { success: false };
  }
});`,
      errors: [
        {
          messageId: 'errorObject',
          data: { tool: 'Tool "get"' },
          line: 7,
          column: 14,
          endColumn: 47,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { errorTextResult } from 'mcp-result-kit';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'get':
      return errorTextResult('not found', { code: 404 });
    case 'put':
      return { success: false, message: 'read-only' };
    default:
      return { success: false };
  }
});`,
            },
          ],
        },
        {
          messageId: 'errorObject',
          data: { tool: 'Tool "put"' },
          line: 9,
          column: 14,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { errorTextResult } from 'mcp-result-kit';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'get':
      return { error: 'not found', code: 404 };
    case 'put':
      return errorTextResult('read-only', { success: false });
    default:
      return { success: false };
  }
});`,
            },
          ],
        },
        { messageId: 'errorObject', data: { tool: 'This tool handler' }, line: 11, column: 14, suggestions: [] },
      ],
    },
    {
      name: 'error-content: only content becomes errorTextResult with the same text',
      code: `${SDK_IMPORTS}server.tool('a', async () => {
  try {
    return { content: [{ type: 'text', text: 'ok' }], isError: false };
  } catch (e) {
    return { content: [{ type: 'text', text: \`Error: \${(e as Error).message}\` }] };
  }
});
server.tool('b', async () => ({ content: [{ type: 'text' as const, text: 'Cannot reach the host' }] }));`,
      errors: [
        {
          messageId: 'errorContent',
          line: 8,
          column: 12,
          endColumn: 83,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: sdkOutput('errorTextResult', `server.tool('a', async () => {
  try {
    return { content: [{ type: 'text', text: 'ok' }], isError: false };
  } catch (e) {
    return errorTextResult(\`Error: \${(e as Error).message}\`);
  }
});
server.tool('b', async () => ({ content: [{ type: 'text' as const, text: 'Cannot reach the host' }] }));`),
            },
          ],
        },
        {
          messageId: 'errorContent',
          line: 11,
          column: 31,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: sdkOutput('errorTextResult', `server.tool('a', async () => {
  try {
    return { content: [{ type: 'text', text: 'ok' }], isError: false };
  } catch (e) {
    return { content: [{ type: 'text', text: \`Error: \${(e as Error).message}\` }] };
  }
});
server.tool('b', async () => errorTextResult('Cannot reach the host'));`),
            },
          ],
        },
      ],
    },
    {
      name: 'error-content: other fields or several items keep the literal and gain isError: true',
      code: `${SDK_IMPORTS}server.tool('a', async () => ({
  content: [{ type: 'text', text: 'Invalid input' }],
  _meta: { traceId: 'abc' },
}));
server.tool('b', async () => ({
  content: [
    { type: 'text', text: '❌ Unable to reach host' },
    { type: 'text', text: 'retry later' },
  ]
}));
server.tool('c', async () => ({ content: [{ type: 'text', text: 'Forbidden' }], _meta: {} }));`,
      errors: [
        {
          messageId: 'errorContent',
          line: 4,
          column: 31,
          endLine: 7,
          endColumn: 2,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: `${SDK_IMPORTS}server.tool('a', async () => ({
  content: [{ type: 'text', text: 'Invalid input' }],
  _meta: { traceId: 'abc' },
  isError: true,
}));
server.tool('b', async () => ({
  content: [
    { type: 'text', text: '❌ Unable to reach host' },
    { type: 'text', text: 'retry later' },
  ]
}));
server.tool('c', async () => ({ content: [{ type: 'text', text: 'Forbidden' }], _meta: {} }));`,
            },
          ],
        },
        {
          messageId: 'errorContent',
          line: 8,
          column: 31,
          endLine: 13,
          endColumn: 2,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: `${SDK_IMPORTS}server.tool('a', async () => ({
  content: [{ type: 'text', text: 'Invalid input' }],
  _meta: { traceId: 'abc' },
}));
server.tool('b', async () => ({
  content: [
    { type: 'text', text: '❌ Unable to reach host' },
    { type: 'text', text: 'retry later' },
  ],
  isError: true
}));
server.tool('c', async () => ({ content: [{ type: 'text', text: 'Forbidden' }], _meta: {} }));`,
            },
          ],
        },
        {
          messageId: 'errorContent',
          line: 14,
          column: 31,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: `${SDK_IMPORTS}server.tool('a', async () => ({
  content: [{ type: 'text', text: 'Invalid input' }],
  _meta: { traceId: 'abc' },
}));
server.tool('b', async () => ({
  content: [
    { type: 'text', text: '❌ Unable to reach host' },
    { type: 'text', text: 'retry later' },
  ]
}));
server.tool('c', async () => ({ content: [{ type: 'text', text: 'Forbidden' }], _meta: {}, isError: true }));`,
            },
          ],
        },
      ],
    },
    {
      name: 'error-content: an error JSON payload in the text item',
      code: `${SDK_IMPORTS}server.tool('a', async () => ({ content: [{ type: 'text', text: JSON.stringify({ error: 'nope', id: 1 }) }] }));
server.tool('b', async () => ({ content: [{ type: 'text', text: JSON.stringify({ error: 'nope' }) }], _meta: {} }));`,
      errors: [
        {
          messageId: 'errorContent',
          line: 4,
          column: 31,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: sdkOutput('errorTextResult', `server.tool('a', async () => errorTextResult('nope', { id: 1 }));
server.tool('b', async () => ({ content: [{ type: 'text', text: JSON.stringify({ error: 'nope' }) }], _meta: {} }));`),
            },
          ],
        },
        {
          messageId: 'errorContent',
          line: 5,
          column: 31,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: `${SDK_IMPORTS}server.tool('a', async () => ({ content: [{ type: 'text', text: JSON.stringify({ error: 'nope', id: 1 }) }] }));
server.tool('b', async () => ({ content: [{ type: 'text', text: JSON.stringify({ error: 'nope' }) }], _meta: {}, isError: true }));`,
            },
          ],
        },
      ],
    },
    // Issue 9: failures in the shapes real servers use.
    {
      name: 'error-string: allowFastmcpStrings keeps plain strings, not failures (FastMCP tool module)',
      code: `import type { Tool } from 'fastmcp';
import { z } from 'zod';
declare const mailer: { remind(invoice: string): Promise<string> };
const parameters = z.object({ invoice: z.string() });
export const remindTool: Tool<undefined, typeof parameters> = {
  name: 'send_reminder',
  parameters,
  execute: async ({ invoice }) => {
    try {
      return \`Reminder sent to \${await mailer.remind(invoice)}\`;
    } catch (error) {
      return \`Failed to send the reminder: \${String(error)}\`;
    }
  },
};`,
      options: [{ allowFastmcpStrings: true }],
      errors: [
        {
          messageId: 'errorString',
          data: { tool: 'Tool "send_reminder"' },
          line: 12,
          column: 14,
          endLine: 12,
          endColumn: 61,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: `import type { Tool } from 'fastmcp';
import { z } from 'zod';
import { errorTextResult } from 'mcp-result-kit';
declare const mailer: { remind(invoice: string): Promise<string> };
const parameters = z.object({ invoice: z.string() });
export const remindTool: Tool<undefined, typeof parameters> = {
  name: 'send_reminder',
  parameters,
  execute: async ({ invoice }) => {
    try {
      return \`Reminder sent to \${await mailer.remind(invoice)}\`;
    } catch (error) {
      return errorTextResult(\`Failed to send the reminder: \${String(error)}\`);
    }
  },
};`,
            },
          ],
        },
      ],
    },
    {
      name: 'error-string: the catch of a higher-order wrapper around the handler',
      code: `${SDK_IMPORTS}function withErrorHandling<A, R>(handler: (args: A) => Promise<R>) {
  return async (args: A) => {
    try {
      return await handler(args);
    } catch (error) {
      return \`Error: \${String(error)}\`;
    }
  };
}
server.tool('create_branch', { name: z.string() }, withErrorHandling(async ({ name }) => ({ content: [{ type: 'text' as const, text: \`Created \${name}\` }] })));`,
      errors: [
        {
          messageId: 'errorString',
          data: { tool: 'Tool "create_branch"' },
          line: 9,
          column: 14,
          endColumn: 39,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: sdkOutput('errorTextResult', `function withErrorHandling<A, R>(handler: (args: A) => Promise<R>) {
  return async (args: A) => {
    try {
      return await handler(args);
    } catch (error) {
      return errorTextResult(\`Error: \${String(error)}\`);
    }
  };
}
server.tool('create_branch', { name: z.string() }, withErrorHandling(async ({ name }) => ({ content: [{ type: 'text' as const, text: \`Created \${name}\` }] })));`),
            },
          ],
        },
      ],
    },
    {
      name: 'error-string: a tool-definition object (no framework import) with an error branch',
      code: `import { z } from 'zod';
declare const calendar: { cancel(id: string): Promise<boolean> };
export const cancelEventTool = {
  name: 'cancel_event',
  inputSchema: z.object({ id: z.string() }),
  handler: async ({ id }: { id: string }) => ((await calendar.cancel(id)) ? \`Cancelled \${id}\` : \`Cannot cancel \${id}\`),
};`,
      errors: [
        {
          messageId: 'errorString',
          data: { tool: 'Tool "cancel_event"' },
          line: 6,
          column: 97,
          endColumn: 118,
          suggestions: [
            {
              messageId: 'useErrorResult',
              output: `import { z } from 'zod';
import { errorTextResult } from 'mcp-result-kit';
declare const calendar: { cancel(id: string): Promise<boolean> };
export const cancelEventTool = {
  name: 'cancel_event',
  inputSchema: z.object({ id: z.string() }),
  handler: async ({ id }: { id: string }) => ((await calendar.cancel(id)) ? \`Cancelled \${id}\` : errorTextResult(\`Cannot cancel \${id}\`)),
};`,
            },
          ],
        },
      ],
    },
  ],
});
