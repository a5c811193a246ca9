/**
 * Plain folders: an ordinary project served as it is (every file a `text` file at its path,
 * what git would not track left out), the entity layout as an explicit or detected mode, and
 * tool schemas that offer only what the mode has. Everything through the real SDK Client.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FsStore, importDirectory, SqliteStore } from '../src/index.js';
import { connectHarness, dataOf, makeTempDir, textOf, type Harness } from './harness.js';

/** A small project: sources, docs, build output, dependencies, git metadata and ignore rules. */
const PROJECT: Record<string, string> = {
  '.gitignore': 'dist/\n*.log\n!keep.log\n.env\n',
  'README.md': '# demo\nuses greet()\n',
  'src/greet.ts': 'export function greet(name: string): string {\n  return `hello ${name}`;\n}\n',
  'src/main.ts': "import { greet } from './greet.js';\nconsole.log(greet('world'));\n",
  'src/generated/.gitignore': '*.gen.ts\n',
  'src/generated/types.gen.ts': 'export type Generated = 1; // greet\n',
  'src/generated/index.ts': 'export {};\n',
  'dist/main.js': 'console.log(greet("world"));\n',
  'debug.log': 'greet called\n',
  'keep.log': 'kept on purpose\n',
  '.env': 'SECRET=greet\n',
  'node_modules/dep/index.js': 'module.exports = function greet() {};\n',
  '.git/config': '[core]\n\tbare = false\n',
  'assets/logo.png': 'PNG\0\0binary greet',
};

const SERVED = ['.gitignore', 'README.md', 'keep.log', 'src/generated/.gitignore', 'src/generated/index.ts', 'src/greet.ts', 'src/main.ts'];

function writeTree(root: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
}

interface SchemaProperties {
  properties: Record<string, { enum?: string[]; description?: string }>;
  required?: string[];
}

describe('a plain folder', () => {
  let dir: string;
  let root: string;
  let harness: Harness;
  beforeEach(async () => {
    dir = makeTempDir('plain-folder-');
    root = path.join(dir, 'project');
    writeTree(root, PROJECT);
    harness = await connectHarness(new FsStore(root), { log: () => undefined }, dir);
  });
  afterEach(async () => {
    await harness.close();
  });

  it('is detected as plain and lists every file git would track as a text file', async () => {
    expect((harness.store as FsStore).layout).toBe('plain');
    const listed = dataOf(await harness.call('list_content', {})) as { files: Array<{ entity_type: string; path: string; lines: number }>; count: number };
    expect(listed.files.map((file) => file.path)).toEqual(SERVED);
    expect(new Set(listed.files.map((file) => file.entity_type))).toEqual(new Set(['text']));
    expect(listed.files.find((file) => file.path === 'src/greet.ts')?.lines).toBe(3);
    const text = textOf(await harness.call('list_content', { path_prefix: 'src/' }));
    expect(text).toBe(['Found 4 files:', '', '  src/generated/.gitignore (1 line, 9 bytes)', '  src/generated/index.ts (1 line, 11 bytes)', '  src/greet.ts (3 lines, 74 bytes)', '  src/main.ts (2 lines, 65 bytes)'].join('\n'));
  });

  it('searches only the served files', async () => {
    const found = dataOf(await harness.call('search_content', { pattern: 'greet', context_lines: 0, max_results: 100 })) as {
      matches: Array<{ path: string; line_number: number }>;
      files_scanned: number;
    };
    expect(found.matches.map((match) => `${match.path}:${match.line_number}`)).toEqual(['README.md:2', 'src/greet.ts:1', 'src/main.ts:1', 'src/main.ts:2']);
  });

  it('reads, patches and creates files by path, with entity_type optional', async () => {
    const read = await harness.call('read_content_lines', { path: 'src/greet.ts', start_line: 2, end_line: 2 });
    expect(dataOf(read)).toMatchObject({ entity_type: 'text', path: 'src/greet.ts', content: '  return `hello ${name}`;' });
    const patched = await harness.call('patch_content', { path: 'src/greet.ts', old_string: 'hello', new_string: 'hi', expected_sha256: dataOf(read).sha256 });
    expect(patched.isError).not.toBe(true);
    expect(fs.readFileSync(path.join(root, 'src', 'greet.ts'), 'utf8')).toContain('return `hi ${name}`;');
    const created = await harness.call('replace_content', { entity_type: 'text', path: 'src/util/math.ts', content: 'export const two = 2;\n' });
    expect(dataOf(created)).toMatchObject({ created: true, entity_type: 'text' });
    expect(fs.readFileSync(path.join(root, 'src', 'util', 'math.ts'), 'utf8')).toBe('export const two = 2;\n');
  });

  it('still refuses TypeScript that does not parse', async () => {
    const result = await harness.call('patch_content', { path: 'src/greet.ts', old_string: '  return `hello ${name}`;\n}', new_string: '  return `hello ${name}`;\n' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Error: patch rejected, nothing was saved: syntax error in src\/greet\.ts at line 4, column 1: '}' expected\./);
    expect(fs.readFileSync(path.join(root, 'src', 'greet.ts'), 'utf8')).toBe(PROJECT['src/greet.ts']);
  });

  it.each([
    ['dist/main.js', "rule 'dist/' in .gitignore"],
    ['debug.log', "rule '*.log' in .gitignore"],
    ['.env', "rule '.env' in .gitignore"],
    ['src/generated/types.gen.ts', "rule '*.gen.ts' in src/generated/.gitignore"],
    ['node_modules/dep/index.js', "'node_modules' is never served"],
    ['.git/config', "'.git' is never served"],
  ])('does not serve %s (%s), for reading or writing', async (target, reason) => {
    const message = `Error: ${target} is not served: ${reason}. This folder is served like git sees it; ignored files cannot be read or written`;
    for (const [tool, args] of [
      ['get_content', {}],
      ['read_content_lines', {}],
      ['patch_content', { old_string: 'greet', new_string: 'x' }],
      ['replace_content', { content: 'pwned\n' }],
      ['delete_content', {}],
    ] as const) {
      const result = await harness.call(tool, { path: target, ...args });
      expect(result.isError, tool).toBe(true);
      expect(textOf(result), tool).toBe(message);
      expect(dataOf(result), tool).toMatchObject({ error_code: 'invalid_path' });
    }
    expect(fs.readFileSync(path.join(root, target), 'utf8')).toBe(PROJECT[target]);
  });

  it('follows a symlink inside the folder only to what is served', async () => {
    fs.symlinkSync('src', path.join(root, 'lib'));
    fs.symlinkSync('.env', path.join(root, 'env.txt'));
    fs.symlinkSync('.git', path.join(root, 'gitdir'));
    expect(dataOf(await harness.call('get_content', { path: 'lib/greet.ts' })).content).toBe(PROJECT['src/greet.ts']);
    expect(textOf(await harness.call('get_content', { path: 'env.txt' }))).toBe(
      "Error: env.txt leads through a symlink to .env, which is not served: rule '.env' in .gitignore",
    );
    expect(textOf(await harness.call('get_content', { path: 'gitdir/config' }))).toBe(
      "Error: gitdir/config leads through a symlink to .git/config, which is not served: '.git' is never served",
    );
    const created = await harness.call('replace_content', { path: 'gitdir/hooks/pre-commit', content: 'echo pwned\n' });
    expect(textOf(created)).toBe("Error: gitdir/hooks/pre-commit leads through a symlink to .git/hooks/pre-commit, which is not served: '.git' is never served");
    expect(fs.existsSync(path.join(root, '.git', 'hooks'))).toBe(false);
    // Listing never follows symlinks: the linked folder is not listed twice.
    const listed = dataOf(await harness.call('list_content', {})) as { files: Array<{ path: string }> };
    expect(listed.files.map((file) => file.path)).toEqual(SERVED);
  });

  it('refuses to create a file where .gitignore would hide it', async () => {
    const result = await harness.call('replace_content', { path: 'dist/new.js', content: 'x\n' });
    expect(textOf(result)).toMatch(/^Error: dist\/new\.js is not served: rule 'dist\/' in \.gitignore/);
    expect(fs.existsSync(path.join(root, 'dist', 'new.js'))).toBe(false);
  });

  it('picks up .gitignore changes on the next call', async () => {
    await harness.call('replace_content', { path: '.gitignore', content: `${PROJECT['.gitignore']}README.md\n` });
    const listed = dataOf(await harness.call('list_content', {})) as { files: Array<{ path: string }> };
    expect(listed.files.map((file) => file.path)).not.toContain('README.md');
    expect(textOf(await harness.call('get_content', { path: 'README.md' }))).toMatch(/README\.md is not served: rule 'README\.md' in \.gitignore/);
  });

  it('offers only the text entity type: no workflow, module or app fields in any schema', async () => {
    const { tools } = await harness.client.listTools();
    for (const tool of tools) {
      const input = tool.inputSchema as SchemaProperties;
      expect(Object.keys(input.properties), tool.name).not.toContain('app_id');
      expect(Object.keys(input.properties), tool.name).not.toContain('organization_id');
      expect(input.required ?? [], tool.name).not.toContain('entity_type');
      expect(`${tool.description} ${JSON.stringify(input)}`, tool.name).not.toMatch(/workflow|app_file|'module'/);
      const entityType = input.properties.entity_type;
      if (tool.name === 'list_content' || tool.name === 'search_content') expect(entityType, tool.name).toBeUndefined();
      else expect(entityType?.enum, tool.name).toEqual(['text']);
    }
    const wrongType = await harness.call('get_content', { entity_type: 'module', path: 'README.md' });
    expect(wrongType.isError).toBe(true);
    expect(textOf(wrongType)).toMatch(/Input validation error: .*expected "text"/);
  });

  it('refuses the entity types the folder does not have when the store is called directly', async () => {
    await expect(harness.store.get({ entityType: 'module', path: 'README.md' })).rejects.toThrow(
      "entity_type 'module' does not exist in this folder: it is served as a plain folder, where every file is entity_type 'text'. Use entity_type 'text' (or serve the folder with --layout entities)",
    );
  });
});

describe('the entity layout', () => {
  it('is detected when the root holds only entity folders (dot entries aside), and offers the four types', async () => {
    const dir = makeTempDir('entity-layout-');
    const root = path.join(dir, 'root');
    writeTree(root, { 'workflows/@org-1/sync.py': '@workflow\n', 'modules/util.py': 'x = 1\n', 'apps/app-1/index.ts': 'export {};\n', '.git/HEAD': 'ref\n' });
    const store = new FsStore(root);
    expect(store.layout).toBe('entities');
    const harness = await connectHarness(store, { log: () => undefined }, dir);
    try {
      const listed = dataOf(await harness.call('list_content', { app_id: 'app-1' })) as { files: Array<{ entity_type: string; path: string }> };
      expect(listed.files.map((file) => `${file.entity_type}:${file.path}`)).toEqual(['workflow:sync.py', 'module:util.py', 'app_file:index.ts']);
      const { tools } = await harness.client.listTools();
      const patch = tools.find((tool) => tool.name === 'patch_content')?.inputSchema as SchemaProperties;
      expect(patch.properties.entity_type.enum).toEqual(['workflow', 'module', 'text', 'app_file']);
      expect(patch.required).toContain('entity_type');
      expect(Object.keys(patch.properties)).toEqual(expect.arrayContaining(['app_id', 'organization_id']));
    } finally {
      await harness.close();
    }
  });

  it('is not detected when anything else sits beside the entity folders, or in an empty folder', () => {
    const dir = makeTempDir('entity-layout-');
    writeTree(path.join(dir, 'mixed'), { 'modules/util.py': 'x = 1\n', 'README.md': '# hi\n' });
    expect(new FsStore(path.join(dir, 'mixed')).layout).toBe('plain');
    expect(new FsStore(path.join(dir, 'empty')).layout).toBe('plain');
    expect(new FsStore(path.join(dir, 'mixed'), { layout: 'entities' }).layout).toBe('entities');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('--import of a plain folder', () => {
  it('loads what git would track as text files', async () => {
    const dir = makeTempDir('plain-import-');
    const source = path.join(dir, 'project');
    writeTree(source, PROJECT);
    const store = new SqliteStore(path.join(dir, 'content.db'));
    try {
      const report = await importDirectory(store, source);
      expect(report).toEqual({ imported: SERVED.length, skipped: [{ file: 'assets/logo.png', reason: 'binary file' }], layout: 'plain' });
      const listed = await store.list({ entityTypes: ['workflow', 'module', 'text'] });
      expect(listed.map((summary) => `${summary.entityType}:${summary.path}`)).toEqual(SERVED.map((file) => `text:${file}`));
    } finally {
      store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the lock folder (.mcp-locks) inside a served root', () => {
  let dir: string;
  let root: string;
  let harness: Harness;
  beforeEach(async () => {
    dir = makeTempDir('plain-locks-');
    root = path.join(dir, 'project');
    // A .gitignore that tries to re-include it: the lock folder stays out like .git does.
    writeTree(root, { ...PROJECT, '.gitignore': `${PROJECT['.gitignore']}!.mcp-locks/\n` });
    harness = await connectHarness(new FsStore(root), { log: () => undefined }, dir);
    // A locked write creates the folder; a stray file in it stands for anything a listing could reveal.
    expect((await harness.call('replace_content', { path: 'src/new.ts', content: 'export const n = 1;\n' })).isError).not.toBe(true);
    expect(fs.statSync(path.join(root, '.mcp-locks')).isDirectory()).toBe(true);
    fs.writeFileSync(path.join(root, '.mcp-locks', 'stray.txt'), 'lockmarker\n');
  });
  afterEach(async () => {
    await harness.close();
  });

  it('is not listed or searched', async () => {
    const listed = dataOf(await harness.call('list_content', {})) as { files: Array<{ path: string }> };
    expect(listed.files.map((file) => file.path)).toEqual([...SERVED, 'src/new.ts'].sort());
    expect(textOf(await harness.call('list_content', { path_prefix: '.mcp-locks/' }))).toMatch(/^No files found/);
    const found = dataOf(await harness.call('search_content', { pattern: 'lockmarker', max_results: 100 })) as { matches: unknown[] };
    expect(found.matches).toEqual([]);
  });

  it('cannot be read or written through the tools, and nothing is written into it', async () => {
    const read = await harness.call('get_content', { path: '.mcp-locks/stray.txt' });
    expect(read.isError).toBe(true);
    expect(textOf(read)).toMatch(/^Error: \.mcp-locks\/stray\.txt is not served: '\.mcp-locks' holds the write locks of the servers sharing this folder and is never served/);
    const written = await harness.call('replace_content', { path: '.mcp-locks/new.txt', content: 'x\n' });
    expect(written.isError).toBe(true);
    const deleted = await harness.call('delete_content', { path: '.mcp-locks/stray.txt' });
    expect(deleted.isError).toBe(true);
    expect(fs.readdirSync(path.join(root, '.mcp-locks')).sort()).toEqual(['stray.txt']);
    expect(fs.readFileSync(path.join(root, '.mcp-locks', 'stray.txt'), 'utf8')).toBe('lockmarker\n');
  });

  it('is not reachable through a symlink either', async () => {
    fs.symlinkSync(path.join(root, '.mcp-locks'), path.join(root, 'locks'));
    const read = await harness.call('get_content', { path: 'locks/stray.txt' });
    expect(textOf(read)).toMatch(/^Error: locks\/stray\.txt leads through a symlink to \.mcp-locks\/stray\.txt, which is not served/);
  });

  it('is not imported, in either layout', async () => {
    for (const layout of ['plain', 'entities'] as const) {
      const store = new SqliteStore(path.join(dir, `${layout}.db`));
      try {
        const report = await importDirectory(store, root, { layout });
        const listed = await store.list({ entityTypes: ['workflow', 'module', 'text'] });
        expect(listed.map((summary) => summary.path), layout).toContain('src/new.ts');
        expect(listed.filter((summary) => summary.path.includes('.mcp-locks')), layout).toEqual([]);
        expect(report.skipped.filter((skipped) => skipped.file.includes('.mcp-locks')), layout).toEqual([]);
      } finally {
        store.close();
      }
    }
  });
});

describe('the lock folder in an entity-layout root', () => {
  it('leaves the layout detected as entities after a write, and is not served', async () => {
    const dir = makeTempDir('entity-locks-');
    const root = path.join(dir, 'root');
    writeTree(root, { 'modules/util.py': 'x = 1\n' });
    const store = new FsStore(root);
    expect(store.layout).toBe('entities');
    await store.put({ entityType: 'module', path: 'util.py' }, 'x = 2\n');
    expect(fs.existsSync(path.join(root, '.mcp-locks'))).toBe(true);
    fs.writeFileSync(path.join(root, '.mcp-locks', 'stray.txt'), 'lockmarker\n');
    store.close();
    const reopened = new FsStore(root);
    try {
      expect(reopened.layout).toBe('entities');
      const listed = await reopened.list({ entityTypes: ['workflow', 'module', 'text'] });
      expect(listed.map((summary) => `${summary.entityType}:${summary.path}`)).toEqual(['module:util.py']);
      const searched = [...reopened.iterate({ entityTypes: ['workflow', 'module', 'text'] })].map((file) => file.content);
      expect(searched).toEqual(['x = 2\n']);
    } finally {
      reopened.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
