import { RULE_PRESET } from './rule-set.js';
import { createRule, defaultRuleOptions, reportKinds, ruleOptionsSchema, type KitRuleOptions } from './utils.js';

export type Options = [KitRuleOptions];
export type MessageIds = 'notObject' | 'withoutText' | 'missingForOutputSchema' | 'useJsonResult';

export default createRule<Options, MessageIds>({
  name: 'valid-structured-content',
  meta: {
    type: 'problem',
    docs: {
      description: 'Require structuredContent to be a JSON object, to come with text content, and to be present when the tool declares an outputSchema',
      recommended: RULE_PRESET['valid-structured-content'],
    },
    hasSuggestions: true,
    messages: {
      notObject: '{{tool}} sets structuredContent to something other than a JSON object; the SDK rejects it. {{reason}}.',
      withoutText:
        '{{tool}} returns structuredContent without text content; clients that show text see nothing. Return jsonResult(data).',
      missingForOutputSchema:
        '{{tool}} declares an outputSchema but returns a result without structuredContent; the SDK answers "Output validation error". {{reason}}.',
      useJsonResult: 'Return jsonResult(...) instead',
    },
    schema: ruleOptionsSchema,
  },
  defaultOptions: defaultRuleOptions,
  create(context, [options]) {
    return reportKinds(context, options, 'valid-structured-content', {
      'structured-not-object': { messageId: 'notObject', suggestionId: null },
      'structured-without-text': { messageId: 'withoutText', suggestionId: 'useJsonResult' },
      'missing-structured-content': { messageId: 'missingForOutputSchema', suggestionId: null },
    });
  },
});
