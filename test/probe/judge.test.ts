// The judge over a table of outcomes: every shape a real server returns, clean ones and near-misses.
import { describe, expect, it } from 'vitest';
import { judge } from '../../cli/probe/judge.js';
import { KIND_INFO, ruleIdOf } from '../../cli/probe/kinds.js';
import type { Json, JsonObject, Outcome, ProbeKind, Step, ToolInfo } from '../../cli/probe/types.js';
import { RULE_OF_KIND } from '../../rules/rule-set.js';
import { SITE_KINDS } from '../../src/analyze/types.js';

const step = (overrides: Partial<Step> = {}): Step => ({ id: 'tool#1', tool: 'tool', arguments: {}, phase: 'call', source: 'scenario', ...overrides });
const result = (value: Json): Outcome => ({ type: 'result', result: value });
const text = (body: string, extra: JsonObject = {}): Outcome => result({ content: [{ type: 'text', text: body }], ...extra });

const FORECAST: ToolInfo = {
  name: 'get_forecast',
  outputSchema: { type: 'object', properties: { station: { type: 'string' }, days: { type: 'array', items: { type: 'object', properties: { highC: { type: 'number' } }, required: ['highC'] } } }, required: ['station', 'days'] },
};

interface Case {
  name: string;
  outcome: Outcome;
  kinds: ProbeKind[];
  step?: Partial<Step>;
  tool?: ToolInfo;
  message?: RegExp;
}

const CASES: Case[] = [
  // Clean results.
  { name: 'plain text success', outcome: text('Reserved 2 × PSU-48V; 4 left at SEA depot'), kinds: [] },
  { name: 'an error with isError', outcome: text('Error: unknown station KXXX', { isError: true }), kinds: [] },
  { name: 'JSON text with structuredContent', outcome: text('{"id":"KSEA"}', { structuredContent: { id: 'KSEA' } }), kinds: [] },
  { name: 'JSON error text with isError', outcome: text('{"error":"nope"}', { isError: true }), kinds: [] },
  { name: 'an image result', outcome: result({ content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] }), kinds: [] },
  { name: 'failure words later in the text', outcome: text('ANEM-200: 0 at SEA depot — ⛔ out of stock'), kinds: [] },
  { name: 'a success that mentions an error count', outcome: text('3 stations checked, 0 errors'), kinds: [] },
  { name: 'JSON that is a scalar, not an object', outcome: text('42'), kinds: [] },
  { name: 'text that only looks like JSON', outcome: text('{not json}'), kinds: [] },
  { name: 'structuredContent valid against the outputSchema', outcome: text('ok', { structuredContent: { station: 'KSEA', days: [{ highC: 12 }] } }), tool: FORECAST, kinds: [] },
  { name: 'an error without structuredContent, though the tool declares an outputSchema', outcome: text('No forecast for X', { isError: true }), tool: FORECAST, kinds: [] },

  // The lint's kinds, at run time.
  { name: 'failure text without isError', outcome: text('Error: unknown station KXXX'), kinds: ['error-content'], message: /"Error: unknown station KXXX"/ },
  { name: 'failure wording after emoji and markdown', outcome: text('❌ **Failed** to reach the API'), kinds: ['error-content'] },
  { name: 'Invalid …', outcome: text('Invalid quantity: 0'), kinds: ['error-content'] },
  { name: 'a JSON error payload without isError', outcome: text('{"status":"error","error":"Unknown SKU NOPE-1"}'), kinds: ['error-json'] },
  { name: '{ success: false } without isError', outcome: text('{\n  "success": false,\n  "message": "quota exceeded"\n}'), kinds: ['error-json'] },
  { name: 'JSON text without structuredContent', outcome: text(JSON.stringify([{ id: 'KSEA' }], null, 2)), kinds: ['json-text-content'] },
  { name: 'JSON in a second text item', outcome: result({ content: [{ type: 'text', text: 'Stations:' }, { type: 'text', text: '{"n":1}' }] }), kinds: ['json-text-content'] },
  { name: 'structuredContent without a text item', outcome: result({ content: [], structuredContent: { a: 1 } }), kinds: ['structured-without-text'] },
  { name: 'structuredContent that is an array', outcome: text('[1,2]', { structuredContent: [1, 2] }), kinds: ['structured-not-object'] },
  { name: 'structuredContent that is a string', outcome: text('x', { structuredContent: 'x' }), kinds: ['structured-not-object'] },
  { name: 'outputSchema declared, no structuredContent', outcome: text('Seattle: 12 °C'), tool: FORECAST, kinds: ['missing-structured-content'] },
  { name: 'structuredContent invalid against the outputSchema', outcome: text('ok', { structuredContent: { station: 'KSEA', days: [{ highC: 'warm' }] } }), tool: FORECAST, kinds: ['invalid-structured-content'], message: /structuredContent\/days\/0\/highC must be number/ },
  { name: 'the SDK refused a result that failed its outputSchema', outcome: text('MCP error -32602: Output validation error: Invalid structured content for tool get_forecast', { isError: true }), tool: FORECAST, kinds: ['invalid-structured-content'] },
  { name: 'empty content (a plain object, after the SDK)', outcome: result({ content: [] }), kinds: ['empty-content'] },
  { name: 'a plain error object, after the SDK', outcome: result({ content: [], error: 'not found' }), kinds: ['error-object'] },
  { name: 'a raw string on the wire (old SDKs)', outcome: result('KSEA: 12 °C'), kinds: ['string'] },
  { name: 'a raw error string on the wire', outcome: result('Error: no such station'), kinds: ['error-string'] },
  { name: 'a plain object on the wire', outcome: result({ stations: 3 }), kinds: ['bare-object'] },
  { name: 'a plain error object on the wire', outcome: result({ ok: false, reason: 'x' }), kinds: ['error-object'] },
  { name: 'a number on the wire', outcome: result(42), kinds: ['bare-object'] },
  {
    name: 'a text item whose text is an object (a handler\'s { summary, data } put as the text)',
    outcome: result({ content: [{ type: 'text', text: { summary: 'Volumes: 1', data: [{ name: 'vol1' }] } }] }),
    kinds: ['bare-object'],
    message: /a text item carries an object \(".*summary.*Volumes: 1.*"\) where a string is due: a plain object reached the content array; SDK clients reject the result/,
  },
  { name: 'a text item whose text is a number', outcome: result({ content: [{ type: 'text', text: 3 }] }), kinds: ['bare-object'], message: /carries a number/ },
  {
    name: 'a raw string the SDK server refused (1.2x and later)',
    outcome: { type: 'protocol-error', code: -32602, message: 'Invalid tools/call result: [{"expected":"object","code":"invalid_type","path":[],"message":"Invalid input: expected object, received string"}]' },
    kinds: ['string'],
  },
  { name: 'a non-result the SDK server refused', outcome: { type: 'protocol-error', code: -32602, message: 'Invalid tools/call result: content must be an array' }, kinds: ['bare-object'] },

  // What only a run shows.
  { name: 'a protocol error where a result was due', outcome: { type: 'protocol-error', code: -32603, message: 'Internal error: db down' }, kinds: ['protocol-error'], message: /-32603 \(Internal error: db down\)/ },
  { name: 'a protocol error for invalid arguments is fine', outcome: { type: 'protocol-error', code: -32602, message: 'Invalid arguments' }, step: { source: 'invalid', expect: 'error' }, kinds: [] },
  { name: 'a timeout', outcome: { type: 'timeout', timeoutMs: 250 }, kinds: ['timeout'], message: /250 ms/ },
  { name: 'a crash', outcome: { type: 'crash', message: 'the server stopped during tool#1: exited with code 1' }, kinds: ['crash'] },
  { name: 'not run: nothing to judge', outcome: { type: 'not-run', reason: 'not called' }, kinds: [] },
  { name: 'invalid arguments refused with isError', outcome: text('Input validation error: id is required', { isError: true }), step: { source: 'invalid', expect: 'error' }, kinds: [] },
  { name: 'invalid arguments accepted', outcome: text('Deleted 0 rows'), step: { source: 'invalid', expect: 'error', note: "required property 'id' left out" }, kinds: ['invalid-arguments-accepted'], message: /required property 'id' left out/ },
  { name: 'invalid arguments refused by failure text only', outcome: text('Error: id required'), step: { source: 'invalid', expect: 'error' }, kinds: ['error-content'] },
  { name: 'expect: success, but isError', outcome: text('Error: x', { isError: true }), step: { expect: 'success' }, kinds: ['unexpected-outcome'] },
  { name: 'expect: error, but a success', outcome: text('done'), step: { expect: 'error' }, kinds: ['unexpected-outcome'] },
  { name: 'expect: error, met by failure text (still judged)', outcome: text('Error: nope'), step: { expect: 'error' }, kinds: ['error-content'] },
  { name: 'setup steps are not judged', outcome: text('Error: nope'), step: { phase: 'setup' }, kinds: [] },
];

describe('the judge', () => {
  it.each(CASES)('$name', ({ outcome, kinds, step: overrides, tool, message }) => {
    const findings = judge(step(overrides), outcome, { tool });
    expect(findings.map((finding) => finding.kind)).toEqual(kinds);
    if (message) expect(findings.map((finding) => finding.message).join('\n')).toMatch(message);
    for (const finding of findings) expect(finding.message.length).toBeGreaterThan(10);
  });

  it("takes the user's own failure patterns", () => {
    expect(judge(step(), text('Station offline'), {}).map((f) => f.kind)).toEqual([]);
    expect(judge(step(), text('Station offline'), { errorPatterns: [/offline$/] }).map((f) => f.kind)).toEqual(['error-content']);
  });

  it('warns, but does not fail, when an outputSchema does not compile', () => {
    const findings = judge(step(), text('ok', { structuredContent: { a: 1 } }), { tool: { name: 't', outputSchema: { type: 'object', properties: { a: { type: 'no-such-type' } } } } });
    expect(findings).toEqual([expect.objectContaining({ kind: 'invalid-structured-content', severity: 'warning', message: expect.stringMatching(/does not compile/) })]);
  });
});

describe('the kinds', () => {
  it("are the lint's site kinds, under the lint's rules, where a run can show them", () => {
    for (const kind of Object.keys(KIND_INFO) as ProbeKind[]) {
      if ((SITE_KINDS as readonly string[]).includes(kind)) expect(KIND_INFO[kind].rule, kind).toBe(RULE_OF_KIND[kind as keyof typeof RULE_OF_KIND]);
    }
    expect(ruleIdOf('error-content')).toBe('mcp-result-kit/require-is-error');
    expect(ruleIdOf('empty-content')).toBe('mcp-result-kit/no-bare-object-result');
    expect(ruleIdOf('crash')).toBe('mcp-result-kit/probe/crash');
  });
});
