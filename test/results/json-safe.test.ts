import { describe, expect, it } from 'vitest';
import { toJsonSafe } from '../../packages/runtime/src/index.js';

describe('toJsonSafe', () => {
  it('passes plain JSON data through as an equal copy', () => {
    const value = { a: 1, b: 'two', c: [true, null, { d: 1.5 }] };
    const safe = toJsonSafe(value);
    expect(safe).toEqual(value);
    expect(safe).not.toBe(value);
  });

  it('converts Dates to ISO strings and honours toJSON', () => {
    expect(toJsonSafe({ at: new Date('2024-05-06T07:08:09.010Z') })).toEqual({ at: '2024-05-06T07:08:09.010Z' });
    expect(toJsonSafe({ x: { toJSON: () => ({ nested: new Date(0) }) } })).toEqual({ x: { nested: '1970-01-01T00:00:00.000Z' } });
    expect(toJsonSafe(new Date(Number.NaN))).toBeNull();
  });

  it('drops undefined properties and nulls undefined array items', () => {
    expect(toJsonSafe({ a: undefined, b: 1 })).toEqual({ b: 1 });
    expect(Object.keys(toJsonSafe({ a: undefined, b: 1 }) as object)).toEqual(['b']);
    expect(toJsonSafe([undefined, 1])).toEqual([null, 1]);
  });

  it('turns NaN and infinities into null and -0 into 0', () => {
    expect(toJsonSafe([NaN, Infinity, -Infinity, -0])).toEqual([null, null, null, 0]);
    expect(Object.is((toJsonSafe([-0]) as number[])[0], 0)).toBe(true);
  });

  it('returns undefined for an undefined root', () => {
    expect(toJsonSafe(undefined)).toBeUndefined();
  });

  it('throws a TypeError naming the path of a BigInt', () => {
    expect(() => toJsonSafe({ items: [1, 2, { size: 5n }] }, 'structuredContent')).toThrow(
      new TypeError('structuredContent.items[2].size is a BigInt; convert it (e.g. String(x)) before returning it'),
    );
    expect(() => toJsonSafe(Object(5n))).toThrow('value is a BigInt');
  });

  it('honours BigInt.prototype.toJSON like JSON.stringify does', () => {
    const proto = BigInt.prototype as unknown as { toJSON?: () => string };
    proto.toJSON = function (this: bigint) {
      return this.toString();
    };
    try {
      expect(toJsonSafe({ n: 12n })).toEqual({ n: '12' });
    } finally {
      delete proto.toJSON;
    }
  });

  it('drops nested functions and symbols like JSON, and refuses them at the root', () => {
    expect(toJsonSafe({ 'my key': { run() {} }, keep: 1 })).toEqual({ 'my key': {}, keep: 1 });
    expect(toJsonSafe({ s: Symbol('x') }, 'data')).toEqual({});
    expect(toJsonSafe([() => 1, Symbol('y')])).toEqual([null, null]);
    expect(() => toJsonSafe(() => 1)).toThrow(new TypeError('value is a function; it has no JSON form, return data instead'));
    expect(() => toJsonSafe(Symbol('z'), 'data')).toThrow('data is a symbol');
  });

  it('throws for circular references, naming both ends', () => {
    const a: Record<string, unknown> = { list: [] };
    (a.list as unknown[]).push({ parent: a });
    expect(() => toJsonSafe(a, 'structuredContent')).toThrow(
      new TypeError(
        'structuredContent.list[0].parent is a circular reference (back to structuredContent); return a copy without the cycle',
      ),
    );
  });

  it('allows the same object in several places', () => {
    const shared = { v: 1 };
    expect(toJsonSafe({ a: shared, b: [shared, shared] })).toEqual({ a: { v: 1 }, b: [{ v: 1 }, { v: 1 }] });
  });

  it('ignores symbol keys and non-enumerable properties, as JSON does', () => {
    const value: Record<string | symbol, unknown> = { a: 1, [Symbol('hidden')]: 2 };
    Object.defineProperty(value, 'secret', { value: 3, enumerable: false });
    expect(toJsonSafe(value)).toEqual({ a: 1 });
  });

  it('keeps unicode strings intact', () => {
    const s = 'naïve 日本語 🎉 \u0000 \ud800';
    expect(toJsonSafe({ s })).toEqual({ s });
  });
});
