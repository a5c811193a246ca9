// Multi-file servers (fixtures/projects/<name>/): tools defined in one module and registered in
// another, dispatchers calling handlers in other files, handler maps of class instances, tools whose
// base class (in another module) builds their content items. Each has
// an expected.json with the sites found type-aware and syntax-only, and the type-aware migration
// must compile against the real SDK, zod and fastmcp types.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigration, type MigrationRun } from '../../transforms/index.js';
import { localHelpersSource } from '../../transforms/local-helpers.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PROJECTS = path.join(ROOT, 'fixtures/projects');

interface Expected {
  typed: string[];
  syntax: string[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** `src/x.ts:12 kind [tool]` for every rewritten or reviewed site (return types left out). */
function sites(run: MigrationRun, dir: string): string[] {
  const rel = (file: string) => path.relative(dir, file).split(path.sep).join('/');
  return run.files
    .flatMap((file) => [
      ...file.changes.filter((change) => change.kind !== 'return-type').map((change) => ({ file: file.fileName, line: change.line, kind: change.kind, tool: change.toolName })),
      ...file.diagnostics.filter((diagnostic) => diagnostic.severity === 'review').map((diagnostic) => ({ file: file.fileName, line: diagnostic.line, kind: diagnostic.kind, tool: diagnostic.toolName })),
    ])
    .map((site) => `${rel(site.file)}:${site.line} ${site.kind} [${site.tool ?? '-'}]`)
    .sort();
}

function typeErrors(dir: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(dir, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const program = ts.createProgram(parsed.fileNames, {
    ...parsed.options,
    noEmit: true,
    types: ['node'],
    typeRoots: [path.join(ROOT, 'node_modules/@types')],
    baseUrl: ROOT,
    paths: { 'mcp-result-kit': ['packages/runtime/src/index.ts'], '*': ['node_modules/*'] },
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => `${path.basename(diagnostic.file?.fileName ?? '')}: TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`);
}

const projects = readdirSync(PROJECTS).filter((name) => existsSync(path.join(PROJECTS, name, 'expected.json'))).sort();
const temp = mkdtempSync(path.join(os.tmpdir(), 'mrk-projects-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('multi-file servers', () => {
  it('has the project fixtures', () => {
    expect(projects).toEqual(['api-client', 'api-parameter', 'class-registry', 'class-text-dispatch', 'compact-transport', 'content-copy-wrapper', 'fastmcp-tool-modules', 'framework-base-class', 'handler-converter', 'handler-factories', 'handler-map-classes', 'handler-map-fallback', 'mcp-framework-tools', 'registry-lookup', 'registry-transport', 'registry-two-transports', 'service-json', 'shared-handlers', 'telemetry-dispatcher', 'tool-object-wrapper', 'value-flow', 'wrapper-factory', 'wrapper-intermediate', 'xmcp-tools']);
  });

  describe.each(projects)('%s', (name) => {
    const dir = path.join(PROJECTS, name);
    const expected = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as Expected;
    const files = sourceFiles(path.join(dir, 'src'));

    it('type-aware: follows registrations, dispatches and collections across modules', () => {
      const run = runMigration({ files, tsconfig: path.join(dir, 'tsconfig.json') });
      expect(run.typeAware).toBe(true);
      expect(sites(run, dir)).toEqual(expected.typed);
    });

    it('syntax-only: follows imports across the project, as type-aware does', () => {
      expect(sites(runMigration({ files }), dir)).toEqual(expected.syntax);
    });

    it('the type-aware migration adds no type errors and a second run changes nothing', () => {
      const copy = path.join(temp, name);
      cpSync(dir, copy, { recursive: true });
      const copied = sourceFiles(path.join(copy, 'src'));
      const before = typeErrors(copy);
      const run = runMigration({ files: copied, tsconfig: path.join(copy, 'tsconfig.json') });
      for (const file of run.files) if (file.changed) writeFileSync(file.fileName, file.text);
      expect(typeErrors(copy).filter((error) => !before.includes(error))).toEqual([]);
      const again = runMigration({ files: copied, tsconfig: path.join(copy, 'tsconfig.json') });
      expect(again.files.filter((file) => file.changed).map((file) => file.fileName)).toEqual([]);
    });
  });
});

describe('a handler the server also calls for data (fixtures/projects/shared-handlers)', () => {
  const dir = path.join(PROJECTS, 'shared-handlers');
  const files = sourceFiles(path.join(dir, 'src'));

  it('leaves the shared function for review, naming the caller that reads its value, and widens the other one’s declared data type', () => {
    const run = runMigration({ files });
    const recipes = run.files.find((file) => file.fileName.endsWith('recipes.ts'))!;
    const review = recipes.diagnostics.filter((diagnostic) => diagnostic.severity === 'review');
    expect(review.map((diagnostic) => [diagnostic.line, diagnostic.toolName])).toEqual([[25, 'list_recipes']]);
    expect(review[0].message).toMatch(/also calls this function \(.*src\/index\.ts:20\) and reads its value as data/);
    expect(recipes.text).toContain("async getRecipe(args: { id: string }): Promise<Recipe | Failure | ToolResult> {");
    expect(recipes.text).toContain('return jsonResult({ id: recipe.id, title: recipe.title, minutes: recipe.minutes });');
    expect(recipes.text).toContain("async listRecipes(args: { limit?: number }): Promise<RecipeList | Failure> {");
    expect(recipes.text).toContain('    return list;');
  });
});

/** A new ES-module package under the test's temp folder, with an empty src/. */
function packageDir(name: string): string {
  const dir = mkdtempSync(path.join(temp, `${name}-`));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  mkdirSync(path.join(dir, 'src'));
  return dir;
}

describe('a function one tool returns and another tool puts into a text', () => {
  it('is left for review, naming the text it also feeds: a result there would break that text', () => {
    const dir = packageDir('text-shared');
    const server = path.join(dir, 'src/server.ts');
    const source = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
function describeFailure(data: { error?: string }): string {
  if (data.error) return \`Error: \${data.error}\`;
  return JSON.stringify(data, null, 2);
}
server.tool('status', async () => {
  const data = await (await fetch('https://x/status')).json();
  return { content: [{ type: 'text' as const, text: describeFailure(data) }] };
});
server.tool('check', async () => {
  const data = await (await fetch('https://x/check')).json();
  if (!data.ok) return describeFailure(data);
  return 'Checked';
});
function handleReport(): string {
  return JSON.stringify({ ok: true }, null, 2);
}
server.tool('report', async () => handleReport());
server.tool('report_text', async () => {
  const r = await handleReport();
  return { content: [{ type: 'text' as const, text: typeof r === 'string' ? r : JSON.stringify(r, null, 2) }] };
});
`;
    writeFileSync(server, source);
    const run = runMigration({ files: [server] });
    const [file] = run.files;
    expect(file.text).toContain('function describeFailure(data: { error?: string }): string {\n  if (data.error) return `Error: ${data.error}`;\n  return JSON.stringify(data, null, 2);\n}');
    expect(file.text).toContain("  return successResult('Checked');");
    const review = file.diagnostics.filter((diagnostic) => diagnostic.severity === 'review' && diagnostic.line <= 5);
    expect(review.map((diagnostic) => diagnostic.line)).toEqual([4, 5]);
    expect(review[0].message).toMatch(/also puts this function's value into a text \(.*src\/server\.ts:9\)/);
    // A text item that the same run rewrites to toCallToolResult(r) hands a result on: no hold-back.
    expect(file.text).toContain('  return toCallToolResult(r);');
    expect(file.diagnostics.filter((diagnostic) => diagnostic.line > 16 && diagnostic.severity === 'review')).toEqual([]);
  });
});

describe('an error builder of another module, called from the tools\' catches with the caught error', () => {
  it('is judged by those calls: its result literal without isError is the failure site, rewritten with isError: true and its other fields kept', () => {
    const dir = packageDir('error-builder');
    const builder = path.join(dir, 'src/errors.ts');
    const server = path.join(dir, 'src/server.ts');
    writeFileSync(
      builder,
      `export function toolErrorResponse(error: unknown) {
  let message = error instanceof Error ? error.message : String(error);
  if (message.includes('401')) message = '# Sign-in needed\\n\\nRun the login tool first.';
  return {
    content: [{ type: 'text' as const, text: message }],
    metadata: { kind: 'tool-error' },
  };
}

export function describeList(items: string[]) {
  return { content: [{ type: 'text' as const, text: items.join('\\n') }] };
}
`,
    );
    writeFileSync(
      server,
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describeList, toolErrorResponse } from './errors.js';
const server = new McpServer({ name: 'x', version: '1' });
async function handleList() {
  try {
    const items: string[] = await (await fetch('https://x/items')).json();
    return describeList(items);
  } catch (error) {
    return toolErrorResponse(error);
  }
}
server.registerTool('list', { description: 'List' }, handleList);
`,
    );
    const run = runMigration({ files: [builder, server] });
    const errors = run.files.find((file) => file.fileName === builder)!;
    expect(errors.changes.filter((change) => change.kind !== 'return-type').map((change) => `${change.line} ${change.kind} ${change.toolName}`)).toEqual(['4 error-content list']);
    expect(errors.text).toContain("    metadata: { kind: 'tool-error' },\n    isError: true,\n  };");
    expect(errors.text).not.toContain('successResult(message');
  });
});

describe('tool objects that take no input, one per module, handed to a register function of another module', () => {
  it('finds each by where its handler goes (a name, an outputSchema and a handler; no input schema), and not an object of that shape that no tool serves', () => {
    const dir = packageDir('output-only-tools');
    const write = (name: string, text: string): string => {
      const file = path.join(dir, 'src', name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
      return file;
    };
    const register = write(
      'utils/register.ts',
      `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export interface ToolObject { name: string; outputSchema?: object; inputSchema?: object; handler: (args: unknown) => Promise<unknown> }
export const registerToolObject = (server: McpServer, { name, handler, ...options }: ToolObject) =>
  server.registerTool(name, options, async (args: unknown) => {
    const value = await handler(args);
    return value as never;
  });
`,
    );
    const movies = write(
      'tools/list-movies.ts',
      `import type { ToolObject } from '../utils/register.js';
export const listMoviesTool: ToolObject = {
  name: 'ListMovies',
  outputSchema: { movies: {} },
  handler: async () => ({ structuredContent: { movies: ['Heat'] }, content: [] }),
};
`,
    );
    const report = write(
      'report.ts',
      `export const movieReport = {
  name: 'Movies',
  outputSchema: { movies: {} },
  handler: async () => ({ structuredContent: { movies: ['Heat'] }, content: [] }),
};
export async function printReport() {
  const { structuredContent } = await movieReport.handler();
  console.log(structuredContent.movies.join(', '));
}
`,
    );
    const server = write(
      'index.ts',
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { listMoviesTool } from './tools/list-movies.js';
import { registerToolObject } from './utils/register.js';
const server = new McpServer({ name: 'media', version: '1' });
registerToolObject(server, listMoviesTool);
`,
    );
    const run = runMigration({ files: [register, movies, report, server] });
    const changed = run.files.flatMap((file) => file.changes.map((change) => `${path.relative(dir, file.fileName)}:${change.line} ${change.kind} ${change.toolName}`));
    expect(changed).toEqual(['src/tools/list-movies.ts:5 structured-without-text ListMovies']);
    expect(run.files.find((file) => file.fileName === movies)!.text).toContain("handler: async () => jsonResult({ movies: ['Heat'] }),");
    expect(run.files.find((file) => file.fileName === report)!.diagnostics).toEqual([]);
  });
});

describe('xmcp tools returning structuredContent alone, by the xmcp release installed', () => {
  const tool = `import { z } from 'zod';
import type { InferSchema, ToolMetadata } from 'xmcp';
export const schema = { id: z.number() };
export const metadata: ToolMetadata = { name: 'get_shelf', description: 'One shelf' };
export default async function getShelf({ id }: InferSchema<typeof schema>) {
  return { structuredContent: { id, books: 3 } };
}
`;
  const migrate = (xmcp: string): MigrationRun => {
    const dir = packageDir(`xmcp-${xmcp}`);
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'shelves', private: true, type: 'module', dependencies: { xmcp } }));
    mkdirSync(path.join(dir, 'src/tools'));
    const file = path.join(dir, 'src/tools/get-shelf.ts');
    writeFileSync(file, tool);
    return runMigration({ files: [file] });
  };

  it('before 0.6.6 (no text item added): a site, rewritten to jsonResult so that clients that show text see the data', () => {
    const [file] = migrate('0.5.1').files;
    expect(file.changes.map((change) => `${change.line} ${change.kind} ${change.toolName}`)).toEqual(['6 structured-without-text get_shelf']);
    expect(file.text).toContain('  return jsonResult({ id, books: 3 });');
  });

  it('from 0.6.6 (xmcp writes the JSON text itself), and when no release is named: not a site', () => {
    expect(migrate('^0.6.6').files[0].changes).toEqual([]);
    expect(migrate('*').files[0].changes).toEqual([]);
  });
});

describe("registration methods of the server's own McpServer subclass, in a module of its own", () => {
  it('are registrations like server.tool: the name first, the callback last, followed into the tool class and its result method', () => {
    const dir = packageDir('server-subclass');
    const write = (name: string, text: string): string => {
      const file = path.join(dir, 'src', name);
      writeFileSync(file, text);
      return file;
    };
    const custom = write(
      'custom-server.ts',
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
type Callback = (...args: unknown[]) => unknown;
export class CustomMcpServer extends McpServer {
  private readonly readOnly = process.env.READ_ONLY === '1';
  addToolWithReadAccess(...args: unknown[]) {
    return this.registerWithAccess('read', ...args);
  }
  addToolWithWriteAccess(...args: unknown[]) {
    if (this.readOnly) return null;
    return this.registerWithAccess('write', ...args);
  }
  private registerWithAccess(_access: string, ...args: unknown[]) {
    const name = args[0] as string;
    const callback = args[args.length - 1] as Callback;
    return (McpServer.prototype as any).registerTool.call(this, name, {}, async (input: unknown) => await callback(input));
  }
  describeTools(prefix: string, suffix: string) {
    return \`\${prefix} tools \${suffix}\`;
  }
}
`,
    );
    const base = write(
      'base.ts',
      `export class BaseTools {
  protected toResult(message: string, data?: unknown) {
    return { content: [{ type: 'text' as const, text: \`\${message}\${data === undefined ? '' : \`\\n\${JSON.stringify(data, null, 2)}\`}\` }] };
  }
}
`,
    );
    const documents = write(
      'documents.ts',
      `import type { CustomMcpServer } from './custom-server.js';
import { BaseTools } from './base.js';
declare const client: { getDoc(id: string): Promise<{ id: string } | null> };
export class DocumentTools extends BaseTools {
  static create(server: CustomMcpServer) {
    const tools = new DocumentTools();
    server.addToolWithReadAccess('documents-get', 'One document', async (args: { id: string }) => await tools.getDocument(args.id));
    return tools;
  }
  async getDocument(id: string) {
    try {
      const doc = await client.getDoc(id);
      if (!doc) return this.toResult(\`Document with ID \${id} not found.\`);
      return this.toResult('Document', doc);
    } catch (error) {
      return this.toResult(\`Failed to get document: \${error instanceof Error ? error.message : 'unknown'}\`);
    }
  }
}
`,
    );
    const run = runMigration({ files: [custom, base, documents] });
    const found = run.files.flatMap((file) => [...file.changes.map((change) => `${path.basename(file.fileName)}:${change.line} ${change.kind} ${change.toolName}`), ...file.diagnostics.filter((diagnostic) => diagnostic.severity === 'review').map((diagnostic) => `${path.basename(file.fileName)}:${diagnostic.line} review`)]);
    // Called with the message alone, the result method's text is the message: a failure becomes errorTextResult(message).
    expect(found.sort()).toEqual(['base.ts:3 review', 'documents.ts:13 error-content documents-get', 'documents.ts:16 error-content documents-get']);
    const text = run.files.find((file) => file.fileName === documents)!.text;
    expect(text).toContain('if (!doc) return errorTextResult(`Document with ID ${id} not found.`);');
    expect(text).toContain("return this.toResult('Document', doc);");
  });
});

describe('a server migrated with --local-helpers, migrated again', () => {
  it("reads the copied helpers' calls as results: a result kept in a variable and logged is not wrapped again", () => {
    const dir = mkdtempSync(path.join(temp, 'local-helpers-'));
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'migrated', private: true, type: 'module' }));
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'src/mcp-result-kit-helpers.ts'), localHelpersSource());
    const server = path.join(dir, 'src/server.ts');
    writeFileSync(
      server,
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { errorTextResult, jsonResult } from './mcp-result-kit-helpers.js';

declare const documents: Map<string, { title: string }>;
const server = new McpServer({ name: 'docs', version: '1.0.0' });

server.tool('get_document', { id: z.string() }, async ({ id }) => {
  const document = documents.get(id);
  if (!document) {
    const response = errorTextResult(JSON.stringify({ error: 'Document not found' }));
    console.error('get_document error response:', JSON.stringify(response));
    return response;
  }
  return jsonResult(document);
});
`,
    );
    const run = runMigration({ files: [server] });
    expect(run.files[0].changes).toEqual([]);
    expect(run.files[0].changed).toBe(false);
  });
});

describe('tools returning what the project HTTP client gives them (fixtures/projects/api-client)', () => {
  it("wraps the awaited value at each tool's return, not the client's own returns", () => {
    const dir = path.join(PROJECTS, 'api-client');
    const run = runMigration({ files: sourceFiles(path.join(dir, 'src')) });
    const index = run.files.find((file) => file.fileName.endsWith('index.ts'))!;
    expect(index.text).toContain('  return jsonResult(await client.get(`/items/${id}`));');
    expect(index.text).toContain('  return jsonResult(removed);');
    expect(index.text).toContain("  return { content: [{ type: 'text', text: notes }] };");
    expect(run.files.find((file) => file.fileName.endsWith('client.ts'))!.changed).toBe(false);
  });
});

describe('a registry behind a lookup in another module (fixtures/projects/registry-lookup)', () => {
  it('rewrites the transport to toCallToolResult and, in the same run, every handler return behind it', () => {
    const dir = path.join(PROJECTS, 'registry-lookup');
    const run = runMigration({ files: sourceFiles(path.join(dir, 'src')) });
    const text = (suffix: string) => run.files.find((file) => file.fileName.endsWith(suffix))!.text;
    expect(text('src/index.ts')).toContain('return toCallToolResult(result);');
    expect(text('tools/docks.ts')).toContain('return docked ? successResult(`Docked ${args.id}`) : errorTextResult(`Failed to dock ${args.id}`);');
    expect(text('tools/ships.ts')).toContain("if (ships.length === 0) return successResult('No ships in the fleet');");
    expect(text('tools/ships.ts')).toContain("return jsonResult({ summary: `${ship.name} is ${ship.docked ? 'docked' : 'at sea'}`, data: ship });");
    // The entries' `describe` functions are stored in the same registry but never dispatched: not tools.
    expect(text('tools/ships.ts')).toContain("export const describeListShips = () => ({ name: 'list_ships'");
    expect(run.files.flatMap((file) => file.diagnostics.filter((diagnostic) => diagnostic.severity === 'review'))).toEqual([]);
  });
});

describe('a registry served by two transports, one of which migrate cannot rewrite', () => {
  it('leaves the handlers and that transport for review, naming the transport, and rewrites the other one', () => {
    const dir = mkdtempSync(path.join(temp, 'two-transports-'));
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'two-transports', private: true, type: 'module' }));
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(
      path.join(dir, 'src/registry.ts'),
      `const ENTRIES: Array<{ name: string; handler: (args: any) => Promise<any> }> = [];
export function add(entry: { name: string; handler: (args: any) => Promise<any> }): void {
  ENTRIES.push(entry);
}
export function lookup(name: string) {
  const entry = ENTRIES.find((candidate) => candidate.name === name);
  return entry ? entry.handler : null;
}
add({ name: 'ping', handler: async () => 'pong' });
`,
    );
    const transport = (extra: string, text: string) => `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { lookup } from './registry.js';
const server = new Server({ name: 's', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const handler = lookup(request.params.name);
  if (!handler) throw new Error('Unknown tool');
  const result = await handler(request.params.arguments);
${extra}  return { content: [{ type: 'text', text: ${text} }] };
});
`;
    writeFileSync(path.join(dir, 'src/stdio.ts'), transport('', 'result'));
    // Compact JSON: toCallToolResult would indent it, so this transport stays as it is.
    writeFileSync(path.join(dir, 'src/http.ts'), transport("  let text: any;\n  if (typeof result === 'string') text = result;\n  else text = JSON.stringify(result);\n", 'text'));
    const run = runMigration({ files: sourceFiles(path.join(dir, 'src')) });
    const file = (suffix: string) => run.files.find((candidate) => candidate.fileName.endsWith(suffix))!;
    expect(file('src/stdio.ts').text).toContain('return toCallToolResult(result);');
    expect(file('src/http.ts').changed).toBe(false);
    expect(file('src/http.ts').diagnostics.filter((diagnostic) => diagnostic.severity === 'review').map((diagnostic) => diagnostic.message)).toEqual([expect.stringMatching(/writes the tool's value as `JSON\.stringify\(result\)` and toCallToolResult writes JSON with a 2-space indent/)]);
    expect(file('src/registry.ts').changed).toBe(false);
    const review = file('src/registry.ts').diagnostics.filter((diagnostic) => diagnostic.severity === 'review');
    expect(review.map((diagnostic) => [diagnostic.line, diagnostic.kind])).toEqual([[9, 'string']]);
    expect(review[0].message).toMatch(/the transport at .*src\/http\.ts:12 turns this handler's value into text, so a result returned here would arrive as text/);
  });
});

describe('a registry served by two transports, one deriving its text from the value (fixtures/projects/registry-two-transports)', () => {
  const dir = path.join(PROJECTS, 'registry-two-transports');

  it('rewrites the derivation and both returns to toCallToolResult(result), and every handler site behind them, in one run', () => {
    const run = runMigration({ files: sourceFiles(path.join(dir, 'src')) });
    const text = (suffix: string) => run.files.find((file) => file.fileName.endsWith(suffix))!.text;
    expect(text('src/http.ts')).toContain(`    try {
      const result = await handler(args || {}, shelf);

      // Wrap the value in MCP content:
      // - a string is the text
      // - { summary, data } stays an object for the client
      // - anything else becomes JSON
      return toCallToolResult(result);
    } catch (error) {`);
    expect(text('src/http.ts')).not.toContain('let text');
    expect(text('src/stdio.ts')).toContain('      return toCallToolResult(result);');
    expect(text('tools/books.ts')).toContain("if (books.length === 0) return successResult('No books on the shelf');");
    expect(text('tools/books.ts')).toContain('if (!book) return errorTextResult(`Book ${String(args.id)} not found`);');
    expect(text('tools/books.ts')).toContain("return lent ? successResult(`Lent ${String(args.id)} to ${String(args.reader)}`) : errorTextResult(`Failed to lend ${String(args.id)}`);");
    expect(run.files.flatMap((file) => file.diagnostics.filter((diagnostic) => diagnostic.severity === 'review'))).toEqual([]);
  });

  it('through the SDK Client, before and after: success texts unchanged, failures gain isError, the summary object becomes valid JSON text', async () => {
    const copy = mkdtempSync(path.join(temp, 'two-transports-replay-'));
    cpSync(dir, copy, { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    const before = await replay(copy, 'before');
    const files = sourceFiles(path.join(copy, 'src'));
    const helpers = path.join(copy, 'src/mcp-result-kit-helpers.ts');
    const run = runMigration({ files, localHelpersPath: helpers });
    for (const file of run.files) if (file.changed) writeFileSync(file.fileName, file.text);
    writeFileSync(helpers, localHelpersSource());
    const after = await replay(copy, 'after');
    expect(before.http.list_books).toEqual({ text: 'Books:\n- Dune', isError: false, structuredContent: undefined });
    expect(before.http['lend_book b9']).toEqual({ text: 'Failed to lend b9', isError: false, structuredContent: undefined });
    for (const transport of ['stdio', 'http'] as const) {
      const [was, now] = [before[transport], after[transport]];
      for (const call of ['list_books', 'lend_book b1', 'list_books lent']) expect({ call, ...now[call] }).toEqual({ call, ...was[call], structuredContent: undefined });
      for (const call of ['get_book b9', 'lend_book b9']) expect({ call, ...now[call] }).toEqual({ call, ...was[call], isError: true, structuredContent: { error: was[call].text?.replace(/^Error: /, '') } });
      // Before, the text item held the { summary, data } object itself, which the Client rejects.
      expect([was['get_book b1'], was['get_book b1 lent']]).toEqual([{ rejected: true }, { rejected: true }]);
    }
    expect(after.http['get_book b1 lent']).toEqual({
      text: JSON.stringify({ summary: 'Dune is lent', data: { id: 'b1', title: 'Dune', lentTo: 'ada' } }, null, 2),
      isError: false,
      structuredContent: { summary: 'Dune is lent', data: { id: 'b1', title: 'Dune', lentTo: 'ada' } },
    });
    expect(after.stdio['get_book b1 lent']).toEqual(after.http['get_book b1 lent']);
  });
});

interface Replayed {
  text?: string;
  isError?: boolean;
  structuredContent?: unknown;
  rejected?: true;
}

/**
 * Compiles the fixture project into `<dir>/<outDir>` and calls its tools through the SDK Client,
 * on a fresh shelf for each of the two transports.
 */
async function replay(dir: string, outDir: string): Promise<Record<'stdio' | 'http', Record<string, Replayed>>> {
  const out = compileFixture(dir, outDir);
  const load = async <T>(module: string): Promise<T> => (await import(pathToFileURL(path.join(out, module)).href)) as T;
  const { Shelf } = await load<typeof import('../../fixtures/projects/registry-two-transports/src/shelf.js')>('shelf.js');
  const { registerBookTools } = await load<typeof import('../../fixtures/projects/registry-two-transports/src/tools/books.js')>('tools/books.js');
  const { createStdioServer } = await load<typeof import('../../fixtures/projects/registry-two-transports/src/stdio.js')>('stdio.js');
  const { createSessionServer } = await load<typeof import('../../fixtures/projects/registry-two-transports/src/http.js')>('http.js');
  registerBookTools();
  const results = {} as Record<'stdio' | 'http', Record<string, Replayed>>;
  for (const transport of ['stdio', 'http'] as const) {
    const shelf = new Shelf([{ id: 'b1', title: 'Dune', lentTo: null }]);
    const server = transport === 'stdio' ? createStdioServer(shelf) : createSessionServer(shelf, 's1');
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'replay', version: '1.0.0' });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    const calls: [string, string, Record<string, unknown>][] = [
      ['list_books', 'list_books', {}],
      ['get_book b9', 'get_book', { id: 'b9' }],
      ['get_book b1', 'get_book', { id: 'b1' }],
      ['lend_book b1', 'lend_book', { id: 'b1', reader: 'ada' }],
      ['lend_book b9', 'lend_book', { id: 'b9', reader: 'ada' }],
      ['list_books lent', 'list_books', {}],
      ['get_book b1 lent', 'get_book', { id: 'b1' }],
    ];
    const seen: Record<string, Replayed> = {};
    for (const [label, name, args] of calls) {
      try {
        const result = await client.callTool({ name, arguments: args });
        const content = result.content as { type: string; text: string }[];
        seen[label] = { text: content.map((item) => item.text).join('\n'), isError: result.isError === true, structuredContent: result.structuredContent };
      } catch {
        seen[label] = { rejected: true };
      }
    }
    results[transport] = seen;
    await client.close();
  }
  return results;
}
describe('wrappers built by a call (fixtures/projects/wrapper-factory)', () => {
  const dir = path.join(PROJECTS, 'wrapper-factory');
  const files = sourceFiles(path.join(dir, 'src'));

  it("follows a registration helper's parameter to each call's callback, and reads the wrapper to decide what its value becomes", () => {
    const run = runMigration({ files });
    const server = run.files.find((file) => file.fileName.endsWith('server.ts'))!;
    // asTextTool puts the callback's value into a text item: a result there would arrive as text, so the sites are for review.
    const review = server.diagnostics.filter((diagnostic) => diagnostic.severity === 'review').sort((a, b) => a.line - b.line);
    expect(review.map((diagnostic) => [diagnostic.line, diagnostic.kind])).toEqual([[39, 'error-string'], [40, 'string'], [45, 'json-stringify']]);
    expect(review[0].message).toMatch(/puts this value into a text item as it is/);
    // logged returns the callback's value as it is: those sites are rewritten.
    expect(server.text).toContain("if (!parcel) return errorTextResult(`Error: parcel ${id} not found`);");
    expect(server.text).toContain('return jsonResult(parcel, { indent: 0 });');
    // The callback handed to schedule() and the unregistered draftTool are not tools.
    expect(server.text).toContain("schedule('nightly', async () => 'Error: nightly run skipped');");
    expect(server.text).toContain("export const draftTool = async (): Promise<string> => 'Error: not wired up yet';");
  });
});

describe('a converter the registered callback hands the value to (fixtures/projects/handler-converter)', () => {
  const dir = path.join(PROJECTS, 'handler-converter');
  const files = sourceFiles(path.join(dir, 'src'));

  it("follows the dispatched handler through the server's own converter, which hands a result back as it is, and rewrites the handlers' sites", () => {
    const run = runMigration({ files });
    const notes = run.files.find((file) => file.fileName.endsWith('notes.ts'))!;
    expect(notes.text).toContain('if (!note) return errorTextResult(`Error: note ${id} does not exist`);');
    expect(notes.text).toContain('handler: async () => jsonResult([...NOTES.keys()], { indent: 0 }),');
    // Not registered, so not a tool; and the converter nothing sends a tool's value to is left alone.
    expect(notes.text).toContain('  return JSON.stringify(Object.fromEntries(NOTES));');
    expect(run.files.find((file) => file.fileName.endsWith('tool.ts'))!.changed).toBe(false);
  });
});

describe("a registry class filled through its methods (fixtures/projects/class-registry)", () => {
  const dir = path.join(PROJECTS, 'class-registry');

  it("reads the instance's fields as collections: the CallTool handler's lookup reaches every entry registered across modules, and a registry of the same shape that no tool reads stays alone", () => {
    const run = runMigration({ files: sourceFiles(path.join(dir, 'src')) });
    const garden = run.files.find((file) => file.fileName.endsWith('garden.ts'))!;
    expect(garden.text).toContain('if (!care) return errorTextResult(`Error: unknown plant ${String(plant)}`);');
    expect(garden.text).toContain('return jsonResult({ plant, ...care }, { indent: 0 });');
    expect(run.files.find((file) => file.fileName.endsWith('setup.ts'))!.changed).toBe(false);
  });
});

describe('an API client handed to the registration functions (fixtures/projects/api-parameter)', () => {
  const dir = path.join(PROJECTS, 'api-parameter');

  it("follows the client parameter to the instance each caller passes: its methods return a response's parsed body, so the handler's return is the site, not the client", () => {
    const run = runMigration({ files: sourceFiles(path.join(dir, 'src')) });
    const books = run.files.find((file) => file.fileName.endsWith('books.ts'))!;
    expect(books.text).toContain("server.tool('list_books', {}, async () => jsonResult(await api.listBooks()));");
    expect(books.text).toContain('return jsonResult(await api.getBook(id));');
    expect(run.files.find((file) => file.fileName.endsWith('library.ts'))!.changed).toBe(false);
  });
});

describe('JSON text made by a service in another file (fixtures/projects/service-json)', () => {
  const dir = path.join(PROJECTS, 'service-json');

  it('rewrites the factory transport and the tool literal to toCallToolResult(<the text>), and leaves the services as they are', () => {
    const run = runMigration({ files: sourceFiles(path.join(dir, 'src')) });
    const text = (suffix: string) => run.files.find((file) => file.fileName.endsWith(suffix))!.text;
    expect(text('src/tools.ts').match(/return toCallToolResult\(result \|\| '\[\]'\);/g)).toHaveLength(2);
    expect(run.files.find((file) => file.fileName.endsWith('src/quotes.ts'))!.changed).toBe(false);
    expect(run.files.flatMap((file) => file.diagnostics.filter((diagnostic) => diagnostic.severity === 'review'))).toEqual([]);
  });

  it('through the SDK Client, before and after: the same texts, now with the data as structuredContent; failures as they were', async () => {
    const copy = mkdtempSync(path.join(temp, 'service-json-replay-'));
    cpSync(dir, copy, { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    const calls = ['get_quotes', 'get_history'].flatMap((tool) => ['ACME', 'NONE', 'DOWN'].map((symbol): [string, Record<string, unknown>] => [tool, { symbol, limit: null }]));
    const label = (results: Replayed[]) => Object.fromEntries(results.map((result, index) => [`${calls[index][0]} ${String(calls[index][1].symbol)}`, result]));
    const before = label(await replayCalls(copy, 'before', calls));
    const helpers = path.join(copy, 'src/mcp-result-kit-helpers.ts');
    const run = runMigration({ files: sourceFiles(path.join(copy, 'src')), localHelpersPath: helpers });
    for (const file of run.files) if (file.changed) writeFileSync(file.fileName, file.text);
    writeFileSync(helpers, localHelpersSource());
    const after = label(await replayCalls(copy, 'after', calls));
    const quotes = [{ symbol: 'ACME', price: 12.5 }, { symbol: 'ACME', price: 12.75 }];
    for (const tool of ['get_quotes', 'get_history']) {
      expect(before[`${tool} ACME`]).toEqual({ text: JSON.stringify(quotes), isError: false, structuredContent: undefined });
      expect(after[`${tool} ACME`]).toEqual({ text: JSON.stringify(quotes), isError: false, structuredContent: { result: quotes } });
      expect(after[`${tool} NONE`]).toEqual({ text: '[]', isError: false, structuredContent: { result: [] } });
      expect(after[`${tool} DOWN`]).toEqual(before[`${tool} DOWN`]);
      expect(before[`${tool} DOWN`]).toEqual({ text: '{"error":"The quote service is down"}', isError: true, structuredContent: undefined });
    }
  });
});

describe('a CallTool handler that looks tools up in its own map and answers an unknown tool itself (fixtures/projects/handler-map-fallback)', () => {
  const dir = path.join(PROJECTS, 'handler-map-fallback');

  it('keeps the unknown tool\'s text as an errorTextResult and passes each tool\'s value on; the map\'s type follows', () => {
    const run = runMigration({ files: sourceFiles(path.join(dir, 'src')) });
    const text = run.files[0].text;
    expect(text).toContain("const text = handlers[name] ? await handlers[name]() : errorTextResult(`Unknown tool: ${name}`);\n    return toCallToolResult(text);");
    expect(text).toContain('const handlers: Record<string, () => Promise<ToolResult>> = {');
  });

  it('through the SDK Client, before and after: the same texts; data gains structuredContent, failures isError', async () => {
    const copy = mkdtempSync(path.join(temp, 'handler-map-fallback-replay-'));
    cpSync(dir, copy, { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    const calls: [string, Record<string, unknown>][] = [['get_feasts', { month: '12' }], ['get_feast', { date: '2026-12-25' }], ['get_feast', { date: '2026-01-01' }], ['get_feasts', { month: 'May' }], ['no_such_tool', {}]];
    const before = await replayCalls(copy, 'before', calls);
    const helpers = path.join(copy, 'src/mcp-result-kit-helpers.ts');
    const run = runMigration({ files: sourceFiles(path.join(copy, 'src')), localHelpersPath: helpers });
    for (const file of run.files) if (file.changed) writeFileSync(file.fileName, file.text);
    writeFileSync(helpers, localHelpersSource());
    const after = await replayCalls(copy, 'after', calls);
    expect(after[0]).toEqual({ ...before[0], structuredContent: { result: JSON.parse(before[0].text!) } });
    expect(after[1]).toEqual({ ...before[1], structuredContent: { date: '2026-12-25', name: 'Christmas', grade: 7 } });
    expect(before[2]).toEqual({ text: '{"error":"No feast on 2026-01-01"}', isError: false, structuredContent: undefined });
    expect(after[2]).toEqual({ text: 'No feast on 2026-01-01', isError: true, structuredContent: { error: 'No feast on 2026-01-01' } });
    expect(after[3]).toEqual({ text: 'Invalid month: May', isError: true, structuredContent: { error: 'Invalid month: May' } });
    // The dispatcher's own error payload is written as every error payload is: its message, as an isError result.
    expect(before[4]).toEqual({ text: '{"error":"Unknown tool: no_such_tool"}', isError: true, structuredContent: undefined });
    expect(after[4]).toEqual({ text: 'Unknown tool: no_such_tool', isError: true, structuredContent: { error: 'Unknown tool: no_such_tool' } });
  });
});

/** Transpiles the fixture's src/ into `<dir>/<outDir>` (types stripped, modules kept). */
function compileFixture(dir: string, outDir: string): string {
  const out = path.join(dir, outDir);
  for (const file of sourceFiles(path.join(dir, 'src'))) {
    const target = path.join(out, path.relative(path.join(dir, 'src'), file)).replace(/\.ts$/, '.js');
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText);
  }
  return out;
}

/** Compiles a one-server fixture (src/server.ts, its default export) into `<dir>/<outDir>` and makes the calls through the SDK Client. */
async function replayCalls(dir: string, outDir: string, calls: readonly [string, Record<string, unknown>][]): Promise<Replayed[]> {
  const out = compileFixture(dir, outDir);
  const { default: server } = (await import(pathToFileURL(path.join(out, 'server.js')).href)) as { default: { connect(transport: InMemoryTransport): Promise<void> } };
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'replay', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const seen: Replayed[] = [];
  try {
    for (const [name, args] of calls) {
      const result = await client.callTool({ name, arguments: args });
      const content = result.content as { type: string; text: string }[];
      seen.push({ text: content.map((item) => item.text).join('\n'), isError: result.isError === true, structuredContent: result.structuredContent });
    }
  } finally {
    await client.close();
  }
  return seen;
}
