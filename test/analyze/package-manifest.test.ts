// One reader of package.json for the three questions the kit asks of it (module format, protocol
// version, workspace and dependencies): each folder's file read once, and told apart as missing
// (look further up), unreadable (present, declares nothing) or read.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { clearPackageManifestCache, readPackageManifest } from '../../src/package-manifest.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'mrk-manifest-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(clearPackageManifestCache);

function folder(name: string, manifest?: string): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  if (manifest !== undefined) writeFileSync(path.join(dir, 'package.json'), manifest);
  return dir;
}

describe('readPackageManifest', () => {
  it('reads an object manifest', () => {
    expect(readPackageManifest(folder('ok', '{ "name": "x", "type": "module" }'))).toEqual({ status: 'read', manifest: { name: 'x', type: 'module' } });
  });

  it('tells a missing package.json from one that does not parse or is not an object', () => {
    expect(readPackageManifest(folder('none'))).toEqual({ status: 'missing' });
    expect(readPackageManifest(folder('broken', '{ "name": '))).toEqual({ status: 'unreadable' });
    expect(readPackageManifest(folder('array', '[1, 2]'))).toEqual({ status: 'unreadable' });
  });

  it('reads a folder once until the cache is cleared', () => {
    const dir = folder('cached', '{ "name": "before" }');
    expect(readPackageManifest(dir)).toEqual({ status: 'read', manifest: { name: 'before' } });
    writeFileSync(path.join(dir, 'package.json'), '{ "name": "after" }');
    expect(readPackageManifest(dir)).toEqual({ status: 'read', manifest: { name: 'before' } });
    clearPackageManifestCache();
    expect(readPackageManifest(dir)).toEqual({ status: 'read', manifest: { name: 'after' } });
  });
});
