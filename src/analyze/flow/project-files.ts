import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DECLARATION_FILE, SKIPPED_FOLDERS, SOURCE_EXTENSIONS } from '../../source-files.js';

/**
 * Test files: `__tests__/` folders and `*.test.*` / `*.spec.*` files. Their tool-shaped objects
 * and JSON payloads are fixtures and assertions, not what a server sends; `check` and `migrate`
 * skip them unless asked, and the project view never reads them.
 */
export const TEST_FILE_GLOBS: readonly string[] = ['**/__tests__/**', '**/*.test.*', '**/*.spec.*'];

export function isTestFile(file: string): boolean {
  const parts = file.split(/[\\/]/);
  const base = parts[parts.length - 1];
  return parts.slice(0, -1).includes('__tests__') || /\.(?:test|spec)\.[cm]?[jt]sx?$/.test(base);
}

/** The folder of the nearest package.json above `file` (the project a server is), else the file's folder. */
export function projectRootOf(file: string): string {
  const start = path.dirname(path.resolve(file));
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return start;
  }
}

const MAX_FILES = 20_000;

/**
 * Every source file of a project, synchronously (lint rules cannot wait): dependencies, build
 * output, hidden folders and test files are left out. Bounded, so a root that is really a home
 * folder cannot make lint walk the disk.
 */
export function listProjectFiles(root: string): string[] {
  const files: string[] = [];
  const skipped = new Set<string>(SKIPPED_FOLDERS);
  const extensions = new Set<string>(SOURCE_EXTENSIONS);
  const walk = (dir: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (files.length >= MAX_FILES) return;
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skipped.has(entry.name) && entry.name !== '__tests__' && entry.name !== 'coverage') walk(full);
      } else if (entry.isFile() && extensions.has(path.extname(entry.name)) && !DECLARATION_FILE.test(entry.name) && !isTestFile(full)) {
        files.push(full);
      }
    }
  };
  walk(root);
  return files.sort();
}
