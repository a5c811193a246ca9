import { RULE_PRESET } from './rule-set.js';
import { createRule, defaultRuleOptions, reportKinds, ruleOptionsSchema, type KitRuleOptions } from './utils.js';

export type Options = [KitRuleOptions];
export type MessageIds = 'handBuiltResult' | 'frameworkHandBuiltResult' | 'useHelper' | 'frameworkRewrite';

export default createRule<Options, MessageIds>({
  name: 'prefer-result-helpers',
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Prefer successResult / errorResult over hand-built { content: [{ type: "text", text }] } literals',
      recommended: RULE_PRESET['prefer-result-helpers'],
    },
    hasSuggestions: true,
    messages: {
      frameworkRewrite: "Rewrite it in the framework's own terms: {{rewrite}}",
      handBuiltResult: '{{tool}} builds its result by hand. The result helpers keep content, structuredContent and isError consistent.',
      frameworkHandBuiltResult: '{{tool}} builds its result by hand. {{delivery}} {{instead}}',
      useHelper: 'Use the result helper instead',
    },
    schema: ruleOptionsSchema,
  },
  defaultOptions: defaultRuleOptions,
  create(context, [options]) {
    return reportKinds(context, options, 'prefer-result-helpers', {
      'hand-built-result': { messageId: 'handBuiltResult', frameworkMessageId: 'frameworkHandBuiltResult', frameworkSuggestionId: 'frameworkRewrite', suggestionId: 'useHelper' },
    });
  },
});
