/**
 * What `migrate --prove` checks before it starts the server: the recording takes minutes on a real
 * server, so a proof that cannot end well stops first, with the fix, and nothing recorded or written.
 * - the migrated files' runtime import must resolve from the server's folder: `mcp-result-kit`
 *   installed and listed in the server's `dependencies` (or `--add-dependency` with it installed),
 *   or `--local-helpers`, whose module is the project's own file;
 * - the server's entry file named in its command must exist (a TypeScript server not built yet).
 * Whether the command starts at all is the first start of the recording, which stops at once.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readTsconfig } from '../transforms/runner.js';
import { DEFAULT_IMPORT_SOURCE } from '../src/analyze/index.js';
import { detectPackageManager, installCommand } from '../src/install.js';
import { resolveCliOptions } from './config.js';
import { checkImportSource, missingDependencyMessage } from './dependency-check.js';
import { discoverFiles, resolveTsconfig } from './discover.js';
import type { MigrateFlags } from './migrate.js';

const NOTHING_DONE = 'nothing was recorded or written';

/** The project's package.json scripts, or undefined without one. */
export function projectScripts(cwd: string): Record<string, unknown> | undefined {
  const manifest = path.join(cwd, 'package.json');
  if (!existsSync(manifest)) return undefined;
  try {
    const scripts = (JSON.parse(readFileSync(manifest, 'utf8')) as { scripts?: unknown }).scripts;
    return typeof scripts === 'object' && scripts !== null ? (scripts as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why the migrated server could not import the helpers at run time, or undefined when it can. The
 * migration would refuse a missing production dependency too, but only after the recording.
 */
export async function runtimeImportProblem(paths: string[], flags: MigrateFlags, cwd: string): Promise<string | undefined> {
  const options = resolveCliOptions(cwd, flags);
  if (options.localHelpers !== undefined) return undefined;
  const source = options.importSource ?? DEFAULT_IMPORT_SOURCE;
  const files = await discoverFiles({ paths, cwd, include: options.include, exclude: options.exclude, includeTests: options.includeTests });
  const tsconfig = resolveTsconfig(cwd, paths, flags.tsconfig);
  const check = checkImportSource(source, files, tsconfig ? readTsconfig(tsconfig).options : undefined);
  if (!check) return undefined;
  const absent = check.packages.find((pkg) => !pkg.installed);
  if (absent) {
    const dir = absent.file ? path.dirname(absent.file) : cwd;
    const listed = absent.declaredIn !== undefined;
    const command = listed ? `${detectPackageManager(dir)} install` : installCommand(detectPackageManager(dir), [check.packageName]);
    const where = path.relative(cwd, dir).split(path.sep).join('/');
    return (
      `the migrated files would import ${check.packageName} at run time, but it is not installed${where ? ` in ${where}` : ''}${listed ? ` (package.json lists it in ${absent.declaredIn})` : ''}, ` +
      `so the migrated server could not start; install it first: ${where ? `cd ${where} && ` : ''}${command} ` +
      `(or pass --local-helpers <path> to write the helpers into the project instead); ${NOTHING_DONE}`
    );
  }
  // Installed but not a production dependency: --add-dependency lists it, which is all it needs.
  if (check.refused.length === 0 || flags.addDependency) return undefined;
  return `${missingDependencyMessage(check, cwd)}; ${NOTHING_DONE}`;
}

/** An argument that names a script file: no option, no space, a script's extension. */
const SCRIPT_FILE = /^[^\s-][^\s]*\.(?:[cm]?[jt]sx?|py)$/;

/**
 * The entry file the server's command names (`node dist/index.js`, `./build/server.js`) when it
 * does not exist, with the fix: build first when the project has a build script.
 */
export function serverEntryProblem(command: readonly string[], cwd: string): string | undefined {
  const [program, ...args] = command;
  const candidates = [...(/[\\/]/.test(program) ? [program] : []), ...args.filter((arg) => SCRIPT_FILE.test(arg)).slice(0, 1)];
  const missing = candidates.find((file) => !existsSync(path.resolve(cwd, file)));
  if (missing === undefined) return undefined;
  const fix = typeof projectScripts(cwd)?.build === 'string' ? 'build the project first (npm run build), then run --prove again' : 'check the command after --';
  return `the server's command names ${missing}, which does not exist in ${cwd}; ${fix}; ${NOTHING_DONE}`;
}
