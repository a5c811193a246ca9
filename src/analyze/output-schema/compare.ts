import type { Declared } from './declared.js';
import type { JsonLiteral, JsonSchema } from './json-schema.js';

/**
 * Where a value of an inferred type does not fit a declared schema. `property` is its path from the
 * top (`part.sku`, `items[]`), `''` for the value itself.
 * - `missing`: the type has no such property, and the schema requires it;
 * - `maybe-missing`: the type makes it optional, and the schema requires it;
 * - `type`: the type's values are of a kind the schema does not accept there;
 * - `extra`: the type has a property the schema refuses (a zod object, `additionalProperties: false`).
 */
export interface Mismatch {
  problem: 'missing' | 'maybe-missing' | 'type' | 'extra';
  property: string;
  /** For `type`: what the value is, and what the schema accepts. */
  actual?: string;
  expected?: string;
}

/**
 * Every place where values of `inferred` can fail `declared`. Only certain failures are listed: a
 * string against an enum of strings, a record against named properties, and anything the declared
 * side does not say clearly (`any`) fit.
 */
export function compareSchemas(inferred: JsonSchema, declared: Declared, at = ''): Mismatch[] {
  if (declared.kind === 'any') return [];
  if (inferred.anyOf) return unique(inferred.anyOf.flatMap((member) => compareSchemas(member, declared, at)));
  if (inferred.enum) {
    const refused = inferred.enum.filter((value) => !acceptsLiteral(declared, value));
    return refused.length === 0 ? [] : [{ problem: 'type', property: at, actual: refused.map((value) => JSON.stringify(value)).join(' | '), expected: describeDeclared(declared) }];
  }
  if (declared.kind === 'union') {
    const tried = declared.members.map((member) => compareSchemas(inferred, member, at));
    if (tried.some((mismatches) => mismatches.length === 0)) return [];
    // Against one member of the value's kind, that member's findings say more than "not any of". Against
    // several, a value may fit them together (`{ kind: 'a' | 'b' }` fits `{ kind: 'a' } | { kind: 'b' }`),
    // which this comparison does not decide: nothing is said.
    const sameKind = declared.members.filter((member) => sameJsonKind(inferred, member));
    if (sameKind.length === 1) return compareSchemas(inferred, sameKind[0], at);
    if (sameKind.length > 1) return [];
    return [{ problem: 'type', property: at, actual: describeInferred(inferred), expected: describeDeclared(declared) }];
  }
  const kind = inferred.type;
  if (kind === 'string' || kind === 'number' || kind === 'integer' || kind === 'boolean' || kind === 'null') {
    const jsonKind = kind === 'integer' ? 'number' : kind;
    if (declared.kind === 'primitive' && declared.types.has(jsonKind)) return [];
    // A string against an enum of strings may fit or not: only its values would say.
    if (declared.kind === 'enum' && declared.values.some((value) => kindOf(value) === jsonKind)) return [];
    return [{ problem: 'type', property: at, actual: describeInferred(inferred), expected: describeDeclared(declared) }];
  }
  if (kind === 'array') {
    if (declared.kind !== 'array') return [{ problem: 'type', property: at, actual: 'an array', expected: describeDeclared(declared) }];
    const items = inferred.prefixItems ?? (inferred.items ? [inferred.items] : []);
    return unique(items.flatMap((item) => compareSchemas(item, declared.items, `${at}[]`)));
  }
  if (kind === 'object') {
    if (declared.kind !== 'object') return [{ problem: 'type', property: at, actual: 'an object', expected: describeDeclared(declared) }];
    return compareObjects(inferred, declared, at);
  }
  return [];
}

function compareObjects(inferred: JsonSchema, declared: Extract<Declared, { kind: 'object' }>, at: string): Mismatch[] {
  const found: Mismatch[] = [];
  const properties = inferred.properties ?? {};
  const required = new Set(inferred.required ?? []);
  // A record names no keys: which of the declared ones it has is only known at run time.
  const keysUnknown = inferred.additionalProperties !== undefined;
  const child = (name: string) => (at ? `${at}.${name}` : name);
  for (const [name, property] of declared.properties) {
    if (Object.hasOwn(properties, name)) {
      if (!required.has(name) && !property.optional) found.push({ problem: 'maybe-missing', property: child(name) });
      found.push(...compareSchemas(properties[name], property.schema, child(name)));
    } else if (!property.optional && !keysUnknown) {
      found.push({ problem: 'missing', property: child(name) });
    }
  }
  for (const [name, schema] of Object.entries(properties)) {
    if (declared.properties.has(name)) continue;
    if (declared.rest === 'closed') found.push({ problem: 'extra', property: child(name) });
    else if (declared.rest !== 'open') found.push(...compareSchemas(schema, declared.rest, child(name)));
  }
  if (inferred.additionalProperties && declared.rest !== 'open' && declared.rest !== 'closed') found.push(...compareSchemas(inferred.additionalProperties, declared.rest, child('*')));
  return found;
}

/** Is `declared` (not a union) of the JSON kind of `inferred` (not a union or enum)? */
function sameJsonKind(inferred: JsonSchema, declared: Declared): boolean {
  const kind = inferred.type === 'integer' ? 'number' : inferred.type;
  if (declared.kind === 'primitive') return kind !== undefined && (declared.types as ReadonlySet<string>).has(kind);
  if (declared.kind === 'enum') return declared.values.some((value) => kindOf(value) === kind);
  return declared.kind === kind || declared.kind === 'any' || declared.kind === 'union';
}

function acceptsLiteral(declared: Declared, value: JsonLiteral): boolean {
  switch (declared.kind) {
    case 'any':
      return true;
    case 'primitive':
      return declared.types.has(kindOf(value));
    case 'enum':
      return declared.values.includes(value);
    case 'union':
      return declared.members.some((member) => acceptsLiteral(member, value));
    default:
      return false;
  }
}

function kindOf(value: JsonLiteral): 'string' | 'number' | 'boolean' | 'null' {
  return value === null ? 'null' : (typeof value as 'string' | 'number' | 'boolean');
}

function describeInferred(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(describeInferred).join(' | ');
  if (schema.type === 'array') return 'an array';
  if (schema.type === 'object') return 'an object';
  return schema.type ?? 'a value';
}

export function describeDeclared(declared: Declared): string {
  switch (declared.kind) {
    case 'any':
      return 'any value';
    case 'primitive':
      return [...declared.types].join(' | ');
    case 'enum':
      return declared.values.map((value) => JSON.stringify(value)).join(' | ');
    case 'array':
      return 'an array';
    case 'object':
      return 'an object';
    case 'union':
      return declared.members.map(describeDeclared).join(' | ');
  }
}

function unique(mismatches: Mismatch[]): Mismatch[] {
  const seen = new Map<string, Mismatch>();
  for (const mismatch of mismatches) seen.set(`${mismatch.problem}|${mismatch.property}|${mismatch.actual ?? ''}`, mismatch);
  return [...seen.values()];
}
