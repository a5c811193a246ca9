// The packed tarballs, installed with npm into a fresh MCP server project, counting what each
// install adds to node_modules: the runtime must add nothing but itself (the target is 0 other
// packages and under 100 KB beside the SDK), and the dev-time tools must use the project's own
// ESLint and TypeScript. Then the tools run there as a user runs them.
import path from 'node:path';
import { writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { formatUnifiedDiff } from '../../packages/runtime/src/unified-diff.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cleanupProjects,
  installDelta,
  installedPackages,
  locationsOf,
  nodeEval,
  npm,
  npmInstall,
  packTarballs,
  run,
  tempProject,
  type Tarballs,
} from './npm-project.js';

// npm installs (the first run on a machine downloads) and real compiles: minutes, not seconds.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

// The server's own versions: an SDK, and dev tools other than the ones the kit is developed with
// (ESLint 9, the oldest TypeScript the peer range allows), to prove the project's copies are used.
const SDK = '1.32.2';
const USER_ESLINT = '9.39.5';
const USER_TYPESCRIPT = '5.0.4';
/** The SDK the tools bring for the probe's client, as `@mcp-result-kit/mcp-sdk` (package.json). */
const PROBE_SDK = '1.32.2';

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';


export const server = new McpServer({ name: 'notes', version: '1.0.0' });

server.tool('get_note', { id: z.string() }, async ({ id }) => {
  if (id === '') return 'Error: no id';
  return JSON.stringify({ id, text: 'first note' }, null, 2);
});
`;

const TSCONFIG = JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true, types: [] }, include: ['src'] });

/** The installed bin, as `npx mcp-result-kit` runs it (without npx's own notices on stderr). */
const kit = (project: string, args: string[]) => run(project, process.execPath, [path.join(project, 'node_modules/.bin/mcp-result-kit'), ...args]);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let tarballs: Tarballs;
beforeAll(() => {
  tarballs = packTarballs();
});
afterAll(cleanupProjects);

describe('npm install of the packed packages into a server project', () => {
  let project: string;
  beforeAll(() => {
    project = tempProject('server', { type: 'module' });
    npmInstall(project, [`@modelcontextprotocol/sdk@${SDK}`]);
    mkdirSync(path.join(project, 'src'));
    writeFileSync(path.join(project, 'src/server.ts'), SERVER);
    writeFileSync(path.join(project, 'tsconfig.json'), TSCONFIG);
  });

  it('npm i mcp-result-kit adds the runtime alone: no other package, no native build, under 100 KB', () => {
    const before = installedPackages(project);
    npmInstall(project, [tarballs.runtime]);
    const after = installedPackages(project);
    const delta = installDelta(before, after);
    console.info(`runtime install beside SDK ${SDK} (${before.size} packages): +${delta.added.length} package(s), +${kb(delta.addedBytes)} unpacked`);
    expect(delta.added.map((pkg) => `${pkg.name}@${pkg.version}`)).toEqual(['mcp-result-kit@0.1.0']);
    expect(delta.changed).toEqual([]);
    expect(delta.addedBytes).toBeLessThan(100 * 1024);
    const manifest = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['@modelcontextprotocol/sdk', 'mcp-result-kit']);
    // Both formats load from the installed copy.
    const call = "m.successResult('hi', { n: 1 })";
    const esm = nodeEval(project, ['--input-type=module', '-e', `import('mcp-result-kit').then((m) => process.stdout.write(JSON.stringify(${call})))`]);
    const cjs = nodeEval(project, ['--input-type=commonjs', '-e', `const m = require('mcp-result-kit'); process.stdout.write(JSON.stringify(${call}))`]);
    expect(JSON.parse(esm)).toStrictEqual({ content: [{ type: 'text', text: 'hi' }], structuredContent: { n: 1 } });
    expect(cjs).toBe(esm);
  });

  it('npm i -D @mcp-result-kit/tools keeps the project\'s own ESLint, TypeScript and SDK and brings no optional peer', () => {
    npmInstall(project, ['-D', `eslint@${USER_ESLINT}`, `typescript@${USER_TYPESCRIPT}`]);
    const before = installedPackages(project);
    npmInstall(project, ['-D', tarballs.tools]);
    const after = installedPackages(project);
    const delta = installDelta(before, after);
    console.info(`tools install beside ESLint ${USER_ESLINT} and TypeScript ${USER_TYPESCRIPT} (${before.size} packages): +${delta.added.length} package(s), +${kb(delta.addedBytes)} unpacked`);
    console.info(`  added: ${delta.added.map((pkg) => pkg.name).sort().join(', ')}`);
    expect(delta.changed).toEqual([]);
    expect(locationsOf(after, 'eslint')).toEqual([`eslint@${USER_ESLINT}`]);
    expect(locationsOf(after, 'typescript')).toEqual([`typescript@${USER_TYPESCRIPT}`]);
    expect(locationsOf(after, 'mcp-result-kit')).toEqual(['mcp-result-kit@0.1.0']);
    // The server's SDK stays where it was; the probe's client is the tools' own copy, under an alias.
    expect(locationsOf(after, '@modelcontextprotocol/sdk').sort()).toEqual([`@mcp-result-kit/mcp-sdk@${PROBE_SDK}`, `@modelcontextprotocol/sdk@${SDK}`]);
    for (const name of ['better-sqlite3', 'pg', '@mcp-result-kit/code-editor', 'ts-morph', 'jscodeshift', 'vitest', 'fastmcp']) expect(locationsOf(after, name), name).toEqual([]);
    // What only the code editor needs stays with it.
    expect(delta.added.map((pkg) => pkg.name)).not.toContain('proper-lockfile');
    const manifest = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(Object.keys(manifest.devDependencies)).toContain('@mcp-result-kit/tools');
  });

  it('npx mcp-result-kit check and migrate run with those copies', () => {
    const check = kit(project, ['check', 'src']);
    expect(check.stderr).not.toMatch(/mcp-result-kit: (?!warning|note)/);
    expect(check.status).toBe(1);
    expect(check.stdout).toContain('mcp-result-kit/no-json-stringify-result');
    expect(check.stdout).toContain('mcp-result-kit/require-is-error');
    const migrate = kit(project, ['migrate', '--allow-dirty', 'src']);
    expect(migrate.stderr).not.toMatch(/mcp-result-kit: (?!warning|note)/);
    expect(migrate.status).toBe(0);
    const migrated = readFileSync(path.join(project, 'src/server.ts'), 'utf8');
    expect(migrated).toContain("import { errorTextResult, jsonResult } from 'mcp-result-kit';");
    expect(migrated).toContain("return errorTextResult('Error: no id');");
    const typecheck = run(project, process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.']);
    expect(typecheck.stdout + typecheck.stderr).toBe('');
  });

  it("with the runtime and the tools both installed, npx mcp-result-kit is the tools' CLI, whichever package's bin npm linked", () => {
    const tools = run(project, process.execPath, [path.join(project, 'node_modules/@mcp-result-kit/tools/dist/bin/mcp-result-kit.js'), 'check', 'src']);
    expect(tools.stdout).not.toBe('');
    for (const bin of ['node_modules/.bin/mcp-result-kit', 'node_modules/mcp-result-kit/bin/mcp-result-kit.js']) {
      const linked = run(project, process.execPath, [path.join(project, bin), 'check', 'src']);
      expect({ status: linked.status, stdout: linked.stdout, stderr: linked.stderr }, bin).toEqual({ status: tools.status, stdout: tools.stdout, stderr: tools.stderr });
    }
    const help = kit(project, ['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: mcp-result-kit /);
  });

  it('npx mcp-result-kit demo runs on the example server shipped in the package', () => {
    const demo = kit(project, ['demo']);
    expect(demo.stderr).not.toMatch(/mcp-result-kit: (?!warning|note)/);
    expect(demo.status).toBe(0);
    expect(demo.stdout).toMatch(/files written\s+[1-9]/);
  });

  it('serve names the command that installs @mcp-result-kit/code-editor; with it installed, serve runs its server', async () => {
    const missing = kit(project, ['serve', '--root', 'src']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(
      'mcp-result-kit: serve needs @mcp-result-kit/code-editor, which is not installed; install it with: npm install @mcp-result-kit/code-editor (or run it without installing: npx @mcp-result-kit/code-editor)\n',
    );
    npmInstall(project, [tarballs.codeEditor]);
    // The project's own TypeScript and SDK stay single copies (the code editor's ranges accept them);
    // the other SDK is the tools' probe client, under its alias.
    const after = installedPackages(project);
    expect(locationsOf(after, '@modelcontextprotocol/sdk').sort()).toEqual([`@mcp-result-kit/mcp-sdk@${PROBE_SDK}`, `@modelcontextprotocol/sdk@${SDK}`]);
    expect(locationsOf(after, 'typescript')).toEqual([`typescript@${USER_TYPESCRIPT}`]);
    const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(project, 'node_modules/.bin/mcp-result-kit'), 'serve', '--root', path.join(project, 'src'), '--read-only'], cwd: project, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'install-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name), stderr).toContain('read_content_lines');
    } finally {
      await client.close();
    }
  });
});

describe('npm i -D @mcp-result-kit/tools in a server without ESLint and TypeScript', () => {
  it('npm 7+ installs the required peers (the newest ESLint and TypeScript in range) with the tools', () => {
    const project = tempProject('no-eslint', { type: 'module' });
    // The runtime first, as in the README (the tools depend on it, and this copy is not on the registry).
    npmInstall(project, [`@modelcontextprotocol/sdk@${SDK}`, tarballs.runtime]);
    const before = installedPackages(project);
    npmInstall(project, ['-D', tarballs.tools]);
    const after = installedPackages(project);
    const delta = installDelta(before, after);
    const version = (name: string) => [...after.values()].find((pkg) => pkg.location === name)?.version ?? '';
    console.info(`tools install without ESLint and TypeScript (${before.size} packages): +${delta.added.length} package(s), +${kb(delta.addedBytes)} unpacked; eslint ${version('eslint')}, typescript ${version('typescript')}`);
    expect(delta.changed).toEqual([]);
    expect(version('eslint')).toMatch(/^(9|10)\./);
    expect(version('typescript')).toMatch(/^(5\.|6\.0\.)/);
    // The peers are installed, not recorded: package.json lists only the tools.
    const manifest = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(Object.keys(manifest.devDependencies)).toEqual(['@mcp-result-kit/tools']);
    for (const name of ['better-sqlite3', 'ts-morph', 'jscodeshift']) expect(locationsOf(after, name), name).toEqual([]);
  });
});

/** A server on SDK 1.0.1, the oldest 1.x, in plain JavaScript: one tool that answers with a raw string. */
const SERVER_1_0 = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'old', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: 'echo', description: 'Echo', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, annotations: { readOnlyHint: true } }],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => ({ content: [{ type: 'text', text: JSON.stringify({ echoed: request.params.arguments?.text ?? '' }) }] }));
await server.connect(new StdioServerTransport());
`;

describe("npm i -D @mcp-result-kit/tools in a server whose SDK is pinned exactly to 1.0.1", () => {
  it('leaves the SDK at 1.0.1 (no ERESOLVE, no upgrade), and probe calls the server through the tools\' own client', () => {
    const project = tempProject('sdk-1.0.1-tools', { type: 'module', dependencies: { '@modelcontextprotocol/sdk': '1.0.1' } });
    npmInstall(project, [tarballs.runtime]);
    const before = installedPackages(project);
    npmInstall(project, ['-D', tarballs.tools]);
    const after = installedPackages(project);
    expect(installDelta(before, after).changed).toEqual([]);
    expect(locationsOf(after, '@modelcontextprotocol/sdk').sort()).toEqual([`@mcp-result-kit/mcp-sdk@${PROBE_SDK}`, '@modelcontextprotocol/sdk@1.0.1']);
    const manifest = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(manifest.dependencies['@modelcontextprotocol/sdk']).toBe('1.0.1');

    writeFileSync(path.join(project, 'server.mjs'), SERVER_1_0);
    const probe = kit(project, ['probe', '--generate', '--format', 'json', '--', process.execPath, 'server.mjs']);
    expect(probe.stdout, probe.stderr).not.toBe('');
    const report = JSON.parse(probe.stdout) as { calls: Array<{ tool: string; verdict: string; findings: Array<{ kind: string }> }> };
    const echoCalls = report.calls.filter((call) => call.tool === 'echo');
    expect(echoCalls.length).toBeGreaterThan(0);
    // The server's JSON text without structuredContent, judged from what the server really sent.
    expect(echoCalls.flatMap((call) => call.findings.map((finding) => finding.kind))).toContain('json-text-content');
  });
});

describe("the runtime beside a server's own older diff", () => {
  it("npm i mcp-result-kit leaves a dev tool's diff 4 where it is, and unified-diff works with it", () => {
    // A dev tool of the server's (ts-node 10 is one) that depends on diff 4, hoisted to the top.
    const tool = tempProject('legacy-tool', { name: 'legacy-diff-tool', dependencies: { diff: '^4.0.1' } });
    const [packed] = JSON.parse(npm(tool, ['pack', '--json', '--pack-destination', tool])) as Array<{ filename: string }>;
    const project = tempProject('diff4', { type: 'module' });
    npmInstall(project, [`@modelcontextprotocol/sdk@${SDK}`]);
    npmInstall(project, ['-D', path.join(tool, packed.filename)]);
    const before = installedPackages(project);
    expect(locationsOf(before, 'diff')).toEqual([expect.stringMatching(/^diff@4\./)]);

    npmInstall(project, [tarballs.runtime]);
    const after = installedPackages(project);
    const delta = installDelta(before, after);
    expect(delta.added.map((pkg) => pkg.location)).toEqual(['mcp-result-kit']);
    expect(delta.changed).toEqual([]);
    expect(locationsOf(after, 'diff')).toEqual(locationsOf(before, 'diff'));

    const expected = formatUnifiedDiff('a.ts', 'one\ntwo\n', 'one\n2\n');
    const script = "process.stdout.write(m.formatUnifiedDiff('a.ts', 'one\\ntwo\\n', 'one\\n2\\n'))";
    expect(nodeEval(project, ['--input-type=module', '-e', `import('mcp-result-kit/unified-diff').then((m) => ${script})`])).toBe(expected);
    expect(nodeEval(project, ['--input-type=commonjs', '-e', `const m = require('mcp-result-kit/unified-diff'); ${script}`])).toBe(expected);
  });
});

describe('the tools in a project without their peers', () => {
  it('migrate says in one line that TypeScript is missing and how to install it (exit 2)', () => {
    const project = tempProject('no-typescript', { type: 'module' });
    writeFileSync(path.join(project, 'yarn.lock'), '');
    // --legacy-peer-deps installs no peer dependency, as yarn and pnpm without auto-install do.
    npmInstall(project, ['-D', '--legacy-peer-deps', tarballs.runtime, tarballs.tools]);
    expect(locationsOf(installedPackages(project), 'typescript')).toEqual([]);
    const migrate = kit(project, ['migrate']);
    expect(migrate.status).toBe(2);
    expect(migrate.stdout).toBe('');
    expect(migrate.stderr).toBe('mcp-result-kit: migrate needs typescript, which is not installed; install it with: yarn add --dev typescript\n');
  });
});
