// A call given a callback in return position: the callback's returns are the tool's only when the
// called function hands them back. A function that builds its own result from the callback's value
// (a "run the body, wrap its data in an envelope" helper) makes them data, and its own result is
// the site.
import { describe, expect, it } from 'vitest';
import { summary } from './helpers.js';

const SDK = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
`;

const sites = (code: string) => summary(code).filter((finding) => !finding.startsWith('hand-built-result'));

describe('callbacks given to a call in return position', () => {
  it('a helper that wraps the body data in its own result: the body returns data, the helper is the site', () => {
    const code = `${SDK}
interface BodyResult { data: unknown; rows: number }
async function runTool(toolName: string, body: () => Promise<BodyResult>) {
  try {
    const result = await body();
    const text = JSON.stringify({ data: result.data, rows: result.rows, tool: toolName });
    return { content: [{ type: 'text' as const, text }] };
  } catch (error) {
    return { content: [{ type: 'text' as const, text: String(error) }], isError: true };
  }
}
server.tool('list', async () =>
  runTool('list', async () => {
    const items = [1, 2];
    return { data: items, rows: items.length };
  }),
);
`;
    expect(sites(code)).toEqual(['json-text-content@9:12[list]']);
  });

  it('a helper that hands the callback value back keeps the callback returns as the tool returns', () => {
    const code = `${SDK}
async function withRetry<T>(attempts: number, fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
  }
}
async function logged<T>(fn: () => Promise<T>): Promise<T> {
  let value: T | undefined;
  try {
    value = await fn();
  } finally {
    console.error('done');
  }
  return value as T;
}
server.tool('a', async () => withRetry(3, async () => JSON.stringify({ ok: 1 })));
server.tool('b', async () => logged(async () => 'plain text'));
`;
    expect(sites(code)).toEqual(['json-stringify@22:55[a]', 'string@23:49[b]']);
  });

  it('a function the kit cannot read (a library) is taken to hand the value back', () => {
    const code = `${SDK}import { pool } from './db.js';
server.tool('count', async () => pool.withConnection(async (db) => ({ count: await db.count() })));
`;
    expect(sites(code)).toEqual(['bare-object@4:69[count]']);
  });
});
