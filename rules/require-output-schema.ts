import type * as TS from 'typescript';
import { inferOutputSchemas, outputSchemaEdit, type ToolOutputSchema } from '../src/analyze/output-schema/index.js';
import { resolveHandlerOptions } from '../src/analyze/index.js';
import { ts } from '../src/typescript.js';
import { siteSuppressions } from './directives.js';
import { RULE_PRESET } from './rule-set.js';
import { analysisFor, createRule, defaultRuleOptions, ruleOptionsSchema, type AnyContext, type KitRuleOptions } from './utils.js';

export type Options = [KitRuleOptions];
export type MessageIds = 'missingOutputSchema' | 'missingUninferable' | 'declareOutputSchema';

/** The part of a tool's declaration a report points at: `server.registerTool`, or the tool list entry's `name`. */
function reportedRange(tool: ToolOutputSchema, sourceFile: TS.SourceFile): { start: number; end: number } {
  const node = tool.node;
  const start = node.getStart(sourceFile);
  if (ts.isCallExpression(node)) return { start, end: node.expression.end };
  if (ts.isObjectLiteralExpression(node)) {
    const name = node.properties.find((property) => property.name && ts.isIdentifier(property.name) && property.name.text === 'name');
    if (name) return { start: name.getStart(sourceFile), end: name.end };
  }
  return { start, end: node.end };
}

export default createRule<Options, MessageIds>({
  name: 'require-output-schema',
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Require tools that return structured content to declare an outputSchema, inferred from the types of their results',
      recommended: RULE_PRESET['require-output-schema'],
      requiresTypeChecking: true,
    },
    hasSuggestions: true,
    messages: {
      missingOutputSchema:
        '{{tool}} returns structured content but declares no outputSchema, so clients and models cannot see its shape before they call it. Declare the schema its results fit.',
      missingUninferable: '{{tool}} returns structured content but declares no outputSchema, and none can be written for it: {{reason}}.',
      declareOutputSchema: 'Declare the outputSchema inferred from the types of its results',
    },
    schema: ruleOptionsSchema,
  },
  defaultOptions: defaultRuleOptions,
  create(context, [options]) {
    return {
      Program() {
        // Schemas come from types: without type information there is nothing to infer.
        const program = context.sourceCode.parserServices?.program;
        if (!program) return;
        const { analysis, sourceFile, options: merged } = analysisFor(context as unknown as AnyContext, options);
        const { importSource: _importSource, ...handlerOptions } = merged;
        const tools = inferOutputSchemas(analysis, sourceFile, program.getTypeChecker(), { options: resolveHandlerOptions(handlerOptions) });
        const suppressions = siteSuppressions(sourceFile);
        for (const tool of tools) {
          if (!tool.structured) continue;
          const range = reportedRange(tool, sourceFile);
          if (suppressions.isIgnored(range.start, range.end)) continue;
          const outcome = outputSchemaEdit(tool, sourceFile);
          const toolLabel = tool.toolName ? `Tool "${tool.toolName}"` : 'This tool';
          const loc = { start: context.sourceCode.getLocFromIndex(range.start), end: context.sourceCode.getLocFromIndex(range.end) };
          if ('edit' in outcome) {
            const { edit } = outcome;
            context.report({ loc, messageId: 'missingOutputSchema', data: { tool: toolLabel }, suggest: [{ messageId: 'declareOutputSchema', fix: (fixer) => fixer.replaceTextRange([edit.start, edit.end], edit.text) }] });
          } else {
            context.report({ loc, messageId: 'missingUninferable', data: { tool: toolLabel, reason: outcome.reason } });
          }
        }
      },
    };
  },
});
