import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCases } from './fixture-cases.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const JSCODESHIFT = path.join(ROOT, 'node_modules/.bin/jscodeshift');
const TRANSFORM = path.join(ROOT, 'dist/transforms/jscodeshift.js');

// Cases that need no handler options, as a user would run jscodeshift without flags.
const cases = fixtureCases().filter((fixture) => Object.keys(fixture.options).length === 0);

describe('jscodeshift adapter, through the real jscodeshift runner', () => {
  let folder: string;
  let run: ReturnType<typeof spawnSync>;

  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'mrk-jscodeshift-'));
    for (const fixture of cases) writeFileSync(path.join(folder, `${fixture.transform}__${fixture.name}.ts`), fixture.input);
    writeFileSync(path.join(folder, 'broken.ts'), 'export const x = (;\n');
    run = spawnSync(JSCODESHIFT, ['--no-babel', '-t', TRANSFORM, '--parser=ts', '--extensions=ts', '--run-in-band', folder], { encoding: 'utf8' });
  });

  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('runs over the folder and reports the unparsable file as an error', () => {
    expect(run.status).toBe(0);
    const output = String(run.stdout);
    expect(output).toMatch(/broken\.ts Transformation error .*does not parse/);
    const changed = cases.filter((fixture) => fixture.input !== fixture.output).length;
    expect(output).toContain(`${changed} ok`);
    expect(output).toContain(`${cases.length - changed} skipped`);
    expect(output).toContain('1 errors');
    expect(readFileSync(path.join(folder, 'broken.ts'), 'utf8')).toBe('export const x = (;\n');
  });

  it.each(cases.map((fixture) => [`${fixture.transform}/${fixture.name}`, fixture] as const))('%s matches the migrate output', (_label, fixture) => {
    expect(readFileSync(path.join(folder, `${fixture.transform}__${fixture.name}.ts`), 'utf8')).toBe(fixture.output);
  });
});
