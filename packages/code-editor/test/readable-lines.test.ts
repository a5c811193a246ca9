/**
 * Most clients show the model only the readable text, so every file line in it must be exactly
 * the file's line (indentation, tabs, trailing spaces): these tests build patch_content's
 * old_string from nothing but what the text showed, through the SDK Client.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataOf, seed, startHarness, textOf, type Harness } from './harness.js';

const KEY = { entityType: 'module' as const, path: 'pkg/calc.py' };
const SCOPE = { entity_type: 'module', path: KEY.path };

const SOURCE = [
  'def first(x):',
  '    if x:',
  '        return 1',
  '    return 0',
  '',
  'def second(x):',
  '\tif x:',
  '\t\treturn 1',
  '\treturn 0  ',
  '',
].join('\n');

/** grep -n -C layout: `path:N:text` for a match, `path-N-text` for context. */
function grepLines(text: string, path: string): Array<{ line: number; text: string; match: boolean }> {
  const rows: Array<{ line: number; text: string; match: boolean }> = [];
  for (const shown of text.split('\n')) {
    for (const [separator, match] of [
      [':', true],
      ['-', false],
    ] as const) {
      const prefix = new RegExp(`^${path.replace(/[.]/g, '\\.')}${separator}(\\d+)${separator}`).exec(shown);
      if (prefix) {
        rows.push({ line: Number(prefix[1]), text: shown.slice(prefix[0].length), match });
        break;
      }
    }
  }
  return rows;
}

/** `     N→text` rows of read_content_lines / get_content. */
function arrowLines(text: string): Map<number, string> {
  const rows = new Map<number, string>();
  for (const shown of text.split('\n')) {
    const prefix = /^ *(\d+)→/.exec(shown);
    if (prefix) rows.set(Number(prefix[1]), shown.slice(prefix[0].length));
  }
  return rows;
}

describe.each(['fs', 'sqlite'] as const)('file lines in the readable text on the %s store', (kind) => {
  let harness: Harness;
  beforeEach(async () => {
    // A deadline no loaded machine reaches: these tests are about the text, not the regex guard.
    harness = await startHarness(kind, { search: { timeoutMs: 60_000 } });
    await seed(harness.store, [{ key: KEY, content: SOURCE }]);
  });
  afterEach(async () => {
    await harness.close();
  });

  it('search_content shows matched and context lines with their indentation and tabs', async () => {
    const text = textOf(await harness.call('search_content', { pattern: 'return 1', context_lines: 1 }));
    expect(grepLines(text, KEY.path), text).toEqual([
      { line: 2, text: '    if x:', match: false },
      { line: 3, text: '        return 1', match: true },
      { line: 4, text: '    return 0', match: false },
      { line: 7, text: '\tif x:', match: false },
      { line: 8, text: '\t\treturn 1', match: true },
      { line: 9, text: '\treturn 0  ', match: false },
    ]);
  });

  it('patch_content succeeds with an old_string copied from search_content text (spaces)', async () => {
    const text = textOf(await harness.call('search_content', { pattern: 'return 1', context_lines: 1 }));
    const rows = grepLines(text, KEY.path).filter((row) => row.line >= 3 && row.line <= 4);
    const oldString = rows.map((row) => row.text).join('\n');
    expect(oldString, text).toBe('        return 1\n    return 0');
    const patched = await harness.call('patch_content', { ...SCOPE, old_string: oldString, new_string: '        return 2\n    return 0' });
    expect(patched.isError, textOf(patched)).not.toBe(true);
    expect((await harness.store.get(KEY))?.content).toBe(SOURCE.replace('        return 1\n', '        return 2\n'));
  });

  it('patch_content succeeds with an old_string copied from search_content text (tabs)', async () => {
    const text = textOf(await harness.call('search_content', { pattern: '^\\t\\treturn', context_lines: 1 }));
    const oldString = grepLines(text, KEY.path)
      .map((row) => row.text)
      .join('\n');
    expect(oldString).toBe('\tif x:\n\t\treturn 1\n\treturn 0  ');
    const patched = await harness.call('patch_content', { ...SCOPE, old_string: oldString, new_string: '\treturn 1 if x else 0' });
    expect(patched.isError, textOf(patched)).not.toBe(true);
    expect((await harness.store.get(KEY))?.content).toBe(SOURCE.replace('\tif x:\n\t\treturn 1\n\treturn 0  ', '\treturn 1 if x else 0'));
  });

  it('patch_content succeeds with an old_string copied from read_content_lines and get_content text', async () => {
    const read = arrowLines(textOf(await harness.call('read_content_lines', { ...SCOPE, start_line: 7, end_line: 9 })));
    expect([...read.values()]).toEqual(['\tif x:', '\t\treturn 1', '\treturn 0  ']);
    const whole = arrowLines(textOf(await harness.call('get_content', SCOPE)));
    expect(whole.get(3)).toBe('        return 1');
    const oldString = [whole.get(2), whole.get(3)].join('\n');
    const patched = await harness.call('patch_content', { ...SCOPE, old_string: oldString, new_string: '    if not x:\n        return 1' });
    expect(patched.isError, textOf(patched)).not.toBe(true);
  });

  it("patch_content's nearest-line hint shows the line's indentation", async () => {
    const missed = await harness.call('patch_content', { ...SCOPE, old_string: 'return  1', new_string: 'return 2' });
    expect(missed.isError).toBe(true);
    expect(textOf(missed)).toContain('The closest line is 3: "        return 1"');
    expect(dataOf(missed).nearest_candidate).toMatchObject({ line: 3, preview: '        return 1' });
  });
});
