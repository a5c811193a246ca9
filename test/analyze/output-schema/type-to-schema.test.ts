import { describe, expect, it } from 'vitest';
import { typeToSchema } from '../../../src/analyze/output-schema/type-to-schema.js';
import { declaredType } from './program.js';

function schemaOf(type: string, prelude = '') {
  const { type: resolved, checker, node } = declaredType(type, prelude);
  return typeToSchema(resolved, checker, node);
}

describe('typeToSchema', () => {
  it('writes primitives and required properties', () => {
    expect(schemaOf('{ id: string; count: number; done: boolean; parent: null }')).toEqual({
      schema: {
        type: 'object',
        properties: { id: { type: 'string' }, count: { type: 'number' }, done: { type: 'boolean' }, parent: { type: 'null' } },
        required: ['id', 'count', 'done', 'parent'],
      },
    });
  });

  it('leaves optional properties and properties that may be undefined out of required', () => {
    expect(schemaOf('{ id: string; note?: string; owner: string | undefined }')).toEqual({
      schema: { type: 'object', properties: { id: { type: 'string' }, note: { type: 'string' }, owner: { type: 'string' } }, required: ['id'] },
    });
  });

  it('turns literal unions into an enum, with null in it when the union has null', () => {
    expect(schemaOf("{ state: 'open' | 'closed'; level: 1 | 2 | null; flag: true }")).toEqual({
      schema: {
        type: 'object',
        properties: { state: { enum: ['open', 'closed'] }, level: { enum: [1, 2, null] }, flag: { enum: [true] } },
        required: ['state', 'level', 'flag'],
      },
    });
  });

  it('turns a union of shapes into anyOf', () => {
    expect(schemaOf('{ value: string | { at: number } | null }')).toEqual({
      schema: {
        type: 'object',
        properties: { value: { anyOf: [{ type: 'string' }, { type: 'object', properties: { at: { type: 'number' } }, required: ['at'] }, { type: 'null' }] } },
        required: ['value'],
      },
    });
  });

  it('writes nested arrays and tuples', () => {
    expect(schemaOf('{ grid: number[][]; pair: [string, number?] }')).toEqual({
      schema: {
        type: 'object',
        properties: {
          grid: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
          pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], minItems: 1, maxItems: 2 },
        },
        required: ['grid', 'pair'],
      },
    });
  });

  it('writes a Date as the ISO text JSON.stringify makes of it', () => {
    expect(schemaOf('{ createdAt: Date }')).toEqual({ schema: { type: 'object', properties: { createdAt: { type: 'string', format: 'date-time' } }, required: ['createdAt'] } });
  });

  it('writes records as additionalProperties', () => {
    expect(schemaOf('{ totals: Record<string, number> }')).toEqual({
      schema: { type: 'object', properties: { totals: { type: 'object', additionalProperties: { type: 'number' } } }, required: ['totals'] },
    });
  });

  it('takes descriptions from JSDoc on the properties', () => {
    expect(schemaOf('Item', 'interface Item {\n  /** The item\'s id in the store. */\n  id: string;\n}')).toEqual({
      schema: { type: 'object', properties: { id: { type: 'string', description: "The item's id in the store." } }, required: ['id'] },
    });
  });

  it('drops methods and function properties, as JSON.stringify does', () => {
    expect(schemaOf('{ id: string; refresh(): void; onChange: () => void }')).toEqual({ schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } });
  });

  it('leaves out a property typed undefined alone, as in the union TypeScript infers for object literals that differ in keys', () => {
    // A function returning `{ status, message }` or `{ status, task }` is typed as a union whose members
    // carry the other's keys as `message?: undefined` / `task?: undefined`: keys JSON.stringify never writes.
    const { type, checker, node } = declaredType('ReturnType<typeof pick>', "declare const flag: boolean;\nfunction pick() { return flag ? { status: 'error', message: 'none' } : { status: 'ok', task: { id: 1 } }; }");
    expect(typeToSchema(type, checker, node)).toEqual({
      schema: {
        anyOf: [
          { type: 'object', properties: { status: { type: 'string' }, message: { type: 'string' } }, required: ['status', 'message'] },
          { type: 'object', properties: { status: { type: 'string' }, task: { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] } }, required: ['status', 'task'] },
        ],
      },
    });
  });

  it('leaves out a property typed undefined or void', () => {
    expect(schemaOf('{ id: string; gone: undefined; nothing?: void }')).toEqual({ schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } });
  });

  it('refuses a bigint, which jsonResult throws on', () => {
    expect(schemaOf('{ size: bigint }')).toEqual({ reason: expect.stringMatching(/the value\.size is a bigint, which jsonResult refuses/) });
  });

  it.each([
    ['any', '{ data: any }', 'the value.data is typed any'],
    ['unknown', '{ data: unknown }', 'the value.data is typed unknown'],
    ['object', '{ data: object }', 'the value.data is typed object'],
    ['a record of unknown', 'Record<string, unknown>', 'the value is a record of unknown values'],
    ['an empty object type', '{}', 'names no keys'],
    ['a Map', '{ index: Map<string, number> }', 'a Map is written as {}'],
    ['a recursive type', 'Tree', 'recursive type'],
  ])('writes no schema for %s, and says why', (_name, type, reason) => {
    const outcome = schemaOf(type, 'interface Tree { children: Tree[] }');
    expect(outcome).not.toHaveProperty('schema');
    expect(outcome).toEqual({ reason: expect.stringContaining(reason) });
  });
});
