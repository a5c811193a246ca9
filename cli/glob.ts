import path from 'node:path';
import { Minimatch } from 'minimatch';

/** A glob from the command line (relative to the cwd) or a config file (relative to its folder). */
export interface Glob {
  pattern: string;
  base: string;
}

function normalize(pattern: string): string {
  let normalized = pattern.trim().replace(/\\/g, '/');
  if (normalized.startsWith('./')) normalized = normalized.slice(2);
  if (normalized.endsWith('/') && normalized.length > 1) normalized = normalized.slice(0, -1);
  return normalized;
}

const compiled = new Map<string, Minimatch>();

function compile(pattern: string): Minimatch {
  let matcher = compiled.get(pattern);
  if (!matcher) {
    const normalized = normalize(pattern);
    // A pattern without a slash names a file or folder at any depth, as in .gitignore.
    matcher = new Minimatch(normalized, { dot: true, matchBase: !normalized.includes('/'), nocomment: true, nonegate: true });
    compiled.set(pattern, matcher);
  }
  return matcher;
}

/** True when `relative` (a `/`-separated path) or one of its folders matches the glob. */
export function matchesPath(pattern: string, relative: string): boolean {
  const matcher = compile(pattern);
  const parts = relative.split('/');
  for (let length = parts.length; length >= 1; length--) {
    if (matcher.match(parts.slice(0, length).join('/'))) return true;
  }
  return false;
}

/**
 * True when `file` (absolute) or one of its folders matches the glob, taken relative to its base.
 * Absolute patterns match absolute paths.
 */
export function matchesGlob(file: string, glob: Glob): boolean {
  const absolutePattern = glob.pattern.startsWith('/') || path.isAbsolute(glob.pattern);
  const target = absolutePattern ? file.split(path.sep).join('/') : path.relative(glob.base, file).split(path.sep).join('/');
  if (!absolutePattern && (target.startsWith('../') || target === '..')) return false;
  return matchesPath(glob.pattern, target);
}

/** Throws SyntaxError for a glob that is empty or cannot be compiled. */
export function checkGlob(pattern: string): void {
  if (pattern.trim() === '') throw new SyntaxError('empty glob');
  // minimatch reads a lone "{" literally; in a config file it is far more likely a typo.
  const opened = (pattern.match(/\{/g) ?? []).length;
  const closed = (pattern.match(/\}/g) ?? []).length;
  if (opened !== closed) throw new SyntaxError(`unbalanced "{" in glob "${pattern}"`);
  try {
    compile(pattern);
  } catch (error) {
    throw new SyntaxError(`cannot compile glob "${pattern}": ${(error as Error).message}`, { cause: error });
  }
}
