// The generated local helpers module: it compiles under strict TypeScript (and the stricter flags
// projects add), and behaves like the runtime helpers in src/results on a table of inputs.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as runtime from '../../packages/runtime/src/results/results.js';
import { localHelpersSource } from '../../transforms/local-helpers.js';
import { planLocalHelpers } from '../../cli/local-helpers-file.js';
import { cleanupTemporaries, linkModules, tempDir } from './helpers.js';

type Helpers = typeof runtime;

const STRICTEST: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  noPropertyAccessFromIndexSignature: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  noImplicitReturns: true,
  noImplicitOverride: true,
  verbatimModuleSyntax: true,
};

function compile(dir: string, fileName: string, options: ts.CompilerOptions): string[] {
  const program = ts.createProgram([path.join(dir, fileName)], options);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

let dir: string;
const loaded = new Map<string, Helpers>();

async function load(format: 'readable' | 'structured' | 'both'): Promise<Helpers> {
  let helpers = loaded.get(format);
  if (!helpers) {
    const js = ts.transpileModule(localHelpersSource({ format }), { compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 } }).outputText;
    const file = path.join(dir, `helpers-${format}.mjs`);
    writeFileSync(file, js);
    helpers = (await import(pathToFileURL(file).href)) as Helpers;
    loaded.set(format, helpers);
  }
  return helpers;
}

beforeAll(() => {
  dir = tempDir('mrk-local-helpers-');
  mkdirSync(path.join(dir, 'src'));
  linkModules(dir);
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }');
});
afterAll(cleanupTemporaries);

describe('localHelpersSource', () => {
  it('imports nothing, not even the SDK types (servers on the 2.x packages or FastMCP have no @modelcontextprotocol/sdk)', () => {
    const source = localHelpersSource({});
    const imports = source.split('\n').filter((line) => /^\s*import\b|\brequire\(/.test(line));
    expect(imports).toEqual([]);
    const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ES2022 } }).outputText;
    expect(js).not.toMatch(/\bimport\b|\brequire\(/);
  });

  it.each(['readable', 'structured', 'both'] as const)('compiles with no errors under strict and the stricter flags (format %s)', (format) => {
    writeFileSync(path.join(dir, 'src', `results-${format}.ts`), localHelpersSource({ format }));
    expect(compile(dir, `src/results-${format}.ts`, STRICTEST)).toEqual([]);
    expect(compile(dir, `src/results-${format}.ts`, { strict: true, noEmit: true, skipLibCheck: true, types: [], module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022 })).toEqual([]);
    // A project on an old target gets that target's default lib (ES2016: no Object.entries, fromEntries, trimStart).
    expect(compile(dir, `src/results-${format}.ts`, { strict: true, noEmit: true, skipLibCheck: true, types: [], module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2016 })).toEqual([]);
  });

  it('bakes the default format in', () => {
    expect(localHelpersSource({})).toContain("DEFAULT_RESULT_FORMAT: ResultFormat = 'both'");
    expect(localHelpersSource({ format: 'readable' })).toContain("DEFAULT_RESULT_FORMAT: ResultFormat = 'readable'");
    expect(() => localHelpersSource({ format: 'fancy' as 'both' })).toThrow(/format must be one of/);
  });

  it('lets callers import it from a migrated file and typecheck', () => {
    writeFileSync(path.join(dir, 'src', 'results.ts'), localHelpersSource({}));
    writeFileSync(
      path.join(dir, 'src', 'use.ts'),
      [
        "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';",
        "import { errorResult, errorTextResult, jsonResult, successResult, toCallToolResult, type ToolResult } from './results.js';",
        'export function a(n: number): CallToolResult { return successResult(`n=${n}`, { n }); }',
        "export function b(e: unknown): CallToolResult { return errorResult(e, { code: 'E' }); }",
        'export function c(x: object): CallToolResult { return jsonResult(x, { indent: 0 }); }',
        'export function d(x: unknown): CallToolResult { return toCallToolResult(x); }',
        'export async function e(): Promise<ToolResult> { return errorTextResult(`Failed: ${1}`); }',
        // A server's own narrower result type: a success without isError fits it.
        'type Narrow = { content: { type: "text"; text: string }[]; isError?: true };',
        'export function f(): Narrow { return jsonResult({ a: 1 }); }',
        // Data typed by an interface (most servers type their data so): no index signature needed.
        'interface User { id: string; tags: string[] }',
        "export function g(user: User): CallToolResult { return successResult('found', user); }",
        'export function h(user: User): CallToolResult { return jsonResult(user); }',
        '',
      ].join('\n'),
    );
    expect(compile(dir, 'src/use.ts', STRICTEST)).toEqual([]);
  });
});

describe('planLocalHelpers', () => {
  it('writes a missing module, keeps an identical or edited generated one, and refuses one without what migrated files import', () => {
    const file = path.join(dir, 'src', 'plan.ts');
    expect(planLocalHelpers(file, undefined, 'src/plan.ts').write).toBe(true);
    const current = localHelpersSource({});
    writeFileSync(file, current);
    expect(planLocalHelpers(file, undefined, 'src/plan.ts')).toMatchObject({ write: false, text: current });
    const edited = current.replace('/** The format used when a call passes none. */', '/** Our default. */');
    writeFileSync(file, edited);
    expect(planLocalHelpers(file, undefined, 'src/plan.ts')).toMatchObject({ write: false, text: edited });
    // A module generated before errorTextResult existed: migrated error sites would not compile against it.
    writeFileSync(file, current.replace(/\/\*\* An error result whose text[\s\S]*?\n}\n/, ''));
    expect(() => planLocalHelpers(file, undefined, 'src/plan.ts')).toThrow(
      '--local-helpers: src/plan.ts was generated by an earlier version and does not export errorTextResult, which migrated files import; remove it so that migrate writes the current module (or add it yourself)',
    );
  });
});

class HttpError extends Error {
  status = 404;
}

/** [label, call] rows run on both implementations. */
const CASES: [string, (h: Helpers) => unknown][] = [
  ['successResult text', (h) => h.successResult('Deleted a.ts')],
  ['successResult with data', (h) => h.successResult('2 files', { files: ['a', 'b'], when: new Date(0) })],
  ['successResult structured option', (h) => h.successResult('2 files', { n: 2 }, { format: 'structured' })],
  ['successResult readable option', (h) => h.successResult('2 files', { n: 2 }, { format: 'readable' })],
  ['successResult structured without data', (h) => h.successResult('plain', undefined, { format: 'structured' })],
  ['errorResult string', (h) => h.errorResult('not found')],
  ['errorResult strips Error: prefixes', (h) => h.errorResult('Error: Error: disk full')],
  ['errorResult trims', (h) => h.errorResult('  Error:   spaced  ')],
  ['errorResult empty', (h) => h.errorResult('')],
  ['errorResult Error', (h) => h.errorResult(new Error('boom'))],
  ['errorResult Error subclass', (h) => h.errorResult(new HttpError('Error: gone'))],
  ['errorResult number', (h) => h.errorResult(404)],
  ['errorResult undefined', (h) => h.errorResult(undefined)],
  ['errorResult null', (h) => h.errorResult(null)],
  ['errorResult message-like object', (h) => h.errorResult({ message: 'Error: from object', code: 1 })],
  ['errorResult other object', (h) => h.errorResult({ code: 'E_LOCKED' })],
  ['errorResult extra', (h) => h.errorResult('locked', { path: 'a.ts', error: 'ignored', code: 423 })],
  ['errorResult structured', (h) => h.errorResult('locked', { path: 'a.ts' }, { format: 'structured' })],
  ['errorResult readable', (h) => h.errorResult('locked', { path: 'a.ts' }, { format: 'readable' })],
  ['errorTextResult keeps the text', (h) => h.errorTextResult('Error getting configuration: timeout')],
  ['errorTextResult lower-case error:', (h) => h.errorTextResult('error: bad id')],
  ['errorTextResult Failed with spaces', (h) => h.errorTextResult('  Failed to list\n')],
  ['errorTextResult extra', (h) => h.errorTextResult('Error: locked', { path: 'a.ts' })],
  ['errorTextResult blank', (h) => h.errorTextResult(' ')],
  ['errorTextResult Error', (h) => h.errorTextResult(new Error('boom'))],
  ['errorTextResult structured', (h) => h.errorTextResult('Failed: x', { code: 1 }, { format: 'structured' })],
  ['errorTextResult readable', (h) => h.errorTextResult('Failed: x', { code: 1 }, { format: 'readable' })],
  ['jsonResult object', (h) => h.jsonResult({ a: 1, b: [1, 2, { c: null }] })],
  ['jsonResult compact', (h) => h.jsonResult({ a: 1 }, { indent: 0 })],
  ['jsonResult indent 4', (h) => h.jsonResult({ a: { b: 1 } }, { indent: 4 })],
  ['jsonResult indent string', (h) => h.jsonResult({ a: 1 }, { indent: '\t' })],
  ['jsonResult replacer function, space undefined', (h) => h.jsonResult({ id: 7n, token: 's' }, { replacer: (key, value) => (key === 'token' ? undefined : typeof value === 'bigint' ? String(value) : value), space: undefined })],
  ['jsonResult replacer keys, default indent', (h) => h.jsonResult({ a: 1, b: { a: 2, c: 3 } }, { replacer: ['a', 'b'] })],
  ['jsonResult replacer on an array', (h) => h.jsonResult([1n], { replacer: (_key, value) => (typeof value === 'bigint' ? Number(value) : value), indent: 0 })],
  ['jsonResult space 4', (h) => h.jsonResult({ a: [1] }, { space: 4 })],
  ['jsonResult stringify', (h) => h.jsonResult({ id: 7n }, { stringify: (value: { id: bigint }) => JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? String(item) : item), 2) })],
  ['jsonResult stringify of an array', (h) => h.jsonResult([1], { stringify: (value: number[]) => JSON.stringify(value) })],
  ['jsonResult stringify, not JSON', (h) => h.jsonResult({ a: 1 }, { stringify: () => 'a = 1' })],
  ['jsonResult stringify readable', (h) => h.jsonResult({ a: 1 }, { stringify: (value: { a: number }) => JSON.stringify(value), format: 'readable' })],
  ['successResult replacer', (h) => h.successResult('ok', { id: 7n, token: 's' }, { replacer: (key, value) => (key === 'token' ? undefined : typeof value === 'bigint' ? String(value) : value) })],
  ['jsonResult array', (h) => h.jsonResult([1, 'two', null])],
  ['jsonResult number', (h) => h.jsonResult(42)],
  ['jsonResult string', (h) => h.jsonResult('text')],
  ['jsonResult null', (h) => h.jsonResult(null)],
  ['jsonResult Date and toJSON', (h) => h.jsonResult({ when: new Date(86_400_000), custom: { toJSON: () => 'custom' } })],
  ['jsonResult undefined/NaN/-0', (h) => h.jsonResult({ gone: undefined, nan: Number.NaN, inf: Infinity, zero: -0, list: [undefined, 1] })],
  ['jsonResult drops nested functions and symbols', (h) => h.jsonResult({ f: () => 1, s: Symbol('s'), list: [() => 1], keep: true })],
  ['jsonResult readable', (h) => h.jsonResult({ a: 1 }, { format: 'readable' })],
  ['jsonResult structured', (h) => h.jsonResult([1], { format: 'structured' })],
  ['toCallToolResult undefined', (h) => h.toCallToolResult(undefined)],
  ['toCallToolResult null', (h) => h.toCallToolResult(null)],
  ['toCallToolResult plain string', (h) => h.toCallToolResult('hello')],
  ['toCallToolResult JSON object string', (h) => h.toCallToolResult('{"files":["a.ts"],"count":1}')],
  ['toCallToolResult pretty JSON string', (h) => h.toCallToolResult('\n{\n  "a": 1\n}\n')],
  ['toCallToolResult JSON array string', (h) => h.toCallToolResult('[1,2]')],
  ['toCallToolResult broken JSON string', (h) => h.toCallToolResult('{not json')],
  ['toCallToolResult JSON error string', (h) => h.toCallToolResult('{"error":"Not found","path":"x.ts"}')],
  ['toCallToolResult JSON success:false string', (h) => h.toCallToolResult('{"success":false,"reason":"locked"}')],
  ['toCallToolResult object', (h) => h.toCallToolResult({ volumes: [1, 2], count: 2 })],
  ['toCallToolResult error object', (h) => h.toCallToolResult({ error: 'denied', code: 403 })],
  ['toCallToolResult blank error object', (h) => h.toCallToolResult({ error: ' ', code: 1 })],
  ['toCallToolResult success:false object', (h) => h.toCallToolResult({ success: false, message: 'no' })],
  ['toCallToolResult Error', (h) => h.toCallToolResult(new Error('Error: boom'))],
  ['toCallToolResult number', (h) => h.toCallToolResult(7)],
  ['toCallToolResult boolean', (h) => h.toCallToolResult(false)],
  ['toCallToolResult array', (h) => h.toCallToolResult([{ a: 1 }])],
  ['toCallToolResult readable object', (h) => h.toCallToolResult({ a: 1 }, { format: 'readable' })],
  ['toCallToolResult structured string', (h) => h.toCallToolResult('hello', { format: 'structured' })],
  ['toCallToolResult fake result', (h) => h.toCallToolResult({ content: [{ type: 'text' }] })],
  ['toCallToolResult content not array', (h) => h.toCallToolResult({ content: 'x' })],
];

const PASS_THROUGH = [
  { content: [{ type: 'text', text: 'hi' }], isError: false },
  { content: [{ type: 'image', data: 'aGk=', mimeType: 'image/png' }] },
  { content: [], structuredContent: { a: 1 } },
  { content: [{ type: 'resource', resource: { uri: 'file:///a', text: 'x' } }] },
];

function outcome(call: () => unknown): { value?: unknown; threw?: string } {
  try {
    return { value: call() };
  } catch (error) {
    return { threw: (error as Error).constructor.name };
  }
}

describe('local helpers behave like the runtime', () => {
  it.each(CASES)('%s (default format)', async (_label, call) => {
    const local = await load('both');
    expect(outcome(() => call(local))).toEqual(outcome(() => call(runtime)));
  });

  it.each(['readable', 'structured'] as const)('uses the baked-in format %s like createResultHelpers({ format })', async (format) => {
    const local = await load(format);
    const bound = runtime.createResultHelpers({ format }) as unknown as Helpers;
    for (const [label, call] of CASES) {
      // Per-call formats win over the default in both, so every row applies.
      expect(outcome(() => call(local)), label).toEqual(outcome(() => call(bound)));
    }
  });

  it('passes CallToolResults through as the same object', async () => {
    const local = await load('both');
    for (const result of PASS_THROUGH) {
      expect(local.toCallToolResult(result)).toBe(result);
      expect(runtime.toCallToolResult(result)).toBe(result);
    }
  });

  it('throws a TypeError where the runtime does', async () => {
    const local = await load('both');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const rows: [string, (h: Helpers) => unknown][] = [
      ['jsonResult(undefined)', (h) => h.jsonResult(undefined)],
      ['jsonResult(cycle)', (h) => h.jsonResult(cyclic)],
      ['jsonResult(BigInt)', (h) => h.jsonResult({ n: 1n })],
      // Typed code cannot pass a function (a type error); untyped code still gets the TypeError.
      ['jsonResult(function)', (h) => h.jsonResult((() => 1) as unknown)],
      ['toCallToolResult(symbol)', (h) => h.toCallToolResult(Symbol('x'))],
      ['successResult(non-string)', (h) => h.successResult(42 as unknown as string)],
      ['successResult(array data)', (h) => h.successResult('x', [1] as unknown as runtime.JsonObject)],
      ['errorResult(array extra)', (h) => h.errorResult('x', [1] as unknown as runtime.JsonObject)],
      ['bad format', (h) => h.successResult('x', undefined, { format: 'fancy' as runtime.ResultFormat })],
      ['options not an object', (h) => h.jsonResult({}, 'pretty' as unknown as runtime.JsonResultOptions)],
      ['bad indent', (h) => h.jsonResult({}, { indent: true as unknown as number })],
      ['stringify not a function', (h) => h.jsonResult({}, { stringify: 'JSON' as unknown as () => string })],
      ['stringify returns no string', (h) => h.jsonResult({}, { stringify: () => 1 as unknown as string })],
      ['stringify with indent', (h) => h.jsonResult({}, { stringify: () => '{}', indent: 2 })],
    ];
    for (const [label, call] of rows) {
      expect(outcome(() => call(local)).threw, label).toBe('TypeError');
      expect(outcome(() => call(runtime)).threw, label).toBe('TypeError');
    }
  });

});
