// The runtime under every TypeScript module setting real servers use: a tiny server importing the
// packed runtime is compiled with tsc (no errors, TS1479 included) and run, and the SDK client
// calls its tools over stdio. CommonJS settings must load the CommonJS build, ES module settings
// the ES module build.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanupProjects, packTarballs, ROOT, tempProject, tsc } from './npm-project.js';

// npm installs (the first run on a machine downloads) and real compiles: minutes, not seconds.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { errorResult, jsonResult, successResult, type ToolResult } from 'mcp-result-kit';


function greet(name: string): ToolResult {
  return successResult(\`Hello, \${name}\`, { name });
}

const server = new McpServer({ name: 'matrix', version: '1.0.0' });
server.tool('greet', { name: z.string() }, async ({ name }) => greet(name));
server.tool('fail', async () => errorResult(new Error('Error: no such thing')));
server.tool('numbers', async () => jsonResult([1, 2, 3], { indent: 0 }));
// Which build of the runtime this process loads, for the test to check.
server.tool('runtime', async () => successResult(RESOLVED_RUNTIME));

void server.connect(new StdioServerTransport());
`;

// How the server finds out which file \`mcp-result-kit\` resolves to, in each module format.
const RESOLVE = {
  cjs: "declare const require: { resolve(id: string): string };\nconst RESOLVED_RUNTIME = require.resolve('mcp-result-kit');\n",
  esm: "declare global {\n  interface ImportMeta { resolve(specifier: string): string }\n}\nconst RESOLVED_RUNTIME = import.meta.resolve('mcp-result-kit');\n",
};

interface Setting {
  name: string;
  type?: 'module' | 'commonjs';
  compilerOptions: Record<string, unknown>;
  /** The runtime build the compiled server must load. */
  build: 'cjs' | 'esm';
}

const SETTINGS: Setting[] = [
  { name: 'commonjs + node10', compilerOptions: { module: 'CommonJS', moduleResolution: 'Node10' }, build: 'cjs' },
  { name: 'node16 (CommonJS package)', compilerOptions: { module: 'Node16', moduleResolution: 'Node16' }, build: 'cjs' },
  { name: 'nodenext, CommonJS package', type: 'commonjs', compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' }, build: 'cjs' },
  { name: 'nodenext, ES module package', type: 'module', compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' }, build: 'esm' },
  { name: 'bundler (ES modules)', type: 'module', compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' }, build: 'esm' },
];

let runtimeTarball: string;
beforeAll(() => {
  runtimeTarball = packTarballs().runtime;
});
afterAll(cleanupProjects);

/**
 * A project with the packed runtime unpacked into node_modules (what npm installs) and the kit's
 * own SDK and zod linked beside it.
 */
function project(setting: Setting): string {
  const dir = tempProject('matrix', setting.type ? { type: setting.type } : {});
  const modules = path.join(dir, 'node_modules');
  mkdirSync(path.join(modules, 'mcp-result-kit'), { recursive: true });
  execFileSync('tar', ['-xzf', runtimeTarball, '-C', path.join(modules, 'mcp-result-kit'), '--strip-components=1']);
  for (const scoped of ['@modelcontextprotocol']) {
    mkdirSync(path.join(modules, scoped));
    for (const entry of readdirSync(path.join(ROOT, 'node_modules', scoped))) symlinkSync(path.join(ROOT, 'node_modules', scoped, entry), path.join(modules, scoped, entry));
  }
  symlinkSync(path.join(ROOT, 'node_modules/zod'), path.join(modules, 'zod'));
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src/server.ts'), `${SERVER}\n${RESOLVE[setting.build]}`);
  const compilerOptions = { target: 'ES2022', strict: true, skipLibCheck: true, rootDir: 'src', outDir: 'dist', types: [], ...setting.compilerOptions };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }, null, 2));
  return dir;
}

describe('a tiny server using the runtime compiles and runs under', () => {
  it.each(SETTINGS.map((setting) => [setting.name, setting] as const))('%s', async (_name, setting) => {
    const dir = project(setting);
    expect(tsc(dir)).toEqual({ status: 0, output: '' });
    const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(dir, 'dist/server.js')], cwd: dir, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'matrix-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      expect(await client.callTool({ name: 'greet', arguments: { name: 'Ada' } })).toStrictEqual({ content: [{ type: 'text', text: 'Hello, Ada' }], structuredContent: { name: 'Ada' } });
      expect(await client.callTool({ name: 'fail', arguments: {} })).toEqual({ content: [{ type: 'text', text: 'Error: no such thing' }], structuredContent: { error: 'no such thing' }, isError: true });
      expect(await client.callTool({ name: 'numbers', arguments: {} })).toStrictEqual({ content: [{ type: 'text', text: '[1,2,3]' }], structuredContent: { result: [1, 2, 3] } });
      const runtime = (await client.callTool({ name: 'runtime', arguments: {} })) as { content: Array<{ text: string }> };
      expect(runtime.content[0].text).toMatch(new RegExp(`node_modules/mcp-result-kit/dist/${setting.build}/index\\.js$`));
    } catch (error) {
      throw new Error(`${(error as Error).message}\nserver stderr:\n${stderr}`, { cause: error });
    } finally {
      await client.close();
    }
  });
});
