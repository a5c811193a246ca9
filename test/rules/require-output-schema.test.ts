import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from '@typescript-eslint/rule-tester';
import rule from '../../rules/require-output-schema.js';
import { createRuleTester } from './rule-tester.js';

const tsconfigRootDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'typed-project');

// With type information (the schema comes from types), and without (the rule then reports nothing).
const typed = new RuleTester({ languageOptions: { parserOptions: { projectService: true, tsconfigRootDir } } });

const HEAD = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { errorTextResult, jsonResult } from 'mcp-result-kit';
const server = new McpServer({ name: 'demo', version: '1.0.0' });
`;

typed.run('require-output-schema', rule, {
  valid: [
    {
      name: 'a tool that declares an outputSchema',
      code: `${HEAD}server.registerTool('count', { inputSchema: {}, outputSchema: { count: z.number() } }, async () => jsonResult({ count: 1 }));`,
    },
    {
      name: 'a tool that returns text only',
      code: `${HEAD}server.registerTool('hello', { inputSchema: {} }, async () => ({ content: [{ type: 'text', text: 'hi' }] }));`,
    },
    {
      name: 'an ignore comment',
      code: `${HEAD}// mcp-result-kit-ignore\nserver.registerTool('count', { inputSchema: {} }, async () => jsonResult({ count: 1 }));`,
    },
  ],
  invalid: [
    {
      name: 'structured results without an outputSchema: the suggestion declares the inferred zod shape',
      code: `${HEAD}server.registerTool('stats', {
  inputSchema: { id: z.string() },
}, async ({ id }) => {
  if (!id) return errorTextResult('Error: no id');
  return jsonResult({ id, count: 2, tags: ['a'], state: 'open' as 'open' | 'closed' });
});`,
      errors: [
        {
          messageId: 'missingOutputSchema',
          line: 5,
          column: 1,
          endLine: 5,
          endColumn: 20,
          suggestions: [
            {
              messageId: 'declareOutputSchema',
              output: `${HEAD}server.registerTool('stats', {
  inputSchema: { id: z.string() },
  outputSchema: z.looseObject({
    error: z.string().optional(),
    id: z.string().optional(),
    count: z.number().optional(),
    tags: z.array(z.string()).optional(),
    state: z.enum(['open', 'closed']).optional()
  }),
}, async ({ id }) => {
  if (!id) return errorTextResult('Error: no id');
  return jsonResult({ id, count: 2, tags: ['a'], state: 'open' as 'open' | 'closed' });
});`,
            },
          ],
        },
      ],
    },
    {
      name: 'structured results whose type says too little: reported with the reason, no suggestion',
      code: `${HEAD}declare function load(): Promise<Record<string, unknown>>;
server.registerTool('raw', { inputSchema: {} }, async () => jsonResult(await load()));`,
      errors: [
        {
          messageId: 'missingUninferable',
          line: 6,
          column: 1,
          data: { tool: 'Tool "raw"', reason: 'line 6: the value is a record of unknown values: it names no keys and says nothing of the values' },
          suggestions: [],
        },
      ],
    },
  ],
});

const FASTMCP_HEAD = `import { FastMCP } from 'fastmcp';
import { z } from 'zod';
import { errorResult, jsonResult } from 'mcp-result-kit';
const server = new FastMCP({ name: 'demo', version: '1.0.0' });
`;

typed.run('require-output-schema (FastMCP 4.x addTool, which takes a Standard Schema outputSchema)', rule, {
  valid: [
    {
      name: 'a FastMCP tool that declares an outputSchema',
      code: `${FASTMCP_HEAD}server.addTool({ name: 'count', parameters: z.object({}), outputSchema: z.object({ count: z.number() }), execute: async () => jsonResult({ count: 1 }) });`,
    },
  ],
  invalid: [
    {
      name: 'its suggestion writes a loose zod object into the tool (FastMCP sends the parsed value, so no key is stripped)',
      code: `${FASTMCP_HEAD}server.addTool({
  name: 'count',
  parameters: z.object({ id: z.string() }),
  execute: async ({ id }) => {
    if (!id) return errorResult('no id');
    return jsonResult({ id, count: 2 });
  },
});`,
      errors: [
        {
          messageId: 'missingOutputSchema',
          line: 6,
          column: 3,
          suggestions: [
            {
              messageId: 'declareOutputSchema',
              output: `${FASTMCP_HEAD}server.addTool({
  name: 'count',
  parameters: z.object({ id: z.string() }),
  outputSchema: z.looseObject({
    error: z.string().optional(),
    id: z.string().optional(),
    count: z.number().optional()
  }),
  execute: async ({ id }) => {
    if (!id) return errorResult('no id');
    return jsonResult({ id, count: 2 });
  },
});`,
            },
          ],
        },
      ],
    },
  ],
});

createRuleTester().run('require-output-schema without type information', rule, {
  valid: [{ name: 'nothing to infer from', code: `${HEAD}server.registerTool('count', { inputSchema: {} }, async () => jsonResult({ count: 1 }));` }],
  invalid: [],
});
