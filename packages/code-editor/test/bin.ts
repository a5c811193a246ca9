/** The built package, as the tests run it: `npm run build` first (npm test does). */
import { fileURLToPath } from 'node:url';

/** The package folder (packages/code-editor) and the repository root, whose node_modules the workspace fills. */
export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
export const REPOSITORY = fileURLToPath(new URL('../../..', import.meta.url));

/** dist/bin/mcp-code-editor.js: the package's bin, what `npx mcp-code-editor` runs. */
export const BIN = fileURLToPath(new URL('../dist/bin/mcp-code-editor.js', import.meta.url));

/** A compiled module of the package, for code a child process imports. */
export function built(module: string): string {
  return fileURLToPath(new URL(`../dist/src/${module}`, import.meta.url));
}
