// Which package manager a project uses, the commands the CLI prints, optional peers that are
// missing, and the package.json edit of --add-dependency.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { withDependency } from '../../cli/dependency-check.js';
import { canResolve, detectPackageManager, installCommand, MissingPackageError, requireOptional } from '../../src/install.js';

const base = mkdtempSync(path.join(os.tmpdir(), 'mrk-install-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function folder(name: string, files: Record<string, string> = {}): string {
  const dir = path.join(base, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  return dir;
}

describe('detectPackageManager', () => {
  it.each([
    ['pnpm-lock.yaml', 'pnpm'],
    ['yarn.lock', 'yarn'],
    ['bun.lock', 'bun'],
    ['bun.lockb', 'bun'],
    ['package-lock.json', 'npm'],
    ['npm-shrinkwrap.json', 'npm'],
  ])('%s means %s', (lockFile, manager) => {
    expect(detectPackageManager(folder(`lock-${lockFile}`, { [lockFile]: '' }))).toBe(manager);
  });

  it('finds the lock file of a workspace root from a package folder', () => {
    const root = folder('workspace', { 'yarn.lock': '', 'package.json': '{}' });
    const pkg = path.join(root, 'packages/api');
    mkdirSync(pkg, { recursive: true });
    writeFileSync(path.join(pkg, 'package.json'), '{}');
    expect(detectPackageManager(pkg)).toBe('yarn');
  });

  it('falls back to a packageManager field, then to npm', () => {
    expect(detectPackageManager(folder('corepack', { 'package.json': JSON.stringify({ packageManager: 'pnpm@9.12.0' }) }))).toBe('pnpm');
    expect(detectPackageManager(folder('nothing', { 'package.json': '{}' }))).toBe('npm');
  });
});

describe('installCommand', () => {
  it('spells each package manager its own way', () => {
    expect(installCommand('npm', ['mcp-result-kit'])).toBe('npm install mcp-result-kit');
    expect(installCommand('npm', ['typescript'], { dev: true })).toBe('npm install -D typescript');
    expect(installCommand('pnpm', ['typescript'], { dev: true })).toBe('pnpm add -D typescript');
    expect(installCommand('yarn', ['typescript'], { dev: true })).toBe('yarn add --dev typescript');
    expect(installCommand('bun', ['mcp-result-kit'])).toBe('bun add mcp-result-kit');
  });
});

describe('optional peers', () => {
  const here = import.meta.url;

  it('canResolve tells an installed package from a missing one', () => {
    expect(canResolve('typescript', here)).toBe(true);
    expect(canResolve('@mcp-result-kit/no-such-package', here)).toBe(false);
  });

  it('requireOptional loads an installed package and names the install command for a missing one', () => {
    expect(requireOptional<{ version: string }>('typescript', here, 'test').version).toMatch(/^\d+\./);
    let error: unknown;
    try {
      requireOptional('@mcp-result-kit/no-such-package', here, 'migrate --verify');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(MissingPackageError);
    expect((error as Error).message).toBe(
      `migrate --verify needs @mcp-result-kit/no-such-package, which is not installed; install it with: ${installCommand(detectPackageManager(process.cwd()), ['@mcp-result-kit/no-such-package'], { dev: true })}`,
    );
  });
});

describe('withDependency (--add-dependency)', () => {
  it('adds a dependencies object when there is none, keeping two-space indentation and the final newline', () => {
    expect(withDependency('{\n  "name": "a"\n}\n', 'mcp-result-kit', '^0.1.0')).toBe('{\n  "name": "a",\n  "dependencies": {\n    "mcp-result-kit": "^0.1.0"\n  }\n}\n');
  });

  it('keeps an unsorted list in its order, appending; keeps CRLF and a missing final newline', () => {
    const text = '{\r\n    "dependencies": {\r\n        "zod": "^3.25.0",\r\n        "@modelcontextprotocol/sdk": "^1.17.0"\r\n    }\r\n}';
    expect(withDependency(text, 'mcp-result-kit', '^0.1.0')).toBe(
      '{\r\n    "dependencies": {\r\n        "zod": "^3.25.0",\r\n        "@modelcontextprotocol/sdk": "^1.17.0",\r\n        "mcp-result-kit": "^0.1.0"\r\n    }\r\n}',
    );
  });

  it('throws on a package.json that is not JSON (the CLI turns it into a usage error)', () => {
    expect(() => withDependency('{ "name": ', 'mcp-result-kit', '^0.1.0')).toThrow(SyntaxError);
  });
});
