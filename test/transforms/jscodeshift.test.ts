import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureCases, type FixtureCase } from './fixture-cases.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const JSCODESHIFT = path.join(ROOT, 'node_modules/.bin/jscodeshift');
// The documented entry: CommonJS, so jscodeshift's Babel register cannot break it.
const ENTRY = path.join(ROOT, 'dist/transforms/jscodeshift.cjs');

// Cases a user would run without handler options: the default (recommended) rule set, and strict.
const withoutHandlerOptions = fixtureCases().filter((fixture) => Object.keys(fixture.options).every((key) => key === 'preset'));
const recommended = withoutHandlerOptions.filter((fixture) => (fixture.options.preset ?? 'recommended') === 'recommended');
const strict = withoutHandlerOptions.filter((fixture) => fixture.options.preset === 'strict');

const folders: string[] = [];

function writeCases(cases: FixtureCase[]): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'mrk-jscodeshift-'));
  folders.push(folder);
  for (const fixture of cases) writeFileSync(path.join(folder, `${fixture.transform}__${fixture.name}.ts`), fixture.input);
  return folder;
}

function jscodeshift(args: string[]) {
  return spawnSync(JSCODESHIFT, args, { encoding: 'utf8' });
}

afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

describe('jscodeshift adapter, through the real jscodeshift runner and its Babel register (the README command)', () => {
  let folder: string;
  let run: ReturnType<typeof jscodeshift>;

  beforeAll(() => {
    folder = writeCases(recommended);
    writeFileSync(path.join(folder, 'broken.ts'), 'export const x = (;\n');
    run = jscodeshift(['-t', ENTRY, '--parser=ts', '--extensions=ts', '--fail-on-error', '--run-in-band', folder]);
  });

  it('runs over the folder; the unparsable file is an error, and --fail-on-error makes it exit 1', () => {
    const output = String(run.stdout);
    expect(output).toMatch(/broken\.ts Transformation error .*could not be parsed/);
    const changed = recommended.filter((fixture) => fixture.input !== fixture.output).length;
    expect(output).toContain(`${changed} ok`);
    expect(output).toContain(`${recommended.length - changed} skipped`);
    expect(output).toContain('1 errors');
    expect(run.status).toBe(1);
    expect(readFileSync(path.join(folder, 'broken.ts'), 'utf8')).toBe('export const x = (;\n');
  });

  it.each(recommended.map((fixture) => [`${fixture.transform}/${fixture.name}`, fixture] as const))('%s matches the migrate output', (_label, fixture) => {
    expect(readFileSync(path.join(folder, `${fixture.transform}__${fixture.name}.ts`), 'utf8')).toBe(fixture.output);
  });
});

describe('jscodeshift adapter with --no-babel and --preset=strict', () => {
  let folder: string;
  let run: ReturnType<typeof jscodeshift>;

  beforeAll(() => {
    folder = writeCases(strict);
    run = jscodeshift(['--no-babel', '-t', ENTRY, '--parser=ts', '--extensions=ts', '--fail-on-error', '--run-in-band', '--preset=strict', folder]);
  });

  it('exits 0 and changes the strict-only sites', () => {
    expect(run.status, String(run.stdout) + String(run.stderr)).toBe(0);
    expect(strict.length).toBeGreaterThan(0);
  });

  it.each(strict.map((fixture) => [`${fixture.transform}/${fixture.name}`, fixture] as const))('%s matches the migrate output', (_label, fixture) => {
    expect(readFileSync(path.join(folder, `${fixture.transform}__${fixture.name}.ts`), 'utf8')).toBe(fixture.output);
  });

  it('refuses an unknown preset loudly', () => {
    const one = writeCases(strict.slice(0, 1));
    const bad = jscodeshift(['--no-babel', '-t', ENTRY, '--parser=ts', '--extensions=ts', '--fail-on-error', '--run-in-band', '--preset=all', one]);
    expect(bad.status).toBe(1);
    expect(String(bad.stdout)).toContain('--preset must be one of recommended, strict, got "all"');
  });
});

describe('the ES module entry', () => {
  it('still works with --no-babel', () => {
    const folder = writeCases(recommended.filter((fixture) => fixture.input !== fixture.output).slice(0, 1));
    const run = jscodeshift(['--no-babel', '-t', path.join(ROOT, 'dist/transforms/jscodeshift.js'), '--parser=ts', '--extensions=ts', '--fail-on-error', '--run-in-band', folder]);
    expect(run.status).toBe(0);
    expect(String(run.stdout)).toContain('1 ok');
  });
});
