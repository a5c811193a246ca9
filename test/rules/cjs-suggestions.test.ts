// The rules' suggestions in CommonJS files, through ESLint's API on real files: the helper import
// is a `require` after "use strict" (an `import` there would be a SyntaxError), in the same place
// `migrate` puts it; ES modules keep getting `import`. The fixed files are then run with Node.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import plugin from '../../rules/index.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const recommended = (plugin.configs as unknown as Record<'recommended', Linter.Config>).recommended;
const base = mkdtempSync(path.join(tmpdir(), 'mrk-cjs-lint-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const HANDLER = `const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');

const server = new McpServer({ name: 'cjs', version: '1.0.0' });
server.tool('greet', 'Say hello', async () => {
  return 'Hello from CommonJS';
});

module.exports = { server };
`;

const NO_REQUIRE = `'use strict';

module.exports = function register(server) {
  server.tool('ping', 'Ping', async () => {
    return 'pong';
  });
};
`;

/** A package folder (with `type` when given) holding `files`, and the kit's node_modules. */
function project(name: string, type: string | undefined, files: Record<string, string>): string {
  const dir = path.join(base, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, private: true, ...(type ? { type } : {}) }));
  mkdirSync(path.join(dir, 'node_modules'));
  for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
    if (!entry.startsWith('.')) symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  }
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

/** The file with its first suggestion applied. */
async function applyFirstSuggestion(file: string, text: string): Promise<string> {
  const eslint = new ESLint({ cwd: path.dirname(file), overrideConfigFile: true, overrideConfig: [recommended] });
  const [result] = await eslint.lintText(text, { filePath: file });
  const message = result.messages.find((candidate) => candidate.suggestions?.length);
  expect(message, JSON.stringify(result.messages)).toBeDefined();
  const fix = message!.suggestions![0].fix;
  return text.slice(0, fix.range[0]) + fix.text + text.slice(fix.range[1]);
}

describe('suggestions in CommonJS files', () => {
  it('a .cjs file without requires gets a require after "use strict", and it runs', async () => {
    const dir = project('cjs-ext', 'module', {});
    const file = path.join(dir, 'ping.cjs');
    const fixed = await applyFirstSuggestion(file, NO_REQUIRE);
    expect(fixed).toBe(NO_REQUIRE.replace("'use strict';\n", "'use strict';\nconst { successResult } = require('mcp-result-kit');\n").replace("return 'pong';", "return successResult('pong');"));
    writeFileSync(file, fixed);
    const out = execFileSync(process.execPath, ['-e', `let handler; require('./ping.cjs')({ tool: (...args) => { handler = args.at(-1); } }); handler().then((r) => process.stdout.write(JSON.stringify(r)));`], { cwd: dir, encoding: 'utf8' });
    expect(JSON.parse(out)).toStrictEqual({ content: [{ type: 'text', text: 'pong' }] });
  });

  it('a .js file in a package without "type": "module" gets a require after its last require', async () => {
    const dir = project('cjs-package', undefined, {});
    const fixed = await applyFirstSuggestion(path.join(dir, 'server.js'), HANDLER);
    expect(fixed).toContain("const { McpServer } = require('@modelcontextprotocol/sdk/server/mcp.js');\nconst { successResult } = require('mcp-result-kit');\n");
    expect(fixed).not.toContain('import ');
  });

  it('a .js file with neither imports nor requires follows its package: require in CommonJS, import in ES modules', async () => {
    const cjs = await applyFirstSuggestion(path.join(project('plain-cjs', 'commonjs', {}), 'ping.js'), NO_REQUIRE);
    expect(cjs).toContain("'use strict';\nconst { successResult } = require('mcp-result-kit');\n");
    const esmSource = NO_REQUIRE.replace('module.exports = function', 'export default function').replace(/};\n$/, '}\n');
    const esm = await applyFirstSuggestion(path.join(project('plain-esm', 'module', {}), 'ping.js'), esmSource);
    expect(esm).toContain("'use strict';\nimport { successResult } from 'mcp-result-kit';\n");
  });
});
