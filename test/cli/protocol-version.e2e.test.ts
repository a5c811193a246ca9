// The protocol version through the built binary: check and migrate follow the SDK in package.json
// by default, say which default applied and why, and take --protocol-version or the config file.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTemporaries, cli, linkModules, tempDir, writeTree } from './helpers.js';

afterAll(cleanupTemporaries);

/** A server in the SDK v2 style: a tool whose structuredContent is an array, valid from 2026-07-28 on. */
const SERVER = `import { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod/v4';

export const server = new McpServer({ name: 'inventory', version: '1.0.0' });

server.registerTool('list_skus', { description: 'SKUs in stock' }, async () => {
  const skus = ['A-1', 'B-2'];
  return { content: [{ type: 'text', text: skus.join(', ') }], structuredContent: [...skus] };
});

server.registerTool('stock', { inputSchema: z.object({ sku: z.string() }) }, async ({ sku }, ctx) => {
  ctx.mcpReq.log?.('info', sku);
  return { content: [{ type: 'text', text: \`\${sku}: 3\` }], structuredContent: { sku, count: 3 } };
});
`;

function project(dependencies: Record<string, string>): string {
  const dir = tempDir('mrk-protocol-');
  writeTree(dir, { 'package.json': JSON.stringify({ name: 'inventory', type: 'module', dependencies }), 'src/server.ts': SERVER });
  linkModules(dir, { kit: true });
  return dir;
}

const V2 = { '@modelcontextprotocol/server': '^2.4.0' };
const V1 = { '@modelcontextprotocol/sdk': '^1.32.2' };
const CHANGE = 'Set protocolVersion or --protocol-version to choose another.';

describe('check', () => {
  it('SDK v2 in package.json: 2026-07-28, where an array is valid structuredContent', () => {
    const run = cli(['check', '--no-tsconfig', 'src'], project(V2));
    expect(run.stdout).toBe(`No problems found in 1 file (2 tool handlers).\nProtocol version 2026-07-28: the default for SDK v2 (package.json depends on @modelcontextprotocol/server ^2.4.0). ${CHANGE}\n`);
    expect(run.status).toBe(0);
  });

  it('SDK 1.x in package.json: 2025-11-25, where it is not', () => {
    const run = cli(['check', '--no-tsconfig', 'src'], project(V1));
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^ {2}8:83 +error +Tool "list_skus" sets structuredContent to something other than a JSON object, which protocol versions before 2026-07-28 do not allow/m);
    expect(run.stdout.trim().split('\n').at(-1)).toBe(
      `Protocol version 2025-11-25: the default for SDK 1.x, which speaks up to 2025-11-25 (package.json depends on @modelcontextprotocol/sdk ^1.32.2). ${CHANGE}`,
    );
  });

  it('--protocol-version and the config file override the default, and say so', () => {
    const dir = project(V2);
    const flag = cli(['check', '--no-tsconfig', '--protocol-version', '2025-06-18', 'src'], dir);
    expect(flag.status).toBe(1);
    expect(flag.stdout).toContain('mcp-result-kit/valid-structured-content');
    expect(flag.stdout.trim().split('\n').at(-1)).toBe('Protocol version 2025-06-18, set by --protocol-version.');
    writeFileSync(path.join(dir, 'mcp-result-kit.config.json'), JSON.stringify({ protocolVersion: '2025-11-25' }));
    const file = cli(['check', '--no-tsconfig', 'src'], dir);
    expect(file.status).toBe(1);
    expect(file.stdout.trim().split('\n').at(-1)).toBe('Protocol version 2025-11-25, set by mcp-result-kit.config.json.');
    expect(cli(['check', '--no-tsconfig', '--protocol-version', '2026-07-28', 'src'], dir).status).toBe(0);
  });

  it('gives each package of a monorepo its own default', () => {
    const dir = tempDir('mrk-protocol-');
    writeTree(dir, {
      'packages/modern/package.json': JSON.stringify({ dependencies: V2 }),
      'packages/modern/src/server.ts': SERVER,
      'packages/legacy/package.json': JSON.stringify({ dependencies: V1 }),
      'packages/legacy/src/server.ts': SERVER,
    });
    linkModules(dir, { kit: true });
    const run = cli(['check', '--no-tsconfig', 'packages'], dir);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('packages/legacy/src/server.ts');
    expect(run.stdout).not.toContain('packages/modern/src/server.ts');
    expect(run.stdout.trim().split('\n').at(-1)).toBe(
      'Protocol versions: 2025-11-25 for 1 file, the default for SDK 1.x, which speaks up to 2025-11-25 (packages/legacy/package.json depends on @modelcontextprotocol/sdk ^1.32.2); ' +
        `2026-07-28 for 1 file, the default for SDK v2 (packages/modern/package.json depends on @modelcontextprotocol/server ^2.4.0). ${CHANGE}`,
    );
  });
});

describe('migrate', () => {
  it('lists the array for review only before 2026-07-28, says which version applied, and prints the command that baselines what is left', () => {
    const v1 = cli(['migrate', '--dry-run', '--no-tsconfig', 'src'], project(V1));
    expect(v1.stdout).toContain('Needs review:\n  src/server.ts:8  structured-not-object  ');
    expect(v1.stdout).toContain(`\nProtocol version 2025-11-25: the default for SDK 1.x, which speaks up to 2025-11-25 (package.json depends on @modelcontextprotocol/sdk ^1.32.2). ${CHANGE}\n`);
    expect(v1.stdout).toContain(
      '\nOnce these sites are reviewed, accept what is left so that CI fails only on new problems (writes eslint-suppressions.json):\n' +
        '  npx mcp-result-kit check --suppress-all --no-tsconfig src\n',
    );

    const v2 = cli(['migrate', '--dry-run', '--no-tsconfig', 'src'], project(V2));
    expect(v2.stdout).toMatch(/sites needing review\s+0/);
    expect(v2.stdout).toContain('Protocol version 2026-07-28: the default for SDK v2');
    expect(v2.stdout).not.toContain('--suppress-all');

    const flag = cli(['migrate', '--dry-run', '--no-tsconfig', '--protocol-version', '2025-11-25', 'src'], project(V2));
    expect(flag.stdout).toContain('structured-not-object');
    expect(flag.stdout).toContain('  npx mcp-result-kit check --suppress-all --no-tsconfig --protocol-version 2025-11-25 src\n');
  });
});
