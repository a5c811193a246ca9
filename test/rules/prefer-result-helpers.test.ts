import rule from '../../rules/prefer-result-helpers.js';
import { createRuleTester, SDK_IMPORTS } from './rule-tester.js';

const ruleTester = createRuleTester();

/** The SDK header of SDK_IMPORTS with the import a suggestion adds after the last import. */
const sdkOutput = (names: string, body: string): string => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ${names} } from 'mcp-result-kit';
const server = new McpServer({ name: 'demo', version: '1.0.0' });
${body}`;

ruleTester.run('prefer-result-helpers', rule, {
  valid: [
    `${SDK_IMPORTS}import { errorResult, successResult } from 'mcp-result-kit';
server.tool('a', async () => successResult('hi'));
server.tool('b', async () => errorResult('boom'));`,
    // Literals the helpers cannot express one-to-one stay as they are.
    `${SDK_IMPORTS}server.tool('a', async () => ({ content: [{ type: 'text', text: 'x' }], _meta: { traceId: 'abc' } }));`,
    `${SDK_IMPORTS}server.tool('b', async () => ({ content: [{ type: 'text', text: 'x' }, { type: 'image', data: '', mimeType: 'image/png' }] }));`,
    `${SDK_IMPORTS}server.tool('c', async () => ({ content: [{ type: 'text', text: 'x', annotations: { priority: 1 } }] }));`,
    `${SDK_IMPORTS}server.tool('d', async () => ({ content: [{ type: 'text', text: 'boom' }], isError: true }));`,
    `${SDK_IMPORTS}server.tool('e', async () => ({ content: [{ type: 'text', text: 'x' }], structuredContent: { x: 1 } }));`,
    // Error text without isError is require-is-error's; an outputSchema tool is valid-structured-content's.
    `${SDK_IMPORTS}server.tool('f', async () => ({ content: [{ type: 'text', text: 'Failed to load' }] }));`,
    `${SDK_IMPORTS}server.registerTool('g', { outputSchema: { n: z.number() } }, async () => ({ content: [{ type: 'text', text: '1' }] }));`,
    // Prompts and resources, and literals outside handlers.
    `${SDK_IMPORTS}server.registerPrompt('p', {}, () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }] }));`,
    `export function toText(text: string) { return { role: 'user', content: [{ type: 'text', text }] }; }`,
    // Issue 9: builders the team lists in resultHelpers are theirs.
    { name: 'resultHelpers: a listed builder is never analyzed', code: `export function toText(text: string) { return { content: [{ type: 'text' as const, text }] }; }`, options: [{ resultHelpers: ['toText'] }] },
    {
      name: 'an Anthropic-style chat message with a content array is not a tool result',
      code: `export function assistantReply(text: string) { return { role: 'assistant' as const, content: [{ type: 'text' as const, text }] }; }`,
    },
  ],
  invalid: [
    {
      name: 'a helper that builds a text result',
      code: `export function toText(text: string) { return { content: [{ type: 'text', text }] }; }`,
      errors: [
        {
          messageId: 'handBuiltResult',
          line: 1,
          column: 47,
          suggestions: [
            {
              messageId: 'useHelper',
              output: `import { successResult } from 'mcp-result-kit';

export function toText(text: string) { return successResult(text); }`,
            },
          ],
        },
      ],
    },
    {
      name: 'hand-built-result: shorthand text, template text with isError: false',
      code: `${SDK_IMPORTS}declare const text: string;
server.tool('a', async () => ({ content: [{ type: 'text', text }] }));
server.tool('b', async () => {
  return { content: [{ type: 'text', text: \`Done\` }], isError: false };
});`,
      errors: [
        {
          messageId: 'handBuiltResult',
          data: { tool: 'Tool "a"' },
          line: 5,
          column: 31,
          endColumn: 68,
          suggestions: [
            {
              messageId: 'useHelper',
              output: sdkOutput('successResult', `declare const text: string;
server.tool('a', async () => successResult(text));
server.tool('b', async () => {
  return { content: [{ type: 'text', text: \`Done\` }], isError: false };
});`),
            },
          ],
        },
        {
          messageId: 'handBuiltResult',
          data: { tool: 'Tool "b"' },
          line: 7,
          column: 10,
          suggestions: [
            {
              messageId: 'useHelper',
              output: sdkOutput('successResult', `declare const text: string;
server.tool('a', async () => ({ content: [{ type: 'text', text }] }));
server.tool('b', async () => {
  return successResult(\`Done\`);
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'hand-built-result: isError: true with an "Error: " literal becomes errorTextResult with the same text',
      code: `${SDK_IMPORTS}server.tool('c', async () => ({ content: [{ type: 'text', text: 'Error: boom' }], isError: true }));`,
      errors: [
        {
          messageId: 'handBuiltResult',
          line: 4,
          column: 31,
          suggestions: [{ messageId: 'useHelper', output: sdkOutput('errorTextResult', `server.tool('c', async () => errorTextResult('Error: boom'));`) }],
        },
      ],
    },
    {
      name: 'hand-built-result: try/catch success branch in a low-level if-chain',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === 'ping') {
    try {
      return { content: [{ type: 'text', text: 'pong' }] };
    } catch (e) {
      return { content: [{ type: 'text', text: \`Error: \${e}\` }], isError: true };
    }
  }
  throw new Error('unknown tool');
});`,
      errors: [
        {
          messageId: 'handBuiltResult',
          data: { tool: 'Tool "ping"' },
          line: 7,
          column: 14,
          suggestions: [
            {
              messageId: 'useHelper',
              output: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { successResult } from 'mcp-result-kit';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === 'ping') {
    try {
      return successResult('pong');
    } catch (e) {
      return { content: [{ type: 'text', text: \`Error: \${e}\` }], isError: true };
    }
  }
  throw new Error('unknown tool');
});`,
            },
          ],
        },
        {
          messageId: 'handBuiltResult',
          data: { tool: 'Tool "ping"' },
          line: 9,
          column: 14,
          suggestions: [
            {
              messageId: 'useHelper',
              output: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { errorTextResult } from 'mcp-result-kit';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === 'ping') {
    try {
      return { content: [{ type: 'text', text: 'pong' }] };
    } catch (e) {
      return errorTextResult(\`Error: \${e}\`);
    }
  }
  throw new Error('unknown tool');
});`,
            },
          ],
        },
      ],
    },
    {
      name: 'hand-built-result: FastMCP tool object and a definition object',
      code: `import { FastMCP } from 'fastmcp';
const mcp = new FastMCP({ name: 'x', version: '1.0.0' });
const helloTool = { name: 'hello', execute: async () => ({ content: [{ type: 'text' as const, text: 'hi' }] }) };
mcp.addTool(helloTool);
export const definitions = [{ name: 'bye', parameters: {}, run: async () => ({ content: [{ type: 'text', text: 'bye' }] }) }];`,
      options: [{ handlerProperties: ['run'] }],
      errors: [
        {
          messageId: 'handBuiltResult',
          data: { tool: 'Tool "hello"' },
          line: 3,
          column: 58,
          suggestions: [
            {
              messageId: 'useHelper',
              output: `import { FastMCP } from 'fastmcp';
import { successResult } from 'mcp-result-kit';
const mcp = new FastMCP({ name: 'x', version: '1.0.0' });
const helloTool = { name: 'hello', execute: async () => successResult('hi') };
mcp.addTool(helloTool);
export const definitions = [{ name: 'bye', parameters: {}, run: async () => ({ content: [{ type: 'text', text: 'bye' }] }) }];`,
            },
          ],
        },
        {
          messageId: 'handBuiltResult',
          data: { tool: 'Tool "bye"' },
          line: 5,
          column: 78,
          suggestions: [
            {
              messageId: 'useHelper',
              output: `import { FastMCP } from 'fastmcp';
import { successResult } from 'mcp-result-kit';
const mcp = new FastMCP({ name: 'x', version: '1.0.0' });
const helloTool = { name: 'hello', execute: async () => ({ content: [{ type: 'text' as const, text: 'hi' }] }) };
mcp.addTool(helloTool);
export const definitions = [{ name: 'bye', parameters: {}, run: async () => successResult('bye') }];`,
            },
          ],
        },
      ],
    },
    {
      name: 'hand-built-result: `satisfies CallToolResult` stays valid after the rewrite',
      code: `${SDK_IMPORTS}import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
server.tool('a', async () => {
  return { content: [{ type: 'text', text: 'hi' }] } satisfies CallToolResult;
});`,
      errors: [
        {
          messageId: 'handBuiltResult',
          line: 6,
          column: 10,
          endColumn: 53,
          suggestions: [
            {
              messageId: 'useHelper',
              output: `${SDK_IMPORTS}import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { successResult } from 'mcp-result-kit';
server.tool('a', async () => {
  return successResult('hi') satisfies CallToolResult;
});`,
            },
          ],
        },
      ],
    },
    {
      name: 'hand-built-result: `as const` on the literal must go with it (a call cannot be `as const`)',
      code: `${SDK_IMPORTS}server.tool('a', async () => {
  return { content: [{ type: 'text', text: 'hi' }] } as const;
});`,
      errors: [
        {
          messageId: 'handBuiltResult',
          line: 5,
          column: 10,
          suggestions: [
            {
              messageId: 'useHelper',
              output: sdkOutput('successResult', `server.tool('a', async () => {
  return successResult('hi');
});`),
            },
          ],
        },
      ],
    },
    // Issue 9: a function that returns a result literal builds tool results, wherever it is.
    {
      name: 'result-shape: an entry of a handler map that nothing in this file registers',
      code: `export const handlers = {
  ping: async () => ({ content: [{ type: 'text' as const, text: 'pong' }] }),
};`,
      errors: [
        {
          messageId: 'handBuiltResult',
          data: { tool: 'This tool handler' },
          line: 2,
          column: 22,
          endColumn: 76,
          suggestions: [
            {
              messageId: 'useHelper',
              output: `import { successResult } from 'mcp-result-kit';

export const handlers = {
  ping: async () => successResult('pong'),
};`,
            },
          ],
        },
      ],
    },
  ],
});
