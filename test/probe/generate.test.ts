// The argument generator over a table of input schemas in the shapes real servers publish (zod v3
// and v4 output, hand-written JSON Schema): valid arguments must validate, invalid ones must not.
import { describe, expect, it } from 'vitest';
import { invalidArguments, sampleValue, validArguments } from '../../cli/probe/generate.js';
import { validate } from '../../cli/probe/schema.js';
import type { JsonObject } from '../../cli/probe/types.js';

const obj = (properties: JsonObject, required: string[] = Object.keys(properties), extra: JsonObject = {}): JsonObject => ({ type: 'object', properties, required, ...extra });

interface Case {
  name: string;
  schema: JsonObject | undefined;
  /** The exact valid arguments expected. */
  valid: JsonObject;
  /** What the invalid call does (its note), or null when none can be built. */
  invalid: string | RegExp | null;
}

const CASES: Case[] = [
  { name: 'no inputSchema at all', schema: undefined, valid: {}, invalid: null },
  { name: 'an empty object schema', schema: { type: 'object' }, valid: {}, invalid: null },
  { name: 'a closed empty object (zod v4 z.object({}))', schema: { type: 'object', properties: {}, additionalProperties: false }, valid: {}, invalid: "unexpected property 'unexpectedProbeArgument'" },
  { name: 'one required string', schema: obj({ id: { type: 'string' } }), valid: { id: 'example' }, invalid: "required property 'id' left out" },
  { name: 'optional properties are left out', schema: obj({ id: { type: 'string' }, verbose: { type: 'boolean' } }, ['id']), valid: { id: 'example' }, invalid: "required property 'id' left out" },
  { name: 'only optional properties: a wrong type is the invalid call', schema: obj({ region: { type: 'string', enum: ['north', 'south'] } }, []), valid: {}, invalid: "'region' set to 12345" },
  { name: 'enum: the first value', schema: obj({ status: { type: 'string', enum: ['open', 'resolved', 'all'] } }), valid: { status: 'open' }, invalid: "required property 'status' left out" },
  { name: 'const', schema: obj({ kind: { const: 'incident' } }), valid: { kind: 'incident' }, invalid: "required property 'kind' left out" },
  { name: 'default wins over the type', schema: obj({ hours: { type: 'integer', default: 6 } }), valid: { hours: 6 }, invalid: "required property 'hours' left out" },
  { name: 'examples', schema: obj({ city: { type: 'string', examples: ['Seattle'] } }), valid: { city: 'Seattle' }, invalid: "required property 'city' left out" },
  { name: 'integer with minimum above 1', schema: obj({ page: { type: 'integer', minimum: 5, maximum: 10 } }), valid: { page: 5 }, invalid: "required property 'page' left out" },
  { name: 'number with maximum below 1', schema: obj({ ratio: { type: 'number', minimum: 0, maximum: 0.5 } }), valid: { ratio: 0.5 }, invalid: "required property 'ratio' left out" },
  { name: 'exclusiveMinimum (draft 2020 number form)', schema: obj({ n: { type: 'integer', exclusiveMinimum: 10 } }), valid: { n: 11 }, invalid: "required property 'n' left out" },
  { name: 'multipleOf', schema: obj({ step: { type: 'integer', minimum: 1, multipleOf: 15 } }), valid: { step: 15 }, invalid: "required property 'step' left out" },
  { name: 'string formats', schema: obj({ when: { type: 'string', format: 'date-time' }, mail: { type: 'string', format: 'email' }, site: { type: 'string', format: 'uri' }, id: { type: 'string', format: 'uuid' } }), valid: { when: '2024-01-01T00:00:00Z', mail: 'probe@example.com', site: 'https://example.com/', id: '00000000-0000-4000-8000-000000000000' }, invalid: "required property 'when' left out" },
  { name: 'minLength pads, maxLength cuts', schema: obj({ code: { type: 'string', minLength: 10 }, tag: { type: 'string', maxLength: 3 } }), valid: { code: 'examplexxx', tag: 'exa' }, invalid: "required property 'code' left out" },
  { name: 'a pattern the candidates satisfy', schema: obj({ sku: { type: 'string', pattern: '^[A-Z]+-\\d+$' } }), valid: { sku: 'AB-12' }, invalid: "required property 'sku' left out" },
  { name: 'a nested object, required all the way down', schema: obj({ filter: obj({ from: { type: 'string', format: 'date' }, limit: { type: 'integer', minimum: 1, maximum: 100 } }, ['from']) }), valid: { filter: { from: '2024-01-01' } }, invalid: "required property 'filter' left out" },
  { name: 'an array with minItems', schema: obj({ ids: { type: 'array', items: { type: 'string' }, minItems: 2 } }), valid: { ids: ['example', 'example'] }, invalid: "required property 'ids' left out" },
  { name: 'an array of unique integers', schema: obj({ ids: { type: 'array', items: { type: 'integer' }, minItems: 3, uniqueItems: true } }), valid: { ids: [1, 2, 3] }, invalid: "required property 'ids' left out" },
  { name: 'nullable type list (zod .nullable())', schema: obj({ note: { type: ['string', 'null'] } }), valid: { note: 'example' }, invalid: "required property 'note' left out" },
  { name: 'anyOf picks a non-null branch (zod v4 optional nullable)', schema: obj({ limit: { anyOf: [{ type: 'null' }, { type: 'integer', minimum: 2 }] } }), valid: { limit: 2 }, invalid: "required property 'limit' left out" },
  {
    name: 'local $ref into $defs',
    schema: { type: 'object', properties: { range: { $ref: '#/$defs/range' } }, required: ['range'], $defs: { range: obj({ start: { type: 'integer', minimum: 0 } }) } },
    valid: { range: { start: 1 } },
    invalid: "required property 'range' left out",
  },
  {
    name: 'draft-07 definitions (zod-to-json-schema)',
    schema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { who: { $ref: '#/definitions/user' } }, required: ['who'], additionalProperties: false, definitions: { user: obj({ name: { type: 'string', minLength: 1 } }) } },
    valid: { who: { name: 'example' } },
    invalid: "required property 'who' left out",
  },
  { name: 'allOf merges object parts', schema: { allOf: [obj({ a: { type: 'string' } }), obj({ b: { type: 'boolean' } })] }, valid: { a: 'example', b: false }, invalid: /left out|set to|unexpected/ },
  { name: 'minProperties takes optional properties too', schema: obj({ a: { type: 'string' }, b: { type: 'string' } }, [], { minProperties: 1 }), valid: { a: 'example' }, invalid: "'a' set to 12345" },
];

describe('generated arguments', () => {
  it.each(CASES)('$name', ({ schema, valid, invalid }) => {
    const generated = validArguments(schema);
    expect(generated.arguments).toEqual(valid);
    expect(generated.note).toBeUndefined();
    if (schema) expect(validate(schema, generated.arguments, 'arguments')).toEqual({ valid: true });
    const refused = invalidArguments(schema);
    if (invalid === null) {
      expect(refused).toBeNull();
      return;
    }
    expect(refused).not.toBeNull();
    if (typeof invalid === 'string') expect(refused!.note).toBe(invalid);
    else expect(refused!.note).toMatch(invalid);
    expect(validate(schema!, refused!.arguments, 'arguments').valid, JSON.stringify(refused)).toBe(false);
  });

  it('says so when it cannot satisfy a pattern, and still makes the call', () => {
    const generated = validArguments(obj({ key: { type: 'string', pattern: '^sk_live_[0-9a-f]{24}$' } }));
    expect(generated.arguments).toEqual({ key: 'example' });
    expect(generated.note).toMatch(/^generated arguments may be invalid: arguments\/key must match pattern/);
  });

  it('makes no invalid call when the schema does not compile, instead of guessing', () => {
    const broken = obj({ a: { type: 'no-such-type' } });
    expect(validArguments(broken).note).toMatch(/does not compile/);
    expect(invalidArguments(broken)).toBeNull();
  });

  it('stops at recursive schemas', () => {
    const tree: JsonObject = { type: 'object', properties: { child: { $ref: '#' } }, required: ['child'] };
    const value = sampleValue(tree, tree);
    let depth = 0;
    for (let node = value as JsonObject | null; node && typeof node === 'object'; node = node.child as JsonObject | null) depth++;
    expect(depth).toBeGreaterThan(3);
    expect(depth).toBeLessThan(20);
  });
});
