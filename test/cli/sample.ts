// A small MCP server project used by the end-to-end tests.
export const SAMPLE: Record<string, string> = {
  'src/server.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const notes = new Map<string, string>([['a', 'first note']]);
const server = new McpServer({ name: 'notes', version: '1.0.0' });

server.registerTool('get_note', { description: 'Read a note', inputSchema: { id: z.string() } }, async ({ id }): Promise<any> => {
  const note = notes.get(id);
  if (!note) return 'Error: no note ' + id;
  return note;
});

server.registerTool('list_notes', { description: 'List notes' }, async (): Promise<any> => {
  return JSON.stringify({ ids: [...notes.keys()], count: notes.size }, null, 2);
});

server.registerTool('delete_note', { description: 'Delete a note', inputSchema: { id: z.string() } }, async ({ id }): Promise<any> => {
  try {
    if (!notes.delete(id)) throw new Error('missing');
    return \`Deleted \${id}\`;
  } catch (e) {
    return 'Failed to delete ' + id + ': ' + (e as Error).message;
  }
});

export { server };
`,
  'src/search.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function register(server: McpServer): void {
  server.registerTool('search', { inputSchema: { q: z.string() } }, async ({ q }): Promise<any> => {
    return { content: [{ type: 'text', text: 'Results for ' + q }, { type: 'text', text: JSON.stringify({ q }) }] };
  });
}
`,
  'src/clean.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { successResult } from 'mcp-result-kit';

export function register(server: McpServer): void {
  server.registerTool('ping', { description: 'Ping' }, async () => successResult('pong'));
}
`,
  'src/broken.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export function register(server: McpServer): void {
  server.registerTool('bad', {}, async () => {
    return 'oops' +;
  });
}
`,
};

/** What `migrate` should find in SAMPLE (without broken.ts's contents, which do not parse). */
export const SAMPLE_EXPECTED = {
  filesScanned: 4,
  filesChanged: 1,
  changedFile: 'src/server.ts',
  kinds: { 'error-string': 2, string: 2, 'json-stringify': 1 },
  needsReview: [{ file: 'src/search.ts', kind: 'json-text-content' }],
  errorFile: 'src/broken.ts',
};

export const SAMPLE_TSCONFIG = JSON.stringify(
  {
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true, types: [] },
    include: ['src'],
    exclude: ['src/broken.ts'],
  },
  null,
  2,
);
