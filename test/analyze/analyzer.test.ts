import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeSourceFile, HandlerOptionsError, resolveHandlerOptions } from '../../src/analyze/index.js';
import { runMigration } from '../../transforms/index.js';
import { analyzeText, parse, rewritten, summary } from './helpers.js';

const SDK = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
`;

describe('handler discovery', () => {
  it('finds every registration style and names the tools', () => {
    const analysis = analyzeText(`${SDK}
server.tool('a', async () => 'x');
server.tool('b', 'desc', { q: z.string() }, { readOnlyHint: true }, async () => 'x');
server.registerTool('c', { outputSchema: { n: z.number() } }, async () => 'x');
server.setRequestHandler(CallToolRequestSchema, async () => 'x');
fast.addTool({ name: 'd', execute: async () => 'x' });
const eTool = { name: 'e', execute: async () => 'x' };
fast.addTool(eTool);
server.registerPrompt('p', {}, () => 'x');
server.resource('r', 'mem://x', async () => ({ contents: [] }));
`);
    expect(analysis.handlers.map((h) => [h.style, h.toolName, h.hasOutputSchema])).toEqual([
      ['tool', 'a', false],
      ['tool', 'b', false],
      ['registerTool', 'c', true],
      ['low-level', null, false],
      ['fastmcp-addTool', 'd', false],
      ['fastmcp-addTool', 'e', false],
    ]);
  });

  it('finds tool-definition objects by default, configured handler functions and classes only when asked', () => {
    const code = `
export async function handleGetVolume() { return 'v'; }
const tools = [{ name: 'list_jobs', inputSchema: {}, handler: async () => 'jobs' }];
class PingTool { name = 'ping'; async execute() { return 'pong'; } }
`;
    expect(analyzeText(code).handlers.map((h) => [h.style, h.toolName])).toEqual([['definition', 'list_jobs']]);
    expect(analyzeText(code, { toolDefinitions: false }).handlers).toEqual([]);
    const analysis = analyzeText(code, { handlerPatterns: ['^handle[A-Z]'], handlerClasses: true });
    expect(analysis.handlers.map((h) => [h.style, h.toolName])).toEqual([
      ['handler-pattern', null],
      ['definition', 'list_jobs'],
      ['class-execute', 'ping'],
    ]);
    expect(analysis.findings.map((f) => f.kind)).toEqual(['string', 'string', 'string']);
  });

  it('does not take an object with only a name, an outputSchema and a handler for a tool on its own: where its handler goes decides (test/analyze/projects.test.ts)', () => {
    const code = `
export const listMoviesTool = {
  name: 'ListMovies',
  description: 'Movies in the library',
  outputSchema: { movies: {} },
  handler: async () => ({ content: [], structuredContent: { movies: ['a'] } }),
};
export const labels = { name: 'Movies', outputSchema: 'table' };
`;
    const analysis = analyzeText(code);
    expect(analysis.handlers).toEqual([]);
    expect(analysis.candidates?.map((h) => [h.style, h.toolName, h.hasOutputSchema])).toEqual([['registry', 'ListMovies', true]]);
  });

  it("finds the MCP Apps extension's registerAppTool(server, name, config, handler), and no function of that name from elsewhere", () => {
    const appTool = (module: string) => `import { registerAppTool } from '${module}';
${SDK}registerAppTool(server, 'chart', { description: 'd', outputSchema: {} }, async () => 'Rendered');`;
    expect(analyzeText(appTool('@modelcontextprotocol/ext-apps/server')).handlers.map((h) => [h.style, h.toolName, h.hasOutputSchema])).toEqual([['registerTool', 'chart', true]]);
    expect(summary(appTool('@modelcontextprotocol/ext-apps/server'))).toEqual(['string@4:86[chart]']);
    expect(analyzeText(appTool('./own-apps.js')).handlers).toEqual([]);
  });

  it("finds Nuxt's MCP toolkit tools (export default defineMcpTool({ handler })), named after the file, and not a defineMcpTool of the project's own", () => {
    const tool = (imports: string) => `${imports}
export default defineMcpTool({
  description: 'The weather',
  handler: async () => {
    const forecast = await $fetch('/api/forecast');
    return { content: [{ type: 'text', text: JSON.stringify(forecast) }] };
  },
});`;
    const analyze = (code: string) => analyzeSourceFile(parse(code, 'server/mcp/tools/weather.ts'));
    expect(analyze(tool('')).findings.map((f) => [f.kind, f.line, f.toolName])).toEqual([['json-text-content', 6, 'weather']]);
    expect(analyze(tool("import { defineMcpTool } from '@nuxtjs/mcp-toolkit/server';")).handlers.map((h) => [h.style, h.framework, h.toolName])).toEqual([['file-export', 'sdk', 'weather']]);
    expect(analyze(tool("import { defineMcpTool } from '../../utils/define.js';")).handlers.map((h) => h.style)).toEqual(['result-shape']);
  });

  it('accepts the 2.x server package the same way', () => {
    expect(summary(`import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'x', version: '1' });
server.registerTool('now', {}, async () => new Date().toISOString());`)).toEqual(['string@3:44[now]']);
  });
});

describe('return sites', () => {
  it('follows same-file functions, tool maps, callbacks and ternaries', () => {
    const code = `${SDK}
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const { name } = request.params;
  if (name === 'stats') return await handleStats();
  if (name === 'lookup') return withCache(async () => JSON.stringify({ hit: true }));
  return toolMap[name](request.params.arguments);
});
async function handleStats() { return \`Uptime \${process.uptime()}\`; }
const toolMap = {
  ping: async () => 'pong',
  fail: async () => (Math.random() > 0.5 ? 'ok' : 'Failed: coin toss'),
};
`;
    expect(summary(code)).toEqual([
      'json-stringify@7:55[lookup]',
      'string@10:39[stats]',
      'string@12:21[ping]',
      'string@13:44[fail]',
      'error-string@13:51[fail]',
    ]);
  });

  it('wraps a call to a formatting helper instead of rewriting the helper', () => {
    const code = `${SDK}
function bullet(value: string): string { return '• ' + value; }
server.tool('show', async () => bullet('a'));
`;
    expect(rewritten(code)).toContain("server.tool('show', async () => successResult(bullet('a')));");
    expect(rewritten(code)).toContain("return '• ' + value; }");
  });

  it('reads a JSON helper as JSON text: the call becomes jsonResult of its argument, with the same indent', () => {
    const code = `${SDK}
function asText(value: unknown): string { return JSON.stringify(value, null, 2); }
const compact = (value: unknown) => JSON.stringify(value);
const withDates = (value: unknown) => JSON.stringify(value, (_key, v) => (v instanceof Date ? v.getTime() : v), 2);
server.tool('dump', async () => asText({ a: 1 }));
server.tool('list', async () => ({ content: [{ type: 'text', text: compact([1, 2]) }] }));
server.tool('dates', async () => withDates({ at: new Date() }));
`;
    expect(summary(code)).toEqual(['json-stringify@7:33[dump]', 'json-text-content@8:34[list]', 'json-stringify@9:34[dates]']);
    const out = rewritten(code);
    expect(out).toContain("server.tool('dump', async () => jsonResult({ a: 1 }));");
    expect(out).toContain("server.tool('list', async () => jsonResult([1, 2], { indent: 0 }));");
    // The helper's replacer goes into jsonResult's options (it uses only its own parameters).
    expect(out).toContain("server.tool('dates', async () => jsonResult({ at: new Date() }, { replacer: (_key, v) => (v instanceof Date ? v.getTime() : v) }));");
    expect(analyzeText(code).findings[2].reviewReason).toBeUndefined();
  });

  it('treats a return in catch that uses the error as an error', () => {
    expect(summary(`${SDK}
server.tool('t', async () => {
  try { return 'fine'; } catch (e) { return 'Lookup broke: ' + String(e); }
});`)).toEqual(['string@5:16[t]', 'error-string@5:45[t]']);
  });

  it('never flags prompt or resource callbacks or plain functions', () => {
    expect(summary(`${SDK}
server.prompt('summarize', () => 'Summarize this');
server.registerResource('cfg', 'cfg://x', {}, async () => 'nope');
function greet(name: string) { return \`Hello \${name}\`; }
`)).toEqual([]);
  });

  it('keeps an error text as it is: errorTextResult writes it exactly', () => {
    const out = rewritten(`${SDK}
server.tool('a', async () => { try { return 'ok'; } catch (e) { return 'Error: ' + (e as Error).message; } });
server.tool('b', async () => 'Error: ' + 'disk ' + 'full');
server.tool('c', async () => \`Error:\${'x'}\`);
server.tool('d', async () => ('Failed to reach the API'));
`);
    expect(out).toContain("errorTextResult('Error: ' + (e as Error).message)");
    expect(out).toContain("errorTextResult('Error: ' + 'disk ' + 'full')");
    expect(out).toContain('errorTextResult(`Error:${\'x\'}`)');
    expect(out).toContain("errorTextResult('Failed to reach the API')");
  });

  it('reports structuredContent problems and outputSchema paths without structuredContent', () => {
    expect(summary(`${SDK}
server.registerTool('s', { outputSchema: { n: z.number() } }, async () => {
  if (Math.random()) return { content: [{ type: 'text', text: 'n' }] };
  if (Math.random()) return { content: [{ type: 'text', text: 'n' }], structuredContent: [1, 2] };
  if (Math.random()) return { structuredContent: { n: 1 } };
  return successResult('n');
});`)).toEqual([
      'missing-structured-content@5:29[s]',
      'structured-not-object@6:90[s]',
      'structured-without-text@7:29[s]',
      'missing-structured-content@8:10[s]',
    ]);
  });
});

describe('rewrite shape', () => {
  it('drops the parentheses of an arrow body and an as-const around a rewritten literal', () => {
    const out = rewritten(`${SDK}
server.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));
server.tool('pong', async () => { return { content: [{ type: 'text', text: 'ping' }] } as const; });
`);
    expect(out).toContain("server.tool('ping', async () => successResult('pong'));");
    expect(out).toContain("server.tool('pong', async () => { return successResult('ping'); });");
  });
});

describe('options', () => {
  it('rejects unknown keys, wrong types and bad regexes with the offending key', () => {
    expect(() => resolveHandlerOptions({ handlerPattern: ['x'] } as never)).toThrow(new HandlerOptionsError('unknown handler option "handlerPattern" (known: handlerPatterns, registrationMethods, handlerProperties, resultHelpers, handlerClasses, toolDefinitions, allowFastmcpStrings, errorPatterns, protocolVersion, mcpFrameworkVersion)'));
    expect(() => resolveHandlerOptions({ handlerPatterns: '^handle' } as never)).toThrow('handlerPatterns must be an array of strings');
    expect(() => resolveHandlerOptions({ handlerPatterns: ['(unclosed'] })).toThrow(/handlerPatterns: "\(unclosed" is not a valid regular expression/);
    expect(() => resolveHandlerOptions({ handlerClasses: 'yes' } as never)).toThrow('handlerClasses must be a boolean');
    expect(() => resolveHandlerOptions({ toolDefinitions: 1 } as never)).toThrow('toolDefinitions must be a boolean');
    expect(() => resolveHandlerOptions({ allowFastmcpStrings: 'no' } as never)).toThrow('allowFastmcpStrings must be a boolean');
    expect(() => resolveHandlerOptions({ protocolVersion: '2026-01-01' })).toThrow('protocolVersion "2026-01-01" is not a released MCP protocol version');
    expect(() => resolveHandlerOptions({ mcpFrameworkVersion: 'next' })).toThrow('mcpFrameworkVersion must be a release number such as "0.2.22", got "next"');
  });
});

describe('with type information', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mrk-typed-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', noEmit: true, skipLibCheck: true }, include: ['src'] }));
  writeFileSync(path.join(dir, 'src/render.ts'), `export class Renderer { render(n: number): string { return 'n=' + n; } }\nexport function histogram(): number[] { return [1, 2]; }\n`);
  writeFileSync(path.join(dir, 'src/volumes.ts'), `export async function listVolumes(args: unknown): Promise<string> {\n  return '📚 Volumes: ' + String(args);\n}\n`);
  writeFileSync(path.join(dir, 'src/clock.ts'), `export async function now(): Promise<string> {\n  return new Date().toISOString();\n}\n`);
  writeFileSync(path.join(dir, 'src/server.ts'), `declare const server: { setRequestHandler(schema: unknown, fn: (request: { params: { name: string } }) => unknown): void; tool(name: string, fn: () => unknown): void };
declare const CallToolRequestSchema: unknown;
import { Renderer, histogram } from './render.js';
import { listVolumes } from './volumes.js';
import { now } from './clock.js';
const renderer = new Renderer();
server.tool('render', async () => renderer.render(3));
server.tool('hist', async () => ({ content: [{ type: 'text', text: 'h' }], structuredContent: histogram() }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'list_volumes':
      return await listVolumes(request.params);
    case 'time':
      return await now();
  }
});
`);

  function typed(file: string) {
    const program = ts.createProgram({ rootNames: ['server.ts', 'render.ts', 'volumes.ts', 'clock.ts'].map((name) => path.join(dir, 'src', name)), options: { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext } });
    const sourceFile = program.getSourceFile(path.join(dir, 'src', file))!;
    return analyzeSourceFile(sourceFile, { checker: program.getTypeChecker(), followExternal: true });
  }

  it('sees string-typed expressions and non-object structuredContent only with the checker', () => {
    const code = readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
    expect(analyzeSourceFile(ts.createSourceFile('server.ts', code, ts.ScriptTarget.Latest, true)).findings.map((f) => f.kind)).toEqual([]);
    expect(typed('server.ts').findings.map((f) => `${f.kind}[${f.toolName}]`)).toEqual(['string[render]', 'structured-not-object[hist]', 'string[time]']);
  });

  it('follows a dispatch into a handler in another file, but wraps a shared utility where it is called', () => {
    const analysis = typed('server.ts');
    expect(analysis.external.map((h) => [path.basename(h.fn.getSourceFile().fileName), h.toolName])).toEqual([['volumes.ts', 'list_volumes']]);
    const files = ['server.ts', 'volumes.ts', 'clock.ts'].map((name) => path.join(dir, 'src', name));
    const run = runMigration({ files, tsconfig: path.join(dir, 'tsconfig.json') });
    expect(run.typeAware).toBe(true);
    const [server, volumes, clock] = run.files;
    expect(volumes.text).toBe(`import { successResult, type ToolResult } from 'mcp-result-kit';

export async function listVolumes(args: unknown): Promise<ToolResult> {
  return successResult('📚 Volumes: ' + String(args));
}
`);
    // now() may have other callers that want a string: it stays, its call is wrapped.
    expect(clock.changed).toBe(false);
    expect(server.text).toContain("      return successResult(await now());");
    expect(server.text).toContain("      return await listVolumes(request.params);");
  });
});

describe('shapes that look alike but are not what they seem', () => {
  const WRAPPER = `${SDK}declare const n: number;
function asTool<A>(handler: (args: A) => Promise<unknown>) {
  return async (args: A) => {
    const result = await handler(args);
    return { content: [{ type: 'text' as const, text: typeof result === 'string' ? result : JSON.stringify(result) }], _meta: {} };
  };
}
`;

  it('behind a wrapper that serialises (and stays for review), strings are the wrapper\'s and error sites are not rewritten', () => {
    const code = `${WRAPPER}server.tool('count', {}, asTool(async () => \`\${n} users\`));
server.tool('fail', {}, asTool(async () => 'Error: no users'));
`;
    const analysis = analyzeText(code);
    expect(analysis.findings.map((f) => `${f.kind}@${f.line}${f.rewrite ? '' : ' review'}`)).toEqual(['transport-wrapper@7 review', 'error-string@11 review']);
    expect(analysis.findings[1].reviewReason).toMatch(/migrate the wrapper to toCallToolResult\(result\) first/);
  });

  it('behind a wrapper migrate rewrites (or already rewrote) to toCallToolResult, a second run finds nothing new', () => {
    const rewritable = `${SDK}declare const n: number;
function asTool<A>(handler: (args: A) => Promise<unknown>) {
  return async (args: A) => {
    const result = await handler(args);
    return { content: [{ type: 'text' as const, text: typeof result === 'string' ? result : JSON.stringify(result, null, 2) }] };
  };
}
server.tool('users', {}, asTool(async () => ({ count: n })));
server.tool('fail', {}, asTool(async () => 'Error: no users'));
`;
    expect(summary(rewritable)).toEqual(['transport-wrapper@7:12', 'error-string@11:44[fail]']);
    const once = rewritten(rewritable);
    expect(once).toContain('return toCallToolResult(result);');
    expect(once).toContain("asTool(async () => errorTextResult('Error: no users'))");
    // The migrated wrapper still serialises: the object and the rewritten error stay as they are.
    expect(summary(once)).toEqual([]);
  });

  it('a tool object dispatched by a low-level handler in the same file is an SDK handler of that tool', () => {
    const code = `${SDK}declare const notes: { add(text: string): Promise<string> };
const tools = [{ name: 'add_note', inputSchema: { type: 'object' }, handler: async (args: { text: string }) => ({ id: await notes.add(args.text) }) }];
server.server.setRequestHandler(CallToolRequestSchema, async (request) => tools.find((tool) => tool.name === request.params.name)!.handler(request.params.arguments as { text: string }));
`;
    expect(summary(code)).toEqual(['bare-object@4:113[add_note]']);
  });

  it('a result builder shared by several tools is named after none of them', () => {
    const code = `${SDK}declare const shop: { cart(): Promise<object>; stock(): Promise<object> };
function toResult(data: unknown) { return { content: [{ type: 'text' as const, text: JSON.stringify(data, null, 2) }] }; }
server.tool('get_cart', {}, async () => toResult(await shop.cart()));
server.tool('get_stock', {}, async () => toResult(await shop.stock()));
`;
    expect(summary(code)).toEqual(['json-text-content@4:43']);
  });

  it('agent-SDK tools, LLM tool_result blocks and array callbacks are not tool results', () => {
    expect(summary(`import { tool } from '@openai/agents';
import { z } from 'zod';
export const weather = tool({ name: 'get_weather', description: 'x', parameters: z.object({ city: z.string() }), execute: async ({ city }) => \`Sunny in \${city}\` });
`)).toEqual([]);
    expect(summary(`export function toolResult(id: string, d: unknown) {
  return { type: 'tool_result' as const, tool_use_id: id, content: [{ type: 'text' as const, text: JSON.stringify(d) }] };
}
export const lines = ['a'].map((line) => ({ content: [{ type: 'text' as const, text: line }] }));
`)).toEqual([]);
  });

  it('sees `||` and `??` between strings as a string', () => {
    expect(summary(`${SDK}declare const list: string[]; declare const label: string;
server.tool('tags', {}, async () => list.join(', ') || 'none');
server.tool('label', {}, async () => label.trim() ?? 'untitled');
`)).toEqual(['string@4:37[tags]', 'string@5:38[label]']);
  });
});

describe('helper names the file already uses', () => {
  it('leaves a site for review when the file declares its own helper of the same name (it would be called instead)', () => {
    const code = `${SDK}const errorTextResult = (text: string) => ({ content: [{ type: 'text' as const, text }], isError: true });
declare const data: object;
server.tool('broken', async () => 'Error: the disk is full');
server.tool('data', async () => JSON.stringify(data, null, 2));
`;
    const analysis = analyzeText(code);
    expect(analysis.findings.map((f) => [f.kind, f.rewrite === null, f.reviewReason])).toEqual([
      ['error-string', true, 'the file declares its own errorTextResult; rename it, then migrate this site'],
      ['json-stringify', false, undefined],
    ]);
    // A file's own errorResult is no obstacle: error text is rewritten to errorTextResult.
    const own = analyzeText(code.replace('const errorTextResult =', 'const errorResult ='));
    expect(own.findings.map((f) => [f.kind, f.rewrite?.helpers])).toEqual([
      ['error-string', ['errorTextResult']],
      ['json-stringify', ['jsonResult']],
    ]);
  });
});

describe('sinks traced backwards', () => {
  it("follows a registration's handler parameter to what each caller passes", () => {
    expect(
      summary(`${SDK}
function registerLogged(name: string, handler: (args: { id: string }) => Promise<string>) {
  server.registerTool(name, { description: name }, async (args: { id: string }) => {
    console.error('calling', name);
    return handler(args);
  });
}
registerLogged('lookup', async ({ id }) => \`Item \${id} not found\`);
registerLogged('echo', async ({ id }) => \`Echo: \${id}\`);
`),
    ).toEqual(['error-string@10:44', 'string@11:42']);
  });
});
