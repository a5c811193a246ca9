/**
 * jscodeshift adapter: `jscodeshift -t node_modules/@mcp-result-kit/tools/dist/transforms/jscodeshift.cjs src/`
 * runs the same engine as `mcp-result-kit migrate`, one file at a time, syntax-only (jscodeshift
 * gives a transform one file, so there is no type information). The `.cjs` entry loads this
 * module; it works with and without `--no-babel` (see jscodeshift.cts).
 */
import { ts } from '../src/typescript.js';
import type { HandlerOptions } from '../src/analyze/index.js';
import { PRESETS, type Preset } from '../rules/rule-set.js';
import { migrateSourceFile, scriptKind } from './runner.js';

interface FileInfo {
  path: string;
  source: string;
}

/** jscodeshift passes command-line flags through as options: strings, booleans or arrays. */
type JscodeshiftOptions = Record<string, unknown>;

// jscodeshift also parses the file itself before calling us; `ts` keeps it from choking on types.
export const parser = 'ts';

function listOption(options: JscodeshiftOptions, key: keyof HandlerOptions): string[] | undefined {
  const value = options[key];
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map(String);
  const text = String(value);
  // A JSON array keeps regexes with commas intact: --handlerPatterns='["^handle[A-Z]"]'.
  if (text.startsWith('[')) {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) throw new TypeError(`${key} must be a JSON array of strings`);
    return parsed.map(String);
  }
  return [text];
}

export function handlerOptionsFrom(options: JscodeshiftOptions): HandlerOptions {
  const handlerOptions: HandlerOptions = {};
  for (const key of ['handlerPatterns', 'registrationMethods', 'handlerProperties', 'resultHelpers'] as const) {
    const list = listOption(options, key);
    if (list) handlerOptions[key] = list;
  }
  if (options.handlerClasses !== undefined) handlerOptions.handlerClasses = options.handlerClasses === true || options.handlerClasses === 'true';
  return handlerOptions;
}

function presetFrom(options: JscodeshiftOptions): Preset | undefined {
  if (options.preset === undefined) return undefined;
  if (!(PRESETS as readonly unknown[]).includes(options.preset)) throw new TypeError(`--preset must be one of ${PRESETS.join(', ')}, got "${String(options.preset)}"`);
  return options.preset as Preset;
}

export default function transformer(file: FileInfo, _api: unknown, options: JscodeshiftOptions = {}): string | undefined {
  const sourceFile = ts.createSourceFile(file.path, file.source, ts.ScriptTarget.Latest, true, scriptKind(file.path));
  const result = migrateSourceFile(sourceFile, {
    handlerOptions: handlerOptionsFrom(options),
    importSource: typeof options.importSource === 'string' ? options.importSource : undefined,
    preset: presetFrom(options),
  });
  const failure = result.diagnostics.find((diagnostic) => diagnostic.severity === 'error');
  // jscodeshift reports a thrown error per file and carries on with the rest.
  if (failure) throw new Error(`${file.path}:${failure.line}: ${failure.message}`);
  for (const review of result.diagnostics) {
    process.stderr.write(`${file.path}:${review.line}:${review.column}: needs review (${review.kind}): ${review.message}\n`);
  }
  return result.changed ? result.text : undefined;
}
