import type * as TS from 'typescript';
import { resolveHandlerOptions, useChecker } from '../src/analyze/index.js';
import { inferOutputSchemas, outputSchemaEdit } from '../src/analyze/output-schema/index.js';
import type { Diagnostic, Transform, TransformResult } from './types.js';

const ID = 'output-schema';

/**
 * Declares the outputSchema the analyzer infers for each tool without one (src/analyze/output-schema/),
 * in the registration's idiom. Opt-in (`--output-schema`, `-t output-schema`): a schema makes the SDK
 * reject every result that does not fit it. Sites the same run rewrites to jsonResult count as what
 * they become. A tool with structured results left without a schema is listed with the reason.
 */
const outputSchema: Transform = {
  id: ID,
  description: 'Declare each tool\'s outputSchema, inferred from the types of its structured results (opt-in: --output-schema)',
  kinds: [],
  optIn: true,
  apply(sourceFile, { analysis, options, checker, pendingIn }): TransformResult {
    const result: TransformResult = { changes: [], diagnostics: [] };
    const sdkHandlers = analysis.handlers.filter(
      (handler) => (handler.framework === 'sdk' && (handler.style === 'registerTool' || handler.style === 'low-level' || handler.style === 'tool')) || (handler.framework === 'fastmcp' && handler.style === 'fastmcp-addTool'),
    );
    if (analysis.handlers.length === 0) return result;
    if (!checker) {
      // Only the registrations a schema is written into say so; the others are listed from types too.
      if (sdkHandlers.length > 0) result.diagnostics.push(review(sourceFile, sdkHandlers[0].line, 1, null, 'output schemas are inferred from types: run migrate with a tsconfig.json (type information)'));
      return result;
    }
    const handlerOptions = resolveHandlerOptions(options.handlerOptions);
    for (const tool of inferOutputSchemas(analysis, sourceFile, useChecker(checker), { options: handlerOptions, pending: analysis.findings, pendingIn })) {
      const outcome = outputSchemaEdit(tool, sourceFile);
      if ('edit' in outcome) {
        result.changes.push({ transform: ID, kind: 'output-schema', fileName: analysis.fileName, line: tool.line, column: tool.column, toolName: tool.toolName, edit: outcome.edit, helpers: [] });
      } else if (tool.structured) {
        result.diagnostics.push(review(sourceFile, tool.line, tool.column, tool.toolName, `no outputSchema written: ${outcome.reason}`));
      }
    }
    return result;
  },
};

function review(sourceFile: TS.SourceFile, line: number, column: number, toolName: string | null, message: string): Diagnostic {
  return { severity: 'review', fileName: sourceFile.fileName, line, column, kind: 'output-schema', toolName, message };
}

export default outputSchema;
