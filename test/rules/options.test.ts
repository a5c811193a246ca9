// Rule options and settings['mcp-result-kit']: validation errors and how the two combine.
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import noBareObjectResult from '../../rules/no-bare-object-result.js';
import noJsonStringifyResult from '../../rules/no-json-stringify-result.js';
import noStringResult from '../../rules/no-string-result.js';
import preferResultHelpers from '../../rules/prefer-result-helpers.js';
import requireIsError from '../../rules/require-is-error.js';
import validStructuredContent from '../../rules/valid-structured-content.js';

// The rule modules themselves (meta.test.ts and eslint-api.test.ts cover rules/index.ts).
const rules = {
  'no-bare-object-result': noBareObjectResult,
  'no-json-stringify-result': noJsonStringifyResult,
  'no-string-result': noStringResult,
  'prefer-result-helpers': preferResultHelpers,
  'require-is-error': requireIsError,
  'valid-structured-content': validStructuredContent,
};
const plugin = { rules };

const CODE = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'demo', version: '1.0.0' });
server.tool('ping', async () => 'pong');
export async function handleList() { return 'volumes'; }
export async function runList() { return 'volumes'; }
`;

function lint(ruleOptions: unknown, settings: Record<string, unknown> = {}, ruleNames: string[] = Object.keys(rules)) {
  const linter = new Linter({ configType: 'flat' });
  const ruleEntries = Object.fromEntries(
    ruleNames.map((name) => [`mcp-result-kit/${name}`, ruleOptions === undefined ? 'error' : ['error', ruleOptions]]),
  );
  return linter.verify(
    CODE,
    [{ files: ['**/*.ts'], plugins: { 'mcp-result-kit': plugin as never }, languageOptions: { parser: tsParser as never }, settings, rules: ruleEntries as Linter.RulesRecord }],
    'server.ts',
  );
}

const reported = (messages: Linter.LintMessage[]): string[] => messages.map((m) => `${m.ruleId}@${m.line}:${m.column}`);

describe('rule option validation', () => {
  it.each(Object.keys(rules))('%s rejects an unknown option key at config validation', (name) => {
    expect(() => lint({ handlerPattern: ['^handle'] }, {}, [name])).toThrow(/Unexpected property "handlerPattern"/);
  });

  it.each(Object.keys(rules))('%s rejects options of the wrong type at config validation', (name) => {
    // ESLint's schema messages name the value, not the key.
    expect(() => lint({ handlerPatterns: '^handle' }, {}, [name])).toThrow(/Value "\^handle" should be array/);
    expect(() => lint({ handlerClasses: 'yes' }, {}, [name])).toThrow(/Value "yes" should be boolean/);
    expect(() => lint({ resultHelpers: [1] }, {}, [name])).toThrow(/should be string/);
  });

  it('reports a bad regular expression in handlerPatterns with the option name and the pattern', () => {
    expect(() => lint({ handlerPatterns: ['^handle[A-Z'] })).toThrow(/handlerPatterns: "\^handle\[A-Z" is not a valid regular expression/);
  });

  it('validates settings the same way (unknown keys and bad patterns)', () => {
    expect(() => lint(undefined, { 'mcp-result-kit': { handlerPattern: ['x'] } })).toThrow(/unknown handler option "handlerPattern"/);
    expect(() => lint(undefined, { 'mcp-result-kit': { handlerPatterns: ['('] } })).toThrow(/handlerPatterns: "\(" is not a valid regular expression/);
  });
});

describe("settings['mcp-result-kit']", () => {
  it('finds only SDK handlers by default', () => {
    expect(reported(lint(undefined))).toEqual(['mcp-result-kit/no-string-result@3:33']);
  });

  it('is honoured by every rule when the rule has no options', () => {
    const messages = lint(undefined, { 'mcp-result-kit': { handlerPatterns: ['^handle[A-Z]'] } });
    expect(reported(messages)).toEqual(['mcp-result-kit/no-string-result@3:33', 'mcp-result-kit/no-string-result@4:45']);
  });

  it('is overridden key by key by rule options', () => {
    const messages = lint({ handlerPatterns: ['^run[A-Z]'] }, { 'mcp-result-kit': { handlerPatterns: ['^handle[A-Z]'] } });
    expect(reported(messages)).toEqual(['mcp-result-kit/no-string-result@3:33', 'mcp-result-kit/no-string-result@5:42']);
  });

  it('supplies importSource to suggestions', () => {
    const [message] = lint(undefined, { 'mcp-result-kit': { importSource: '@acme/mcp-results' } }, ['no-string-result']);
    expect(message.suggestions?.[0].fix.text).toContain(`import { successResult } from '@acme/mcp-results';`);
  });
});
