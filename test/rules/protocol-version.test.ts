// valid-structured-content per protocol version: before 2026-07-28 structuredContent must be an
// object; from 2026-07-28 on (SEP-2106) any JSON value is valid. The version comes from the rule
// option, settings['mcp-result-kit'], or by default from the SDK in the nearest package.json.
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import rule from '../../rules/valid-structured-content.js';
import { clearProtocolVersionCache } from '../../src/protocol-version.js';
import { cleanupTemporaries, tempDir, writeTree } from '../cli/helpers.js';
import { createRuleTester, SDK_IMPORTS } from './rule-tester.js';

afterAll(cleanupTemporaries);

const ruleTester = createRuleTester();

const V2_IMPORTS = `import { McpServer } from '@modelcontextprotocol/server';
const server = new McpServer({ name: 'demo', version: '1.0.0' });
`;
/** Array, string, number, boolean and JSON.stringify values: every non-object the rule knows. */
const NON_OBJECTS = `declare const rows: { id: number }[];
server.registerTool('ids', { description: 'Ids' }, async () => ({ content: [{ type: 'text', text: '3 ids' }], structuredContent: [1, 2, 3] }));
server.registerTool('name', { description: 'Name' }, async () => ({ content: [{ type: 'text', text: 'a' }], structuredContent: 'a' }));
server.registerTool('count', { description: 'Count' }, async () => ({ content: [{ type: 'text', text: '3' }], structuredContent: 3 }));
server.registerTool('ok', { description: 'Ok' }, async () => ({ content: [{ type: 'text', text: 'yes' }], structuredContent: true }));
server.registerTool('rows', { description: 'Rows' }, async () => ({ content: [{ type: 'text', text: 'rows' }], structuredContent: JSON.stringify(rows) }));`;
const notObjectAt = (firstLine: number) => [130, 128, 130, 126, 131].map((column, index) => ({ messageId: 'notObject' as const, line: firstLine + index, column, suggestions: [] }));

ruleTester.run('valid-structured-content by protocol version', rule, {
  valid: [
    { name: '2026-07-28 (rule option): any JSON value', code: `${SDK_IMPORTS}${NON_OBJECTS}`, options: [{ protocolVersion: '2026-07-28' }] },
    { name: '2026-07-28, SDK v2 imports', code: `${V2_IMPORTS}${NON_OBJECTS}`, options: [{ protocolVersion: '2026-07-28' }] },
    {
      name: '2026-07-28 (settings)',
      code: `${V2_IMPORTS}${NON_OBJECTS}`,
      settings: { 'mcp-result-kit': { protocolVersion: '2026-07-28' } },
    },
    // An object is valid on every version.
    ...['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'].map((protocolVersion) => ({
      name: `${protocolVersion}: an object`,
      code: `${SDK_IMPORTS}server.registerTool('ids', { description: 'Ids' }, async () => ({ content: [{ type: 'text', text: '3 ids' }], structuredContent: { ids: [1, 2, 3] } }));`,
      options: [{ protocolVersion }] as const,
    })),
  ],
  invalid: [
    ...['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'].map((protocolVersion) => ({
      name: `${protocolVersion} (rule option): only objects`,
      code: `${SDK_IMPORTS}${NON_OBJECTS}`,
      options: [{ protocolVersion }] as const,
      errors: notObjectAt(5),
    })),
    {
      name: 'the rule option wins over settings',
      code: `${V2_IMPORTS}${NON_OBJECTS}`,
      options: [{ protocolVersion: '2025-11-25' }],
      settings: { 'mcp-result-kit': { protocolVersion: '2026-07-28' } },
      errors: notObjectAt(4),
    },
    {
      // A 2026-07-28 server still needs text content beside its structuredContent.
      name: '2026-07-28: an array without text content is structured-without-text',
      code: `${V2_IMPORTS}server.registerTool('ids', { description: 'Ids' }, async () => ({ content: [], structuredContent: [1, 2] }));`,
      options: [{ protocolVersion: '2026-07-28' }],
      errors: [
        {
          messageId: 'withoutText',
          line: 3,
          column: 65,
          suggestions: [
            {
              messageId: 'useJsonResult',
              output: `import { McpServer } from '@modelcontextprotocol/server';
import { jsonResult } from 'mcp-result-kit';
const server = new McpServer({ name: 'demo', version: '1.0.0' });
server.registerTool('ids', { description: 'Ids' }, async () => jsonResult([1, 2]));`,
            },
          ],
        },
      ],
    },
  ],
});

/** The rule through ESLint's Linter, on a file at `fileName` (its package.json decides the default). */
function lint(fileName: string, code: string, options?: object, settings: Record<string, unknown> = {}): string[] {
  // Files outside the Linter's cwd match no config.
  const linter = new Linter({ configType: 'flat', cwd: path.isAbsolute(fileName) ? path.parse(fileName).root : undefined });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.ts'],
        plugins: { 'mcp-result-kit': { rules: { 'valid-structured-content': rule } } as never },
        languageOptions: { parser: tsParser as never },
        settings,
        rules: { 'mcp-result-kit/valid-structured-content': options ? ['error', options] : 'error' },
      },
    ],
    fileName,
  );
  return messages.map((message) => `${message.line}:${message.ruleId ?? message.message}`);
}

describe('the default protocol version follows the SDK in the nearest package.json', () => {
  beforeEach(clearProtocolVersionCache);
  const code = `${V2_IMPORTS}server.registerTool('ids', { description: 'Ids' }, async () => ({ content: [{ type: 'text', text: '3 ids' }], structuredContent: [1, 2, 3] }));`;
  const NOT_OBJECT = ['3:mcp-result-kit/valid-structured-content'];

  it.each([
    ['@modelcontextprotocol/server 2.x: 2026-07-28', { dependencies: { '@modelcontextprotocol/server': '^2.4.0' } }, []],
    ['@modelcontextprotocol/server as a dev or peer dependency', { peerDependencies: { '@modelcontextprotocol/server': '2.x' } }, []],
    ['@modelcontextprotocol/sdk 1.x: 2025-11-25', { dependencies: { '@modelcontextprotocol/sdk': '^1.32.2' } }, NOT_OBJECT],
    ['both (mid-migration): 2025-11-25', { dependencies: { '@modelcontextprotocol/sdk': '^1.32.2', '@modelcontextprotocol/server': '^2.4.0' } }, NOT_OBJECT],
    ['no MCP SDK: 2025-11-25', { dependencies: { zod: '^4.0.0' } }, NOT_OBJECT],
  ])('%s', (_name, manifest, expected) => {
    const dir = tempDir('mrk-protocol-');
    writeTree(dir, { 'package.json': JSON.stringify({ name: 'server', ...manifest }) });
    expect(lint(path.join(dir, 'src/server.ts'), code)).toEqual(expected);
  });

  it('passes over a package.json without an SDK (a nested { "type": "module" }) to the one above', () => {
    const dir = tempDir('mrk-protocol-');
    writeTree(dir, {
      'package.json': JSON.stringify({ dependencies: { '@modelcontextprotocol/server': '^2.4.0' } }),
      'packages/tools/package.json': JSON.stringify({ type: 'module' }),
      'packages/legacy/package.json': JSON.stringify({ dependencies: { '@modelcontextprotocol/sdk': '1.17.0' } }),
    });
    expect(lint(path.join(dir, 'packages/tools/src/a.ts'), code)).toEqual([]);
    expect(lint(path.join(dir, 'packages/legacy/src/a.ts'), code)).toEqual(NOT_OBJECT);
  });

  it('is overridden by the rule option and by settings', () => {
    const dir = tempDir('mrk-protocol-');
    writeTree(dir, { 'package.json': JSON.stringify({ dependencies: { '@modelcontextprotocol/server': '^2.4.0' } }) });
    const file = path.join(dir, 'src/server.ts');
    expect(lint(file, code, { protocolVersion: '2025-11-25' })).toEqual(NOT_OBJECT);
    expect(lint(file, code, undefined, { 'mcp-result-kit': { protocolVersion: '2025-06-18' } })).toEqual(NOT_OBJECT);
  });
});

describe('protocolVersion validation', () => {
  const code = `${SDK_IMPORTS}server.tool('a', async () => 'x');`;
  it('names the known versions for a date that is no protocol version, in the option and in settings', () => {
    const known = '2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28';
    expect(() => lint('server.ts', code, { protocolVersion: '2026-01-01' })).toThrow(`protocolVersion "2026-01-01" is not a released MCP protocol version (known: ${known})`);
    expect(() => lint('server.ts', code, undefined, { 'mcp-result-kit': { protocolVersion: 'latest' } })).toThrow(
      `protocolVersion must be a protocol version date in the form YYYY-MM-DD (${known}), got "latest"`,
    );
  });

  it('rejects a value of the wrong type at config validation', () => {
    expect(() => lint('server.ts', code, { protocolVersion: 20260728 })).toThrow(/should be string/);
  });
});
