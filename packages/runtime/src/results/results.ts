/**
 * Result helpers: build tool results (`CallToolResult`s) with readable `content` text and JSON-safe
 * `structuredContent`.
 */
import { isCallToolResult } from '../display/read.js';
import { describeType, isJsonObjectLike, toJsonSafe } from './json-safe.js';
import type { ErrorResult, JsonData, JsonObject, JsonObjectData, JsonValue, SuccessResult, ToolResult } from './types.js';

export type { ErrorResult, JsonData, JsonObject, JsonObjectData, JsonValue, SuccessResult, ToolResult } from './types.js';

/** `both`: text + structuredContent (the default); `readable`: text only; `structured`: structuredContent and its JSON as the text. */
export type ResultFormat = 'readable' | 'structured' | 'both';

export interface ResultOptions {
  format?: ResultFormat;
}

/** JSON.stringify's replacer, typed as lib.d.ts types it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- lib.d.ts's own type
export type JsonReplacer = ((this: any, key: string, value: any) => any) | ReadonlyArray<number | string> | null;

export interface JsonResultOptions extends ResultOptions {
  /** Passed to JSON.stringify as `space`: 0 or '' gives compact JSON. Default 2. */
  indent?: number | string;
  /** JSON.stringify's replacer; structuredContent is then the text parsed back. */
  replacer?: JsonReplacer;
  /** JSON.stringify's `space` as given (undefined: compact), instead of indent. */
  space?: number | string | undefined;
  /** Your own JSON helper writes the text instead; structuredContent is that text parsed. */
  stringify?: (value: never) => string;
}

export interface SuccessResultOptions extends ResultOptions {
  /** Applied to `data` as JSON.stringify applies it. */
  replacer?: JsonReplacer;
}

export const RESULT_FORMATS: readonly ResultFormat[] = Object.freeze(['readable', 'structured', 'both']);

/** Released MCP protocol versions. From 2026-07-28 (SEP-2106) structuredContent may be any JSON value, before only an object. */
export const PROTOCOL_VERSIONS = Object.freeze(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const);
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

/** `both`: the model keeps the text it read before migration, and machines get structuredContent. */
export const DEFAULT_RESULT_FORMAT: ResultFormat = 'both';

/** `Structured`: what jsonResult and toCallToolResult put in structuredContent (any JSON value from protocol 2026-07-28 on). */
export interface ResultHelpers<Structured extends JsonValue = JsonObject> {
  successResult<Data extends object>(display: string, data?: Data & JsonObjectData<Data>, options?: SuccessResultOptions): SuccessResult;
  errorResult(message: unknown, extra?: JsonObject, options?: ResultOptions): ErrorResult;
  errorTextResult(text: unknown, extra?: JsonObject, options?: ResultOptions): ErrorResult;
  jsonResult<Value>(value: Value & JsonData<Value>, options?: JsonResultOptions): SuccessResult<Structured>;
  toCallToolResult(value: unknown, options?: ResultOptions): ToolResult<Structured>;
}

export interface ResultHelperDefaults {
  format?: ResultFormat;
  /** Default 2025-11-25: a non-object becomes `{ result: value }`; from 2026-07-28 it stays. */
  protocolVersion?: ProtocolVersion;
}

function describeValue(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : describeType(value);
}

function isResultFormat(value: unknown): value is ResultFormat {
  return typeof value === 'string' && (RESULT_FORMATS as readonly string[]).includes(value);
}

function checkFormat(fn: string, format: unknown): ResultFormat {
  if (!isResultFormat(format)) {
    throw new TypeError(
      `${fn}: format must be one of ${RESULT_FORMATS.map((f) => `'${f}'`).join(', ')}, got ${describeValue(format)}`,
    );
  }
  return format;
}

function readOptions(fn: string, options: unknown): JsonObject {
  if (options === undefined) return {};
  if (!isJsonObjectLike(options)) {
    throw new TypeError(`${fn}: options must be an object, got ${describeType(options)}`);
  }
  return options;
}

function resolveFormat(fn: string, options: JsonObject, fallback: ResultFormat): ResultFormat {
  return options.format === undefined ? fallback : checkFormat(fn, options.format);
}

/** Validate and JSON-convert a `data`/`extra` argument into what structuredContent can hold. */
function safeObject(fn: string, param: string, value: unknown): JsonObject {
  const problem = `${fn}: ${param} must be a plain object (it becomes structuredContent), got`;
  if (!isJsonObjectLike(value)) throw new TypeError(`${problem} ${describeType(value)}`);
  const safe = toJsonSafe(value, 'structuredContent');
  // A toJSON() may turn an object into something else (a Date becomes a string).
  if (!isJsonObjectLike(safe)) throw new TypeError(`${problem} ${describeType(value)} (its toJSON() returns ${describeType(safe)})`);
  return safe;
}

/** A success carries no `isError` at all: absent means false, and a server's own narrower type may allow only `true`. */
function successText<Structured extends JsonValue = JsonObject>(text: string, structured: Structured | undefined): SuccessResult<Structured> {
  const result: SuccessResult<Structured> = { content: [{ type: 'text', text }] };
  if (structured !== undefined) result.structuredContent = structured;
  return result;
}

function errorText(text: string, structured: JsonObject | undefined): ErrorResult {
  return { ...successText<JsonObject>(text, structured), isError: true };
}

function textResult(text: string, structured: JsonObject | undefined, isError: boolean): ToolResult {
  return isError ? errorText(text, structured) : successText(text, structured);
}

/** Repeated so that re-wrapped errors ("Error: Error: x") collapse to one prefix. */
const ERROR_PREFIX = /^(?:Error:\s*)+/;

/** Also true for Errors from another realm (vm contexts, iframes), where instanceof fails. */
function isErrorObject(value: unknown): value is Error {
  return value instanceof Error || Object.prototype.toString.call(value) === '[object Error]';
}

/**
 * Whatever was thrown or caught becomes a message: migrated `catch (err)` blocks pass the caught
 * value as it is, and `unknown` is what TypeScript gives them.
 */
function errorMessageOf(message: unknown): string {
  let raw: unknown;
  if (typeof message === 'string') raw = message;
  else if (isErrorObject(message)) raw = (message as { message?: unknown }).message;
  else if (message === undefined || message === null) raw = '';
  else if (typeof message === 'object' && typeof (message as { message?: unknown }).message === 'string') raw = (message as { message: string }).message;
  else if (typeof message === 'object') raw = safeStringify(message);
  else raw = String(message);
  const text = (typeof raw === 'string' ? raw : String(raw ?? '')).trim().replace(ERROR_PREFIX, '').trim();
  return text === '' ? 'Unknown error' : text;
}

function safeStringify(value: object): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function success(display: unknown, data: unknown, options: unknown, fallback: ResultFormat): SuccessResult {
  if (typeof display !== 'string') {
    throw new TypeError(`successResult: display must be a string, got ${describeType(display)}`);
  }
  const opts = readOptions('successResult', options);
  const format = resolveFormat('successResult', opts, fallback);
  const replacer = readReplacer('successResult', opts);
  const replaced: unknown = data === undefined || replacer === undefined ? data : JSON.parse(JSON.stringify(data, replacer) ?? 'null');
  const safe = replaced === undefined ? undefined : safeObject('successResult', 'data', replaced);
  if (format === 'readable') return successText<JsonObject>(display, undefined);
  if (format === 'structured' && safe !== undefined) return successText<JsonObject>(JSON.stringify(safe, null, 2), safe);
  return successText<JsonObject>(display, safe);
}

/**
 * How the text of an error result is made: `message` writes `Error: <message>` (errorResult);
 * `exact` keeps a non-blank string as it is (errorTextResult), so migrated handlers say the same words.
 */
type ErrorDisplay = 'message' | 'exact';

function failure(fn: string, display: ErrorDisplay, message: unknown, extra: unknown, options: unknown, fallback: ResultFormat): ErrorResult {
  const error = errorMessageOf(message);
  const format = resolveFormat(fn, readOptions(fn, options), fallback);
  const safeExtra = extra === undefined ? {} : safeObject(fn, 'extra', extra);
  // `error` goes first and cannot be overridden by extra.
  const structured: JsonObject = Object.fromEntries([
    ['error', error],
    ...Object.entries(safeExtra).filter(([key]) => key !== 'error'),
  ]);
  const text = display === 'exact' && typeof message === 'string' && message.trim() !== '' ? message : `Error: ${error}`;
  if (format === 'readable') return errorText(text, undefined);
  if (format === 'structured') return errorText(JSON.stringify(structured, null, 2), structured);
  return errorText(text, structured);
}

function readIndent(options: JsonObject): number | string {
  const indent = options.indent;
  if (indent === undefined) return 2;
  if (typeof indent === 'number' || typeof indent === 'string') return indent;
  throw new TypeError(`jsonResult: indent must be a number or a string, got ${describeType(indent)}`);
}

type StringifyReplacer = Parameters<typeof JSON.stringify>[1];

function readReplacer(fn: string, options: JsonObject): StringifyReplacer | undefined {
  const replacer = options.replacer ?? undefined;
  if (replacer === undefined || typeof replacer === 'function' || Array.isArray(replacer)) return replacer as StringifyReplacer | undefined;
  throw new TypeError(`${fn}: replacer must be a function, an array or null, got ${describeType(replacer)}`);
}

/** `{ result: value }` for a non-object, as the SDK v2 wraps it for 2025 clients; the value itself where allowed. */
function structuredOf(safe: unknown, anyJson: boolean): JsonObject {
  return isJsonObjectLike(safe) || anyJson ? (safe as JsonObject) : { result: safe };
}

/** Build a JSON result from an already-safe value, so callers evaluate the input only once. */
function fromSafe(safe: unknown, indent: number | string, format: ResultFormat, isError: boolean, anyJson = false): ToolResult {
  const text = JSON.stringify(safe, null, indent);
  const structured = structuredOf(safe, anyJson);
  return textResult(text, format === 'readable' ? undefined : structured, isError);
}

function json(value: unknown, options: unknown, fallback: ResultFormat, anyJson = false): SuccessResult<JsonValue> {
  const opts = readOptions('jsonResult', options);
  const format = resolveFormat('jsonResult', opts, fallback);
  // `space` is JSON.stringify's argument exactly as given (even undefined); indent defaults to 2.
  const exact = Object.hasOwn(opts, 'space');
  if (exact && opts.indent !== undefined) throw new TypeError('jsonResult: pass indent or space, not both');
  const space = (exact ? opts.space : readIndent(opts)) as number | string | undefined;
  const replacer = readReplacer('jsonResult', opts);
  const stringify = opts.stringify as ((value: unknown) => unknown) | undefined;
  if (stringify !== undefined && (typeof stringify !== 'function' || exact || replacer !== undefined || opts.indent !== undefined)) {
    throw new TypeError('jsonResult: stringify must be a function, without replacer, indent or space');
  }
  if (replacer !== undefined || stringify) {
    // The replacer, or the server's own JSON helper, decides the text; structuredContent is what it says.
    const text: unknown = stringify ? stringify.call(undefined, value) : JSON.stringify(value, replacer, space);
    if (typeof text !== 'string') throw new TypeError(`jsonResult: ${stringify ? 'stringify' : 'the replacer'} left nothing to write`);
    let parsed: unknown;
    try {
      // A helper's text that is not JSON stays the text alone.
      if (format !== 'readable') parsed = structuredOf(JSON.parse(text), anyJson);
    } catch {
      parsed = undefined;
    }
    return successText(text, parsed as JsonValue | undefined);
  }
  const safe = toJsonSafe(value, 'value');
  if (safe === undefined) {
    throw new TypeError('jsonResult: value is undefined, which has no JSON representation; return null or an object');
  }
  return successText(JSON.stringify(safe, null, space), format === 'readable' ? undefined : (structuredOf(safe, anyJson) as JsonValue));
}

function hasErrorMessage(value: JsonObject): value is JsonObject & { error: string } {
  return typeof value.error === 'string' && value.error.trim() !== '';
}

function withoutError(value: JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'error'));
}

/** Legacy handlers return JSON text; keep that exact text and expose the parsed data. */
function fromString(text: string, format: ResultFormat, anyJson: boolean): ToolResult {
  const start = text.trimStart()[0];
  if (start === '{' || start === '[') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return success(text, undefined, { format }, format);
    }
    if (isJsonObjectLike(parsed)) {
      if (hasErrorMessage(parsed)) return failure('toCallToolResult', 'message', parsed.error, withoutError(parsed), { format }, format);
      return textResult(text, format === 'readable' ? undefined : parsed, parsed.success === false);
    }
    return successText(text, format === 'readable' ? undefined : structuredOf(parsed, anyJson));
  }
  return success(text, undefined, { format }, format);
}

function isResultWithAnyStructuredContent(value: unknown): boolean {
  return isJsonObjectLike(value) && value.structuredContent !== undefined && isCallToolResult({ ...value, structuredContent: undefined });
}

function convertValue(value: unknown, options: unknown, fallback: ResultFormat, anyJson = false): ToolResult {
  const format = resolveFormat('toCallToolResult', readOptions('toCallToolResult', options), fallback);
  if (value === undefined || value === null) return { content: [] };
  // Passed through as it is, with whatever content it holds (images, resources): the declared
  // ToolResult keeps migrated handlers assignable to every SDK's CallToolResult.
  if (isCallToolResult(value) || (anyJson && isResultWithAnyStructuredContent(value))) return value as ToolResult;
  if (typeof value === 'string') return fromString(value, format, anyJson);
  if (isErrorObject(value)) return failure('toCallToolResult', 'message', value, undefined, { format }, format);
  // Convert once (getters and toJSON run a single time), then inspect the JSON data.
  let safe: unknown;
  try {
    safe = toJsonSafe(value, 'value');
  } catch (error) {
    throw error instanceof TypeError ? new TypeError(`toCallToolResult: ${error.message}`) : error;
  }
  if (safe === undefined) return { content: [] };
  if (isJsonObjectLike(safe)) {
    if (hasErrorMessage(safe)) return failure('toCallToolResult', 'message', safe.error, withoutError(safe), { format }, format);
    return fromSafe(safe, 2, format, safe.success === false);
  }
  return fromSafe(safe, 2, format, false, anyJson);
}

function makeHelpers(fallback: ResultFormat, anyJson: boolean): ResultHelpers<JsonValue> {
  return {
    successResult: (display, data, options) => success(display, data, options, fallback),
    errorResult: (message, extra, options) => failure('errorResult', 'message', message, extra, options, fallback),
    errorTextResult: (text, extra, options) => failure('errorTextResult', 'exact', text, extra, options, fallback),
    jsonResult: (value, options) => json(value, options, fallback, anyJson),
    toCallToolResult: (value, options) => convertValue(value, options, fallback, anyJson),
  };
}

/**
 * A success result: `display` is the text the model reads, `data` becomes structuredContent.
 *
 * @example successResult('Deleted src/a.ts', { path: 'src/a.ts', deleted: true })
 */
export function successResult<Data extends object>(display: string, data?: Data & JsonObjectData<Data>, options?: SuccessResultOptions): SuccessResult {
  return success(display, data, options, DEFAULT_RESULT_FORMAT);
}

/**
 * An error result (`isError: true`) with text `Error: <message>` and structuredContent
 * `{ error: message, ...extra }`.
 */
export function errorResult(message: unknown, extra?: JsonObject, options?: ResultOptions): ErrorResult {
  return failure('errorResult', 'message', message, extra, options, DEFAULT_RESULT_FORMAT);
}

/**
 * An error result whose text is `text` exactly as given: what `migrate` writes for a handler's error
 * text, so the model reads the same words. structuredContent is as for errorResult; a value that is
 * not a string (a caught Error) or a blank string is written as errorResult writes it.
 */
export function errorTextResult(text: unknown, extra?: JsonObject, options?: ResultOptions): ErrorResult {
  return failure('errorTextResult', 'exact', text, extra, options, DEFAULT_RESULT_FORMAT);
}

/**
 * A drop-in for `JSON.stringify(value, null, indent)`: the text is exactly that string, and
 * structuredContent is the value (or `{ result: value }` when it is not an object).
 */
export function jsonResult<Value>(value: Value & JsonData<Value>, options?: JsonResultOptions): SuccessResult {
  return json(value, options, DEFAULT_RESULT_FORMAT) as SuccessResult;
}

/** Whatever a legacy handler returns (string, JSON string, object, Error) as a CallToolResult; one is returned unchanged. */
export function toCallToolResult(value: unknown, options?: ResultOptions): ToolResult {
  return convertValue(value, options, DEFAULT_RESULT_FORMAT);
}

function checkProtocolVersion(version: unknown): ProtocolVersion | undefined {
  if (version === undefined || (PROTOCOL_VERSIONS as readonly unknown[]).includes(version)) return version as ProtocolVersion | undefined;
  throw new TypeError(
    `createResultHelpers: protocolVersion must be a released MCP protocol version (${PROTOCOL_VERSIONS.join(', ')}), got ${describeValue(version)}`,
  );
}

/**
 * Helpers bound to server-wide defaults; a per-call `options.format` still wins. With
 * `protocolVersion: '2026-07-28'` they return `ToolResult<JsonValue>`, which the SDK v2 accepts.
 *
 * @example const { jsonResult } = createResultHelpers({ protocolVersion: '2026-07-28' });
 */
export function createResultHelpers(defaults?: ResultHelperDefaults & { protocolVersion?: Exclude<ProtocolVersion, '2026-07-28'> }): ResultHelpers;
export function createResultHelpers(defaults: ResultHelperDefaults): ResultHelpers<JsonValue>;
export function createResultHelpers(defaults: ResultHelperDefaults = {}): ResultHelpers<JsonValue> {
  const opts = readOptions('createResultHelpers', defaults);
  const fallback = opts.format === undefined ? DEFAULT_RESULT_FORMAT : checkFormat('createResultHelpers', opts.format);
  const version = checkProtocolVersion(opts.protocolVersion);
  // Dates compare as text.
  return makeHelpers(fallback, version !== undefined && version >= '2026-07-28');
}
