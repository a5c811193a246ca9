import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearFrameworkVersionCache, mcpFrameworkReleaseOf, resolveHandlerOptions } from '../../src/analyze/index.js';
import { lowestInRange, packageReleaseOf } from '../../src/analyze/framework-version.js';

let project: string;

beforeEach(() => {
  project = mkdtempSync(path.join(os.tmpdir(), 'mrk-framework-version-'));
  clearFrameworkVersionCache();
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

function write(relative: string, value: unknown): void {
  const file = path.join(project, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
}

const toolFile = () => path.join(project, 'src/tools/NotesTool.ts');

describe('the mcp-framework release a file runs on', () => {
  it('is the installed copy first, whatever package.json and the lock file say', () => {
    write('package.json', { dependencies: { 'mcp-framework': '^0.2.13' } });
    write('package-lock.json', { packages: { 'node_modules/mcp-framework': { version: '0.2.13' } } });
    write('node_modules/mcp-framework/package.json', { name: 'mcp-framework', version: '0.2.22' });
    expect(mcpFrameworkReleaseOf(toolFile(), undefined)).toEqual({ version: [0, 2, 22], from: 'installed' });
  });

  it('is the lock file\'s when nothing is installed', () => {
    write('package.json', { dependencies: { 'mcp-framework': '^0.2.13' } });
    write('package-lock.json', { packages: { 'node_modules/mcp-framework': { version: '0.2.15' } } });
    expect(mcpFrameworkReleaseOf(toolFile(), undefined)).toEqual({ version: [0, 2, 15], from: 'lock' });
  });

  it('is the lowest release the range allows without a lock file', () => {
    write('package.json', { devDependencies: { 'mcp-framework': '~0.2.19' } });
    expect(mcpFrameworkReleaseOf(toolFile(), undefined)).toEqual({ version: [0, 2, 19], from: 'range' });
  });

  it('passes over a nested package.json that does not name mcp-framework', () => {
    write('package.json', { dependencies: { 'mcp-framework': '0.2.20' } });
    write('src/package.json', { type: 'module' });
    expect(mcpFrameworkReleaseOf(toolFile(), undefined)).toEqual({ version: [0, 2, 20], from: 'range' });
  });

  it('is unknown when nothing names it, and the option wins over everything', () => {
    write('package.json', { dependencies: { zod: '^3.0.0' } });
    expect(mcpFrameworkReleaseOf(toolFile(), undefined)).toBeNull();
    write('node_modules/mcp-framework/package.json', { version: '0.2.15' });
    clearFrameworkVersionCache();
    expect(mcpFrameworkReleaseOf(toolFile(), '0.2.22')).toEqual({ version: [0, 2, 22], from: 'option' });
  });

  it('reads ranges as their lowest release, and nothing from a tag or URL', () => {
    expect(lowestInRange('^0.2.13')).toEqual([0, 2, 13]);
    expect(lowestInRange('>=0.2.19 <0.3')).toEqual([0, 2, 19]);
    expect(lowestInRange('0.2.x')).toEqual([0, 2, 0]);
    expect(lowestInRange('latest')).toBeNull();
    expect(lowestInRange('github:QuantGeekDev/mcp-framework')).toBeNull();
  });

  it('refuses an option that is not a release number, saying what to write', () => {
    expect(() => resolveHandlerOptions({ mcpFrameworkVersion: 'latest' })).toThrow('mcpFrameworkVersion must be a release number such as "0.2.22", got "latest"');
    expect(() => resolveHandlerOptions({ mcpFrameworkVersion: 22 as unknown as string })).toThrow('mcpFrameworkVersion must be a release number');
    expect(resolveHandlerOptions({ mcpFrameworkVersion: '0.2.22' }).mcpFrameworkVersion).toBe('0.2.22');
  });
});

describe('the release of another framework package (xmcp)', () => {
  it('is read the same way, per package: each package its own installed copy, lock entry or range', () => {
    write('package.json', { dependencies: { 'mcp-framework': '^0.2.13', xmcp: '0.5.1' } });
    expect(packageReleaseOf('xmcp', toolFile(), undefined)).toEqual({ version: [0, 5, 1], from: 'range' });
    expect(mcpFrameworkReleaseOf(toolFile(), undefined)).toEqual({ version: [0, 2, 13], from: 'range' });
    write('node_modules/xmcp/package.json', { name: 'xmcp', version: '0.6.13' });
    clearFrameworkVersionCache();
    expect(packageReleaseOf('xmcp', toolFile(), undefined)).toEqual({ version: [0, 6, 13], from: 'installed' });
    expect(mcpFrameworkReleaseOf(toolFile(), undefined)).toEqual({ version: [0, 2, 13], from: 'range' });
  });

  it('reads an npm alias range as the release it names', () => {
    expect(lowestInRange('npm:xmcp@^0.6.6')).toEqual([0, 6, 6]);
    expect(lowestInRange('npm:@scope/xmcp-fork@0.5.1')).toEqual([0, 5, 1]);
  });
});
