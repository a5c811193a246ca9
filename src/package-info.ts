import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The npm name of the package that ships the CLI, the ESLint plugin and the codemod. */
export const PACKAGE_NAME = '@mcp-result-kit/tools';

interface Manifest {
  name?: unknown;
  version?: unknown;
}

let cached: { root: string; manifest: Manifest } | undefined;

function find(): { root: string; manifest: Manifest } {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file)) {
      try {
        const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
        if (manifest.name === PACKAGE_NAME) return (cached = { root: dir, manifest });
      } catch {
        // Not ours; keep looking.
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the ${PACKAGE_NAME} package root above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

/**
 * The package root: the nearest folder above this module whose package.json has our name. Works
 * from the sources (src/) and from the build (dist/src/).
 */
export function packageRoot(): string {
  return find().root;
}

export function packageVersion(): string {
  const { version } = find().manifest;
  return typeof version === 'string' ? version : '0.0.0';
}
