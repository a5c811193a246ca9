// The report formats over one report with every kind of row: text (the table, colours), JSON,
// SARIF (the official 2.1.0 schema, findings at the tool by name) and JUnit (well-formed, one case a call).
import { describe, expect, it } from 'vitest';
import { formatReport } from '../../cli/probe/command.js';
import { probeJson } from '../../cli/probe/output/json.js';
import { probeJunit, xmlText } from '../../cli/probe/output/junit.js';
import { probeSarif } from '../../cli/probe/output/sarif.js';
import { probeText } from '../../cli/probe/output/text.js';
import { callReach, nothingCalled, probeFailed, summarise } from '../../cli/probe/summary.js';
import type { CallRecord, ProbeReport, Step } from '../../cli/probe/types.js';
import { assertWellFormedXml, validateSarif } from './helpers.js';

const step = (id: string, tool: string, extra: Partial<Step> = {}): Step => ({ id, tool, arguments: {}, phase: 'call', source: 'scenario', ...extra });

const CALLS: CallRecord[] = [
  { step: step('get_station#1', 'get_station'), sent: { id: 'KSEA' }, outcome: { type: 'result', result: { content: [{ type: 'text', text: '{"id":"KSEA"}' }], structuredContent: { id: 'KSEA' } } }, durationMs: 3.2, findings: [], comparison: { status: 'gained-structured-content', regression: false } },
  {
    step: step('get_station#2', 'get_station'),
    sent: { id: 'K<&>"' },
    outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Error: unknown station K<&>"' }] } },
    durationMs: 1.1,
    findings: [{ kind: 'error-content', severity: 'error', message: 'the text reports a failure ("Error: unknown station K<&>\\"") but the result does not set isError: true' }],
    comparison: { status: 'same', regression: false },
  },
  {
    step: step('reserve_stock#1', 'reserve_stock'),
    sent: { sku: 'PSU-48V', quantity: 2 },
    outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Reserved 2 units' }] } },
    durationMs: 2,
    findings: [],
    comparison: { status: 'text-changed', regression: true, detail: 'line 1: "Reserved 2 × PSU-48V" → "Reserved 2 units"' },
  },
  { step: step('sync_now#1', 'sync_now'), sent: {}, outcome: { type: 'crash', message: 'the server stopped during sync_now#1: it exited with code 1' }, durationMs: 20, findings: [{ kind: 'crash', severity: 'error', message: 'the server stopped during sync_now#1: it exited with code 1' }], comparison: { status: 'new-crash', regression: true } },
  { step: step('sync_now#2', 'sync_now'), sent: {}, outcome: { type: 'not-run', reason: 'not called: the server stopped during sync_now#1' }, durationMs: 0, findings: [], comparison: { status: 'not-run', regression: true } },
  { step: step('delete (invalid)', 'delete', { source: 'invalid', expect: 'error', note: "required property 'id' left out" }), sent: {}, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Deleted 0 rows' }] } }, durationMs: 1, findings: [{ kind: 'invalid-arguments-accepted', severity: 'warning', message: "answered arguments its inputSchema forbids (required property 'id' left out) with a success" }] },
];

const REPORT: ProbeReport = {
  version: '0.1.0',
  server: { name: 'weather-ops', version: '0.4.0', transport: 'stdio', target: 'node build/index.js' },
  tools: ['get_station', 'reserve_stock', 'sync_now', 'delete', 'new_tool'],
  calls: CALLS,
  skipped: [{ tool: 'purge', reason: 'may write (it is annotated destructiveHint: true); pass --allow-writes to call it with generated arguments' }],
  runFindings: [{ kind: 'stdout-noise', severity: 'error', message: 'the server wrote to stdout outside the protocol while starting: "listening"; stdout carries the protocol, log to stderr' }],
  comparison: { file: 'before.json', tools: { added: ['new_tool'], removed: ['old_tool'] }, noise: { baseline: true, masked: 0, calls: 0 } },
  logFile: '/tmp/x/server.log',
  elapsedMs: 1234,
  dry: false,
};

describe('the summary and the exit decision', () => {
  it('counts findings, regressions and removed tools', () => {
    const summary = summarise(REPORT);
    expect(summary).toMatchObject({ calls: 6, clean: 2, failing: 2, notRun: 1, errors: 3, warnings: 1, regressions: 4, toolsRemoved: 1 });
    expect(summary.kinds).toEqual([
      ['crash', 1],
      ['error-content', 1],
      ['invalid-arguments-accepted', 1],
      ['stdout-noise', 1],
    ]);
    expect(probeFailed(REPORT)).toBe(true);
  });

  it('fails on a regression alone, and not on warnings alone', () => {
    const regressionOnly: ProbeReport = { ...REPORT, runFindings: [], calls: [CALLS[2]], comparison: { file: 'b.json', tools: { added: [], removed: [] }, noise: { baseline: true, masked: 0, calls: 0 } } };
    expect(probeFailed(regressionOnly)).toBe(true);
    const warningOnly: ProbeReport = { ...REPORT, runFindings: [], calls: [CALLS[5]], comparison: undefined };
    expect(probeFailed(warningOnly)).toBe(false);
    const removedOnly: ProbeReport = { ...REPORT, runFindings: [], calls: [CALLS[0]] };
    expect(probeFailed(removedOnly)).toBe(true);
  });
});

describe('text', () => {
  const text = probeText(REPORT, { color: false });

  it('has a header, a table per tool with every problem under its row, and the totals', () => {
    expect(text).toMatch(/^Probed weather-ops 0\.4\.0 over stdio \(node build\/index\.js\): 5 tools, 6 calls in 1\.2 s\n\nstdout-noise: the server wrote to stdout/);
    expect(text).toContain('get_station\n  ✔ get_station#1  {"id":"KSEA"}    clean          gained structuredContent  3 ms\n  ✖ get_station#2  {"id":"K<&>\\""}  error-content  same                      1 ms\n      error-content: the text reports a failure');
    expect(text).toContain('      regression: text changed: line 1: "Reserved 2 × PSU-48V" → "Reserved 2 units"');
    expect(text).toMatch(/✖ sync_now#2 +\{\} +not run +not run now\n {6}regression: not run now\n {6}not called: the server stopped during sync_now#1/);
    expect(text).toMatch(/⚠ delete \(invalid\) +\{\} +invalid-arguments-accepted/);
    expect(text).toContain('Not called:\n  purge  may write (it is annotated destructiveHint: true)');
    expect(text).toContain('Compared with before.json: 1 gained structuredContent, 1 new crash, 1 not run now, 1 same, 1 text changed\n  noise ignored: 0 places in 0 calls differed only where the recording\'s two runs differed\n  tools added: new_tool\n  tools removed: old_tool (a regression)');
    expect(text).toContain('✖ 4 problems (3 errors, 1 warning) in 2 of 6 calls; 4 regressions\n  crash                       1\n');
    expect(text.endsWith('server stderr: /tmp/x/server.log\n')).toBe(true);
    expect(text).not.toContain('\x1b[');
  });

  it('colours icons, verdicts and regressions when asked', () => {
    const coloured = probeText(REPORT, { color: true });
    expect(coloured).toContain('\x1b[32m✔\x1b[39m');
    expect(coloured).toContain('\x1b[31m✖\x1b[39m');
    expect(coloured).toContain('\x1b[33m⚠\x1b[39m');
    expect(coloured).toContain('\x1b[31m\x1b[1mtext changed');
  });

  it('says all clear only when everything is', () => {
    const clean: ProbeReport = { ...REPORT, calls: [CALLS[0]], runFindings: [], skipped: [], comparison: undefined };
    expect(probeText(clean, { color: false })).toContain('✔ no problem in 1 call (1 success, 0 reported failures)\n');
    const regressed: ProbeReport = { ...clean, calls: [CALLS[2]], comparison: { file: 'b.json', tools: { added: [], removed: [] }, noise: { baseline: true, masked: 0, calls: 0 } } };
    expect(probeText(regressed, { color: false })).toContain('✖ 1 regression; no problem in 1 call (1 success, 0 reported failures)\n');
  });
});

describe('json', () => {
  it('has one entry per call with findings under the rule ids, the comparison and the summary', () => {
    const json = JSON.parse(formatReport(REPORT, 'json', false)) as ReturnType<typeof probeJson> & Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['version', 'server', 'dry', 'tools', 'calls', 'skipped', 'runFindings', 'comparison', 'summary', 'logFile', 'elapsedMs']);
    const calls = json.calls as Array<Record<string, unknown>>;
    expect(calls[1]).toEqual({
      id: 'get_station#2',
      tool: 'get_station',
      phase: 'call',
      source: 'scenario',
      arguments: { id: 'K<&>"' },
      outcome: CALLS[1].outcome,
      durationMs: 1.1,
      verdict: 'problem',
      findings: [{ kind: 'error-content', rule: 'mcp-result-kit/require-is-error', severity: 'error', message: CALLS[1].findings[0].message }],
      comparison: { status: 'same', regression: false },
    });
    expect(json.comparison).toEqual({ file: 'before.json', toolsAdded: ['new_tool'], toolsRemoved: ['old_tool'], noise: { baseline: true, masked: 0, calls: 0 } });
    expect(json.summary).toMatchObject({ calls: 6, errors: 3, warnings: 1, regressions: 4, statuses: { same: 1, 'text-changed': 1, 'gained-structured-content': 1, 'new-crash': 1, 'not-run': 1 } });
  });
});

describe('sarif', () => {
  const sarif = probeSarif(REPORT) as { runs: Array<{ tool: { driver: { rules: Array<{ id: string; helpUri: string }> } }; results: Array<{ ruleId: string; ruleIndex: number; level: string; message: { text: string }; locations: Array<{ logicalLocations: Array<{ name: string; fullyQualifiedName: string; kind: string }> }>; partialFingerprints: Record<string, string> }> }> };

  it('is valid SARIF 2.1.0', () => {
    expect(validateSarif(sarif), JSON.stringify(validateSarif.errors, null, 2)).toBe(true);
  });

  it("locates findings at the tool by name, under the lint's rule ids where they exist", () => {
    const run = sarif.runs[0];
    const ids = run.tool.driver.rules.map((rule) => rule.id);
    expect(ids).toEqual(['mcp-result-kit/probe/stdout-noise', 'mcp-result-kit/require-is-error', 'mcp-result-kit/probe/regression', 'mcp-result-kit/probe/crash', 'mcp-result-kit/probe/invalid-arguments-accepted']);
    expect(run.tool.driver.rules[1].helpUri).toBe('https://github.com/mcp-result-kit/mcp-result-kit/blob/v0.1.0/docs/rules/require-is-error.md');
    expect(run.tool.driver.rules[0].helpUri).toMatch(/docs\/probe\.md#kinds$/);
    const errorContent = run.results.find((result) => result.ruleId === 'mcp-result-kit/require-is-error')!;
    expect(errorContent).toMatchObject({ level: 'error', message: { text: expect.stringMatching(/^get_station#2: the text reports a failure/) } });
    expect(errorContent.locations).toEqual([{ logicalLocations: [{ name: 'get_station', fullyQualifiedName: 'weather-ops/get_station', kind: 'function' }] }]);
    expect(ids[errorContent.ruleIndex]).toBe(errorContent.ruleId);
    const regressions = run.results.filter((result) => result.ruleId === 'mcp-result-kit/probe/regression').map((result) => result.message.text);
    expect(regressions).toEqual(['reserve_stock#1: text changed: line 1: "Reserved 2 × PSU-48V" → "Reserved 2 units"', 'sync_now#1: new crash', 'sync_now#2: not run now', 'old_tool: the tool was removed']);
    expect(run.results.find((result) => result.ruleId.endsWith('invalid-arguments-accepted'))!.level).toBe('warning');
    const fingerprints = run.results.map((result) => Object.values(result.partialFingerprints)[0]);
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
  });
});

describe('junit', () => {
  const xml = probeJunit(REPORT);

  it('is well-formed XML, with escaped names and messages', () => {
    expect(() => assertWellFormedXml(xml)).not.toThrow();
    expect(xml).toContain('name="get_station#2 {&quot;id&quot;:&quot;K&lt;&amp;&gt;\\&quot;&quot;}"');
    expect(xmlText('a\u0000b\u001bc & <d>')).toBe('abc &amp; &lt;d&gt;');
  });

  it('has a suite per tool and a case per call: failures, errors, skips', () => {
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<testsuites name="mcp-result-kit probe: weather-ops" tests="9" failures="5" errors="1" skipped="1" time="1\.234">/);
    expect(xml).toContain('<testsuite name="get_station" tests="2" failures="1" errors="0" skipped="0"');
    expect(xml).toMatch(/<testcase classname="weather-ops\.get_station" name="get_station#1 \{&quot;id&quot;:&quot;KSEA&quot;\}" time="0\.003"\/>/);
    expect(xml).toMatch(/<failure type="error-content" message="error-content: the text reports a failure/);
    expect(xml).toMatch(/<failure type="regression" message="regression: text changed: line 1/);
    expect(xml).toMatch(/<error type="crash" message="the server stopped during sync_now#1: it exited with code 1">/);
    expect(xml).toMatch(/name="sync_now#2 \{\}" time="0\.000"><failure type="regression" message="regression: not run now">/);
    expect(xml).toMatch(/<testcase classname="weather-ops\.delete" name="delete \(invalid\) \{\}" time="0\.001"><system-out>warning invalid-arguments-accepted/);
    expect(xml).toMatch(/name="purge \(not called\)" time="0\.000"><skipped message="may write/);
    expect(xml).toMatch(/name="old_tool \(removed\)" time="0\.000"><failure type="regression" message="the tool was removed"\/>/);
    expect(xml).toMatch(/<testsuite name="\(server\)"[^>]*>\n {4}<testcase classname="weather-ops" name="start-up" time="0\.000"><failure type="stdout-noise"/);
  });

  it('checks what it is given: a broken document fails the check', () => {
    expect(() => assertWellFormedXml('<a><b></a>')).toThrow(/<\/a> closes <b>/);
    expect(() => assertWellFormedXml('<a x="1 & 2"/>')).toThrow(/bare &/);
    expect(() => assertWellFormedXml('<a/><b/>')).toThrow(/2 root elements/);
  });
});

describe('earned verdicts', () => {
  const base: ProbeReport = { ...REPORT, runFindings: [], skipped: [], comparison: undefined, calls: [] };
  const result = (text: string, extra: Record<string, unknown> = {}) => ({ type: 'result' as const, result: { content: [{ type: 'text', text }], ...extra } });

  it('shows an isError result as a failure reported properly, apart from a clean success', () => {
    const calls: CallRecord[] = [
      { step: step('read_file', 'read_file', { source: 'generated' }), sent: { path: '/x' }, outcome: result('No such file: /x', { isError: true }), durationMs: 1, findings: [] },
      { step: step('list_dir', 'list_dir', { source: 'generated' }), sent: { path: '/' }, outcome: result('a\nb'), durationMs: 1, findings: [] },
    ];
    const text = probeText({ ...base, calls }, { color: false });
    expect(text).toMatch(/read_file +\{"path":"\/x"\} +failure reported properly/);
    expect(text).toMatch(/list_dir +\{"path":"\/"\} +clean/);
    expect(text).toContain('✔ no problem in 2 calls (1 success, 1 reported failure)');
    expect(text).toContain('1 of 2 generated calls reached a success (point --cwd at a scratch copy');
  });

  it("names the SDK's refusal of a result as such", () => {
    const calls: CallRecord[] = [
      {
        step: step('list_jobs', 'list_jobs'),
        sent: {},
        outcome: result('Output validation error: Tool list_jobs has an output schema but no structured content was provided', { isError: true }),
        durationMs: 1,
        findings: [{ kind: 'invalid-structured-content', severity: 'error', message: "the SDK refused the tool's own result" }],
      },
    ];
    expect(probeText({ ...base, calls }, { color: false })).toMatch(/list_jobs +\{\} +refused by the SDK/);
  });

  it('shows every change of a compared call: isError, text and structuredContent', () => {
    const calls: CallRecord[] = [
      {
        step: step('get_job', 'get_job'),
        sent: {},
        outcome: result('Error: job 7 missing', { isError: true }),
        durationMs: 1,
        findings: [],
        comparison: { status: 'gained-is-error', regression: false, changes: ['isError: false → true', 'text line 1: "job 7 missing" → "Error: job 7 missing"', 'structuredContent lost'] },
      },
    ];
    const text = probeText({ ...base, calls, comparison: { file: 'a.json', tools: { added: [], removed: [] }, noise: { baseline: true, masked: 3, calls: 1 } } }, { color: false });
    expect(text).toContain('      changed: isError: false → true\n      changed: text line 1: "job 7 missing" → "Error: job 7 missing"\n      changed: structuredContent lost\n');
    expect(text).toContain("noise ignored: 3 places in 1 call differed only where the recording's two runs differed");
  });

  it('warns when the recording has no noise baseline', () => {
    const text = probeText({ ...base, comparison: { file: 'a.json', tools: { added: [], removed: [] }, noise: { baseline: false, masked: 0, calls: 0 } } }, { color: false });
    expect(text).toContain('the recording has no noise baseline');
  });

  it('how far the calls got: a finding about the form keeps a success, one about failure wording does not', () => {
    const jsonText: CallRecord = {
      step: step('list_requests#1', 'list_requests'),
      sent: {},
      outcome: { type: 'result', result: { content: [{ type: 'text', text: '{"requests":[]}' }] } },
      durationMs: 1,
      findings: [{ kind: 'json-text-content', severity: 'error', message: 'the text is JSON but the result has no structuredContent' }],
    };
    const failedProperly: CallRecord = { step: step('get_station#3', 'get_station'), sent: {}, outcome: { type: 'result', result: { content: [{ type: 'text', text: 'Invalid arguments' }], isError: true } }, durationMs: 1, findings: [] };
    // get_station#1, reserve_stock#1 and the accepted invalid call succeeded; get_station#2 reports a failure without isError; sync_now#1 crashed; sync_now#2 was not run.
    expect(callReach(REPORT)).toEqual({ succeeded: 3, failedWithIsError: 0, failedWithoutIsError: 1, noResult: 1 });
    expect(callReach({ ...REPORT, calls: [jsonText, failedProperly] })).toEqual({ succeeded: 1, failedWithIsError: 1, failedWithoutIsError: 0, noResult: 0 });
    const objectAsText: CallRecord = {
      step: step('list_volumes#1', 'list_volumes'),
      sent: {},
      outcome: { type: 'result', result: { content: [{ type: 'text', text: { summary: 'Volumes: 1' } }] } },
      durationMs: 1,
      findings: [{ kind: 'bare-object', severity: 'error', message: 'a text item carries an object where a string is due' }],
    };
    expect(callReach({ ...REPORT, calls: [objectAsText] })).toEqual({ succeeded: 0, failedWithIsError: 0, failedWithoutIsError: 0, noResult: 1 });
  });

  it('a run that called nothing is not an all-clear, and says what would call something', () => {
    const skipped = [
      { tool: 'write_file', reason: 'may write (it is not annotated readOnlyHint: true); pass --allow-writes to call it with generated arguments' },
      { tool: 'start_process', reason: 'may write (it is not annotated readOnlyHint: true); pass --allow-writes to call it with generated arguments' },
    ];
    expect(nothingCalled({ ...base, tools: ['write_file', 'start_process'], skipped })).toMatch(/^nothing was called: all 2 tools may write \(write_file, start_process: not annotated readOnlyHint: true\); pass --allow-writes .*--scenario <file>/);
    expect(nothingCalled({ ...base, tools: ['write_file', 'start_process'], skipped })).toContain('(against a scratch copy: --cwd <copy>)');
    // migrate --prove has no --cwd: the server runs in the project, only path parameters get scratch files.
    const forProve = nothingCalled({ ...base, tools: ['write_file', 'start_process'], skipped }, 'prove');
    expect(forProve).toMatch(/pass --allow-writes to call them with generated arguments \(path parameters get files in the proof's scratch folder; what the server writes elsewhere, such as its own data file, is written for real\), or give --scenario <file>/);
    expect(forProve).not.toContain('--cwd');
    expect(nothingCalled({ ...base, tools: [] })).toBe('nothing was called: the server lists no tools');
    expect(nothingCalled({ ...base, tools: ['a'], skipped: [{ tool: 'a', reason: 'left out by --only/--skip' }] })).toMatch(/--only\/--skip left out every tool/);
    expect(nothingCalled({ ...base, tools: ['a'] })).toMatch(/the plan has no calls/);
    expect(nothingCalled({ ...base, calls: [CALLS[0]] })).toBeUndefined();
    expect(nothingCalled({ ...base, dry: true })).toBeUndefined();
  });
});
