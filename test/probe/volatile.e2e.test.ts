// Real runs against a server whose answers vary between starts of the same build (counters, uptime,
// random ids, shuffled and growing lists), through the SDK Client: the noise baseline cancels all
// of it, and only real changes remain: the SDK's refusal fixed, isError gained, a text that broke.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runProbe, type ProbeOptions } from '../../cli/probe/run.js';
import { waitNoticeWanted } from '../../cli/probe/progress.js';
import { readRecording } from '../../cli/probe/record.js';
import { summarise } from '../../cli/probe/summary.js';
import type { ProbeReport } from '../../cli/probe/types.js';
import { builtBinaryExists, cleanupTemporaries, tempDir } from '../cli/helpers.js';
import { fakeIo, probeCli, server } from './helpers.js';

afterAll(cleanupTemporaries);

const SCENARIO = [
  { tool: 'stats' },
  { tool: 'new_session' },
  { tool: 'list_processes' },
  { tool: 'call_history' },
  { tool: 'list_jobs' },
  { tool: 'get_job', arguments: { id: 'nightly' } },
  { tool: 'count_items' },
];

function options(dir: string, extra: Partial<ProbeOptions> & { env?: Record<string, string> } = {}): ProbeOptions {
  const { env, ...rest } = extra;
  return {
    target: { kind: 'stdio', command: process.execPath, args: [server('volatile')], cwd: dir, env: { ...process.env, ...env }, logFile: path.join(dir, 'server.log') },
    cwd: dir,
    timeoutMs: 10_000,
    startupTimeoutMs: 10_000,
    ...rest,
  };
}

async function recorded(noiseBaseline = true): Promise<{ dir: string; recording: string }> {
  const dir = tempDir('mrk-probe-volatile-');
  writeFileSync(path.join(dir, 'calls.json'), JSON.stringify(SCENARIO));
  const recording = path.join(dir, 'before.json');
  await runProbe(options(dir, { scenario: 'calls.json', record: recording, noiseBaseline }));
  return { dir, recording };
}

const statuses = (report: ProbeReport) => Object.fromEntries(report.calls.map((call) => [call.step.tool, call.comparison?.status]));

describe('the noise baseline', () => {
  it('records from two starts and keeps what differed; what one start does the same way every time is not noise', async () => {
    const { dir, recording } = await recorded();
    const file = readRecording(recording, dir);
    expect(file.noiseBaseline).toBe(true);
    const noisy = file.calls.filter((call) => call.noise).map((call) => call.tool);
    expect(noisy).toEqual(expect.arrayContaining(['stats', 'new_session', 'list_processes']));
    // An in-memory call history follows the same sequence in every start.
    expect(noisy).not.toContain('call_history');
    expect(noisy).not.toContain('list_jobs');
  });

  it('makes each call once per start: one extra call per call, in the second start', async () => {
    const dir = tempDir('mrk-probe-volatile-');
    writeFileSync(path.join(dir, 'calls.json'), JSON.stringify([{ tool: 'stats' }, { tool: 'stats' }]));
    const report = await runProbe(options(dir, { scenario: 'calls.json', record: path.join(dir, 'before.json') }));
    const texts = report.calls.map((call) => (call.outcome.type === 'result' ? JSON.stringify(call.outcome.result) : ''));
    expect(texts[0]).toContain('Total calls: 1\\n');
    expect(texts[1]).toContain('Total calls: 2\\n');
    expect(readFileSync(path.join(dir, 'server.second-start.log'), 'utf8')).toBe('');
  });

  it('an unchanged build compares with 0 regressions, and says how much noise it ignored', async () => {
    const { dir, recording } = await recorded();
    const report = await runProbe(options(dir, { compare: recording }));
    expect(summarise(report).regressions).toBe(0);
    expect(new Set(Object.values(statuses(report)))).toEqual(new Set(['same']));
    expect(report.comparison?.noise.baseline).toBe(true);
    expect(report.comparison?.noise.masked).toBeGreaterThanOrEqual(3);
  });

  it('without the baseline, the same build reads as regressions (what the baseline is for)', async () => {
    const { dir, recording } = await recorded(false);
    const report = await runProbe(options(dir, { compare: recording }));
    expect(summarise(report).regressions).toBeGreaterThan(0);
    expect(report.comparison?.noise.baseline).toBe(false);
  });

  it('a migrated build: the refusal fixed and isError gained, 0 regressions', async () => {
    const { dir, recording } = await recorded();
    const report = await runProbe(options(dir, { compare: recording, env: { VOLATILE_MIGRATED: '1' } }));
    expect(statuses(report)).toMatchObject({ list_jobs: 'sdk-refusal-fixed', get_job: 'gained-is-error', stats: 'same', new_session: 'same', list_processes: 'same', call_history: 'same' });
    expect(summarise(report).regressions).toBe(0);
  });

  it('a real change beyond the noise is still a regression, and names the line', async () => {
    const { dir, recording } = await recorded();
    const report = await runProbe(options(dir, { compare: recording, env: { VOLATILE_BROKEN: '1' } }));
    const stats = report.calls.find((call) => call.step.tool === 'stats')!;
    expect(stats.comparison).toMatchObject({ status: 'text-changed', regression: true });
    expect(stats.comparison?.changes?.join('\n')).toMatch(/status: ok" → "status: degraded"/);
    expect(summarise(report).regressions).toBe(1);
  });

  it('judges a success that opens with a warning by its outcome', async () => {
    const { dir } = await recorded();
    const report = await runProbe(options(dir, { scenario: 'calls.json' }));
    const count = report.calls.find((call) => call.step.tool === 'count_items')!;
    expect(count.findings).toEqual([]);
    const refused = report.calls.find((call) => call.step.tool === 'list_jobs')!;
    expect(refused.findings.map((finding) => finding.kind)).toEqual(['invalid-structured-content']);
  });
});

describe('generated calls that reach real work', () => {
  it('read a file and list a folder that exist under the server folder', async () => {
    const dir = tempDir('mrk-probe-volatile-');
    writeFileSync(path.join(dir, 'README.md'), '# scratch\n');
    const report = await runProbe(options(dir, { generate: true, only: ['read_file', 'list_directory', 'get_job'] }));
    const byId = Object.fromEntries(report.calls.map((call) => [call.step.id, call]));
    expect(byId.read_file.step.arguments).toEqual({ path: path.join(dir, 'README.md') });
    expect(byId.list_directory.step.arguments).toEqual({ path: dir });
    // From the schema's examples.
    expect(byId.get_job.step.arguments).toEqual({ id: 'backup' });
    expect(summarise(report).generated).toEqual({ calls: 3, succeeded: 3 });
  });
});

describe('the CLI', () => {
  it.skipIf(!builtBinaryExists())('a run that calls nothing exits 2 and names --allow-writes', () => {
    const dir = tempDir('mrk-probe-volatile-');
    const run = probeCli(['--generate', '--only', 'write_note', '--log', path.join(dir, 'server.log'), '--', process.execPath, server('volatile')], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/nothing was called: the one tool may write \(write_note: not annotated readOnlyHint: true\); pass --allow-writes/);
    expect(run.stdout).not.toContain('✔');
  });

  it.skipIf(!builtBinaryExists())('records, then compares a migrated build: exit 0, every change shown in text', () => {
    const dir = tempDir('mrk-probe-volatile-');
    writeFileSync(path.join(dir, 'calls.json'), JSON.stringify(SCENARIO));
    const command = ['--', process.execPath, server('volatile')];
    expect(probeCli(['-s', 'calls.json', '--record', 'before.json', ...command], dir).status).toBe(1);
    const run = probeCli(['--compare', 'before.json', ...command], dir, { VOLATILE_MIGRATED: '1' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/list_jobs#1 +\{\} +clean +no longer refused by the SDK/);
    expect(run.stdout).toContain('      changed: isError: false → true\n');
    expect(run.stdout).toMatch(/noise ignored: \d+ places in \d+ calls/);
  });
});

describe('the wait notice', () => {
  it('is for a person at a terminal reading text: not in CI, not with NO_COLOR, not with -f json', () => {
    expect(waitNoticeWanted(fakeIo({ stderrIsTTY: true }), 'text')).toBe(true);
    expect(waitNoticeWanted(fakeIo({ stderrIsTTY: false }), 'text')).toBe(false);
    expect(waitNoticeWanted(fakeIo({ stderrIsTTY: true, env: { CI: 'true' } }), 'text')).toBe(false);
    expect(waitNoticeWanted(fakeIo({ stderrIsTTY: true, env: { CI: '0' } }), 'text')).toBe(true);
    expect(waitNoticeWanted(fakeIo({ stderrIsTTY: true, env: { NO_COLOR: '1' } }), 'text')).toBe(false);
    expect(waitNoticeWanted(fakeIo({ stderrIsTTY: true }), 'json')).toBe(false);
  });
});
