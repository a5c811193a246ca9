import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FIXTURES, fixtureCases } from './fixture-cases.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const cases = fixtureCases();

/** Type errors per file, compiled together against the real SDK, zod and fastmcp types. */
function typeErrors(files: string[]): Map<string, string[]> {
  const program = ts.createProgram(files, {
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
  const byFile = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file?.fileName;
    if (!file || !byFile.has(file)) continue;
    byFile.get(file)!.push(`TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`);
  }
  return byFile;
}

describe('fixture outputs typecheck against the real SDK types', () => {
  const shims = ts.sys.readDirectory(path.join(FIXTURES, 'types'), ['.d.ts']);
  const inputs = typeErrors([...cases.map((fixture) => fixture.inputPath), ...shims]);
  const outputs = typeErrors([...cases.map((fixture) => fixture.outputPath), ...shims]);

  it.each(cases.map((fixture) => [`${fixture.transform}/${fixture.name}`, fixture] as const))('%s has no new type errors', (_label, fixture) => {
    const before = new Set(inputs.get(fixture.inputPath));
    const introduced = (outputs.get(fixture.outputPath) ?? []).filter((message) => !before.has(message));
    expect(introduced).toEqual([]);
  });
});
