import { RULE_PRESET } from './rule-set.js';
import { createRule, defaultRuleOptions, reportKinds, ruleOptionsSchema, type KitRuleOptions } from './utils.js';

export type Options = [KitRuleOptions];
export type MessageIds = 'errorString' | 'errorJson' | 'errorObject' | 'errorContent' | 'frameworkError' | 'useErrorResult' | 'frameworkRewrite';

export default createRule<Options, MessageIds>({
  name: 'require-is-error',
  meta: {
    type: 'problem',
    docs: {
      description: 'Require error results of MCP tools to set isError: true',
      recommended: RULE_PRESET['require-is-error'],
    },
    hasSuggestions: true,
    messages: {
      frameworkRewrite: "Rewrite it in the framework's own terms: {{rewrite}}",
      errorString:
        '{{tool}} reports an error as plain text. Without isError: true the model cannot tell it failed. Return errorTextResult(text): the same words, marked as an error.',
      errorJson:
        '{{tool}} reports an error as a JSON string. Without isError: true the model cannot tell it failed. Return errorTextResult(message, extra).',
      errorObject:
        '{{tool}} returns an error object, which the SDK does not turn into an error result. Return errorTextResult(message, extra).',
      errorContent: '{{tool}} returns error text without isError: true. Return errorTextResult(text) or set isError: true.',
      frameworkError: '{{tool}} reports an error without isError: true. {{delivery}} {{instead}}',
      useErrorResult: 'Return an error result (isError: true) instead',
    },
    schema: ruleOptionsSchema,
  },
  defaultOptions: defaultRuleOptions,
  create(context, [options]) {
    return reportKinds(context, options, 'require-is-error', {
      'error-string': { messageId: 'errorString', frameworkMessageId: 'frameworkError', frameworkSuggestionId: 'frameworkRewrite', suggestionId: 'useErrorResult' },
      'error-json': { messageId: 'errorJson', frameworkMessageId: 'frameworkError', frameworkSuggestionId: 'frameworkRewrite', suggestionId: 'useErrorResult' },
      'error-object': { messageId: 'errorObject', frameworkMessageId: 'frameworkError', frameworkSuggestionId: 'frameworkRewrite', suggestionId: 'useErrorResult' },
      'error-content': { messageId: 'errorContent', frameworkMessageId: 'frameworkError', frameworkSuggestionId: 'frameworkRewrite', suggestionId: 'useErrorResult' },
    });
  },
});
