import rule from '../../rules/valid-structured-content.js';
import { createRuleTester, SDK_IMPORTS } from './rule-tester.js';

const ruleTester = createRuleTester();

/** The SDK header of SDK_IMPORTS with the import a suggestion adds after the last import. */
const sdkOutput = (names: string, body: string): string => `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { ${names} } from 'mcp-result-kit';
const server = new McpServer({ name: 'demo', version: '1.0.0' });
${body}`;

const DATA = `declare const data: { items: string[] };\n`;
const OUTPUT_SCHEMA = `{ description: 'Items', outputSchema: { items: z.array(z.string()) } }`;

ruleTester.run('valid-structured-content', rule, {
  valid: [
    // Object structuredContent with text content.
    `${SDK_IMPORTS}${DATA}server.tool('a', async () => ({ content: [{ type: 'text', text: 'x' }], structuredContent: data }));`,
    `${SDK_IMPORTS}${DATA}server.tool('a', async () => ({ content: [{ type: 'text', text: 'x' }], structuredContent: { items: [1, 2] } }));`,
    // An outputSchema tool returning structured data, helpers with data, or errors.
    `${SDK_IMPORTS}${DATA}import { errorResult, jsonResult, successResult } from 'mcp-result-kit';
server.registerTool('items', ${OUTPUT_SCHEMA}, async () => {
  if (!data) return errorResult('no data');
  if (data.items.length === 0) return { content: [{ type: 'text', text: 'Error: empty' }], isError: true };
  if (data.items.length === 1) return successResult('one item', data);
  if (data.items.length === 2) return { content: [{ type: 'text', text: 'two' }], structuredContent: data };
  return jsonResult(data);
});`,
    // Without an outputSchema, text-only results are fine.
    `${SDK_IMPORTS}import { successResult } from 'mcp-result-kit';
server.registerTool('ping', { description: 'Ping' }, async () => successResult('pong'));`,
    // Prompts and resources are not tools.
    `${SDK_IMPORTS}server.registerResource('cfg', 'config://app', {}, async (uri) => ({ contents: [{ uri: uri.href, text: 'x' }], structuredContent: [1] }));`,
    `${SDK_IMPORTS}server.prompt('p', async () => ({ messages: [], structuredContent: 'x' }));`,
    // The user's own helper counts as a complete result, even with an outputSchema.
    { code: `${SDK_IMPORTS}${DATA}server.registerTool('items', ${OUTPUT_SCHEMA}, async () => ok(data));`, options: [{ resultHelpers: ['ok'] }] },
  ],
  invalid: [
    {
      name: 'structured-not-object: array, string and JSON.stringify values',
      code: `${SDK_IMPORTS}${DATA}server.tool('a', async () => ({ content: [{ type: 'text', text: 'x' }], structuredContent: [1, 2] }));
server.tool('b', async () => ({ content: [{ type: 'text', text: 'x' }], structuredContent: JSON.stringify(data) }));
server.tool('c', async () => ({ content: [{ type: 'text', text: 'x' }], structuredContent: 'x' }));`,
      errors: [
        { messageId: 'notObject', line: 5, column: 92, endColumn: 98, suggestions: [] },
        { messageId: 'notObject', line: 6, column: 92, endColumn: 112, suggestions: [] },
        { messageId: 'notObject', line: 7, column: 92, endColumn: 95, suggestions: [] },
      ],
    },
    {
      name: 'structured-not-object: low-level handler',
      code: `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === 'ids') {
    return { content: [{ type: 'text', text: '3 ids' }], structuredContent: [1, 2, 3] };
  }
  throw new Error('unknown tool');
});`,
      errors: [{ messageId: 'notObject', line: 6, column: 77, suggestions: [] }],
    },
    {
      name: 'structured-without-text: structuredContent alone or with an empty content array',
      code: `${SDK_IMPORTS}${DATA}server.tool('c', async () => ({ structuredContent: data }));
server.tool('d', async () => {
  return { content: [], structuredContent: data };
});`,
      errors: [
        {
          messageId: 'withoutText',
          line: 5,
          column: 31,
          endColumn: 58,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${DATA}server.tool('c', async () => jsonResult(data));
server.tool('d', async () => {
  return { content: [], structuredContent: data };
});`),
            },
          ],
        },
        {
          messageId: 'withoutText',
          line: 7,
          column: 10,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: sdkOutput('jsonResult', `${DATA}server.tool('c', async () => ({ structuredContent: data }));
server.tool('d', async () => {
  return jsonResult(data);
});`),
            },
          ],
        },
      ],
    },
    {
      name: 'structured-without-text: other fields need review',
      code: `${SDK_IMPORTS}${DATA}server.tool('e', async () => ({ structuredContent: data, isError: true }));
server.tool('f', async () => ({ content: [], structuredContent: data, _meta: {} }));`,
      errors: [
        { messageId: 'withoutText', line: 5, column: 31, suggestions: [] },
        { messageId: 'withoutText', line: 6, column: 31, suggestions: [] },
      ],
    },
    {
      name: 'structured-without-text: FastMCP and handlerClasses',
      code: `import { FastMCP } from 'fastmcp';
const mcp = new FastMCP({ name: 'x', version: '1.0.0' });
mcp.addTool({ name: 'stats', execute: async () => ({ structuredContent: { cpu: 1 } }) });
export class StatsTool {
  name = 'stats2';
  async execute() {
    return { structuredContent: { cpu: 2 } };
  }
}`,
      options: [{ handlerClasses: true }],
      errors: [
        {
          messageId: 'withoutText',
          data: { tool: 'Tool "stats"' },
          line: 3,
          column: 52,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: `import { FastMCP } from 'fastmcp';
import { jsonResult } from 'mcp-result-kit';
const mcp = new FastMCP({ name: 'x', version: '1.0.0' });
mcp.addTool({ name: 'stats', execute: async () => jsonResult({ cpu: 1 }) });
export class StatsTool {
  name = 'stats2';
  async execute() {
    return { structuredContent: { cpu: 2 } };
  }
}`,
            },
          ],
        },
        {
          messageId: 'withoutText',
          data: { tool: 'Tool "stats2"' },
          line: 7,
          column: 12,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: `import { FastMCP } from 'fastmcp';
import { jsonResult } from 'mcp-result-kit';
const mcp = new FastMCP({ name: 'x', version: '1.0.0' });
mcp.addTool({ name: 'stats', execute: async () => ({ structuredContent: { cpu: 1 } }) });
export class StatsTool {
  name = 'stats2';
  async execute() {
    return jsonResult({ cpu: 2 });
  }
}`,
            },
          ],
        },
      ],
    },
    {
      name: 'missing-structured-content: registerTool with outputSchema, inline config',
      code: `${SDK_IMPORTS}${DATA}import { successResult } from 'mcp-result-kit';
server.registerTool('items', ${OUTPUT_SCHEMA}, async () => {
  if (data.items.length === 1) return successResult('one');
  return { content: [{ type: 'text', text: 'many' }] };
});`,
      errors: [
        { messageId: 'missingForOutputSchema', line: 7, column: 39, endColumn: 59, suggestions: [] },
        { messageId: 'missingForOutputSchema', line: 8, column: 10, suggestions: [] },
      ],
    },
    {
      name: 'missing-structured-content: config in a const, handler as a named function, several items',
      code: `${SDK_IMPORTS}const weatherConfig = {
  description: 'Weather',
  inputSchema: { city: z.string() },
  outputSchema: { temp: z.number() },
};
async function getWeather({ city }: { city: string }) {
  return {
    content: [
      { type: 'text' as const, text: \`\${city}: 20C\` },
      { type: 'image' as const, data: '', mimeType: 'image/png' },
    ],
  };
}
server.registerTool('weather', weatherConfig, getWeather);`,
      errors: [{ messageId: 'missingForOutputSchema', line: 10, column: 10, endLine: 15, endColumn: 4, suggestions: [] }],
    },
    {
      name: 'missing-structured-content: the 2.x server package',
      code: `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';
const server = new McpServer({ name: 'v2', version: '2.0.0' });
server.registerTool('count', { outputSchema: { n: z.number() } }, async () => ({ content: [{ type: 'text', text: '3' }] }));`,
      errors: [{ messageId: 'missingForOutputSchema', line: 4, column: 80, suggestions: [] }],
    },
  ],
});
