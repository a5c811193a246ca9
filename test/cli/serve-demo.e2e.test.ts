// `mcp-result-kit serve` and `mcp-result-kit demo` through the built binary.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cleanupTemporaries, cli, FIXTURES, hashTree, ROOT, tempDir, writeTree } from './helpers.js';

afterAll(cleanupTemporaries);

const example = path.join(FIXTURES, 'example-server');

describe('serve', () => {
  it('serves an ordinary project folder (the README example): lists, searches and reads its files', async () => {
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


  it('rejects bad flags with exit 2', () => {
    const dir = tempDir();
    const run = cli(['serve', '--http', 'eighty'], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('mcp-result-kit: --http must be a port number (0-65535), got "eighty"\n');
    const layout = cli(['serve', '--root', dir, '--layout', 'flat'], dir);
    expect(layout.status).toBe(2);
    expect(layout.stderr).toMatch(/option '--layout <layout>' argument 'flat' is invalid\. Allowed choices are plain, entities\./);
    const layoutWithoutFolder = cli(['serve', '--db', 'x.db', '--layout', 'plain'], dir);
    expect(layoutWithoutFolder.status).toBe(2);
    expect(layoutWithoutFolder.stderr).toBe('mcp-result-kit: --layout applies to a folder: use it with --root <dir> or --import <dir>\n');
    const orgOnPlain = cli(['serve', '--root', dir, '--org', 'acme'], dir);
    expect(orgOnPlain.status).toBe(2);
    expect(orgOnPlain.stderr).toMatch(/--org binds the session to an organisation's workflows, and .* is served as a plain folder, which has none; drop --org or use --layout entities/);
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
    expect(run.stdout).toMatch(/problems in \d+ of \d+ files:/);
    expect(run.stdout).toContain('mcp-result-kit migrate --dry-run (type-aware)');
    expect(run.stdout).toContain('mcp-result-kit migrate (type-aware)');
    expect(run.stdout).toMatch(/files written\s+[1-9]/);
    expect(hashTree(example)).toBe(before);
    // The temporary copy is removed.
    const left = readdirSync(os.tmpdir()).filter((name) => name.startsWith('mcp-result-kit-demo-') && !temporaries.has(name));
    expect(left).toEqual([]);
  }, 120_000);

});
