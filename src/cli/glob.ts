import path from 'node:path';

/** A glob from the command line (relative to the cwd) or a config file (relative to its folder). */
export interface Glob {
  pattern: string;
  base: string;
}

function escape(char: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(char) ? `\\${char}` : char;
}

/**
 * Compiles a glob to a regular expression over a `/`-separated relative path:
 * `**` any folders, `*` any name characters, `?` one character, `{a,b}` alternatives, `[abc]`
 * classes. A pattern without a `/` matches a name at any depth (as in .gitignore).
 */
export function globToRegExp(glob: string): RegExp {
  let pattern = glob.trim().replace(/\\/g, '/');
  if (pattern.startsWith('./')) pattern = pattern.slice(2);
  if (pattern.endsWith('/')) pattern = pattern.slice(0, -1);
  const anchored = pattern.includes('/');
  let source = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '*') {
      if (pattern[i + 1] === '*') {
        const atStart = i === 0 || pattern[i - 1] === '/';
        const atEnd = i + 2 === pattern.length || pattern[i + 2] === '/';
        if (atStart && atEnd) {
          if (i + 2 === pattern.length) source += '.*';
          else {
            source += '(?:[^/]+/)*';
            i += 1; // skip the slash too
          }
          i += 1;
          continue;
        }
        source += '[^/]*';
        i += 1;
        continue;
      }
      source += '[^/]*';
    } else if (char === '?') source += '[^/]';
    else if (char === '{') {
      braces += 1;
      source += '(?:';
    } else if (char === '}' && braces > 0) {
      braces -= 1;
      source += ')';
    } else if (char === ',' && braces > 0) source += '|';
    else if (char === '[') {
      const close = pattern.indexOf(']', i + 2);
      if (close === -1) source += '\\[';
      else {
        let body = pattern.slice(i + 1, close);
        if (body.startsWith('!')) body = `^${body.slice(1)}`;
        source += `[${body.replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else source += escape(char);
  }
  if (braces > 0) throw new SyntaxError(`unbalanced "{" in glob "${glob}"`);
  const prefix = anchored ? '^' : '^(?:[^/]+/)*';
  return new RegExp(`${prefix}${source}(?:/.*)?$`);
}

const compiled = new Map<string, RegExp>();

/**
 * True when `file` (absolute) or one of its folders matches the glob, taken relative to its base.
 * Absolute patterns match absolute paths.
 */
export function matchesGlob(file: string, glob: Glob): boolean {
  let regexp = compiled.get(glob.pattern);
  if (!regexp) {
    regexp = globToRegExp(glob.pattern);
    compiled.set(glob.pattern, regexp);
  }
  const absolutePattern = glob.pattern.startsWith('/') || path.isAbsolute(glob.pattern);
  const target = absolutePattern ? file.split(path.sep).join('/') : path.relative(glob.base, file).split(path.sep).join('/');
  if (!absolutePattern && (target.startsWith('../') || target === '..')) return false;
  return regexp.test(target);
}

/** Throws SyntaxError for a glob that cannot be compiled. */
export function checkGlob(pattern: string): void {
  if (pattern.trim() === '') throw new SyntaxError('empty glob');
  globToRegExp(pattern);
}
