// Servers that misbehave, each a small fixture (fixtures/probe/servers/): every one gets a clear
// message naming what happened and when, and the probe ends by its own timeouts, set small here.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProbe } from '../../cli/probe/run.js';
import { builtBinaryExists, cleanupTemporaries, tempDir } from '../cli/helpers.js';
import { probeCli, server } from './helpers.js';

afterAll(cleanupTemporaries);

interface JsonCall {
  id: string;
  tool: string;
  outcome: { type: string; reason?: string; message?: string };
  findings: { kind: string; rule: string; severity: string; message: string }[];
}
interface JsonReport {
  server: { name: string; transport: string };
  calls: JsonCall[];
  runFindings: { kind: string; message: string }[];
}

/** A scenario file of calls (tool, arguments) in a fresh folder. */
function scenario(calls: Array<[string, Record<string, unknown>?]>): { dir: string; file: string } {
  const dir = tempDir('mrk-probe-faults-');
  const file = path.join(dir, 'calls.json');
  writeFileSync(file, JSON.stringify(calls.map(([tool, args]) => ({ tool, ...(args ? { arguments: args } : {}) }))));
  return { dir, file };
}

function jsonProbe(args: string[], dir: string): { status: number | null; report: JsonReport; stderr: string } {
  const run = probeCli(['-f', 'json', '--log', path.join(dir, 'server.log'), ...args], dir);
  expect(run.killed, 'the probe did not end by itself').toBe(false);
  expect(run.stdout, run.stderr).not.toBe('');
  return { status: run.status, report: JSON.parse(run.stdout) as JsonReport, stderr: run.stderr };
}

const kinds = (call: JsonCall) => call.findings.map((finding) => finding.kind);

beforeAll(() => {
  if (!builtBinaryExists()) throw new Error('build first: npm run build');
});

describe('a server that cannot start', () => {
  it('exits at start: exit 2, with its exit code and the end of its stderr', () => {
    const dir = tempDir('mrk-probe-faults-');
    const run = probeCli(['--generate', '--log', path.join(dir, 'server.log'), '--', process.execPath, server('exits-at-start')], dir);
    expect(run.killed).toBe(false);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^mcp-result-kit: the server \(.*exits-at-start\.mjs\) stopped before it answered initialize: it exited with code 3; its stderr ends with:\n {4}weather-ops: cannot read \/etc\/weather-ops\/config\.toml: ENOENT/);
    expect(run.stderr).toMatch(/\n {2}\(its whole stderr: .*server\.log\)\n$/);
    expect(readFileSync(path.join(dir, 'server.log'), 'utf8')).toMatch(/cannot read/);
  });

  it('never answers initialize: exit 2 after --startup-timeout', () => {
    const dir = tempDir('mrk-probe-faults-');
    const run = probeCli(['--generate', '--startup-timeout', '400', '--log', path.join(dir, 'server.log'), '--', process.execPath, server('silent')], dir);
    expect(run.killed).toBe(false);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^mcp-result-kit: the server \(.*silent\.mjs\) did not answer initialize within 400 ms \(--startup-timeout\)\n$/);
  });

  it('is not there: exit 2 naming the command', () => {
    const dir = tempDir('mrk-probe-faults-');
    const run = probeCli(['--generate', '--log', path.join(dir, 'server.log'), '--', 'no-such-mcp-server-binary', '--stdio'], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^mcp-result-kit: cannot start or reach the server \(no-such-mcp-server-binary --stdio\): no-such-mcp-server-binary: command not found \(ENOENT\)\n$/);
  });
});

describe('temp folders: none is left behind', () => {
  /** A run of the probe with its own system temp folder (TMPDIR), so what it leaves is its own. */
  function probeWithTemp(args: string[]) {
    const dir = tempDir('mrk-probe-temp-');
    const temp = tempDir('mrk-probe-tmpdir-');
    const run = probeCli(args, dir, { TMPDIR: temp });
    expect(run.killed, 'the probe did not end by itself').toBe(false);
    return { ...run, left: readdirSync(temp) };
  }

  it('a run without --log, from two starts (--record): the stderr logs go with the run, and the report names none', () => {
    const run = probeWithTemp(['--generate', '--record', 'before.json', '-f', 'json', '--', process.execPath, server('volatile')]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).not.toHaveProperty('logFile');
    expect(run.left).toEqual([]);
  });

  it('a server that exits at start: the message keeps the end of its stderr, and says --log keeps all of it', () => {
    const run = probeWithTemp(['--generate', '--', process.execPath, server('exits-at-start')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/its stderr ends with:\n {4}weather-ops: cannot read/);
    expect(run.stderr).toMatch(/\n {2}\(--log <file> keeps its whole stderr\)\n$/);
    expect(run.left).toEqual([]);
  });

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ])('%s while the server starts: the probe exits %i, and its temp folder is gone', (signal, code) => {
    const dir = tempDir('mrk-probe-temp-');
    const temp = tempDir('mrk-probe-tmpdir-');
    const run = probeCli(['--generate', '--', process.execPath, server('interrupts')], dir, { TMPDIR: temp, PROBE_SIGNAL: signal });
    expect(run.killed).toBe(false);
    expect(run.status).toBe(code);
    expect(readdirSync(temp)).toEqual([]);
  });
});

describe('a server that fails during the run', () => {
  it('crashes mid-run: the call in flight is named, with the exit and stderr; later calls are not run', () => {
    const { dir, file } = scenario([['status'], ['sync_now'], ['status']]);
    const { status, report } = jsonProbe(['-s', file, '--', process.execPath, server('crashes')], dir);
    expect(status).toBe(1);
    expect(report.calls.map((call) => call.outcome.type)).toEqual(['result', 'crash', 'not-run']);
    expect(kinds(report.calls[0])).toEqual([]);
    expect(report.calls[1].findings).toEqual([
      expect.objectContaining({ kind: 'crash', rule: 'mcp-result-kit/probe/crash', message: expect.stringMatching(/^the server stopped during sync_now#1 \(sync_now\): it exited with code 1; its stderr ends with:\n[\s\S]*ledger database handle closed/) }),
    ]);
    expect(report.calls[2].outcome.reason).toBe('not called: the server stopped during sync_now#1 (sync_now)');
  });

  it('hangs in one tool: that call times out, the next one is still made', () => {
    const { dir, file } = scenario([['list_reports'], ['export_report', { name: 'weekly' }], ['list_reports']]);
    const { status, report } = jsonProbe(['-s', file, '--timeout', '1500', '--', process.execPath, server('hangs')], dir);
    expect(status).toBe(1);
    expect(report.calls.map(kinds)).toEqual([[], ['timeout'], []]);
    expect(report.calls[1].findings[0].message).toBe('no answer within 1500 ms (--timeout); the probe cancelled the call');
  });

  it('writes to stdout outside the protocol: at start and during the call that did it', () => {
    const { dir, file } = scenario([['count_contacts'], ['find_contact', { email: 'ada@example.com' }]]);
    const { status, report } = jsonProbe(['-s', file, '--', process.execPath, server('noisy')], dir);
    expect(status).toBe(1);
    expect(report.runFindings).toEqual([expect.objectContaining({ kind: 'stdout-noise', message: expect.stringMatching(/while starting: "crm-tools v2\.1 listening on stdio"/) })]);
    expect(report.calls.map(kinds)).toEqual([[], ['stdout-noise']]);
    expect(report.calls[1].findings[0].message).toMatch(/during find_contact#1: "\[debug\] lookup ada@example\.com"/);
  });
});

describe('results the judge flags', () => {
  it('a raw string, a plain object and a thrown error through the SDK server', () => {
    const { dir, file } = scenario([['current_weather', { city: 'Oslo' }], ['station_count'], ['alerts'], ['good']]);
    const { status, report } = jsonProbe(['-s', file, '--', process.execPath, server('raw-results')], dir);
    expect(status).toBe(1);
    expect(report.calls.map(kinds)).toEqual([['string'], ['empty-content'], ['protocol-error'], []]);
    expect(report.calls[0].findings[0]).toMatchObject({ rule: 'mcp-result-kit/no-string-result', message: expect.stringMatching(/raw string, which the SDK refused with a protocol error -32602 .*expected object, received string/) });
    expect(report.calls[2].findings[0].message).toMatch(/protocol error -32603 \(alerts feed unavailable\) where a result was due/);
  });

  it('a raw string on the wire (older SDKs) is judged at once, not left to time out', () => {
    const { dir, file } = scenario([['quote', { symbol: 'ACME' }], ['market_open']]);
    // A 20 s timeout: were the client to drop the response, the call would end as a timeout.
    const { report } = jsonProbe(['-s', file, '--timeout', '20000', '--', process.execPath, server('wire')], dir);
    expect(report.calls.map(kinds)).toEqual([['string'], ['bare-object']]);
    expect(report.calls[0].findings[0].message).toMatch(/"ACME: 187\.20 USD"/);
  });

  it('an outputSchema the result does not meet, or structuredContent missing', () => {
    const { dir, file } = scenario([['forecast', { id: 'KSEA' }], ['summary', { id: 'KSEA' }]]);
    const { status, report } = jsonProbe(['-s', file, '--', process.execPath, server('output-schema')], dir);
    expect(status).toBe(1);
    expect(report.calls.map(kinds)).toEqual([['invalid-structured-content'], ['missing-structured-content']]);
    expect(report.calls[0].findings[0]).toMatchObject({
      rule: 'mcp-result-kit/valid-structured-content',
      message: "structuredContent does not match the outputSchema: structuredContent/days/0/highC must be number; structuredContent/days/1 must have required property 'highC'",
    });
  });
});

/** Whether a process is gone (or a zombie waiting to be reaped, which is as good as gone). */
function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return /\)\s+Z\s/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

describe('ending the server', () => {
  it.skipIf(process.platform === 'win32')('kills the whole process tree of a server that ignores stdin closing and SIGTERM', async () => {
    const dir = tempDir('mrk-probe-faults-');
    const pidFile = path.join(dir, 'worker.pid');
    const report = await runProbe({
      target: { kind: 'stdio', command: process.execPath, args: [server('stubborn')], cwd: dir, env: { ...process.env, PROBE_WORKER_PID_FILE: pidFile }, logFile: path.join(dir, 'server.log') },
      cwd: dir,
      generate: true,
      timeoutMs: 10_000,
      startupTimeoutMs: 20_000,
      graceMs: 100,
    });
    expect(report.calls.map((call) => call.findings)).toEqual([[]]);
    expect(existsSync(pidFile)).toBe(true);
    const worker = Number(readFileSync(pidFile, 'utf8'));
    // The group was sent SIGKILL before runProbe returned; the kernel may take a moment to reap it.
    for (let attempt = 0; attempt < 100 && !gone(worker); attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(gone(worker)).toBe(true);
    expect(readFileSync(path.join(dir, 'server.log'), 'utf8')).toMatch(/stdin closed; staying up[\s\S]*ignoring SIGTERM/);
  });
});

describe('Streamable HTTP', () => {
  let child: ChildProcess;
  let url: string;

  beforeAll(async () => {
    child = spawn(process.execPath, [server('http-server')], { env: { ...process.env, INVENTORY_TOKEN: 'probe-token' }, stdio: ['ignore', 'pipe', 'inherit'] });
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8').trim()));
      child.once('exit', (code) => reject(new Error(`the HTTP fixture exited with ${code}`)));
    });
    url = `http://127.0.0.1:${port}/mcp`;
  });

  afterAll(() => {
    child?.kill('SIGKILL');
  });

  it('calls the tools over --url with a bearer --header', () => {
    const dir = tempDir('mrk-probe-http-');
    const run = probeCli(['--generate', '-f', 'json', '--url', url, '--header', 'Authorization: Bearer probe-token'], dir);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    const report = JSON.parse(run.stdout) as JsonReport;
    expect(report.server).toMatchObject({ name: 'inventory-http', transport: 'http' });
    expect(report.calls.map((call) => [call.tool, kinds(call)])).toEqual([
      ['stock_level', ['json-text-content']],
      ['ping', []],
    ]);
    expect(report).not.toHaveProperty('logFile');
  });

  it('says what to do when the server wants a token', () => {
    const run = probeCli(['--generate', '--url', url], tempDir('mrk-probe-http-'));
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^mcp-result-kit: cannot start or reach the server \(http:\/\/127\.0\.0\.1:\d+\/mcp\): .*\(HTTP 401: the server wants credentials; pass --header "Authorization: Bearer <token>"\)\n$/);
  });
});
