/**
 * The window check that makes patch validation fast must never accept what a full parse
 * refuses, and the statement index it carries forward must be the one a full parse builds.
 * Random edits (tokens that open comments, strings, templates, blocks, ASI continuations,
 * exports that change module status, shebangs, ...) on generated files, in all four script
 * kinds, against the full parse as the oracle. Then the same guarantee through the real Client.
 */
import fs from 'node:fs';
import path from 'node:path';
import type * as TypeScript from 'typescript';
import { describe, expect, it } from 'vitest';
import { FsStore, SyntaxChecker, checkSyntax } from '../src/index.js';
import { checkEditWindow, indexStatements, type StatementIndex } from '../src/syntax-window.js';
import { typescript } from '../src/typescript.js';
import { connectHarness, dataOf, makeTempDir, textOf } from './harness.js';

const ts = typescript();

/** Park-Miller LCG, so a failure reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 48271) % 2147483647) / 2147483647;
}

const STATEMENTS: Array<(index: number) => string> = [
  (index) => `export function f${index}(value) { return value + ${index}; }`,
  (index) => `let v${index} = g(${index})`,
  (index) => `const c${index} = { a: ${index} };`,
  (index) => `class K${index} { m() { return ${index}; } }`,
  (index) => `if (v${index}) { call(${index}); } else call(${index})`,
  (index) => `for (const x of [${index}]) { use(x) }`,
  (index) => `/* comment ${index} */ call(${index});`,
  (index) => `const t${index} = \`tmpl \${${index}}\`;`,
  (index) => `async function a${index}() { await p(${index}); }`,
  (index) => `label${index}: for (;;) { break label${index}; }`,
  (index) => `const r${index} = /ab+c/g.test('x')`,
  (index) => `do { i++ } while (i < ${index})`,
  (index) => `export default function () { return ${index}; }`,
];
const JSX_STATEMENT = (index: number): string => `const el${index} = <div a={${index}}>text {x}</div>;`;
const TS_STATEMENTS: Array<(index: number) => string> = [
  (index) => `interface I${index} { a: number }`,
  (index) => `type T${index} = string | number`,
  (index) => `enum E${index} { A, B }`,
  (index) => `namespace N${index} { export const x = ${index}; }`,
];
const SNIPPETS = ['}', '{', '(', ')', ';', '/*', '*/', '`', "'", '"', '\n', 'await x', 'export ', 'import x from "y";', 'let a = b', '(c)', '[1]', 'else', 'while (x)', '//', '<', '>', '=>', 'function', 'class', ' ', '.', '+', 'await', 'import.meta', '#!', 'do ', 'try {}', 'catch {}', '', ': number', '<div>', '</div>', 'x;', 'f();\n', '\n}\n', 'const q = 1;\n', '@dec '];

const KINDS: Record<string, TypeScript.ScriptKind> = { 'a.ts': ts.ScriptKind.TS, 'b.tsx': ts.ScriptKind.TSX, 'c.js': ts.ScriptKind.JS, 'd.jsx': ts.ScriptKind.JSX };

function fullIndex(name: string, text: string): StatementIndex {
  const kind = KINDS[name];
  return indexStatements(ts.createSourceFile(`/virtual/${name}`, text, ts.ScriptTarget.Latest, false, kind), kind);
}

function sameIndex(left: StatementIndex, right: StatementIndex): boolean {
  return (
    left.textLength === right.textLength &&
    left.isModule === right.isModule &&
    left.moduleIndicators === right.moduleIndicators &&
    left.starts.join() === right.starts.join() &&
    left.ends.join() === right.ends.join() &&
    left.flags.join() === right.flags.join()
  );
}

function generate(name: string, next: () => number, asModule: boolean): string {
  const pool = [...STATEMENTS, ...(name.endsWith('x') ? [JSX_STATEMENT] : []), ...(name.includes('.ts') ? TS_STATEMENTS : [])];
  const lines: string[] = [];
  for (let index = 0; index < 80; index++) {
    let line = pool[Math.floor(next() * pool.length)](index);
    if (!asModule) line = line.replace(/^export default function \(\)/, `function named${index}()`).replace(/^export /, '');
    lines.push(line);
  }
  return `${lines.join('\n')}\n`;
}

/** What SyntaxChecker hands the window check: a parse that only returns clean source files. */
function cleanParser(name: string): (text: string) => TypeScript.SourceFile | undefined {
  return (text) => {
    let sourceFile: TypeScript.SourceFile;
    try {
      sourceFile = ts.createSourceFile(`/virtual/${name}`, text, ts.ScriptTarget.Latest, false, KINDS[name]);
    } catch {
      return undefined;
    }
    return checkSyntax(name, text) === undefined ? sourceFile : undefined;
  };
}

describe('the window check', () => {
  it.each(Object.keys(KINDS))('agrees with a full parse on random edits of %s, and carries the index forward exactly', (name) => {
    const next = random(20_260_901 + name.charCodeAt(0));
    const parseClean = cleanParser(name);
    let accepted = 0;
    let fellBack = 0;
    for (let file = 0; file < 6; file++) {
      let text = generate(name, next, file % 3 !== 0);
      expect(checkSyntax(name, text)).toBeUndefined();
      let index = fullIndex(name, text);
      for (let round = 0; round < 70; round++) {
        const start = Math.floor(next() * text.length);
        const oldLength = Math.min(next() < 0.5 ? 0 : Math.floor(next() * 40), text.length - start);
        let inserted = '';
        for (let count = Math.floor(next() * 3); count > 0; count--) inserted += SNIPPETS[Math.floor(next() * SNIPPETS.length)];
        const content = text.slice(0, start) + inserted + text.slice(start + oldLength);
        const verdict = checkSyntax(name, content);
        const windowed = checkEditWindow(index, content, { start, oldLength, newLength: inserted.length }, parseClean);
        const where = JSON.stringify({ inserted, around: text.slice(Math.max(0, start - 60), start + 60) });
        if (windowed) {
          expect(verdict, `accepted a broken edit ${where}`).toBeUndefined();
          expect(sameIndex(windowed, fullIndex(name, content)), `index differs after ${where}`).toBe(true);
          accepted++;
        } else if (verdict === undefined) {
          fellBack++;
        }
        if (verdict === undefined && next() < 0.7) {
          text = content;
          index = windowed ?? fullIndex(name, content);
        }
      }
    }
    // The window decides most valid edits; the rest fall back to a full parse.
    expect(accepted).toBeGreaterThan(fellBack * 4);
  });

  it('never takes a mid-file shebang for the start of a file', () => {
    // Inserted where the second statement's leading trivia starts, so the window starts with it.
    const text = 'const a = 1;\nconst b = 2;\nconst c = 3;\n';
    const start = text.indexOf('\nconst b');
    const content = `${text.slice(0, start)}#!x${text.slice(start)}`;
    expect(checkSyntax('a.ts', content)).toMatch(/'#!' can only be used at the start of a file/);
    expect(cleanParser('a.ts')(content.slice(start, content.indexOf('\nconst c')))).toBeDefined();
    expect(checkEditWindow(fullIndex('a.ts', text), content, { start, oldLength: 0, newLength: 3 }, cleanParser('a.ts'))).toBeUndefined();
  });

  it('grows the window over a statement an expression could continue', () => {
    // `let f = g` ends in an expression: `(x)` inserted after it would call g, so both are parsed.
    const text = 'const a = 1;\nlet f = g\nconst b = 2;\n';
    const start = text.indexOf('const b');
    const content = `${text.slice(0, start)}(x)\n${text.slice(start)}`;
    const windows: string[] = [];
    const parse = (window: string): TypeScript.SourceFile => {
      windows.push(window);
      return ts.createSourceFile('/virtual/a.ts', window, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
    };
    const next = checkEditWindow(fullIndex('a.ts', text), content, { start, oldLength: 0, newLength: 4 }, parse);
    expect(windows).toEqual(['\nlet f = g\n(x)\nconst b = 2;\n']);
    expect(next && sameIndex(next, fullIndex('a.ts', content))).toBe(true);
  });
});

describe('SyntaxChecker', () => {
  it('refuses text that crashes the TypeScript parser instead of failing internally', () => {
    // TypeScript 5.9 throws "Debug Failure" on a decorator before `await`.
    expect(new SyntaxChecker().check('a.ts', 'class A { m() { @dec await x; } }\n')).toMatch(/^syntax error in a\.ts: the TypeScript parser failed on this text \(Debug Failure/);
  });
});

describe('patch_content validation after the speed-up (through the Client)', () => {
  it('accepts a patch of a big file by parsing only its window, and still refuses one that breaks the syntax', async () => {
    const dir = makeTempDir('patch-validation-');
    const root = path.join(dir, 'project');
    const body = Array.from({ length: 4000 }, (_, index) => `export function handler${index}(value: number): number { return value * ${index % 97}; }`).join('\n');
    fs.mkdirSync(path.join(root, 'src'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src', 'handlers.ts'), `${body}\n`);
    const checker = new SyntaxChecker();
    const harness = await connectHarness(new FsStore(root), { log: () => undefined, syntaxChecker: checker }, dir);
    try {
      const call = (oldString: string, newString: string, sha?: unknown) =>
        harness.call('patch_content', { path: 'src/handlers.ts', old_string: oldString, new_string: newString, ...(sha ? { expected_sha256: sha } : {}) });
      // The first patch of a version nobody has parsed yet needs a full parse...
      const first = await call('handler1(value: number): number { return value * 1; }', 'handler1(value: number): number { return value + 1; }');
      expect(first.isError).not.toBe(true);
      expect(checker.counters).toEqual({ fullParses: 1, windowChecks: 0 });
      // ...the next ones parse only the statements they touch.
      const second = await call('handler2000(value: number): number { return value * 60; }', 'handler2000(value: number): number { return value - 60; }', dataOf(first).sha256);
      expect(second.isError).not.toBe(true);
      expect(checker.counters).toEqual({ fullParses: 1, windowChecks: 1 });

      const before = fs.readFileSync(path.join(root, 'src', 'handlers.ts'), 'utf8');
      const broken = await call('handler3000(value: number): number { return value * 90; }', 'handler3000(value: number): number { return value * ; }', dataOf(second).sha256);
      expect(broken.isError).toBe(true);
      expect(textOf(broken)).toBe('Error: patch rejected, nothing was saved: syntax error in src/handlers.ts at line 3001, column 69: Expression expected.');
      expect(dataOf(broken)).toMatchObject({ error_code: 'validation_failed' });
      expect(fs.readFileSync(path.join(root, 'src', 'handlers.ts'), 'utf8')).toBe(before);

      // A brace left open is fine inside its window but swallows the rest of the file.
      const open = await call('handler10(value: number): number { return value * 10; }', 'handler10(value: number): number { return value * 10;', dataOf(second).sha256);
      expect(textOf(open)).toMatch(/^Error: patch rejected, nothing was saved: syntax error in src\/handlers\.ts at line 4001, column 1: '}' expected\.$/);
      expect(fs.readFileSync(path.join(root, 'src', 'handlers.ts'), 'utf8')).toBe(before);
    } finally {
      await harness.close();
    }
  });
});
