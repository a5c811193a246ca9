// `migrate` checks, before writing, that the project can import what the migrated files will
// import; and it writes `require` into CommonJS files. Through the built binary, on temporary
// projects whose node_modules hold the SDK, zod and TypeScript but (unless said) not the runtime.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTemporaries, cli, hashTree, linkModules, ROOT, tempDir, writeTree } from './helpers.js';

afterAll(cleanupTemporaries);

const RUNTIME_VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'packages/runtime/package.json'), 'utf8')) as { version: string }).version;

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export const server = new McpServer({ name: 'notes', version: '1.0.0' });

server.registerTool('ping', { description: 'Ping' }, async () => {
  return 'pong';
});
`;

const TSCONFIG = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true, types: [] }, include: ['src'] }, null, 2);

/** A server project without the runtime installed; `manifest` is its package.json (none when null). */
function project(manifest: Record<string, unknown> | null, files: Record<string, string> = {}, options: { kit?: boolean; tsconfig?: string } = {}): string {
  const dir = tempDir('mrk-dependency-');
  writeTree(dir, { 'src/server.ts': SERVER, 'tsconfig.json': options.tsconfig ?? TSCONFIG, ...files });
  if (manifest) writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  linkModules(dir, { kit: options.kit ?? false });
  return dir;
}

/** The lines on stderr that are errors (not warnings or notes). */
function errorLines(stderr: string): string[] {
  return stderr.split('\n').filter((line) => line.startsWith('mcp-result-kit: ') && !/^mcp-result-kit: (warning|note):/.test(line));
}

describe('migrate stops before writing when the project cannot import mcp-result-kit', () => {
  it.each([
    ['package-lock.json', 'npm install mcp-result-kit'],
    ['pnpm-lock.yaml', 'pnpm add mcp-result-kit'],
    ['yarn.lock', 'yarn add mcp-result-kit'],
    ['bun.lock', 'bun add mcp-result-kit'],
    [null, 'npm install mcp-result-kit'],
  ])('lock file %s: exit 2, one line naming "%s", --add-dependency and --local-helpers; nothing written', (lockFile, command) => {
    const dir = project({ name: 'notes', version: '1.0.0', type: 'module' }, lockFile ? { [lockFile]: '' } : {});
    const before = hashTree(dir);
    const run = cli(['migrate'], dir);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(errorLines(run.stderr)).toEqual([
      'mcp-result-kit: the migrated files would import mcp-result-kit, but package.json does not list it in its dependencies and TypeScript cannot resolve it from the file; ' +
        `install it first: ${command} (or pass --add-dependency to add it to package.json, or --local-helpers <path> to write the helpers into the project instead); nothing was written`,
    ]);
    expect(hashTree(dir)).toBe(before);
  });

  it('names the package folder in a workspace, with the lock file of the workspace root', () => {
    const dir = tempDir('mrk-dependency-ws-');
    writeTree(dir, { 'package.json': JSON.stringify({ name: 'root', private: true, workspaces: ['packages/*'] }), 'pnpm-lock.yaml': '' });
    const api = path.join(dir, 'packages/api');
    writeTree(api, { 'package.json': JSON.stringify({ name: 'api', type: 'module' }), 'src/server.ts': SERVER, 'tsconfig.json': TSCONFIG });
    linkModules(api, { kit: false });
    const before = hashTree(dir);
    const run = cli(['migrate', 'packages/api/src', '--tsconfig', 'packages/api/tsconfig.json'], dir);
    expect(run.status).toBe(2);
    expect(errorLines(run.stderr)[0]).toContain('but packages/api/package.json does not list it');
    expect(errorLines(run.stderr)[0]).toContain('install it first: cd packages/api && pnpm add mcp-result-kit (');
    expect(hashTree(dir)).toBe(before);
  });

  it('without a package.json at all, says so', () => {
    const dir = project(null);
    const run = cli(['migrate'], dir);
    expect(run.status).toBe(2);
    expect(errorLines(run.stderr)[0]).toMatch(/^mcp-result-kit: the migrated files would import mcp-result-kit, but there is no package\.json and TypeScript cannot resolve it/);
  });

  it('checks the --import-source package instead, and --add-dependency does not guess its version', () => {
    const dir = project({ name: 'notes', type: 'module' });
    const before = hashTree(dir);
    const run = cli(['migrate', '--import-source', '@acme/results'], dir);
    expect(run.status).toBe(2);
    expect(errorLines(run.stderr)[0]).toContain('would import @acme/results, but package.json does not list it');
    expect(errorLines(run.stderr)[0]).toContain('install it first: npm install @acme/results (');
    const add = cli(['migrate', '--import-source', '@acme/results', '--add-dependency'], dir);
    expect(add.status).toBe(2);
    expect(errorLines(add.stderr)).toEqual(['mcp-result-kit: --add-dependency adds mcp-result-kit; add @acme/results (from --import-source) to package.json yourself']);
    expect(hashTree(dir)).toBe(before);
  });

  it('--dry-run reports the same as a warning, still shows the diff, and writes nothing', () => {
    const dir = project({ name: 'notes', type: 'module' }, { 'yarn.lock': '' });
    const before = hashTree(dir);
    const run = cli(['migrate', '--dry-run'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("+import { successResult } from 'mcp-result-kit';");
    expect(run.stderr).toContain('mcp-result-kit: warning: the migrated files would import mcp-result-kit, but package.json does not list it');
    expect(run.stderr).toContain('install it first: yarn add mcp-result-kit (');
    expect(errorLines(run.stderr)).toEqual([]);
    expect(hashTree(dir)).toBe(before);
  });
});

describe('migrate goes ahead when the project can import it', () => {
  it('declared in dependencies (not installed yet)', () => {
    const dir = project({ name: 'notes', type: 'module', dependencies: { 'mcp-result-kit': `^${RUNTIME_VERSION}` } });
    const run = cli(['migrate'], dir);
    expect(run.stderr).not.toContain('would import');
    expect(run.status).toBe(0);
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toContain("return successResult('pong');");
  });

  it('resolved by TypeScript through the tsconfig (paths), without a package.json entry', () => {
    const tsconfig = JSON.parse(TSCONFIG) as { compilerOptions: Record<string, unknown> };
    tsconfig.compilerOptions.paths = { 'mcp-result-kit': ['./vendor/results.ts'] };
    const dir = project({ name: 'notes', type: 'module' }, { 'vendor/results.ts': 'export const successResult = (text: string) => ({ content: [{ type: "text" as const, text }] });\n' }, { tsconfig: JSON.stringify(tsconfig) });
    const run = cli(['migrate'], dir);
    expect(errorLines(run.stderr)).toEqual([]);
    expect(run.status).toBe(0);
  });

  it('installed (node_modules), with a warning when it is only a devDependency', () => {
    const dir = project({ name: 'notes', type: 'module', devDependencies: { 'mcp-result-kit': `^${RUNTIME_VERSION}` } }, {}, { kit: true });
    const run = cli(['migrate'], dir);
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('mcp-result-kit: warning: mcp-result-kit is only in the devDependencies of package.json; migrated servers import it at run time, so move it to dependencies');
  });

  it('--add-dependency adds it to dependencies (sorted, in the file\'s indentation), then writes', () => {
    const manifest = '{\n\t"name": "notes",\n\t"type": "module",\n\t"dependencies": {\n\t\t"@modelcontextprotocol/sdk": "^1.17.0",\n\t\t"zod": "^3.25.0"\n\t}\n}\n';
    const dir = project(null, { 'package.json': manifest, 'pnpm-lock.yaml': '' });
    const run = cli(['migrate', '--add-dependency'], dir);
    expect(errorLines(run.stderr)).toEqual([]);
    expect(run.status).toBe(0);
    expect(readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(
      `{\n\t"name": "notes",\n\t"type": "module",\n\t"dependencies": {\n\t\t"@modelcontextprotocol/sdk": "^1.17.0",\n\t\t"mcp-result-kit": "^${RUNTIME_VERSION}",\n\t\t"zod": "^3.25.0"\n\t}\n}\n`,
    );
    expect(run.stderr).toContain('mcp-result-kit: note: added mcp-result-kit to the dependencies in package.json; install it: pnpm add mcp-result-kit');
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toContain("import { successResult } from 'mcp-result-kit';");
  });

  it('--add-dependency --dry-run shows the package.json change in the diff and writes nothing', () => {
    const dir = project({ name: 'notes', type: 'module' });
    const before = hashTree(dir);
    const run = cli(['migrate', '--add-dependency', '--dry-run'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`--- a/package.json\n+++ b/package.json\n`);
    expect(run.stdout).toContain(`+  "dependencies": {\n+    "mcp-result-kit": "^${RUNTIME_VERSION}"\n+  }`);
    expect(run.stderr).not.toContain('warning');
    expect(hashTree(dir)).toBe(before);
  });

  it('with --local-helpers, nothing needs to be installed', () => {
    const dir = project({ name: 'notes', type: 'module' });
    const run = cli(['migrate', '--local-helpers', 'src/lib/results.ts'], dir);
    expect(errorLines(run.stderr)).toEqual([]);
    expect(run.status).toBe(0);
  });
});

describe('migrate writes require into CommonJS files', () => {
  const CJS_SERVER = `'use strict';

const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');
const registerPing = require('./ping.cjs');

function createServer() {
  const server = new McpServer({ name: 'cjs-notes', version: '1.0.0' });
  server.tool('greet', 'Say hello', async () => {
    return 'Hello from CommonJS';
  });
  registerPing(server);
  return server;
}

module.exports = { createServer };
`;
  const CJS_PING = `'use strict';

module.exports = function registerPing(server) {
  server.tool('ping', 'Ping', async () => {
    return JSON.stringify({ pong: true });
  });
};
`;
  // Calls both tools through the SDK client, in CommonJS, on the migrated files.
  const CALL_TOOLS = `
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { InMemoryTransport } = require('@modelcontextprotocol/sdk/inMemory.js');
const { createServer } = require('./src/server.js');
(async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createServer().connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  const results = [await client.callTool({ name: 'greet', arguments: {} }), await client.callTool({ name: 'ping', arguments: {} })];
  process.stdout.write(JSON.stringify(results));
  await client.close();
})();
`;

  it('after "use strict" and the last require, in .js (untyped package) and .cjs files; the server then runs', () => {
    const dir = project({ name: 'cjs-notes', version: '1.0.0', dependencies: { 'mcp-result-kit': `^${RUNTIME_VERSION}` } }, { 'src/server.js': CJS_SERVER, 'src/ping.cjs': CJS_PING }, { kit: true });
    const run = cli(['migrate', '--no-tsconfig', 'src/server.js', 'src/ping.cjs'], dir);
    expect(errorLines(run.stderr)).toEqual([]);
    expect(run.status).toBe(0);
    expect(readFileSync(path.join(dir, 'src/server.js'), 'utf8')).toBe(
      CJS_SERVER.replace("const registerPing = require('./ping.cjs');\n", "const registerPing = require('./ping.cjs');\nconst { successResult } = require('mcp-result-kit');\n").replace(
        "return 'Hello from CommonJS';",
        "return successResult('Hello from CommonJS');",
      ),
    );
    expect(readFileSync(path.join(dir, 'src/ping.cjs'), 'utf8')).toBe(
      CJS_PING.replace("'use strict';\n", "'use strict';\nconst { jsonResult } = require('mcp-result-kit');\n").replace('return JSON.stringify({ pong: true });', 'return jsonResult({ pong: true }, { indent: 0 });'),
    );
    const results = JSON.parse(execFileSync(process.execPath, ['-e', CALL_TOOLS], { cwd: dir, encoding: 'utf8' })) as unknown[];
    expect(results).toStrictEqual([
      { content: [{ type: 'text', text: 'Hello from CommonJS' }] },
      { content: [{ type: 'text', text: '{"pong":true}' }], structuredContent: { pong: true } },
    ]);
  });
});
