// The TypeScript examples of docs/api.md and the README's runtime section, checked against the
// code: every example compiles against the runtime's types, and every call whose result the docs
// spell out (`call; // { … }` or a `// { … }` block under it) returns exactly that.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import * as runtime from '../../packages/runtime/src/index.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'mrk-doc-examples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Block {
  source: string;
  line: number;
  code: string;
}

function tsBlocks(file: string): Block[] {
  const blocks: Block[] = [];
  const lines = readFileSync(path.join(ROOT, file), 'utf8').split('\n');
  for (let index = 0; index < lines.length; index++) {
    if (lines[index] !== '```ts') continue;
    const end = lines.indexOf('```', index + 1);
    blocks.push({ source: file, line: index + 1, code: lines.slice(index + 1, end).join('\n') });
    index = end;
  }
  return blocks;
}

/** A signature listing (`function f(…): T;`, `interface …`), not code to run. */
const isSignatureListing = (code: string) => /^(function|type|interface|const [A-Z_]+:) /m.test(code) || /\?: \w+,/.test(code);

const README_RUNTIME = tsBlocks('README.md').filter((block) => block.code.includes("from 'mcp-result-kit'"));
const EXAMPLES = [...tsBlocks('docs/api.md'), ...README_RUNTIME].filter((block) => !isSignatureListing(block.code));

/** The values the examples take as given: a handler's path, data and so on. */
const PRELUDE_TYPES = `
declare const path: string;
declare const data: { path: string; size: number };
declare const rows: Array<{ id: number }>;
declare const legacyValue: unknown;
declare const summary: string;
declare const actions: string[];
declare const result: unknown;
declare const output: { innerHTML: string };
declare function showRawData(value: unknown): void;
`;
const PRELUDE_VALUES = { path: 'src/a.ts', data: { path: 'src/a.ts', size: 3 }, rows: [{ id: 1 }], legacyValue: 'ok', summary: 'all done', actions: ['a', 'b', 'c'], result: null };

const RUNTIME_NAMES = Object.keys(runtime);

/** The example as a module: its imports on top, the rest in a function (examples `return`, or start at `catch`). */
function exampleModule(code: string): string {
  const imports = code.split('\n').filter((line) => line.startsWith('import '));
  const body = code
    .split('\n')
    .filter((line) => !line.startsWith('import '))
    .join('\n')
    .replace(/^catch \(/, 'try {} catch (');
  const imported = new Set(imports.flatMap((line) => /\{([^}]*)\}/.exec(line)?.[1].split(',').map((name) => name.trim()) ?? []));
  const free = RUNTIME_NAMES.filter((name) => !imported.has(name) && new RegExp(`\\b${name}\\b`).test(body));
  const runtimeImport = free.length > 0 && !imports.some((line) => line.includes("'mcp-result-kit'")) ? [`import { ${free.join(', ')} } from 'mcp-result-kit';`] : [];
  return [...imports, ...runtimeImport, PRELUDE_TYPES, 'export function example(): unknown {', body, '  return undefined;', '}', ''].join('\n');
}

function typeErrors(blocks: Block[]): Map<Block, string[]> {
  const files = new Map<string, Block>();
  blocks.forEach((block, index) => {
    const file = path.join(dir, `example-${index}.ts`);
    writeFileSync(file, exampleModule(block.code));
    files.set(file, block);
  });
  const program = ts.createProgram([...files.keys()], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    allowUnreachableCode: true,
    types: ['node'],
    typeRoots: [path.join(ROOT, 'node_modules/@types')],
    baseUrl: ROOT,
    paths: {
      'mcp-result-kit': ['packages/runtime/src/index.ts'],
      'mcp-result-kit/unified-diff': ['packages/runtime/src/unified-diff.ts'],
      '@mcp-result-kit/code-editor': ['packages/code-editor/src/index.ts'],
    },
  });
  const errors = new Map<Block, string[]>(blocks.map((block) => [block, []]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const block = diagnostic.file && files.get(diagnostic.file.fileName);
    if (block) errors.get(block)!.push(`TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`);
  }
  return errors;
}

interface DocumentedResult {
  block: Block;
  call: string;
  expected: string;
}

/**
 * `call; // { … }` on one line, or a call (or `return call;`, or a commented `// call`) followed
 * by a `// {` … `// }` block. Results with an ellipsis (…) are abridged and skipped.
 */
function documentedResults(block: Block): DocumentedResult[] {
  const found: DocumentedResult[] = [];
  const lines = block.code.split('\n');
  const setup: string[] = [];
  lines.forEach((line, index) => {
    if (/^const \w+ = createResultHelpers\(/.test(line)) setup.push(line);
    const inline = /^(?:return )?(.+?);\s+\/\/ ([{[].*)$/.exec(line);
    if (inline && !inline[2].includes('…')) found.push({ block, call: [...setup, `return ${inline[1]};`].join('\n'), expected: inline[2] });
    const next = lines[index + 1] ?? '';
    if (/^\/\/ \{.*\}$/.test(next) && !/\/\/ /.test(line) && !next.includes('…')) {
      found.push({ block, call: [...setup, `return ${line.replace(/^return /, '').replace(/;$/, '')};`].join('\n'), expected: next.slice(3) });
    }
    if (next === '// {') {
      const end = lines.indexOf('// }', index + 1);
      const expected = lines.slice(index + 1, end + 1).map((comment) => comment.replace(/^\/\/ ?/, '')).join('\n');
      const call = /^(?:\/\/ )?(?:return )?(.+?);?$/.exec(line.trim())?.[1];
      if (call && !expected.includes('…')) found.push({ block, call: [...setup, `return ${call};`].join('\n'), expected });
    }
  });
  return found;
}

function evaluate(code: string): unknown {
  const js = ts.transpileModule(code, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
  const scope = { ...runtime, ...PRELUDE_VALUES };
  return new Function(...Object.keys(scope), js)(...Object.values(scope));
}

describe('documented TypeScript examples', () => {
  const errors = typeErrors(EXAMPLES);

  it('finds the examples (docs/api.md and the README runtime section)', () => {
    expect(EXAMPLES.filter((block) => block.source === 'docs/api.md').length).toBeGreaterThan(8);
    expect(README_RUNTIME.length).toBeGreaterThan(0);
  });

  it.each(EXAMPLES.map((block) => [`${block.source}:${block.line}`, block] as const))('%s compiles against the runtime', (_label, block) => {
    expect(errors.get(block)).toEqual([]);
  });

  const results = EXAMPLES.flatMap(documentedResults);
  it('finds documented results to check', () => {
    expect(results.length).toBeGreaterThanOrEqual(6);
  });

  it.each(results.map((result) => [`${result.block.source}:${result.block.line} ${result.call.split('\n').at(-1)}`, result] as const))('%s returns what the docs say', (_label, result) => {
    expect(evaluate(result.call)).toEqual(evaluate(`return (${result.expected});`));
  });
});

describe('documented version ranges', () => {
  it("the README's TypeScript range is the tools' peer range (5.x and 6.0)", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> };
    expect(manifest.peerDependencies.typescript).toBe('>=5.0.4 <6.1.0');
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('TypeScript (5.x or 6.0)');
    expect(readme).not.toMatch(/TypeScript \(5\.x\)/);
  });
});
