// A CallTool transport that makes the text from a looked-up tool handler's value (issue 24, issue
// 23 family 1): `let text; if (typeof result === 'string') text = result; … else text =
// JSON.stringify(result, null, 2)`. Where every way of making the text is what toCallToolResult
// writes, the derivation and the return become `return toCallToolResult(result)`; anything else
// stays for review, saying what the transport does with the value.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { analyzeSourceFile } from '../../src/analyze/index.js';
import { migrateSourceFile } from '../../transforms/index.js';
import { analyzeText, parse, rewritten } from './helpers.js';

const HEAD = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
declare const tools: Map<string, { handler(args: unknown): Promise<unknown> }>;
declare function audit(text: unknown): void;
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
`;

/** A transport whose body, after the lookup, is `body`. */
const transport = (body: string): string => `${HEAD}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.get(request.params.name);
  if (!tool) throw new Error('Unknown tool');
  const result = await tool.handler(request.params.arguments);
${body}
});
`;

const RETURN = `  return {
    content: [
      {
        type: 'text',
        text: text
      }
    ]
  };`;

function findings(code: string): string[] {
  return analyzeText(code).findings.map((finding) => `${finding.kind}@${finding.line}:${finding.column}${finding.rewrite ? '' : ` review: ${finding.reviewReason}`}`);
}

describe('a transport that derives its text from the handler value', () => {
  it('rewrites the let, its typeof-guarded branches and the return to toCallToolResult(result), keeping the comments above', () => {
    const code = transport(`
  // Strings as they are; other values as JSON.
  let text: any;
  if (typeof result === 'string') {
    text = result;
  } else if (result && typeof result === 'object' && 'summary' in result && 'data' in result) {
    // Hybrid format
    text = result;
  } else {
    text = JSON.stringify(result, null, 2);
  }

${RETURN}`);
    expect(findings(code)).toEqual(['transport-wrapper@22:10']);
    const finding = analyzeText(code).findings[0];
    expect(finding.rewrite?.passesHandlerValue).toBe(true);
    expect(finding.rewrite?.helpers).toEqual(['toCallToolResult']);
    expect(rewritten(code)).toBe(
      transport(`
  // Strings as they are; other values as JSON.
  return toCallToolResult(result);`),
    );
  });

  it('keeps CRLF line endings when it removes the derivation', () => {
    const crlf = (text: string) => text.replace(/\n/g, '\r\n');
    const code = crlf(transport(`  // Strings as they are.
  let text: any;
  if (typeof result === 'string') text = result;
  else text = JSON.stringify(result, null, 2);

  return { content: [{ type: 'text', text }] };`));
    expect(rewritten(code)).toBe(crlf(transport(`  // Strings as they are.
  return toCallToolResult(result);`)));
  });

  it('rewrites a const made by nested conditionals, with String(value) and a two-space string indent', () => {
    const code = transport(`  const text = typeof result === 'string' ? result : Array.isArray(result) ? JSON.stringify(result, undefined, '  ') : String(result);

  return { content: [{ type: 'text', text }] };`);
    expect(findings(code)).toEqual(['transport-wrapper@12:10']);
    expect(rewritten(code)).toBe(transport(`
  return toCallToolResult(result);`));
  });

  it('rewrites an inline conditional with another test than typeof, and a second run finds nothing', () => {
    const code = transport(`  return { content: [{ type: 'text', text: result && typeof result === 'object' ? JSON.stringify(result, null, 2) : String(result) }] };`);
    const once = rewritten(code);
    expect(once).toBe(transport('  return toCallToolResult(result);'));
    expect(findings(once)).toEqual([]);
  });

  it('keeps a statement between the derivation and the return, and the blank line before the return', () => {
    const code = transport(`  console.error('called');
  let text: string;
  if (typeof result === 'string') text = result;
  else text = JSON.stringify(result, null, 2);
  console.error('done');

  return { content: [{ type: 'text', text }] };`);
    expect(rewritten(code)).toBe(transport(`  console.error('called');
  console.error('done');

  return toCallToolResult(result);`));
  });

  it.each([
    ['adds other text around the value', "  const text = typeof result === 'string' ? result : `Result:\\n${JSON.stringify(result, null, 2)}`;\n  return { content: [{ type: 'text', text }] };", /writes other text around the tool's value \(``Result:\\n\$\{JSON\.stringify\(result, null, 2\)\}``\)/],
    ['appends to the text', "  let text = typeof result === 'string' ? result : JSON.stringify(result, null, 2);\n  text += '\\n(done)';\n  return { content: [{ type: 'text', text }] };", /adds other text to the tool's value \(`text \+= '\\n\(done\)'`, line 11\)/],
    ['reads fields of the value', "  let text: any;\n  if (typeof result === 'string') text = result;\n  else text = (result as { summary: string }).summary;\n  return { content: [{ type: 'text', text }] };", /reads `\(result as \{ summary: string \}\)\.summary` of the tool's value/],
    ['serialises compact JSON', "  const text = typeof result === 'string' ? result : JSON.stringify(result);\n  return { content: [{ type: 'text', text }] };", /writes the tool's value as `JSON\.stringify\(result\)` and toCallToolResult writes JSON with a 2-space indent/],
    ['serialises with a replacer', "  const text = typeof result === 'string' ? result : JSON.stringify(result, ['id'], 2);\n  return { content: [{ type: 'text', text }] };", /JSON\.stringify\(result, \['id'\], 2\)/],
    ['uses the text elsewhere', "  const text = typeof result === 'string' ? result : JSON.stringify(result, null, 2);\n  audit(text);\n  return { content: [{ type: 'text', text }] };", /also reads `text` at line 11/],
    ['chooses the text by calling other code', "  const text = audit(result) ? result : JSON.stringify(result, null, 2);\n  return { content: [{ type: 'text', text }] };", /calls other code to choose the text \(`audit\(result\)`\)/],
    ['keeps the result in a variable before returning it', "  const text = typeof result === 'string' ? result : JSON.stringify(result, null, 2);\n  const response = { content: [{ type: 'text', text }] };\n  return response;", /the result that holds `text` is not returned where it is built/],
    ['sets the text in another block than the return', "  let text: any = null;\n  {\n    text = typeof result === 'string' ? result : JSON.stringify(result, null, 2);\n  }\n  if (text !== null) {\n    return { content: [{ type: 'text', text }] };\n  }\n  return { content: [] };", /`text` is set in another block than the one that returns the result/],
    ['sets the text among other work', "  let text: any = '';\n  if (typeof result === 'string') { text = result; audit(result); }\n  return { content: [{ type: 'text', text }] };", /`text` is set among other work \(line 11\)/],
  ])('leaves for review a transport that %s, saying so', (_name, body, reason) => {
    const found = analyzeText(transport(body)).findings;
    expect(found.map((finding) => [finding.kind, finding.rewrite])).toEqual([['transport-wrapper', null]]);
    expect(found[0].reviewReason).toMatch(reason);
  });

  it('leaves for review JSON.stringify of a value that may be a string (it would lose its quotes), unless its type says it never is', () => {
    const body = "  const text = JSON.stringify(result, null, 2);\n  return { content: [{ type: 'text', text }] };";
    const found = analyzeText(transport(body)).findings;
    expect(found.map((finding) => finding.rewrite)).toEqual([null]);
    expect(found[0].reviewReason).toMatch(/writes every value as `JSON\.stringify\(result, null, 2\)`, a string too \(quoted\), and toCallToolResult writes a string as it is/);

    const typed = transport(body).replace('Promise<unknown> }>', 'Promise<{ id: string }[]> }>');
    const fileName = path.join(mkdtempSync(path.join(os.tmpdir(), 'mrk-derived-')), 'server.ts');
    writeFileSync(fileName, typed);
    const program = ts.createProgram({ rootNames: [fileName], options: { strict: true, noEmit: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, skipLibCheck: true } });
    const analysis = analyzeSourceFile(program.getSourceFile(fileName)!, { checker: program.getTypeChecker() });
    expect(analysis.findings.map((finding) => finding.rewrite?.edit.text)).toEqual(['  return toCallToolResult(result)']);
    rmSync(path.dirname(fileName), { recursive: true, force: true });
  });

  it('without types, rewrites JSON.stringify(result, null, 2) when every tool behind the lookup returns objects, arrays or data its client declares', () => {
    const registry = (extra: string) => `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
interface Task { id: string; title: string }
interface Note { id: string; content: string }
class TaskClient {
  async list(): Promise<Task[]> { return (await fetch('https://x/tasks')).json(); }
  async get(id: string): Promise<Task> { return (await fetch('https://x/tasks/' + id)).json(); }
  async note(id: string): Promise<Note> { return (await fetch('https://x/notes/' + id)).json(); }
}
const client = new TaskClient();
const tools = [
  { name: 'list_tasks', handler: async () => { const tasks = await client.list(); return { tasks, count: tasks.length }; } },
  { name: 'get_task', handler: async (args: { id: string }) => client.get(args.id) },
  { name: 'task_ids', handler: async () => (await client.list()).map((task) => task.id) },
  { name: 'note', handler: async (args: { id: string }) => await client.note(args.id) },${extra}
];
const server = new Server({ name: 'x', version: '1' }, { capabilities: { tools: {} } });
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const tool = tools.find((candidate) => candidate.name === request.params.name);
  if (!tool) throw new Error('Unknown tool');
  const result = await tool.handler(request.params.arguments as { id: string });
  return { content: [{ type: 'text', text: JSON.stringify(result, null, 2) }] };
});
`;
    expect(rewritten(registry(''))).toContain('return toCallToolResult(result);');
    // A tool may return a string, which JSON.stringify quotes: jsonResult quotes it the same way,
    // and a result passes through whole.
    const withString = registry("\n  { name: 'title', handler: async (args: { id: string }) => (await client.get(args.id)).title },");
    expect(rewritten(withString)).toContain('return isCallToolResult(result) ? result : jsonResult(result);');
  });

  it('a transport that writes compact JSON or uses a replacer keeps its text: isCallToolResult(result) ? result : jsonResult(result, options)', () => {
    const inline = (text: string) => transport(`  return { content: [{ type: 'text', text: ${text} }] };`);
    const compact = analyzeText(inline('JSON.stringify(result)')).findings;
    expect(compact.map((finding) => [finding.kind, finding.rewrite?.passesHandlerValue])).toEqual([['transport-wrapper', true]]);
    const output = rewritten(inline('JSON.stringify(result)'));
    expect(output).toContain('return isCallToolResult(result) ? result : jsonResult(result, { indent: 0 });');
    expect(migrateSourceFile(parse(inline('JSON.stringify(result)'))).text).toContain("import { isCallToolResult, jsonResult } from 'mcp-result-kit';");
    expect(rewritten(inline("JSON.stringify(result, ['id'], 4)"))).toContain("return isCallToolResult(result) ? result : jsonResult(result, { replacer: ['id'], indent: 4 });");
    expect(analyzeText(output).findings).toEqual([]);
    // The value is named twice in the rewrite: a call in its place (it would run twice) stays for review.
    const called = analyzeText(inline('JSON.stringify(await tool.handler(request.params.arguments))')).findings;
    expect(called.map((finding) => [finding.kind, finding.rewrite])).toEqual([['transport-wrapper', null]]);
  });

  it('leaves for review a derivation whose value is not in scope at the return', () => {
    const code = `${HEAD}server.setRequestHandler(CallToolRequestSchema, async (request) => {
  let text: any;
  if (request.params.name) {
    const result = await tools.get(request.params.name)!.handler(request.params.arguments);
    text = typeof result === 'string' ? result : JSON.stringify(result, null, 2);
  }
  return { content: [{ type: 'text', text }] };
});
`;
    const found = analyzeText(code).findings;
    expect(found.map((finding) => finding.rewrite)).toEqual([null]);
    expect(found[0].reviewReason).toMatch(/set among other work|not in scope/);
  });
});
