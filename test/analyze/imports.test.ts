// Where and how the helper import is written: `import` for ES modules, `require` for CommonJS,
// after "use strict" and after the file's own imports or requires. The module format comes from
// the file's syntax, its extension, the nearest package.json and the tsconfig's `module`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { applyEdits, clearModuleFormatCache, moduleFormatOf, planImports, type HelperName, type ModuleFormat } from '../../src/analyze/index.js';

const base = mkdtempSync(path.join(os.tmpdir(), 'mrk-imports-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
beforeEach(() => clearModuleFormatCache());

/** A folder with a package.json (`type` omitted when undefined). */
function packageDir(name: string, type?: string): string {
  const dir = path.join(base, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, ...(type ? { type } : {}) }));
  return dir;
}

function parse(fileName: string, code: string): ts.SourceFile {
  const kind = /\.[cm]?jsx?$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  return ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, kind);
}

function withImports(fileName: string, code: string, moduleFormat: ModuleFormat, helpers: HelperName[] = ['successResult']): string {
  return applyEdits(code, planImports(parse(fileName, code), helpers, { moduleFormat }));
}

describe('moduleFormatOf', () => {
  it('takes .cjs/.cts and .mjs/.mts at their word, whatever the package says', () => {
    const esmPackage = packageDir('esm-pkg', 'module');
    const cjsPackage = packageDir('cjs-pkg');
    expect(moduleFormatOf(path.join(esmPackage, 'a.cjs'))).toBe('cjs');
    expect(moduleFormatOf(path.join(esmPackage, 'a.cts'))).toBe('cjs');
    expect(moduleFormatOf(path.join(cjsPackage, 'a.mjs'))).toBe('esm');
    expect(moduleFormatOf(path.join(cjsPackage, 'a.mts'))).toBe('esm');
  });

  it('reads "type" from the nearest package.json, looking upwards', () => {
    const esmPackage = packageDir('esm-up', 'module');
    mkdirSync(path.join(esmPackage, 'src/tools'), { recursive: true });
    expect(moduleFormatOf(path.join(esmPackage, 'src/tools/a.js'))).toBe('esm');
    expect(moduleFormatOf(path.join(packageDir('commonjs-up', 'commonjs'), 'a.js'))).toBe('cjs');
    expect(moduleFormatOf(path.join(packageDir('untyped-up'), 'a.ts'))).toBe('cjs');
  });

  it('treats an untyped package as CommonJS unless the tsconfig emits ES modules (bundled code)', () => {
    const file = path.join(packageDir('untyped-bundled'), 'a.js');
    expect(moduleFormatOf(file, { module: ts.ModuleKind.CommonJS })).toBe('cjs');
    expect(moduleFormatOf(file, { module: ts.ModuleKind.NodeNext })).toBe('cjs');
    expect(moduleFormatOf(file, { module: ts.ModuleKind.ESNext })).toBe('esm');
    expect(moduleFormatOf(file, { module: ts.ModuleKind.Preserve })).toBe('esm');
  });
});

describe('planImports in CommonJS files', () => {
  it('puts a require after "use strict" when the file has no other require', () => {
    const code = `'use strict';\n\nmodule.exports = function handler() {\n  return successResult('ok');\n};\n`;
    expect(withImports('server.cjs', code, 'cjs')).toBe(
      `'use strict';\nconst { successResult } = require('mcp-result-kit');\n\nmodule.exports = function handler() {\n  return successResult('ok');\n};\n`,
    );
  });

  it('puts it after the last top-level require, keeping the file quote and semicolon style', () => {
    const code = `"use strict"\nconst { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js")\nconst z = require("zod")\n\nconst server = new McpServer({ name: "x", version: "1" })\n`;
    expect(withImports('server.js', code, 'cjs', ['errorResult', 'successResult'])).toBe(
      `"use strict"\nconst { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js")\nconst z = require("zod")\nconst { errorResult, successResult } = require("mcp-result-kit")\n\nconst server = new McpServer({ name: "x", version: "1" })\n`,
    );
  });

  it('merges into an existing require of the helpers and never declares a bound name twice', () => {
    const code = `'use strict';\nconst { successResult } = require('mcp-result-kit');\n\nexports.run = () => successResult('a');\n`;
    expect(withImports('server.cjs', code, 'cjs', ['errorResult', 'successResult'])).toBe(
      `'use strict';\nconst { errorResult, successResult } = require('mcp-result-kit');\n\nexports.run = () => successResult('a');\n`,
    );
    expect(planImports(parse('server.cjs', code), ['successResult'], { moduleFormat: 'cjs' })).toEqual([]);
  });

  it('uses require for a .js file with neither imports nor requires only when the package is CommonJS', () => {
    const code = `'use strict';\n\nexports.run = () => successResult('a');\n`;
    expect(withImports('a.js', code, 'cjs')).toContain(`'use strict';\nconst { successResult } = require('mcp-result-kit');\n`);
    expect(withImports('a.js', code, 'esm')).toContain(`'use strict';\nimport { successResult } from 'mcp-result-kit';\n`);
  });

  it("lets the file's own syntax win over the package's format", () => {
    const esmInCjsPackage = `import { z } from 'zod';\n\nexport const schema = z.string();\n`;
    expect(withImports('a.js', esmInCjsPackage, 'cjs')).toBe(`import { z } from 'zod';\nimport { successResult } from 'mcp-result-kit';\n\nexport const schema = z.string();\n`);
    const requireInEsmPackage = `const z = require('zod');\n\nmodule.exports = z;\n`;
    expect(withImports('a.js', requireInEsmPackage, 'esm')).toContain(`const z = require('zod');\nconst { successResult } = require('mcp-result-kit');\n`);
  });

  it('gives TypeScript files an import (tsc compiles it to require for CommonJS output and keeps the types), after "use strict"', () => {
    const code = `"use strict";\n\nexport function run() {\n  return successResult('a');\n}\n`;
    expect(withImports('server.ts', code, 'cjs')).toBe(`"use strict";\nimport { successResult } from 'mcp-result-kit';\n\nexport function run() {\n  return successResult('a');\n}\n`);
    const plain = `function run() {\n  return successResult('a');\n}\n`;
    expect(withImports('server.cts', plain, 'cjs')).toBe(`import { successResult } from 'mcp-result-kit';\n\nfunction run() {\n  return successResult('a');\n}\n`);
  });

  it('keeps require for a TypeScript file that already uses it (import = require included)', () => {
    const code = `import fs = require('node:fs');\n\nexport = () => successResult(fs.readFileSync('a', 'utf8'));\n`;
    expect(withImports('server.cts', code, 'cjs')).toBe(`import fs = require('node:fs');\nconst { successResult } = require('mcp-result-kit');\n\nexport = () => successResult(fs.readFileSync('a', 'utf8'));\n`);
  });
});

describe('planImports in ES modules', () => {
  it('puts an import after a "use strict" prologue rather than before it', () => {
    const code = `'use strict';\n\nexport const run = () => successResult('a');\n`;
    expect(withImports('a.mjs', code, 'esm')).toBe(`'use strict';\nimport { successResult } from 'mcp-result-kit';\n\nexport const run = () => successResult('a');\n`);
  });

  it('puts it before the first statement when there is no prologue and no import', () => {
    expect(withImports('a.mjs', `export const run = () => successResult('a');\n`, 'esm')).toBe(
      `import { successResult } from 'mcp-result-kit';\n\nexport const run = () => successResult('a');\n`,
    );
  });
});
