// Ports of the seed plan's TestFormatGrepMatches, TestFormatDiff and TestFormatFileContent
// (Task 2), same inputs and expectations.
import { describe, expect, it } from 'vitest';
import { formatDiff, formatFileContent, formatGrepMatches } from '../../packages/runtime/src/index.js';

describe('TestFormatGrepMatches', () => {
  it("returns 'No matches' for an empty list", () => {
    const result = formatGrepMatches([], 'def foo');
    expect(result).toContain('No matches found');
    expect(result).toContain('def foo');
  });

  it('formats a single match in grep style', () => {
    const result = formatGrepMatches([{ path: 'src/auth.py', line_number: 45, match: 'def get_user(id):' }], 'get_user');
    expect(result).toContain('Found 1 match');
    expect(result).toContain('src/auth.py:45:');
    expect(result).toContain('def get_user(id):');
  });

  it('formats multiple matches in grep style', () => {
    const result = formatGrepMatches(
      [
        { path: 'src/auth.py', line_number: 45, match: 'def get_user(id):' },
        { path: 'src/models.py', line_number: 12, match: '  user = get_user(uid)' },
      ],
      'get_user',
    );
    expect(result).toContain('Found 2 match');
    expect(result).toContain('src/auth.py:45:');
    expect(result).toContain('src/models.py:12:');
  });

  // The seed stripped whitespace; issue 27 reversed that: clients copy old_string from this text.
  it('keeps leading/trailing whitespace of the match', () => {
    const result = formatGrepMatches([{ path: 'test.py', line_number: 1, match: '    indented code    ' }], 'code');
    expect(result).toContain('test.py:1:    indented code    ');
  });
});

describe('TestFormatDiff', () => {
  it("starts with 'Updated path'", () => {
    expect(formatDiff('src/auth.py', ['old'], ['new']).startsWith('Updated src/auth.py')).toBe(true);
  });

  it("prefixes removed lines with '-'", () => {
    expect(formatDiff('test.py', ['return None'], ['return value'])).toContain('-  return None');
  });

  it("prefixes added lines with '+'", () => {
    expect(formatDiff('test.py', ['return None'], ['return value'])).toContain('+  return value');
  });

  it('handles multiple old and new lines', () => {
    const result = formatDiff('test.py', ['def foo():', '    pass'], ['def foo(x):', '    return x']);
    expect(result).toContain('-  def foo():');
    expect(result).toContain('-      pass'); // issue 27: indentation kept after the '-  ' marker
    expect(result).toContain('+  def foo(x):');
    expect(result).toContain('+      return x');
  });
});

describe('TestFormatFileContent', () => {
  it('shows the path at the top', () => {
    expect(formatFileContent('src/main.py', "print('hello')").startsWith('src/main.py')).toBe(true);
  });

  it('adds line numbers to each line', () => {
    const result = formatFileContent('test.py', 'line1\nline2\nline3');
    expect(result).toContain('   1: line1');
    expect(result).toContain('   2: line2');
    expect(result).toContain('   3: line3');
  });

  it('supports a custom start line', () => {
    expect(formatFileContent('test.py', 'code here', { startLine: 45 })).toContain('  45: code here');
  });

  it('right-aligns line numbers', () => {
    const result = formatFileContent('test.py', Array(100).fill('line').join('\n'));
    expect(result).toContain('   1: line');
    expect(result).toContain(' 100: line');
  });
});
