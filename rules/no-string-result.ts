import { RULE_PRESET } from './rule-set.js';
import { createRule, defaultRuleOptions, reportKinds, ruleOptionsSchema, type KitRuleOptions } from './utils.js';

export type Options = [KitRuleOptions];
export type MessageIds = 'stringResult' | 'fastmcpStringResult' | 'transportStringResult' | 'frameworkStringResult' | 'wrapInSuccessResult' | 'frameworkRewrite';

export default createRule<Options, MessageIds>({
  name: 'no-string-result',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow MCP tool handlers that return a raw string instead of a CallToolResult',
      recommended: RULE_PRESET['no-string-result'],
    },
    hasSuggestions: true,
    messages: {
      frameworkRewrite: "Rewrite it in the framework's own terms: {{rewrite}}",
      stringResult:
        '{{tool}} returns a raw string. The MCP SDK (1.x and v2) expects a CallToolResult ({ content: [...] }) and fails the call with a -32602 protocol error, so the model gets no result. Return successResult(text).',
      fastmcpStringResult:
        '{{tool}} returns a raw string. FastMCP sends it as a text item, but a failure is then not marked isError and there is no structuredContent, so its results differ from every other tool. Return successResult(text), or set allowFastmcpStrings to keep FastMCP\'s wrapping.',
      transportStringResult:
        '{{tool}} returns a raw string, so whatever serialises it cannot mark a failure as isError or carry structured data. Return successResult(text).',
      frameworkStringResult: '{{tool}} returns a raw string. {{delivery}} {{instead}}',
      wrapInSuccessResult: 'Wrap the string in successResult(...)',
    },
    schema: ruleOptionsSchema,
  },
  defaultOptions: defaultRuleOptions,
  create(context, [options]) {
    return reportKinds(context, options, 'no-string-result', {
      string: {
        messageId: 'stringResult',
        messageIdByFramework: { fastmcp: 'fastmcpStringResult', transport: 'transportStringResult' },
        frameworkMessageId: 'frameworkStringResult', frameworkSuggestionId: 'frameworkRewrite',
        suggestionId: 'wrapInSuccessResult',
      },
    });
  },
});
