/**
 * Output schemas from the code: for each tool without an `outputSchema`, the JSON Schema its
 * success results' structured values fit (from their types), and the edit that declares it in
 * the registration's own idiom. The rule `require-output-schema` reports these findings; the
 * transform `output-schema` writes their edits. A tool that declares a schema is checked against the
 * same types (`checkDeclaredSchemas`), which the rule `valid-structured-content` reports.
 */
export { inferOutputSchemas, type InferOptions, type SchemaPlacement, type ToolOutputSchema } from './infer.js';
export { checkDeclaredSchemas, type DeclaredSchemaFinding } from './validate.js';
export { outputSchemaEdit, type SchemaEdit } from './emit.js';
export { typeToSchema } from './type-to-schema.js';
export type { JsonSchema, SchemaOutcome } from './json-schema.js';
