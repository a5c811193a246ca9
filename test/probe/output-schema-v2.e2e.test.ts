// migrate --output-schema on a server written for the SDK v2 packages (fixtures/output-schema-v2):
// the schema is written as a zod 4 object (v2 takes a Standard Schema with JSON Schema), the
// migrated server typechecks against the v2 types, and the v2 Client sees each schema in tools/list
// and gets results that fit it, in both protocol eras.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTemporaries, cli, FIXTURES, linkModules, ROOT, tempDir } from '../cli/helpers.js';

interface MigrateReport {
  changes: { file: string; kind: string; tool: string | null }[];
  needsReview: { file: string; kind: string; tool: string | null; reason: string }[];
}

function tsc(dir: string): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(dir, 'tsconfig.json')], { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('migrate --output-schema on an SDK v2 server (fixtures/output-schema-v2)', () => {
  let dir: string;
  let report: MigrateReport;
  let migrated: string;

  beforeAll(() => {
    dir = path.join(tempDir('mrk-output-schema-v2-'), 'server');
    cpSync(path.join(FIXTURES, 'output-schema-v2'), dir, { recursive: true, filter: (file) => !/[\\/](node_modules|build)$/.test(file) });
    linkModules(dir, { kit: true });
    const run = cli(['migrate', 'src', '--output-schema', '--json'], dir);
    if (run.status !== 0) throw new Error(`migrate failed: ${run.stderr}`);
    report = JSON.parse(run.stdout) as MigrateReport;
    migrated = readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
  }, 120_000);

  afterAll(cleanupTemporaries);

  it('writes each schema as a zod 4 object beside inputSchema, and the server typechecks against the v2 types', () => {
    expect(report.changes.filter((change) => change.kind === 'output-schema').map((change) => change.tool)).toEqual(['get_shelf', 'shelf_status']);
    expect(report.needsReview).toEqual([]);
    expect(migrated).toContain(`inputSchema: z.object({ code: z.string() }), outputSchema: z.looseObject({
    code: z.string(),
    state: z.enum(['full', 'free', 'unknown']),
    count: z.number()
  }) }, async ({ code }) => {`);
    expect(tsc(dir)).toEqual({ status: 0, output: '' });
  });

  it('a second run changes nothing', () => {
    const again = JSON.parse(cli(['migrate', 'src', '--output-schema', '--json'], dir).stdout) as MigrateReport;
    expect(again.changes).toEqual([]);
  });

  it.each(['legacy', 'auto'] as const)('the v2 Client (versionNegotiation %s) sees the schemas in tools/list and results that fit them', async (mode) => {
    const client = new Client({ name: 'output-schema-v2', version: '1.0.0' }, { versionNegotiation: { mode } });
    const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(dir, 'build/main.js')], cwd: dir, stderr: 'pipe' });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      const schemaOf = (name: string) => tools.find((tool) => tool.name === name)?.outputSchema as { type?: string; properties?: Record<string, unknown>; required?: string[] } | undefined;
      expect(schemaOf('get_shelf')).toMatchObject({ type: 'object', properties: { error: { type: 'string' }, code: { type: 'string' }, books: { type: 'array' }, capacity: { type: 'number' } } });
      expect(schemaOf('shelf_status')).toMatchObject({ type: 'object', properties: { state: { enum: ['full', 'free', 'unknown'] } }, required: ['code', 'state', 'count'] });

      const shelf = await client.callTool({ name: 'get_shelf', arguments: { code: 'B2' } });
      expect(shelf.isError).toBeFalsy();
      expect(shelf.structuredContent).toEqual({ code: 'B2', books: [{ isbn: '978-1', title: 'Maps', loanedUntil: '2026-06-01T00:00:00.000Z' }] });
      const missing = await client.callTool({ name: 'get_shelf', arguments: { code: 'Z9' } });
      expect(missing).toMatchObject({ isError: true, structuredContent: { error: 'no shelf Z9' } });
      const status = await client.callTool({ name: 'shelf_status', arguments: { code: 'A1' } });
      expect(status).toMatchObject({ content: [{ type: 'text', text: 'A1: free' }], structuredContent: { code: 'A1', state: 'free', count: 1 } });
    } finally {
      await client.close();
    }
  });
});
