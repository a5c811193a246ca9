/** What a raw tools/call result holds, read the same way by the judge and the comparison. */
import type { Json, JsonObject } from './types.js';

export interface ResultView {
  /** `result`: an object with a content array; `string`: a raw string; `other`: anything else (a plain object, a number, null). */
  shape: 'result' | 'string' | 'other';
  /** The text items' texts (a raw string is its own one text). */
  texts: string[];
  /** The texts joined by newlines: what a model reads. */
  text: string;
  isError: boolean;
  /** Absent when the result has none. */
  structuredContent?: Json;
  /** The content items that are not text (images, resources), for comparison. */
  otherContent: Json[];
  /** The content array was there and empty. */
  emptyContent: boolean;
}

export const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

export function viewResult(raw: Json): ResultView {
  if (typeof raw === 'string') return { shape: 'string', texts: [raw], text: raw, isError: false, otherContent: [], emptyContent: false };
  if (!isObject(raw) || !Array.isArray(raw.content)) {
    return { shape: 'other', texts: [], text: '', isError: isObject(raw) && raw.isError === true, otherContent: [], emptyContent: false };
  }
  const texts: string[] = [];
  const otherContent: Json[] = [];
  for (const item of raw.content) {
    if (isObject(item) && item.type === 'text' && typeof item.text === 'string') texts.push(item.text);
    else otherContent.push(item);
  }
  return {
    shape: 'result',
    texts,
    text: texts.join('\n'),
    isError: raw.isError === true,
    ...('structuredContent' in raw && raw.structuredContent !== undefined ? { structuredContent: raw.structuredContent } : {}),
    otherContent,
    emptyContent: raw.content.length === 0,
  };
}

/** The first line of a text, shortened for a message. */
export function excerpt(text: string, max = 80): string {
  const line = text.trim().split('\n')[0] ?? '';
  return JSON.stringify(line.length > max ? `${line.slice(0, max - 1)}…` : line);
}
