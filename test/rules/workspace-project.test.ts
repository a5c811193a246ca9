// A workspace package whose tools a sibling package registers (issue 23): `@acme/core` loops over
// `{ name, schema, execute }` objects with `server.tool(…)` and serialises what `execute` returned.
// The project lint and migrate analyze is the workspace, so the tools' sites are found by both,
// in the same places; a package outside the workspace's patterns stays a project of its own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import plugin from '../../rules/index.js';
import { projectRootOf } from '../../src/analyze/index.js';
import { runMigration } from '../../transforms/index.js';

const CORE = `export interface Tool {
  name: string;
  schema: { shape: Record<string, unknown> };
  execute(params: unknown): Promise<unknown>;
}

export function registerTools(server: { tool: (...args: unknown[]) => void }, tools: Tool[]): void {
  for (const tool of tools) {
    server.tool(tool.name, tool.schema.shape, async (params: unknown) => {
      const result = await tool.execute(params);
      return { content: [{ type: 'text', text: typeof result === 'string' ? result : JSON.stringify(result, null, 2) }] };
    });
  }
}
`;

const APP = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { registerTools, type Tool } from '@acme/core';
import { z } from 'zod';

async function readPrice(pair: string) {
  try {
    const price = await fetch('https://example.com/' + pair).then((response) => response.json());
    return { status: 'success', price };
  } catch (error) {
    return { status: 'failure', error: (error as Error).message };
  }
}

const tools: Tool[] = [];
tools.push({ name: 'get_price', schema: z.object({ pair: z.string() }), execute: async (params) => readPrice((params as { pair: string }).pair) });

const server = new McpServer({ name: 'prices', version: '1.0.0' });
registerTools(server, tools);
`;

const OTHER = `const tools: Array<{ name: string; execute(input: unknown): Promise<unknown> }> = [];
export function serve(server: { tool: (...args: unknown[]) => void }): void {
  for (const tool of tools) {
    server.tool(tool.name, async (input: unknown) => {
      const result = await tool.execute(input);
      return { content: [{ type: 'text', text: 'Result: ' + JSON.stringify(result) }] };
    });
  }
}
`;

let root: string;
const write = (file: string, text: string): void => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'mcp-result-kit-workspace-'));
  write('package.json', JSON.stringify({ name: 'acme', private: true }));
  write('pnpm-workspace.yaml', "packages:\n  - 'packages/*'\n");
  write('packages/core/package.json', JSON.stringify({ name: '@acme/core', type: 'module' }));
  write('packages/core/src/index.ts', CORE);
  write('packages/app/package.json', JSON.stringify({ name: '@acme/app', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.17.0', '@acme/core': 'workspace:*' } }));
  write('packages/app/src/index.ts', APP);
  // A sibling server of the workspace with its own tools and a transport migrate cannot rewrite: the
  // app does not depend on it, so its `tool.execute(input)` never holds the app's tools.
  write('packages/other/package.json', JSON.stringify({ name: '@acme/other', type: 'module' }));
  write('packages/other/src/server.ts', OTHER);
  write('tools/script/package.json', JSON.stringify({ name: 'script' }));
  write('tools/script/run.ts', 'export const x = 1;\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a workspace is one project', () => {
  it("a member package's project is the workspace root; a package the patterns do not name keeps its own", () => {
    expect(projectRootOf(path.join(root, 'packages/app/src/index.ts'))).toBe(root);
    expect(projectRootOf(path.join(root, 'tools/script/run.ts'))).toBe(path.join(root, 'tools/script'));
  });

  it('npm and yarn workspaces in package.json count too, as an array or as { packages }', () => {
    const npmRoot = mkdtempSync(path.join(tmpdir(), 'mcp-result-kit-npm-workspace-'));
    try {
      mkdirSync(path.join(npmRoot, 'apps/web/src'), { recursive: true });
      writeFileSync(path.join(npmRoot, 'package.json'), JSON.stringify({ workspaces: { packages: ['apps/*'] } }));
      writeFileSync(path.join(npmRoot, 'apps/web/package.json'), '{}');
      expect(projectRootOf(path.join(npmRoot, 'apps/web/src/a.ts'))).toBe(npmRoot);
    } finally {
      rmSync(npmRoot, { recursive: true, force: true });
    }
  });

  it('lint and migrate, given only the app package, both find its failure object where the sibling package registers it', async () => {
    const appFile = path.join(root, 'packages/app/src/index.ts');
    const recommended = (plugin.configs as unknown as Record<'recommended', Linter.Config>).recommended;
    const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: [recommended] });
    const [result] = await eslint.lintFiles([appFile]);
    expect(result.messages.map((message) => `${message.line} ${message.ruleId}`)).toEqual(['10 mcp-result-kit/require-is-error']);

    // The sibling's transport is read, not written, in this run: a result returned here would
    // still be serialised by it, so the site is left for review, naming that transport.
    const alone = runMigration({ files: [appFile] });
    expect(alone.files.flatMap((file) => file.changes.filter((change) => change.kind !== 'return-type'))).toEqual([]);
    expect(alone.files.flatMap((file) => file.diagnostics.map((diagnostic) => `${diagnostic.line} ${diagnostic.kind} ${diagnostic.severity}: ${diagnostic.message}`))).toEqual([
      `10 error-object review: the transport at ${path.relative(process.cwd(), path.join(root, 'packages/core/src/index.ts')).split(path.sep).join('/')}:11 turns this handler's value into text, so a result returned here would arrive as text; make that transport return toCallToolResult(value) with the handler's own value, then migrate this site`,
    ]);
  });

  it("migrating both packages rewrites the transport to toCallToolResult(result) and the failure object to errorTextResult; a sibling server's transport does not hold it back", () => {
    const files = [path.join(root, 'packages/app/src/index.ts'), path.join(root, 'packages/core/src/index.ts')];
    const both = runMigration({ files });
    expect(both.files.flatMap((file) => file.changes.filter((change) => change.kind !== 'return-type').map((change) => `${path.basename(path.dirname(path.dirname(file.fileName)))} ${change.line} ${change.kind}`))).toEqual(['app 10 error-object', 'core 11 transport-wrapper']);
    expect(both.files[0].text).toContain("return errorTextResult((error as Error).message, { status: 'failure' });");
    expect(both.files[1].text).toContain('return toCallToolResult(result);');
  });
});
