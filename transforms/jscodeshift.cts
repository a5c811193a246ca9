/**
 * The jscodeshift entry (`jscodeshift -t node_modules/mcp-result-kit/dist/transforms/jscodeshift.cjs`),
 * loadable with or without `--no-babel`.
 *
 * Without `--no-babel`, jscodeshift registers Babel on `require` and compiles every file required
 * after it to CommonJS, the kit's ES modules included; Node then refuses them ("exports is not
 * defined in ES module scope") and jscodeshift reports "0 ok" with exit 0. So this CommonJS file
 * loads the adapter with `import()`, which Babel's require hook never sees. TypeScript itself is
 * CommonJS and loaded with require: it is compiled here, once, without the hook, so that Babel
 * does not spend seconds on a 9 MB file.
 */
import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import * as url from 'node:url';

interface FileInfo {
  path: string;
  source: string;
}

type Transformer = (file: FileInfo, api: unknown, options?: Record<string, unknown>) => string | undefined;

interface InternalModule {
  filename: string;
  paths: string[];
  loaded: boolean;
  _compile(source: string, filename: string): void;
}

interface ModuleInternals {
  new (id: string, parent?: unknown): InternalModule;
  _nodeModulePaths(from: string): string[];
}

/** Puts TypeScript in the require cache, compiled by Node's own loader, unless it is there already. */
function preloadTypeScript(): void {
  let filename: string;
  try {
    filename = require.resolve('typescript');
  } catch {
    return; // The adapter will report it.
  }
  if (require.cache[filename]) return;
  const internals = Module as unknown as ModuleInternals;
  const loaded = new internals(filename, module);
  loaded.filename = filename;
  loaded.paths = internals._nodeModulePaths(path.dirname(filename));
  // The prototype's _compile: Babel's hook wraps only modules that go through require.
  loaded._compile(fs.readFileSync(filename, 'utf8'), filename);
  loaded.loaded = true;
  require.cache[filename] = loaded as unknown as NodeJS.Module;
}

let adapter: Promise<{ default: Transformer }> | undefined;

async function transformer(file: FileInfo, api: unknown, options?: Record<string, unknown>): Promise<string | undefined> {
  if (!adapter) {
    preloadTypeScript();
    adapter = import(url.pathToFileURL(path.join(__dirname, 'jscodeshift.js')).href) as Promise<{ default: Transformer }>;
  }
  return (await adapter).default(file, api, options);
}

// jscodeshift reads `parser` from the transform module: `ts` keeps its own parse from choking on types.
export = Object.assign(transformer, { parser: 'ts' });
