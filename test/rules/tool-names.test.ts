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
      'The wrapper in tool "proxy" turns whatever a handler returns into one text item, so errors and structured results are lost. Return toCallToolResult(result).',
    ]);
  });

  it('says "This wrapper" when it is not', async () => {
    expect(await messages(wrapperTool(''))).toEqual(['This wrapper turns whatever a handler returns into one text item, so errors and structured results are lost. Return toCallToolResult(result).']);
  });
});
