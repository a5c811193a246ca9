// The helpers' parameter types, compiled as a server author writes them: data typed by an
// interface or a type alias is accepted, a function or a symbol (no JSON form) is a type error.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'mrk-json-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PRELUDE = `
import { createResultHelpers, jsonResult, successResult } from 'mcp-result-kit';
interface User { id: string; name: string; tags: string[]; manager?: User; joined: Date }
type Totals = { count: number; byKind: Record<string, number> };
declare const user: User;
declare const totals: Totals;
declare const users: User[];
declare const anything: any;
declare const unknownValue: unknown;
const helpers = createResultHelpers({ format: 'both' });
const v2 = createResultHelpers({ protocolVersion: '2026-07-28' });
export {};
`;

const ACCEPTED: Record<string, string> = {
  'successResult, data typed by an interface': `successResult('Found Ada', user);`,
  'successResult, data typed by a type alias': `successResult('3 items', totals);`,
  'successResult, an object literal and no data': `successResult('ok', { id: user.id, names: [user.name] }); successResult('ok');`,
  'successResult, any': `successResult('ok', anything);`,
  'jsonResult, interface, alias, array, any, unknown': `jsonResult(user); jsonResult(totals); jsonResult(users); jsonResult(anything); jsonResult(unknownValue); jsonResult({ user }, { indent: 0 });`,
  'createResultHelpers: the same for the bound helpers': `helpers.successResult('Found Ada', user); helpers.jsonResult(user); v2.successResult('ok', totals); v2.jsonResult(users);`,
};

const REJECTED: Record<string, string> = {
  'successResult, a function': `successResult('ok', () => user);`,
  'successResult, a symbol': `successResult('ok', Symbol('user'));`,
  'successResult, a string (structuredContent is an object)': `successResult('ok', 'Ada');`,
  'successResult, an array (structuredContent is an object)': `successResult('ok', users);`,
  'jsonResult, a function': `jsonResult(() => user);`,
  'jsonResult, a symbol': `jsonResult(Symbol('user'));`,
  'createResultHelpers().successResult, a function': `helpers.successResult('ok', () => user);`,
  'createResultHelpers().jsonResult, a function': `v2.jsonResult(() => user);`,
};

/** Type errors per case file, compiled together against the runtime's source. */
function typeErrors(kind: string, cases: Record<string, string>): Map<string, string[]> {
  const files = new Map<string, string>();
  Object.entries(cases).forEach(([label, code], index) => {
    const file = path.join(dir, `${kind}-${index}.ts`);
    writeFileSync(file, `${PRELUDE}\n${code}\n`);
    files.set(file, label);
  });
  const program = ts.createProgram([...files.keys()], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    types: ['node'],
    typeRoots: [path.join(ROOT, 'node_modules/@types')],
    baseUrl: ROOT,
    paths: { 'mcp-result-kit': ['packages/runtime/src/index.ts'] },
  });
  const byLabel = new Map<string, string[]>([...files.values()].map((label) => [label, []]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const label = diagnostic.file && files.get(diagnostic.file.fileName);
    if (label) byLabel.get(label)!.push(`TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`);
  }
  return byLabel;
}

describe('successResult and jsonResult parameter types', () => {
  const accepted = typeErrors('accepted', ACCEPTED);
  const rejected = typeErrors('rejected', REJECTED);

  it.each(Object.keys(ACCEPTED))('accepts %s', (label) => {
    expect(accepted.get(label)).toEqual([]);
  });

  it.each(Object.keys(REJECTED))('rejects %s', (label) => {
    expect(rejected.get(label)).toEqual([expect.stringMatching(/^TS2345: Argument of type .* is not assignable to parameter of type/)]);
  });
});
