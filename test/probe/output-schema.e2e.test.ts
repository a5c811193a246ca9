// migrate --output-schema as a user runs it: record the fixture servers with the probe, migrate a
// copy through the built binary, rebuild, replay. Every tool with concrete structured results gains
// an outputSchema, every result still fits it (the probe validates structuredContent as the SDK
// client does), no success text changes, and a second run changes nothing.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recording } from '../../cli/probe/record.js';
import { cleanupTemporaries, cli, FIXTURES, linkModules, ROOT, tempDir, type CliRun } from '../cli/helpers.js';
import { probeCli } from './helpers.js';

const FIXTURE = path.join(FIXTURES, 'output-schema');
const SERVERS = [
  { name: 'zod4', scenario: 'scenario-registered.yaml' },
  { name: 'zod3', scenario: 'scenario-registered.yaml' },
  { name: 'low-level', scenario: 'scenario-low-level.yaml' },
] as const;

interface JsonCall {
  id: string;
  findings: { kind: string; message: string }[];
  comparison?: { status: string; regression: boolean };
}

interface MigrateReport {
  changes: { file: string; kind: string; tool: string | null }[];
  needsReview: { file: string; kind: string; tool: string | null; reason: string }[];
}

function tsc(dir: string): void {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(dir, 'tsconfig.json')], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the fixture does not build:\n${result.stdout}${result.stderr}`);
}

describe('migrate --output-schema, proved with the probe (fixtures/output-schema)', () => {
  let dir: string;
  let migrate: MigrateReport;
  let again: CliRun;
  const compared = new Map<string, CliRun>();
  const after = new Map<string, Recording>();

  beforeAll(() => {
    dir = path.join(tempDir('mrk-output-schema-'), 'servers');
    cpSync(FIXTURE, dir, { recursive: true, filter: (file) => !/[\\/](node_modules|build)$/.test(file) });
    linkModules(dir, { kit: true });
    tsc(dir);
    const run = (name: string) => ['--', process.execPath, `build/${name}.js`];
    for (const server of SERVERS) {
      const record = probeCli(['-s', server.scenario, '--record', `probe/${server.name}-before.json`, '-f', 'json', '--log', `probe/${server.name}-before.log`, ...run(server.name)], dir);
      if (record.stderr !== '') throw new Error(`recording ${server.name} failed: ${record.stderr}`);
    }
    const migrated = cli(['migrate', 'src', '--output-schema', '--json'], dir);
    if (migrated.status !== 0) throw new Error(`migrate failed: ${migrated.stderr}`);
    migrate = JSON.parse(migrated.stdout) as MigrateReport;
    tsc(dir);
    for (const server of SERVERS) {
      compared.set(server.name, probeCli(['--compare', `probe/${server.name}-before.json`, '--record', `probe/${server.name}-after.json`, '-f', 'json', '--log', `probe/${server.name}-after.log`, ...run(server.name)], dir));
      after.set(server.name, JSON.parse(readFileSync(path.join(dir, `probe/${server.name}-after.json`), 'utf8')) as Recording);
    }
    again = cli(['migrate', 'src', '--output-schema', '--json'], dir);
  }, 400_000);

  afterAll(cleanupTemporaries);

  it('declares an outputSchema for every tool whose structured results have a concrete type', () => {
    const declared = (name: string) => after.get(name)!.tools.filter((tool) => tool.outputSchema).map((tool) => tool.name).sort();
    expect(declared('zod4')).toEqual(['find_part', 'get_forecast', 'sku_list', 'stock_totals']);
    expect(declared('zod3')).toEqual(['find_part', 'get_forecast', 'sku_list', 'stock_totals']);
    expect(declared('low-level')).toEqual(['supplier_of', 'warmest_day']);
    expect(migrate.changes.filter((change) => change.kind === 'output-schema')).toHaveLength(10);
  });

  it('lists the tool left without a schema, with the reason', () => {
    expect(migrate.needsReview.map((item) => [item.file, item.tool, item.reason])).toEqual([
      ['src/zod3.ts', 'raw_dump', 'no outputSchema written: line 43: the value.stored is typed unknown'],
      ['src/zod4.ts', 'raw_dump', 'no outputSchema written: line 43: the value.stored is typed unknown'],
    ]);
  });

  it.each(SERVERS.map((server) => server.name))('%s: every result fits its schema and keeps its text (probe --compare exit 0)', (name) => {
    const run = compared.get(name)!;
    expect(run.stderr).toBe('');
    const report = JSON.parse(run.stdout) as { calls: JsonCall[]; summary: { regressions: number; errors: number } };
    expect(report.calls.length).toBeGreaterThanOrEqual(4);
    for (const call of report.calls) {
      expect(call.findings, call.id).toEqual([]);
      expect(call.comparison?.regression, call.id).toBe(false);
    }
    expect(report.summary).toMatchObject({ regressions: 0, errors: 0 });
    expect(run.status).toBe(0);
  });

  it('is idempotent: a second run changes nothing', () => {
    expect(again.status).toBe(0);
    expect((JSON.parse(again.stdout) as MigrateReport).changes).toEqual([]);
  });
});
