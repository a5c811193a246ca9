// The helpers' result types against several SDK 1.x releases side by side, and FastMCP's: a legacy
// server (fixtures/sdk-compat/legacy-server) is migrated with the built CLI and then typechecked
// against each SDK's own types, with the packed runtime installed as npm would. Each SDK is
// installed once into the shared cache folder (see npm-project.ts) and reused by later runs.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CACHE, cleanupProjects, npmInstall, packTarballs, ROOT, run, tempProject, tsc } from './npm-project.js';

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

/**
 * A folder with `@modelcontextprotocol/sdk@<version>` (and its own zod) installed, made once and
 * kept in the cache. Installed into a temporary folder first, then renamed: an interrupted or a
 * concurrent run never leaves a half-installed copy behind.
 */
function sdkInstall(version: string): string {
  const target = path.join(CACHE, `sdk-${version}`);
  if (existsSync(path.join(target, 'node_modules/@modelcontextprotocol/sdk/package.json'))) return target;
  mkdirSync(CACHE, { recursive: true });
  const staging = mkdtempSync(path.join(CACHE, `.sdk-${version}-`));
  try {
    writeFileSync(path.join(staging, 'package.json'), JSON.stringify({ name: `sdk-${version}`, private: true, type: 'module' }));
    npmInstall(staging, [`@modelcontextprotocol/sdk@${version}`]);
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another run installed it meanwhile; theirs is as good.
      if (!existsSync(target)) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return target;
}

/** The packed runtime unpacked into `<dir>/node_modules/mcp-result-kit`, as npm installs it. */
function unpackRuntime(dir: string): void {
  const target = path.join(dir, 'node_modules/mcp-result-kit');
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', runtimeTarball, '-C', target, '--strip-components=1']);
}

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
