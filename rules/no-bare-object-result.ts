import { RULE_PRESET } from './rule-set.js';
import { createRule, defaultRuleOptions, reportKinds, ruleOptionsSchema, type KitRuleOptions } from './utils.js';

export type Options = [KitRuleOptions];
export type MessageIds = 'bareObject' | 'frameworkBareObject' | 'useJsonResult' | 'frameworkRewrite';

export default createRule<Options, MessageIds>({
  name: 'no-bare-object-result',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow returning plain data objects from MCP SDK tool handlers',
      recommended: RULE_PRESET['no-bare-object-result'],
    },
    hasSuggestions: true,
    messages: {
      frameworkRewrite: "Rewrite it in the framework's own terms: {{rewrite}}",
      bareObject:
        '{{tool}} returns a plain object. The SDK (1.x and v2) sends it as an empty result, { content: [] } with the object\'s fields beside it, so the model sees nothing. Return jsonResult(value).',
      frameworkBareObject: '{{tool}} returns a plain object. {{delivery}} {{instead}}',
      useJsonResult: 'Return jsonResult(...) instead',
    },
    schema: ruleOptionsSchema,
  },
  defaultOptions: defaultRuleOptions,
  create(context, [options]) {
    return reportKinds(context, options, 'no-bare-object-result', {
      'bare-object': { messageId: 'bareObject', frameworkMessageId: 'frameworkBareObject', frameworkSuggestionId: 'frameworkRewrite', suggestionId: 'useJsonResult' },
    });
  },
});
