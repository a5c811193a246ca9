// Tools whose registration has no place for an outputSchema (a definition object a loop registers, a
// function a dispatcher in another file calls) are listed with the reason when they return structured
// content, once each; a tool the dispatcher's own tool list covers gets its schema there and is not listed.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigration } from '../../transforms/index.js';
import { cleanupTemporaries, linkModules, tempDir } from '../cli/helpers.js';

afterAll(cleanupTemporaries);

function migrateProject(files: Record<string, string>) {
  const dir = tempDir('mrk-output-schema-unplaced-');
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'case', private: true, type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2', 'mcp-result-kit': '^0.1.0', zod: '^4.0.0' } }));
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true, types: [] }, include: ['*.ts'] }));
  linkModules(dir, { kit: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const run = runMigration({ files: Object.keys(files).map((name) => path.join(dir, name)), tsconfig: path.join(dir, 'tsconfig.json'), outputSchema: true });
  const reviews = run.files.flatMap((file) =>
    file.diagnostics.filter((diagnostic) => diagnostic.kind === 'output-schema').map((diagnostic) => `${path.basename(file.fileName)} ${diagnostic.toolName}: ${diagnostic.message}`),
  );
  const schemas = run.files.flatMap((file) => file.changes.filter((change) => change.kind === 'output-schema').map((change) => `${path.basename(file.fileName)} ${change.toolName}`));
  return { reviews, schemas, texts: Object.fromEntries(run.files.map((file) => [path.basename(file.fileName), file.text])) };
}

/** One file's project, migrated: its schemas and its text. */
function migrateProjectDir(files: Record<string, string>) {
  const { schemas, texts } = migrateProject(files);
  return { schemas, text: texts[Object.keys(files)[0]] };
}

const LOW_LEVEL_SERVER = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { handleLookup } from './handlers.js';

const server = new Server({ name: 'shelf', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{ name: 'lookup', description: 'Find a shelf', inputSchema: { type: 'object', properties: { code: { type: 'string' } } } }],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'lookup':
      return handleLookup(String(request.params.arguments?.code));
    default:
      throw new Error('Unknown tool');
  }
});
`;

const HANDLERS = `export async function handleLookup(code: string) {
  const shelf: { code: string; free: number } = { code, free: 3 };
  return { content: [{ type: 'text' as const, text: JSON.stringify(shelf) }] };
}
`;

// A function that returns a kit result (no content literal): the analyzer follows the dispatcher into it.
const FOLLOWED_HANDLER = "import { jsonResult } from 'mcp-result-kit';\nexport async function handleLookup(code: string) {\n  return jsonResult({ code, free: 3 });\n}\n";

describe('output-schema: tools with no place for a schema', () => {
  it('lists a definition object registered by a loop, with the reason, and a text-only one not at all', () => {
    const { reviews, schemas } = migrateProject({
      'tools.ts': `import { jsonResult, successResult } from 'mcp-result-kit';
export const tools = [
  { name: 'stock_level', description: 'Units on hand', inputSchema: { type: 'object' }, handler: async () => jsonResult({ units: 4, warehouse: 'north' }) },
  { name: 'ping', description: 'Alive?', inputSchema: { type: 'object' }, handler: async () => successResult('pong') },
];
`,
    });
    expect(schemas).toEqual([]);
    expect(reviews).toEqual([expect.stringMatching(/^tools\.ts stock_level: no outputSchema written: .*nowhere to declare an outputSchema/)]);
  }, 120_000);

  it('writes the schema of a tool the dispatcher follows into another file in the tool list, and lists it nowhere', () => {
    const { reviews, schemas } = migrateProject({ 'server.ts': LOW_LEVEL_SERVER, 'handlers.ts': HANDLERS });
    expect(schemas).toEqual(['server.ts lookup']);
    expect(reviews).toEqual([]);
  }, 120_000);

  it('lists nowhere a function the dispatcher follows into when the tool list beside the dispatcher gets the schema', () => {
    const { reviews, schemas } = migrateProject({ 'server.ts': LOW_LEVEL_SERVER, 'handlers.ts': FOLLOWED_HANDLER });
    expect(schemas).toEqual(['server.ts lookup']);
    expect(reviews).toEqual([]);
  }, 120_000);

  it("lists a tool the dispatcher serves once, in the dispatcher's file, when its entry in the tool list is in another file", () => {
    const server = LOW_LEVEL_SERVER.replace(/server\.setRequestHandler\(ListToolsRequestSchema[\s\S]*?\}\)\);\n/, "server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));\n").replace("import { handleLookup } from './handlers.js';", "import { handleLookup } from './handlers.js';\nimport { TOOLS } from './list.js';");
    const { reviews, schemas } = migrateProject({
      'server.ts': server,
      'handlers.ts': FOLLOWED_HANDLER,
      'list.ts': "export const TOOLS = [{ name: 'lookup', description: 'Find a shelf', inputSchema: { type: 'object' as const, properties: { code: { type: 'string' } } } }];\n",
    });
    expect(schemas).toEqual([]);
    expect(reviews).toEqual(["server.ts lookup: no outputSchema written: the tool's entry in the tool list is not in the CallTool handler's file, where the kit writes outputSchema beside inputSchema"]);
  }, 120_000);

  it('lists a tool definition that calls into another file once, where the definition is', () => {
    const { reviews, schemas } = migrateProject({
      'registry.ts': "import { handleLookup } from './handlers.js';\nexport const tools = [{ name: 'lookup', description: 'Find a shelf', inputSchema: { type: 'object' }, handler: async (args: { code: string }) => handleLookup(args.code) }];\n",
      'handlers.ts': FOLLOWED_HANDLER,
    });
    expect(schemas).toEqual([]);
    expect(reviews).toEqual([expect.stringMatching(/^registry\.ts lookup: no outputSchema written: the tool is registered as a tool definition object, where the kit has nowhere/)]);
  }, 120_000);

  it('lists a tool a dispatcher reaches through a lookup table, where its function is', () => {
    const server = LOW_LEVEL_SERVER.replace(/ {2}switch \(request\.params\.name\) \{[\s\S]*?\n {2}\}\n/, "  const handler = HANDLERS[request.params.name as keyof typeof HANDLERS];\n  if (!handler) throw new Error('Unknown tool');\n  return handler(String(request.params.arguments?.code));\n").replace("import { handleLookup } from './handlers.js';", "import { handleLookup } from './handlers.js';\n\nconst HANDLERS = { lookup: handleLookup };");
    const { reviews, schemas } = migrateProject({ 'server.ts': server, 'handlers.ts': FOLLOWED_HANDLER });
    expect(schemas).toEqual([]);
    expect(reviews).toEqual([expect.stringMatching(/^handlers\.ts lookup: no outputSchema written: the tool is registered as a function another registration calls/)]);
  }, 120_000);
});

describe('output-schema: the value a rewritten JSON text site hands to jsonResult', () => {
  it('reads the value through a const that holds the JSON text, never the result object around it', () => {
    const server = LOW_LEVEL_SERVER.replace("import { handleLookup } from './handlers.js';\n", '').replace(
      '      return handleLookup(String(request.params.arguments?.code));',
      "    {\n      const code = String(request.params.arguments?.code);\n      const json = JSON.stringify({ code, free: 3 });\n      const response = { content: [{ type: 'text' as const, text: json }] };\n      return response;\n    }",
    );
    const dir = migrateProjectDir({ 'server.ts': server });
    expect(dir.schemas).toEqual(['server.ts lookup']);
    expect(dir.text).toContain("outputSchema: {\n    type: 'object',\n    properties: {\n      code: {\n        type: 'string'\n      },\n      free: {\n        type: 'number'\n      }\n    },\n    required: ['code', 'free']\n  }");
  }, 120_000);

  it("reads the value through the project's JSON helper (a function that returns JSON.stringify of its parameter)", () => {
    const server = LOW_LEVEL_SERVER.replace("import { handleLookup } from './handlers.js';\n", "function formatJson(data: unknown): string {\n  return JSON.stringify(data, null, 2);\n}\n").replace(
      '      return handleLookup(String(request.params.arguments?.code));',
      "    {\n      const shelf: { code: string; free: number } = { code: String(request.params.arguments?.code), free: 3 };\n      return { content: [{ type: 'text' as const, text: formatJson(shelf) }] };\n    }",
    );
    const { schemas, text } = migrateProjectDir({ 'server.ts': server });
    expect(schemas).toEqual(['server.ts lookup']);
    expect(text).toContain("required: ['code', 'free']");
    expect(text).not.toContain('content: {');
  }, 120_000);
});
