import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { getPropertyValue, propertyName, stringLiteralText, unwrap } from '../syntax.js';
import type { JsonLiteral } from './json-schema.js';

/** A JSON value kind a declared schema accepts. */
export type JsonKind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';

/**
 * What a declared outputSchema accepts, read from its source (a zod shape or schema, or a JSON
 * Schema literal). `any` is everything this reader cannot be sure of: a check against it finds
 * nothing, because a wrong finding would send the author to break a working tool.
 */
export type Declared =
  | { kind: 'any' }
  | { kind: 'primitive'; types: ReadonlySet<'string' | 'number' | 'boolean' | 'null'> }
  | { kind: 'enum'; values: readonly JsonLiteral[] }
  | { kind: 'array'; items: Declared }
  /** `rest`: keys it does not name are refused (`closed`: a zod object, `additionalProperties: false`), allowed (`open`), or checked against a schema. */
  | { kind: 'object'; properties: ReadonlyMap<string, DeclaredProperty>; rest: 'closed' | 'open' | Declared }
  | { kind: 'union'; members: readonly Declared[] };

export interface DeclaredProperty {
  schema: Declared;
  optional: boolean;
  /** The property's key in the source, where a finding about it points. */
  node: TS.Node;
}

const ANY: Declared = { kind: 'any' };
const NULL: Declared = { kind: 'primitive', types: new Set(['null']) };

// A schema is read through this many same-file consts (`const Item = z.object(…)`), no further.
const MAX_REFERENCES = 8;

/**
 * SDK 1.x `registerTool`'s outputSchema: a raw zod shape (`{ id: z.string() }`, which the SDK wraps
 * in a z.object) or a zod object, in the zod the file imports as `z`. Only a top-level object is
 * returned: anything else is a schema the SDK does not take, and says nothing here.
 */
export function declaredZodSchema(value: TS.Expression, z: string, checker: TS.TypeChecker): Declared {
  const reader = new ZodReader(z, checker);
  const node = unwrap(value);
  const schema = ts.isObjectLiteralExpression(node) ? reader.shape(node, 'closed') : reader.read(node).schema;
  return schema.kind === 'object' ? schema : ANY;
}

class ZodReader {
  private references = 0;

  constructor(
    private readonly z: string,
    private readonly checker: TS.TypeChecker,
  ) {}

  /** A zod shape's properties; a spread hides which keys it adds, so the object says nothing. */
  shape(object: TS.ObjectLiteralExpression, rest: 'closed' | 'open' | Declared): Declared {
    const properties = new Map<string, DeclaredProperty>();
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property)) return ANY;
      const name = propertyName(property.name);
      if (name === null) return ANY;
      const { schema, optional } = this.read(property.initializer);
      properties.set(name, { schema, optional, node: property.name });
    }
    return { kind: 'object', properties, rest };
  }

  read(expression: TS.Expression): { schema: Declared; optional: boolean } {
    const node = unwrap(expression);
    if (ts.isIdentifier(node)) {
      const initializer = this.constInitializer(node);
      return initializer ? this.read(initializer) : { schema: ANY, optional: false };
    }
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return { schema: ANY, optional: false };
    const method = node.expression.name.text;
    const receiver = unwrap(node.expression.expression);
    if (ts.isIdentifier(receiver) && receiver.text === this.z) return { schema: this.factory(method, node.arguments), optional: false };
    return this.modifier(method, node.arguments, this.read(receiver));
  }

  /** `z.<method>(…)`. */
  private factory(method: string, args: TS.NodeArray<TS.Expression>): Declared {
    const [first, second] = args;
    switch (method) {
      case 'string':
      case 'email':
      case 'url':
      case 'uuid':
      case 'iso':
        return { kind: 'primitive', types: new Set(['string']) };
      case 'number':
      case 'int':
        return { kind: 'primitive', types: new Set(['number']) };
      case 'boolean':
        return { kind: 'primitive', types: new Set(['boolean']) };
      case 'null':
        return NULL;
      case 'literal': {
        const value = first ? literalValue(first) : undefined;
        return value === undefined ? ANY : { kind: 'enum', values: [value] };
      }
      case 'enum': {
        const list = first ? unwrap(first) : undefined;
        if (!list || !ts.isArrayLiteralExpression(list)) return ANY;
        const values = list.elements.map((element) => stringLiteralText(element));
        return values.every((value): value is string => value !== null) ? { kind: 'enum', values } : ANY;
      }
      case 'array':
        return first ? { kind: 'array', items: this.read(first).schema } : ANY;
      case 'object':
      case 'strictObject':
      case 'looseObject': {
        const shape = first ? unwrap(first) : undefined;
        return shape && ts.isObjectLiteralExpression(shape) ? this.shape(shape, method === 'looseObject' ? 'open' : 'closed') : ANY;
      }
      case 'record': {
        const values = second ?? first;
        return values ? { kind: 'object', properties: new Map(), rest: this.read(values).schema } : ANY;
      }
      case 'union':
      case 'discriminatedUnion': {
        const list = unwrap((method === 'union' ? first : second) ?? first);
        if (!list || !ts.isArrayLiteralExpression(list)) return ANY;
        return { kind: 'union', members: list.elements.map((element) => this.read(element).schema) };
      }
      case 'nullable':
        return first ? nullable(this.read(first).schema) : ANY;
      default:
        // any, unknown, date, tuple, lazy, custom, preprocess, …: not known well enough to judge a value by.
        return ANY;
    }
  }

  /** `<schema>.<method>(…)`: the modifiers that keep or change what a schema accepts in a known way. */
  private modifier(method: string, args: TS.NodeArray<TS.Expression>, base: { schema: Declared; optional: boolean }): { schema: Declared; optional: boolean } {
    const { schema } = base;
    switch (method) {
      case 'optional':
      case 'default':
      case 'prefault':
        return { schema, optional: true };
      case 'nullish':
        return { schema: nullable(schema), optional: true };
      case 'nullable':
        return { schema: nullable(schema), optional: base.optional };
      case 'array':
        return { schema: { kind: 'array', items: schema }, optional: false };
      case 'or': {
        const other = args[0] ? this.read(args[0]).schema : ANY;
        return { schema: { kind: 'union', members: [schema, other] }, optional: base.optional };
      }
      case 'passthrough':
      case 'loose':
        return { schema: schema.kind === 'object' ? { ...schema, rest: 'open' } : schema, optional: base.optional };
      case 'strict':
      case 'strip':
        return { schema: schema.kind === 'object' ? { ...schema, rest: 'closed' } : schema, optional: base.optional };
      case 'catchall':
        return { schema: schema.kind === 'object' && args[0] ? { ...schema, rest: this.read(args[0]).schema } : ANY, optional: base.optional };
      case 'extend':
      case 'safeExtend': {
        const shape = args[0] ? unwrap(args[0]) : undefined;
        if (schema.kind !== 'object' || !shape || !ts.isObjectLiteralExpression(shape)) return { schema: ANY, optional: base.optional };
        const added = this.shape(shape, schema.rest);
        if (added.kind !== 'object') return { schema: ANY, optional: base.optional };
        return { schema: { ...schema, properties: new Map([...schema.properties, ...added.properties]) }, optional: base.optional };
      }
      case 'partial':
      case 'required': {
        if (schema.kind !== 'object' || args.length > 0) return { schema: ANY, optional: base.optional };
        const properties = new Map([...schema.properties].map(([name, property]) => [name, { ...property, optional: method === 'partial' }]));
        return { schema: { ...schema, properties }, optional: base.optional };
      }
      default:
        // Checks and metadata keep what the schema accepts as far as a type can tell; anything else
        // (transform, pipe, catch, pick, omit, and, …) is not read.
        return KEEPS_SHAPE.has(method) ? base : { schema: ANY, optional: base.optional };
    }
  }

  private constInitializer(identifier: TS.Identifier): TS.Expression | undefined {
    if (++this.references > MAX_REFERENCES) return undefined;
    const declaration = this.checker.getSymbolAtLocation(identifier)?.valueDeclaration;
    if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
    if (!ts.isVariableDeclarationList(declaration.parent) || (declaration.parent.flags & ts.NodeFlags.Const) === 0) return undefined;
    return declaration.initializer;
  }
}

const KEEPS_SHAPE = new Set([
  'describe', 'meta', 'brand', 'readonly', 'refine', 'superRefine', 'check',
  'min', 'max', 'length', 'nonempty', 'gt', 'gte', 'lt', 'lte', 'positive', 'negative', 'nonnegative', 'nonpositive', 'int', 'finite', 'safe', 'multipleOf', 'step',
  'email', 'url', 'uuid', 'cuid', 'regex', 'startsWith', 'endsWith', 'includes', 'datetime', 'date', 'time', 'trim', 'toLowerCase', 'toUpperCase',
]);

function nullable(schema: Declared): Declared {
  return schema.kind === 'any' ? schema : { kind: 'union', members: [schema, NULL] };
}

function literalValue(node: TS.Expression): JsonLiteral | undefined {
  const value = unwrap(node);
  if (ts.isStringLiteralLike(value)) return value.text;
  if (ts.isNumericLiteral(value)) return Number(value.text);
  if (ts.isPrefixUnaryExpression(value) && value.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(value.operand)) return -Number(value.operand.text);
  if (value.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (value.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (value.kind === ts.SyntaxKind.NullKeyword) return null;
  return undefined;
}

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'array', 'object']);

/**
 * A JSON Schema written as an object literal (a low-level tool list's `outputSchema`). Keywords it
 * does not know (`$ref`, `allOf`, `not`, `if`, …) make the part that holds them say nothing.
 */
export function declaredJsonSchema(value: TS.Expression, checker: TS.TypeChecker, depth = 0): Declared {
  let node = unwrap(value);
  if (ts.isIdentifier(node) && depth < MAX_REFERENCES) {
    const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
    if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) node = unwrap(declaration.initializer);
  }
  if (!ts.isObjectLiteralExpression(node)) return ANY;
  const keys = new Set<string>();
  for (const property of node.properties) {
    const name = ts.isPropertyAssignment(property) ? propertyName(property.name) : null;
    if (name === null) return ANY;
    keys.add(name);
  }
  const understood = new Set(['type', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', 'oneOf', 'description', 'title', 'format', '$schema', 'default', 'examples', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'minItems', 'maxItems']);
  if ([...keys].some((key) => !understood.has(key))) return ANY;
  const read = (name: string): TS.Expression | undefined => {
    const found = getPropertyValue(node as TS.ObjectLiteralExpression, name);
    return found && !ts.isMethodDeclaration(found) ? unwrap(found) : undefined;
  };
  const anyOf = read('anyOf') ?? read('oneOf');
  if (anyOf) {
    const alone = [...keys].every((key) => ['anyOf', 'oneOf', 'description', 'title'].includes(key));
    return alone && ts.isArrayLiteralExpression(anyOf) ? { kind: 'union', members: anyOf.elements.map((member) => declaredJsonSchema(member, checker, depth + 1)) } : ANY;
  }
  const enumValues = read('enum');
  if (enumValues) {
    if (!ts.isArrayLiteralExpression(enumValues)) return ANY;
    const values = enumValues.elements.map(literalValue);
    return values.every((item) => item !== undefined) ? { kind: 'enum', values: values as JsonLiteral[] } : ANY;
  }
  const constant = read('const');
  if (constant) {
    const item = literalValue(constant);
    return item === undefined ? ANY : { kind: 'enum', values: [item] };
  }
  const typeNode = read('type');
  const types = typeNode && ts.isArrayLiteralExpression(typeNode) ? typeNode.elements.map(stringLiteralText) : typeNode ? [stringLiteralText(typeNode)] : [];
  if (types.length === 0 || types.some((type) => type === null || !JSON_TYPES.has(type))) return ANY;
  const members = (types as string[]).map((type): Declared => {
    if (type === 'array') {
      const items = read('items');
      return { kind: 'array', items: items ? declaredJsonSchema(items, checker, depth + 1) : ANY };
    }
    if (type === 'object') return jsonObject(read, checker, depth);
    return { kind: 'primitive', types: new Set([type === 'integer' ? 'number' : (type as 'string' | 'number' | 'boolean' | 'null')]) };
  });
  return members.length === 1 ? members[0] : { kind: 'union', members };
}

function jsonObject(read: (name: string) => TS.Expression | undefined, checker: TS.TypeChecker, depth: number): Declared {
  const propertiesNode = read('properties');
  const requiredNode = read('required');
  const additional = read('additionalProperties');
  if (propertiesNode && !ts.isObjectLiteralExpression(propertiesNode)) return ANY;
  if (requiredNode && !ts.isArrayLiteralExpression(requiredNode)) return ANY;
  const required = requiredNode ? (requiredNode as TS.ArrayLiteralExpression).elements.map(stringLiteralText) : [];
  if (required.some((name) => name === null)) return ANY;
  const properties = new Map<string, DeclaredProperty>();
  for (const property of (propertiesNode as TS.ObjectLiteralExpression | undefined)?.properties ?? []) {
    const name = ts.isPropertyAssignment(property) ? propertyName(property.name) : null;
    if (name === null || !ts.isPropertyAssignment(property)) return ANY;
    properties.set(name, { schema: declaredJsonSchema(property.initializer, checker, depth + 1), optional: !required.includes(name), node: property.name });
  }
  // A required name without a schema of its own must be there, whatever its value.
  for (const name of required as string[]) {
    if (!properties.has(name)) return ANY;
  }
  let rest: 'closed' | 'open' | Declared = 'open';
  if (additional?.kind === ts.SyntaxKind.FalseKeyword) rest = 'closed';
  else if (additional && additional.kind !== ts.SyntaxKind.TrueKeyword) rest = declaredJsonSchema(additional, checker, depth + 1);
  return { kind: 'object', properties, rest };
}
