/**
 * Whether a file is loaded as an ES module or as CommonJS, so a new helper import is written in
 * the syntax the file can run: an `import` in a CommonJS `.js` file is a SyntaxError.
 */
import path from 'node:path';
import type * as TS from 'typescript';
import { clearPackageManifestCache, readPackageManifest } from '../package-manifest.js';
import { ts } from '../typescript.js';

export type ModuleFormat = 'esm' | 'cjs';

const packageTypeCache = new Map<string, string | undefined>();

/** The `type` field of the nearest package.json above `dir` (cached per folder). */
function packageType(dir: string): string | undefined {
  if (packageTypeCache.has(dir)) return packageTypeCache.get(dir);
  const read = readPackageManifest(dir);
  // A missing package.json means: look further up. An unreadable one counts as present, untyped.
  let type = read.status === 'read' && typeof read.manifest.type === 'string' ? read.manifest.type : undefined;
  const parent = path.dirname(dir);
  if (read.status === 'missing' && parent !== dir) type = packageType(parent);
  packageTypeCache.set(dir, type);
  return type;
}

/** Module kinds whose output keeps `import` statements (a bundler or an ES module loader runs them). */
const ES_MODULE_KINDS = new Set<TS.ModuleKind>([ts.ModuleKind.ES2015, ts.ModuleKind.ES2020, ts.ModuleKind.ES2022, ts.ModuleKind.ESNext, ts.ModuleKind.Preserve]);

/**
 * How Node (or the compiler) loads `fileName` when its own syntax does not say:
 * - `.mjs`/`.mts` are ES modules and `.cjs`/`.cts` CommonJS, whatever the package says;
 * - otherwise a package.json with `"type": "module"` makes it an ES module;
 * - otherwise it is CommonJS, unless the tsconfig's `module` emits ES modules (bundled code).
 */
export function moduleFormatOf(fileName: string, compilerOptions?: TS.CompilerOptions): ModuleFormat {
  const extension = path.extname(fileName).toLowerCase();
  if (extension === '.mjs' || extension === '.mts') return 'esm';
  if (extension === '.cjs' || extension === '.cts') return 'cjs';
  if (packageType(path.dirname(path.resolve(fileName))) === 'module') return 'esm';
  const module = compilerOptions?.module;
  return module !== undefined && ES_MODULE_KINDS.has(module) ? 'esm' : 'cjs';
}

/** Forget cached package.json types (tests write package.json files between runs). */
export function clearModuleFormatCache(): void {
  packageTypeCache.clear();
  clearPackageManifestCache();
}
