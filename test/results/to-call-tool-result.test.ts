import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { errorResult, jsonResult, successResult, toCallToolResult, type ResultFormat } from '../../packages/runtime/src/index.js';

function text(result: CallToolResult): string {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error('expected a text item');
  return first.text;
}

describe('toCallToolResult', () => {
  it('passes an existing CallToolResult through unchanged (same object)', () => {
    const existing = successResult('hi', { a: 1 });
    expect(toCallToolResult(existing)).toBe(existing);
    const image: CallToolResult = { content: [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }] };
    expect(toCallToolResult(image)).toBe(image);
    const empty = { content: [] };
    expect(toCallToolResult(empty)).toBe(empty);
  });

  it('does not pass through objects that only look like results', () => {
    const bad = { content: [{ type: 'text' }] };
    const result = toCallToolResult(bad);
    expect(result).not.toBe(bad);
    expect(text(result)).toBe(JSON.stringify(bad, null, 2));
    expect(text(toCallToolResult({ content: 'not an array' }))).toBe('{\n  "content": "not an array"\n}');
  });

  it('keeps a JSON object string exactly and exposes the parsed object', () => {
    const raw = '{"files":["a.ts"],"count":1}';
    expect(toCallToolResult(raw)).toStrictEqual({
      content: [{ type: 'text', text: raw }],
      structuredContent: { files: ['a.ts'], count: 1 },
    });
  });

  it('keeps pretty JSON text exactly, including surrounding whitespace', () => {
    const raw = `\n${JSON.stringify({ a: 1 }, null, 2)}\n`;
    expect(text(toCallToolResult(raw))).toBe(raw);
  });

  it('wraps a JSON array string as { result }', () => {
    expect(toCallToolResult('[1,2]')).toStrictEqual({
      content: [{ type: 'text', text: '[1,2]' }],
      structuredContent: { result: [1, 2] },
    });
  });

  it('turns a JSON string with an error into errorResult(error, rest)', () => {
    expect(toCallToolResult('{"error":"Not found","path":"x.ts"}')).toEqual(errorResult('Not found', { path: 'x.ts' }));
    expect(toCallToolResult('{"error":"Error: twice"}')).toEqual(errorResult('twice'));
  });

  it('marks a JSON string with success:false as an error but keeps its text', () => {
    const raw = '{"success":false,"reason":"locked"}';
    const result = toCallToolResult(raw);
    expect(text(result)).toBe(raw);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({ success: false, reason: 'locked' });
  });

  it('treats an empty or non-string error as no error', () => {
    expect(toCallToolResult('{"error":"","ok":true}').isError).toBeUndefined();
    expect(toCallToolResult('{"error":null}').isError).toBeUndefined();
    expect(toCallToolResult({ error: '   ' }).isError).toBeUndefined();
  });

  it('treats plain and non-JSON strings as display text', () => {
    expect(toCallToolResult('✓ Done')).toEqual(successResult('✓ Done'));
    expect(toCallToolResult('{not json')).toEqual(successResult('{not json'));
    expect(toCallToolResult('42')).toEqual(successResult('42'));
    expect(toCallToolResult('"quoted"')).toEqual(successResult('"quoted"'));
    expect(toCallToolResult('')).toEqual(successResult(''));
  });

  it('turns an Error into errorResult', () => {
    expect(toCallToolResult(new TypeError('bad arg'))).toEqual(errorResult('bad arg'));
  });

  it('turns objects and arrays into jsonResult (indent 2)', () => {
    expect(toCallToolResult({ a: 1, when: new Date(0) })).toEqual(jsonResult({ a: 1, when: new Date(0) }));
    expect(toCallToolResult([1, 2])).toEqual(jsonResult([1, 2]));
  });

  it('turns objects with a non-empty string error into errorResult(error, rest)', () => {
    expect(toCallToolResult({ error: 'nope', code: 404 })).toEqual(errorResult('nope', { code: 404 }));
  });

  it('marks objects with success:false as errors, keeping the JSON text', () => {
    const value = { success: false, reason: 'locked' };
    const result = toCallToolResult(value);
    expect(result).toEqual({ ...jsonResult(value), isError: true });
  });

  it('returns an empty success for undefined and null', () => {
    expect(toCallToolResult(undefined)).toStrictEqual({ content: [] });
    expect(toCallToolResult(null)).toStrictEqual({ content: [] });
  });

  it('turns numbers and booleans into jsonResult', () => {
    expect(toCallToolResult(3)).toEqual(jsonResult(3));
    expect(toCallToolResult(true)).toEqual(jsonResult(true));
  });

  it('respects the format option on wrapped values only', () => {
    expect('structuredContent' in toCallToolResult({ a: 1 }, { format: 'readable' })).toBe(false);
    expect('structuredContent' in toCallToolResult('{"a":1}', { format: 'readable' })).toBe(false);
    expect(toCallToolResult('{"error":"x"}', { format: 'readable' })).toEqual(errorResult('x', undefined, { format: 'readable' }));
    const existing = successResult('hi', { a: 1 });
    expect(toCallToolResult(existing, { format: 'readable' })).toBe(existing);
  });

  it('throws clear errors for values with no JSON form', () => {
    // Named like every other helper's TypeError: a stack trace in a server log says which call it was.
    expect(() => toCallToolResult(10n)).toThrow(new TypeError('toCallToolResult: value is a BigInt; convert it (e.g. String(x)) before returning it'));
    expect(() => toCallToolResult({ n: 10n })).toThrow(new TypeError('toCallToolResult: value.n is a BigInt; convert it (e.g. String(x)) before returning it'));
    expect(() => toCallToolResult(() => 1)).toThrow(new TypeError('toCallToolResult: value is a function; it has no JSON form, return data instead'));
    expect(toCallToolResult({ a: Symbol('s'), b: 1 }).structuredContent).toEqual({ b: 1 });
    expect(() => toCallToolResult('x', { format: 'nope' as ResultFormat })).toThrow(
      `toCallToolResult: format must be one of 'readable', 'structured', 'both', got "nope"`,
    );
  });

  it('always returns something the SDK schema accepts', () => {
    const inputs: unknown[] = [undefined, null, '', 'text', '{"a":1}', '[1]', '{"error":"e"}', 1, false, { a: 1 }, [1], new Error('x'), { success: false }];
    for (const input of inputs) {
      for (const format of ['readable', 'structured', 'both'] as const) {
        expect(CallToolResultSchema.safeParse(toCallToolResult(input, { format })).success).toBe(true);
      }
    }
  });
});
