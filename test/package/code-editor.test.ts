// @mcp-result-kit/code-editor as users install it: the packed tarball (with the packed runtime it
// depends on; neither is on the registry yet) installed with npm into empty projects. What the
// install adds, that no dev tool rides along, the bin over stdio, the optional peers' messages,
// and registerCodeEditorTools embedded in a user's own server with the oldest SDK 1.x the code
// editor supports and with the v2 packages, through a real client, typechecked with tsc.
import path from 'node:path';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanupProjects, installDelta, installedPackages, locationsOf, npmInstall, packTarballs, run, tempProject, tsc, type Tarballs } from './npm-project.js';

// npm installs (the first run on a machine downloads) and real compiles: minutes, not seconds.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

/** The oldest SDK 1.x whose McpServer takes zod 4 schemas, which the code editor's tools are. */
const OLDEST_SDK = '1.23.0';
/** The last 1.x before it: its McpServer takes zod 3 shapes only. */
const TOO_OLD_SDK = '1.22.0';
const V2 = '2.4.0';

/** Packages that belong to dev tools and must never come with the server. */
const DEV_ONLY = ['eslint', 'typescript-eslint', '@typescript-eslint/parser', '@typescript-eslint/utils', 'commander', 'globby', 'ts-morph', 'jscodeshift', 'vitest', '@mcp-result-kit/tools'];

const TSCONFIG = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true, types: ['node'] }, include: ['src'] });

/**
 * The README's first example: the user's server, the code editor's tools on it, a client over the
 * SDK's in-memory transport. `imports` are the lines that differ between SDK 1.x and v2.
 */
function embeddingServer(imports: string, transport: string): string {
  return `${imports}
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FsStore, registerCodeEditorTools } from '@mcp-result-kit/code-editor';

const root = mkdtempSync(path.join(os.tmpdir(), 'embedded-'));
writeFileSync(path.join(root, 'notes.md'), '# notes\\n');

const server = new McpServer({ name: 'my-server', version: '1.0.0' });
const store = new FsStore(root);
const tools = registerCodeEditorTools(server, { store });

const [clientSide, serverSide] = ${transport}.createLinkedPair();
await server.connect(serverSide);
const client = new Client({ name: 'check', version: '1.0.0' });
await client.connect(clientSide);
const names = (await client.listTools()).tools.map((tool) => tool.name);
const listed = await client.callTool({ name: 'list_content', arguments: {} });
const replaced = await client.callTool({ name: 'replace_content', arguments: { path: 'notes.md', content: '# notes\\n\\nshipped\\n' } });
const missing = await client.callTool({ name: 'get_content', arguments: { path: 'nope.md' } });
process.stdout.write(JSON.stringify({ names, listed: listed.structuredContent, replaced: replaced.isError === true, missing: [missing.isError, missing.content] }));
await client.close();
await tools.close();
await store.close();
`;
}

const V1_IMPORTS = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';`;
const V2_IMPORTS = `import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { Client } from '@modelcontextprotocol/client';`;

/** A project with `packages` and the two tarballs, and the embedding example in src/server.ts. */
function embeddingProject(name: string, packages: string[], source: string): string {
  const project = tempProject(name, { type: 'module' });
  npmInstall(project, [...packages, '@types/node@^20.19.0', tarballs.runtime, tarballs.codeEditor]);
  mkdirSync(path.join(project, 'src'));
  writeFileSync(path.join(project, 'src/server.ts'), source);
  writeFileSync(path.join(project, 'tsconfig.json'), TSCONFIG);
  return project;
}

/** Compiles the example with tsc's transpile-only path (Node 20 has no type stripping) and runs it. */
function runEmbedding(project: string): { names: string[]; listed: { files: Array<{ path: string }> }; replaced: boolean; missing: [boolean, unknown] } {
  const emitted = run(project, process.execPath, [path.join(project, 'node_modules/typescript/bin/tsc'), '-p', '.', '--noEmit', 'false', '--outDir', 'out']);
  expect(emitted.stdout + emitted.stderr).toBe('');
  const result = run(project, process.execPath, ['out/server.js']);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as ReturnType<typeof runEmbedding>;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

let tarballs: Tarballs;
beforeAll(() => {
  tarballs = packTarballs();
});
afterAll(cleanupProjects);

describe('npm i @mcp-result-kit/code-editor into an empty project', () => {
  let project: string;
  beforeAll(() => {
    project = tempProject('code-editor', { type: 'module' });
    mkdirSync(path.join(project, 'content/src'), { recursive: true });
    writeFileSync(path.join(project, 'content/src/index.ts'), 'export const answer = 42;\n');
  });

  it('adds the server and what it runs on, and no dev tool: no ESLint, typescript-eslint, commander or test runner', () => {
    npmInstall(project, [tarballs.runtime, tarballs.codeEditor]);
    const after = installedPackages(project);
    const delta = installDelta(new Map(), after);
    const own = after.get('@mcp-result-kit/code-editor');
    console.info(`code-editor install into an empty project: +${delta.added.length} packages, +${mb(delta.addedBytes)} unpacked (the package itself ${kb(own?.bytes ?? 0)}; typescript ${mb(after.get('typescript')?.bytes ?? 0)})`);
    console.info(`  added: ${delta.added.map((pkg) => pkg.name).sort().join(', ')}`);
    for (const name of DEV_ONLY) expect(locationsOf(after, name), name).toEqual([]);
    // The optional peers come only when asked for.
    for (const name of ['better-sqlite3', 'pg']) expect(locationsOf(after, name), name).toEqual([]);
    expect(locationsOf(after, 'typescript')).toHaveLength(1);
    expect(locationsOf(after, 'zod')).toHaveLength(1);
    expect(locationsOf(after, '@modelcontextprotocol/sdk')).toHaveLength(1);
    expect(locationsOf(after, 'mcp-result-kit')).toEqual(['mcp-result-kit@0.1.0']);
    // Its own dependencies are exactly what it loads at run time.
    const manifest = JSON.parse(readFileSync(path.join(project, 'node_modules/@mcp-result-kit/code-editor/package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies?: unknown; peerDependenciesMeta: Record<string, { optional: boolean }> };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['@modelcontextprotocol/sdk', 'diff', 'ignore', 'mcp-result-kit', 'proper-lockfile', 'typescript', 'write-file-atomic', 'zod']);
    expect(manifest.peerDependenciesMeta).toEqual({ 'better-sqlite3': { optional: true }, pg: { optional: true } });
    // A budget that catches a dev tool or a second TypeScript riding along (typescript alone is ~23 MB).
    expect(delta.added.length).toBeLessThan(120);
    expect(delta.addedBytes).toBeLessThan(45 * 1024 * 1024);
  });

  it('npx mcp-code-editor --root serves the folder over stdio', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(project, 'node_modules/.bin/mcp-code-editor'), '--root', 'content', '--read-only'], cwd: project, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'install-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      const listed = await client.callTool({ name: 'list_content', arguments: {} });
      expect((listed.structuredContent as { files: Array<{ path: string }> }).files.map((file) => file.path), stderr).toEqual(['src/index.ts']);
    } finally {
      await client.close();
    }
  });

  it('the SQLite store (the default) and Postgres name the command that installs their driver; exit 1', () => {
    const bin = path.join(project, 'node_modules/.bin/mcp-code-editor');
    const sqlite = run(project, process.execPath, [bin]);
    expect(sqlite.status).toBe(1);
    expect(sqlite.stderr).toBe('mcp-code-editor: the SQLite store (--db, the default) needs better-sqlite3, which is not installed; install it with: npm install better-sqlite3 (or serve a folder with --root, or Postgres with --postgres)\n');
    const postgres = run(project, process.execPath, [bin, '--postgres', 'postgresql://editor@127.0.0.1:1/content']);
    expect(postgres.status).toBe(1);
    expect(postgres.stderr).toBe('mcp-code-editor: the Postgres store (--postgres) needs pg, which is not installed; install it with: npm install pg\n');
  });
});

describe('registerCodeEditorTools in a server the user creates', () => {
  const expectWorking = (result: ReturnType<typeof runEmbedding>) => {
    expect(result.names).toEqual(['list_content', 'search_content', 'read_content_lines', 'get_content', 'patch_content', 'replace_content', 'delete_content']);
    expect(result.listed.files.map((file) => file.path)).toEqual(['notes.md']);
    expect(result.replaced).toBe(false);
    expect(result.missing).toEqual([true, [{ type: 'text', text: 'Error: File not found: nope.md (text). Check the path with list_content or search_content.' }]]);
  };

  it(`@modelcontextprotocol/sdk ${OLDEST_SDK}, the oldest 1.x it supports: typechecks and works through the SDK Client`, () => {
    const project = embeddingProject('embed-sdk-oldest', [`@modelcontextprotocol/sdk@${OLDEST_SDK}`], embeddingServer(V1_IMPORTS, 'InMemoryTransport'));
    // The code editor uses the project's SDK, not a second copy.
    expect(locationsOf(installedPackages(project), '@modelcontextprotocol/sdk')).toEqual([`@modelcontextprotocol/sdk@${OLDEST_SDK}`]);
    expect(tsc(project)).toEqual({ status: 0, output: '' });
    expectWorking(runEmbedding(project));
  });

  it(`@modelcontextprotocol/server and /client ${V2}: typechecks and works, no adapter`, () => {
    const project = embeddingProject('embed-sdk-v2', [`@modelcontextprotocol/server@${V2}`, `@modelcontextprotocol/client@${V2}`], embeddingServer(V2_IMPORTS, 'InMemoryTransport'));
    expect(tsc(project)).toEqual({ status: 0, output: '' });
    expectWorking(runEmbedding(project));
  });

  it(`@modelcontextprotocol/sdk ${TOO_OLD_SDK} (zod 3 shapes only) is refused by the type checker at the registerCodeEditorTools call`, () => {
    const project = embeddingProject('embed-sdk-too-old', [`@modelcontextprotocol/sdk@${TOO_OLD_SDK}`], embeddingServer(V1_IMPORTS, 'InMemoryTransport'));
    const result = tsc(project);
    expect(result.status).not.toBe(0);
    expect(result.output).toMatch(/src\/server\.ts\(\d+,\d+\): error TS2345: Argument of type 'McpServer' is not assignable to parameter of type 'ToolServer'/);
    expect(result.output).toContain("Types of property 'inputSchema' are incompatible");
  });
});
