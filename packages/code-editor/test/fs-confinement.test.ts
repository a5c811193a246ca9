/**
 * Filesystem store confinement: nothing outside the root can be read, written, listed or
 * searched, whatever path or symlink the caller tries.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentPathError, FsStore } from '../src/index.js';
import { dataOf, makeTempDir, startHarness, textOf, type Harness } from './harness.js';

describe('FsStore confinement', () => {
  let harness: Harness;
  let root: string;
  let outside: string;
  let sibling: string;

  beforeEach(async () => {
    const dir = makeTempDir('fs-confinement-');
    harness = await startHarness('fs', {}, dir);
    root = path.join(dir, 'root');
    outside = path.join(dir, 'outside');
    // Same prefix as the root: a check without the separator would let this through.
    sibling = path.join(dir, 'root-evil');
    for (const folder of [outside, sibling, path.join(root, 'text')]) fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'outside secret\n');
    fs.writeFileSync(path.join(sibling, 'secret.txt'), 'sibling secret\n');
    fs.writeFileSync(path.join(root, 'text', 'inside.txt'), 'inside\n');
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'text', 'link-out.txt'));
    fs.symlinkSync(outside, path.join(root, 'text', 'dir-out'));
    fs.symlinkSync('../../root-evil', path.join(root, 'text', 'sibling-dir'));
    fs.symlinkSync('inside.txt', path.join(root, 'text', 'link-in.txt'));
  });
  afterEach(async () => {
    await harness.close();
  });

  function outsideUntouched(): void {
    expect(fs.readdirSync(outside).sort()).toEqual(['secret.txt']);
    expect(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('outside secret\n');
    expect(fs.readdirSync(sibling).sort()).toEqual(['secret.txt']);
    expect(fs.readFileSync(path.join(sibling, 'secret.txt'), 'utf8')).toBe('sibling secret\n');
  }

  const TRAVERSALS: Array<{ name: string; path: string; error: string }> = [
    { name: 'NUL byte', path: 'inside.txt\0.png', error: 'Error: path must not contain a NUL byte' },
    { name: "'..' escape", path: '../../outside/secret.txt', error: "Error: path must not contain '..' segments: ../../outside/secret.txt" },
    { name: "'..' in the middle", path: 'a/../../../outside/secret.txt', error: "Error: path must not contain '..' segments: a/../../../outside/secret.txt" },
    { name: 'absolute path', path: `${'/'}etc/passwd`, error: "Error: path must be relative (e.g. 'src/app.ts'), got absolute path /etc/passwd" },
    { name: 'symlink to a file outside', path: 'link-out.txt', error: 'Error: link-out.txt resolves outside the content root through a symlink; refused' },
    { name: 'symlinked folder outside', path: 'dir-out/secret.txt', error: 'Error: dir-out/secret.txt resolves outside the content root through a symlink; refused' },
    { name: 'sibling-prefix folder (root-evil)', path: 'sibling-dir/secret.txt', error: 'Error: sibling-dir/secret.txt resolves outside the content root through a symlink; refused' },
  ];

  it.each(TRAVERSALS)('read refuses $name', async ({ path: target, error }) => {
    for (const tool of ['get_content', 'read_content_lines'] as const) {
      const result = await harness.call(tool, { entity_type: 'text', path: target });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(error);
      expect(textOf(result)).not.toContain('secret\n');
    }
    outsideUntouched();
  });

  it.each(TRAVERSALS)('write and delete refuse $name', async ({ path: target, error }) => {
    const replace = await harness.call('replace_content', { entity_type: 'text', path: target, content: 'pwned\n' });
    expect(textOf(replace)).toBe(error);
    const patch = await harness.call('patch_content', { entity_type: 'text', path: target, old_string: 'secret', new_string: 'pwned' });
    expect(textOf(patch)).toBe(error);
    const remove = await harness.call('delete_content', { entity_type: 'text', path: target });
    expect(textOf(remove)).toBe(error);
    outsideUntouched();
  });

  it('creating a new file under a symlinked folder that leaves the root is refused', async () => {
    const result = await harness.call('replace_content', { entity_type: 'text', path: 'dir-out/new/deep.txt', content: 'x' });
    expect(textOf(result)).toBe('Error: dir-out/new/deep.txt resolves outside the content root through a symlink; refused');
    outsideUntouched();
  });

  it('reads through a symlink that stays inside the root, but never writes through one', async () => {
    const read = await harness.call('get_content', { entity_type: 'text', path: 'link-in.txt' });
    expect(dataOf(read).content).toBe('inside\n');
    const write = await harness.call('replace_content', { entity_type: 'text', path: 'link-in.txt', content: 'changed\n' });
    expect(textOf(write)).toBe('Error: link-in.txt is a symlink; refusing to write or delete through it');
    expect(fs.readFileSync(path.join(root, 'text', 'inside.txt'), 'utf8')).toBe('inside\n');
  });

  it('listing and search never follow symlinks', async () => {
    const listed = dataOf(await harness.call('list_content', {})) as { files: Array<{ path: string }> };
    expect(listed.files.map((file) => file.path)).toEqual(['inside.txt']);
    const searched = dataOf(await harness.call('search_content', { pattern: 'secret' }));
    expect(searched.total_matches).toBe(0);
  });

  it('refuses a workflow path that would collide with an organisation folder', async () => {
    const result = await harness.call('replace_content', { entity_type: 'workflow', path: '@org/x.py', content: '@workflow\n' });
    expect(textOf(result)).toMatch(/^Error: workflow paths must not start with a folder beginning with '@'/);
  });

  it('applies the same checks to direct store calls', async () => {
    const store = new FsStore(root, { layout: 'entities' });
    await expect(store.get({ entityType: 'text', path: '../outside/secret.txt' })).rejects.toBeInstanceOf(ContentPathError);
    await expect(store.put({ entityType: 'text', path: 'dir-out/x.txt' }, 'x')).rejects.toThrow(/outside the content root/);
    await expect(store.get({ entityType: 'app_file', appId: '..', path: 'x' })).rejects.toThrow(/app_id must be/);
    outsideUntouched();
  });

  it('writes atomically: no temp files are left behind and the layout is as documented', async () => {
    await harness.call('replace_content', { entity_type: 'workflow', path: 'flows/sync.py', organization_id: 'org-1', content: '@workflow\n' });
    await harness.call('replace_content', { entity_type: 'app_file', app_id: 'app-9', path: 'src/index.ts', content: 'export {};\n' });
    await harness.call('replace_content', { entity_type: 'module', path: 'lib/m.py', content: 'x = 1\n' });
    expect(fs.readFileSync(path.join(root, 'workflows', '@org-1', 'flows', 'sync.py'), 'utf8')).toBe('@workflow\n');
    expect(fs.readFileSync(path.join(root, 'apps', 'app-9', 'src', 'index.ts'), 'utf8')).toBe('export {};\n');
    expect(fs.readFileSync(path.join(root, 'modules', 'lib', 'm.py'), 'utf8')).toBe('x = 1\n');
    const files = (fs.readdirSync(root, { recursive: true }) as string[]).filter((name) => fs.statSync(path.join(root, name)).isFile());
    // Exactly the files written (and whatever the suite put there before): no temp file of any naming.
    expect(files.filter((name) => /sync\.py|index\.ts|m\.py/.test(name)).sort()).toEqual(
      [path.join('apps', 'app-9', 'src', 'index.ts'), path.join('modules', 'lib', 'm.py'), path.join('workflows', '@org-1', 'flows', 'sync.py')].sort(),
    );
  });
});
