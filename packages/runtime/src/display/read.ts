/**
 * Readers for tool results as a client receives them: detect a CallToolResult and pull out
 * its text and structured data.
 */
import type { CallToolResultLike } from '../results/types.js';

interface ContentCarrier {
  content: unknown[];
  structuredContent?: unknown;
  isError?: unknown;
  _meta?: unknown;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasContentArray(value: unknown): value is ContentCarrier {
  return isObject(value) && Array.isArray(value.content);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isOptionalObject = (value: unknown): boolean => value === undefined || isObject(value);

function isResourceContents(value: unknown): boolean {
  return isObject(value) && isString(value.uri) && (isString(value.text) || isString(value.blob));
}

/** The fields each content block kind of the MCP specification requires. */
const CONTENT_BLOCK_CHECKS: Record<string, (block: Record<string, unknown>) => boolean> = {
  text: (block) => isString(block.text),
  image: (block) => isString(block.data) && isString(block.mimeType),
  audio: (block) => isString(block.data) && isString(block.mimeType),
  resource: (block) => isResourceContents(block.resource),
  resource_link: (block) => isString(block.uri) && isString(block.name),
};

function isContentBlock(value: unknown): boolean {
  if (!isObject(value) || !isString(value.type)) return false;
  const check = Object.hasOwn(CONTENT_BLOCK_CHECKS, value.type) ? CONTENT_BLOCK_CHECKS[value.type] : undefined;
  return check !== undefined && check(value) && isOptionalObject(value.annotations) && isOptionalObject(value._meta);
}

/**
 * True when `value` is a valid CallToolResult: a `content` array of known content blocks with
 * their required fields, an object `structuredContent` and a boolean `isError` when present.
 * A structural check (the runtime loads no SDK and no schema library); it does not decode base64
 * data or validate annotation values. An explicit `content` array is required: the SDK defaults a
 * missing one to `[]`, which would make any object qualify.
 */
export function isCallToolResult(value: unknown): value is CallToolResultLike {
  return (
    hasContentArray(value) &&
    value.content.every(isContentBlock) &&
    isOptionalObject(value.structuredContent) &&
    (value.isError === undefined || typeof value.isError === 'boolean') &&
    isOptionalObject(value._meta)
  );
}

function textItems(result: ContentCarrier): string[] {
  const texts: string[] = [];
  for (const item of result.content) {
    if (typeof item !== 'object' || item === null) continue;
    const { type, text } = item as { type?: unknown; text?: unknown };
    if (type === 'text' && typeof text === 'string') texts.push(text);
  }
  return texts;
}

/**
 * The text items of a result joined with newlines; `''` when there are none or `result` is not
 * result-shaped. Lenient on purpose: a display should show what it can.
 */
export function resultText(result: unknown): string {
  return hasContentArray(result) ? textItems(result).join('\n') : '';
}

/**
 * `{ text, structured }` for a result-shaped value with some text, else `null` (render the raw
 * value instead). `structured` is the result's structuredContent, `undefined` when absent.
 */
export function extractMcpContent(result: unknown): { text: string; structured: unknown } | null {
  if (!hasContentArray(result)) return null;
  const text = textItems(result).join('\n');
  if (text === '') return null;
  return { text, structured: result.structuredContent };
}
