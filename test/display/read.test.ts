import { describe, expect, it } from 'vitest';
import { errorResult, extractMcpContent, isCallToolResult, resultText, successResult } from '../../packages/runtime/src/index.js';

describe('isCallToolResult', () => {
  it('accepts results built by the helpers and by hand', () => {
    expect(isCallToolResult(successResult('x', { a: 1 }))).toBe(true);
    expect(isCallToolResult(errorResult('x'))).toBe(true);
    expect(isCallToolResult({ content: [] })).toBe(true);
    expect(isCallToolResult({ content: [{ type: 'text', text: 'hi' }], _meta: {}, extra: 1 })).toBe(true);
  });

  it('rejects values that are not results', () => {
    for (const value of [null, undefined, 'text', 1, [], {}, { structuredContent: {} }, { content: 'x' }]) {
      expect(isCallToolResult(value)).toBe(false);
    }
  });

  it('rejects malformed content, structuredContent or isError', () => {
    expect(isCallToolResult({ content: [{ type: 'text' }] })).toBe(false);
    expect(isCallToolResult({ content: [{ type: 'bogus' }] })).toBe(false);
    expect(isCallToolResult({ content: [], structuredContent: [1] })).toBe(false);
    expect(isCallToolResult({ content: [], isError: 'yes' })).toBe(false);
  });
});

describe('resultText', () => {
  it('joins the text items with newlines, skipping other items', () => {
    expect(
      resultText({
        content: [
          { type: 'text', text: 'one' },
          { type: 'image', data: 'aGk=', mimeType: 'image/png' },
          { type: 'text', text: 'two' },
        ],
      }),
    ).toBe('one\ntwo');
  });

  it("returns '' when there is no text or no result", () => {
    expect(resultText({ content: [] })).toBe('');
    expect(resultText(null)).toBe('');
    expect(resultText('plain string')).toBe('');
    expect(resultText({ content: [null, 5, { type: 'text', text: 3 }] })).toBe('');
  });
});

describe('extractMcpContent', () => {
  it('returns text and structuredContent', () => {
    expect(extractMcpContent(successResult('Deleted a.ts', { path: 'a.ts' }))).toEqual({ text: 'Deleted a.ts', structured: { path: 'a.ts' } });
  });

  it('returns structured undefined when absent', () => {
    expect(extractMcpContent({ content: [{ type: 'text', text: 'hi' }] })).toEqual({ text: 'hi', structured: undefined });
  });

  it('returns null for non-results and results without text (seed Task 11)', () => {
    expect(extractMcpContent(null)).toBeNull();
    expect(extractMcpContent('str')).toBeNull();
    expect(extractMcpContent({ result: 1 })).toBeNull();
    expect(extractMcpContent({ content: 'x' })).toBeNull();
    expect(extractMcpContent({ content: [] })).toBeNull();
    expect(extractMcpContent({ content: [{ type: 'text', text: '' }] })).toBeNull();
  });

  it('joins several text blocks', () => {
    expect(extractMcpContent({ content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] })?.text).toBe('a\nb');
  });
});

describe('isCallToolResult agrees with the SDK schema (without loading it)', () => {
  // The runtime checks structurally; the SDK's zod CallToolResultSchema is the reference. Known
  // differences, by design: base64 data is not decoded, annotation values are not validated.
  const CASES: Array<[string, unknown]> = [
    ['helper result', successResult('x', { a: 1 })],
    ['error result', errorResult('boom')],
    ['empty content', { content: [] }],
    ['extra keys and _meta', { content: [{ type: 'text', text: 'hi' }], _meta: { trace: 1 }, extra: 1 }],
    ['image', { content: [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }] }],
    ['audio', { content: [{ type: 'audio', data: 'aGk=', mimeType: 'audio/wav' }] }],
    ['embedded text resource', { content: [{ type: 'resource', resource: { uri: 'file:///a', text: 'x' } }] }],
    ['embedded blob resource', { content: [{ type: 'resource', resource: { uri: 'file:///a', blob: 'aGk=' } }] }],
    ['resource link', { content: [{ type: 'resource_link', uri: 'file:///a', name: 'a' }] }],
    ['text with annotations', { content: [{ type: 'text', text: 'x', annotations: { priority: 0.5 } }] }],
    ['text without text', { content: [{ type: 'text' }] }],
    ['text with a number', { content: [{ type: 'text', text: 1 }] }],
    ['unknown block type', { content: [{ type: 'bogus' }] }],
    ['block without type', { content: [{ text: 'x' }] }],
    ['null block', { content: [null] }],
    ['image without mimeType', { content: [{ type: 'image', data: 'aGk=' }] }],
    ['resource without uri', { content: [{ type: 'resource', resource: { text: 'x' } }] }],
    ['resource without text or blob', { content: [{ type: 'resource', resource: { uri: 'file:///a' } }] }],
    ['resource link without name', { content: [{ type: 'resource_link', uri: 'file:///a' }] }],
    ['array structuredContent', { content: [], structuredContent: [1] }],
    ['string structuredContent', { content: [], structuredContent: 'x' }],
    ['string isError', { content: [], isError: 'yes' }],
    ['array _meta', { content: [], _meta: [] }],
    ['annotations not an object', { content: [{ type: 'text', text: 'x', annotations: 'high' }] }],
  ];

  it.each(CASES)('%s', async (_name, value) => {
    const { CallToolResultSchema } = await import('@modelcontextprotocol/sdk/types.js');
    const hasContent = typeof value === 'object' && value !== null && Array.isArray((value as { content?: unknown }).content);
    expect(isCallToolResult(value)).toBe(hasContent && CallToolResultSchema.safeParse(value).success);
  });
});
