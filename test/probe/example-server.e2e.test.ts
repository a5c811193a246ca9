// "Prove the migration" end to end, as a user runs it: record the bundled example server with the
// probe, migrate a copy through the built binary, rebuild, compare. Every success keeps its text,
// the error sites gain isError, the JSON sites gain structuredContent, exit 0; a migration that
// changes a success text gives exit 1 naming the call.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recording } from '../../cli/probe/record.js';
import { viewResult } from '../../cli/probe/result-view.js';
import { cleanupTemporaries, cli, FIXTURES, linkModules, ROOT, tempDir, type CliRun } from '../cli/helpers.js';
import { probeCli } from './helpers.js';

const SCENARIO = path.join(FIXTURES, 'probe', 'example-server.scenario.yaml');

interface JsonCall {
  id: string;
  findings: { kind: string }[];
  comparison?: { status: string; regression: boolean; detail?: string };
}

function tsc(dir: string): void {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(dir, 'tsconfig.json')], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the example does not build:\n${result.stdout}${result.stderr}`);
}

const readRecording = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Recording;
const textOf = (call: Recording['calls'][number]) => (call.outcome.type === 'result' ? viewResult(call.outcome.result).text : undefined);

describe('probe: record, migrate, rebuild, compare (the example server)', () => {
  let dir: string;
  let record: CliRun;
  let compare: CliRun;
  let broken: CliRun;
  let before: Recording;
  let after: Recording;

  beforeAll(() => {
    dir = path.join(tempDir('mrk-probe-example-'), 'example-server');
    cpSync(path.join(FIXTURES, 'example-server'), dir, { recursive: true, filter: (file) => !/[\\/](node_modules|build|dist)$/.test(file) });
    linkModules(dir, { kit: true });
    tsc(dir);
    const server = ['--', process.execPath, 'build/index.js'];
    record = probeCli(['-s', SCENARIO, '--record', 'probe/before.json', '-f', 'json', '--log', 'probe/before.log', ...server], dir);
    const migrate = cli(['migrate', 'src', '--json'], dir);
    if (migrate.status !== 0) throw new Error(`migrate failed: ${migrate.stderr}`);
    tsc(dir);
    compare = probeCli(['--compare', 'probe/before.json', '--record', 'probe/after.json', '-f', 'json', '--log', 'probe/after.log', ...server], dir);
    before = readRecording(path.join(dir, 'probe/before.json'));
    after = readRecording(path.join(dir, 'probe/after.json'));

    // A migration gone wrong: one success worded differently.
    const inventory = path.join(dir, 'src/tools/inventory.ts');
    const source = readFileSync(inventory, 'utf8');
    const changed = source.replace('`Reserved ${args.quantity} × ${item.sku}', '`Reserved ${args.quantity} units of ${item.sku}');
    if (changed === source) throw new Error('the reserve_stock success text was not found in the migrated source');
    writeFileSync(inventory, changed);
    tsc(dir);
    broken = probeCli(['--compare', 'probe/before.json', '--log', 'probe/broken.log', ...server], dir);
  }, 300_000);

  afterAll(cleanupTemporaries);

  it('records every call of the legacy server and judges its results bad (exit 1)', () => {
    expect(record.stderr).toBe('');
    expect(record.status).toBe(1);
    expect(before.calls).toHaveLength(41);
    const kinds = new Set(before.calls.flatMap((call) => call.kinds));
    expect([...kinds].sort()).toEqual(['error-content', 'error-json', 'json-text-content']);
    // The id the server made up was captured and used, and the recording keeps the template.
    const resolved = before.calls.at(-1)!;
    expect(resolved.arguments).toEqual({ id: '${incident}', resolution: 'Checked by ${opened.text}' });
    expect(resolved.sent).toEqual({ id: 'INC-1005', resolution: 'Checked by ✅ Opened INC-1005 (sev3) for KSEA: Probe check' });
  });

  it('finds every result clean and nothing regressed after the migration (exit 0)', () => {
    expect(compare.stderr).toBe('');
    expect(compare.status).toBe(0);
    const report = JSON.parse(compare.stdout) as { calls: JsonCall[]; comparison: { toolsAdded: string[]; toolsRemoved: string[] }; summary: { regressions: number; errors: number } };
    expect(report.summary).toMatchObject({ regressions: 0, errors: 0 });
    expect(report.comparison).toMatchObject({ toolsAdded: [], toolsRemoved: [] });
    expect(report.calls.map((call) => call.id)).toEqual(before.calls.map((call) => call.id));
    for (const call of report.calls) {
      expect(call.findings, call.id).toEqual([]);
      expect(call.comparison?.regression, call.id).toBe(false);
    }
  });

  it('keeps the text of every success', () => {
    const successes = before.calls.filter((call) => call.kinds.length === 0);
    expect(successes.length).toBeGreaterThan(10);
    for (const call of successes) {
      const now = after.calls.find((candidate) => candidate.id === call.id)!;
      expect(textOf(now), call.id).toBe(textOf(call));
      expect(now.kinds, call.id).toEqual([]);
    }
  });

  it('reports the error sites as gaining isError and the JSON sites as gaining structuredContent', () => {
    const report = JSON.parse(compare.stdout) as { calls: JsonCall[] };
    const statusOf = new Map(report.calls.map((call) => [call.id, call.comparison!.status]));
    const errorSites = before.calls.filter((call) => call.kinds.some((kind) => kind === 'error-content' || kind === 'error-json'));
    const jsonSites = before.calls.filter((call) => call.kinds.includes('json-text-content'));
    expect(errorSites.length).toBeGreaterThan(5);
    expect(jsonSites.length).toBeGreaterThan(5);
    for (const call of errorSites) expect(statusOf.get(call.id), call.id).toBe('gained-is-error');
    for (const call of jsonSites) expect(statusOf.get(call.id), call.id).toBe('gained-structured-content');
    for (const call of before.calls.filter((candidate) => candidate.kinds.length === 0)) expect(statusOf.get(call.id), call.id).toBe('same');
  });

  it('fails a migration that changed a success text (exit 1), naming the call', () => {
    expect(broken.stderr).toBe('');
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(/✖ reserve_stock#1 +\{"sku":"PSU-48V","quantity":2\} +clean +text changed/);
    expect(broken.stdout).toContain('      regression: text changed: line 1: "Reserved 2 × PSU-48V; 4 left at DEN depot" → "Reserved 2 units of PSU-48V; 4 left at DEN depot"');
    expect(broken.stdout).toMatch(/\n✖ 1 regression; no problem in 41 calls \(\d+ successes, \d+ reported failures\)\n/);
  });
});
