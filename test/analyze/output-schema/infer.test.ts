import { describe, expect, it } from 'vitest';
import { analyzeSourceFile, applyEdits, resolveHandlerOptions } from '../../../src/analyze/index.js';
import { inferOutputSchemas, outputSchemaEdit } from '../../../src/analyze/output-schema/index.js';
import { checkedProgram } from './program.js';

const PRELUDE = `
declare function jsonResult<T>(value: T): { content: { type: 'text'; text: string }[]; structuredContent: Record<string, unknown> };
declare function successResult<T extends object>(text: string, data?: T): { content: { type: 'text'; text: string }[]; structuredContent?: T };
declare function errorTextResult(text: string): { content: { type: 'text'; text: string }[]; isError: true };
declare function toCallToolResult(value: unknown): { content: { type: 'text'; text: string }[] };
declare const server: { registerTool(name: string, config: object, cb: (args: any) => unknown): void; tool(name: string, cb: (args: any) => unknown): void; setRequestHandler(schema: unknown, cb: (request: any) => unknown): void };
declare const CallToolRequestSchema: unknown;
declare const ListToolsRequestSchema: unknown;
`;

/** Every tool's inferred schema (or reason) in a type-checked file, and the file with each schema declared. */
function infer(code: string, options: { protocolVersion?: string; imports?: string } = {}) {
  const fileName = '/project/server.ts';
  const text = `${options.imports ?? "import { z } from 'zod';"}\n${PRELUDE}\n${code}`;
  const program = checkedProgram({ [fileName]: text });
  const sourceFile = program.getSourceFile(fileName)!;
  const checker = program.getTypeChecker();
  const handlerOptions = resolveHandlerOptions({ protocolVersion: options.protocolVersion ?? '2025-11-25' });
  const analysis = analyzeSourceFile(sourceFile, { handlerOptions, checker: () => checker });
  const tools = inferOutputSchemas(analysis, sourceFile, checker, { options: handlerOptions });
  const edits = tools.flatMap((tool) => {
    const outcome = outputSchemaEdit(tool, sourceFile);
    return 'edit' in outcome ? [outcome.edit] : [];
  });
  return { tools, migrated: applyEdits(text, edits).slice(text.indexOf(code)) };
}

describe('inferOutputSchemas', () => {
  it('derives one schema from every path of a registerTool handler; an error path adds its { error } (the SDK client validates it too)', () => {
    const { tools, migrated } = infer(`
interface Item {
  /** Where the item is stored. */
  id: string;
  tags?: string[];
}
server.registerTool('get_item', { inputSchema: { id: z.string() } }, async ({ id }) => {
  if (!id) return errorTextResult('Error: no id');
  const item: Item = { id };
  return jsonResult(item);
});
`);
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({
      toolName: 'get_item',
      line: 17,
      structured: true,
      schema: { type: 'object', properties: { error: { type: 'string' }, id: { type: 'string', description: 'Where the item is stored.' }, tags: { type: 'array', items: { type: 'string' } } } },
    });
    expect(migrated).toContain(`server.registerTool('get_item', { inputSchema: { id: z.string() }, outputSchema: {
  error: z.string().optional(),
  id: z.string().describe('Where the item is stored.').optional(),
  tags: z.array(z.string()).optional()
} }, async ({ id }) => {`);
  });

  it('merges the objects of different success paths into one that each fits', () => {
    const { tools } = infer(`
server.registerTool('status', {
  inputSchema: {},
}, async () => {
  if (Math.random() > 0.5) return jsonResult({ state: 'up' as const, since: new Date() });
  return successResult('down', { state: 'down' as const, reason: 'maintenance' });
});
`);
    expect(tools[0].schema).toEqual({
      type: 'object',
      properties: { state: { enum: ['up', 'down'] }, since: { type: 'string', format: 'date-time' }, reason: { type: 'string' } },
      required: ['state'],
    });
  });

  it('merges a value typed as a union of objects into one object, as it merges paths', () => {
    // TypeScript types a method returning differently keyed literals as a union whose members carry
    // the others' keys as \`?: undefined\`; the SDK wants one object at the top of outputSchema.
    const { tools } = infer(`
class Board {
  find(id: string) {
    if (!id) return { status: 'missing', message: 'No such card' };
    return { status: 'found', card: { id, title: 'a card' } };
  }
}
const board = new Board();
server.registerTool('find_card', { inputSchema: { id: z.string() } }, async ({ id }) => jsonResult(board.find(id)));
`);
    expect(tools[0].schema).toEqual({
      type: 'object',
      properties: {
        status: { type: 'string' },
        message: { type: 'string' },
        card: { type: 'object', properties: { id: { type: 'string' }, title: { type: 'string' } }, required: ['id', 'title'] },
      },
      required: ['status'],
    });
  });

  it('keeps the properties of a tool without error paths required, and merges true | false into a boolean', () => {
    const { tools } = infer(`
server.registerTool('check', { inputSchema: {} }, async () => (Math.random() > 0.5 ? jsonResult({ ok: true as const, at: 1 }) : jsonResult({ ok: false as const, at: 2 })));
`);
    expect(tools[0].schema).toEqual({ type: 'object', properties: { ok: { type: 'boolean' }, at: { type: 'number' } }, required: ['ok', 'at'] });
  });

  it('writes an array as jsonResult does: { result: [...] } before protocol 2026-07-28', () => {
    const { tools } = infer(`server.registerTool('list', { inputSchema: {} }, async () => jsonResult([1, 2, 3]));`);
    expect(tools[0].schema).toEqual({ type: 'object', properties: { result: { type: 'array', items: { type: 'number' } } }, required: ['result'] });
  });

  it('follows the handler into the functions it returns from', () => {
    const { tools } = infer(`
async function loadTotals() { return jsonResult({ totals: { a: 1 } as Record<string, number> }); }
server.registerTool('totals', { inputSchema: {} }, async () => loadTotals());
`);
    expect(tools[0].schema).toEqual({ type: 'object', properties: { totals: { type: 'object', additionalProperties: { type: 'number' } } }, required: ['totals'] });
  });

  it.each([
    ['a path typed any', `declare const row: any;\nserver.registerTool('t', { inputSchema: {} }, async () => jsonResult({ row }));`, 'line 12: the value.row is typed any'],
    ['a success path with text only', `server.registerTool('t', { inputSchema: {} }, async () => Math.random() ? jsonResult({ a: 1 }) : successResult('none'));`, 'a success path returns text without structuredContent'],
    ['a value it cannot trace', `declare function load(): any;\nserver.registerTool('t', { inputSchema: {} }, async () => load());`, 'the value of load(…) cannot be followed'],
  ])('writes no schema for %s, and says why', (_name, code, reason) => {
    const { tools, migrated } = infer(code);
    expect(tools[0].schema).toBeNull();
    expect(tools[0].reason).toContain(reason);
    expect(migrated).not.toContain('outputSchema');
  });

  it('follows toCallToolResult(x) to the results x holds', () => {
    const { tools } = infer(`
async function handleCount() { return jsonResult({ count: 3 }); }
server.registerTool('count', { inputSchema: {} }, async () => toCallToolResult(await handleCount()));
`);
    expect(tools[0].schema).toEqual({ type: 'object', properties: { count: { type: 'number' } }, required: ['count'] });
  });

  it('lists a server.tool tool with structured results (it takes no outputSchema), and writes nothing', () => {
    const { tools, migrated } = infer(`server.tool('count', async () => jsonResult({ count: 3 }));`);
    expect(tools).toEqual([expect.objectContaining({ toolName: 'count', structured: true, schema: null, placement: null, reason: expect.stringContaining('server.tool(…) takes no outputSchema') })]);
    expect(migrated).not.toContain('outputSchema');
  });

  it('leaves a tool that declares an outputSchema alone', () => {
    expect(infer(`server.registerTool('t', { inputSchema: {}, outputSchema: { a: z.number() } }, async () => jsonResult({ a: 1 }));`).tools).toEqual([]);
  });

  it('writes a JSON Schema beside inputSchema in a low-level tool list, per tool of the dispatcher', () => {
    const { tools, migrated } = infer(`
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: 'add', description: 'Adds', inputSchema: { type: 'object' } },
    { name: 'echo', inputSchema: { type: 'object' } },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'add':
      return jsonResult({ sum: 1 + 2 });
    case 'echo':
      return successResult('echo');
    default:
      return errorTextResult('Unknown tool');
  }
});
`);
    expect(tools.map((tool) => [tool.toolName, tool.schema !== null])).toEqual([
      ['add', true],
      ['echo', false],
    ]);
    expect(migrated).toContain(`{ name: 'add', description: 'Adds', inputSchema: { type: 'object' }, outputSchema: {
      type: 'object',
      properties: {
        sum: {
          type: 'number'
        }
      },
      required: ['sum']
    } },`);
  });

  it('writes a zod 4 object for the SDK v2 (@modelcontextprotocol/server), which takes a Standard Schema, where 1.x before 1.23 gets a raw shape', () => {
    const code = `server.registerTool('count', { inputSchema: z.object({}) }, async () => jsonResult({ count: 3 }));`;
    const v2 = infer(code, { imports: "import { McpServer } from '@modelcontextprotocol/server';\nimport * as z from 'zod/v4';" });
    expect(v2.tools[0].placement).toMatchObject({ idiom: 'zod-shape', sdk: 2 });
    expect(v2.migrated).toContain(`inputSchema: z.object({}), outputSchema: z.looseObject({
  count: z.number()
}) }`);
    const v1 = infer(code, { imports: "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport * as z from 'zod/v4';" });
    expect(v1.tools[0].placement).toMatchObject({ sdk: 1 });
    expect(v1.migrated).toContain(`outputSchema: {
  count: z.number()
} }`);
  });

  it('writes nothing for the SDK v2 in zod 3, which is no Standard Schema with JSON Schema, and says so', () => {
    const code = `server.registerTool('count', {}, async () => jsonResult({ count: 3 }));`;
    const zod3 = infer(code, { imports: "import { McpServer } from '@modelcontextprotocol/server';\nimport { z } from 'zod/v3';" });
    expect(zod3.migrated).not.toContain('outputSchema');
    const outcome = outputSchemaEdit(zod3.tools[0], zod3.tools[0].node.getSourceFile());
    expect(outcome).toEqual({ reason: expect.stringContaining("zod 3 is not: import zod 4 (import * as z from 'zod/v4')") });
  });

  it('allows a non-object structuredContent from protocol 2026-07-28 on', () => {
    const code = `
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: 'count', inputSchema: { type: 'object' } }] }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  if (request.params.name === 'count') return { content: [{ type: 'text', text: '3' }], structuredContent: 3 };
  throw new Error('unknown tool');
});
`;
    expect(infer(code, { protocolVersion: '2026-07-28' }).tools[0].schema).toEqual({ enum: [3] });
    expect(infer(code).tools[0].reason).toContain('structuredContent is not an object');
  });
});
