import { RULE_PRESET } from './rule-set.js';
import { createRule, defaultRuleOptions, reportKinds, ruleOptionsSchema, type KitRuleOptions } from './utils.js';

export type Options = [KitRuleOptions];
export type MessageIds = 'notObject' | 'withoutText' | 'missingForOutputSchema' | 'useJsonResult';

export default createRule<Options, MessageIds>({
  name: 'valid-structured-content',
  meta: {
    type: 'problem',
    docs: {
      description: 'Require structuredContent to be a JSON object (before protocol 2026-07-28), to come with text content, and to be present when the tool declares an outputSchema',
      recommended: RULE_PRESET['valid-structured-content'],
    },
    hasSuggestions: true,
    messages: {
      notObject:
        '{{tool}} sets structuredContent to something other than a JSON object, which protocol versions before 2026-07-28 do not allow: the SDK 1.x and a low-level v2 Server fail the call with -32602 (v2\'s McpServer wraps it as { result }). {{reason}}, or set protocolVersion to 2026-07-28 if the server targets it.',
      withoutText:
        '{{tool}} returns structuredContent without text content; clients that show text see nothing. Return jsonResult(data).',
      missingForOutputSchema:
        '{{tool}} declares an outputSchema but returns a result without structuredContent; the SDK (1.x and v2) replaces it with an isError "Output validation error". {{reason}}.',
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
