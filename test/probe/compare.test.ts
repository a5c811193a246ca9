// Comparing a replayed call with its recording: what a migration should change, and regressions.
import { describe, expect, it } from 'vitest';
import { compareOutcomes, compareTools, firstDifference, firstJsonDifference, withClientRefusal } from '../../cli/probe/compare.js';
import type { ComparisonStatus, Json, JsonObject, Outcome, Step } from '../../cli/probe/types.js';

const step: Step = { id: 'get_station#1', tool: 'get_station', arguments: {}, phase: 'call', source: 'scenario' };
const text = (body: string, extra: JsonObject = {}): Outcome => ({ type: 'result', result: { content: [{ type: 'text', text: body }], ...extra } as Json });

interface Case {
  name: string;
  before: Outcome;
  after: Outcome;
  status: ComparisonStatus;
  regression: boolean;
  detail?: RegExp;
}

const CASES: Case[] = [
  { name: 'identical', before: text('KSEA: 12 °C'), after: text('KSEA: 12 °C'), status: 'same', regression: false },
  { name: 'isError: false made explicit', before: text('ok'), after: text('ok', { isError: false }), status: 'same', regression: false },
  { name: 'an error path gains isError, same text', before: text('Error: unknown station KXXX'), after: text('Error: unknown station KXXX', { isError: true }), status: 'gained-is-error', regression: false },
  { name: 'an error path gains isError and the "Error: " prefix', before: text('Invalid quantity: 0'), after: text('Error: Invalid quantity: 0', { isError: true }), status: 'gained-is-error', regression: false, detail: /Invalid quantity/ },
  { name: 'a JSON error payload becomes an error message', before: text('{"error":"Incident X not found"}'), after: text('Error: Incident X not found', { isError: true }), status: 'gained-is-error', regression: false },
  { name: 'JSON text gains structuredContent', before: text('{"id":"KSEA"}'), after: text('{"id":"KSEA"}', { structuredContent: { id: 'KSEA' } }), status: 'gained-structured-content', regression: false },
  { name: 'a raw string becomes a result with the same text', before: { type: 'result', result: 'KSEA: 12 °C' }, after: text('KSEA: 12 °C'), status: 'now-answers', regression: false },
  { name: 'an empty result now says something', before: { type: 'result', result: { content: [] } }, after: text('{\n  "n": 1\n}', { structuredContent: { n: 1 } }), status: 'now-answers', regression: false },
  {
    name: 'a text item holding an object (which SDK clients refuse) becomes valid JSON text',
    before: { type: 'result', result: { content: [{ type: 'text', text: { summary: 'Volumes: 1' } }] } },
    after: text('{"summary":"Volumes: 1"}', { structuredContent: { summary: 'Volumes: 1' } }),
    status: 'now-answers',
    regression: false,
    detail: /^was a text item whose text is not a string, now "\{\\"summary/,
  },
  { name: 'a protocol error becomes a result', before: { type: 'protocol-error', code: -32603, message: 'Internal error' }, after: text('x'), status: 'now-answers', regression: false },
  { name: "the SDK's refusal (not a CallToolResult) becomes a result", before: { type: 'protocol-error', code: -32602, message: 'Invalid tools/call result' }, after: text('x'), status: 'sdk-refusal-fixed', regression: false },
  {
    name: "the SDK's output validation refusal becomes a valid result",
    before: text('Output validation error: Tool list_jobs has an output schema but no structured content was provided', { isError: true }),
    after: text('{"jobs":[]}', { structuredContent: { jobs: [] } }),
    status: 'sdk-refusal-fixed',
    regression: false,
    detail: /was refused by the SDK \(Output validation error: Tool list_jobs has an output schema but no structured content was provided\); now a valid result/,
  },
  {
    name: 'a valid result the SDK now refuses',
    before: text('{"jobs":[]}', { structuredContent: { jobs: [] } }),
    after: text('Output validation error: Tool list_jobs has an output schema but no structured content was provided', { isError: true }),
    status: 'now-refused-by-sdk',
    regression: true,
    detail: /the SDK now refuses the tool's result: Output validation error/,
  },
  {
    name: 'refused before and after, the wording changed',
    before: text('Output validation error: Tool a has an output schema but no structured content was provided', { isError: true }),
    after: text('Output validation error: Invalid structured content for tool a', { isError: true }),
    status: 'same',
    regression: false,
  },
  { name: 'both errors, the wording changed', before: text('Error: x', { isError: true }), after: text('Error: y', { isError: true }), status: 'error-text-changed', regression: false },
  { name: 'failure text without isError, still without, worded differently', before: text('Error: x'), after: text('Error: y'), status: 'error-text-changed', regression: false },

  { name: 'a success whose text changed', before: text('Reserved 2 × PSU-48V'), after: text('Reserved 2 units of PSU-48V'), status: 'text-changed', regression: true, detail: /line 1: "Reserved 2 × PSU-48V" → "Reserved 2 units of PSU-48V"/ },
  { name: 'a success now marked as an error', before: text('Reserved 2 × PSU-48V'), after: text('Reserved 2 × PSU-48V', { isError: true }), status: 'now-fails', regression: true },
  { name: 'an error that lost isError', before: text('Error: x', { isError: true }), after: text('Error: x'), status: 'lost-is-error', regression: true },
  { name: 'structuredContent lost', before: text('{"a":1}', { structuredContent: { a: 1 } }), after: text('{"a":1}'), status: 'lost-structured-content', regression: true },
  { name: 'structuredContent changed', before: text('{"a":1}', { structuredContent: { a: 1 } }), after: text('{"a":1}', { structuredContent: { a: 2 } }), status: 'structured-content-changed', regression: true, detail: /^structuredContent at a: 1 → 2$/ },
  { name: 'an image changed', before: { type: 'result', result: { content: [{ type: 'image', data: 'AA', mimeType: 'image/png' }] } }, after: { type: 'result', result: { content: [{ type: 'image', data: 'BB', mimeType: 'image/png' }] } }, status: 'content-changed', regression: true },
  { name: 'a new protocol error', before: text('ok'), after: { type: 'protocol-error', code: -32603, message: 'Internal error' }, status: 'new-protocol-error', regression: true, detail: /-32603/ },
  { name: 'an error result now a protocol error', before: text('Error: x', { isError: true }), after: { type: 'protocol-error', code: -32603, message: 'boom' }, status: 'new-protocol-error', regression: true },
  { name: 'another protocol error code', before: { type: 'protocol-error', code: -32602, message: 'a' }, after: { type: 'protocol-error', code: -32603, message: 'b' }, status: 'new-protocol-error', regression: true },
  { name: 'the same protocol error, reworded', before: { type: 'protocol-error', code: -32602, message: 'a' }, after: { type: 'protocol-error', code: -32602, message: 'b' }, status: 'error-text-changed', regression: false },
  { name: 'a crash now', before: text('ok'), after: { type: 'crash', message: 'the server stopped during get_station#1: exited with code 1' }, status: 'new-crash', regression: true },
  { name: 'a timeout now', before: text('ok'), after: { type: 'timeout', timeoutMs: 100 }, status: 'new-timeout', regression: true },
  { name: 'not run now', before: text('ok'), after: { type: 'not-run', reason: 'not called: the server stopped during x' }, status: 'not-run', regression: true },
  { name: 'crashed before and after', before: { type: 'crash', message: 'a' }, after: { type: 'crash', message: 'b' }, status: 'same', regression: false },
];

describe('comparing a replayed call', () => {
  it.each(CASES)('$name', ({ before, after, status, regression, detail }) => {
    const comparison = compareOutcomes(step, before, after);
    expect(comparison.status).toBe(status);
    expect(comparison.regression).toBe(regression);
    if (detail) expect(comparison.detail).toMatch(detail);
  });

  it("counts the user's failure patterns as failure wording before", () => {
    const before = text('Station offline');
    const after = text('Station offline', { isError: true });
    expect(compareOutcomes(step, before, after).status).toBe('now-fails');
    expect(compareOutcomes(step, before, after, { errorPatterns: [/offline/] }).status).toBe('gained-is-error');
  });

  it('names the first differing line', () => {
    expect(firstDifference('a\nb\nc', 'a\nB\nc')).toBe('line 2: "b" → "B"');
    expect(firstDifference('a', 'a\nmore')).toBe('line 2: "" → "more"');
  });

  it('names the first place two structured values differ, deep in a long one', () => {
    const config = (heap: string, extra = {}) => ({ config: { shell: 'bash', systemInfo: { memory: { rss: '138 MB', heapTotal: heap } }, ...extra } });
    expect(firstJsonDifference(config('79.52 MB'), config('80.02 MB'))).toBe('at config.systemInfo.memory.heapTotal: "79.52 MB" → "80.02 MB"');
    expect(firstJsonDifference(config('1'), config('1', { usageStats: { calls: 2 } }))).toBe('gained config.usageStats: {"calls":2}');
    expect(firstJsonDifference({ processes: [1] }, { procs: [1] })).toBe('lost processes: [1]');
    expect(firstJsonDifference([1, 2], [1, 2, 3])).toBe('[1,2] → [1,2,3]');
  });

  it("makes a replayed result SDK clients refuse against the listed outputSchema a regression, unless the recording had it too", () => {
    // A low-level server does not validate its own results: only the client does (1.x Client.callTool).
    const gained = { status: 'gained-structured-content' as const, regression: false };
    const refused = { kind: 'invalid-structured-content' as const, severity: 'error' as const, message: 'structuredContent does not match the outputSchema: structuredContent must have required property \'task\'' };
    expect(withClientRefusal(gained, [refused], [])).toEqual({ status: 'now-refused-by-sdk', regression: true, detail: "SDK clients refuse the result: structuredContent does not match the outputSchema: structuredContent must have required property 'task'" });
    const missing = { kind: 'missing-structured-content' as const, severity: 'error' as const, message: 'the tool declares an outputSchema but the result has no structuredContent; SDK clients reject it' };
    expect(withClientRefusal({ status: 'same', regression: false }, [missing], [])).toMatchObject({ status: 'now-refused-by-sdk', regression: true });
    expect(withClientRefusal(gained, [refused], ['invalid-structured-content'])).toBe(gained);
    expect(withClientRefusal(gained, [{ ...refused, severity: 'warning' }], [])).toBe(gained);
    const changed = { status: 'text-changed' as const, regression: true, detail: 'line 1' };
    expect(withClientRefusal(changed, [refused], [])).toBe(changed);
  });

  it('lists tools added and removed', () => {
    expect(compareTools(['a', 'b', 'c'], ['b', 'c', 'd', 'a2'])).toEqual({ added: ['a2', 'd'], removed: ['a'] });
    expect(compareTools(['a'], ['a'])).toEqual({ added: [], removed: [] });
  });
});
