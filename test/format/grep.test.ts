import { describe, expect, it } from 'vitest';
import { formatGrepMatches, type GrepMatch } from '../../packages/runtime/src/index.js';

describe('formatGrepMatches', () => {
  it('produces the exact grep layout', () => {
    const out = formatGrepMatches(
      [
        { path: 'src/auth.ts', line_number: 45, match: '  export function getUser(id) {' },
        { path: 'src/models.ts', line_number: 12, match: 'const user = getUser(uid);' },
      ],
      'getUser',
    );
    expect(out).toBe(
      [
        "Found 2 matches for 'getUser'",
        '',
        'src/auth.ts:45:  export function getUser(id) {',
        'src/models.ts:12:const user = getUser(uid);',
      ].join('\n'),
    );
  });

  it('empty result names the pattern', () => {
    expect(formatGrepMatches([], 'x+y')).toBe('No matches found for pattern: x+y');
  });

  it('shows context lines as path-line- text around the match', () => {
    const out = formatGrepMatches(
      [
        {
          path: 'wf/agents.py',
          line_number: 45,
          match: 'async def get_agents(client_id: str) -> list[dict]:',
          context_before: ['', '@workflow(is_tool=True)'],
          context_after: ['    """Get all agents."""'],
        },
      ],
      'def get_.*agent',
    );
    expect(out.split('\n').slice(2)).toEqual([
      'wf/agents.py-43-',
      'wf/agents.py-44-@workflow(is_tool=True)',
      'wf/agents.py:45:async def get_agents(client_id: str) -> list[dict]:',
      'wf/agents.py-46-    """Get all agents."""',
    ]);
  });

  it('never numbers context before line 1', () => {
    const out = formatGrepMatches([{ path: 'a.ts', line_number: 2, match: 'm', context_before: ['x', 'y', 'z'] }], 'm');
    expect(out.split('\n').slice(2)).toEqual(['a.ts-1-z', 'a.ts:2:m']);
    const first = formatGrepMatches([{ path: 'a.ts', line_number: 1, match: 'm', context_before: ['x'] }], 'm');
    expect(first.split('\n').slice(2)).toEqual(['a.ts:1:m']);
  });

  it('does not show entity_type (grep layout stays parseable)', () => {
    const out = formatGrepMatches([{ path: 'a.py', line_number: 1, match: 'x', entity_type: 'workflow' }], 'x');
    expect(out).toBe("Found 1 match for 'x'\n\na.py:1:x");
  });

  it('keeps each match on one line, also with CRLF inside', () => {
    const out = formatGrepMatches([{ path: 'a.txt', line_number: 3, match: 'first\r\nsecond' }], 'first');
    expect(out.split('\n')).toHaveLength(3);
    expect(out).toContain('a.txt:3:first ⏎ second');
    expect(out).not.toContain('\r');
  });

  it('handles unicode paths, patterns and text', () => {
    const out = formatGrepMatches([{ path: 'docs/日本.md', line_number: 7, match: '  naïve café 🎉 ' }], 'café');
    expect(out).toBe("Found 1 match for 'café'\n\ndocs/日本.md:7:  naïve café 🎉 ");
  });

  it('prints a blank line as it is, and an empty one as the bare prefix', () => {
    expect(formatGrepMatches([{ path: 'a', line_number: 1, match: '   ' }], '^')).toBe("Found 1 match for '^'\n\na:1:   ");
    expect(formatGrepMatches([{ path: 'a', line_number: 1, match: '' }], '^')).toBe("Found 1 match for '^'\n\na:1:");
  });

  it('shows every line exactly as in the file: indentation, tabs and trailing spaces', () => {
    const out = formatGrepMatches(
      [{ path: 'a.py', line_number: 3, match: '        return 1', context_before: ['\tif x:'], context_after: ['    return 0  '] }],
      'return 1',
    );
    expect(out.split('\n').slice(2)).toEqual(['a.py-2-\tif x:', 'a.py:3:        return 1', 'a.py-4-    return 0  ']);
  });

  it('rejects bad input with the offending field', () => {
    expect(() => formatGrepMatches('x' as unknown as GrepMatch[], 'p')).toThrow(
      new TypeError('formatGrepMatches: matches must be an array, got string'),
    );
    expect(() => formatGrepMatches([], 1 as unknown as string)).toThrow('formatGrepMatches: pattern must be a string, got number');
    expect(() => formatGrepMatches([null as unknown as GrepMatch], 'p')).toThrow('formatGrepMatches: matches[0] must be an object, got null');
    expect(() => formatGrepMatches([{ path: 'a', line_number: 0, match: '' }], 'p')).toThrow(
      new RangeError('formatGrepMatches: matches[0].line_number must be >= 1, got 0'),
    );
    expect(() => formatGrepMatches([{ path: 'a', line_number: '3' as unknown as number, match: '' }], 'p')).toThrow(
      'matches[0].line_number must be an integer, got string',
    );
    expect(() => formatGrepMatches([{ path: 'a', line_number: 1, match: '', context_after: [1] as unknown as string[] }], 'p')).toThrow(
      'matches[0].context_after[0] must be a string, got number',
    );
  });
});
