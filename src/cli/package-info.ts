import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cachedRoot: string | undefined;

/**
 * The tools package root: the nearest folder above this module whose package.json is named
 * `@mcp-result-kit/tools`. Works from the sources (src/cli) and from the build (dist/src/cli).
 */
export const TOOLS_PACKAGE = '@mcp-result-kit/tools';

export function packageRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === TOOLS_PACKAGE) return (cachedRoot = dir);
      } catch {
        // Not ours; keep looking.
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the ${TOOLS_PACKAGE} package root`);
    dir = parent;
  }
}

export function packageVersion(): string {
  return (JSON.parse(readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
