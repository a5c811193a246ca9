import type { TSESLint } from '@typescript-eslint/utils';
import { resolveHandlerOptions } from '../src/analyze/index.js';
import { checkDeclaredSchemas, type DeclaredSchemaFinding } from '../src/analyze/output-schema/index.js';
import { siteSuppressions } from './directives.js';
import { RULE_PRESET } from './rule-set.js';
import { analysisFor, createRule, defaultRuleOptions, reportKinds, ruleOptionsSchema, type AnyContext, type KitRuleOptions } from './utils.js';

export type Options = [KitRuleOptions];
export type MessageIds =
  | 'notObject'
  | 'withoutText'
  | 'missingForOutputSchema'
  | 'useJsonResult'
  | 'resultLacksProperty'
  | 'resultMayLackProperty'
  | 'resultPropertyType'
  | 'resultExtraProperty'
  | 'schemaPropertyUnproduced'
  | 'resultWithoutStructuredContent';

const DECLARED_SCHEMA_MESSAGE: Record<DeclaredSchemaFinding['problem'], MessageIds> = {
  missing: 'resultLacksProperty',
  'maybe-missing': 'resultMayLackProperty',
  type: 'resultPropertyType',
  extra: 'resultExtraProperty',
  unproduced: 'schemaPropertyUnproduced',
  'no-structured-content': 'resultWithoutStructuredContent',
};

export default createRule<Options, MessageIds>({
  name: 'valid-structured-content',
  meta: {
    type: 'problem',
    docs: {
      description: 'Require structuredContent to be a JSON object (before protocol 2026-07-28), to come with text content, and to fit the outputSchema the tool declares',
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
      resultLacksProperty:
        '{{tool}}: this success result has no "{{property}}", which its outputSchema requires; the SDK refuses the result ("Output validation error"). Return "{{property}}", or make it optional in the schema.',
      resultMayLackProperty:
        '{{tool}}: "{{property}}" is optional in the type of this success result, but its outputSchema requires it; a result without it is refused by the SDK ("Output validation error"). Always return it, or make it optional in the schema.',
      resultPropertyType:
        '{{tool}}: {{where}} of this success result is {{actual}}, where its outputSchema accepts {{expected}}; the SDK refuses such a result ("Output validation error"). Make the schema and the value agree.',
      resultExtraProperty:
        '{{tool}}: this success result has "{{property}}", which its outputSchema does not allow (a zod object, or additionalProperties: false, refuses unknown keys, and the SDK client fails the call). Declare "{{property}}" in the schema, or let the object keep unknown keys (.passthrough() in zod 3, z.looseObject in zod 4).',
      schemaPropertyUnproduced:
        '{{tool}}: its outputSchema {{declares}} "{{property}}", which no path of the tool returns{{consequence}}. Remove it from the schema, or return it.',
      resultWithoutStructuredContent:
        '{{tool}} declares an outputSchema, but this success path returns no structuredContent; the SDK (1.x and v2) replaces the result with an isError "Output validation error". Pass the data, e.g. successResult(text, data) or jsonResult(data).',
    },
    schema: ruleOptionsSchema,
  },
  defaultOptions: defaultRuleOptions,
  create(context, [options]) {
    const sites = reportKinds(context, options, 'valid-structured-content', {
      'structured-not-object': { messageId: 'notObject', suggestionId: null },
      'structured-without-text': { messageId: 'withoutText', suggestionId: 'useJsonResult' },
      'missing-structured-content': { messageId: 'missingForOutputSchema', suggestionId: null },
    });
    return {
      Program(program) {
        sites.Program?.(program);
        reportDeclaredSchemas(context, options);
      },
    };
  },
});

/** A declared outputSchema against the types of the tool's results (needs type information; without it, nothing). */
function reportDeclaredSchemas(context: Readonly<TSESLint.RuleContext<MessageIds, Options>>, options: KitRuleOptions): void {
  const program = context.sourceCode.parserServices?.program;
  if (!program) return;
  const { analysis, sourceFile, options: merged } = analysisFor(context as unknown as AnyContext, options);
  if (!analysis.handlers.some((handler) => handler.hasOutputSchema || handler.style === 'low-level')) return;
  const { importSource: _importSource, ...handlerOptions } = merged;
  const suppressions = siteSuppressions(sourceFile);
  for (const finding of checkDeclaredSchemas(analysis, sourceFile, program.getTypeChecker(), resolveHandlerOptions(handlerOptions))) {
    const start = finding.node.getStart(sourceFile);
    if (suppressions.isIgnored(start, finding.node.end)) continue;
    const property = finding.property ?? '';
    context.report({
      loc: { start: context.sourceCode.getLocFromIndex(start), end: context.sourceCode.getLocFromIndex(finding.node.end) },
      messageId: DECLARED_SCHEMA_MESSAGE[finding.problem],
      data: {
        tool: finding.toolName ? `Tool "${finding.toolName}"` : 'This tool',
        property,
        where: property ? `"${property}"` : 'the value',
        actual: finding.actual ?? '',
        expected: finding.expected ?? '',
        declares: finding.required ? 'requires' : 'declares',
        consequence: finding.required ? ', so the SDK refuses every result' : '',
      },
    });
  }
}
