// Codemod pairs for the opt-in output-schema transform: fixtures/output-schema/cases/<name>.input.ts
// migrated type-aware (a temporary project with a tsconfig and the repository's node_modules) with
// --output-schema gives <name>.output.ts, lists the expected tools for review, and a second run
// changes nothing.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigration } from '../../transforms/index.js';
import { cleanupTemporaries, linkModules, tempDir } from '../cli/helpers.js';
import { FIXTURES } from './fixture-cases.js';

afterAll(cleanupTemporaries);

const CASES = path.join(FIXTURES, 'output-schema', 'cases');
const names = readdirSync(CASES)
  .filter((file) => file.endsWith('.input.ts'))
  .map((file) => file.slice(0, -'.input.ts'.length))
  .sort();

/** Reviews expected per case: `line kind message` (the tools left without a schema). */
const REVIEWS: Record<string, string[]> = {
  untyped: ['9 output-schema no outputSchema written: line 11: the value.body is typed any'],
};

function migrateCase(name: string, text: string) {
  const dir = tempDir('mrk-output-schema-case-');
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'case', private: true, type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.32.2', 'mcp-result-kit': '^0.1.0', zod: '^4.0.0' } }));
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true, types: [] }, include: ['*.ts'] }));
  linkModules(dir, { kit: true });
  const file = path.join(dir, `${name}.ts`);
  writeFileSync(file, text);
  const run = runMigration({ files: [file], tsconfig: path.join(dir, 'tsconfig.json'), outputSchema: true });
  return run.files[0];
}

describe.each(names)('output-schema/%s', (name) => {
  const input = readFileSync(path.join(CASES, `${name}.input.ts`), 'utf8');
  const outputPath = path.join(CASES, `${name}.output.ts`);
  const expected = existsSync(outputPath) ? readFileSync(outputPath, 'utf8') : '';

  it('produces the expected output and lists the expected tools for review, and a second run changes nothing', () => {
    const first = migrateCase(name, input);
    expect(first.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    expect(first.text).toBe(expected);
    expect(first.diagnostics.map((diagnostic) => `${diagnostic.line} ${diagnostic.kind} ${diagnostic.message}`)).toEqual(REVIEWS[name] ?? []);
    const second = migrateCase(name, first.text);
    expect(second.changes).toEqual([]);
    expect(second.text).toBe(first.text);
  }, 120_000);
});

// MRK_UPDATE_OUTPUT_SCHEMA_CASES=1 writes the outputs (review them before committing).
if (process.env.MRK_UPDATE_OUTPUT_SCHEMA_CASES === '1') {
  for (const name of names) {
    const result = migrateCase(name, readFileSync(path.join(CASES, `${name}.input.ts`), 'utf8'));
    writeFileSync(path.join(CASES, `${name}.output.ts`), result.text);
  }
}
