import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { unionOf, type JsonLiteral, type JsonSchema, type SchemaOutcome } from './json-schema.js';

/**
 * A TypeScript type → the JSON Schema of what `JSON.stringify` (and so `jsonResult`) writes for a
 * value of it: a Date is its ISO text, `undefined` properties and functions are dropped, a BigInt
 * makes the runtime throw. A type that says too little (`any`, `unknown`, `object`, a record of
 * `unknown`) or that JSON cannot carry gives a reason instead of a schema.
 */
export function typeToSchema(type: TS.Type, checker: TS.TypeChecker, location: TS.Node, where = 'the value'): SchemaOutcome {
  try {
    return { schema: new SchemaWriter(checker, location).convert(type, where) };
  } catch (error) {
    if (error instanceof NoSchema) return { reason: error.message };
    throw error;
  }
}

/**
 * The schema of an object property whose value has `type`, as an object type's property is read:
 * `undefined` in it makes the key optional (JSON.stringify drops it) rather than ruling a schema out,
 * and a key that is always `undefined` is never written (`schema: null`).
 */
export function propertyTypeToSchema(type: TS.Type, checker: TS.TypeChecker, location: TS.Node, where: string): { schema: JsonSchema | null; optional: boolean } | { reason: string } {
  const members = definedMembers(type);
  if (members.length === 0) return { schema: null, optional: true };
  try {
    return { schema: new SchemaWriter(checker, location).union(members, where, 1), optional: includesUndefined(type) };
  } catch (error) {
    if (error instanceof NoSchema) return { reason: error.message };
    throw error;
  }
}

class NoSchema extends Error {}

// Deep enough for real payloads; past it a type is more likely recursive through a generic.
const MAX_DEPTH = 12;

/** Library types whose JSON form is not their properties. */
const OPAQUE_TYPES: Readonly<Record<string, string>> = {
  Map: 'a Map is written as {} by JSON.stringify',
  Set: 'a Set is written as {} by JSON.stringify',
  WeakMap: 'a WeakMap is written as {} by JSON.stringify',
  WeakSet: 'a WeakSet is written as {} by JSON.stringify',
  Promise: 'a Promise is written as {} by JSON.stringify (await it first)',
  RegExp: 'a RegExp is written as {} by JSON.stringify',
  Error: 'an Error is written as {} by JSON.stringify',
  Buffer: 'a Buffer is written through its own toJSON()',
  Uint8Array: 'a typed array is written as an object of indexes by JSON.stringify',
};

class SchemaWriter {
  private readonly open = new Set<TS.Type>();

  constructor(
    private readonly checker: TS.TypeChecker,
    private readonly location: TS.Node,
  ) {}

  convert(type: TS.Type, where: string, depth = 0): JsonSchema {
    if (depth > MAX_DEPTH) throw new NoSchema(`${where} is nested more than ${MAX_DEPTH} levels deep`);
    const flags = type.flags;
    if (flags & ts.TypeFlags.Any) throw new NoSchema(`${where} is typed any`);
    if (flags & ts.TypeFlags.Unknown) throw new NoSchema(`${where} is typed unknown`);
    if (flags & ts.TypeFlags.Never) throw new NoSchema(`${where} is typed never`);
    if (flags & (ts.TypeFlags.BigInt | ts.TypeFlags.BigIntLiteral)) throw new NoSchema(`${where} is a bigint, which jsonResult refuses (JSON has no BigInt): convert it with String(x) first`);
    if (flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) throw new NoSchema(`${where} may be undefined, which has no JSON form`);
    if (flags & ts.TypeFlags.ESSymbolLike) throw new NoSchema(`${where} is a symbol, which has no JSON form`);
    if (flags & ts.TypeFlags.TypeParameter) throw new NoSchema(`${where} is the type parameter ${this.checker.typeToString(type)}, whose shape is only known at the call`);
    if (flags & ts.TypeFlags.NonPrimitive) throw new NoSchema(`${where} is typed object, which says nothing of its keys`);
    if (flags & ts.TypeFlags.Null) return { type: 'null' };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (type.isUnion()) return this.union(type.types, where, depth);
    const literal = literalOf(type);
    if (literal !== undefined) return { enum: [literal] };
    if (flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (type.isIntersection()) {
      // A branded primitive (`string & { __brand: 'Id' }`) is the primitive.
      const primitive = type.types.find((member) => member.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike));
      if (primitive) return this.convert(primitive, where, depth);
    }
    if (flags & ts.TypeFlags.Object || type.isIntersection()) return this.object(type, where, depth);
    throw new NoSchema(`${where} has the type ${this.checker.typeToString(type)}, which has no JSON schema here`);
  }

  /** Several types: literals become one `enum`, `true | false` is a boolean, the rest `anyOf`. */
  union(members: readonly TS.Type[], where: string, depth: number): JsonSchema {
    if (members.length === 0) throw new NoSchema(`${where} is always undefined, which has no JSON form`);
    if (members.length === 1) return this.convert(members[0], where, depth);
    const literals: JsonLiteral[] = [];
    const others: JsonSchema[] = [];
    const booleans = members.filter((member) => member.flags & ts.TypeFlags.BooleanLiteral);
    let nullable = false;
    for (const member of members) {
      if (booleans.length === 2 && member.flags & ts.TypeFlags.BooleanLiteral) continue;
      const literal = literalOf(member);
      if (literal !== undefined) literals.push(literal);
      else if (member.flags & ts.TypeFlags.Null) nullable = true;
      else others.push(this.convert(member, where, depth));
    }
    if (booleans.length === 2) others.push({ type: 'boolean' });
    // `'a' | 'b' | null` is one enum; `string | null` a union with null.
    if (nullable && literals.length > 0) literals.push(null);
    else if (nullable) others.push({ type: 'null' });
    const schemas = literals.length > 0 ? [{ enum: literals }, ...others] : others;
    return unionOf(schemas);
  }

  private object(type: TS.Type, where: string, depth: number): JsonSchema {
    const name = type.getSymbol()?.getName() ?? type.aliasSymbol?.getName();
    if (name === 'Date') return { type: 'string', format: 'date-time' };
    if (name && Object.hasOwn(OPAQUE_TYPES, name)) throw new NoSchema(`${where} is a ${name}: ${OPAQUE_TYPES[name]}`);
    if (this.checker.isTupleType(type)) return this.tuple(type as TS.TypeReference, where, depth);
    if (this.checker.isArrayType(type)) {
      const [element] = this.checker.getTypeArguments(type as TS.TypeReference);
      return { type: 'array', items: this.convert(element, `an item of ${where}`, depth + 1) };
    }
    if (type.getCallSignatures().length > 0) throw new NoSchema(`${where} is a function, which has no JSON form`);
    if (this.open.has(type)) throw new NoSchema(`${where} has the recursive type ${this.checker.typeToString(type)}`);
    this.open.add(type);
    try {
      return this.properties(type, where, depth);
    } finally {
      this.open.delete(type);
    }
  }

  private tuple(type: TS.TypeReference, where: string, depth: number): JsonSchema {
    const target = type.target as TS.TupleType;
    if (target.hasRestElement) throw new NoSchema(`${where} is a tuple with a rest element`);
    const elements = this.checker.getTypeArguments(type).map((element, index) => this.union(definedMembers(element), `item ${index} of ${where}`, depth + 1));
    return { type: 'array', prefixItems: elements, minItems: target.minLength, maxItems: elements.length };
  }

  private properties(type: TS.Type, where: string, depth: number): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const property of this.checker.getPropertiesOfType(type)) {
      const name = property.getName();
      if (name === 'toJSON') throw new NoSchema(`${where} is written through its own toJSON()`);
      // Methods, functions and symbol keys are dropped by JSON.stringify.
      if (property.flags & ts.SymbolFlags.Method || name.startsWith('__@')) continue;
      const propertyType = this.checker.getTypeOfSymbolAtLocation(property, this.location);
      if (propertyType.getCallSignatures().length > 0 && !propertyType.isUnion()) continue;
      const members = definedMembers(propertyType);
      if (members.length === 0) continue;
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0 || includesUndefined(propertyType);
      const schema = this.union(members, `${where}.${name}`, depth + 1);
      const description = ts.displayPartsToString(property.getDocumentationComment(this.checker)).trim();
      properties[name] = description ? { ...schema, description } : schema;
      if (!optional) required.push(name);
    }
    const index = this.checker.getIndexInfosOfType(type).find((info) => info.keyType.flags & (ts.TypeFlags.String | ts.TypeFlags.Number));
    if (index) {
      const value = index.type;
      if (value.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) throw new NoSchema(`${where} is a record of ${value.flags & ts.TypeFlags.Any ? 'any' : 'unknown'} values: it names no keys and says nothing of the values`);
      const additionalProperties = this.union(definedMembers(value), `a value of ${where}`, depth + 1);
      return { type: 'object', ...(Object.keys(properties).length > 0 ? { properties } : {}), ...(required.length > 0 ? { required } : {}), additionalProperties };
    }
    if (Object.keys(properties).length === 0) throw new NoSchema(`${where} is typed ${this.checker.typeToString(type)}, which names no keys`);
    return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  }
}

function literalOf(type: TS.Type): JsonLiteral | undefined {
  if (type.isStringLiteral() || type.isNumberLiteral()) return type.value;
  if (type.flags & ts.TypeFlags.BooleanLiteral) return (type as TS.Type & { intrinsicName?: string }).intrinsicName === 'true';
  return undefined;
}

function includesUndefined(type: TS.Type): boolean {
  return type.isUnion() ? type.types.some((member) => (member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) !== 0) : false;
}

/**
 * The members of a type that JSON can hold where the key may be missing: `undefined` drops the key.
 * None for a key typed `undefined` alone, such as the `message?: undefined` TypeScript gives the
 * members of an inferred union of object literals that lack `message`.
 */
function definedMembers(type: TS.Type): TS.Type[] {
  return (type.isUnion() ? type.types : [type]).filter((member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
}
