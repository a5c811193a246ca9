// The SDK's own v1→v2 codemod (@modelcontextprotocol/codemod, `mcp-codemod v1-to-v2`) and
// `mcp-result-kit migrate`, run in either order on an SDK 1.x server (fixtures/sdk-compat/recipes-v1):
// the codemod moves imports, registrations and callbacks to v2 and leaves results alone; migrate
// rewrites the results and leaves the rest alone. Both orders give the same server, which then
// typechecks against the v2 types and has nothing left for check to report.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cachedInstall, cleanupProjects, packTarballs, ROOT, run, sdkV2Install, tsc, unpackTarball } from './npm-project.js';

// npm installs (the first run on a machine downloads) and real compiles: minutes, not seconds.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

const CODEMOD = '2.3.1';
const SDK_V2 = '2.4.0';
const FIXTURE = path.join(ROOT, 'fixtures/sdk-compat/recipes-v1');
const BIN = path.join(ROOT, 'dist/bin/mcp-result-kit.js');

let codemodBin: string;
let v2: string;
let runtimeTarball: string;
const projects: string[] = [];

beforeAll(() => {
  runtimeTarball = packTarballs().runtime;
  codemodBin = path.join(cachedInstall(`codemod-${CODEMOD}`, [`@modelcontextprotocol/codemod@${CODEMOD}`]), 'node_modules/@modelcontextprotocol/codemod/dist/cli.mjs');
  v2 = sdkV2Install(SDK_V2);
});
afterAll(() => {
  for (const dir of projects) rmSync(dir, { recursive: true, force: true });
  cleanupProjects();
});

/** The fixture inside the v2 install, so that after the codemod it resolves the v2 packages. */
function project(): string {
  const dir = mkdtempSync(path.join(v2, 'codemod-order-'));
  projects.push(dir);
  cpSync(FIXTURE, dir, { recursive: true });
  unpackTarball(runtimeTarball, dir, 'mcp-result-kit');
  return dir;
}

function codemod(dir: string): string {
  const result = run(dir, process.execPath, [codemodBin, 'v1-to-v2', '.']);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

function migrate(dir: string): string {
  const result = run(dir, process.execPath, [BIN, 'migrate', '--allow-dirty', 'src']);
  expect(result.stderr).not.toMatch(/mcp-result-kit: (?!warning|note)/);
  expect(result.status).toBe(0);
  return result.stdout;
}

/** The codemod writes the imports it adds with double quotes; migrate copies the quotes of the file's last import. */
const sameQuotes = (text: string) => text.replace(/^import (.*) from "(.*)";$/gm, "import $1 from '$2';");

describe(`mcp-codemod v1-to-v2 (${CODEMOD}) and mcp-result-kit migrate`, () => {
  it('give the same v2 server in either order, which typechecks and checks clean', () => {
    const codemodFirst = project();
    codemod(codemodFirst);
    const afterCodemod = readFileSync(path.join(codemodFirst, 'src/server.ts'), 'utf8');
    // The codemod leaves results alone: the raw string, the JSON text and the plain object are still there.
    expect(afterCodemod).toContain("return [...recipes.keys()].join('\\n');");
    expect(afterCodemod).toContain('return JSON.stringify(recipe, null, 2);');
    expect(migrate(codemodFirst)).toContain('Protocol version 2026-07-28: the default for SDK v2');

    const migrateFirst = project();
    expect(migrate(migrateFirst)).toContain('Protocol version 2025-11-25: the default for SDK 1.x');
    codemod(migrateFirst);

    const a = readFileSync(path.join(codemodFirst, 'src/server.ts'), 'utf8');
    const b = readFileSync(path.join(migrateFirst, 'src/server.ts'), 'utf8');
    expect(sameQuotes(a)).toBe(sameQuotes(b));
    expect(a).toContain('return jsonResult(recipe);');
    expect(a).toContain('return errorTextResult(`Error: no recipe called ${name}`);');
    expect(a).toContain('return jsonResult({ minutes: recipe.minutes, requestId: String(ctx.mcpReq.id) });');
    expect(JSON.parse(readFileSync(path.join(codemodFirst, 'package.json'), 'utf8'))).toEqual(JSON.parse(readFileSync(path.join(migrateFirst, 'package.json'), 'utf8')));

    for (const dir of [codemodFirst, migrateFirst]) {
      expect(tsc(dir)).toEqual({ status: 0, output: '' });
      const check = run(dir, process.execPath, [BIN, 'check', 'src']);
      expect(check.status).toBe(0);
      expect(check.stdout).toMatch(/^No problems found in 1 file \(3 tool handlers\)\./);
    }
  });
});
