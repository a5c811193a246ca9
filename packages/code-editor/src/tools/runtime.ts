/**
 * What every tool handler shares: the store, the caller's access context, the search pool, and
 * the two ways out (a success in the requested format, or an isError result whose message says
 * what to do next).
 */
import { errorResult, successResult, type JsonObject, type ResultFormat, type ToolResult } from 'mcp-result-kit';
import { AccessError, ArgumentError, type AccessContext } from '../access.js';
import { SearchTimeoutError, type SearchPool } from '../search/search-pool.js';
import { ContentPathError, ContentStoreError, type ContentKey, type ContentStore } from '../types.js';
import type { SyntaxChecker } from '../validate.js';
import type { ToolSchemas } from './schemas.js';

export interface ToolLimits {
  /** get_content returns at most this many bytes per call; larger files come in pages. */
  getContentMaxBytes: number;
  /** read_content_lines default span: end_line = start_line + this. */
  readLinesDefaultSpan: number;
  maxSearchResults: number;
  maxContextLines: number;
}

export const DEFAULT_LIMITS: ToolLimits = {
  getContentMaxBytes: 256 * 1024,
  readLinesDefaultSpan: 100,
  maxSearchResults: 500,
  maxContextLines: 20,
};

export interface ToolRuntime {
  store: ContentStore;
  context: AccessContext;
  searchPool: SearchPool;
  defaultFormat: ResultFormat;
  /** Tools declare an outputSchema, so every success must carry structuredContent. */
  declaresOutputSchema: boolean;
  /** The entity types the store serves, what the tools say about them, and their schemas. */
  schemas: ToolSchemas;
  limits: ToolLimits;
  /** Validation on write; keeps parse trees so patches of big TypeScript files re-parse incrementally. */
  syntax: SyntaxChecker;
  log: (message: string) => void;
}

/** A failure the handler detected itself: message for the caller, code and extras for machines. */
export class ToolFailure extends Error {
  override readonly name = 'ToolFailure';
  constructor(
    message: string,
    readonly code: string,
    readonly extra: JsonObject = {},
  ) {
    super(message);
  }
}

export function respond(runtime: ToolRuntime, format: ResultFormat | undefined, display: string, data: JsonObject): ToolResult {
  const requested = format ?? runtime.defaultFormat;
  // The SDK server rejects a success without structuredContent from a tool that declares an
  // outputSchema, so 'readable' keeps the data there and only the text is the display.
  const effective = requested === 'readable' && runtime.declaresOutputSchema ? 'both' : requested;
  return successResult(display, data, { format: effective });
}

function classify(error: unknown): { message: string; code: string; extra: JsonObject } {
  if (error instanceof ToolFailure) return { message: error.message, code: error.code, extra: error.extra };
  if (error instanceof ContentPathError) return { message: error.message, code: 'invalid_path', extra: {} };
  if (error instanceof ArgumentError) return { message: error.message, code: 'invalid_argument', extra: {} };
  if (error instanceof AccessError) return { message: error.message, code: 'access_denied', extra: {} };
  if (error instanceof SearchTimeoutError) return { message: error.message, code: 'timeout', extra: {} };
  if (error instanceof ContentStoreError) return { message: error.message, code: 'storage_error', extra: {} };
  return { message: error instanceof Error ? error.message : String(error), code: 'internal_error', extra: {} };
}

export function fail(runtime: ToolRuntime, tool: string, format: ResultFormat | undefined, error: unknown): ToolResult {
  const { message, code, extra } = classify(error);
  if (code === 'internal_error' || code === 'storage_error') {
    runtime.log(`${tool} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  const text = code === 'internal_error' ? `${tool} failed: ${message}` : message;
  return errorResult(text, { error_code: code, ...extra }, { format: format ?? runtime.defaultFormat });
}

/** Wraps a handler so anything it throws becomes an isError result instead of a protocol error. */
export function guarded<Args extends { format?: ResultFormat }>(
  runtime: ToolRuntime,
  tool: string,
  handler: (args: Args) => Promise<ToolResult>,
): (args: Args) => Promise<ToolResult> {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      return fail(runtime, tool, args.format, error);
    }
  };
}

/** "global workflow", "workflow of organization acme", "app file of app 42", "module". */
export function describeScope(key: ContentKey): string {
  switch (key.entityType) {
    case 'workflow':
      return key.organizationId ? `workflow of organization ${key.organizationId}` : 'global workflow';
    case 'app_file':
      return `app file of app ${key.appId}`;
    default:
      return key.entityType;
  }
}

export function notFound(key: ContentKey): ToolFailure {
  return new ToolFailure(
    `File not found: ${key.path} (${describeScope(key)}). Check the path with list_content or search_content.`,
    'not_found',
  );
}

/** The key's scope as snake_case fields for structuredContent. */
export function scopeData(key: ContentKey): JsonObject {
  const data: JsonObject = { path: key.path, entity_type: key.entityType };
  if (key.entityType === 'app_file') data.app_id = key.appId;
  if (key.entityType === 'workflow') data.organization_id = key.organizationId ?? null;
  return data;
}

const SHA256_HEX = /^[0-9a-f]{64}$/i;

export function checkExpectedSha(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!SHA256_HEX.test(value)) {
    throw new ToolFailure(
      'expected_sha256 must be the 64-character hex sha256 from get_content, read_content_lines or a previous edit',
      'invalid_argument',
    );
  }
  return value.toLowerCase();
}

export function conflict(key: ContentKey, expected: string, current: string | null): ToolFailure {
  return new ToolFailure(
    `${key.path} changed since you read it (expected sha256 ${expected.slice(0, 12)}…, current ${current === null ? 'file deleted' : `${current.slice(0, 12)}…`}); nothing was written. Re-read it with read_content_lines or get_content and retry with the new sha256.`,
    'conflict',
    { expected_sha256: expected, current_sha256: current },
  );
}
