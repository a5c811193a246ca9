// Writes a deterministic tree of realistic MCP handler files, mixing every registration style,
// for the migrate, CLI and lint benchmarks. Usage: generateTree(dir, count).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const DOMAINS = ['volume', 'pod', 'issue', 'alert', 'invoice', 'ticket', 'station', 'deploy', 'bucket', 'user'];

function mcpToolFile(i, domain) {
  return `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

declare const api: { list(kind: string): Promise<Array<{ id: string; name: string; state: string }>>; get(id: string): Promise<{ id: string; name: string }> };

export function register${i}(server: McpServer): void {
  server.tool('list_${domain}s_${i}', 'List ${domain}s', { filter: z.string().optional() }, async ({ filter }) => {
    try {
      const items = await api.list('${domain}');
      const shown = filter ? items.filter((item) => item.name.includes(filter)) : items;
      let report = \`📦 **${domain}s (\${shown.length})**\\n\`;
      for (const item of shown) {
        report += \`• \${item.name} — \${item.state}\\n\`;
      }
      return report;
    } catch (error) {
      return \`Error: failed to list ${domain}s: \${(error as Error).message}\`;
    }
  });

  server.tool('get_${domain}_${i}', { id: z.string() }, async ({ id }) => {
    const item = await api.get(id);
    if (!item) return { content: [{ type: 'text', text: \`Not found: \${id}\` }] };
    return { content: [{ type: 'text', text: JSON.stringify(item, null, 2) }] };
  });
}
`;
}

function registerToolFile(i, domain) {
  return `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

declare const store: { find(query: string): Promise<Record<string, unknown>[]>; remove(id: string): Promise<boolean> };

export function register${i}(server: McpServer): void {
  server.registerTool(
    'search_${domain}s_${i}',
    { title: 'Search ${domain}s', description: 'Full-text search', inputSchema: { query: z.string().describe('Search text') } },
    async ({ query }) => {
      const rows = await store.find(query);
      if (rows.length === 0) {
        return JSON.stringify({ status: 'error', error: \`no ${domain} matches \${query}\` });
      }
      return JSON.stringify({ status: 'success', data: { count: rows.length, rows } }, null, 2);
    },
  );

  server.registerTool('delete_${domain}_${i}', { description: 'Delete', inputSchema: { id: z.string() } }, async ({ id }) => {
    const removed = await store.remove(id);
    return removed ? { deleted: id } : { error: \`${domain} \${id} not found\` };
  });
}
`;
}

function lowLevelFile(i, domain) {
  return `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';

declare const backend: { status(name: string): Promise<{ healthy: boolean; detail: string }> };

async function handleStatus${i}(args: Record<string, unknown> | undefined): Promise<string> {
  const name = String(args?.name ?? '');
  if (!name) return 'Invalid arguments: name is required';
  const status = await backend.status(name);
  return status.healthy ? \`✅ \${name} is healthy\` : \`⚠️ \${name}: \${status.detail}\`;
}

function formatList${i}(names: string[]): string {
  return names.map((name, index) => \`\${index + 1}. \${name}\`).join('\\n');
}

export function install${i}(server: Server): void {
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    switch (request.params.name) {
      case '${domain}_status_${i}':
        return await handleStatus${i}(request.params.arguments);
      case '${domain}_list_${i}':
        return formatList${i}(['a', 'b', 'c']);
      case '${domain}_raw_${i}':
        return { content: [{ type: 'text', text: 'ok' }] };
      default:
        throw new Error(\`Unknown tool: \${request.params.name}\`);
    }
  });
}
`;
}

function transportFile(i, domain) {
  return `declare const cluster: { ${domain}s(): Promise<Array<{ name: string; size: number }>> };

export async function handleList${domain[0].toUpperCase()}${domain.slice(1)}s${i}(args: { cluster: string }): Promise<string> {
  try {
    const items = await cluster.${domain}s();
    let result = \`📚 **${domain}s on \${args.cluster}**\\n\`;
    items.forEach((item, index) => {
      result += \`\${index + 1}. **\${item.name}** (\${item.size} GB)\\n\`;
    });
    return result;
  } catch (error) {
    return \`❌ Failed to list ${domain}s: \${error instanceof Error ? error.message : String(error)}\`;
  }
}

export async function dispatch${i}(handler: (args: { cluster: string }) => Promise<unknown>, args: { cluster: string }) {
  const result = await handler(args);
  return {
    content: [{ type: 'text', text: typeof result === 'string' ? result : JSON.stringify(result, null, 2) }],
  };
}
`;
}

function fastmcpFile(i, domain) {
  return `import { FastMCP } from 'fastmcp';
import { z } from 'zod';

declare const metrics: { query(q: string): Promise<{ series: number[] }> };

export function add${i}(server: FastMCP): void {
  server.addTool({
    name: 'query_${domain}_${i}',
    description: 'Run a metrics query',
    parameters: z.object({ q: z.string() }),
    execute: async ({ q }) => {
      const result = await metrics.query(q);
      return JSON.stringify(result);
    },
  });
  server.addTool({
    name: 'ping_${domain}_${i}',
    description: 'Ping',
    parameters: z.object({}),
    execute: async () => 'pong',
  });
}
`;
}

const STYLES = [mcpToolFile, registerToolFile, lowLevelFile, transportFile, fastmcpFile];

/** Writes `count` handler files under dir/src (replacing what was there); returns their paths. */
export function generateTree(dir, count) {
  rmSync(dir, { recursive: true, force: true });
  const files = [];
  for (let i = 0; i < count; i++) {
    const domain = DOMAINS[i % DOMAINS.length];
    const style = STYLES[i % STYLES.length];
    const folder = path.join(dir, 'src', `group${Math.floor(i / 100)}`);
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `${domain}-${i}.ts`);
    writeFileSync(file, style(i, domain));
    files.push(file);
  }
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'bench-tree', private: true, type: 'module' }, null, 2));
  return files;
}

/**
 * One file that registers `count` tools, each with a not-found string, a JSON payload and an error
 * literal, each in a try/catch. Layout 'function': all in one function (the worst case for cost per
 * site in one block); 'top-level': one `server.tool(…)` statement each at the top level (the worst
 * case for anything that scans the file's top level per site, such as import planning).
 */
export function generateOneFile(file, count, layout = 'function') {
  const topLevel = layout === 'top-level';
  const header = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\n\ndeclare const api: { get(id: string): Promise<Record<string, unknown> | undefined> };\n\n`;
  const parts = [topLevel ? `${header}export const server = new McpServer({ name: 'items', version: '1.0.0' });\n` : `${header}export function registerAll(server: McpServer): void {\n`];
  const indent = topLevel ? '' : '  ';
  for (let i = 0; i < count; i++) {
    const tool = `server.tool('item_${i}', { id: z.string() }, async ({ id }) => {
  try {
    const item = await api.get(id);
    if (!item) return \`No item \${id}\`;
    return JSON.stringify(item, null, 2);
  } catch (error) {
    return { content: [{ type: 'text', text: \`Failed: \${String(error)}\` }] };
  }
});
`;
    parts.push(tool.replace(/^(?=.)/gm, indent));
  }
  if (!topLevel) parts.push('}\n');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, parts.join(''));
  return file;
}
