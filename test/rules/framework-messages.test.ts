// Each framework says in its findings what IT does with the returned value and what to return
// there instead (the wording lives in src/analyze/frameworks.ts). The expected texts are written
// out here, so a change of wording is a deliberate change of this file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import plugin from '../../rules/index.js';
import noBareObjectResult from '../../rules/no-bare-object-result.js';
import noJsonStringifyResult from '../../rules/no-json-stringify-result.js';
import noStringResult from '../../rules/no-string-result.js';
import preferResultHelpers from '../../rules/prefer-result-helpers.js';
import requireIsError from '../../rules/require-is-error.js';
import { createRuleTester } from './rule-tester.js';

const ruleTester = createRuleTester();

const MCP_FRAMEWORK_ENCODES = 'mcp-framework JSON-encodes whatever MCPTool.execute returns into one text item';
const ERROR_INSTEAD =
  'Throw an Error with this text: mcp-framework 0.2.19 and later turns a thrown Error into an isError: true result with the message as its text; earlier releases send a content item of type "error", which clients reject, unless the tool overrides createErrorResponse(error) to return that result (migrate adds it).';
const AGENTKIT_ENCODES = "AgentKit's MCP extension (getMcpTools) sends JSON.stringify(value) as the text";
const AGENTKIT_INSTEAD =
  "AgentKit actions return strings: keep the action's contract and serve the actions through a tools/call handler of your own that returns successResult(text), errorTextResult(text) or jsonResult(data), instead of getMcpTools's toolHandler.";

/** An mcp-framework tool: `execute`'s value is JSON-encoded into one text item by MCPTool. */
const weatherTool = (body: string, members = ''): string => `import { MCPTool } from 'mcp-framework';
import { z } from 'zod';

class WeatherTool extends MCPTool<{ city: string }> {
  name = 'get_weather';
  description = 'Current weather for a city';
  schema = { city: { type: z.string(), description: 'City name' } };${members}

  async execute(input: { city: string }) {
${body}
  }
}

export default WeatherTool;
`;
// Line of the first body line in weatherTool (no members).
const WEATHER_BODY = 10;

/** An AgentKit action provider, referenced so that it is served. */
const balanceActions = (body: string): string => `import { ActionProvider, CreateAction } from '@coinbase/agentkit';
import { z } from 'zod';

const BalanceSchema = z.object({ address: z.string() });

export class BalanceActionProvider extends ActionProvider {
  @CreateAction({ name: 'get_balance', description: 'Balance of an address', schema: BalanceSchema })
  async getBalance(args: z.infer<typeof BalanceSchema>): Promise<string> {
${body}
  }
}

export const balanceActionProvider = () => new BalanceActionProvider();
`;
const BALANCE_BODY = 9;

/** An xmcp tool file: the default export of a file under tools/. */
const XMCP_FILE = 'src/tools/greet.ts';
const greetTool = (body: string): string => `import { z } from 'zod';
import type { InferSchema } from 'xmcp';

export const schema = { name: z.string().describe('Who to greet') };
export const metadata = { name: 'greet', description: 'Greet someone' };

export default async function greet({ name }: InferSchema<typeof schema>) {
${body}
}
`;
const GREET_BODY = 8;

describe('mcp-framework (MCPTool.execute)', () => {
  ruleTester.run('no-string-result', noStringResult, {
    valid: [],
    invalid: [
      {
        name: 'a string is JSON-encoded: quoted, its line breaks escaped',
        code: weatherTool("    return `Sunny in ${input.city}`;"),
        errors: [
          {
            messageId: 'frameworkStringResult',
            data: {
              tool: 'Tool "get_weather"',
              delivery: `${MCP_FRAMEWORK_ENCODES}, so the model reads the string in quotes with its line breaks escaped.`,
              instead: "Return [{ type: 'text', text }]: mcp-framework (every 0.2 release) sends an array of content items as the content.",
            },
            line: WEATHER_BODY,
            column: 12,
            suggestions: [{ messageId: 'frameworkRewrite', output: weatherTool("    return [{ type: 'text', text: `Sunny in ${input.city}` }];") }],
          },
        ],
      },
    ],
  });

  ruleTester.run('no-json-stringify-result', noJsonStringifyResult, {
    valid: [],
    invalid: [
      {
        name: 'JSON text is encoded a second time',
        code: weatherTool('    return JSON.stringify({ city: input.city, temperature: 21 });'),
        errors: [
          {
            messageId: 'frameworkJsonResult',
            data: {
              tool: 'Tool "get_weather"',
              delivery: `${MCP_FRAMEWORK_ENCODES}, so this JSON text arrives encoded twice (escaped JSON inside a JSON string), without structuredContent.`,
              instead: "Return [{ type: 'text', text: <the JSON> }], which mcp-framework sends as it is; in a tool with an outputSchemaShape (0.2.20 and later), return the data object, which it also sends as structuredContent.",
            },
            line: WEATHER_BODY,
            column: 12,
            suggestions: [{ messageId: 'frameworkRewrite', output: weatherTool("    return [{ type: 'text', text: JSON.stringify({ city: input.city, temperature: 21 }) }];") }],
          },
        ],
      },
    ],
  });

  ruleTester.run('no-bare-object-result', noBareObjectResult, {
    valid: [
      // With an outputSchemaShape, mcp-framework sends the object as structuredContent too.
      weatherTool('    return { city: input.city, temperature: 21 };', '\n  protected outputSchemaShape = z.object({ city: z.string(), temperature: z.number() });'),
    ],
    invalid: [
      {
        name: 'a plain object becomes JSON text without structuredContent',
        code: weatherTool('    return { city: input.city, temperature: 21 };'),
        errors: [
          {
            messageId: 'frameworkBareObject',
            data: {
              tool: 'Tool "get_weather"',
              delivery: `${MCP_FRAMEWORK_ENCODES}, so clients get this object as JSON text without structuredContent.`,
              instead: 'Declare an outputSchemaShape (a zod object) on the tool, so that mcp-framework (0.2.20 and later) also sends the object as structuredContent; before 0.2.20, override createSuccessResponse(data) to add it (migrate adds it).',
            },
            line: WEATHER_BODY,
            column: 12,
            // No release named (RuleTester's file is not on disk): which way fits is not known.
            suggestions: [],
          },
        ],
      },
      {
        name: 'before 0.2.20 the suggestion gives the tool class the createSuccessResponse that adds the object as structuredContent',
        code: weatherTool('    return { city: input.city, temperature: 21 };'),
        options: [{ mcpFrameworkVersion: '0.2.15' }],
        errors: [
          {
            messageId: 'frameworkBareObject',
            line: WEATHER_BODY,
            column: 12,
            suggestions: [
              {
                messageId: 'frameworkRewrite',
                output: weatherTool('    return { city: input.city, temperature: 21 };').replace(
                  '    return { city: input.city, temperature: 21 };\n  }\n',
                  "    return { city: input.city, temperature: 21 };\n  }\n\n  // mcp-framework before 0.2.20 sends a returned object as JSON text only: send it as structuredContent too.\n  protected createSuccessResponse(data: unknown) {\n    const response = super.createSuccessResponse(data);\n    const isObject = typeof data === 'object' && data !== null && !Array.isArray(data);\n    return isObject && response.content[0]?.type === 'text' ? { ...response, structuredContent: data } : response;\n  }\n",
                ),
              },
            ],
          },
        ],
      },
    ],
  });

  ruleTester.run('require-is-error', requireIsError, {
    valid: [],
    invalid: [
      {
        name: 'error text is never isError: throw instead',
        code: weatherTool("    if (!input.city) return 'City not found';\n    return [{ type: 'text', text: input.city }];"),
        errors: [
          {
            messageId: 'frameworkError',
            data: {
              tool: 'Tool "get_weather"',
              delivery: `${MCP_FRAMEWORK_ENCODES} and never sets isError from it, so the model cannot tell the call failed.`,
              instead: ERROR_INSTEAD,
            },
            line: WEATHER_BODY,
            column: 29,
            // No release named (RuleTester's file is not on disk): a throw is an isError result only from 0.2.19.
            suggestions: [],
          },
        ],
      },
      {
        name: 'from 0.2.19 a thrown Error is an isError result: the suggestion throws the same text',
        code: weatherTool("    if (!input.city) return 'City not found';\n    return [{ type: 'text', text: input.city }];"),
        options: [{ mcpFrameworkVersion: '0.2.19' }],
        errors: [
          {
            messageId: 'frameworkError',
            data: {
              tool: 'Tool "get_weather"',
              delivery: `${MCP_FRAMEWORK_ENCODES} and never sets isError from it, so the model cannot tell the call failed.`,
              instead: ERROR_INSTEAD,
            },
            line: WEATHER_BODY,
            column: 29,
            suggestions: [{ messageId: 'frameworkRewrite', output: weatherTool("    if (!input.city) throw new Error('City not found');\n    return [{ type: 'text', text: input.city }];") }],
          },
        ],
      },
      {
        name: 'from 0.2.8 to 0.2.18 a thrown Error is an isError result once the tool overrides createErrorResponse: the suggestion throws and adds the override',
        code: weatherTool("    if (!input.city) return 'City not found';\n    return [{ type: 'text', text: input.city }];"),
        options: [{ mcpFrameworkVersion: '0.2.18' }],
        errors: [
          {
            messageId: 'frameworkError',
            line: WEATHER_BODY,
            column: 29,
            suggestions: [
              {
                messageId: 'frameworkRewrite',
                output: weatherTool("    if (!input.city) throw new Error('City not found');\n    return [{ type: 'text', text: input.city }];").replace(
                  '    return [{ type: \'text\', text: input.city }];\n  }\n',
                  '    return [{ type: \'text\', text: input.city }];\n  }\n\n  // mcp-framework before 0.2.19 sends a thrown Error as a content item of type "error", which clients reject: send it as 0.2.19 does.\n  protected createErrorResponse(error: Error) {\n    return { content: [{ type: \'text\' as const, text: error.message }], isError: true };\n  }\n',
                ),
              },
            ],
          },
        ],
      },
      {
        name: 'before 0.2.8 no hook is known, and a thrown Error is a content item clients reject: no suggestion',
        code: weatherTool("    if (!input.city) return 'City not found';\n    return [{ type: 'text', text: input.city }];"),
        options: [{ mcpFrameworkVersion: '0.2.7' }],
        errors: [{ messageId: 'frameworkError', line: WEATHER_BODY, column: 29, suggestions: [] }],
      },
    ],
  });

  ruleTester.run('prefer-result-helpers', preferResultHelpers, {
    valid: [],
    invalid: [
      {
        name: 'a hand-built { content } result arrives double-encoded',
        code: weatherTool("    return { content: [{ type: 'text', text: `Sunny in ${input.city}` }] };"),
        errors: [
          {
            messageId: 'frameworkHandBuiltResult',
            data: {
              tool: 'Tool "get_weather"',
              delivery: `${MCP_FRAMEWORK_ENCODES}, so a hand-built { content } result arrives double-encoded: the model reads the result object as JSON text.`,
              instead: "Return the content array itself ([{ type: 'text', text }]), and throw an Error for a failure (0.2.19 and later).",
            },
            line: WEATHER_BODY,
            column: 12,
            suggestions: [{ messageId: 'frameworkRewrite', output: weatherTool("    return [{ type: 'text', text: `Sunny in ${input.city}` }];") }],
          },
        ],
      },
    ],
  });
});

describe('xmcp (the default export of a file in tools/)', () => {
  ruleTester.run('no-string-result', noStringResult, {
    valid: [],
    invalid: [
      {
        name: 'xmcp wraps a string itself, without isError or structuredContent',
        filename: XMCP_FILE,
        code: greetTool('  return `Hello, ${name}`;'),
        errors: [
          {
            messageId: 'frameworkStringResult',
            data: {
              tool: 'Tool "greet"',
              delivery: 'xmcp sends a returned string as a text item, but a failure is then not marked isError and there is no structuredContent, so its results differ from every other tool.',
              instead: 'Return successResult(text).',
            },
            line: GREET_BODY,
            column: 10,
            suggestions: [
              {
                messageId: 'wrapInSuccessResult',
                output: greetTool('  return successResult(`Hello, ${name}`);').replace("import type { InferSchema } from 'xmcp';\n", "import type { InferSchema } from 'xmcp';\nimport { successResult } from 'mcp-result-kit';\n"),
              },
            ],
          },
        ],
      },
    ],
  });

  ruleTester.run('no-bare-object-result', noBareObjectResult, {
    valid: [
      // With an outputSchema, xmcp takes a plain object as structuredContent.
      {
        filename: XMCP_FILE,
        code: greetTool('  return { greeting: `Hello, ${name}` };').replace('export default', "export const outputSchema = { greeting: z.string() };\n\nexport default"),
      },
    ],
    invalid: [
      {
        name: 'without an outputSchema xmcp refuses a plain object',
        filename: XMCP_FILE,
        code: greetTool('  return { greeting: `Hello, ${name}` };'),
        errors: [
          {
            messageId: 'frameworkBareObject',
            data: {
              tool: 'Tool "greet"',
              delivery: "Without an outputSchema (before 0.6.6, even with one), xmcp refuses it (\"Tool handler must return at least 'content' or 'structuredContent'\"), so the call fails.",
              instead: 'Return jsonResult(value), or (xmcp 0.6.6 and later) declare an outputSchema to send it as structuredContent.',
            },
            line: GREET_BODY,
            column: 10,
            suggestions: [
              {
                messageId: 'useJsonResult',
                output: greetTool('  return jsonResult({ greeting: `Hello, ${name}` });').replace("import type { InferSchema } from 'xmcp';\n", "import type { InferSchema } from 'xmcp';\nimport { jsonResult } from 'mcp-result-kit';\n"),
              },
            ],
          },
        ],
      },
    ],
  });
});

describe('AgentKit actions (strings by contract)', () => {
  ruleTester.run('no-string-result', noStringResult, {
    valid: [],
    invalid: [
      {
        name: 'the MCP extension JSON-encodes the string',
        code: balanceActions('    return `Balance of ${args.address}: 1.5 ETH`;'),
        errors: [
          {
            messageId: 'frameworkStringResult',
            data: {
              tool: 'Tool "get_balance"',
              delivery: `${AGENTKIT_ENCODES}, so the model reads this string in quotes with its line breaks escaped, and a failure is never isError.`,
              instead: AGENTKIT_INSTEAD,
            },
            line: BALANCE_BODY,
            column: 12,
            suggestions: [],
          },
        ],
      },
    ],
  });

  ruleTester.run('no-json-stringify-result', noJsonStringifyResult, {
    valid: [],
    invalid: [
      {
        name: 'JSON text is encoded twice',
        code: balanceActions("    return JSON.stringify({ address: args.address, balance: '1.5' });"),
        errors: [
          {
            messageId: 'frameworkJsonResult',
            data: {
              tool: 'Tool "get_balance"',
              delivery: `${AGENTKIT_ENCODES}, so this JSON text arrives encoded twice (escaped JSON inside a JSON string), without structuredContent.`,
              instead: AGENTKIT_INSTEAD,
            },
            line: BALANCE_BODY,
            column: 12,
            suggestions: [],
          },
        ],
      },
    ],
  });

  ruleTester.run('require-is-error', requireIsError, {
    valid: [],
    invalid: [
      {
        name: 'an error string is never isError',
        code: balanceActions("    if (!args.address) return 'Error: address is required';\n    return `Balance of ${args.address}: 1.5 ETH`;"),
        errors: [
          {
            messageId: 'frameworkError',
            data: {
              tool: 'Tool "get_balance"',
              delivery: `${AGENTKIT_ENCODES} and never sets isError, so the model cannot tell the action failed.`,
              instead: AGENTKIT_INSTEAD,
            },
            line: BALANCE_BODY,
            column: 31,
            suggestions: [],
          },
        ],
      },
    ],
  });
});

// Cloudflare's McpAgent and Vercel's mcp-handler hand the SDK's own McpServer to the code, so the
// SDK's wording holds, suggestion included.
describe("the SDK's McpServer behind Cloudflare McpAgent and Vercel mcp-handler", () => {
  const sdkString =
    'The MCP SDK (1.x and v2) expects a CallToolResult ({ content: [...] }) and fails the call with a -32602 protocol error, so the model gets no result. Return successResult(text).';
  ruleTester.run('no-string-result', noStringResult, {
    valid: [],
    invalid: [
      {
        name: 'this.server.tool in McpAgent.init()',
        code: `import { McpAgent } from 'agents/mcp';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export class NotesAgent extends McpAgent {
  server = new McpServer({ name: 'notes', version: '1.0.0' });

  async init() {
    this.server.tool('count_notes', { folder: z.string() }, async ({ folder }) => \`3 notes in \${folder}\`);
  }
}
`,
        errors: [
          {
            messageId: 'stringResult',
            data: { tool: 'Tool "count_notes"' },
            line: 9,
            column: 83,
            suggestions: [
              {
                messageId: 'wrapInSuccessResult',
                output: `import { McpAgent } from 'agents/mcp';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { successResult } from 'mcp-result-kit';

export class NotesAgent extends McpAgent {
  server = new McpServer({ name: 'notes', version: '1.0.0' });

  async init() {
    this.server.tool('count_notes', { folder: z.string() }, async ({ folder }) => successResult(\`3 notes in \${folder}\`));
  }
}
`,
              },
            ],
          },
        ],
      },
      {
        name: 'server.tool inside createMcpHandler((server) => …)',
        code: `import { createMcpHandler } from 'mcp-handler';
import { z } from 'zod';

const handler = createMcpHandler((server) => {
  server.tool('roll_dice', 'Roll a die', { sides: z.number() }, async ({ sides }) => String(1 + Math.floor(Math.random() * sides)));
});

export { handler as GET, handler as POST };
`,
        errors: [
          {
            messageId: 'stringResult',
            data: { tool: 'Tool "roll_dice"' },
            line: 5,
            column: 86,
            suggestions: [
              {
                messageId: 'wrapInSuccessResult',
                output: `import { createMcpHandler } from 'mcp-handler';
import { z } from 'zod';
import { successResult } from 'mcp-result-kit';

const handler = createMcpHandler((server) => {
  server.tool('roll_dice', 'Roll a die', { sides: z.number() }, async ({ sides }) => successResult(String(1 + Math.floor(Math.random() * sides))));
});

export { handler as GET, handler as POST };
`,
              },
            ],
          },
        ],
      },
    ],
  });

  it('renders the SDK sentence for both', () => {
    expect(noStringResult.meta.messages.stringResult.replace('{{tool}} returns a raw string. ', '')).toBe(sdkString);
  });
});

// A registry is only confirmed across files (the transport that calls `tool.handler` is in
// another module), so it is linted through ESLint's API on files of a project on disk.
describe('registries behind a transport-wrapper', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'mcp-result-kit-framework-messages-'));
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'registry-sample', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.17.0' } }));
    writeFileSync(
      join(root, 'src/handlers.ts'),
      `export async function listThings(args: Record<string, unknown>) {
  if (!args.owner) return 'Failed to list things: owner is missing';
  return JSON.stringify([{ id: 1, owner: args.owner }]);
}
`,
    );
    writeFileSync(
      join(root, 'src/registry.ts'),
      `import { listThings } from './handlers.js';

export const tools = [{ name: 'list_things', handler: listThings }];
`,
    );
    writeFileSync(
      join(root, 'src/server.ts'),
      `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { tools } from './registry.js';

const server = new Server({ name: 'things', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.find((candidate) => candidate.name === request.params.name);
  if (!tool) throw new Error('unknown tool');
  const value = await tool.handler(request.params.arguments ?? {});
  return { content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }] };
});
`,
    );
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("says the transport puts the value into a text item, and names the transport-wrapper to migrate first", async () => {
    const recommended = (plugin.configs as unknown as Record<'recommended', Linter.Config>).recommended;
    const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: [recommended] });
    const results = await eslint.lintFiles(['src/handlers.ts', 'src/server.ts']);
    const messages = results.flatMap((result) => result.messages.map((message) => ({ file: result.filePath.slice(root.length + 1), ...message })));
    const instead = (helper: string) => `Migrate that transport (reported as transport-wrapper where it calls the handler) to return toCallToolResult(value), then return ${helper} here.`;
    expect(messages.map(({ file, ruleId, messageId, line, column, message, suggestions }) => ({ file, ruleId, messageId, line, column, message, suggestions: suggestions ?? [] }))).toEqual([
      {
        file: 'src/handlers.ts',
        ruleId: 'mcp-result-kit/require-is-error',
        messageId: 'frameworkError',
        line: 2,
        column: 27,
        message: `Tool "list_things" reports an error without isError: true. The server's own transport puts whatever this handler returns into a text item as it is, without isError: true, so the model cannot tell it failed. ${instead('errorTextResult(text)')}`,
        suggestions: [],
      },
      {
        file: 'src/handlers.ts',
        ruleId: 'mcp-result-kit/no-json-stringify-result',
        messageId: 'frameworkJsonResult',
        line: 3,
        column: 10,
        message: `Tool "list_things" returns JSON text. The server's own transport puts whatever this handler returns into a text item as it is: the model reads escaped JSON and clients get no structuredContent. ${instead('jsonResult(data)')}`,
        suggestions: [],
      },
      {
        file: 'src/server.ts',
        ruleId: 'mcp-result-kit/no-json-stringify-result',
        messageId: 'transportWrapper',
        line: 11,
        column: 10,
        message: 'This wrapper does not pass on what a handler returns as it is (it makes one text item of it, or keeps only its content), so errors and structured results are lost. Return toCallToolResult(result).',
        suggestions: [],
      },
    ]);
  });
});
