import { resultTypeName } from '../src/analyze/index.js';
import type { Transform, TransformResult } from './types.js';

/**
 * `string` / `Promise<string>` annotations and inline result types of rewritten handlers → the
 * runtime's ToolResult (its local name in the file), imported from the helpers' own module by the
 * runner; or an `isError?: boolean` member for an inline result type whose literal gains isError.
 */
const returnTypes: Transform = {
  id: 'return-types',
  description: 'Change string return types of rewritten handlers to ToolResult',
  kinds: [],
  apply(sourceFile, { analysis, importSource }): TransformResult {
    const typeName = resultTypeName(sourceFile, importSource);
    return {
      diagnostics: [],
      changes: analysis.returnTypeChanges.map((change) => {
        const { line, character } = sourceFile.getLineAndCharacterOfPosition(change.edit.start);
        return {
          transform: 'return-types',
          kind: 'return-type' as const,
          fileName: analysis.fileName,
          line: line + 1,
          column: character + 1,
          toolName: null,
          edit: change.isErrorMember ? change.edit : { ...change.edit, text: change.widening === undefined ? typeName : `${change.widening} | ${typeName}` },
          helpers: [],
          ...(change.isErrorMember ? {} : { importsResultType: true as const }),
        };
      }),
    };
  },
};

export default returnTypes;
