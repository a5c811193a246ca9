// Every message names the tool when its name is known, through ESLint's API as users run it:
// `check` prints these same messages, so ESLint and check say the same.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from '../../rules/index.js';

const recommended = (plugin.configs as unknown as Record<'recommended', Linter.Config>).recommended;
const root = mkdtempSync(path.join(tmpdir(), 'mrk-tool-names-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function messages(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: [recommended, { settings: { 'mcp-result-kit': { handlerProperties: ['handler'] } } }] });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'tools.ts') });
  return result.messages.map((message) => message.message);
}

const wrapperTool = (name: string) => `declare function run(name: string, args: unknown): Promise<unknown>;
export const proxy = {
  ${name}inputSchema: { type: 'object' },
  handler: async (args: { tool: string }) => {
    const out = await run(args.tool, args);
    return { content: [{ type: 'text', text: typeof out === 'string' ? out : JSON.stringify(out, null, 2) }] };
  },
};
`;

describe('the transport-wrapper message', () => {
  it('names the tool the wrapper belongs to when its name is known', async () => {
    expect(await messages(wrapperTool("name: 'proxy',\n  "))).toEqual([
      'The wrapper in tool "proxy" does not pass on what a handler returns as it is (it makes one text item of it, or keeps only its content), so errors and structured results are lost. Return toCallToolResult(result).',
    ]);
  });

  it('says the same of a dispatcher that rebuilds a looked-up tool\'s result from its content alone', async () => {
    const code = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
interface Tool { name: string; execute(args: unknown): Promise<{ content: { type: 'text'; text: string }[]; isError?: boolean }> }
declare const tools: Tool[];
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.find((candidate) => candidate.name === request.params.name);
  if (!tool) throw new Error('Unknown tool');
  const result = await tool.execute(request.params.arguments ?? {});
  return { content: result.content };
});
`;
    expect(await messages(code)).toEqual([
      'This wrapper does not pass on what a handler returns as it is (it makes one text item of it, or keeps only its content), so errors and structured results are lost. Return toCallToolResult(result).',
    ]);
  });

  it('says "This wrapper" when it is not', async () => {
    expect(await messages(wrapperTool(''))).toEqual(['This wrapper does not pass on what a handler returns as it is (it makes one text item of it, or keeps only its content), so errors and structured results are lost. Return toCallToolResult(result).']);
  });
});
