import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import {
  createResultHelpers,
  DEFAULT_RESULT_FORMAT,
  errorResult,
  errorTextResult,
  jsonResult,
  RESULT_FORMATS,
  successResult,
  type ErrorResult,
  type JsonObject,
  type ResultFormat,
  type SuccessResult,
} from '../../packages/runtime/src/index.js';

function expectValid(result: CallToolResult): void {
  const parsed = CallToolResultSchema.safeParse(result);
  expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
}

function text(result: CallToolResult): string {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error('expected a text item');
  return first.text;
}

describe('DEFAULT_RESULT_FORMAT', () => {
  it("is 'both'", () => {
    expect(DEFAULT_RESULT_FORMAT).toBe('both');
    expect(RESULT_FORMATS).toEqual(['readable', 'structured', 'both']);
  });
});

describe('successResult', () => {
  const data = { path: 'src/a.ts', lines: 3 };

  it('both (default): display text + structuredContent', () => {
    const result = successResult('Read src/a.ts', data);
    expect(result).toStrictEqual({ content: [{ type: 'text', text: 'Read src/a.ts' }], structuredContent: data });
    expect(successResult('Read src/a.ts', data, { format: 'both' })).toEqual(result);
  });

  it('omits structuredContent when data is undefined', () => {
    const result = successResult('Done');
    expect(result).toStrictEqual({ content: [{ type: 'text', text: 'Done' }] });
    expect('structuredContent' in result).toBe(false);
  });

  it('readable: display text only, never structuredContent', () => {
    const result = successResult('Read src/a.ts', data, { format: 'readable' });
    expect(result).toStrictEqual({ content: [{ type: 'text', text: 'Read src/a.ts' }] });
    expect('structuredContent' in result).toBe(false);
  });

  it('structured: text is the pretty JSON of data', () => {
    const result = successResult('Read src/a.ts', data, { format: 'structured' });
    expect(text(result)).toBe(JSON.stringify(data, null, 2));
    expect(result.structuredContent).toEqual(data);
  });

  it('structured without data falls back to the display text', () => {
    expect(successResult('Done', undefined, { format: 'structured' })).toStrictEqual({
      content: [{ type: 'text', text: 'Done' }],
    });
  });

  it('does not share the caller object (structuredContent is a JSON copy)', () => {
    const input = { when: new Date('2024-01-02T03:04:05.000Z'), skip: undefined };
    const result = successResult('x', input);
    expect(result.structuredContent).toEqual({ when: '2024-01-02T03:04:05.000Z' });
    expect(result.structuredContent).not.toBe(input);
  });

  it('keeps empty display text', () => {
    expect(text(successResult(''))).toBe('');
  });

  it('rejects a non-string display', () => {
    expect(() => successResult(123 as unknown as string)).toThrow(
      new TypeError('successResult: display must be a string, got number'),
    );
    expect(() => successResult(undefined as unknown as string)).toThrow('display must be a string, got undefined');
    expect(() => successResult(null as unknown as string)).toThrow('display must be a string, got null');
  });

  it('rejects data that is not a plain object', () => {
    expect(() => successResult('x', [1, 2] as unknown as JsonObject)).toThrow(
      'successResult: data must be a plain object (it becomes structuredContent), got array',
    );
    expect(() => successResult('x', 'str' as unknown as JsonObject)).toThrow('got string');
    expect(() => successResult('x', null as unknown as JsonObject)).toThrow('got null');
    expect(() => successResult('x', new Date(0) as unknown as JsonObject)).toThrow("got Date (its toJSON() returns string)");
  });

  it('rejects an invalid format naming the allowed values', () => {
    expect(() => successResult('x', {}, { format: 'pretty' as ResultFormat })).toThrow(
      new TypeError(`successResult: format must be one of 'readable', 'structured', 'both', got "pretty"`),
    );
    expect(() => successResult('x', {}, { format: 1 as unknown as ResultFormat })).toThrow('got number');
    expect(() => successResult('x', {}, 'both' as unknown as { format: ResultFormat })).toThrow(
      'successResult: options must be an object, got string',
    );
  });

  it('names the path of an unserializable value', () => {
    expect(() => successResult('x', { items: [{}, {}, { size: 10n }] })).toThrow(
      new TypeError('structuredContent.items[2].size is a BigInt; convert it (e.g. String(x)) before returning it'),
    );
  });
});

describe('errorResult', () => {
  it('both (default): Error: text, { error, ...extra }, isError', () => {
    expect(errorResult('File not found', { path: 'a.ts' })).toEqual({
      content: [{ type: 'text', text: 'Error: File not found' }],
      structuredContent: { error: 'File not found', path: 'a.ts' },
      isError: true,
    });
  });

  it('readable: no structuredContent', () => {
    const result = errorResult('File not found', { path: 'a.ts' }, { format: 'readable' });
    expect(result).toEqual({ content: [{ type: 'text', text: 'Error: File not found' }], isError: true });
  });

  it('structured: text is the pretty JSON of structuredContent', () => {
    const result = errorResult('File not found', { path: 'a.ts' }, { format: 'structured' });
    expect(text(result)).toBe(JSON.stringify({ error: 'File not found', path: 'a.ts' }, null, 2));
    expect(result.isError).toBe(true);
  });

  it('accepts an Error and uses its message', () => {
    const result = errorResult(new RangeError('out of range'));
    expect(text(result)).toBe('Error: out of range');
    expect(result.structuredContent).toEqual({ error: 'out of range' });
  });

  it('strips leading Error: prefixes so the text never doubles them', () => {
    expect(text(errorResult('Error: boom'))).toBe('Error: boom');
    expect(text(errorResult('Error: Error: boom'))).toBe('Error: boom');
    expect(text(errorResult('Error:boom'))).toBe('Error: boom');
    expect(text(errorResult(new Error('Error: wrapped')))).toBe('Error: wrapped');
    expect(errorResult('Error: boom').structuredContent).toEqual({ error: 'boom' });
  });

  it('strips case-sensitively and only at the start', () => {
    expect(text(errorResult('error: lower'))).toBe('Error: error: lower');
    expect(text(errorResult('ERROR: upper'))).toBe('Error: ERROR: upper');
    expect(text(errorResult('Parse Error: x'))).toBe('Error: Parse Error: x');
  });

  it('uses Unknown error for an empty message', () => {
    expect(text(errorResult(''))).toBe('Error: Unknown error');
    expect(text(errorResult('   '))).toBe('Error: Unknown error');
    expect(text(errorResult('Error: '))).toBe('Error: Unknown error');
    expect(text(errorResult(new Error()))).toBe('Error: Unknown error');
    expect(errorResult('').structuredContent).toEqual({ error: 'Unknown error' });
  });

  it('does not let extra override error', () => {
    const result = errorResult('real', { error: 'fake', code: 7 });
    expect(result.structuredContent).toEqual({ error: 'real', code: 7 });
    expect(Object.keys(result.structuredContent ?? {})).toEqual(['error', 'code']);
  });

  it('JSON-converts extra', () => {
    const result = errorResult('x', { at: new Date(0), n: NaN, gone: undefined });
    expect(result.structuredContent).toEqual({ error: 'x', at: '1970-01-01T00:00:00.000Z', n: null });
  });

  it('accepts an Error from another realm', async () => {
    const { runInNewContext } = await import('node:vm');
    const foreign: unknown = runInNewContext('new Error("from vm")');
    expect(foreign instanceof Error).toBe(false);
    expect(text(errorResult(foreign as Error))).toBe('Error: from vm');
  });

  it('turns any caught value into a message (catch blocks pass unknown)', () => {
    expect(text(errorResult(42))).toBe('Error: 42');
    expect(text(errorResult({ message: 'from a plain object' }))).toBe('Error: from a plain object');
    expect(text(errorResult({ code: 'E_TIMEOUT' }))).toBe('Error: {"code":"E_TIMEOUT"}');
    expect(text(errorResult(undefined))).toBe('Error: Unknown error');
    expect(text(errorResult(null))).toBe('Error: Unknown error');
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(text(errorResult(cyclic))).toBe('Error: [object Object]');
  });

  it('rejects bad extra and format', () => {
    expect(() => errorResult('x', [] as unknown as JsonObject)).toThrow('errorResult: extra must be a plain object');
    expect(() => errorResult('x', undefined, { format: 'json' as ResultFormat })).toThrow(
      `errorResult: format must be one of 'readable', 'structured', 'both', got "json"`,
    );
  });
});

describe('errorTextResult', () => {
  // What migrate writes for a handler's error text: the model must read the very same words.
  it.each([
    'Error getting configuration: timeout',
    'error: the id is not a number',
    'Failed to list volumes: EACCES',
    'Error: Error: wrapped twice',
    'Error:no space',
    '  Not found: a.ts\n',
    '❌ Cannot reach the cluster',
  ])('keeps %j exactly as the text', (given) => {
    const result = errorTextResult(given);
    expect(result.content).toStrictEqual([{ type: 'text', text: given }]);
    expect(result.isError).toBe(true);
    expectValid(result);
  });

  it('puts the message in structuredContent as errorResult does, with extra', () => {
    expect(errorTextResult('Error: disk full', { path: 'a.ts' })).toStrictEqual({
      content: [{ type: 'text', text: 'Error: disk full' }],
      structuredContent: { error: 'disk full', path: 'a.ts' },
      isError: true,
    });
    expect(errorTextResult('Failed to read a.ts').structuredContent).toEqual(errorResult('Failed to read a.ts').structuredContent);
  });

  it('writes a caught value or a blank string as errorResult does', () => {
    expect(errorTextResult(new TypeError('boom'))).toStrictEqual(errorResult(new TypeError('boom')));
    expect(errorTextResult(undefined)).toStrictEqual(errorResult(undefined));
    expect(text(errorTextResult('  '))).toBe('Error: Unknown error');
  });

  it('honours the formats: readable drops structuredContent, structured writes its JSON', () => {
    expect(errorTextResult('Failed: x', undefined, { format: 'readable' })).toStrictEqual({ content: [{ type: 'text', text: 'Failed: x' }], isError: true });
    expect(text(errorTextResult('Failed: x', { code: 1 }, { format: 'structured' }))).toBe(JSON.stringify({ error: 'Failed: x', code: 1 }, null, 2));
    expect(createResultHelpers({ format: 'readable' }).errorTextResult('Failed: x')).toStrictEqual({ content: [{ type: 'text', text: 'Failed: x' }], isError: true });
  });

  it('names itself when its arguments are wrong', () => {
    expect(() => errorTextResult('x', 'extra' as unknown as JsonObject)).toThrow('errorTextResult: extra must be a plain object');
    expect(() => errorTextResult('x', undefined, { format: 'json' as ResultFormat })).toThrow(`errorTextResult: format must be one of`);
  });
});

describe('a success carries no isError', () => {
  // A server's own result type may be `{ …; isError?: true }`; `isError: false` would not fit it.
  type NarrowResult = { content: { type: 'text'; text: string }[]; structuredContent?: Record<string, unknown>; isError?: true };

  it('successResult and jsonResult have no isError key in any format', () => {
    for (const format of RESULT_FORMATS) {
      expect(successResult('ok', { a: 1 }, { format })).not.toHaveProperty('isError');
      expect(jsonResult([1], { format })).not.toHaveProperty('isError');
    }
    const narrow: NarrowResult[] = [successResult('ok'), jsonResult({ a: 1 }), errorResult('x'), errorTextResult('x')];
    expect(narrow.map((result) => result.isError)).toEqual([undefined, undefined, true, true]);
    // Code that reads isError on a union of results still compiles (tsc checks this file).
    const either: SuccessResult | ErrorResult = Math.random() > 2 ? errorResult('x') : successResult('ok');
    expect(either.isError).toBeUndefined();
  });
});

describe('jsonResult', () => {
  it('text is JSON.stringify(value, null, 2) and an object becomes structuredContent', () => {
    const value = { files: ['a', 'b'], count: 2 };
    expect(jsonResult(value)).toStrictEqual({
      content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
      structuredContent: value,
    });
  });

  it('wraps non-objects as { result }', () => {
    expect(jsonResult([1, 2]).structuredContent).toEqual({ result: [1, 2] });
    expect(jsonResult('hi').structuredContent).toEqual({ result: 'hi' });
    expect(jsonResult(null).structuredContent).toEqual({ result: null });
    expect(jsonResult(3).structuredContent).toEqual({ result: 3 });
    expect(text(jsonResult(false))).toBe('false');
  });

  it('honours indent, with 0 and empty string meaning compact', () => {
    const value = { a: [1, { b: 2 }] };
    expect(text(jsonResult(value, { indent: 0 }))).toBe('{"a":[1,{"b":2}]}');
    expect(text(jsonResult(value, { indent: '' }))).toBe('{"a":[1,{"b":2}]}');
    expect(text(jsonResult(value, { indent: 4 }))).toBe(JSON.stringify(value, null, 4));
    expect(text(jsonResult(value, { indent: '\t' }))).toBe(JSON.stringify(value, null, '\t'));
  });

  const awkward: [string, unknown][] = [
    ['dates', { at: new Date(1_700_000_000_000), list: [new Date(0)] }],
    ['undefined properties and array items', { a: undefined, b: [undefined, 1], c: 2 }],
    ['non-finite numbers and -0', { nan: NaN, inf: Infinity, ninf: -Infinity, z: -0, arr: [NaN] }],
    ['boxed primitives', { s: new String('s'), n: new Number(4), b: new Boolean(false) }],
    ['custom toJSON with key', { a: { toJSON: (key: string) => `key=${key}` }, list: [{ toJSON: (k: string) => k }] }],
    ['Buffer (toJSON)', { buf: Buffer.from('hi') }],
    ['Map/Set/RegExp/class instance', { m: new Map([[1, 2]]), s: new Set([1]), r: /x/g, c: new (class P { x = 1; })() }],
    ['unicode and escapes', { s: 'héllo — 日本 🎉 "quoted" \\ \n\t\u2028' }],
    ['shared non-circular reference', (() => { const shared = { v: 1 }; return { a: shared, b: shared, c: [shared] }; })()],
    ['sparse array', [1, , 3]], // eslint-disable-line no-sparse-arrays
    ['typed array', { t: new Uint8Array([1, 2]) }],
    ['nested empty', { a: {}, b: [], c: [[]] }],
    ['__proto__ key from JSON.parse', JSON.parse('{"__proto__": {"x": 1}, "y": 2}')],
    ['string root', 'plain'],
    ['number root', 1.5e300],
  ];
  for (const [name, value] of awkward) {
    for (const indent of [2, 0, 4, '  ', '']) {
      it(`text equals JSON.stringify for ${name} (indent ${JSON.stringify(indent)})`, () => {
        expect(text(jsonResult(value, { indent }))).toBe(JSON.stringify(value, null, indent));
      });
    }
  }

  it('evaluates getters and toJSON once', () => {
    let calls = 0;
    const value = {
      get expensive() {
        calls += 1;
        return calls;
      },
    };
    const result = jsonResult(value);
    expect(calls).toBe(1);
    expect(text(result)).toBe('{\n  "expensive": 1\n}');
    expect(result.structuredContent).toEqual({ expensive: 1 });
  });

  it('keeps a __proto__ key as data, not as the prototype', () => {
    const result = jsonResult(JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(Object.keys(result.structuredContent ?? {})).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expectValid(result);
  });

  it('readable drops structuredContent, structured keeps the JSON text', () => {
    expect(jsonResult({ a: 1 }, { format: 'readable' })).toStrictEqual({ content: [{ type: 'text', text: '{\n  "a": 1\n}' }] });
    expect(jsonResult({ a: 1 }, { format: 'structured' })).toEqual(jsonResult({ a: 1 }));
  });

  it('drops nested functions and symbols exactly as JSON.stringify does', () => {
    expect(text(jsonResult({ f: () => 1, a: 1 }))).toBe(JSON.stringify({ f: () => 1, a: 1 }, null, 2));
    expect(text(jsonResult([Symbol('s')]))).toBe(JSON.stringify([Symbol('s')], null, 2));
  });

  it('throws with a path where JSON.stringify would throw', () => {
    expect(() => jsonResult({ n: 1n })).toThrow(new TypeError('value.n is a BigInt; convert it (e.g. String(x)) before returning it'));
    expect(() => jsonResult((() => 1) as unknown)).toThrow(new TypeError('value is a function; it has no JSON form, return data instead'));
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => jsonResult(loop)).toThrow('value.self is a circular reference (back to value)');
  });

  it('rejects undefined and bad options', () => {
    expect(() => jsonResult(undefined)).toThrow('jsonResult: value is undefined, which has no JSON representation');
    expect(() => jsonResult({}, { indent: true as unknown as number })).toThrow('jsonResult: indent must be a number or a string, got boolean');
    expect(() => jsonResult({}, { format: 'x' as ResultFormat })).toThrow("jsonResult: format must be one of 'readable', 'structured', 'both'");
    expect(() => jsonResult({}, 2 as unknown as { indent: number })).toThrow('jsonResult: options must be an object, got number');
  });
});

describe('createResultHelpers', () => {
  it('applies the server default format', () => {
    const helpers = createResultHelpers({ format: 'readable' });
    expect('structuredContent' in helpers.successResult('ok', { a: 1 })).toBe(false);
    expect('structuredContent' in helpers.errorResult('bad', { a: 1 })).toBe(false);
    expect('structuredContent' in helpers.jsonResult({ a: 1 })).toBe(false);
    expect('structuredContent' in helpers.toCallToolResult({ a: 1 })).toBe(false);
  });

  it('lets a per-call format override the default', () => {
    const helpers = createResultHelpers({ format: 'readable' });
    expect(helpers.successResult('ok', { a: 1 }, { format: 'both' }).structuredContent).toEqual({ a: 1 });
    expect(helpers.errorResult('bad', undefined, { format: 'structured' }).structuredContent).toEqual({ error: 'bad' });
    expect(helpers.jsonResult([1], { format: 'both', indent: 0 })).toEqual(jsonResult([1], { indent: 0 }));
  });

  it('defaults to both when no format is given', () => {
    const helpers = createResultHelpers({});
    expect(helpers.successResult('ok', { a: 1 })).toEqual(successResult('ok', { a: 1 }));
    expect(createResultHelpers(undefined as unknown as object).successResult('ok', { a: 1 })).toEqual(successResult('ok', { a: 1 }));
  });

  it('structured default turns display into JSON text', () => {
    const { successResult: ok } = createResultHelpers({ format: 'structured' });
    expect(text(ok('ok', { a: 1 }))).toBe('{\n  "a": 1\n}');
  });

  it('rejects an invalid default format', () => {
    expect(() => createResultHelpers({ format: 'rich' as ResultFormat })).toThrow(
      new TypeError(`createResultHelpers: format must be one of 'readable', 'structured', 'both', got "rich"`),
    );
    expect(() => createResultHelpers('both' as unknown as object)).toThrow('createResultHelpers: options must be an object, got string');
  });
});

describe('createResultHelpers({ protocolVersion })', () => {
  const modern = createResultHelpers({ protocolVersion: '2026-07-28' });

  it('keeps a non-object JSON value as structuredContent from 2026-07-28 on (SEP-2106)', () => {
    expect(modern.jsonResult([1, 2], { indent: 0 })).toStrictEqual({ content: [{ type: 'text', text: '[1,2]' }], structuredContent: [1, 2] });
    expect(modern.jsonResult('ok').structuredContent).toBe('ok');
    expect(modern.jsonResult(null).structuredContent).toBeNull();
    expect(modern.jsonResult(0).structuredContent).toBe(0);
    expect(modern.jsonResult({ a: 1 }).structuredContent).toEqual({ a: 1 });
    expect(modern.toCallToolResult('[1,2]')).toEqual({ content: [{ type: 'text', text: '[1,2]' }], structuredContent: [1, 2] });
    expect(modern.toCallToolResult([{ id: 1 }]).structuredContent).toEqual([{ id: 1 }]);
  });

  it('wraps it as { result } for earlier versions and by default, as the SDK v2 does for a 2025 client', () => {
    for (const helpers of [createResultHelpers(), createResultHelpers({ protocolVersion: '2025-11-25' }), createResultHelpers({ protocolVersion: '2025-06-18' })]) {
      expect(helpers.jsonResult([1, 2], { indent: 0 })).toEqual({ content: [{ type: 'text', text: '[1,2]' }], structuredContent: { result: [1, 2] } });
      expect(helpers.toCallToolResult('[1,2]').structuredContent).toEqual({ result: [1, 2] });
    }
    expect(jsonResult([1, 2])).toEqual(createResultHelpers({ protocolVersion: '2025-11-25' }).jsonResult([1, 2]));
  });

  it('changes nothing else: the text, successResult, errorResult and the format are the same on every version', () => {
    const legacy = createResultHelpers({ protocolVersion: '2025-11-25' });
    expect(modern.jsonResult([1, 2]).content[0].text).toBe(JSON.stringify([1, 2], null, 2));
    expect(modern.successResult('ok', { a: 1 })).toEqual(legacy.successResult('ok', { a: 1 }));
    expect(modern.errorResult(new Error('bad'), { code: 1 })).toEqual(legacy.errorResult(new Error('bad'), { code: 1 }));
    expect(modern.jsonResult({ a: 1 })).toEqual(legacy.jsonResult({ a: 1 }));
    expect('structuredContent' in createResultHelpers({ protocolVersion: '2026-07-28', format: 'readable' }).jsonResult([1])).toBe(false);
  });

  it('passes a 2026-07-28 result with non-object structuredContent through toCallToolResult unchanged', () => {
    const result = { content: [{ type: 'text', text: '3' }], structuredContent: 3 };
    expect(modern.toCallToolResult(result)).toBe(result);
    // Before 2026-07-28 it is no valid result, so it is treated as data.
    expect(createResultHelpers().toCallToolResult(result).structuredContent).toEqual(result);
  });

  it('rejects a version that is not a released protocol date, naming the known ones', () => {
    const known = '2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28';
    expect(() => createResultHelpers({ protocolVersion: '2026-01-01' as '2026-07-28' })).toThrow(
      new TypeError(`createResultHelpers: protocolVersion must be a released MCP protocol version (${known}), got "2026-01-01"`),
    );
    expect(() => createResultHelpers({ protocolVersion: 20260728 as unknown as '2026-07-28' })).toThrow(`(${known}), got number`);
  });
});

describe('every helper and format yields a valid CallToolResult', () => {
  const formats: ResultFormat[] = ['readable', 'structured', 'both'];
  for (const format of formats) {
    const helpers = createResultHelpers({ format });
    const cases: [string, () => CallToolResult][] = [
      ['successResult with data', () => successResult('ok', { a: [1, { b: new Date(0) }] }, { format })],
      ['successResult without data', () => successResult('ok', undefined, { format })],
      ['errorResult', () => errorResult('bad', { code: 1 }, { format })],
      ['errorResult(Error)', () => errorResult(new Error('bad'), undefined, { format })],
      ['jsonResult(object)', () => jsonResult({ a: 1 }, { format })],
      ['jsonResult(array)', () => jsonResult([1, 'two'], { format })],
      ['jsonResult(primitive)', () => jsonResult(7, { format })],
      ['helpers.successResult', () => helpers.successResult('ok', { a: 1 })],
      ['helpers.errorResult', () => helpers.errorResult('bad')],
      ['helpers.jsonResult', () => helpers.jsonResult({ a: 1 })],
      ['helpers.toCallToolResult(string)', () => helpers.toCallToolResult('text')],
      ['helpers.toCallToolResult(JSON string)', () => helpers.toCallToolResult('[1,2]')],
      ['helpers.toCallToolResult(object)', () => helpers.toCallToolResult({ success: false })],
      ['helpers.toCallToolResult(null)', () => helpers.toCallToolResult(null)],
    ];
    for (const [name, make] of cases) {
      it(`${name} (${format})`, () => expectValid(make()));
    }
  }
});

describe("jsonResult's and successResult's serialisation options (JSON.stringify's replacer and space)", () => {
  const bigints = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);
  const hideToken = function (this: unknown, key: string, value: unknown) {
    return key === 'token' ? undefined : value;
  };

  it.each([
    ['a BigInt replacer, indent 2', { id: 7n, tags: ['a'] }, bigints, 2],
    ['a redacting replacer, compact', { user: 'ada', token: 's3cret' }, hideToken, undefined],
    ['an array of keys, tab indent', { a: 1, b: { a: 2, c: 3 }, c: 4 }, ['a', 'b'], '\t'],
  ] as const)('%s: the text is byte for byte JSON.stringify(value, replacer, space), structuredContent is that text parsed', (_name, value, replacer, space) => {
    const expected = JSON.stringify(value, replacer as unknown as Parameters<typeof JSON.stringify>[1], space);
    const result = jsonResult(value, { replacer, space });
    expect(result).toStrictEqual({ content: [{ type: 'text', text: expected }], structuredContent: JSON.parse(expected) });
  });

  it('what the replacer leaves out is not in structuredContent either', () => {
    expect(jsonResult({ user: 'ada', token: 's3cret' }, { replacer: hideToken }).structuredContent).toStrictEqual({ user: 'ada' });
  });

  it.each([undefined, 0, '', 4, '--', 20])('space %j is passed as it is (undefined gives compact JSON, as JSON.stringify does)', (space) => {
    const value = { a: [1, { b: 2 }] };
    expect(jsonResult(value, { space }).content[0].text).toBe(JSON.stringify(value, null, space));
  });

  it('space that is not a number or a string is ignored as JSON.stringify ignores it (a JavaScript caller)', () => {
    const value = { a: 1 };
    expect(jsonResult(value, { space: false as unknown as number }).content[0].text).toBe(JSON.stringify(value, null, false as unknown as number));
  });

  it('without space, indent still defaults to 2 with a replacer; { indent: undefined } still means 2', () => {
    expect(jsonResult({ a: 1n }, { replacer: bigints }).content[0].text).toBe('{\n  "a": "1"\n}');
    expect(jsonResult({ a: 1 }, { indent: undefined }).content[0].text).toBe('{\n  "a": 1\n}');
  });

  it('a non-object value is wrapped as { result } for structuredContent, as without a replacer', () => {
    expect(jsonResult([1n, 2n], { replacer: bigints, indent: 0 })).toStrictEqual({ content: [{ type: 'text', text: '["1","2"]' }], structuredContent: { result: ['1', '2'] } });
  });

  it('clear errors for a bad replacer, indent with space, and a replacer that leaves nothing', () => {
    expect(() => jsonResult({}, { replacer: 'token' as unknown as null })).toThrow(new TypeError('jsonResult: replacer must be a function, an array or null, got string'));
    expect(() => jsonResult({}, { indent: 2, space: 4 })).toThrow(new TypeError('jsonResult: pass indent or space, not both'));
    expect(() => jsonResult({}, { replacer: () => undefined })).toThrow(new TypeError('jsonResult: the replacer left nothing to write'));
  });

  it('replacer: null is JSON.stringify without one', () => {
    expect(jsonResult({ a: 1 }, { replacer: null, indent: 0 })).toStrictEqual(jsonResult({ a: 1 }, { indent: 0 }));
  });

  it('successResult applies the replacer to data before it becomes structuredContent; the display text is its own', () => {
    expect(successResult('Found 1 user', { user: 'ada', token: 's3cret', id: 7n }, { replacer: (key, value) => (key === 'token' ? undefined : bigints(key, value)) })).toStrictEqual({
      content: [{ type: 'text', text: 'Found 1 user' }],
      structuredContent: { user: 'ada', id: '7' },
    });
    expect(() => successResult('x', {}, { replacer: 3 as unknown as null })).toThrow(/^successResult: replacer must be a function/);
  });
});

describe("jsonResult's stringify option (the server's own JSON helper writes the text)", () => {
  const bigintsPretty = (value: unknown): string => JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item), 2);

  it('the text is exactly what the helper returns, structuredContent is that text parsed', () => {
    const value = { id: 7n, tags: ['a'] };
    expect(jsonResult(value, { stringify: bigintsPretty })).toStrictEqual({ content: [{ type: 'text', text: bigintsPretty(value) }], structuredContent: { id: '7', tags: ['a'] } });
  });

  it('the helper is called once, with the value as its only argument and no this', () => {
    const calls: unknown[][] = [];
    const receivers: unknown[] = [];
    const helper = function (this: unknown, ...args: unknown[]): string {
      calls.push(args);
      receivers.push(this);
      return JSON.stringify(args[0]);
    };
    jsonResult({ a: 1 }, { stringify: helper });
    expect(calls).toStrictEqual([[{ a: 1 }]]);
    expect(receivers).toStrictEqual([undefined]);
  });

  it('a non-object value is wrapped as { result } for structuredContent', () => {
    expect(jsonResult([1n], { stringify: bigintsPretty }).structuredContent).toStrictEqual({ result: ['1'] });
  });

  it('text that is not JSON stays the text, without structuredContent (what the client read before)', () => {
    expect(jsonResult({ a: 1 }, { stringify: () => 'a: 1' })).toStrictEqual({ content: [{ type: 'text', text: 'a: 1' }] });
  });

  it('readable format: the text only', () => {
    expect(createResultHelpers({ format: 'readable' }).jsonResult({ a: 1n }, { stringify: bigintsPretty })).toStrictEqual({ content: [{ type: 'text', text: '{\n  "a": "1"\n}' }] });
  });

  it('clear errors: not a function, not a string back, and stringify with replacer, indent or space', () => {
    const misuse = new TypeError('jsonResult: stringify must be a function, without replacer, indent or space');
    expect(() => jsonResult({}, { stringify: 'JSON' as unknown as () => string })).toThrow(misuse);
    expect(() => jsonResult({}, { stringify: () => undefined as unknown as string })).toThrow(new TypeError('jsonResult: stringify left nothing to write'));
    expect(() => jsonResult({}, { stringify: bigintsPretty, indent: 2 })).toThrow(misuse);
    expect(() => jsonResult({}, { stringify: bigintsPretty, space: undefined })).toThrow(misuse);
    expect(() => jsonResult({}, { stringify: bigintsPretty, replacer: (_key, item: unknown) => item })).toThrow(misuse);
  });
});
