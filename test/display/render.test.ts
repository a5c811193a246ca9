import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { renderAnsi, renderHtml } from '../../packages/runtime/src/index.js';

const c = pc.createColors(true);
// eslint-disable-next-line no-control-regex
const stripAnsi = (s: string): string => s.replace(/\u001b\[\d+m/g, '');

describe('renderAnsi', () => {
  it('colours each line by its kind', () => {
    const text = ['Updated a.ts', '', '-  old', '+  new', 'a.ts:1: m', 'Error: x', '✓ ok', 'plain'].join('\n');
    expect(renderAnsi(text).split('\n')).toEqual([
      c.blue('Updated a.ts'),
      '',
      c.red('-  old'),
      c.green('+  new'),
      c.cyan('a.ts:1: m'),
      c.red('Error: x'),
      c.green('✓ ok'),
      'plain',
    ]);
  });

  it('keeps the colour across a colour reset inside the line, as picocolors does', () => {
    const line = '+ added \u001b[39mreset inside';
    expect(renderAnsi(line)).toBe(c.green(line));
    expect(renderAnsi(line)).toBe('\u001b[32m+ added \u001b[32mreset inside\u001b[39m');
  });

  it('emits ANSI codes regardless of the environment', () => {
    expect(renderAnsi('+x')).toBe('\u001b[32m+x\u001b[39m');
  });

  it('keeps the text when codes are stripped, dropping CR from CRLF', () => {
    const text = 'Found 1 match\r\n\r\na.ts:1: ü 🎉';
    expect(stripAnsi(renderAnsi(text))).toBe('Found 1 match\n\na.ts:1: ü 🎉');
  });

  it('rejects non-strings', () => {
    expect(() => renderAnsi(null as unknown as string)).toThrow('renderAnsi: text must be a string, got null');
  });
});

describe('renderHtml', () => {
  it('wraps one classed span per line in a pre', () => {
    expect(renderHtml('Updated a.ts\n\n+  x')).toBe(
      '<pre class="mrk-output"><span class="mrk-line mrk-status">Updated a.ts</span>\n' +
        '<span class="mrk-line mrk-plain"></span>\n' +
        '<span class="mrk-line mrk-added">+  x</span></pre>',
    );
  });

  it('escapes HTML in the text', () => {
    const out = renderHtml(`Error: <script>alert("x" & 'y')</script>`);
    expect(out).toBe(
      '<pre class="mrk-output"><span class="mrk-line mrk-error">Error: &lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;</span></pre>',
    );
    expect(out).not.toContain('<script>');
  });

  it('classifies before escaping (a line starting with < stays plain, not broken)', () => {
    expect(renderHtml('<b>')).toBe('<pre class="mrk-output"><span class="mrk-line mrk-plain">&lt;b&gt;</span></pre>');
  });

  it('handles empty text and CRLF', () => {
    expect(renderHtml('')).toBe('<pre class="mrk-output"><span class="mrk-line mrk-plain"></span></pre>');
    expect(renderHtml('a\r\nb')).not.toContain('\r');
  });

  it('rejects non-strings', () => {
    expect(() => renderHtml(5 as unknown as string)).toThrow('renderHtml: text must be a string, got number');
  });
});
