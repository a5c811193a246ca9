import { describe, expect, it } from 'vitest';
import { analyzeSourceFile, resolveHandlerOptions } from '../../../src/analyze/index.js';
import { checkDeclaredSchemas } from '../../../src/analyze/output-schema/index.js';
import { checkedProgram } from './program.js';

const PRELUDE = `
declare function jsonResult<T>(value: T): { content: { type: 'text'; text: string }[]; structuredContent: Record<string, unknown> };
declare const server: { registerTool(name: string, config: object, cb: (args: any) => unknown): void; setRequestHandler(schema: unknown, cb: (request: any) => unknown): void };
declare const CallToolRequestSchema: unknown;
declare const ListToolsRequestSchema: unknown;
`;

/** The findings about declared schemas in a type-checked file, as `problem property (actual/expected)` lines. */
function check(code: string): string[] {
  const fileName = '/project/server.ts';
  const text = `import { z } from 'zod';\n${PRELUDE}\n${code}`;
  const program = checkedProgram({ [fileName]: text });
  const sourceFile = program.getSourceFile(fileName)!;
  const checker = program.getTypeChecker();
  const options = resolveHandlerOptions({});
  const analysis = analyzeSourceFile(sourceFile, { handlerOptions: options, checker: () => checker });
  return checkDeclaredSchemas(analysis, sourceFile, checker, options).map((finding) =>
    [finding.toolName, finding.problem, finding.property, finding.actual && `${finding.actual} -> ${finding.expected}`].filter(Boolean).join(' '),
  );
}

describe('checkDeclaredSchemas', () => {
  it('reads zod modifiers that change what a schema accepts: extend, partial, nullish, discriminatedUnion, array()', () => {
    expect(
      check(`
const Base = z.object({ id: z.string() });
declare const kind: 'a' | 'b';
server.registerTool('ok', { outputSchema: Base.extend({ tags: z.string().array(), note: z.string().nullish() }) }, async () => jsonResult({ id: 'x', tags: ['t'], note: null }));
server.registerTool('partial', { outputSchema: z.object({ id: z.string(), count: z.number() }).partial() }, async () => jsonResult({ id: 'x', count: 1 }));
server.registerTool('shape', { outputSchema: { value: z.discriminatedUnion('kind', [z.object({ kind: z.literal('a') }), z.object({ kind: z.literal('b') })]) } }, async () => jsonResult({ value: { kind } }));
`),
    ).toEqual([]);
  });

  it('names a literal the schema does not list, an array item of another type, and a value of another kind', () => {
    expect(
      check(`
declare const state: 'open' | 'closed';
server.registerTool('t', { outputSchema: { state: z.enum(['open']), ids: z.array(z.number()), page: z.object({ n: z.number() }) } }, async () => jsonResult({ state, ids: ['a'], page: 3 }));
`),
    ).toEqual(['t type state "closed" -> "open"', 't type ids[] string -> number', 't type page number -> an object']);
  });

  it('reads a JSON Schema literal: anyOf, enum, const and additionalProperties; keywords it does not know say nothing', () => {
    expect(
      check(`
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [
  { name: 'a', inputSchema: {}, outputSchema: { type: 'object', properties: { v: { anyOf: [{ type: 'string' }, { type: 'null' }] }, k: { enum: ['x', 'y'] }, c: { const: 1 } }, required: ['v', 'k', 'c'], additionalProperties: { type: 'number' } } },
  { name: 'b', inputSchema: {}, outputSchema: { type: 'object', allOf: [{ $ref: '#/x' }] } },
] }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === 'a') return jsonResult({ v: 1, k: 'z' as const, c: 1 as const, more: 'text' });
  if (request.params.name === 'b') return jsonResult({ anything: true });
  return jsonResult({ v: null, k: 'x' as const, c: 1 as const });
});
`),
    ).toEqual(['a type v number -> string | null', 'a type k "z" -> "x" | "y"', 'a type more string -> number']);
  });
});
