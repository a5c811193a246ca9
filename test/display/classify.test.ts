import { describe, expect, it } from 'vitest';
import { classifyLine, formatDiff, formatGrepMatches, LINE_KINDS, type LineKind } from '../../packages/runtime/src/index.js';

describe('classifyLine', () => {
  const cases: [string, LineKind][] = [
    ['+  return x', 'added'],
    ['+++ b/a.ts', 'added'],
    ['-  return None', 'removed'],
    ['--- a/a.ts', 'removed'],
    ['src/auth.py:45: def get_user(id):', 'grep'],
    ['src/my-file.ts:3: x', 'grep'],
    ['Updated src/auth.py', 'status'],
    ['Deleted a.ts', 'status'],
    ['Created a.ts', 'status'],
    ["Found 2 matches for 'x'", 'status'],
    ['Error: File not found', 'error'],
    ['✗ Workflow failed', 'error'],
    ['✓ Workflow completed', 'success'],
    ['', 'plain'],
    ['   1: line', 'plain'],
    ['@@ -1,3 +1,3 @@', 'plain'],
    ['Updating', 'plain'],
    ['error: lowercase', 'plain'],
    ['src/a.ts-44- context', 'plain'],
  ];
  for (const [line, kind] of cases) {
    it(`${JSON.stringify(line)} is ${kind}`, () => expect(classifyLine(line)).toBe(kind));
  }

  it('applies the seed order: diff prefixes win over later patterns', () => {
    expect(classifyLine('-Error: x')).toBe('removed');
    expect(classifyLine('+✓')).toBe('added');
    expect(classifyLine('a.ts:1: Error: x')).toBe('grep');
    expect(classifyLine('Found x.ts:1:')).toBe('status');
  });

  it('classifies formatter output as expected', () => {
    const grep = formatGrepMatches([{ path: 'a.ts', line_number: 1, match: 'x' }], 'x').split('\n');
    expect(grep.map(classifyLine)).toEqual(['status', 'plain', 'grep']);
    const diff = formatDiff('a.ts', ['a'], ['b']).split('\n');
    expect(diff.map(classifyLine)).toEqual(['status', 'plain', 'removed', 'added']);
  });

  it('exposes every kind', () => {
    expect(LINE_KINDS).toEqual(['added', 'removed', 'grep', 'status', 'error', 'success', 'plain']);
  });
});
