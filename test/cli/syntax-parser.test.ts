// check's syntax-only parser: the same findings as typescript-eslint's parser, eslint-disable
// directives honoured, syntax errors reported as fatal parse errors at their place.
import tsParser from '@typescript-eslint/parser';
import { Linter, type ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../rules/index.js';
import { syntaxOnlyParser } from '../../cli/syntax-parser.js';

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });
const notes = new Map<string, { title: string; body: string }>();

/* Tools */
server.tool('get_note', { id: z.string() }, async ({ id }) => {
  const note = notes.get(id);
  if (!note) return \`Note \${id} not found\`; // the model reads this as a success
  return JSON.stringify(note, null, 2);
});

server.tool('count_notes', {}, async () => {
  // eslint-disable-next-line mcp-result-kit/no-string-result -- kept on purpose
  return \`\${notes.size} notes\`;
});
`;

function lint(text: string, parser: Linter.Parser, fileName = 'server.ts'): Linter.LintMessage[] {
  const linter = new Linter({ configType: 'flat' });
  return linter.verify(
    text,
    [{ files: ['**/*.{ts,jsx}'], plugins: { 'mcp-result-kit': plugin as unknown as ESLint.Plugin }, languageOptions: { parser }, rules: plugin.configs.recommended.rules as Linter.RulesRecord }],
    { filename: fileName },
  );
}

const located = (messages: Linter.LintMessage[]) => messages.map((message) => `${message.line}:${message.column} ${message.ruleId}`);

describe('the syntax-only parser of check', () => {
  it('gives the rules the findings typescript-eslint parser gives them, at the same places', () => {
    const light = lint(SERVER, syntaxOnlyParser);
    expect(located(light)).toEqual(located(lint(SERVER, tsParser as unknown as Linter.Parser)));
    expect(located(light)).toEqual(['10:21 mcp-result-kit/require-is-error', '11:10 mcp-result-kit/no-json-stringify-result']);
  });

  it('honours eslint-disable comments, which it hands ESLint with their places', () => {
    const parsed = (syntaxOnlyParser as { parseForESLint: (text: string, options: object) => { ast: { comments: { type: string; value: string; loc: { start: { line: number } } }[] } } }).parseForESLint(SERVER, { filePath: 'server.ts' });
    expect(parsed.ast.comments.map((comment) => [comment.type, comment.loc.start.line, comment.value.trim()])).toEqual([
      ['Block', 7, 'Tools'],
      ['Line', 10, 'the model reads this as a success'],
      ['Line', 15, 'eslint-disable-next-line mcp-result-kit/no-string-result -- kept on purpose'],
    ]);
    const withoutDirective = SERVER.replace(/ *\/\/ eslint-disable-next-line.*\n/, '');
    expect(located(lint(withoutDirective, syntaxOnlyParser))).toContain('15:10 mcp-result-kit/no-string-result');
  });

  it('reports a file that does not parse as a fatal error at the place of the error', () => {
    const [message] = lint('const broken = {\n  a: 1,,\n};\n', syntaxOnlyParser);
    expect(message).toMatchObject({ fatal: true, ruleId: null, line: 2, column: 8, severity: 2 });
    expect(message?.message).toMatch(/^Parsing error: /);
  });

  it('reads JavaScript with JSX and CommonJS files', () => {
    const js = "const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');\nconst server = new McpServer({ name: 'x', version: '1' });\nserver.tool('hello', {}, async () => 'Failed to greet');\nconst view = <b>hi</b>;\n";
    expect(located(lint(js, syntaxOnlyParser, 'server.jsx'))).toEqual(['3:38 mcp-result-kit/require-is-error']);
  });
});
