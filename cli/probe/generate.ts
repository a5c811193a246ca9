/**
 * Arguments from a tool's inputSchema: one set meant to be valid (required properties only, each
 * from its const, default, example, first enum value, format or bounds) and one set meant to be
 * invalid (a required property left out, or a property of the wrong type). Both are checked
 * against the schema with the validator, so the plan says when a guess did not work out.
 */
import { isObject } from './result-view.js';
import { SchemaCompileError, validate } from './schema.js';
import type { Json, JsonObject } from './types.js';

export interface GeneratedArguments {
  arguments: JsonObject;
  /** Set when the arguments are not what they were meant to be (valid, or invalid), and why. */
  note?: string;
}

/** Sample strings for the formats JSON Schema (and ajv-formats) names. */
const FORMAT_SAMPLES: Readonly<Record<string, string>> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '00:00:00Z',
  duration: 'PT1M',
  email: 'probe@example.com',
  'idn-email': 'probe@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  iri: 'https://example.com/',
  'iri-reference': 'https://example.com/',
  url: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
  'json-pointer': '/probe',
  'relative-json-pointer': '0',
  regex: '^probe$',
  byte: 'cHJvYmU=',
};

/** Strings tried in turn against a `pattern` the generator cannot read. */
const PATTERN_CANDIDATES = ['example', 'probe', 'a', 'A', '0', '1', 'abc', 'ABC', 'a1', 'A1', 'example-1', 'example_1', 'ab-12', 'AB-12', 'x@example.com', 'https://example.com/'];

const MAX_DEPTH = 8;

type Schema = JsonObject;

/** Follows a local `$ref` (`#/$defs/x`, `#/definitions/x`); anything else is left as it is. */
function deref(schema: Schema, root: Schema): Schema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && current.$ref.startsWith('#') && hops < 16; hops++) {
    let target: Json | undefined = root;
    for (const part of current.$ref.slice(1).split('/').filter(Boolean)) {
      const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
      target = isObject(target) ? target[key] : Array.isArray(target) ? target[Number(key)] : undefined;
    }
    if (!isObject(target)) break;
    const { $ref: _ref, ...siblings } = current;
    current = { ...target, ...siblings };
  }
  return current;
}

/** The schema's type: the first non-null of a list, else guessed from its keywords. */
function typeOf(schema: Schema): string | undefined {
  const declared = schema.type;
  if (typeof declared === 'string') return declared;
  if (Array.isArray(declared)) return declared.find((type): type is string => typeof type === 'string' && type !== 'null') ?? (declared.includes('null') ? 'null' : undefined);
  if (isObject(schema.properties) || Array.isArray(schema.required)) return 'object';
  if (schema.items !== undefined || schema.prefixItems !== undefined) return 'array';
  if (schema.minimum !== undefined || schema.maximum !== undefined) return 'number';
  if (schema.minLength !== undefined || schema.pattern !== undefined || schema.format !== undefined) return 'string';
  return undefined;
}

function numberSample(schema: Schema, integer: boolean): number {
  const num = (value: Json | undefined) => (typeof value === 'number' ? value : undefined);
  const step = num(schema.multipleOf);
  const low = num(schema.minimum) ?? (num(schema.exclusiveMinimum) !== undefined ? num(schema.exclusiveMinimum)! + (integer ? 1 : 0.5) : undefined);
  const high = num(schema.maximum) ?? (num(schema.exclusiveMaximum) !== undefined ? num(schema.exclusiveMaximum)! - (integer ? 1 : 0.5) : undefined);
  // 1 is a friendly default (a page size, a count); bounds win when they exclude it.
  let value = low !== undefined && low > 1 ? low : high !== undefined && high < 1 ? high : 1;
  if (step !== undefined && step > 0) {
    value = Math.ceil(value / step) * step;
    if (high !== undefined && value > high) value = Math.floor(high / step) * step;
  }
  return integer ? Math.ceil(value) : value;
}

function stringSample(schema: Schema): string {
  const format = typeof schema.format === 'string' ? FORMAT_SAMPLES[schema.format] : undefined;
  let value = format ?? 'example';
  if (typeof schema.pattern === 'string') {
    try {
      const pattern = new RegExp(schema.pattern, 'u');
      if (!pattern.test(value)) value = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate)) ?? value;
    } catch {
      // A pattern JavaScript cannot compile: the validator will say so.
    }
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  if (value.length < min) value = value.padEnd(min, 'x');
  if (value.length > max) value = value.slice(0, max);
  return value;
}

/** A value meant to be valid against `schema`. */
export function sampleValue(schema: Json, root: Schema, depth = 0): Json {
  if (!isObject(schema)) return schema === false ? null : 'example';
  const resolved = deref(schema, root);
  if ('const' in resolved) return resolved.const;
  if ('default' in resolved) return resolved.default;
  if (Array.isArray(resolved.examples) && resolved.examples.length > 0) return resolved.examples[0];
  if (Array.isArray(resolved.enum) && resolved.enum.length > 0) return resolved.enum[0];
  for (const union of ['oneOf', 'anyOf'] as const) {
    const branches = resolved[union];
    if (Array.isArray(branches) && branches.length > 0) {
      const branch = branches.find((candidate) => !(isObject(candidate) && candidate.type === 'null')) ?? branches[0];
      return sampleValue(branch, root, depth + 1);
    }
  }
  if (Array.isArray(resolved.allOf)) {
    const merged = resolved.allOf.filter(isObject).reduce<Schema>((all, part) => mergeObjectSchemas(all, deref(part, root)), { ...resolved, allOf: [] });
    delete merged.allOf;
    return sampleValue(merged, root, depth + 1);
  }
  if (depth > MAX_DEPTH) return null;
  switch (typeOf(resolved)) {
    case 'object':
      return sampleObject(resolved, root, depth);
    case 'array': {
      const count = Math.max(typeof resolved.minItems === 'number' ? resolved.minItems : 1, 1);
      const limited = Math.min(count, typeof resolved.maxItems === 'number' ? resolved.maxItems : count);
      if (Array.isArray(resolved.prefixItems)) return resolved.prefixItems.map((item) => sampleValue(item, root, depth + 1));
      const items = resolved.items ?? {};
      return Array.from({ length: limited }, (_unused, index) => {
        const value = sampleValue(items, root, depth + 1);
        // uniqueItems with a fixed sample: vary numbers and strings.
        return resolved.uniqueItems === true && index > 0 ? (typeof value === 'number' ? value + index : typeof value === 'string' ? `${value}${index}` : value) : value;
      });
    }
    case 'integer':
      return numberSample(resolved, true);
    case 'number':
      return numberSample(resolved, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      return stringSample(resolved);
    default:
      return 'example';
  }
}

function mergeObjectSchemas(base: Schema, part: Schema): Schema {
  return {
    ...base,
    ...part,
    properties: { ...(isObject(base.properties) ? base.properties : {}), ...(isObject(part.properties) ? part.properties : {}) },
    required: [...new Set([...(Array.isArray(base.required) ? base.required : []), ...(Array.isArray(part.required) ? part.required : [])])],
  };
}

/** Required properties only: the smallest call the tool must accept. */
function sampleObject(schema: Schema, root: Schema, depth: number): JsonObject {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
  const value: JsonObject = {};
  for (const name of required) value[name] = sampleValue(properties[name] ?? {}, root, depth + 1);
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  for (const name of Object.keys(properties)) {
    if (Object.keys(value).length >= minProperties) break;
    if (!(name in value)) value[name] = sampleValue(properties[name], root, depth + 1);
  }
  return value;
}

/** What `validate` says about `value`, or why it could not say. */
function check(schema: Schema, value: JsonObject): { valid: boolean; message?: string; compiles: boolean } {
  try {
    const result = validate(schema, value, 'arguments');
    return result.valid ? { valid: true, compiles: true } : { valid: false, message: result.message, compiles: true };
  } catch (problem) {
    if (problem instanceof SchemaCompileError) return { valid: false, message: `the inputSchema does not compile (${problem.message})`, compiles: false };
    throw problem;
  }
}

const EMPTY_OBJECT_SCHEMA: Schema = { type: 'object' };

/** Arguments meant to be valid against the tool's inputSchema. */
export function validArguments(inputSchema: JsonObject | undefined): GeneratedArguments {
  const schema = inputSchema ?? EMPTY_OBJECT_SCHEMA;
  const value = sampleValue(schema, schema);
  const args = isObject(value) ? value : {};
  const verdict = check(schema, args);
  return verdict.valid ? { arguments: args } : { arguments: args, note: `generated arguments may be invalid: ${verdict.message}` };
}

/** A value of another JSON type than the property's. */
function wrongTypeValue(schema: Json, root: Schema): Json {
  const type = isObject(schema) ? typeOf(deref(schema, root)) : undefined;
  switch (type) {
    case 'string':
      return 12345;
    case 'object':
    case 'array':
    case 'boolean':
    case 'null':
      return 'not-a-valid-value';
    default:
      return { unexpected: true };
  }
}

/**
 * Arguments the tool must refuse, with what is wrong with them; null when the schema allows
 * anything a call could send.
 */
export function invalidArguments(inputSchema: JsonObject | undefined): (GeneratedArguments & { note: string }) | null {
  const root = inputSchema ?? EMPTY_OBJECT_SCHEMA;
  const top = deref(root, root);
  // The properties of `allOf` parts count as the top level's.
  const schema = Array.isArray(top.allOf) ? top.allOf.filter(isObject).reduce<Schema>((all, part) => mergeObjectSchemas(all, deref(part, root)), top) : top;
  const valid = validArguments(inputSchema).arguments;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];
  const attempts: Array<[JsonObject, string]> = [];
  if (required.length > 0) {
    const { [required[0]]: _left, ...rest } = valid;
    attempts.push([rest, `required property '${required[0]}' left out`]);
  }
  for (const [name, property] of Object.entries(properties)) {
    const wrong = wrongTypeValue(property, root);
    attempts.push([{ ...valid, [name]: wrong }, `'${name}' set to ${JSON.stringify(wrong)}`]);
  }
  attempts.push([{ ...valid, unexpectedProbeArgument: true }, "unexpected property 'unexpectedProbeArgument'"]);
  for (const [args, note] of attempts) {
    const verdict = check(inputSchema ?? EMPTY_OBJECT_SCHEMA, args);
    // Without a validator nothing is known to be invalid.
    if (!verdict.compiles) return null;
    if (!verdict.valid) return { arguments: args, note };
  }
  return null;
}
