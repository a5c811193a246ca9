import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { typeToSchema } from '../../../src/analyze/output-schema/index.js';
import { schemaOfValue } from '../../../src/analyze/output-schema/value-schema.js';
import { checkedProgram } from './program.js';

/** Each `jsonResult(<value>)` of the file: its schema read cheaply, and as the checker types it. */
function bothWays(code: string): { cheap: unknown; checker: unknown }[] {
  const fileName = '/project/server.ts';
  const program = checkedProgram({
    [fileName]: `import { z } from 'zod';
declare function jsonResult<T>(value: T): { content: { type: 'text'; text: string }[] };
declare const server: { registerTool(name: string, config: { inputSchema?: object }, cb: (args: { id: string; kind: 'a' | 'b'; tags: string[] }) => unknown): void };
${code}`,
  });
  const sourceFile = program.getSourceFile(fileName)!;
  const checker = program.getTypeChecker();
  const values: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'jsonResult') values.push(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return values.map((value) => ({ cheap: schemaOfValue(value, checker), checker: typeToSchema(checker.getTypeAtLocation(value), checker, value) }));
}

describe('schemaOfValue (the checker asked as little as it can)', () => {
  it('reads object literals, declared return types, typed consts and zod input arguments as the checker types them', () => {
    const results = bothWays(`
interface Row { name: string; size?: number; seen: Date }
declare const store: { rows(query: string): Promise<Row[]>; count(): number };
server.registerTool('t', { inputSchema: { id: z.string(), kind: z.enum(['a', 'b']), tags: z.array(z.string()) } }, async ({ id, kind, tags }) => {
  const rows = await store.rows(id);
  const limit: number = 3;
  if (id === 'one') return jsonResult({ id, kind, tags, total: store.count(), first: rows[0].name, limit });
  return jsonResult({ rows, count: rows.length, nested: { size: 2, note: 'text' } });
});
`);
    for (const { cheap, checker } of results) expect(cheap).toEqual(checker);
  });

  it('widens a boolean literal in an object to boolean, where the checker may keep true: wider, never narrower', () => {
    const [result] = bothWays(`server.registerTool('t', {}, async () => jsonResult({ done: { ok: true } }));`);
    expect(result.cheap).toEqual({ schema: { type: 'object', properties: { done: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } }, required: ['done'] } });
  });

  it('leaves out an object literal key whose value is always undefined, which JSON.stringify drops', () => {
    const [result] = bothWays(`server.registerTool('t', {}, async ({ id }) => jsonResult({ id, cursor: undefined, more: void 0 }));`);
    expect(result.cheap).toEqual({ schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } });
    expect(result.cheap).toEqual(result.checker);
  });

  it('asks the checker for a reference whose declared type is a union, which a check may narrow', () => {
    const [result] = bothWays(`
declare function load(id: string): Promise<{ id: string } | undefined>;
server.registerTool('t', {}, async ({ id }) => {
  const item = await load(id);
  if (!item) return 'none';
  return jsonResult(item);
});
`);
    expect(result.cheap).toEqual({ schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } });
    expect(result.cheap).toEqual(result.checker);
  });
});
