/**
 * Readers for tool results as a client receives them: detect a CallToolResult and pull out
 * its text and structured data.
 */
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

interface ContentCarrier {
  content: unknown[];
  structuredContent?: unknown;
}

function hasContentArray(value: unknown): value is ContentCarrier {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Array.isArray((value as { content?: unknown }).content)
  );
}

/**
 * True when `value` is a valid CallToolResult. The SDK schema defaults a missing `content` to
 * `[]`, so an explicit `content` array is required too; otherwise any object would qualify.
 */
export function isCallToolResult(value: unknown): value is CallToolResult {
  return hasContentArray(value) && CallToolResultSchema.safeParse(value).success;
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
