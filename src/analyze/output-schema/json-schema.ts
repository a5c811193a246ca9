/** The part of JSON Schema 2020-12 (the dialect the MCP spec names) that inferred output schemas use. */
export type JsonLiteral = string | number | boolean | null;

export interface JsonSchema {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';
  description?: string;
  format?: 'date-time';
  enum?: JsonLiteral[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
}

/** A schema, or why none is written: the SDK rejects every result a wrong schema does not fit. */
export type SchemaOutcome = { schema: JsonSchema } | { reason: string };

export const isObjectSchema = (schema: JsonSchema): boolean => schema.type === 'object';

/** One schema that every value of any of `schemas` fits; `anyOf` only where they differ. */
export function unionOf(schemas: readonly JsonSchema[]): JsonSchema {
  const distinct = new Map<string, JsonSchema>();
  for (const schema of schemas) for (const member of schema.anyOf && Object.keys(schema).length === 1 ? schema.anyOf : [schema]) distinct.set(JSON.stringify(member), member);
  // Literal members (`enum` alone) become one enum.
  const literals = [...distinct.values()].filter((member) => member.enum && Object.keys(member).length === 1);
  const members = [...distinct.values()].filter((member) => !literals.includes(member));
  let values = [...new Set(literals.flatMap((member) => member.enum!))];
  // `true` and `false` from different paths: a boolean.
  if (values.includes(true) && values.includes(false)) {
    values = values.filter((value) => typeof value !== 'boolean');
    if (!members.some((member) => member.type === 'boolean' && Object.keys(member).length === 1)) members.unshift({ type: 'boolean' });
  }
  if (values.length > 0) members.unshift({ enum: values });
  return members.length === 1 ? members[0] : { anyOf: members };
}

/**
 * Object schemas merged into one object that each of them fits: a property every schema requires
 * stays required, any other is optional, and a property whose schemas differ takes their union.
 * SDK 1.x takes a zod shape (one object) as outputSchema, so tools whose paths return different
 * objects get this wider schema rather than none.
 */
export function mergeObjects(schemas: readonly JsonSchema[]): JsonSchema {
  if (schemas.length === 1) return schemas[0];
  const names: string[] = [];
  for (const schema of schemas) for (const name of Object.keys(schema.properties ?? {})) if (!names.includes(name)) names.push(name);
  const properties: Record<string, JsonSchema> = {};
  for (const name of names) {
    const found = schemas.flatMap((schema) => (schema.properties && Object.hasOwn(schema.properties, name) ? [schema.properties[name]] : []));
    properties[name] = unionOf(found);
  }
  const required = names.filter((name) => schemas.every((schema) => schema.required?.includes(name)));
  const rest = schemas.flatMap((schema) => (schema.additionalProperties ? [schema.additionalProperties] : []));
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    ...(rest.length === schemas.length ? { additionalProperties: unionOf(rest) } : {}),
  };
}
