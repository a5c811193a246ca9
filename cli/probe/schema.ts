/**
 * JSON Schema validation for the probe: a tool's `outputSchema` against what it returned, a tool's
 * `inputSchema` against generated arguments, and the probe's own file formats.
 *
 * Ajv is the validator the SDK 1.x client itself uses for output schemas (it is a dependency of
 * `@modelcontextprotocol/sdk`, so a server that has the SDK has Ajv already): the probe and the
 * client then agree on what "valid" means, formats included (ajv-formats, as in the SDK).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type AnyAjv = Ajv | Ajv2019 | Ajv2020;

export type Validation = { valid: true } | { valid: false; message: string; errors: readonly ErrorObject[] };

/** A schema Ajv cannot compile (a server's broken outputSchema, or a dialect it does not know). */
export class SchemaCompileError extends Error {
  override readonly name = 'SchemaCompileError';
}

const instances = new Map<string, AnyAjv>();

function instance(dialect: 'draft-07' | '2019-09' | '2020-12'): AnyAjv {
  let ajv = instances.get(dialect);
  if (!ajv) {
    // verbose: errors carry their schema, so messages can list the keys that are allowed.
    const options = { strict: false, allErrors: true, validateFormats: true, verbose: true } as const;
    ajv = dialect === 'draft-07' ? new Ajv(options) : dialect === '2019-09' ? new Ajv2019(options) : new Ajv2020(options);
    addFormats.default(ajv);
    instances.set(dialect, ajv);
  }
  return ajv;
}

/**
 * The dialect a schema declares with `$schema`. None declared means 2020-12, the MCP spec's
 * default for tool schemas; draft-06 and draft-07 share Ajv's default class.
 */
function dialectOf(schema: object): 'draft-07' | '2019-09' | '2020-12' {
  const declared = (schema as { $schema?: unknown }).$schema;
  if (typeof declared !== 'string') return '2020-12';
  if (/draft-0[67]/.test(declared)) return 'draft-07';
  if (declared.includes('2019-09')) return '2019-09';
  if (declared.includes('2020-12')) return '2020-12';
  throw new SchemaCompileError(`its $schema ${declared} is a dialect the probe cannot validate (draft-06, draft-07, 2019-09 and 2020-12 can be)`);
}

const compiled = new WeakMap<object, ValidateFunction>();

/** A compiled validator for `schema`, cached by identity; a SchemaCompileError when it does not compile. */
export function validatorFor(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (validate) return validate;
  const ajv = instance(dialectOf(schema));
  // $id collisions between tools would make Ajv refuse the second schema: validate without it.
  const { $id: _id, ...anonymous } = schema as Record<string, unknown>;
  try {
    validate = ajv.compile(anonymous);
  } catch (error) {
    throw new SchemaCompileError((error as Error).message);
  }
  compiled.set(schema, validate);
  return validate;
}

/** Ajv's errors as one line: `structuredContent/days/0/highC must be number`. */
export function describeErrors(errors: readonly ErrorObject[], dataVar: string): string {
  return errors
    .slice(0, 3)
    .map((error) => {
      const where = `${dataVar}${error.instancePath}`;
      if (error.keyword === 'additionalProperties') return `${where} must not have the property '${String((error.params as { additionalProperty?: unknown }).additionalProperty)}'`;
      if (error.keyword === 'enum') return `${where} must be one of ${JSON.stringify((error.params as { allowedValues?: unknown }).allowedValues)}`;
      return `${where} ${error.message ?? 'is invalid'}`;
    })
    .join('; ')
    .concat(errors.length > 3 ? ` (and ${errors.length - 3} more)` : '');
}

/** Validates `value` against `schema`; `dataVar` names the value in the message. */
export function validate(schema: object, value: unknown, dataVar: string): Validation {
  const check = validatorFor(schema);
  if (check(value)) return { valid: true };
  const errors = check.errors ?? [];
  return { valid: false, message: describeErrors(errors, dataVar), errors };
}
