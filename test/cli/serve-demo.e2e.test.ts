// `mcp-result-kit serve` (the alias of @mcp-result-kit/code-editor's bin, which the workspace
// links) and `mcp-result-kit demo` through the built binary.
import { cpSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanupTemporaries, cli, FIXTURES, gitCommitAll, hashTree, ROOT, tempDir, writeTree } from './helpers.js';

afterAll(cleanupTemporaries);

const example = path.join(FIXTURES, 'example-server');

describe('serve', () => {
  it('runs the code editor: serves an ordinary project folder, lists, searches and reads its files', async () => {
    const root = tempDir('mrk-serve-');
    writeTree(root, { 'src/a.ts': 'export const a = 1;\n', 'src/b.ts': 'export const b = a;\n', '.gitignore': 'dist/\n', 'dist/a.js': 'exports.a = 1;\n' });
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--root', root, '--read-only'], stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'mcp-result-kit-serve-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.length, stderr).toBe(7);
      const listed = (await client.callTool({ name: 'list_content', arguments: {} })).structuredContent as { files: Array<{ path: string }> };
      expect(listed.files.map((file) => file.path)).toEqual(['.gitignore', 'src/a.ts', 'src/b.ts']);
      const found = (await client.callTool({ name: 'search_content', arguments: { pattern: 'export const' } })).structuredContent as { total_matches: number; files_scanned: number };
      expect(found.total_matches).toBe(2);
      expect(found.files_scanned).toBeGreaterThan(0);
      const read = (await client.callTool({ name: 'get_content', arguments: { path: 'src/b.ts' } })).structuredContent as { content: string };
      expect(read.content).toBe('export const b = a;\n');
      expect(stderr).toContain("layout plain (detected): every file is entity_type 'text' at its path; .gitignore, .git and node_modules are skipped");
    } catch (error) {
      throw new Error(`${(error as Error).message}\nserver stderr:\n${stderr}`, { cause: error });
    } finally {
      await client.close();
    }
  });


  it('is the code editor\'s command line: its help, its checks, exit 2 for a bad flag', () => {
    const dir = tempDir();
    const help = cli(['serve', '--help'], dir);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: mcp-result-kit serve \[options\]\n/);
    expect(help.stdout).toContain('--postgres [url]');
    const run = cli(['serve', '--http', 'eighty'], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('mcp-result-kit serve: --http must be a port number (0-65535), got "eighty"\n');
    const layout = cli(['serve', '--root', dir, '--layout', 'flat'], dir);
    expect(layout.status).toBe(2);
    expect(layout.stderr).toBe('mcp-result-kit serve: --layout must be one of entities, plain, got "flat"\n');
    const layoutWithoutFolder = cli(['serve', '--db', 'x.db', '--layout', 'plain'], dir);
    expect(layoutWithoutFolder.status).toBe(2);
    expect(layoutWithoutFolder.stderr).toBe('mcp-result-kit serve: --layout applies to a folder: use it with --root <dir> or --import <dir>\n');
    const orgOnPlain = cli(['serve', '--root', dir, '--org', 'acme'], dir);
    expect(orgOnPlain.status).toBe(2);
    expect(orgOnPlain.stderr).toMatch(/--org binds the session to an organisation's workflows, and .* is served as a plain folder, which has none; drop --org or use --layout entities/);
    const unknown = cli(['serve', '--token', 'x'], dir);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe("mcp-result-kit serve: unknown option '--token' (see mcp-result-kit serve --help)\n");
  });
});

describe('demo', () => {
  it('checks, previews, migrates a temporary copy and checks again; exit 0; the example is untouched', () => {
    const before = hashTree(example);
    const temporaries = new Set(readdirSync(os.tmpdir()).filter((name) => name.startsWith('mcp-result-kit-demo-')));
    const run = cli(['demo'], ROOT);
    expect(run.status, run.stderr).toBe(0);
    const headers = [...run.stdout.matchAll(/^ (\d)\. (.+)$/gm)].map((match) => match[1]);
    expect(headers).toEqual(['1', '2', '3', '4']);
    expect(run.stdout).toMatch(/\$ mcp-result-kit check src/);
    expect(run.stdout).toMatch(/problems \(\d+ errors, 0 warnings\) in \d+ of \d+ files:/);
    expect(run.stdout).toContain('mcp-result-kit migrate --dry-run (type-aware)');
    expect(run.stdout).toContain('mcp-result-kit migrate (type-aware)');
    expect(run.stdout).toMatch(/files written\s+[1-9]/);
    expect(hashTree(example)).toBe(before);
    // The temporary copy is removed.
    const left = readdirSync(os.tmpdir()).filter((name) => name.startsWith('mcp-result-kit-demo-') && !temporaries.has(name));
    expect(left).toEqual([]);
  }, 120_000);


  it('works from a project where the kit is installed under its git-ignored node_modules, and writes nothing there', () => {
    // The layout npm gives a user: the tools' files copied into node_modules/@mcp-result-kit/tools,
    // their dependencies (the runtime mcp-result-kit among them) beside it, node_modules in the
    // project's .gitignore.
    const projectDir = tempDir('mrk-user-project-');
    writeTree(projectDir, { '.gitignore': 'node_modules\n', 'package.json': JSON.stringify({ name: 'user-project', private: true }) });
    gitCommitAll(projectDir);
    const modules = path.join(projectDir, 'node_modules');
    const kit = path.join(modules, '@mcp-result-kit', 'tools');
    mkdirSync(path.join(kit, 'fixtures'), { recursive: true });
    for (const part of ['dist', 'docs', 'package.json']) cpSync(path.join(ROOT, part), path.join(kit, part), { recursive: true });
    cpSync(path.join(FIXTURES, 'example-server'), path.join(kit, 'fixtures', 'example-server'), { recursive: true });
    for (const entry of readdirSync(path.join(ROOT, 'node_modules'))) {
      if (entry.startsWith('.')) continue;
      if (entry.startsWith('@')) {
        mkdirSync(path.join(modules, entry), { recursive: true });
        for (const scoped of readdirSync(path.join(ROOT, 'node_modules', entry))) symlinkSync(path.join(ROOT, 'node_modules', entry, scoped), path.join(modules, entry, scoped));
      } else symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(modules, entry));
    }
    writeFileSync(path.join(projectDir, 'README.md'), 'user project\n');
    const kitBefore = hashTree(kit);
    const projectBefore = hashTree(projectDir);
    const run = spawnSync(process.execPath, [path.join(kit, 'dist/bin/mcp-result-kit.js'), 'demo'], { cwd: projectDir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', CI: '' } });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/✖ \d+ problems \(\d+ errors, 0 warnings\) in [1-9]\d* of [1-9]\d* files/);
    expect(run.stdout).toMatch(/files written\s+[1-9]/);
    expect(run.stdout).toContain('The migrated example is clean.');
    expect(hashTree(kit)).toBe(kitBefore);
    expect(hashTree(projectDir)).toBe(projectBefore);
  }, 180_000);
});
