import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FOOTER_SEPARATOR, formatFileContent } from '../../packages/runtime/src/index.js';

describe('formatFileContent', () => {
  it('colon style: path header, numbers right-aligned to at least 4', () => {
    expect(formatFileContent('a.py', 'x = 1\n\ny = 2')).toBe('a.py\n   1: x = 1\n   2: \n   3: y = 2');
  });

  it('does not number the empty remainder after a trailing newline', () => {
    expect(formatFileContent('a.py', 'x\ny\n')).toBe('a.py\n   1: x\n   2: y');
    expect(formatFileContent('a.py', 'x\n\n')).toBe('a.py\n   1: x\n   2: ');
  });

  it('widens past line 9999', () => {
    const out = formatFileContent('big.ts', 'a\nb\nc', { startLine: 9998 });
    expect(out.split('\n').slice(1)).toEqual([' 9998: a', ' 9999: b', '10000: c']);
    expect(formatFileContent('big.ts', 'z', { startLine: 123456 })).toBe('big.ts\n123456: z');
  });

  it('shows (empty) for empty content', () => {
    expect(formatFileContent('e.txt', '')).toBe('e.txt\n(empty)');
    expect(formatFileContent('e.txt', '', { style: 'arrow' })).toBe('(empty)');
  });

  it('treats CRLF as line breaks', () => {
    const out = formatFileContent('w.txt', 'a\r\nb\r\n');
    expect(out).toBe('w.txt\n   1: a\n   2: b');
    expect(out).not.toContain('\r');
  });

  it('arrow style: 6-wide numbers and →, content first', () => {
    expect(formatFileContent('r.py', '#!/usr/bin/env python3\n"""', { style: 'arrow' })).toBe(
      '     1→#!/usr/bin/env python3\n     2→"""',
    );
    expect(formatFileContent('r.py', 'x', { style: 'arrow', startLine: 40 })).toBe('    40→x');
    expect(formatFileContent('r.py', 'x', { style: 'arrow', startLine: 1234567 })).toBe('1234567→x');
  });

  it('footer: true computes lines, UTF-8 size and sha256 from the content', () => {
    const content = 'héllo\nwörld 🎉\n';
    const sha = createHash('sha256').update(content, 'utf8').digest('hex');
    const out = formatFileContent('u/response.py', content, { style: 'arrow', footer: true });
    expect(out).toBe(
      [
        '     1→héllo',
        '     2→wörld 🎉',
        '',
        FOOTER_SEPARATOR,
        'path: u/response.py | lines: 2 | size: 19',
        `sha256: ${sha}`,
      ].join('\n'),
    );
    expect(Buffer.byteLength(content)).toBe(19);
    expect(FOOTER_SEPARATOR).toBe('─'.repeat(63));
  });

  it('footer object shows exactly the fields given', () => {
    const out = formatFileContent('a.ts', 'x', { startLine: 40, footer: { totalLines: 818, size: 30150 } });
    expect(out.split('\n').slice(-2)).toEqual([FOOTER_SEPARATOR, 'path: a.ts | lines: 818 | size: 30150']);
    expect(formatFileContent('a.ts', 'x', { footer: { sha256: 'abc' } }).split('\n').slice(-2)).toEqual(['path: a.ts', 'sha256: abc']);
    expect(formatFileContent('a.ts', 'x', { footer: false })).toBe('a.ts\n   1: x');
  });

  it('colon style with footer keeps the header', () => {
    const out = formatFileContent('a.ts', 'x', { footer: true });
    expect(out.startsWith('a.ts\n   1: x\n\n─')).toBe(true);
  });

  it('keeps unicode and tabs in lines', () => {
    expect(formatFileContent('日本.txt', '\tこんにちは')).toBe('日本.txt\n   1: \tこんにちは');
  });

  it('rejects bad input', () => {
    expect(() => formatFileContent('a', 5 as unknown as string)).toThrow('formatFileContent: content must be a string, got number');
    expect(() => formatFileContent('a', 'x', { startLine: 0 })).toThrow(new RangeError('formatFileContent: startLine must be >= 1, got 0'));
    expect(() => formatFileContent('a', 'x', { style: 'pipe' as 'colon' })).toThrow(
      `formatFileContent: style must be 'colon' or 'arrow', got "pipe"`,
    );
    expect(() => formatFileContent('a', 'x', { footer: 'yes' as unknown as boolean })).toThrow(
      'formatFileContent: footer must be a boolean or an object, got string',
    );
    expect(() => formatFileContent('a', 'x', { footer: { size: -1 } })).toThrow('footer.size must be >= 0');
  });
});
