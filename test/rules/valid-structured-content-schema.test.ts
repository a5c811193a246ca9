import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from '@typescript-eslint/rule-tester';
import rule from '../../rules/valid-structured-content.js';
import { createRuleTester } from './rule-tester.js';

// A declared outputSchema against the types of what the tool returns: needs type information.
const tsconfigRootDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'typed-project');
const typed = new RuleTester({ languageOptions: { parserOptions: { projectService: true, tsconfigRootDir } } });

const HEAD = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { errorTextResult, jsonResult, successResult } from 'mcp-result-kit';
const server = new McpServer({ name: 'demo', version: '1.0.0' });
declare function load(id: string): Promise<{ id: string; count: number; note?: string }>;
`;
// HEAD is 7 lines: the code of each case starts on line 8.

/** The message data of a finding about a declared schema (the RuleTester wants every placeholder). */
const data = (tool: string, fields: { property?: string; where?: string; actual?: string; expected?: string; declares?: string; consequence?: string }) => ({
  tool: `Tool "${tool}"`,
  property: '',
  where: fields.property ? `"${fields.property}"` : 'the value',
  actual: '',
  expected: '',
  declares: 'declares',
  consequence: '',
  ...fields,
});

typed.run('valid-structured-content (declared outputSchema, type-aware)', rule, {
  valid: [
    {
      name: 'every success path fits the schema; the error path is exempt',
      code: `${HEAD}server.registerTool('item', { inputSchema: { id: z.string() }, outputSchema: { id: z.string(), count: z.number(), note: z.string().optional() } }, async ({ id }) => {
  if (!id) return errorTextResult('Error: no id');
  return jsonResult(await load(id));
});`,
    },
    {
      name: 'an optional property one path returns and another does not',
      code: `${HEAD}server.registerTool('item', { inputSchema: { id: z.string() }, outputSchema: { id: z.string(), note: z.string().optional() } }, async ({ id }) => {
  if (id === 'x') return jsonResult({ id, note: 'special' });
  return jsonResult({ id });
});`,
    },
    {
      name: 'unions, literal unions, nullable values and a string against an enum (only its values would say)',
      code: `${HEAD}declare const state: 'open' | 'closed';
declare const label: string;
server.registerTool('item', {
  inputSchema: {},
  outputSchema: z.object({ value: z.union([z.string(), z.number()]), state: z.enum(['open', 'closed', 'stale']), label: z.enum(['a', 'b']), parent: z.string().nullable() }),
}, async () => jsonResult({ value: Math.random() > 0.5 ? 'x' : 1, state, label, parent: null }));`,
    },
    {
      name: 'keys beyond the schema where it keeps them: .passthrough(), z.looseObject, .catchall',
      code: `${HEAD}server.registerTool('a', { outputSchema: z.object({ id: z.string() }).passthrough() }, async () => jsonResult({ id: 'x', extra: 1 }));
server.registerTool('b', { outputSchema: z.looseObject({ id: z.string() }) }, async () => jsonResult({ id: 'x', extra: 1 }));
server.registerTool('c', { outputSchema: z.object({ id: z.string() }).catchall(z.number()) }, async () => jsonResult({ id: 'x', extra: 1 }));`,
    },
    {
      name: 'z.any() and z.unknown() accept anything; a value typed any says nothing',
      code: `${HEAD}declare const raw: any;
server.registerTool('a', { outputSchema: { id: z.string(), data: z.any(), meta: z.unknown() } }, async () => jsonResult({ id: 'x', data: 1, meta: [1] }));
server.registerTool('b', { outputSchema: { id: z.string() } }, async () => jsonResult(raw));`,
    },
    {
      name: 'a record names no keys: which it has is only known at run time',
      code: `${HEAD}declare const counts: Record<string, number>;
server.registerTool('a', { outputSchema: { total: z.number() } }, async () => jsonResult(counts));`,
    },
    {
      name: 'the schema require-output-schema writes fits the tool it was inferred from',
      code: `${HEAD}server.registerTool('stats', {
  inputSchema: { id: z.string() },
  outputSchema: z.looseObject({
    error: z.string().optional(),
    id: z.string().optional(),
    count: z.number().optional(),
    tags: z.array(z.string()).optional(),
    state: z.enum(['open', 'closed']).optional()
  }),
}, async ({ id }) => {
  if (!id) return errorTextResult('Error: no id');
  return jsonResult({ id, count: 2, tags: ['a'], state: 'open' as 'open' | 'closed' });
});`,
    },
    {
      name: 'a schema this analysis cannot read (a spread, a transform) says nothing',
      code: `${HEAD}const base = { id: z.string() };
server.registerTool('a', { outputSchema: { ...base, count: z.number() } }, async () => jsonResult({ other: 1 }));
server.registerTool('b', { outputSchema: { count: z.string().transform(Number) } }, async () => jsonResult({ count: 1 }));`,
    },
  ],
  invalid: [
    {
      name: 'a success path that lacks a property the schema requires, and one of another type',
      code: `${HEAD}server.registerTool('item', { outputSchema: { id: z.string(), count: z.number() } }, async ({ id }: { id: string }) => {
  if (id === 'none') return jsonResult({ id });
  return successResult('found', { id, count: String(2) });
});`,
      errors: [
        { messageId: 'resultLacksProperty', line: 9, column: 40, data: data('item', { property: 'count' }) },
        { messageId: 'resultPropertyType', line: 10, column: 33, data: data('item', { property: 'count', actual: 'string', expected: 'number' }) },
      ],
    },
    {
      name: 'a property optional in the type but required by the schema; a nested property of another type',
      code: `${HEAD}declare const part: { sku: number };
server.registerTool('item', { outputSchema: { id: z.string(), note: z.string(), part: z.object({ sku: z.string() }) } }, async ({ id }: { id: string }) => {
  const item = await load(id);
  return jsonResult({ id: item.id, note: item.note, part });
});`,
      errors: [
        { messageId: 'resultMayLackProperty', line: 11, column: 21, data: data('item', { property: 'note' }) },
        { messageId: 'resultPropertyType', line: 11, column: 21, data: data('item', { property: 'part.sku', actual: 'number', expected: 'string' }) },
      ],
    },
    {
      name: 'a key the schema refuses: a raw shape and z.object drop no keys at the client',
      code: `${HEAD}server.registerTool('a', { outputSchema: { id: z.string() } }, async () => jsonResult({ id: 'x', extra: 1 }));`,
      errors: [{ messageId: 'resultExtraProperty', line: 8, column: 87, data: data('a', { property: 'extra' }) }],
    },
    {
      name: 'a property the schema requires that no path returns is reported once, at the schema; an optional one too',
      code: `${HEAD}server.registerTool('a', {
  outputSchema: { id: z.string(), total: z.number(), hint: z.string().optional() },
}, async () => {
  if (Math.random() > 0.5) return jsonResult({ id: 'x' });
  return jsonResult({ id: 'y' });
});`,
      errors: [
        { messageId: 'schemaPropertyUnproduced', line: 9, column: 35, data: data('a', { property: 'total', declares: 'requires', consequence: ', so the SDK refuses every result' }) },
        { messageId: 'schemaPropertyUnproduced', line: 9, column: 54, data: data('a', { property: 'hint' }) },
      ],
    },
    {
      name: 'a success path reached through a function of the file returns no structuredContent: reported once (the site analysis sees it)',
      code: `${HEAD}function summary(id: string) {
  return successResult(\`item \${id}\`);
}
server.registerTool('a', { outputSchema: { id: z.string() } }, async ({ id }: { id: string }) => {
  if (id) return summary(id);
  return jsonResult({ id: 'x' });
});`,
      errors: [{ messageId: 'missingForOutputSchema', line: 9, column: 10 }],
    },
    {
      name: "a low-level tool list: its JSON Schema against the tool's case",
      code: `${HEAD}const low = new Server({ name: 'low', version: '1.0.0' }, { capabilities: { tools: {} } });
low.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: 'count', inputSchema: { type: 'object' }, outputSchema: { type: 'object', properties: { count: { type: 'number' } }, required: ['count'], additionalProperties: false } }],
}));
low.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'count':
      return jsonResult({ count: 'three', unit: 'items' });
    default:
      return errorTextResult('unknown tool');
  }
});`,
      errors: [
        { messageId: 'resultPropertyType', line: 15, column: 25, data: data('count', { property: 'count', actual: 'string', expected: 'number' }) },
        { messageId: 'resultExtraProperty', line: 15, column: 25, data: data('count', { property: 'unit' }) },
      ],
    },
  ],
});

createRuleTester().run('valid-structured-content without type information', rule, {
  valid: [{ name: 'the declared schema is not checked without types', code: `${HEAD}server.registerTool('a', { outputSchema: { id: z.string() } }, async () => jsonResult({ id: 1 }));` }],
  invalid: [],
});
