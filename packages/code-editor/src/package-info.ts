/** The package's own name and version, read once from its package.json (from src/ or dist/src/). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PACKAGE_NAME = '@mcp-result-kit/code-editor';

let version: string | undefined;

export function packageVersion(): string {
  if (version !== undefined) return version;
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === PACKAGE_NAME && manifest.version) return (version = manifest.version);
    }
    if (path.dirname(dir) === dir) throw new Error(`package.json of ${PACKAGE_NAME} not found above ${fileURLToPath(import.meta.url)}`);
  }
}
