import { RULE_PRESET } from './rule-set.js';
import { createRule, defaultRuleOptions, reportKinds, ruleOptionsSchema, wrapperLabel, type KitRuleOptions } from './utils.js';

export type Options = [KitRuleOptions];
export type MessageIds = 'jsonStringifyResult' | 'jsonTextContent' | 'frameworkJsonResult' | 'transportWrapper' | 'useJsonResult' | 'useSuccessResult' | 'useToCallToolResult' | 'frameworkRewrite';

export default createRule<Options, MessageIds>({
  name: 'no-json-stringify-result',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow returning JSON.stringify payloads as tool text instead of structuredContent',
      recommended: RULE_PRESET['no-json-stringify-result'],
    },
    hasSuggestions: true,
    messages: {
      frameworkRewrite: "Rewrite it in the framework's own terms: {{rewrite}}",
      jsonStringifyResult:
        '{{tool}} returns a JSON.stringify(...) string: the model sees escaped JSON and clients get no structuredContent. Return jsonResult(value).',
      jsonTextContent:
        '{{tool}} puts JSON.stringify(...) in a text item without structuredContent. Return jsonResult(value) so the data is also machine-readable.',
      frameworkJsonResult: '{{tool}} returns JSON text. {{delivery}} {{instead}}',
      transportWrapper:
        '{{wrapper}} does not pass on what a handler returns as it is (it makes one text item of it, or keeps only its content), so errors and structured results are lost. Return toCallToolResult(result).',
      useJsonResult: 'Return jsonResult(...) instead',
      useSuccessResult: 'Return successResult(text, data) instead: the same text, and the data as structuredContent',
      useToCallToolResult: 'Return toCallToolResult(...) instead',
    },
    schema: ruleOptionsSchema,
  },
  defaultOptions: defaultRuleOptions,
  create(context, [options]) {
    return reportKinds(context, options, 'no-json-stringify-result', {
      'json-stringify': { messageId: 'jsonStringifyResult', frameworkMessageId: 'frameworkJsonResult', frameworkSuggestionId: 'frameworkRewrite', suggestionId: 'useJsonResult' },
      'json-text-content': { messageId: 'jsonTextContent', frameworkMessageId: 'frameworkJsonResult', frameworkSuggestionId: 'frameworkRewrite', suggestionId: 'useJsonResult', suggestionIdByHelper: { successResult: 'useSuccessResult' } },
      'transport-wrapper': { messageId: 'transportWrapper', suggestionId: 'useToCallToolResult' },
    }, (finding) => ({ wrapper: wrapperLabel(finding) }));
  },
});
