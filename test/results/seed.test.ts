// Ports of the seed plan's TestSuccessResult and TestErrorResult (Task 1), same inputs and
// expectations. "isinstance(result, CallToolResult)" becomes "parses under the SDK schema".
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { errorResult, successResult } from '../../packages/runtime/src/index.js';

describe('TestSuccessResult', () => {
  it('returns a CallToolResult', () => {
    const result = successResult('Test message', { key: 'value' });
    expect(CallToolResultSchema.safeParse(result).success).toBe(true);
  });

  it('has content as a list of TextContent', () => {
    const result = successResult('Hello world', { data: 123 });
    expect(result.content).toHaveLength(1);
    expect(result.content[0].type).toBe('text');
    expect(result.content[0]).toEqual({ type: 'text', text: 'Hello world' });
  });

  it('preserves structuredContent', () => {
    const data = { success: true, count: 42, items: ['a', 'b'] };
    const result = successResult('Display text', data);
    expect(result.structuredContent).toEqual(data);
  });

  // The seed plan asked for isError false; a success now carries no isError at all (absent means
  // false in the protocol), so that it also fits a server's own `isError?: true` result type.
  it('is not an error: no isError at all', () => {
    expect(successResult('OK', {})).not.toHaveProperty('isError');
  });
});

describe('TestErrorResult', () => {
  it('returns a CallToolResult', () => {
    expect(CallToolResultSchema.safeParse(errorResult('Something went wrong')).success).toBe(true);
  });

  it("prefixes content with 'Error:'", () => {
    expect(errorResult('File not found').content[0]).toEqual({ type: 'text', text: 'Error: File not found' });
  });

  it('puts the error in structuredContent', () => {
    expect(errorResult('Invalid input').structuredContent).toEqual({ error: 'Invalid input' });
  });

  it('merges extra data into structuredContent', () => {
    const result = errorResult('Not unique', { match_count: 3, locations: [1, 5, 9] });
    expect(result.structuredContent?.error).toBe('Not unique');
    expect(result.structuredContent?.match_count).toBe(3);
    expect(result.structuredContent?.locations).toEqual([1, 5, 9]);
  });

  it('has isError true', () => {
    expect(errorResult('Oops').isError).toBe(true);
  });
});
