// What the three packed tarballs hold, as npm publishes them: each has the MIT LICENSE, none
// carries a path of the machine it was packed on, the runtime's manifest points at the
// repository, and the runtime's `mcp-result-kit` bin answers a project that has only the runtime.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanupProjects, npmInstall, packTarballs, ROOT, run, tempProject, type Tarballs } from './npm-project.js';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 600_000 });

const LICENSE_LINE = 'Copyright (c) 2026 mcp-result-kit contributors';
/** Folders that name a machine, not the package: home folders and this sandbox's work folder. */
const MACHINE_PATHS = [ROOT, '/work/', '/home/', '/Users/'];

let tarballs: Tarballs;
const unpacked = mkdtempSync(path.join(os.tmpdir(), 'mrk-tarballs-'));
beforeAll(() => {
  tarballs = packTarballs();
});
afterAll(() => {
  cleanupProjects();
  rmSync(unpacked, { recursive: true, force: true });
});

const PACKAGES = ['runtime', 'tools', 'codeEditor'] as const;

function listing(tarball: string): string[] {
  return execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

function unpack(name: (typeof PACKAGES)[number]): string {
  const target = path.join(unpacked, name);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  execFileSync('tar', ['-xzf', tarballs[name], '-C', target]);
  return path.join(target, 'package');
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('the packed tarballs', () => {
  it.each(PACKAGES)('%s contains the MIT LICENSE of the repository', (name) => {
    expect(listing(tarballs[name])).toContain('package/LICENSE');
    const license = readFileSync(path.join(unpack(name), 'LICENSE'), 'utf8');
    expect(license).toBe(readFileSync(path.join(ROOT, 'LICENSE'), 'utf8'));
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 mcp-result-kit contributors\n/);
    expect(license).toContain(LICENSE_LINE);
  });

  it.each(PACKAGES)('%s names no folder of the machine it was packed on', (name) => {
    const folder = unpack(name);
    const found: string[] = [];
    for (const file of filesUnder(folder)) {
      const bytes = readFileSync(file);
      if (bytes.includes(0)) continue; // binary
      bytes
        .toString('utf8')
        .split('\n')
        .forEach((line, index) => {
          for (const machinePath of MACHINE_PATHS) {
            if (line.includes(machinePath)) found.push(`${path.relative(folder, file)}:${index + 1}: ${machinePath}`);
          }
        });
    }
    expect(found).toEqual([]);
  });

  it("the runtime's manifest has the repository, homepage and bugs of the repository", () => {
    const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, { url?: string } | string>;
    const runtime = JSON.parse(readFileSync(path.join(unpack('runtime'), 'package.json'), 'utf8')) as Record<string, { url?: string; directory?: string } | string>;
    expect(runtime.repository).toEqual({ ...(root.repository as object), directory: 'packages/runtime' });
    expect(runtime.bugs).toEqual(root.bugs);
    expect(runtime.homepage).toBe('https://github.com/mcp-result-kit/mcp-result-kit/tree/main/packages/runtime#readme');
  });
});

describe('npx mcp-result-kit in a project with only the runtime', () => {
  let project: string;
  beforeAll(() => {
    project = tempProject('runtime-only', { type: 'module' });
    npmInstall(project, [tarballs.runtime]);
    mkdirSync(path.join(project, 'src'));
    writeFileSync(path.join(project, 'src/server.ts'), 'export {};\n');
  });

  const EXPECTED =
    'mcp-result-kit: the command line (check, migrate, probe, demo, serve) is in @mcp-result-kit/tools, not in the runtime; ' +
    'install it with: npm i -D @mcp-result-kit/tools, or run it without installing: npx -p @mcp-result-kit/tools mcp-result-kit check src\n';

  it('says in one line where the CLI is and how to run it, exit 2 (the bin npx runs)', () => {
    const bin = run(project, process.execPath, [path.join(project, 'node_modules/.bin/mcp-result-kit'), 'check', 'src']);
    expect(bin.stderr).toBe(EXPECTED);
    expect(bin.stdout).toBe('');
    expect(bin.status).toBe(2);
  });

  it('npx itself finds the bin (no "mcp-result-kit: not found")', () => {
    const viaNpx = run(project, 'npx', ['--no', 'mcp-result-kit', 'check', 'src']);
    expect(viaNpx.stderr).toBe(EXPECTED);
    expect(viaNpx.status).toBe(2);
  });

  it('with no arguments it names a placeholder command', () => {
    const bare = run(project, process.execPath, [path.join(project, 'node_modules/.bin/mcp-result-kit')]);
    expect(bare.stderr).toContain('npx -p @mcp-result-kit/tools mcp-result-kit <command>\n');
    expect(bare.status).toBe(2);
  });
});
