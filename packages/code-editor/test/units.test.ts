/** Pure pieces: line maths, the LF view, patch planning, the grep loop, validation, paths. */
import { describe, expect, it } from 'vitest';
import { normalizeContentPath, validateIdentifier } from '../src/paths.js';
import { nearestCandidate, planPatch } from '../src/patch.js';
import { chooseAnchor, matchesIgnoringAsciiCase, requiredLiteral } from '../src/search/literal.js';
import { compilePattern, scanText, type CompiledPattern, type SearchMatch } from '../src/search/scan.js';
import { countLines, LfView, sha256Hex, splitLines } from '../src/text.js';
import { checkEntityType, checkSyntax, SyntaxChecker, validateContent } from '../src/validate.js';
import type { ContentText } from '../src/types.js';

describe('countLines / splitLines', () => {
  it.each([
    ['', 0, []],
    ['a', 1, ['a']],
    ['a\n', 1, ['a']],
    ['a\nb', 2, ['a', 'b']],
    ['a\r\nb\r\n', 2, ['a', 'b']],
    ['a\n\n', 2, ['a', '']],
  ])('%j has %i lines', (text, count, lines) => {
    expect(countLines(text)).toBe(count);
    expect(splitLines(text)).toEqual(lines);
  });
});

describe('LfView', () => {
  it('maps view offsets back to raw offsets around CRLF', () => {
    const raw = 'ab\r\ncd\r\nef';
    const view = new LfView(raw);
    expect(view.text).toBe('ab\ncd\nef');
    // 'c' is at view 3, raw 4; the '\n' after 'cd' (view 5) maps to its '\r' (raw 6).
    expect(view.toRaw(3)).toBe(4);
    expect(view.toRaw(5)).toBe(6);
    expect(view.toRaw(6)).toBe(8);
    expect(raw.slice(view.toRaw(3), view.toRaw(6))).toBe('cd\r\n');
  });
});

describe('planPatch', () => {
  it('replaces a unique match literally: $& and $1 stay as typed', () => {
    const plan = planPatch('x = 1\ny = 2\n', 'y = 2', 'y = "$&$1$$"', false);
    expect(plan.kind).toBe('applied');
    if (plan.kind !== 'applied') return;
    expect(plan.content).toBe('x = 1\ny = "$&$1$$"\n');
    expect(plan.linesChanged).toBe(1);
    expect(plan.firstLine).toBe(2);
  });

  it('keeps CRLF and leaves every byte outside the edit identical', () => {
    const raw = 'line one\r\nline two\r\nline three\r\n';
    const plan = planPatch(raw, 'line two\nline three', 'line 2\nline 3\nline 4', false);
    expect(plan.kind).toBe('applied');
    if (plan.kind !== 'applied') return;
    expect(plan.content).toBe('line one\r\nline 2\r\nline 3\r\nline 4\r\n');
    expect(plan.content.startsWith('line one\r\n')).toBe(true);
    expect(plan.linesChanged).toBe(3);
  });

  it('matches an old_string typed with CRLF against an LF file', () => {
    const plan = planPatch('a\nb\nc\n', 'a\r\nb', 'A\nB', false);
    expect(plan.kind === 'applied' && plan.content).toBe('A\nB\nc\n');
  });

  it('reports every location when old_string is ambiguous, and replace_all replaces them all', () => {
    const raw = 'def a():\n    return 1\ndef b():\n    return 2\n';
    const ambiguous = planPatch(raw, 'return', 'yield', false);
    expect(ambiguous).toEqual({
      kind: 'ambiguous',
      count: 2,
      locations: [
        { line: 2, preview: '    return 1' },
        { line: 4, preview: '    return 2' },
      ],
    });
    const all = planPatch(raw, 'return', 'yield', true);
    expect(all.kind === 'applied' && all.content).toBe('def a():\n    yield 1\ndef b():\n    yield 2\n');
    expect(all.kind === 'applied' && all.replacements).toBe(2);
  });

  it('suggests the nearest line when nothing matches (earliest line wins a tie)', () => {
    expect(planPatch('def a():\n    return 1\n\ndef b():\n    return 1\n', 'retrun 1', 'x', false)).toEqual({
      kind: 'not_found',
      nearest: { line: 2, preview: '    return 1', similarity: 0.57 },
    });
    expect(nearestCandidate('alpha\nbeta\n', 'zzzzzzzz')).toBeUndefined();
  });

  it('keeps the indentation of a long line and cuts only its text', () => {
    const long = `${'x'.repeat(100)}`;
    const plan = planPatch(`\t\t${long}\n`, `${'x'.repeat(99)}y`, 'z', false);
    expect(plan).toMatchObject({ kind: 'not_found', nearest: { line: 1, preview: `\t\t${'x'.repeat(80)}...` } });
  });

  it('points at an indentation mismatch with similarity 1', () => {
    const plan = planPatch('class A:\n    def run(self):\n        pass\n', '\tdef run(self):', 'x', false);
    expect(plan).toEqual({ kind: 'not_found', nearest: { line: 2, preview: '    def run(self):', similarity: 1 } });
  });
});

describe('scanText', () => {
  const file = (content: string): ContentText => ({ entityType: 'module', path: 'm.py', content });
  const scan = (content: string, pattern: string, context = 1, limit = 100, caseInsensitive = false): SearchMatch[] => {
    const matches: SearchMatch[] = [];
    scanText(file(content), compilePattern(pattern, caseInsensitive), context, limit, matches);
    return matches;
  };

  it('reports each matching line once with raw context lines', () => {
    const matches = scan('a\nfoo foo\nb\nfoo\n', 'foo');
    expect(matches.map((match) => [match.line_number, match.match, match.context_before, match.context_after])).toEqual([
      [2, 'foo foo', ['a'], ['b']],
      [4, 'foo', ['b'], []],
    ]);
  });

  it('matches line by line: a hit that only exists across a line break is dropped', () => {
    expect(scan('foo\nbar\n', 'foo\\sbar')).toEqual([]);
    expect(scan('foo\nbar\n', 'o[^x]*b')).toEqual([]);
    expect(scan('foo bar\n', 'foo\\sbar').map((match) => match.line_number)).toEqual([1]);
  });

  it('anchors ^ and $ at line boundaries, including CRLF files', () => {
    expect(scan('x = 1\r\nend\r\n', '^end$').map((match) => [match.line_number, match.match])).toEqual([[2, 'end']]);
  });

  it('does not invent a line after the final newline', () => {
    expect(scan('a\n', '^').map((match) => match.line_number)).toEqual([1]);
    expect(scan('', '^')).toEqual([]);
  });

  it('stops at the limit and honours case-insensitivity', () => {
    expect(scan('Foo\nfoo\nFOO\n', 'foo', 0, 2, true).map((match) => match.line_number)).toEqual([1, 2]);
    expect(scan('Foo\nfoo\nFOO\n', 'foo', 0, 10, false).map((match) => match.line_number)).toEqual([2]);
  });

  it('windows very long lines around the hit', () => {
    const line = `${'x'.repeat(5000)}NEEDLE${'y'.repeat(5000)}`;
    const [match] = scan(line, 'NEEDLE', 0);
    expect(match.match.length).toBeLessThanOrEqual(502);
    expect(match.match).toContain('NEEDLE');
  });

  it('treats a pattern without metacharacters as a literal', () => {
    expect(compilePattern('useWorkflow', false).literal).toBe(true);
    expect(compilePattern('get_.*agent', false).literal).toBe(false);
  });
});

describe('required literals and anchors', () => {
  it.each([
    ['useWorkflow', 'useWorkflow'],
    ['needle\\w+_\\d+\\(\\)', 'needle'],
    ['def get_.*agent', 'def get_'],
    ['colou?r', 'colo'],
    ['ab+c', 'ab'],
    ['x{2}yz', 'yz'],
    ['\\bfoo\\.bar\\b', 'foo.bar'],
    ['(optional)?required', 'required'],
    ['[abc]def', 'def'],
    ['^import .* from', 'import '],
    ['cat|dog', undefined],
    ['\\x41BC', undefined],
    ['a{', undefined],
    ['(?<name>x)\\k<name>', undefined],
    ['.*', undefined],
  ])('requiredLiteral(%j) = %j', (pattern, expected) => {
    expect(requiredLiteral(pattern)).toBe(expected);
  });

  it('anchors on the rarest character, and only on non-letters when case-insensitive', () => {
    expect(chooseAnchor('useWorkflow', false)).toEqual({ literal: 'useWorkflow', character: 'W', offset: 3 });
    // "needle" has only common letters; the required "_" is rarer.
    expect(chooseAnchor('needle\\w+_\\d+\\(\\)', false)).toEqual({ literal: '_', character: '_', offset: 0 });
    // Case-insensitively a non-letter is preferred; letters anchor on both cases of the rarest.
    expect(chooseAnchor('NEEDLEFUNCTION_', true)).toEqual({ literal: 'NEEDLEFUNCTION_', character: '_', offset: 14 });
    expect(chooseAnchor('useWorkflow', true)).toEqual({ literal: 'useWorkflow', character: 'k', otherCase: 'K', offset: 6 });
    expect(chooseAnchor('café', true)).toBeUndefined();
    expect(chooseAnchor('hello', true)).toMatchObject({ character: 'h', otherCase: 'H' });
    expect(chooseAnchor('eat', true)).toBeUndefined();
    expect(chooseAnchor('eat', false)).toBeUndefined();
  });

  it('folds ASCII case only', () => {
    expect(matchesIgnoringAsciiCase('xNeedle_y', 1, 'needle_')).toBe(true);
    expect(matchesIgnoringAsciiCase('x@', 1, '`')).toBe(false); // '@' | 0x20 is '`', but neither is a letter
    expect(matchesIgnoringAsciiCase('ab', 1, 'bc')).toBe(false);
  });

  it('gives the same lines as the whole-text scan', () => {
    const text = [
      'import { useWorkflow } from "./hooks";',
      'const needleFunction_1 = () => 1;',
      'function needleFunction_2() { return 2; }',
      'NEEDLEFUNCTION_3();',
      'colour = color + colr;',
      'x\r',
      'a\nb',
      'get_user get_agent def get_agent()',
      '',
    ].join('\n');
    const file: ContentText = { entityType: 'text', path: 't.ts', content: text };
    for (const [pattern, caseInsensitive] of [
      ['useWorkflow', false],
      ['needleFunction_', false],
      ['needle\\w+_\\d+\\(\\)', false],
      ['NEEDLEFUNCTION_', true],
      ['colou?r', false],
      ['def get_.*agent', false],
      ['get_', true],
      ['NEEDLEFUNCTION', true],
      ['UseWorkFlow', true],
      ['a\nb', false],
    ] as const) {
      const anchored = compilePattern(pattern, caseInsensitive);
      const whole = { ...anchored, anchor: undefined };
      const run = (compiled: CompiledPattern): Array<[number, string]> => {
        const matches: SearchMatch[] = [];
        scanText(file, compiled, 1, 100, matches);
        return matches.map((match) => [match.line_number, match.match]);
      };
      expect(run(anchored), pattern).toEqual(run(whole));
    }
    expect(compilePattern('needleFunction_', false).anchor).toBeDefined();

    // An anchor on nearly every line: the scan switches to the whole-text strategy mid-file.
    const dense: ContentText = {
      entityType: 'text',
      path: 'd.ts',
      content: Array.from({ length: 500 }, (_, index) => (index % 7 === 0 ? `g(x) ; // ${index}` : `f(x);`)).join('\n'),
    };
    const compiled = compilePattern('\\(x\\)\\s+;', false);
    expect(compiled.anchor).toMatchObject({ literal: '(x)' });
    const viaAnchor: SearchMatch[] = [];
    const viaWhole: SearchMatch[] = [];
    scanText(dense, compiled, 0, 1000, viaAnchor);
    scanText(dense, { ...compiled, anchor: undefined }, 0, 1000, viaWhole);
    expect(viaAnchor.map((match) => match.line_number)).toEqual(viaWhole.map((match) => match.line_number));
    expect(viaAnchor).toHaveLength(72);
    expect(compilePattern('a\nb', false).anchor?.literal).not.toBe('a\nb');
  });
});

describe('validation on write', () => {
  it("uses the seed's message for a module with a @workflow decorator", () => {
    expect(checkEntityType('module', '@workflow\ndef run(): pass\n')).toBe(
      "entity_type mismatch: declared 'module' but content contains @workflow decorator. Use entity_type='workflow' instead.",
    );
  });

  it('requires the decorator in a workflow', () => {
    expect(checkEntityType('workflow', 'def run(): pass\n')).toMatch(/declared 'workflow' but content has no @workflow decorator/);
    expect(checkEntityType('workflow', '@workflow(is_tool=True)\nasync def run(): pass\n')).toBeUndefined();
  });

  it('names the line of a TypeScript syntax error', () => {
    expect(checkSyntax('src/app.ts', 'const a = 1;\nconst b = ;\n')).toMatch(/^syntax error in src\/app\.ts at line 2, column \d+: Expression expected/);
    expect(checkSyntax('src/app.tsx', 'export const A = () => <div>{1}</div>;\n')).toBeUndefined();
    expect(checkSyntax('src/app.js', 'function (\n')).toMatch(/at line 1/);
  });

  it('names the line of a JSON syntax error', () => {
    expect(checkSyntax('config.json', '{\n  "a": 1,\n}\n')).toMatch(/^syntax error in config\.json at line 3, column 1:/);
    expect(checkSyntax('config.json', '{"a": [1, 2]}')).toBeUndefined();
  });

  it('checks a patch of a big TypeScript file by its window, with the same verdict as a full parse', () => {
    const source = Array.from({ length: 3000 }, (_, index) => `export function f${index}(value: number): number { return value + ${index}; }`).join('\n') + '\n';
    const checker = new SyntaxChecker();
    expect(checker.check('big.ts', source)).toBeUndefined();
    const base = { baseSha256: sha256Hex(source) };

    const good = planPatch(source, 'return value + 1500;', 'return value * 2;', false);
    if (good.kind !== 'applied') throw new Error('expected the patch to apply');
    expect(checker.check('big.ts', good.content, { ...base, edit: good.edit })).toBeUndefined();

    const bad = planPatch(good.content, 'return value + 2000;', 'return value + ;', false);
    if (bad.kind !== 'applied') throw new Error('expected the patch to apply');
    const incremental = checker.check('big.ts', bad.content, { baseSha256: sha256Hex(good.content), edit: bad.edit });
    expect(incremental).toMatch(/^syntax error in big\.ts at line 2001, column \d+: Expression expected\.$/);
    expect(incremental).toBe(checkSyntax('big.ts', bad.content));
  });

  it('does not parse languages it has no parser for', () => {
    expect(validateContent('text', 'notes.py', 'def (:\n')).toBeUndefined();
  });
});

describe('paths', () => {
  it('normalises harmless forms', () => {
    expect(normalizeContentPath('./a//b/./c.ts')).toBe('a/b/c.ts');
  });
  it.each([
    ['', /must not be empty/],
    ['a\0b', /NUL byte/],
    ['../x', /'\.\.' segments/],
    ['a/../../x', /'\.\.' segments/],
    ['/etc/passwd', /must be relative/],
    ['C:/x', /must be relative/],
    ['a\\b', /'\/' separators/],
    ['./', /names no file/],
  ])('refuses %j', (input, message) => {
    expect(() => normalizeContentPath(input)).toThrow(message);
  });
  it('keeps identifiers folder-safe', () => {
    expect(validateIdentifier('app_id', '3f0c-42_a.b')).toBe('3f0c-42_a.b');
    expect(() => validateIdentifier('app_id', '../x')).toThrow(/app_id must be/);
    expect(() => validateIdentifier('organization_id', 'a/b')).toThrow(/organization_id must be/);
  });
});
