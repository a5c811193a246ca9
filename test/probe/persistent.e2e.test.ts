// The noise baseline against a server whose answers drift across starts, as real ones do: counters
// and a call history kept in a file that grow from one start to the next, a config key that
// appears once the file exists, a process list of varying members, search session ids. The state
// file lives in each test's own temp folder. Recorded from two starts, an unchanged build compares
// with 0 regressions; a changed word, a lost isError, a renamed structuredContent key are caught.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecording } from '../../cli/probe/record.js';
import { runProbe, type ProbeOptions } from '../../cli/probe/run.js';
import { summarise } from '../../cli/probe/summary.js';
import type { ProbeReport } from '../../cli/probe/types.js';
import { builtBinaryExists, cleanupTemporaries, tempDir } from '../cli/helpers.js';
import { probeCli, server } from './helpers.js';

afterAll(cleanupTemporaries);

const SCENARIO = [
  { tool: 'usage' },
  { tool: 'recent_calls' },
  { tool: 'get_config' },
  { tool: 'list_processes' },
  { tool: 'start_search', arguments: { pattern: 'todo' } },
  { tool: 'find_job', arguments: { id: 'nightly' } },
];

function options(dir: string, extra: Partial<ProbeOptions> & { change?: string } = {}): ProbeOptions {
  const { change, ...rest } = extra;
  const env = { ...process.env, PERSISTENT_STATE: path.join(dir, 'state.json'), ...(change ? { PERSISTENT_CHANGE: change } : {}) };
  return {
    target: { kind: 'stdio', command: process.execPath, args: [server('persistent')], cwd: dir, env, logFile: path.join(dir, 'server.log') },
    cwd: dir,
    timeoutMs: 10_000,
    startupTimeoutMs: 10_000,
    ...rest,
  };
}

async function recorded(noiseBaseline = true): Promise<{ dir: string; recording: string }> {
  const dir = tempDir('mrk-probe-persistent-');
  writeFileSync(path.join(dir, 'calls.json'), JSON.stringify(SCENARIO));
  const recording = path.join(dir, 'before.json');
  await runProbe(options(dir, { scenario: 'calls.json', record: recording, noiseBaseline }));
  return { dir, recording };
}

const byTool = (report: ProbeReport) => Object.fromEntries(report.calls.map((call) => [call.step.tool, call]));
const state = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'state.json'), 'utf8')) as { calls: number; sessions: number };

describe('the noise baseline from two starts', () => {
  it('records from two starts of the server, so that state kept across starts shows as noise', async () => {
    const { dir, recording } = await recorded();
    expect(state(dir)).toMatchObject({ sessions: 2, calls: 2 * SCENARIO.length });
    const file = readRecording(recording, dir);
    expect(file.noiseBaseline).toBe(true);
    const noisy = file.calls.filter((call) => call.noise).map((call) => call.tool);
    expect(noisy).toEqual(expect.arrayContaining(['usage', 'recent_calls', 'get_config', 'start_search']));
    expect(noisy).not.toContain('find_job');
  });

  it('an unchanged build compares with 0 regressions, and says how much noise it ignored', async () => {
    const { dir, recording } = await recorded();
    const report = await runProbe(options(dir, { compare: recording }));
    expect(state(dir).sessions).toBe(3);
    const statuses = Object.fromEntries(Object.entries(byTool(report)).map(([tool, call]) => [tool, call.comparison?.status]));
    expect(statuses).toEqual({ usage: 'same', recent_calls: 'same', get_config: 'same', list_processes: 'same', start_search: 'same', find_job: 'same' });
    expect(summarise(report).regressions).toBe(0);
    expect(report.comparison?.noise).toMatchObject({ baseline: true, calls: 5 });
    expect(byTool(report).usage.comparison?.noiseMasked).toBeGreaterThan(0);
  });

  it('a second unchanged replay, with the counters grown further, still compares with 0 regressions', async () => {
    const { dir, recording } = await recorded();
    await runProbe(options(dir, { compare: recording }));
    const report = await runProbe(options(dir, { compare: recording }));
    expect(summarise(report).regressions).toBe(0);
  });

  it('without the baseline the same build reads as regressions (what the baseline is for)', async () => {
    const { dir, recording } = await recorded(false);
    const report = await runProbe(options(dir, { compare: recording }));
    expect(summarise(report).regressions).toBeGreaterThan(0);
    expect(report.comparison?.noise.baseline).toBe(false);
  });

  it('a changed word beyond the noise is a regression that names its line', async () => {
    const { dir, recording } = await recorded();
    const report = await runProbe(options(dir, { compare: recording, change: 'words' }));
    expect(byTool(report).usage.comparison).toMatchObject({ status: 'text-changed', regression: true });
    expect(byTool(report).usage.comparison?.detail).toBe('line 5: "• status: ok" → "• status: degraded"');
    expect(summarise(report).regressions).toBe(1);
  });

  it('a lost isError is a regression', async () => {
    const { dir, recording } = await recorded();
    const report = await runProbe(options(dir, { compare: recording, change: 'lost-is-error' }));
    expect(byTool(report).find_job.comparison).toMatchObject({ status: 'lost-is-error', regression: true });
    expect(summarise(report).regressions).toBe(1);
  });

  it('a renamed structuredContent key is a regression, though the list under it was noise', async () => {
    const { dir, recording } = await recorded();
    const report = await runProbe(options(dir, { compare: recording, change: 'structured-key' }));
    expect(byTool(report).list_processes.comparison).toMatchObject({ status: 'structured-content-changed', regression: true });
    expect(byTool(report).list_processes.comparison?.detail).toMatch(/^structuredContent lost processes: \[\{"pid":1,/);
    expect(summarise(report).regressions).toBe(1);
  });
});

describe('state a server saves on the way out', () => {
  // A server killed while it saves its state leaves the file empty, and its next start begins
  // afresh: the two recorded starts then agree on counters that the replay, after a clean exit,
  // does not. The probe waits for a slow server to exit (as long as it took to start).
  it('survives the end of each start: the second start reads what the first saved', async () => {
    const dir = tempDir('mrk-probe-saves-');
    const stateFile = path.join(dir, 'state.json');
    writeFileSync(path.join(dir, 'calls.json'), JSON.stringify([{ tool: 'usage' }]));
    const recording = path.join(dir, 'before.json');
    await runProbe({
      target: { kind: 'stdio', command: process.execPath, args: [server('saves-on-exit')], cwd: dir, env: { ...process.env, SAVES_STATE: stateFile }, logFile: path.join(dir, 'server.log') },
      cwd: dir,
      scenario: 'calls.json',
      record: recording,
      timeoutMs: 10_000,
      startupTimeoutMs: 20_000,
    });
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))).toEqual({ calls: 2 });
    // The first start answered 1, the second 2: the counter is noise, as it will be at the replay.
    expect(readRecording(recording, dir).calls[0].noise).toBeDefined();
  }, 60_000);
});

describe('the CLI', () => {
  it.skipIf(!builtBinaryExists())('records from two starts, then compares: exit 0, the ignored noise counted', () => {
    const dir = tempDir('mrk-probe-persistent-');
    writeFileSync(path.join(dir, 'calls.json'), JSON.stringify(SCENARIO));
    const env = { PERSISTENT_STATE: path.join(dir, 'state.json') };
    const command = ['--', process.execPath, server('persistent')];
    expect(probeCli(['-s', 'calls.json', '--record', 'before.json', ...command], dir, env).status).toBe(0);
    const run = probeCli(['-s', 'calls.json', '--record', 'again.json', ...command], dir, env);
    expect(run.status).toBe(0);
    const compared = probeCli(['--compare', 'before.json', ...command], dir, env);
    expect(compared.stderr).toBe('');
    expect(compared.status).toBe(0);
    expect(compared.stdout).toMatch(/noise ignored: \d+ places in 5 calls/);
  });
});
