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

const ADD_OR_LOCAL = '(or pass --add-dependency to add it to the dependencies in package.json, or --local-helpers <path> to write the helpers into the project instead)';

describe('migrate stops before writing unless mcp-result-kit is a production dependency', () => {
  it.each([
    ['package-lock.json', 'npm install mcp-result-kit'],
    ['pnpm-lock.yaml', 'pnpm add mcp-result-kit'],
    ['yarn.lock', 'yarn add mcp-result-kit'],
    ['bun.lock', 'bun add mcp-result-kit'],
    [null, 'npm install mcp-result-kit'],
  ])('not listed, not installed (lock file %s): exit 2, one line naming "%s", --add-dependency and --local-helpers; nothing written', (lockFile, command) => {
    const dir = project({ name: 'notes', version: '1.0.0', type: 'module' }, lockFile ? { [lockFile]: '' } : {});
    const before = hashTree(dir);
    const run = cli(['migrate'], dir);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(errorLines(run.stderr)).toEqual([
      'mcp-result-kit: the migrated files would import mcp-result-kit at run time, but package.json does not list it in its dependencies and it is not installed; ' +
        `install it as a dependency first: ${command} ${ADD_OR_LOCAL}; nothing was written`,
    ]);
    expect(hashTree(dir)).toBe(before);
  });

  it.each([
    ['package-lock.json', 'npm install --save-prod mcp-result-kit'],
    ['pnpm-lock.yaml', 'pnpm add --save-prod mcp-result-kit'],
    ['yarn.lock', 'yarn remove mcp-result-kit && yarn add mcp-result-kit'],
    ['bun.lock', 'bun remove mcp-result-kit && bun add mcp-result-kit'],
  ])('a devDependency, installed, does not count (lock file %s): the command moves it, "%s"', (lockFile, command) => {
    const dir = project({ name: 'notes', type: 'module', devDependencies: { 'mcp-result-kit': `^${RUNTIME_VERSION}` } }, { [lockFile]: '' }, { kit: true });
    const before = hashTree(dir);
    const run = cli(['migrate'], dir);
    expect(run.status).toBe(2);
    expect(errorLines(run.stderr)).toEqual([
      'mcp-result-kit: the migrated files would import mcp-result-kit at run time, but package.json lists it only in devDependencies, which a production install (npm ci --omit=dev, npm prune --omit=dev) leaves out; ' +
        `install it as a dependency first: ${command} ${ADD_OR_LOCAL}; nothing was written`,
    ]);
    expect(hashTree(dir)).toBe(before);
  });

  it('a copy that only resolves through @mcp-result-kit/tools (its own dependency) does not count', () => {
    const dir = project({ name: 'notes', type: 'module', devDependencies: { '@mcp-result-kit/tools': `^${RUNTIME_VERSION}` } }, { 'package-lock.json': '' }, { kit: true });
    const before = hashTree(dir);
    const run = cli(['migrate'], dir);
    expect(run.status).toBe(2);
    expect(errorLines(run.stderr)).toEqual([
      'mcp-result-kit: the migrated files would import mcp-result-kit at run time, but package.json does not list it in its dependencies; the copy installed in node_modules belongs to another package ' +
        `(such as @mcp-result-kit/tools, which depends on mcp-result-kit) and is gone after a production install; install it as a dependency first: npm install mcp-result-kit ${ADD_OR_LOCAL}; nothing was written`,
    ]);
    expect(hashTree(dir)).toBe(before);
  });

  it('a peerDependency does not count: the server itself must have it', () => {
    const dir = project({ name: 'notes', type: 'module', peerDependencies: { 'mcp-result-kit': `^${RUNTIME_VERSION}` } }, {}, { kit: true });
    const run = cli(['migrate'], dir);
    expect(run.status).toBe(2);
    expect(errorLines(run.stderr)[0]).toContain('but package.json lists it only in peerDependencies, which whoever installs this package must provide (yarn 1 never installs them); the server itself needs it in dependencies');
    expect(errorLines(run.stderr)[0]).toContain('install it as a dependency first: npm install --save-prod mcp-result-kit (');
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
    expect(errorLines(run.stderr)[0]).toContain('install it as a dependency first: cd packages/api && pnpm add mcp-result-kit (');
    expect(hashTree(dir)).toBe(before);
  });

  it("npm workspaces: the root's dependencies do not count for a workspace package (deployed on its own it would not have them)", () => {
    const dir = tempDir('mrk-dependency-npmws-');
    writeTree(dir, { 'package.json': JSON.stringify({ name: 'root', private: true, workspaces: ['packages/*'], dependencies: { 'mcp-result-kit': `^${RUNTIME_VERSION}` } }), 'package-lock.json': '' });
    linkModules(dir, { kit: true });
    const api = path.join(dir, 'packages/api');
    writeTree(api, { 'package.json': JSON.stringify({ name: 'api', type: 'module' }), 'src/server.ts': SERVER, 'tsconfig.json': TSCONFIG });
    const run = cli(['migrate', 'packages/api/src', '--tsconfig', 'packages/api/tsconfig.json'], dir);
    expect(run.status).toBe(2);
    expect(errorLines(run.stderr)[0]).toContain('but packages/api/package.json does not list it in its dependencies; the copy installed in node_modules belongs to another package');
    expect(errorLines(run.stderr)[0]).toContain('install it as a dependency first: cd packages/api && npm install mcp-result-kit (');
  });

  it('pnpm workspace (pnpm-workspace.yaml): a member with it as a devDependency is refused; --add-dependency moves it, keeping its range', () => {
    const dir = tempDir('mrk-dependency-pnpm-');
    writeTree(dir, { 'package.json': JSON.stringify({ name: 'root', private: true }), 'pnpm-workspace.yaml': "packages:\n  - 'packages/*'\n", 'pnpm-lock.yaml': '' });
    const api = path.join(dir, 'packages/api');
    const manifest = { name: 'api', type: 'module', dependencies: { zod: '^3.25.0' }, devDependencies: { 'mcp-result-kit': 'workspace:*', typescript: '^5.9.0' } };
    writeTree(api, { 'package.json': `${JSON.stringify(manifest, null, 2)}\n`, 'src/server.ts': SERVER, 'tsconfig.json': TSCONFIG });
    linkModules(api, { kit: true });
    const before = hashTree(dir);
    const args = ['migrate', 'packages/api/src', '--tsconfig', 'packages/api/tsconfig.json'];
    const run = cli(args, dir);
    expect(run.status).toBe(2);
    expect(errorLines(run.stderr)[0]).toContain('but packages/api/package.json lists it only in devDependencies');
    expect(errorLines(run.stderr)[0]).toContain('install it as a dependency first: cd packages/api && pnpm add --save-prod mcp-result-kit (');
    expect(hashTree(dir)).toBe(before);
    const add = cli([...args, '--add-dependency'], dir);
    expect(errorLines(add.stderr)).toEqual([]);
    expect(add.status).toBe(0);
    expect(JSON.parse(readFileSync(path.join(api, 'package.json'), 'utf8'))).toEqual({
      name: 'api',
      type: 'module',
      dependencies: { 'mcp-result-kit': 'workspace:*', zod: '^3.25.0' },
      devDependencies: { typescript: '^5.9.0' },
    });
    expect(add.stderr).toContain('mcp-result-kit: note: added mcp-result-kit to the dependencies in packages/api/package.json; install it: cd packages/api && pnpm add mcp-result-kit');
  });

  it('a nested package.json that only sets the module format is passed over for the package that owns the file', () => {
    const dir = project({ name: 'notes', type: 'module', dependencies: { 'mcp-result-kit': `^${RUNTIME_VERSION}` } }, { 'src/package.json': '{ "type": "module" }\n' }, { kit: true });
    const run = cli(['migrate'], dir);
    expect(errorLines(run.stderr)).toEqual([]);
    expect(run.status).toBe(0);
  });

  it('without a package.json at all, says so', () => {
    const dir = project(null);
    const run = cli(['migrate'], dir);
    expect(run.status).toBe(2);
    expect(errorLines(run.stderr)[0]).toMatch(/^mcp-result-kit: the migrated files would import mcp-result-kit at run time, but there is no package\.json and it is not installed; install it as a dependency first: npm install mcp-result-kit/);
  });

  it('checks the --import-source package instead, and --add-dependency does not guess its version', () => {
    const dir = project({ name: 'notes', type: 'module' });
    const before = hashTree(dir);
    const run = cli(['migrate', '--import-source', '@acme/results'], dir);
    expect(run.status).toBe(2);
    expect(errorLines(run.stderr)[0]).toContain('would import @acme/results at run time, but package.json does not list it');
    expect(errorLines(run.stderr)[0]).toContain('install it as a dependency first: npm install @acme/results (');
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
    expect(run.stderr).toContain('mcp-result-kit: warning: the migrated files would import mcp-result-kit at run time, but package.json does not list it');
    expect(run.stderr).toContain('install it as a dependency first: yarn add mcp-result-kit (');
    expect(errorLines(run.stderr)).toEqual([]);
    expect(hashTree(dir)).toBe(before);
  });
});

describe('migrate goes ahead when the package depends on it', () => {
  it('declared in dependencies (not installed yet)', () => {
    const dir = project({ name: 'notes', type: 'module', dependencies: { 'mcp-result-kit': `^${RUNTIME_VERSION}` } });
    const run = cli(['migrate'], dir);
    expect(run.stderr).not.toContain('would import');
    expect(run.status).toBe(0);
    expect(readFileSync(path.join(dir, 'src/server.ts'), 'utf8')).toContain("return successResult('pong');");
  });

  it('--verify reports a dependency that is listed but not installed (the server would not start), exit 1', () => {
    const dir = project({ name: 'notes', type: 'module', dependencies: { 'mcp-result-kit': `^${RUNTIME_VERSION}` } });
    const run = cli(['migrate', '--verify', '--format', 'json'], dir);
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as { errors: Array<{ file: string; line: number; message: string }> };
    expect(report.errors).toContainEqual({ file: 'src/server.ts', line: 2, column: 1, message: 'mcp-result-kit is listed in dependencies but not installed; install it: npm install mcp-result-kit' });
  });

  it('--verify finds nothing to report when the dependency is listed and installed', () => {
    const dir = project({ name: 'notes', type: 'module', dependencies: { 'mcp-result-kit': `^${RUNTIME_VERSION}` } }, {}, { kit: true });
    const run = cli(['migrate', '--verify', '--format', 'json'], dir);
    expect(errorLines(run.stderr)).toEqual([]);
    expect(run.status).toBe(0);
    expect((JSON.parse(run.stdout) as { errors: unknown[] }).errors).toEqual([]);
  });

  it('resolved by TypeScript through the tsconfig (paths) to the project\'s own code, without a package.json entry', () => {
    const tsconfig = JSON.parse(TSCONFIG) as { compilerOptions: Record<string, unknown> };
    tsconfig.compilerOptions.paths = { 'mcp-result-kit': ['./vendor/results.ts'] };
    const dir = project({ name: 'notes', type: 'module' }, { 'vendor/results.ts': 'export const successResult = (text: string) => ({ content: [{ type: "text" as const, text }] });\n' }, { tsconfig: JSON.stringify(tsconfig) });
    const run = cli(['migrate'], dir);
    expect(errorLines(run.stderr)).toEqual([]);
    expect(run.status).toBe(0);
  });

  it('installed without any package.json: nothing is pruned, so the installed copy is what runs', () => {
    const dir = project(null, {}, { kit: true });
    const run = cli(['migrate'], dir);
    expect(errorLines(run.stderr)).toEqual([]);
    expect(run.status).toBe(0);
  });

  it('--add-dependency moves a devDependency to dependencies, keeping its range', () => {
    const dir = project({ name: 'notes', type: 'module', devDependencies: { 'mcp-result-kit': '~0.1.0', vitest: '^4.0.0' } }, {}, { kit: true });
    const run = cli(['migrate', '--add-dependency'], dir);
    expect(errorLines(run.stderr)).toEqual([]);
    expect(run.status).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'))).toEqual({ name: 'notes', type: 'module', devDependencies: { vitest: '^4.0.0' }, dependencies: { 'mcp-result-kit': '~0.1.0' } });
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
