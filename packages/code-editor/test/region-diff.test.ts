/**
 * patch_content's diff: only the edited regions, numbered as in the whole file. The oracle is
 * the `diff` package's applyPatch: the diff applied to the whole old file must give the new one.
 */
import { applyPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { planPatch } from '../src/patch.js';
import { regionDiff } from '../src/region-diff.js';

function diffOf(raw: string, oldString: string, newString: string, replaceAll = false): { diff: string; after: string } {
  const plan = planPatch(raw, oldString, newString, replaceAll);
  if (plan.kind !== 'applied') throw new Error(`patch did not apply: ${plan.kind}`);
  const diff = regionDiff({ path: 'src/f.ts', text: plan.viewText, offsets: plan.viewOffsets, lines: plan.lines, oldText: plan.oldText, newText: plan.newText });
  return { diff, after: plan.content };
}

const numbered = (count: number): string => Array.from({ length: count }, (_, index) => `line ${index + 1}`).join('\n') + '\n';

describe('regionDiff', () => {
  it('shows the edited line with three lines of context, numbered as in the file', () => {
    const { diff } = diffOf(numbered(100), 'line 50\n', 'line fifty\nline fifty-one\n');
    expect(diff).toBe(
      ['--- a/src/f.ts', '+++ b/src/f.ts', '@@ -47,7 +47,8 @@', ' line 47', ' line 48', ' line 49', '-line 50', '+line fifty', '+line fifty-one', ' line 51', ' line 52', ' line 53'].join('\n'),
    );
  });

  it.each([
    ['the first line', 'line 1\n', 'first\n'],
    ['the last line', 'line 30\n', 'last\n'],
    ['the final newline', 'line 30\n', 'line 30'],
    ['a multi-line block', 'line 10\nline 11\nline 12\n', 'block\n'],
    ['part of a line', 'ne 7', 'NE SEVEN'],
  ])('applies back onto the whole file: %s', (_, oldString, newString) => {
    const before = numbered(30);
    const { diff, after } = diffOf(before, oldString, newString);
    expect(applyPatch(before, diff)).toBe(after);
  });

  it('numbers later regions after the lines earlier replacements added', () => {
    const before = numbered(60).replace('line 5\n', 'target\n').replace('line 40\n', 'target\n');
    const { diff, after } = diffOf(before, 'target\n', 'one\ntwo\n', true);
    expect(diff.split('\n').filter((line) => line.startsWith('@@'))).toEqual(['@@ -2,7 +2,8 @@', '@@ -37,7 +38,8 @@']);
    expect(applyPatch(before, diff)).toBe(after);
  });

  it('merges replacements whose context overlaps into one hunk', () => {
    const before = numbered(30).replace('line 10\n', 'x\n').replace('line 14\n', 'x\n');
    const { diff, after } = diffOf(before, 'x\n', 'y\n', true);
    expect(diff.split('\n').filter((line) => line.startsWith('@@'))).toEqual(['@@ -7,11 +7,11 @@']);
    expect(applyPatch(before, diff)).toBe(after);
  });

  it('shows the first five regions of a replace_all and says how many more there are', () => {
    const before = Array.from({ length: 8 }, (_, index) => `target ${index}\n${numbered(10)}`).join('');
    const { diff } = diffOf(before, 'target', 'hit', true);
    expect(diff.split('\n').filter((line) => line.startsWith('@@'))).toHaveLength(5);
    expect(diff.endsWith('\n… and 3 more edited region(s) not shown')).toBe(true);
  });

  it('cuts a huge replacement at 60 diff lines, with a header that matches what is shown', () => {
    const inserted = Array.from({ length: 200 }, (_, index) => `new ${index}\n`).join('');
    const { diff } = diffOf(numbered(10), 'line 5\n', inserted);
    const lines = diff.split('\n');
    expect(lines.at(-1)).toBe('… diff cut at 60 lines; read_content_lines shows the result');
    // 3 lines of context, the removed line and the first 56 added ones.
    expect(lines[2]).toBe('@@ -2,4 +2,59 @@');
    expect(lines.slice(3, -1)).toHaveLength(60);
    expect(lines[62]).toBe('+new 55');
  });

  it('diffs a CRLF file in LF, so only the edit shows', () => {
    const before = numbered(10).replace(/\n/g, '\r\n');
    const { diff, after } = diffOf(before, 'line 4\n', 'four\n');
    expect(after).toBe(before.replace('line 4\r\n', 'four\r\n'));
    expect(diff.split('\n').filter((line) => /^[-+][^-+]/.test(line))).toEqual(['-line 4', '+four']);
  });
});
