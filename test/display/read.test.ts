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
