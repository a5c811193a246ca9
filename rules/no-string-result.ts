import { RULE_PRESET } from './rule-set.js';
import { createRule, defaultRuleOptions, reportKinds, ruleOptionsSchema, type KitRuleOptions } from './utils.js';

export type Options = [KitRuleOptions];
export type MessageIds = 'stringResult' | 'wrapInSuccessResult';

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
      stringResult:
        '{{tool}} returns a raw string. The MCP SDK expects a CallToolResult ({ content: [...] }), so the model gets a protocol error or nothing. Return successResult(text).',
      wrapInSuccessResult: 'Wrap the string in successResult(...)',
    },
    schema: ruleOptionsSchema,
  },
  defaultOptions: defaultRuleOptions,
  create(context, [options]) {
    return reportKinds(context, options, 'no-string-result', {
      string: { messageId: 'stringResult', suggestionId: 'wrapInSuccessResult' },
    });
  },
});
