// The masker: volatile values become placeholders, stable ones stay, user rules extend the defaults.
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { maskOutcome, maskRules, maskText, maskValue } from '../../cli/probe/mask.js';

const defaults = maskRules();

describe('default masks', () => {
  it.each([
    ['ISO timestamp with Z', 'Opened: 2025-06-01T10:42:07Z', 'Opened: <timestamp>'],
    ['ISO timestamp with millis and offset', 'at 2024-02-29T23:59:59.123+02:00.', 'at <timestamp>.'],
    ['timestamp with a space and no seconds', 'last run 2024-01-05 08:30', 'last run <timestamp>'],
    ['HTTP date', 'Last-Modified: Tue, 05 Mar 2024 10:00:00 GMT', 'Last-Modified: <timestamp>'],
    ['epoch milliseconds', '{"createdAt":1717236127000}', '{"createdAt":<epoch-ms>}'],
    ['uuid in any case', 'request 3F2504E0-4F89-41D3-9A0C-0305E82C3301 done', 'request <uuid> done'],
    ['Mongo-style object id', 'id 507f1f77bcf86cd799439011', 'id <hex-id>'],
    ['pid in text', 'worker pid 48213 started', 'worker pid <pid> started'],
    ['pid in JSON', '{"pid": 48213}', '{"pid": <pid>}'],
    ['PID: in capitals', 'PID: 7', 'PID: <pid>'],
    ['elapsed time', 'query took 153 ms, elapsed: 1.2s', 'query took <duration>, elapsed: <duration>'],
    ['a temp path', `wrote ${path.join(os.tmpdir(), 'mrk-abc123', 'out.json')} ok`, 'wrote <tmp> ok'],
    ['/tmp in JSON', '{"file":"/tmp/probe-x/a.txt","n":1}', '{"file":"<tmp>","n":1}'],
    ['macOS temp folder', 'see /var/folders/kq/xyz123/T/tmp.abc/log', 'see <tmp>'],
  ])('%s', (_name, input, expected) => {
    expect(maskText(input, defaults)).toBe(expected);
  });

  it.each([
    ['a date without a time', 'Forecast for 2024-06-01'],
    ['small numbers and counts', '3 incidents, 12 stations, 1500 units'],
    ['short hex words', 'colour #ff0000, sha abc123'],
    ['a year in prose', 'since 2019, about 48213 requests'],
    ['a /tmp-like word that is no path', 'the tmp folder and tmpfiles'],
    ['an SKU', 'ANEM-200 (Anemometer): 4 at SEA depot'],
  ])('leaves %s alone', (_name, input) => {
    expect(maskText(input, defaults)).toBe(input);
  });

  it('masks every string of a result, deep, without changing the input', () => {
    const result = { content: [{ type: 'text', text: 'at 2025-01-01T00:00:00Z' }], structuredContent: { items: [{ id: '507f1f77bcf86cd799439011', n: 3 }] } };
    const copy = structuredClone(result);
    expect(maskValue(result, defaults)).toEqual({ content: [{ type: 'text', text: 'at <timestamp>' }], structuredContent: { items: [{ id: '<hex-id>', n: 3 }] } });
    expect(result).toEqual(copy);
  });

  it('masks a millisecond timestamp that is a JSON number, and no other number', () => {
    expect(maskValue({ usageStats: { firstUsed: 1795732077186, totalToolCalls: 42, size: 1234567890123456 } }, defaults)).toEqual({ usageStats: { firstUsed: '<epoch-ms>', totalToolCalls: 42, size: 1234567890123456 } });
  });

  it('masks outcomes of every kind', () => {
    expect(maskOutcome({ type: 'crash', message: 'exited; pid 4242' }, defaults)).toEqual({ type: 'crash', message: 'exited; pid <pid>' });
    expect(maskOutcome({ type: 'protocol-error', code: -32603, message: 'at 2025-01-01T00:00:00Z', data: { when: 'took 5 ms' } }, defaults)).toEqual({
      type: 'protocol-error',
      code: -32603,
      message: 'at <timestamp>',
      data: { when: 'took <duration>' },
    });
    expect(maskOutcome({ type: 'timeout', timeoutMs: 100 }, defaults)).toEqual({ type: 'timeout', timeoutMs: 100 });
  });

  it('is idempotent: masking a masked value changes nothing', () => {
    const once = maskText('2025-06-01T10:42:07Z 507f1f77bcf86cd799439011 pid 3', defaults);
    expect(maskText(once, defaults)).toBe(once);
  });
});

describe('user masks', () => {
  it('adds text rules with flags and replacements', () => {
    const rules = maskRules([{ pattern: 'req-[0-9a-z]+', flags: 'i', replacement: '<request>' }, { pattern: 'seq \\d+' }]);
    expect(maskText('REQ-9x2 then seq 17', rules)).toBe('<request> then <masked>');
  });

  it('masks a property by name in objects and in JSON text, wherever it is', () => {
    const rules = maskRules([{ key: 'etag' }, { key: 'revision', replacement: '<rev>' }]);
    expect(maskValue({ a: { etag: 'W/"x"', revision: 12, keep: 'y' } }, rules)).toEqual({ a: { etag: '<masked>', revision: '<rev>', keep: 'y' } });
    expect(maskText('{"etag": "W/\\"x\\"", "revision":12, "keep":"y"}', rules)).toBe('{"etag": "<masked>", "revision":"<rev>", "keep":"y"}');
  });

  it('refuses a bad regular expression, naming it', () => {
    expect(() => maskRules([{ pattern: '([a-z' }])).toThrow(/mask\[0\]: \(\[a-z is not a valid regular expression/);
  });
});
