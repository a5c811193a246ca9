// Suggestions through ESLint's API: each one, applied alone, gives code that compiles (checked
// with TypeScript against the real SDK and the runtime's types), and each stays small however
// large the file is (ESLint merges a suggestion's edits into one range, so an import far from its
// site would carry all the code in between).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from '../../rules/index.js';
import { SUGGESTION_SPAN_LIMIT } from '../../rules/suggestions.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const recommended = (plugin.configs as unknown as Record<'recommended', Linter.Config>).recommended;
const base = mkdtempSync(path.join(tmpdir(), 'mrk-suggestions-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

mkdirSync(path.join(base, 'node_modules'));
for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
  if (!entry.startsWith('.')) symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(base, 'node_modules', entry));
}
writeFileSync(path.join(base, 'package.json'), JSON.stringify({ name: 'suggestions', private: true, type: 'module' }));

interface Suggested {
  line: number;
  ruleId: string | null;
  fix: { range: [number, number]; text: string };
}

async function suggestions(name: string, text: string, options: Record<string, unknown> = {}): Promise<{ file: string; suggested: Suggested[]; reported: number }> {
  const file = path.join(base, name);
  writeFileSync(file, text);
  const eslint = new ESLint({ cwd: base, overrideConfigFile: true, overrideConfig: [recommended, { settings: { 'mcp-result-kit': options } }] });
  const [result] = await eslint.lintText(text, { filePath: file });
  const suggested = result.messages.flatMap((message) => (message.suggestions ?? []).map((suggestion) => ({ line: message.line, ruleId: message.ruleId, fix: suggestion.fix })));
  return { file, suggested, reported: result.messages.length };
}

function applied(text: string, fix: Suggested['fix']): string {
  return text.slice(0, fix.range[0]) + fix.text + text.slice(fix.range[1]);
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  types: [],
  baseUrl: ROOT,
  paths: { 'mcp-result-kit': ['packages/runtime/src/index.ts'] },
};
// One host for every check, caching the SDK's, zod's and the runtime's files: only the file
// under test is parsed again.
const overrides = new Map<string, string>();
const parsed = new Map<string, ts.SourceFile>();
const host = ts.createCompilerHost(COMPILER_OPTIONS);
const getSourceFile = host.getSourceFile;
host.getSourceFile = (name, languageVersion, onError) => {
  const override = overrides.get(path.resolve(name));
  if (override !== undefined) return ts.createSourceFile(name, override, languageVersion, true);
  let cached = parsed.get(name);
  if (!cached) {
    cached = getSourceFile(name, languageVersion, onError);
    if (cached) parsed.set(name, cached);
  }
  return cached;
};

/** TypeScript's errors in `file` with `text`, against the real SDK, zod and the runtime's sources. */
function typeErrors(file: string, text: string): string[] {
  overrides.clear();
  overrides.set(path.resolve(file), text);
  const program = ts.createProgram([file], COMPILER_OPTIONS, host);
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => `TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`);
}

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

declare const store: { find(id: string): Promise<{ id: string; name: string } | undefined>; all(): Promise<string[]> };
const server = new McpServer({ name: 'store', version: '1.0.0' });

export async function handleFind(id: string): Promise<string> {
  const item = await store.find(id);
  if (!item) return \`Error: no item \${id}\`;
  return JSON.stringify(item, null, 2);
}

export async function handleAll(): Promise<string> {
  let result: string;
  const names = await store.all();
  if (names.length === 0) {
    result = 'Failed to list: the store is empty';
  } else {
    result = names.join(', ');
  }
  return result;
}

export function handleCount(names: string[]): { content: { type: 'text'; text: string }[]; isError: boolean } {
  if (names.length > 100) return { content: [{ type: 'text', text: JSON.stringify({ error: 'too many', count: names.length }) }], isError: false };
  return { content: [{ type: 'text', text: JSON.stringify({ count: names.length }) }], isError: false };
}

export function handleFailure(message: string): { content: { type: 'text'; text: string }[]; error: { message: string } } {
  return { content: [{ type: 'text', text: \`Failed to run: \${message}\` }], error: { message } };
}

server.tool('ping', {}, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
`;

/** The 1-based line of the first line of `text` holding `needle`. */
function lineOf(text: string, needle: string): number {
  return text.slice(0, text.indexOf(needle)).split('\n').length;
}

describe('every suggestion, applied alone, compiles', () => {
  it('in an SDK server with annotated handlers, let-result variables and inline result types', async () => {
    const { file, suggested } = await suggestions('server.ts', SERVER, { handlerPatterns: ['^handle[A-Z]'] });
    expect(typeErrors(file, SERVER)).toEqual([]);
    expect(suggested).toHaveLength(7);
    for (const suggestion of suggested) {
      const text = applied(SERVER, suggestion.fix);
      expect(typeErrors(file, text), `line ${suggestion.line} (${suggestion.ruleId}):\n${text}`).toEqual([]);
    }
  });

  it('widens a Promise<string> while other string returns remain, and narrows it with the last', async () => {
    const { file, suggested } = await suggestions('server.ts', SERVER, { handlerPatterns: ['^handle[A-Z]'] });
    const first = suggested.find((suggestion) => suggestion.line === lineOf(SERVER, 'no item'))!;
    const once = applied(SERVER, first.fix);
    expect(once).toContain('export async function handleFind(id: string): Promise<string | ToolResult> {');
    expect(once).toContain("  if (!item) return errorTextResult(`Error: no item ${id}`);");
    expect(once).toContain("import { errorTextResult, type ToolResult } from 'mcp-result-kit';");
    const again = await suggestions('server.ts', once, { handlerPatterns: ['^handle[A-Z]'] });
    const last = again.suggested.find((suggestion) => suggestion.line === lineOf(once, 'JSON.stringify(item, null, 2)'))!;
    const twice = applied(once, last.fix);
    expect(twice).toContain('export async function handleFind(id: string): Promise<ToolResult> {');
    expect(twice).toContain("import { errorTextResult, jsonResult, type ToolResult } from 'mcp-result-kit';");
    expect(typeErrors(file, twice)).toEqual([]);
  });

  it('adds isError?: boolean to an inline result type whose literal gains isError', async () => {
    const { suggested } = await suggestions('server.ts', SERVER, { handlerPatterns: ['^handle[A-Z]'] });
    const failure = suggested.find((suggestion) => suggestion.line === lineOf(SERVER, 'Failed to run'))!;
    expect(applied(SERVER, failure.fix)).toContain(
      "export function handleFailure(message: string): { content: { type: 'text'; text: string }[]; error: { message: string }; isError?: boolean } {\n  return { content: [{ type: 'text', text: `Failed to run: ${message}` }], error: { message }, isError: true };",
    );
  });
});

/** `count` handler functions at the top level, one statement each, after a header of imports. */
function manyStatements(count: number): string {
  const parts = [`import { z } from 'zod';\n\nexport const idSchema = z.string();\n`];
  for (let i = 0; i < count; i++) {
    parts.push(`\n// Tool ${i}.\nexport async function handleItem${i}(id: string): Promise<string> {\n  return \`Item ${i}: \${id}\`;\n}\n`);
  }
  return parts.join('');
}

/** `count` tools registered in one function: every site is inside one top-level statement. */
function oneFunction(count: number): string {
  const parts = [`import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nimport { z } from 'zod';\n\nexport function registerAll(server: McpServer): void {\n`];
  for (let i = 0; i < count; i++) parts.push(`  server.tool('item_${i}', { id: z.string() }, async ({ id }) => \`Item ${i}: \${id}\`);\n`);
  parts.push('}\n');
  return parts.join('');
}

describe('suggestions stay small in large files', () => {
  it('import with the others when near; far away, right above the statement holding the site (ES imports are hoisted)', async () => {
    const text = manyStatements(1500);
    expect(text.length).toBeGreaterThan(4 * SUGGESTION_SPAN_LIMIT);
    const { file, suggested, reported } = await suggestions('many.ts', text, { handlerPatterns: ['^handle[A-Z]'] });
    expect(reported).toBe(1500);
    expect(suggested).toHaveLength(reported);
    for (const suggestion of suggested) expect(suggestion.fix.range[1] - suggestion.fix.range[0]).toBeLessThanOrEqual(SUGGESTION_SPAN_LIMIT);
    const near = applied(text, suggested[0].fix);
    expect(near).toContain("import { z } from 'zod';\nimport { successResult, type ToolResult } from 'mcp-result-kit';\n");
    const farText = applied(text, suggested[suggested.length - 1].fix);
    expect(farText).toContain(
      "\nimport { successResult, type ToolResult } from 'mcp-result-kit';\n// Tool 1499.\nexport async function handleItem1499(id: string): Promise<ToolResult> {\n  return successResult(`Item 1499: ${id}`);",
    );
    expect(typeErrors(file, text)).toEqual([]);
    expect(typeErrors(file, near)).toEqual([]);
    expect(typeErrors(file, farText)).toEqual([]);
  });

  it('offers no suggestion where no legal import position is near (the site deep inside one huge statement)', async () => {
    const text = oneFunction(2000);
    const { suggested, reported } = await suggestions('one.ts', text);
    expect(reported).toBe(2000);
    expect(suggested.length).toBeGreaterThan(0);
    expect(suggested.length).toBeLessThan(reported);
    const total = suggested.reduce((sum, suggestion) => sum + suggestion.fix.text.length, 0);
    expect(total).toBeLessThan(suggested.length * SUGGESTION_SPAN_LIMIT);
    // Once the file imports the helper, every site has its own small suggestion.
    const imported = `import { successResult } from 'mcp-result-kit';\n${text}`;
    const after = await suggestions('one.ts', imported);
    expect(after.suggested).toHaveLength(2000);
    expect(Math.max(...after.suggested.map((suggestion) => suggestion.fix.text.length))).toBeLessThan(200);
  });

  it('a CommonJS require goes above the statement only when that runs before the site (never for a function declaration)', async () => {
    const pad = `// ${'-'.repeat(78)}\n`.repeat(Math.ceil((SUGGESTION_SPAN_LIMIT + 1000) / 82));
    const text = `'use strict';\nconst { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');\n\nconst server = new McpServer({ name: 'cjs', version: '1.0.0' });\n${pad}\nserver.tool('ping', async () => {\n  return 'pong';\n});\n\nfunction describeTool() {\n  return 'ok';\n}\nserver.tool('describe', describeTool);\n\nmodule.exports = { server };\n`;
    const dir = path.join(base, 'cjs');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'cjs', private: true }));
    const { suggested, reported } = await suggestions('cjs/server.js', text);
    expect(reported).toBe(2);
    expect(suggested).toHaveLength(1);
    expect(applied(text, suggested[0].fix)).toContain("\nconst { successResult } = require('mcp-result-kit');\nserver.tool('ping', async () => {\n  return successResult('pong');");
  });
});

describe('the import a suggestion adds uses the quotes most of the file imports use', () => {
  // The same files as the codemod's fixtures: suggestions and migrate plan imports alike.
  const fixture = (name: string) => readFileSync(path.join(ROOT, 'fixtures/imports', `${name}.input.ts`), 'utf8');

  it('double quotes when two of three imports use them, though the first uses single', async () => {
    const text = fixture('mixed-quotes-majority');
    const { suggested } = await suggestions('majority.ts', text);
    expect(suggested).toHaveLength(1);
    expect(applied(text, suggested[0].fix)).toContain('import { readFile } from "node:fs/promises";\nimport { successResult } from "mcp-result-kit";\n');
  });

  it("the first import's quotes on a tie", async () => {
    const text = fixture('mixed-quotes-tie');
    const { suggested } = await suggestions('tie.ts', text);
    expect(suggested).toHaveLength(1);
    expect(applied(text, suggested[0].fix)).toContain(`import { z } from "zod";\nimport { successResult } from 'mcp-result-kit';\n`);
  });
});
