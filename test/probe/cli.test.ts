// The probe command in-process (cli/program.ts → cli/probe/command.ts): usage errors exit 2
// before any server starts, --dry calls nothing, the output goes where it is asked, the progress
// line is drawn on a terminal, and colour follows --color, FORCE_COLOR and NO_COLOR.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { run } from '../../cli/program.js';
import { cleanupTemporaries, tempDir } from '../cli/helpers.js';
import { fakeIo, server } from './helpers.js';

afterAll(cleanupTemporaries);

const node = process.execPath;

async function probe(args: string[], io = fakeIo()) {
  const code = await run(['probe', ...args], io);
  return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
}

describe('usage errors: exit 2 with one line, nothing started', () => {
  it.each([
    [['--generate'], /no server: give its command after -- \(probe --generate -- node dist\/index\.js\) or --url/],
    [['--generate', '--url', 'http://127.0.0.1:9/mcp', '--', 'node', 'x.js'], /either as a command after -- or as --url, not both/],
    [['--generate', '--url', 'localhost:3000'], /--url "localhost:3000" is not a URL|--url must be http/],
    [['--generate', '--url', 'ftp://example.com/mcp'], /--url must be http:\/\/ or https:\/\/, not ftp:/],
    [['--generate', '--url', 'http://127.0.0.1:9/mcp', '--env', 'A=1'], /--env is for a server started over stdio/],
    [['--generate', '--header', 'Authorization: Bearer x', '--', 'node', 'x.js'], /--header is for --url/],
    [['--generate', '--env', 'NOEQUALS', '--', 'node', 'x.js'], /--env "NOEQUALS": expected KEY=VALUE/],
    [['--generate', '--timeout', '1.5s', '--', 'node', 'x.js'], /--timeout must be a whole number of milliseconds above 0, not "1\.5s"/],
    [['--generate', '--startup-timeout', '0', '--', 'node', 'x.js'], /--startup-timeout must be a whole number/],
    [['--generate', '-f', 'xml', '--', 'node', 'x.js'], /option '-f, --format <format>' argument 'xml' is invalid/],
    [['--', 'node', 'x.js'], /nothing to call: give --scenario <file>, --generate, or --compare <recording>/],
    [['--compare', 'before.json', '--generate', '--', 'node', 'x.js'], /--compare replays the calls of its recording/],
    [['--compare', 'rec.json', '--record', './rec.json', '--', 'node', 'x.js'], /--record would overwrite the recording --compare reads/],
    [['--mask', '([a-z', '--generate', '--', 'node', 'x.js'], /mask\[0\]: \(\[a-z is not a valid regular expression/],
    [['--error-pattern', '(', '--generate', '--', 'node', 'x.js'], /the error pattern \( is not a valid regular expression/],
  ])('%j', async (args, message) => {
    const result = await probe(args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^mcp-result-kit: /);
    expect(result.stderr).toMatch(message);
  });

  it('a bad scenario file stops the probe before the server starts', async () => {
    const dir = tempDir('mrk-probe-cli-');
    writeFileSync(path.join(dir, 'probe.yaml'), 'calls:\n  - tool: a\n    expects: error\n');
    const result = await probe(['-s', 'probe.yaml', '--', node, server('exits-at-start')], fakeIo({ cwd: dir }));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("mcp-result-kit: the scenario file has a problem:\n  probe.yaml:3:5: calls[0]: unknown key 'expects' (allowed: name, tool, arguments, expect, capture)\n");
  });

  it('a file that is no recording', async () => {
    const dir = tempDir('mrk-probe-cli-');
    writeFileSync(path.join(dir, 'before.json'), JSON.stringify({ format: 'mcp-result-kit/probe-recording@1', server: {}, tools: [], calls: [{ id: 'a' }] }));
    const result = await probe(['--compare', 'before.json', '--', node, server('exits-at-start')], fakeIo({ cwd: dir }));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcp-result-kit: the recording \(made by probe --record\?\) has \d+ problems:\n {2}before\.json:1:\d+: server: missing 'name'/);
    expect(result.stderr).toMatch(/calls\[0\]: missing 'tool'/);
  });

  it('a scenario naming a tool the server does not list', async () => {
    const dir = tempDir('mrk-probe-cli-');
    writeFileSync(path.join(dir, 'probe.yaml'), 'calls:\n  - tool: list_report\n');
    const result = await probe(['-s', 'probe.yaml', '--log', path.join(dir, 'log'), '--', node, server('hangs')], fakeIo({ cwd: dir }));
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('mcp-result-kit: the scenario probe.yaml calls a tool the server does not list: list_report (step list_report#1); it lists: export_report, list_reports\n');
  });
});

describe('running', () => {
  it('--dry lists the tools and prints the plan, calling nothing', async () => {
    const dir = tempDir('mrk-probe-cli-');
    // export_report hangs: were it called, the 200 ms timeout would show as a timeout.
    const result = await probe(['--generate', '--dry', '--timeout', '200', '--log', path.join(dir, 'log'), '--', node, server('hangs')], fakeIo({ cwd: dir }));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Plan for reports 0\.3\.1 over stdio \(.*hangs\.mjs\): 2 tools, 3 calls; --dry: nothing was called\n/);
    expect(result.stdout).toMatch(/export_report\n {2}– export_report {12}\{"name":"example"\}\s*\n {2}– export_report \(invalid\) +\{\}\s+invalid arguments\n {6}required property 'name' left out/);
    expect(result.stdout).not.toMatch(/timeout|clean/);
  });

  it('leaves tools that may write alone unless --allow-writes, and selects with --only / --skip', async () => {
    const dir = tempDir('mrk-probe-cli-');
    const log = path.join(dir, 'log');
    const safe = await probe(['--generate', '--dry', '-f', 'json', '--log', log, '--', node, server('crashes')], fakeIo({ cwd: dir }));
    const plan = JSON.parse(safe.stdout) as { calls: { id: string }[]; skipped: { tool: string; reason: string }[] };
    expect(plan.calls.map((call) => call.id)).toEqual(['status']);
    expect(plan.skipped).toEqual([{ tool: 'sync_now', reason: 'may write (it is not annotated readOnlyHint: true); pass --allow-writes to call it with generated arguments' }]);
    const all = JSON.parse((await probe(['--generate', '--dry', '--allow-writes', '-f', 'json', '--log', log, '--', node, server('crashes')], fakeIo({ cwd: dir }))).stdout) as typeof plan;
    expect(all.calls.map((call) => call.id)).toEqual(['status', 'sync_now']);
    const only = JSON.parse((await probe(['--generate', '--dry', '--allow-writes', '--only', 'sync_*', '-f', 'json', '--log', log, '--', node, server('crashes')], fakeIo({ cwd: dir }))).stdout) as typeof plan;
    expect(only.calls.map((call) => call.id)).toEqual(['sync_now']);
    const skip = JSON.parse((await probe(['--generate', '--dry', '--allow-writes', '--skip', 'sync_now,other', '-f', 'json', '--log', log, '--', node, server('crashes')], fakeIo({ cwd: dir }))).stdout) as typeof plan;
    expect(skip.calls.map((call) => call.id)).toEqual(['status']);
  });

  it('runs setup steps first, without judging or comparing them', async () => {
    const dir = tempDir('mrk-probe-cli-');
    // station_count returns an empty result: a call would be judged empty-content.
    writeFileSync(path.join(dir, 'probe.yaml'), 'setup:\n  - tool: station_count\ncalls:\n  - tool: good\n');
    const log = path.join(dir, 'log');
    const recorded = await probe(['-s', 'probe.yaml', '--record', 'before.json', '-f', 'json', '--log', log, '--', node, server('raw-results')], fakeIo({ cwd: dir }));
    expect(recorded.stderr).toBe('');
    expect(recorded.code).toBe(0);
    const compared = await probe(['--compare', 'before.json', '-f', 'json', '--log', log, '--', node, server('raw-results')], fakeIo({ cwd: dir }));
    expect(compared.code).toBe(0);
    const report = JSON.parse(compared.stdout) as { calls: Array<{ id: string; phase: string; findings: unknown[]; comparison?: { status: string } }> };
    expect(report.calls.map((call) => [call.id, call.phase, call.findings, call.comparison?.status])).toEqual([
      ['station_count#1', 'setup', [], undefined],
      ['good#1', 'call', [], 'same'],
    ]);
  });

  it('stops at a failing setup step (exit 2), calling nothing after it', async () => {
    const dir = tempDir('mrk-probe-cli-');
    writeFileSync(path.join(dir, 'probe.yaml'), 'setup:\n  - tool: sync_now\ncalls:\n  - tool: status\n');
    const result = await probe(['-s', 'probe.yaml', '--log', path.join(dir, 'log'), '--', node, server('crashes')], fakeIo({ cwd: dir }));
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^mcp-result-kit: setup step sync_now#1 \(sync_now\) failed: the server stopped during sync_now#1 \(sync_now\): it exited with code 1; [\s\S]*; nothing else was called\n$/);
  });

  it('passes --env and --cwd to the server, writes -o files and nothing on stdout', async () => {
    const dir = tempDir('mrk-probe-cli-');
    const result = await probe(['--generate', '--env', 'WEATHER_OPS_CONFIG=/srv/probe.toml', '--cwd', dir, '--log', path.join(dir, 'log'), '--', node, server('exits-at-start')], fakeIo({ cwd: dir }));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/cannot read \/srv\/probe\.toml/);
    const ok = await probe(['--generate', '--skip', 'export_report', '-f', 'junit', '-o', 'reports/probe.xml', '--log', path.join(dir, 'log'), '--', node, server('hangs')], fakeIo({ cwd: dir }));
    expect(ok.stdout).toBe('');
    expect(readFileSync(path.join(dir, 'reports/probe.xml'), 'utf8')).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="mcp-result-kit probe: reports"/);
  });

  it('on a terminal, only wait notices that are cleared at the end; nothing otherwise', async () => {
    const dir = tempDir('mrk-probe-cli-');
    const args = ['--generate', '--only', 'list_reports', '--log', path.join(dir, 'log'), '--', node, server('hangs')];
    const terminal = await probe(args, fakeIo({ cwd: dir, stderrIsTTY: true }));
    // Whether a wait lasted a second depends on the machine: what is drawn is checked, not when.
    expect(terminal.stderr.replaceAll('\x1b[2K', '<clear>')).toMatch(/^(?:(?:\r<clear>(?:… (?:starting the server|calling list_reports)[^\r]*)?)*)$/);
    if (terminal.stderr !== '') expect(terminal.stderr.endsWith('\r\x1b[2K')).toBe(true);
    const ci = await probe(args, fakeIo({ cwd: dir, stderrIsTTY: true, env: { CI: 'true' } }));
    expect(ci.stderr).toBe('');
    const pipe = await probe(args, fakeIo({ cwd: dir }));
    expect(pipe.stderr).toBe('');
  });

  it('colours the table per --color, FORCE_COLOR and NO_COLOR', async () => {
    const dir = tempDir('mrk-probe-cli-');
    const args = ['--generate', '--only', 'list_reports', '--log', path.join(dir, 'log'), '--', node, server('hangs')];
    expect((await probe(args, fakeIo({ cwd: dir, stdoutIsTTY: true }))).stdout).toContain('\x1b[32m✔\x1b[39m');
    expect((await probe(args, fakeIo({ cwd: dir, stdoutIsTTY: true, env: { NO_COLOR: '1' } }))).stdout).not.toContain('\x1b[');
    expect((await probe(args, fakeIo({ cwd: dir, env: { FORCE_COLOR: '1' } }))).stdout).toContain('\x1b[');
    expect((await probe([...args.slice(0, 3), '--no-color', ...args.slice(3)], fakeIo({ cwd: dir, env: { FORCE_COLOR: '1' } }))).stdout).not.toContain('\x1b[');
  });
});
