import rule from '../../rules/no-string-result.js';
import { createRuleTester, SDK_IMPORTS } from './rule-tester.js';

const ruleTester = createRuleTester();
const HEADER_LINES = SDK_IMPORTS.split('\n').length - 1; // 3

ruleTester.run('no-string-result', rule, {
  valid: [
    // Already a proper result.
    `${SDK_IMPORTS}import { successResult } from 'mcp-result-kit';
server.tool('ping', async () => successResult('pong'));`,
    // Prompts and resources may return what they like.
    `${SDK_IMPORTS}server.registerPrompt('greet', { description: 'x' }, () => 'hello');`,
    `${SDK_IMPORTS}server.prompt('greet', () => 'hello');`,
    // An ordinary function returning a string is not a tool.
    `function formatName(first: string, last: string) { return \`\${first} \${last}\`; }`,
    // FastMCP wraps strings itself.
    `import { FastMCP } from 'fastmcp';
const mcp = new FastMCP({ name: 'x', version: '1.0.0' });
mcp.addTool({ name: 'hello', execute: async () => 'hi there' });`,
    // A user's own helper, configured as already correct.
    { code: `${SDK_IMPORTS}server.tool('ping', async () => ok('pong'));`, options: [{ resultHelpers: ['ok'] }] },
    // A handleXxx function is not a handler unless the user says so.
    `async function handleListVolumes(): Promise<string> { return 'volumes'; }`,
  ],
  invalid: [
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
      // handleXxx functions configured as handlers; the suggestion imports from the configured module.
      code: `export async function handleGetVolume(args: { name: string }) {
  return \`💾 Volume \${args.name}\`;
}`,
      options: [{ handlerPatterns: ['^handle[A-Z]'], importSource: '../lib/results.js' }],
      errors: [
        {
          messageId: 'stringResult',
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
  ],
});
