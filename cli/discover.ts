import { existsSync, lstatSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { globby } from 'globby';
import type * as TS from 'typescript';
import { ts } from '../src/typescript.js';
import { DECLARATION_FILE, SKIPPED_FOLDERS, SOURCE_EXTENSIONS } from '../src/source-files.js';
import { isTestFile, TEST_FILE_GLOBS } from '../src/analyze/flow/project-files.js';
import { readTsconfig, TsconfigError } from '../transforms/runner.js';
import { UsageError } from './errors.js';
import { matchesGlob, type Glob } from './glob.js';

export { SOURCE_EXTENSIONS } from '../src/source-files.js';
/** Folders never scanned, whatever .gitignore says (the plugin's configs skip them too). */
export const ALWAYS_SKIPPED = SKIPPED_FOLDERS;

export function isSourceFile(file: string): boolean {
  return (SOURCE_EXTENSIONS as readonly string[]).includes(path.extname(file)) && !DECLARATION_FILE.test(file);
}

/** stat() with the reasons a path named on the command line cannot be used, as usage errors. */
function statInput(absolute: string, input: string): Stats {
  try {
    return statSync(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw new UsageError(`symlink loop: ${input} (a symbolic link that leads back to itself)`);
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      if (lstatSync(absolute, { throwIfNoEntry: false })?.isSymbolicLink()) throw new UsageError(`broken symlink: ${input} (its target does not exist)`);
      throw new UsageError(`no such file or folder: ${input}`);
    }
    throw new UsageError(`cannot read ${input}: ${code ?? (error as Error).message}`);
  }
}

export interface DiscoverOptions {
  /** Files and folders as given; the cwd when empty. */
  paths: string[];
  cwd: string;
  include?: Glob[];
  exclude?: Glob[];
  /** Keep test files found in folders (files named directly are always kept). */
  includeTests?: boolean;
}

function inSkippedFolder(file: string, root: string): boolean {
  const relative = path.relative(root, file).split(path.sep);
  return relative.slice(0, -1).some((part) => (ALWAYS_SKIPPED as readonly string[]).includes(part));
}

/**
 * The source files to process, absolute and sorted. Folders are walked respecting .gitignore
 * (including the ones above them in the same git repository) and skipping node_modules, dist
 * and build, and test files unless `includeTests`; files named directly are taken as they are. `include` keeps only matching files,
 * `exclude` drops matching ones. An unknown path is a UsageError.
 */
export async function discoverFiles(options: DiscoverOptions): Promise<string[]> {
  const inputs = options.paths.length > 0 ? options.paths : ['.'];
  const found = new Set<string>();
  for (const input of inputs) {
    const absolute = path.resolve(options.cwd, input);
    const stat = statInput(absolute, input);
    if (stat.isFile()) {
      if (!isSourceFile(absolute)) throw new UsageError(`not a TypeScript or JavaScript source file: ${input} (expected ${SOURCE_EXTENSIONS.join(' ')}, not .d.ts)`);
      found.add(absolute);
      continue;
    }
    if (!stat.isDirectory()) throw new UsageError(`not a file or folder: ${input}`);
    const files = await globby([`**/*.{${SOURCE_EXTENSIONS.map((ext) => ext.slice(1)).join(',')}}`], {
      cwd: absolute,
      absolute: true,
      gitignore: true,
      dot: false,
      followSymbolicLinks: false,
      ignore: [...ALWAYS_SKIPPED.map((dir) => `**/${dir}/**`), '**/*.d.ts', '**/*.d.mts', '**/*.d.cts', ...(options.includeTests ? [] : TEST_FILE_GLOBS)],
    });
    let count = 0;
    for (const file of files) {
      const normalized = path.resolve(file);
      if (isSourceFile(normalized) && !inSkippedFolder(normalized, absolute) && (options.includeTests || !isTestFile(path.relative(absolute, normalized)))) {
        found.add(normalized);
        count++;
      }
    }
    // As ESLint 9 treats a pattern that matches nothing: a mistyped path must not pass in CI.
    if (count === 0) {
      throw new UsageError(
        `no source files in ${input} (looked for ${SOURCE_EXTENSIONS.join(' ')}, skipping .gitignore'd files, ${ALWAYS_SKIPPED.join(', ')} folders${options.includeTests ? '' : ' and test files (--include-tests takes them)'})`,
      );
    }
  }
  const include = options.include ?? [];
  const exclude = options.exclude ?? [];
  const kept = [...found]
    .filter((file) => include.length === 0 || include.some((glob) => matchesGlob(file, glob)))
    .filter((file) => !exclude.some((glob) => matchesGlob(file, glob)))
    .sort();
  if (kept.length === 0) throw new UsageError(`no source files left after include/exclude (${found.size} found in ${inputs.join(' ')})`);
  return kept;
}

/** The nearest tsconfig.json from `start` (a file or folder) upwards. */
export function findTsconfig(start: string): string | undefined {
  let dir = existsSync(start) && statSync(start).isFile() ? path.dirname(start) : start;
  for (;;) {
    const candidate = path.join(dir, 'tsconfig.json');
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** `--tsconfig` if given (must exist), none with `--no-tsconfig`, else the nearest one from the first path. */
export function resolveTsconfig(cwd: string, paths: string[], flag: string | false | undefined): string | undefined {
  if (flag === false) return undefined;
  if (flag !== undefined) {
    const file = path.resolve(cwd, flag);
    const candidate = existsSync(file) && statSync(file).isDirectory() ? path.join(file, 'tsconfig.json') : file;
    if (!existsSync(candidate)) throw new UsageError(`tsconfig not found: ${flag}`);
    return candidate;
  }
  return findTsconfig(path.resolve(cwd, paths[0] ?? '.'));
}

/**
 * The files a tsconfig covers (absolute). A tsconfig TypeScript reports errors for (bad JSON, a
 * missing `extends`, unknown options; "no inputs" aside) is a UsageError naming the file, as
 * `tsc -p` would refuse it too.
 */
export function readTsconfigFiles(tsconfig: string, display: string): { files: Set<string> } {
  let parsed: TS.ParsedCommandLine;
  try {
    parsed = readTsconfig(tsconfig);
  } catch (error) {
    if (error instanceof TsconfigError) throw new UsageError(`cannot use ${display}: ${error.message.slice(tsconfig.length + 2)}`, { cause: error });
    throw error;
  }
  const fatal = parsed.errors.find((diagnostic) => diagnostic.code !== 18003); // 18003: no inputs found
  if (fatal) throw new UsageError(`cannot use ${display}: ${ts.flattenDiagnosticMessageText(fatal.messageText, ' ')}`);
  return { files: new Set(parsed.fileNames.map((file) => path.resolve(file))) };
}

/** How many files the outside-the-tsconfig warning names before it counts the rest. */
export const LISTED_FILES = 10;

/** `3 files are not in tsconfig.json (a.ts, b.ts, c.ts); checking them without type information`, naming up to ten. */
export function outsideTsconfigWarning(files: readonly string[], tsconfig: string): string {
  const one = files.length === 1;
  const named = files.slice(0, LISTED_FILES).join(', ');
  const rest = files.length > LISTED_FILES ? ` and ${files.length - LISTED_FILES} more` : '';
  return `${files.length} file${one ? ' is' : 's are'} not in ${tsconfig} (${named}${rest}); checking ${one ? 'it' : 'them'} without type information`;
}
