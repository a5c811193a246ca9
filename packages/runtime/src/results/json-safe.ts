/**
 * JSON-safety for structuredContent.
 *
 * `toJsonSafe` produces the value `JSON.parse(JSON.stringify(value))` would give,
 * without the round trip, so `JSON.stringify(toJsonSafe(v), null, n)` is byte-for-byte
 * `JSON.stringify(v, null, n)`. The difference is in what it refuses: JSON.stringify throws an
 * unhelpful message for BigInts and cycles; here both throw a TypeError naming where the bad value
 * sits. Functions and symbols are dropped exactly as JSON.stringify drops them, because migrated
 * code relies on jsonResult(x) giving the text JSON.stringify(x) gave.
 */

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Describe a value's type for error messages: `null`, `array`, `Date`, `number`, … */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') {
    const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)?.constructor?.name;
    return typeof name === 'string' && name !== '' && name !== 'Object' ? name : 'object';
  }
  return typeof value;
}

/** True for a non-null, non-array object: the only shape `structuredContent` accepts. */
export function isJsonObjectLike(value: unknown): value is { [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function childPath(path: string, key: string): string {
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

interface Ancestor {
  value: object;
  path: string;
}

/**
 * Convert a value to plain JSON data (objects, arrays, strings, finite numbers, booleans, null).
 *
 * - `toJSON()` is honoured (Dates become ISO strings), called with the same key argument
 *   JSON.stringify passes.
 * - `undefined` object properties are dropped; `undefined` array items become `null`.
 * - `NaN`, `Infinity`, `-Infinity` become `null`; `-0` becomes `0`.
 * - Boxed primitives (`new String('x')`) are unwrapped.
 * - Functions and symbols are dropped from objects and become `null` in arrays (as in JSON).
 * - BigInts and circular references throw a TypeError naming `path`.
 *
 * Returns `undefined` only when the root itself is `undefined` (JSON has no representation).
 */
export function toJsonSafe(value: unknown, path = 'value'): unknown {
  // Nested functions and symbols vanish as in JSON; a root one would leave nothing to return.
  if (typeof value === 'function' || typeof value === 'symbol') {
    throw new TypeError(`${path} is a ${typeof value}; it has no JSON form, return data instead`);
  }
  return convert(value, '', path, []);
}

function convert(input: unknown, key: string, path: string, ancestors: Ancestor[]): unknown {
  let value = input;
  // Same step order as JSON.stringify's SerializeJSONProperty: toJSON first, then unboxing.
  if ((typeof value === 'object' && value !== null) || typeof value === 'bigint') {
    const toJSON: unknown = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = (toJSON as (this: unknown, key: string) => unknown).call(value, key);
  }
  if (value instanceof Number) value = Number(value);
  else if (value instanceof String) value = String(value);
  else if (value instanceof Boolean) value = value.valueOf();
  else if (value instanceof BigInt) value = value.valueOf();

  switch (typeof value) {
    case 'undefined':
      return undefined;
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) return null;
      return Object.is(value, -0) ? 0 : value;
    case 'bigint':
      throw new TypeError(`${path} is a BigInt; convert it (e.g. String(x)) before returning it`);
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return null;

  const object = value as object;
  const ancestor = ancestors.find((a) => a.value === object);
  if (ancestor) {
    throw new TypeError(
      `${path} is a circular reference (back to ${ancestor.path}); return a copy without the cycle`,
    );
  }
  ancestors.push({ value: object, path });
  try {
    if (Array.isArray(object)) {
      const out: unknown[] = [];
      for (let i = 0; i < object.length; i++) {
        const item = convert(object[i], String(i), `${path}[${i}]`, ancestors);
        out.push(item === undefined ? null : item);
      }
      return out;
    }
    const entries: [string, unknown][] = [];
    for (const k of Object.keys(object)) {
      const item = convert((object as Record<string, unknown>)[k], k, childPath(path, k), ancestors);
      if (item !== undefined) entries.push([k, item]);
    }
    // fromEntries defines own properties, so a "__proto__" key stays data instead of
    // replacing the prototype (the same thing JSON.parse does).
    return Object.fromEntries(entries);
  } finally {
    ancestors.pop();
  }
}
