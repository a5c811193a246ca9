/**
 * Which files the kit works on, for the CLI's discovery and the ESLint configs alike, so that
 * `check`, `migrate` and an editor running the plugin agree on what is a source file.
 */

export const TS_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts'] as const;
export const JS_EXTENSIONS = ['.js', '.jsx', '.mjs', '.cjs'] as const;
export const SOURCE_EXTENSIONS = [...TS_EXTENSIONS, ...JS_EXTENSIONS] as const;

/** Declaration files describe code; they hold no handlers to fix. */
export const DECLARATION_FILE = /\.d\.[cm]?ts$/;

/** Dependencies and build output: never scanned by the CLI, never linted by the configs. */
export const SKIPPED_FOLDERS = ['node_modules', 'dist', 'build'] as const;

const globs = (extensions: readonly string[]) => extensions.map((extension) => `**/*${extension}`);

export const SOURCE_FILE_GLOBS: string[] = globs(SOURCE_EXTENSIONS);
export const TS_FILE_GLOBS: string[] = globs(TS_EXTENSIONS);
export const SKIPPED_FOLDER_GLOBS: string[] = SKIPPED_FOLDERS.map((folder) => `**/${folder}/**`);
