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
  it('starts the code-editor server over stdio and lists its tools', async () => {
    const root = tempDir('mrk-serve-');
    writeTree(root, { 'src/a.ts': 'export const a = 1;\n' });
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'serve', '--root', root, '--read-only'], stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'mcp-result-kit-serve-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      const { tools } = await client.listTools();
      expect(tools.length, stderr).toBeGreaterThan(0);
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
