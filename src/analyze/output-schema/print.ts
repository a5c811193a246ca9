import type { JsonLiteral, JsonSchema } from './json-schema.js';

export type ZodMajor = 3 | 4;

export interface PrintStyle {
  /** The file's indentation unit and the indentation of the line the schema starts on. */
  unit: string;
  indent: string;
  quote: "'" | '"';
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function quoted(text: string, quote: PrintStyle['quote']): string {
  const json = JSON.stringify(text);
  if (quote === '"') return json;
  return `'${json.slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;
}

const key = (name: string, style: PrintStyle): string => (IDENTIFIER.test(name) ? name : quoted(name, style.quote));

function literal(value: JsonLiteral, style: PrintStyle): string {
  return typeof value === 'string' ? quoted(value, style.quote) : String(value);
}

/** A JSON Schema as a JavaScript object literal, indented like the file (for a `ListTools` tool list). */
export function printJsonSchema(schema: JsonSchema, style: PrintStyle, depth = 0): string {
  const inner = style.indent + style.unit.repeat(depth + 1);
  const entries = Object.entries(schema).map(([name, value]) => `${inner}${key(name, style)}: ${printJsonValue(value as unknown, style, depth + 1)}`);
  return `{\n${entries.join(',\n')}\n${style.indent}${style.unit.repeat(depth)}}`;
}

function printJsonValue(value: unknown, style: PrintStyle, depth: number): string {
  if (Array.isArray(value)) {
    if (value.every((item) => typeof item !== 'object' || item === null)) return `[${value.map((item) => literal(item as JsonLiteral, style)).join(', ')}]`;
    const inner = style.indent + style.unit.repeat(depth + 1);
    return `[\n${value.map((item) => `${inner}${printJsonValue(item, style, depth + 1)}`).join(',\n')}\n${style.indent}${style.unit.repeat(depth)}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const inner = style.indent + style.unit.repeat(depth + 1);
    const entries = Object.entries(value).map(([name, item]) => `${inner}${key(name, style)}: ${printJsonValue(item, style, depth + 1)}`);
    return `{\n${entries.join(',\n')}\n${style.indent}${style.unit.repeat(depth)}}`;
  }
  return literal(value as JsonLiteral, style);
}

/**
 * An object schema as a zod raw shape (`{ id: z.string(), … }`), what SDK 1.x `registerTool`
 * takes as outputSchema. Nested objects keep keys the type does not name (`.passthrough()` in
 * zod 3, `z.looseObject` in zod 4): a value may carry more than its static type says, and the
 * client validates against the JSON Schema the SDK derives from the shape.
 */
export function printZodShape(schema: JsonSchema, z: string, major: ZodMajor, style: PrintStyle): string {
  return new ZodPrinter(z, major, style).shape(schema, 0);
}

/** The same as one loose zod object (`z.looseObject({ … })`, zod 3: `z.object({ … }).passthrough()`), for SDKs that take one. */
export function printZodObject(schema: JsonSchema, z: string, major: ZodMajor, style: PrintStyle): string {
  const shape = printZodShape(schema, z, major, style);
  return major === 4 ? `${z}.looseObject(${shape})` : `${z}.object(${shape}).passthrough()`;
}

class ZodPrinter {
  constructor(
    private readonly z: string,
    private readonly major: ZodMajor,
    private readonly style: PrintStyle,
  ) {}

  shape(schema: JsonSchema, depth: number): string {
    const inner = this.style.indent + this.style.unit.repeat(depth + 1);
    const entries = Object.entries(schema.properties ?? {}).map(([name, property]) => {
      const optional = schema.required?.includes(name) ? '' : '.optional()';
      return `${inner}${key(name, this.style)}: ${this.schema(property, depth + 1)}${optional}`;
    });
    return `{\n${entries.join(',\n')}\n${this.style.indent}${this.style.unit.repeat(depth)}}`;
  }

  schema(schema: JsonSchema, depth: number): string {
    const text = this.bare(schema, depth);
    return schema.description ? `${text}.describe(${quoted(schema.description, this.style.quote)})` : text;
  }

  private bare(schema: JsonSchema, depth: number): string {
    const z = this.z;
    if (schema.enum) return this.literals(schema.enum);
    if (schema.anyOf) {
      const nonNull = schema.anyOf.filter((member) => member.type !== 'null');
      if (nonNull.length === 1 && schema.anyOf.length === 2) return `${this.schema(nonNull[0], depth)}.nullable()`;
      return `${z}.union([${schema.anyOf.map((member) => this.schema(member, depth)).join(', ')}])`;
    }
    switch (schema.type) {
      case 'string':
        return `${z}.string()`;
      case 'number':
        return `${z}.number()`;
      case 'integer':
        return `${z}.number().int()`;
      case 'boolean':
        return `${z}.boolean()`;
      case 'null':
        return `${z}.null()`;
      case 'array':
        return this.array(schema, depth);
      case 'object':
        return this.object(schema, depth);
      default:
        return `${z}.unknown()`;
    }
  }

  private array(schema: JsonSchema, depth: number): string {
    const z = this.z;
    if (schema.prefixItems) {
      const items = schema.prefixItems.map((item) => this.schema(item, depth));
      if (schema.minItems === schema.maxItems) return `${z}.tuple([${items.join(', ')}])`;
      return `${z}.array(${items.length === 1 ? items[0] : `${z}.union([${items.join(', ')}])`}).min(${schema.minItems ?? 0}).max(${schema.maxItems ?? items.length})`;
    }
    return `${z}.array(${schema.items ? this.schema(schema.items, depth) : `${z}.unknown()`})`;
  }

  private object(schema: JsonSchema, depth: number): string {
    const z = this.z;
    const rest = schema.additionalProperties ? this.schema(schema.additionalProperties, depth) : undefined;
    if (!schema.properties) return `${z}.record(${z}.string(), ${rest ?? `${z}.unknown()`})`;
    const shape = this.shape(schema, depth);
    if (rest) return `${z}.object(${shape}).catchall(${rest})`;
    return this.major === 4 ? `${z}.looseObject(${shape})` : `${z}.object(${shape}).passthrough()`;
  }

  private literals(values: readonly JsonLiteral[]): string {
    const z = this.z;
    if (values.length > 1 && values.every((value) => typeof value === 'string')) return `${z}.enum([${values.map((value) => quoted(value as string, this.style.quote)).join(', ')}])`;
    const each = values.map((value) => `${z}.literal(${literal(value, this.style)})`);
    return each.length === 1 ? each[0] : `${z}.union([${each.join(', ')}])`;
  }
}
