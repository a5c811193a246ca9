// The helpers' result types against several SDK 1.x releases side by side, the SDK v2 packages and
// FastMCP's: a legacy server (fixtures/sdk-compat/legacy-server, and legacy-server-v2 written in the
// v2 style) is migrated with the built CLI and then typechecked against each SDK's own types, with
// the packed runtime installed as npm would; the migrated v2 server then runs over stdio and the v2
// Client calls it in both protocol eras. Each SDK is installed once into the shared cache folder
// (see npm-project.ts) and reused by later runs.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cachedInstall, cleanupProjects, installDelta, installedPackages, npmInstall, packTarballs, ROOT, run, sdkV2Install, tempProject, tsc, unpackTarball } from './npm-project.js';

// npm installs (the first run on a machine downloads) and real compiles: minutes, not seconds.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

/**
 * 1.3.0 is the oldest release with McpServer (January 2025); 1.5.0 is from February 2025 (the
 * audio content type came later); 1.13.0 (June 2025) and 1.17.0 (July 2025, still zod 3) are mid
 * 2025; 1.32.2 is the latest 1.x.
 */
const SDK_VERSIONS = ['1.3.0', '1.5.0', '1.13.0', '1.17.0', '1.32.2'];

const LEGACY = path.join(ROOT, 'fixtures/sdk-compat/legacy-server');
const BIN = path.join(ROOT, 'dist/bin/mcp-result-kit.js');

let runtimeTarball: string;
beforeAll(() => {
  runtimeTarball = packTarballs().runtime;
});
afterAll(cleanupProjects);

/** A folder with `@modelcontextprotocol/sdk@<version>` (and its own zod) installed, made once and kept in the cache. */
function sdkInstall(version: string): string {
  return cachedInstall(`sdk-${version}`, [`@modelcontextprotocol/sdk@${version}`]);
}

/** The packed runtime unpacked into `<dir>/node_modules/mcp-result-kit`, as npm installs it. */
function unpackRuntime(dir: string): void {
  unpackTarball(runtimeTarball, dir, 'mcp-result-kit');
}

/**
 * A server on each SDK the runtime supports, run as its author runs it: the low-level Server's
 * tools/call handler returns each helper's result, and the same SDK's Client calls it over a
 * linked pair of transports written here (InMemoryTransport is newer than 1.0).
 */
const CALL_HELPERS = `
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { errorResult, errorTextResult, jsonResult, successResult, toCallToolResult } from 'mcp-result-kit';

function linkedPair() {
  const ends = [{}, {}];
  for (const [end, other] of [[ends[0], ends[1]], [ends[1], ends[0]]]) {
    Object.assign(end, {
      async start() {},
      async send(message) { queueMicrotask(() => other.onmessage?.(message)); },
      async close() { end.onclose?.(); },
    });
  }
  return ends;
}

const results = {
  success: successResult('Saved note 7', { id: 7 }),
  json: jsonResult({ id: 7, tags: ['a'] }),
  error: errorResult('no note 8'),
  errorText: errorTextResult('Failed to read note 8'),
  converted: toCallToolResult('plain text'),
};
const server = new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => results[request.params.name]);
const client = new Client({ name: 'sdk-matrix', version: '1.0.0' }, { capabilities: {} });
const [clientSide, serverSide] = linkedPair();
await server.connect(serverSide);
await client.connect(clientSide);
const received = {};
for (const name of Object.keys(results)) received[name] = await client.callTool({ name, arguments: {} });
process.stdout.write(JSON.stringify(received));
await client.close();
`;

/** What every SDK's Client receives: the helpers' results, unchanged. */
const EXPECTED_CALLS = {
  success: { content: [{ type: 'text', text: 'Saved note 7' }], structuredContent: { id: 7 } },
  json: { content: [{ type: 'text', text: JSON.stringify({ id: 7, tags: ['a'] }, null, 2) }], structuredContent: { id: 7, tags: ['a'] } },
  error: { content: [{ type: 'text', text: 'Error: no note 8' }], structuredContent: { error: 'no note 8' }, isError: true },
  errorText: { content: [{ type: 'text', text: 'Failed to read note 8' }], structuredContent: { error: 'Failed to read note 8' }, isError: true },
  converted: { content: [{ type: 'text', text: 'plain text' }] },
};

/** The version of `name` that package-lock.json records at the top of node_modules. */
function lockedVersion(project: string, name: string): string | undefined {
  const lock = JSON.parse(readFileSync(path.join(project, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
  return lock.packages[`node_modules/${name}`]?.version;
}

/**
 * The oldest 1.x (1.0.1, pinned exactly as a server that never updated has it), a mid 1.x, the
 * latest 1.x; the runtime declares no SDK peer, so npm has nothing to upgrade or to refuse.
 */
const INSTALL_MATRIX: ReadonlyArray<readonly [string, string]> = [
  ['@modelcontextprotocol/sdk', '1.0.1'],
  ['@modelcontextprotocol/sdk', '1.17.0'],
  ['@modelcontextprotocol/sdk', '1.32.2'],
  ['@modelcontextprotocol/server', '2.4.0'],
];

describe("npm install of the runtime leaves the server's SDK as it was", () => {
  it.each(INSTALL_MATRIX)('%s pinned at exactly %s: the lock and node_modules keep it, the runtime alone is added', (sdk, version) => {
    const project = tempProject(`sdk-pin-${version}`, { type: 'module', dependencies: { [sdk]: version } });
    npmInstall(project, []);
    expect(lockedVersion(project, sdk)).toBe(version);
    const before = installedPackages(project);
    npmInstall(project, [runtimeTarball]);
    const delta = installDelta(before, installedPackages(project));
    expect(delta.changed).toEqual([]);
    expect(delta.added.map((pkg) => pkg.name)).toEqual(['mcp-result-kit']);
    expect(lockedVersion(project, sdk)).toBe(version);
    expect((JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies[sdk]).toBe(version);
    if (sdk !== '@modelcontextprotocol/sdk') return;
    // The same SDK's Server sends each helper result and its Client accepts it as it is.
    writeFileSync(path.join(project, 'call.mjs'), CALL_HELPERS);
    const call = run(project, process.execPath, ['call.mjs']);
    expect(call.stderr).toBe('');
    expect(JSON.parse(call.stdout)).toStrictEqual(EXPECTED_CALLS);
  });
});

describe('migrated code typechecks against every SDK 1.x', () => {
  it.each(SDK_VERSIONS)('@modelcontextprotocol/sdk %s', (version) => {
    const sdk = sdkInstall(version);
    expect(JSON.parse(readFileSync(path.join(sdk, 'node_modules/@modelcontextprotocol/sdk/package.json'), 'utf8')).version).toBe(version);
    // Inside the SDK folder, so the project resolves that SDK and its zod from the parent node_modules.
    const project = mkdtempSync(path.join(sdk, 'project-'));
    try {
      cpSync(LEGACY, project, { recursive: true });
      unpackRuntime(project);
      const before = tsc(project);
      // The legacy server does not typecheck: the types see the raw strings (so they are checked at all).
      expect(before.status).not.toBe(0);
      expect(before.output).toMatch(/src\/server\.ts.*TS2(345|769)/);
      const migrate = run(project, process.execPath, [BIN, 'migrate', '--allow-dirty', 'src']);
      expect(migrate.stderr).not.toMatch(/mcp-result-kit: (?!warning|note)/);
      expect(migrate.status).toBe(0);
      expect(readFileSync(path.join(project, 'src/server.ts'), 'utf8')).toContain("import { errorTextResult, jsonResult, successResult } from 'mcp-result-kit';");
      expect(readFileSync(path.join(project, 'src/lowlevel.ts'), 'utf8')).toContain('async function handleCount(): Promise<ToolResult> {');
      expect(tsc(project)).toEqual({ status: 0, output: '' });
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});

describe("FastMCP's content result", () => {
  it('accepts every helper result, as a ContentResult and from execute', () => {
    const project = tempProject('fastmcp', { type: 'module' });
    unpackRuntime(project);
    for (const entry of ['fastmcp', 'zod']) symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(project, 'node_modules', entry));
    mkdirSync(path.join(project, 'node_modules/@modelcontextprotocol'));
    for (const entry of readdirSync(path.join(ROOT, 'node_modules/@modelcontextprotocol'))) {
      symlinkSync(path.join(ROOT, 'node_modules/@modelcontextprotocol', entry), path.join(project, 'node_modules/@modelcontextprotocol', entry));
    }
    mkdirSync(path.join(project, 'src'));
    writeFileSync(
      path.join(project, 'src/server.ts'),
      `import { FastMCP, type ContentResult } from 'fastmcp';
import { z } from 'zod';
import { errorResult, errorTextResult, jsonResult, successResult, toCallToolResult } from 'mcp-result-kit';


export const results: ContentResult[] = [successResult('ok', { a: 1 }), errorResult('no'), errorTextResult('Failed: no'), jsonResult([1]), toCallToolResult('text')];

const server = new FastMCP({ name: 'fast', version: '1.0.0' });
server.addTool({
  name: 'lookup',
  parameters: z.object({ id: z.string() }),
  execute: async ({ id }) => (id === '' ? errorResult('no id') : successResult(\`found \${id}\`, { id })),
});
`,
    );
    writeFileSync(path.join(project, 'tsconfig.json'), readFileSync(path.join(LEGACY, 'tsconfig.json'), 'utf8'));
    expect(tsc(project)).toEqual({ status: 0, output: '' });
  });
});

/** The SDK v2 packages, current as of this writing. */
const SDK_V2 = '2.4.0';
const LEGACY_V2 = path.join(ROOT, 'fixtures/sdk-compat/legacy-server-v2');

describe(`the SDK v2 packages (@modelcontextprotocol/server ${SDK_V2})`, () => {
  let project: string;
  beforeAll(() => {
    const sdk = sdkV2Install(SDK_V2);
    project = mkdtempSync(path.join(sdk, 'project-'));
    cpSync(LEGACY_V2, project, { recursive: true });
    unpackRuntime(project);
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('a v2-style server is migrated and then typechecks against the v2 types', () => {
    const before = tsc(project);
    // Raw strings, JSON text and a plain object: registerTool's callback type rejects all three.
    expect(before.status).not.toBe(0);
    expect(before.output.match(/src\/server\.ts\(\d+,\d+\): error TS2769/g)).toHaveLength(3);
    const migrate = run(project, process.execPath, [BIN, 'migrate', '--allow-dirty', 'src']);
    expect(migrate.stderr).not.toMatch(/mcp-result-kit: (?!warning|note)/);
    expect(migrate.status).toBe(0);
    expect(migrate.stdout).toMatch(/sites rewritten\s+4/);
    expect(migrate.stdout).toContain('Protocol version 2026-07-28: the default for SDK v2 (package.json depends on @modelcontextprotocol/server ^2.4.0).');
    expect(readFileSync(path.join(project, 'src/server.ts'), 'utf8')).toContain("import { createResultHelpers, errorTextResult, jsonResult, successResult } from 'mcp-result-kit';");
    // ToolResult, and ToolResult<JsonValue> from createResultHelpers({ protocolVersion: '2026-07-28' }), fit v2's CallToolResult.
    expect(tsc(project)).toEqual({ status: 0, output: '' });
  });

  it.each([
    ['legacy', '2025-11-25', { result: ['b1', 'b2', 'b3'] }],
    ['auto', '2026-07-28', ['b1', 'b2', 'b3']],
  ] as const)('the migrated server answers the v2 Client (versionNegotiation %s: protocol %s)', async (mode, version, ids) => {
    expect(tsc(project, ['--noEmit', 'false', '--outDir', path.join(project, 'dist')]).status).toBe(0);
    const client = new Client({ name: 'sdk-matrix', version: '1.0.0' }, { versionNegotiation: { mode } });
    const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(project, 'dist/main.js')], cwd: project, stderr: 'pipe' });
    try {
      await client.connect(transport);
      expect(client.getNegotiatedProtocolVersion()).toBe(version);
      const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });
      const bookmark = { id: 'b2', url: 'https://nodejs.org', tags: ['runtime'] };

      expect(await call('list_bookmarks')).toMatchObject({ content: [{ type: 'text', text: 'b1 https://modelcontextprotocol.io\nb2 https://nodejs.org\nb3 https://www.typescriptlang.org' }] });
      expect(await call('get_bookmark', { id: 'b2' })).toMatchObject({ content: [{ type: 'text', text: JSON.stringify(bookmark, null, 2) }], structuredContent: bookmark });
      const missing = await call('get_bookmark', { id: 'zz' });
      expect(missing).toMatchObject({ isError: true, structuredContent: { error: expect.stringMatching(/^no bookmark zz \(request .+\)$/) } });
      expect((missing.content as Array<{ text: string }>)[0].text).toMatch(/^Error: no bookmark zz/);
      expect(await call('bookmark_stats')).toMatchObject({ structuredContent: { total: 3, tags: 4 } });
      expect(await call('find_by_tag', { tag: 'spec' })).toMatchObject({ structuredContent: { ids: ['b1', 'b3'] } });
      // An array stays an array for a 2026-07-28 client; the SDK wraps it as { result } for a 2025 one.
      expect(await call('bookmark_ids')).toMatchObject({ content: [{ type: 'text', text: '["b1","b2","b3"]' }], structuredContent: ids });
    } finally {
      await client.close();
    }
  });

  // Needs issue 19's discovery of v2 registrations: the low-level Server's
  // setRequestHandler('tools/call', …) with a string method name is not recognised yet.
  it.skip("a low-level v2 Server (setRequestHandler('tools/call', …)) is migrated too", () => {
    writeFileSync(
      path.join(project, 'src/lowlevel.ts'),
      `import { Server } from '@modelcontextprotocol/server';
import { BOOKMARKS } from './data.js';

export const lowLevel = new Server({ name: 'bookmarks-lowlevel', version: '1.0.0' }, { capabilities: { tools: {} } });

lowLevel.setRequestHandler('tools/call', async (request) => {
  if (request.params.name === 'count') return \`\${BOOKMARKS.length} bookmarks\`;
  return \`Error: unknown tool \${request.params.name}\`;
});
`,
    );
    try {
      const migrate = run(project, process.execPath, [BIN, 'migrate', '--allow-dirty', 'src/lowlevel.ts']);
      expect(migrate.status).toBe(0);
      const migrated = readFileSync(path.join(project, 'src/lowlevel.ts'), 'utf8');
      expect(migrated).toContain('return successResult(`${BOOKMARKS.length} bookmarks`);');
      expect(migrated).toContain('return errorTextResult(`Error: unknown tool ${request.params.name}`);');
      expect(tsc(project)).toEqual({ status: 0, output: '' });
    } finally {
      rmSync(path.join(project, 'src/lowlevel.ts'), { force: true });
    }
  });
});
