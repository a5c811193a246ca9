import type { Transform, TransformResult } from './types.js';

/** `string` / `Promise<string>` annotations of rewritten handlers → CallToolResult / Promise<CallToolResult>. */
const returnTypes: Transform = {
  id: 'return-types',
  description: 'Change string return types of rewritten handlers to CallToolResult',
  kinds: [],
  apply(sourceFile, { analysis }): TransformResult {
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
          edit: change.edit,
          helpers: [],
        };
      }),
    };
  },
};

export default returnTypes;
