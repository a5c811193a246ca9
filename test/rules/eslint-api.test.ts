// The plugin through ESLint's own API (flat config, lintText / lintFiles), the way users run it,
// plus the type-checked config on a small project where only the checker sees a string.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import plugin from '../../rules/index.js';

const configs = plugin.configs as unknown as Record<'recommended' | 'strict' | 'recommended-type-checked' | 'strict-type-checked' | 'disable-type-checked', Linter.Config>;

// A realistic server file: every line marked `// <rule>` is reported by that rule.
const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { successResult } from 'mcp-result-kit';

interface Container { id: string; name: string; state: 'running' | 'exited' }
declare const docker: {
  list(): Promise<Container[]>;
  inspect(id: string): Promise<Container | undefined>;
  restart(id: string): Promise<void>;
  logs(id: string, tail: number): Promise<string[]>;
};

const server = new McpServer({ name: 'docker', version: '1.0.0' });

server.tool('list_containers', 'List containers', async () => {
  const containers = await docker.list();
  return JSON.stringify(containers, null, 2); // no-json-stringify-result
});

server.tool('inspect_container', 'Inspect one container', { id: z.string() }, async ({ id }) => {
  const container = await docker.inspect(id);
  if (!container) return \`Not found: container \${id}\`; // require-is-error
  return { id: container.id, name: container.name, state: container.state }; // no-bare-object-result
});

server.registerTool('restart_container', { description: 'Restart', inputSchema: { id: z.string() } }, async ({ id }) => {
  try {
    await docker.restart(id);
    return \`Restarted \${id}\`; // no-string-result
  } catch (error) {
    return { content: [{ type: 'text', text: \`Failed to restart \${id}: \${String(error)}\` }] }; // require-is-error
  }
});

server.registerTool(
  'container_logs',
  { inputSchema: { id: z.string(), tail: z.number() }, outputSchema: { lines: z.array(z.string()) } },
  async ({ id, tail }) => {
    const lines = await docker.logs(id, tail);
    return successResult(lines.join('\\n')); // valid-structured-content
  },
);

server.registerTool('ping', { description: 'Ping' }, async () => ({ content: [{ type: 'text', text: 'pong' }] })); // prefer-result-helpers (strict)

server.registerPrompt('explain', { argsSchema: { id: z.string() } }, ({ id }) => ({
  messages: [{ role: 'user', content: { type: 'text', text: \`Explain container \${id}\` } }],
}));
`;

/** Lines and rules announced by the `// <rule>` comments in SERVER. */
function expectedFromComments(code: string, strict: boolean): string[] {
  return code.split('\n').flatMap((line, index) => {
    const match = /\/\/ ([a-z-]+)( \(strict\))?$/.exec(line);
    if (!match || (match[2] && !strict)) return [];
    return [`mcp-result-kit/${match[1]}@${index + 1}`];
  });
}

const summary = (messages: Linter.LintMessage[]): string[] => messages.map((m) => `${m.ruleId}@${m.line}`);

const TS_FILES: Linter.Config = { files: ['**/*.ts'] };

describe('ESLint API with the flat configs', () => {
  it('configs.recommended alone lints a .ts file (the config brings its TypeScript parser)', async () => {
    const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: [configs.recommended] });
    const [result] = await eslint.lintText(SERVER, { filePath: 'src/server.ts' });
    expect(summary(result.messages)).toEqual(expectedFromComments(SERVER, false));
  });

  it('configs.recommended reports the exact rules and lines', async () => {
    const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: [TS_FILES, configs.recommended] });
    const [result] = await eslint.lintText(SERVER, { filePath: 'src/server.ts' });
    expect(summary(result.messages)).toEqual([
      'mcp-result-kit/no-json-stringify-result@17',
      'mcp-result-kit/require-is-error@22',
      'mcp-result-kit/no-bare-object-result@23',
      'mcp-result-kit/no-string-result@29',
      'mcp-result-kit/require-is-error@31',
      'mcp-result-kit/valid-structured-content@40',
    ]);
    expect(summary(result.messages)).toEqual(expectedFromComments(SERVER, false));
    expect(result.messages.every((m) => m.severity === 2 && m.fix === undefined)).toBe(true);
    // Every finding but the outputSchema one carries a suggestion.
    expect(result.messages.map((m) => m.suggestions?.length ?? 0)).toEqual([1, 1, 1, 1, 1, 0]);
  });

  it('configs.strict adds prefer-result-helpers', async () => {
    const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: [TS_FILES, configs.strict] });
    const [result] = await eslint.lintText(SERVER, { filePath: 'src/server.ts' });
    expect(summary(result.messages)).toEqual(expectedFromComments(SERVER, true));
    expect(summary(result.messages)).toContain('mcp-result-kit/prefer-result-helpers@44');
  });

  it('--fix changes nothing: every rewrite is a suggestion', async () => {
    const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: [TS_FILES, configs.strict], fix: true });
    const [result] = await eslint.lintText(SERVER, { filePath: 'src/server.ts' });
    expect(result.output).toBeUndefined();
  });

  describe('lintFiles over a directory with shared settings', () => {
    let dir: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'mrk-eslint-api-'));
      mkdirSync(join(dir, 'src/tools'), { recursive: true });
      writeFileSync(join(dir, 'src/server.ts'), SERVER);
      writeFileSync(
        join(dir, 'src/tools/volumes.ts'),
        `export async function handleListVolumes() {
  return 'vol-a, vol-b';
}

export function handleDeleteVolume(args: { name?: string }) {
  if (!args.name) return 'Error: name is required';
  return { deleted: args.name };
}

export function formatSize(bytes: number) {
  return \`\${bytes / 1024} KB\`;
}
`,
      );
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('reports per file, with handlerPatterns from settings', async () => {
      const eslint = new ESLint({
        cwd: dir,
        overrideConfigFile: true,
        overrideConfig: [TS_FILES, configs.recommended, { settings: { 'mcp-result-kit': { handlerPatterns: ['^handle[A-Z]'] } } }],
      });
      const results = await eslint.lintFiles(['src']);
      const byFile = Object.fromEntries(results.map((r) => [r.filePath.slice(dir.length + 1), summary(r.messages)]));
      expect(byFile).toEqual({
        'src/server.ts': expectedFromComments(SERVER, false),
        'src/tools/volumes.ts': ['mcp-result-kit/no-string-result@2', 'mcp-result-kit/require-is-error@6'],
      });
    });
  });
});

describe('a project file that starts with #! (linted after another file of its project)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mrk-eslint-shebang-'));
    mkdirSync(join(dir, 'src'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'shebang-server', private: true, type: 'module' }));
    writeFileSync(join(dir, 'src/a-clock.ts'), 'export const now = (): number => Date.now();\n');
    writeFileSync(
      join(dir, 'src/index.ts'),
      `#!/usr/bin/env node
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'x', version: '1' });
const defineTool = (name: string, run: () => Promise<string>) => {
  server.registerTool(name, {}, run);
};
defineTool('ping', async () => 'pong');
`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reports what the project's analysis found there: ESLint's text has the #! line as a comment, and every offset is the same", async () => {
    const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: [TS_FILES, configs.recommended] });
    const results = await eslint.lintFiles(['src/a-clock.ts', 'src/index.ts']);
    const byFile = Object.fromEntries(results.map((r) => [r.filePath.slice(dir.length + 1), summary(r.messages)]));
    expect(byFile).toEqual({ 'src/a-clock.ts': [], 'src/index.ts': ['mcp-result-kit/no-string-result@8'] });
  });
});

describe('configs["recommended-type-checked"]', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mrk-type-checked-'));
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'typed-server', type: 'module' }));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true },
        include: ['src'],
      }),
    );
    writeFileSync(
      join(dir, 'src/formatter.ts'),
      `export class Formatter {
  render(value: unknown): string {
    return \`<\${String(value)}>\`;
  }
}
`,
    );
    writeFileSync(
      join(dir, 'src/clock.ts'),
      `export async function now(): Promise<string> {
  return new Date().toISOString();
}
`,
    );
    writeFileSync(
      join(dir, 'src/server.ts'),
      `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Formatter } from './formatter.js';
import { now } from './clock.js';

const server = new McpServer({ name: 'typed', version: '1.0.0' });
const formatter = new Formatter();

server.tool('show', async () => {
  return formatter.render(42);
});

server.tool('time', async () => {
  return await now();
});

server.tool('volumes', async (extra) => {
  return await handleVolumes(extra.sessionId);
});

import { handleVolumes } from './volumes.js';
`,
    );
    writeFileSync(
      join(dir, 'src/volumes.ts'),
      `export async function handleVolumes(session: string | undefined): Promise<string> {
  return \`📚 Volumes for \${session ?? 'anonymous'}\`;
}
`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const lintServer = async (config: Linter.Config) => {
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [TS_FILES, config, { languageOptions: { parserOptions: { tsconfigRootDir: dir } } }],
    });
    const [result] = await eslint.lintFiles(['src/server.ts']);
    return result;
  };

  it('reports a string only the checker can see: a method of an imported class', async () => {
    const typed = await lintServer(configs['recommended-type-checked']);
    expect(summary(typed.messages)).toContain('mcp-result-kit/no-string-result@9');
    const message = typed.messages.find((m) => m.line === 9);
    expect(message?.column).toBe(10);
    expect(message?.suggestions?.[0].fix.text).toContain('successResult(formatter.render(42))');
  }, 60_000);

  it('reports an awaited Promise<string> from a function in another file', async () => {
    const typed = await lintServer(configs['recommended-type-checked']);
    expect(summary(typed.messages)).toEqual(['mcp-result-kit/no-string-result@9', 'mcp-result-kit/no-string-result@13']);
  }, 60_000);

  it('follows a dispatch into another file: the handler is reported there, not at the call', async () => {
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [TS_FILES, configs['recommended-type-checked'], { languageOptions: { parserOptions: { tsconfigRootDir: dir } } }],
    });
    const results = await eslint.lintFiles(['src/server.ts', 'src/volumes.ts']);
    const byFile = Object.fromEntries(results.map((result) => [result.filePath.split('/').pop(), summary(result.messages)]));
    expect(byFile['server.ts']).toEqual(['mcp-result-kit/no-string-result@9', 'mcp-result-kit/no-string-result@13']);
    expect(byFile['volumes.ts']).toEqual(['mcp-result-kit/no-string-result@2']);
    const fix = results.find((result) => result.filePath.endsWith('volumes.ts'))!.messages[0].suggestions?.[0].fix.text;
    expect(fix).toContain('successResult(`📚 Volumes for');
  }, 60_000);

  it('reports them without type information too, from the return types the functions declare', async () => {
    const untyped = await lintServer(configs.recommended);
    expect(summary(untyped.messages)).toEqual(['mcp-result-kit/no-string-result@9', 'mcp-result-kit/no-string-result@13']);
  });
});

describe('the configs in a real project layout', () => {
  let dir: string;
  const HANDLER = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'x', version: '1' });\nserver.tool('ping', async () => 'pong');\n";
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'mrk-config-layout-'));
    for (const folder of ['src', 'dist', 'build', 'web']) mkdirSync(join(dir, folder));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'layout', type: 'module' }));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, module: 'NodeNext', moduleResolution: 'NodeNext', skipLibCheck: true, noEmit: true }, include: ['src'] }));
    writeFileSync(join(dir, 'src/server.ts'), HANDLER);
    writeFileSync(join(dir, 'dist/server.js'), HANDLER);
    writeFileSync(join(dir, 'build/server.js'), HANDLER);
    writeFileSync(join(dir, 'web/tool.jsx'), `${HANDLER}export const View = () => <p>hi</p>;\n`);
    writeFileSync(join(dir, 'eslint.config.js'), 'export default [];\n');
    writeFileSync(join(dir, 'tool.mjs'), HANDLER);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const lint = async (config: Linter.Config[]) => {
    const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: [...config, { languageOptions: { parserOptions: { tsconfigRootDir: dir } } }] });
    const results = await eslint.lintFiles(['.']);
    return Object.fromEntries(results.map((result) => [result.filePath.slice(dir.length + 1), result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`)]));
  };

  it('recommended skips dist/ and build/, lints .jsx like the CLI', async () => {
    const byFile = await lint([configs.recommended]);
    // ESLint itself still visits the .js build output (its default files), but the kit's rules do not run there.
    expect(byFile).toEqual({
      'build/server.js': [],
      'dist/server.js': [],
      'eslint.config.js': [],
      'src/server.ts': ['mcp-result-kit/no-string-result'],
      'tool.mjs': ['mcp-result-kit/no-string-result'],
      'web/tool.jsx': ['mcp-result-kit/no-string-result'],
    });
  });

  it('recommended-type-checked applies to TypeScript files only: eslint.config.js and JavaScript never meet the project service', async () => {
    const byFile = await lint([configs['recommended-type-checked']]);
    // No "was not found by the project service" parsing error anywhere.
    expect(byFile).toEqual({ 'build/server.js': [], 'dist/server.js': [], 'eslint.config.js': [], 'src/server.ts': ['mcp-result-kit/no-string-result'], 'tool.mjs': [] });
  }, 60_000);

  it('recommended plus recommended-type-checked: every file, types where there are types', async () => {
    const byFile = await lint([configs.recommended, configs['recommended-type-checked']]);
    expect(byFile).toEqual({
      'build/server.js': [],
      'dist/server.js': [],
      'eslint.config.js': [],
      'src/server.ts': ['mcp-result-kit/no-string-result'],
      'tool.mjs': ['mcp-result-kit/no-string-result'],
      'web/tool.jsx': ['mcp-result-kit/no-string-result'],
    });
  }, 60_000);

  it('disable-type-checked turns type information off for the files it is given', async () => {
    writeFileSync(join(dir, 'src/outside.ts'), HANDLER);
    try {
      // src/outside.ts is in tsconfig's include, scripts/ would not be: with disable-type-checked it is linted without a program.
      const byFile = await lint([configs['strict-type-checked'], { files: ['src/outside.ts'], ...configs['disable-type-checked'] }]);
      expect(byFile['src/outside.ts']).toEqual(['mcp-result-kit/no-string-result']);
    } finally {
      rmSync(join(dir, 'src/outside.ts'));
    }
  }, 60_000);
});

describe('mcp-result-kit-ignore and eslint-disable through ESLint', () => {
  const code = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
const server = new McpServer({ name: 'x', version: '1' });
// mcp-result-kit-ignore -- this client wants plain text
server.tool('a', async () => 'a');
server.tool('b', async () => 'b'); // eslint-disable-line mcp-result-kit/no-string-result
// eslint-disable-next-line mcp-result-kit/require-is-error
server.tool('c', async () => 'c');
server.tool('d', async () => 'Error: d'); // mcp-result-kit-ignore
`;

  it('reports only the sites no comment covers (and ESLint flags the directive for the wrong rule as unused)', async () => {
    const eslint = new ESLint({ overrideConfigFile: true, overrideConfig: [configs.recommended] });
    const [result] = await eslint.lintText(code, { filePath: 'src/server.ts' });
    expect(summary(result.messages)).toEqual(['null@6', 'mcp-result-kit/no-string-result@7']);
    expect(result.messages[0].message).toMatch(/Unused eslint-disable directive/);
  });
});
