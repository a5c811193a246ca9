import { describe, expect, it } from 'vitest';
import { formatDiff } from '../../packages/runtime/src/index.js';
import { formatUnifiedDiff } from '../../packages/runtime/src/unified-diff.js';

describe('formatDiff', () => {
  it('produces the exact layout', () => {
    expect(formatDiff('a.ts', ['return null;'], ['return value;', 'log();'])).toBe(
      'Updated a.ts\n\n-  return null;\n+  return value;\n+  log();',
    );
  });

  it('keeps each line exactly after its marker: indentation, tabs and trailing spaces', () => {
    expect(formatDiff('a.py', ['    if x:', '\t\treturn 1 '], ['        return 2'])).toBe(
      'Updated a.py\n\n-      if x:\n-  \t\treturn 1 \n+          return 2',
    );
  });

  it('returns only the header when nothing is listed', () => {
    expect(formatDiff('a.ts', [], [])).toBe('Updated a.ts');
  });

  it('shows pure additions and removals', () => {
    expect(formatDiff('a.ts', [], ['x'])).toBe('Updated a.ts\n\n+  x');
    expect(formatDiff('a.ts', ['x'], [])).toBe('Updated a.ts\n\n-  x');
  });

  it('splits multi-line elements, including CRLF, without leaving \\r', () => {
    expect(formatDiff('a.ts', ['a\r\nb'], ['c\nd'])).toBe('Updated a.ts\n\n-  a\n-  b\n+  c\n+  d');
  });

  it('keeps unicode', () => {
    expect(formatDiff('é.txt', ['naïve'], ['日本 🎉'])).toBe('Updated é.txt\n\n-  naïve\n+  日本 🎉');
  });

  it('rejects bad input', () => {
    expect(() => formatDiff(1 as unknown as string, [], [])).toThrow('formatDiff: path must be a string, got number');
    expect(() => formatDiff('a', 'x' as unknown as string[], [])).toThrow('formatDiff: oldLines must be an array of strings, got string');
    expect(() => formatDiff('a', [], [null] as unknown as string[])).toThrow('formatDiff: newLines[0] must be a string, got null');
  });
});

describe('formatUnifiedDiff', () => {
  it('produces a/ b/ headers and real hunks', () => {
    expect(formatUnifiedDiff('src/a.ts', 'one\ntwo\nthree\n', 'one\nTWO\nthree\n')).toBe(
      ['--- a/src/a.ts', '+++ b/src/a.ts', '@@ -1,3 +1,3 @@', ' one', '-two', '+TWO', ' three'].join('\n'),
    );
  });

  it('says No changes for identical input', () => {
    expect(formatUnifiedDiff('a.ts', 'same\n', 'same\n')).toBe('No changes to a.ts');
    expect(formatUnifiedDiff('a.ts', '', '')).toBe('No changes to a.ts');
  });

  it('uses 3 context lines by default and honours context', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const after = before.replace('line 10\n', 'line ten\n');
    const def = formatUnifiedDiff('f', before, after);
    expect(def).toContain('@@ -7,7 +7,7 @@');
    expect(def).not.toContain(' line 6\n');
    const zero = formatUnifiedDiff('f', before, after, { context: 0 });
    expect(zero.split('\n').slice(2)).toEqual(['@@ -10,1 +10,1 @@', '-line 10', '+line ten']);
  });

  it('splits far-apart changes into separate hunks', () => {
    const before = Array.from({ length: 30 }, (_, i) => `l${i}`).join('\n') + '\n';
    const after = before.replace('l2\n', 'L2\n').replace('l27\n', 'L27\n');
    expect(formatUnifiedDiff('f', before, after).match(/^@@/gm)).toHaveLength(2);
  });

  it('handles file creation and deletion', () => {
    expect(formatUnifiedDiff('n.ts', '', 'a\nb\n')).toBe('--- a/n.ts\n+++ b/n.ts\n@@ -0,0 +1,2 @@\n+a\n+b');
    expect(formatUnifiedDiff('n.ts', 'a\n', '')).toBe('--- a/n.ts\n+++ b/n.ts\n@@ -1,1 +0,0 @@\n-a');
  });

  it('marks a missing final newline', () => {
    expect(formatUnifiedDiff('f', 'a', 'a\n')).toContain('\\ No newline at end of file');
  });

  it('normalizes CRLF so only real changes show', () => {
    const out = formatUnifiedDiff('w.txt', 'a\r\nb\r\nc\r\n', 'a\nB\nc\n');
    expect(out).toBe('--- a/w.txt\n+++ b/w.txt\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c');
    expect(out).not.toContain('\r');
  });

  it('reports line-ending-only changes', () => {
    expect(formatUnifiedDiff('w.txt', 'a\r\nb\r\n', 'a\nb\n')).toBe('Line endings changed in w.txt (content unchanged)');
  });

  it('handles unicode', () => {
    expect(formatUnifiedDiff('u.md', 'héllo\n', 'héllo 🎉\n')).toContain('-héllo\n+héllo 🎉');
  });

  it('rejects bad input', () => {
    expect(() => formatUnifiedDiff('f', 1 as unknown as string, '')).toThrow('formatUnifiedDiff: before must be a string, got number');
    expect(() => formatUnifiedDiff('f', '', '', { context: -1 })).toThrow(new RangeError('formatUnifiedDiff: context must be >= 0, got -1'));
    expect(() => formatUnifiedDiff('f', '', '', { context: 1.5 })).toThrow('formatUnifiedDiff: context must be an integer, got number 1.5');
  });
});
