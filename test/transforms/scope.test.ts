// What migrate may touch: the preset's rules, eslint-disable directives, mcp-result-kit-ignore,
// the chosen transforms; and --mark-review.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { migrateSourceFile } from '../../transforms/index.js';

function migrate(text: string, options: Parameters<typeof migrateSourceFile>[1] = {}) {
  return migrateSourceFile(ts.createSourceFile('/case/server.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS), options);
}

const HEAD = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
`;

describe('preset', () => {
  const literal = `${HEAD}server.tool('ping', async () => ({ content: [{ type: 'text', text: 'pong' }] }));\n`;

  it('leaves hand-built literals alone by default (recommended), as check does', () => {
    expect(migrate(literal).changed).toBe(false);
    expect(migrate(literal, { preset: 'recommended' }).changes).toEqual([]);
  });

  it('rewrites them with the strict preset', () => {
    expect(migrate(literal, { preset: 'strict' }).text).toContain("async () => successResult('pong')");
  });

  it('leaves the sites of a rule set to off', () => {
    const text = `${HEAD}server.tool('a', async () => 'pong');\nserver.tool('b', async () => 'Error: nope');\n`;
    const result = migrate(text, { rules: { 'require-is-error': 'off' } });
    expect(result.changes.map((change) => change.kind)).toEqual(['string']);
    expect(result.text).toContain("'Error: nope'");
  });
});

describe('eslint-disable directives and mcp-result-kit-ignore', () => {
  it.each([
    ['eslint-disable-next-line for the rule', "// eslint-disable-next-line mcp-result-kit/no-string-result\nserver.tool('a', async () => 'x');\n"],
    ['eslint-disable-next-line for every rule, with a reason', "// eslint-disable-next-line -- legacy client reads plain text\nserver.tool('a', async () => 'x');\n"],
    ['eslint-disable-line', "server.tool('a', async () => 'x'); // eslint-disable-line mcp-result-kit/no-string-result\n"],
    ['a block disable', "/* eslint-disable mcp-result-kit/no-string-result */\nserver.tool('a', async () => 'x');\n"],
    ['mcp-result-kit-ignore on the line above', "// mcp-result-kit-ignore\nserver.tool('a', async () => 'x');\n"],
    ['mcp-result-kit-ignore after the code', "server.tool('a', async () => 'x'); // mcp-result-kit-ignore: keep the plain string\n"],
    ['mcp-result-kit-ignore above a whole registration', "// mcp-result-kit-ignore\nserver.tool(\n  'a',\n  async () => {\n    if (Math.random()) return 'y';\n    return 'x';\n  },\n);\n"],
  ])('%s keeps migrate away from the site', (_label, body) => {
    expect(migrate(`${HEAD}${body}`).changes).toEqual([]);
  });

  it.each([
    ['a directive for another rule', "// eslint-disable-next-line mcp-result-kit/require-is-error\nserver.tool('a', async () => 'x');\n"],
    ['a directive for another plugin', "// eslint-disable-next-line no-console\nserver.tool('a', async () => 'x');\n"],
    ['a block disable that was re-enabled', "/* eslint-disable mcp-result-kit/no-string-result */\n/* eslint-enable mcp-result-kit/no-string-result */\nserver.tool('a', async () => 'x');\n"],
    ['eslint-disable in a line comment (ESLint ignores it too)', "// eslint-disable mcp-result-kit/no-string-result\nserver.tool('a', async () => 'x');\n"],
    ['a disable-next-line two lines up', "// eslint-disable-next-line\n\nserver.tool('a', async () => 'x');\n"],
    ['the words inside a string', "const note = '// mcp-result-kit-ignore';\nserver.tool('a', async () => 'x');\n"],
  ])('%s does not', (_label, body) => {
    expect(migrate(`${HEAD}${body}`).changes.map((change) => change.kind)).toEqual(['string']);
  });

  it('keeps a string return type when one of its string sites is left alone', () => {
    const text = `${HEAD}export async function handleA(flag: boolean): Promise<string> {\n  if (flag) return 'a';\n  // mcp-result-kit-ignore\n  return 'b';\n}\n`;
    const result = migrate(text, { handlerOptions: { handlerPatterns: ['^handle[A-Z]'] } });
    expect(result.text).toContain('Promise<string>');
    expect(result.changes.map((change) => change.kind)).toEqual(['string']);
  });
});

describe('transforms', () => {
  const text = `${HEAD}server.tool('a', async () => 'x');\nserver.tool('b', async () => JSON.stringify({ a: 1 }));\n`;

  it('runs only the chosen transforms', () => {
    const result = migrate(text, { transforms: ['json-result'] });
    expect(result.changes.map((change) => change.transform)).toEqual(['json-result']);
    expect(result.text).toContain("async () => 'x'");
  });

  it('changes return types with whichever transforms rewrite the strings', () => {
    const typed = `${HEAD}export async function handleA(): Promise<string> {\n  return 'a';\n}\n`;
    const result = migrate(typed, { transforms: ['string-result'], handlerOptions: { handlerPatterns: ['^handle[A-Z]'] } });
    expect(result.text).toContain('Promise<ToolResult>');
    expect(result.text).toContain("import { successResult, type ToolResult } from 'mcp-result-kit';");
  });
});

describe('--mark-review', () => {
  const text = `${HEAD}server.tool('search', async () => {\n  const q = 'x';\n  return { content: [{ type: 'text', text: q }, { type: 'text', text: JSON.stringify({ q }) }] };\n});\n`;

  it('adds a TODO comment above each statement left for review, once', () => {
    const first = migrate(text, { markReview: true });
    expect(first.text).toContain("  // TODO(mcp-result-kit): review mcp-result-kit/no-json-stringify-result (json-text-content): ");
    expect(first.text.indexOf('// TODO(mcp-result-kit)')).toBeLessThan(first.text.indexOf('return { content'));
    expect(first.changes.map((change) => change.kind)).toEqual(['review-marker']);
    const second = migrate(first.text, { markReview: true });
    expect(second.changed).toBe(false);
    expect(migrate(text).changed).toBe(false);
  });

  it('uses a block comment when code precedes the statement on its line', () => {
    const inline = `${HEAD}server.tool('search', async () => { const q = 'x'; return { content: [{ type: 'text', text: q }, { type: 'text', text: JSON.stringify({ q }) }] }; });\n`;
    const result = migrate(inline, { markReview: true });
    expect(result.text).toMatch(/const q = 'x'; \/\* TODO\(mcp-result-kit\): review .* \*\/ return \{ content/);
  });
});
