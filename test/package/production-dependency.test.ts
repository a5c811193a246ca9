// A new user's path, with the packed packages and the real npm: a server whose only kit package
// is @mcp-result-kit/tools, as a devDependency. The runtime is in node_modules (the tools depend
// on it), yet `npm prune --omit=dev` would remove it: migrate refuses to write imports of it, then
// --add-dependency makes it a dependency, and the migrated server still starts after the prune
// and answers a tools/call through the SDK Client.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanupProjects, npm, npmInstall, packTarballs, run, tempProject, type Tarballs } from './npm-project.js';

// npm installs (the first run on a machine downloads): minutes, not seconds.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

const SDK = '1.32.2';
const TYPESCRIPT = '5.9.3';

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' });

server.tool('get_note', 'The first note', async () => {
  return JSON.stringify({ id: 'n1', text: 'first note' });
});

await server.connect(new StdioServerTransport());
`;

let tarballs: Tarballs;
let project: string;
const kit = (args: string[]) => run(project, process.execPath, [path.join(project, 'node_modules/.bin/mcp-result-kit'), ...args]);
const manifest = () => JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };

beforeAll(() => {
  tarballs = packTarballs();
  project = tempProject('prod-dependency', { type: 'module' });
  npmInstall(project, [`@modelcontextprotocol/sdk@${SDK}`]);
  // The tools bring the runtime as their own dependency; the registry's copy of it is not asked for.
  npmInstall(project, ['-D', tarballs.runtime, tarballs.tools, `typescript@${TYPESCRIPT}`]);
  const withoutRuntime = manifest();
  delete withoutRuntime.devDependencies?.['mcp-result-kit'];
  writeFileSync(path.join(project, 'package.json'), `${JSON.stringify(withoutRuntime, null, 2)}\n`);
  npmInstall(project, []);
  mkdirSync(path.join(project, 'src'));
  writeFileSync(path.join(project, 'src/server.js'), SERVER);
});
afterAll(cleanupProjects);

describe('only @mcp-result-kit/tools, as a devDependency', () => {
  it('the runtime resolves only as the tools\' dependency', () => {
    expect(Object.keys(manifest().devDependencies ?? {}).sort()).toEqual(['@mcp-result-kit/tools', 'typescript']);
    expect(manifest().dependencies).toEqual({ '@modelcontextprotocol/sdk': `^${SDK}` });
    expect(existsSync(path.join(project, 'node_modules/mcp-result-kit/package.json'))).toBe(true);
  });

  it('migrate refuses: exit 2, nothing written, the install command named', () => {
    const migrate = kit(['migrate', '--no-tsconfig', 'src']);
    expect(migrate.status).toBe(2);
    expect(migrate.stderr).toContain(
      'mcp-result-kit: the migrated files would import mcp-result-kit at run time, but package.json does not list it in its dependencies; the copy installed in node_modules belongs to another package',
    );
    expect(migrate.stderr).toContain('install it as a dependency first: npm install mcp-result-kit (or pass --add-dependency');
    expect(readFileSync(path.join(project, 'src/server.js'), 'utf8')).toBe(SERVER);
  });

  it('with --add-dependency it migrates; after npm prune --omit=dev the server starts and answers through the SDK Client', async () => {
    const migrate = kit(['migrate', '--no-tsconfig', '--add-dependency', 'src']);
    expect(migrate.stderr).not.toMatch(/mcp-result-kit: (?!warning|note)/);
    expect(migrate.status).toBe(0);
    expect(manifest().dependencies).toEqual({ '@modelcontextprotocol/sdk': `^${SDK}`, 'mcp-result-kit': '^0.1.0' });
    expect(readFileSync(path.join(project, 'src/server.js'), 'utf8')).toContain("import { jsonResult } from 'mcp-result-kit';");

    // What the note says to run, then a production install.
    npmInstall(project, []);
    npm(project, ['prune', '--omit=dev', '--no-audit', '--no-fund']);
    expect(existsSync(path.join(project, 'node_modules/@mcp-result-kit/tools'))).toBe(false);
    expect(existsSync(path.join(project, 'node_modules/typescript'))).toBe(false);
    expect(existsSync(path.join(project, 'node_modules/mcp-result-kit/package.json'))).toBe(true);

    const client = new Client({ name: 'production-check', version: '1.0.0' });
    const transport = new StdioClientTransport({ command: process.execPath, args: ['src/server.js'], cwd: project, stderr: 'pipe' });
    try {
      await client.connect(transport);
      expect(await client.callTool({ name: 'get_note', arguments: {} })).toStrictEqual({
        content: [{ type: 'text', text: '{"id":"n1","text":"first note"}' }],
        structuredContent: { id: 'n1', text: 'first note' },
      });
    } finally {
      await client.close();
    }
  });
});
