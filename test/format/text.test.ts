import { describe, expect, it } from 'vitest';
import { formatSections, truncateList, truncateText, type Section } from '../../packages/runtime/src/index.js';

describe('truncateText', () => {
  it('returns short text unchanged', () => {
    expect(truncateText('short')).toBe('short');
    expect(truncateText('x'.repeat(200))).toBe('x'.repeat(200));
    expect(truncateText('')).toBe('');
  });

  it('defaults to 200 characters, ending with …', () => {
    const out = truncateText('x'.repeat(500));
    expect(out).toBe(`${'x'.repeat(199)}…`);
    expect(Array.from(out)).toHaveLength(200);
  });

  it('cuts at a word boundary near the limit', () => {
    expect(truncateText('the quick brown fox jumps over the lazy dog', 20)).toBe('the quick brown fox…');
    expect(truncateText('alpha beta gamma', 12)).toBe('alpha beta…');
  });

  it('cuts mid-word when the last boundary is too far back', () => {
    const text = `a ${'b'.repeat(100)}`;
    expect(truncateText(text, 50)).toBe(`a ${'b'.repeat(47)}…`);
  });

  it('never exceeds max and never splits a surrogate pair', () => {
    const emoji = '🎉'.repeat(30);
    const out = truncateText(emoji, 10);
    expect(out).toBe(`${'🎉'.repeat(9)}…`);
    expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    for (const max of [1, 2, 5, 37, 199]) {
      expect(Array.from(truncateText('lorem ipsum dolor sit amet '.repeat(20), max)).length).toBeLessThanOrEqual(max);
    }
  });

  it('handles max 1 and whitespace-only prefixes', () => {
    expect(truncateText('abc', 1)).toBe('…');
    expect(truncateText('     xxxxxxxxxxxxxxxx', 4)).toBe('   …');
  });

  it('rejects bad input', () => {
    expect(() => truncateText(1 as unknown as string)).toThrow('truncateText: text must be a string, got number');
    expect(() => truncateText('x', 0)).toThrow(new RangeError('truncateText: max must be >= 1, got 0'));
    expect(() => truncateText('x', 2.5)).toThrow('truncateText: max must be an integer');
  });
});

describe('truncateList', () => {
  it('keeps lists within the limit (as a copy)', () => {
    const items = ['a', 'b'];
    const out = truncateList(items);
    expect(out).toEqual(['a', 'b']);
    expect(out).not.toBe(items);
    expect(truncateList(['1', '2', '3', '4', '5'])).toHaveLength(5);
  });

  it('defaults to 5 and adds ... (+N more)', () => {
    expect(truncateList(['1', '2', '3', '4', '5', '6', '7'])).toEqual(['1', '2', '3', '4', '5', '... (+2 more)']);
  });

  it('honours max, including 0', () => {
    expect(truncateList(['a', 'b', 'c'], 1)).toEqual(['a', '... (+2 more)']);
    expect(truncateList(['a', 'b'], 0)).toEqual(['... (+2 more)']);
    expect(truncateList([], 0)).toEqual([]);
  });

  it('rejects bad input', () => {
    expect(() => truncateList('abc' as unknown as string[])).toThrow('truncateList: items must be an array of strings, got string');
    expect(() => truncateList(['a'], -1)).toThrow('truncateList: max must be >= 0, got -1');
  });
});

describe('formatSections', () => {
  it('renders == Title == headers in order, separated by blank lines', () => {
    expect(
      formatSections([
        { title: 'delegate_run', lines: ['status: completed (1200 ms)', 'run_dir: /tmp/run'] },
        { title: 'Summary', body: 'Refactored the parser.' },
        { title: 'Next actions', lines: ['- run tests'] },
      ]),
    ).toBe(
      [
        '== delegate_run ==',
        'status: completed (1200 ms)',
        'run_dir: /tmp/run',
        '',
        '== Summary ==',
        'Refactored the parser.',
        '',
        '== Next actions ==',
        '- run tests',
      ].join('\n'),
    );
  });

  it('puts the body before the lines', () => {
    expect(formatSections([{ title: 'T', body: 'para\n', lines: ['x'] }])).toBe('== T ==\npara\nx');
  });

  it('skips empty sections deterministically', () => {
    const sections: Section[] = [
      { title: 'Empty' },
      { title: 'Blank body', body: '  \n ' },
      { title: 'No lines', lines: [] },
      { title: 'Kept', lines: [''] },
    ];
    expect(formatSections(sections)).toBe('== Kept ==\n');
    expect(formatSections([])).toBe('');
    expect(formatSections([{ title: 'x' }])).toBe('');
  });

  it('composes with truncateList', () => {
    expect(formatSections([{ title: 'Deliverables', lines: truncateList(['a', 'b', 'c'], 2) }])).toBe(
      '== Deliverables ==\na\nb\n... (+1 more)',
    );
  });

  it('rejects bad input', () => {
    expect(() => formatSections({} as unknown as Section[])).toThrow('formatSections: sections must be an array, got object');
    expect(() => formatSections([{ title: 3 } as unknown as Section])).toThrow('formatSections: sections[0].title must be a string, got number');
    expect(() => formatSections([{ title: 't', lines: 'x' } as unknown as Section])).toThrow(
      'formatSections: sections[0].lines must be an array of strings, got string',
    );
    expect(() => formatSections([undefined as unknown as Section])).toThrow('formatSections: sections[0] must be an object, got undefined');
  });
});
