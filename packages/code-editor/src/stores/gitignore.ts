/**
 * What a plain folder serves: everything git would consider, i.e. not `.git`, not
 * `node_modules`, and nothing a `.gitignore` ignores; nor the servers' own lock folder
 * (`.mcp-locks`, file-lock.ts), which git would not track either (it holds only empty folders).
 *
 * Every `.gitignore` inside the root counts, each for the paths below its own folder, with
 * git's precedence: a deeper file's rules win over a shallower one's, a later rule over an
 * earlier one, and nothing inside an ignored folder can be re-included. Pattern matching is the
 * `ignore` package's (the one ESLint and globby use). `.git/info/exclude`, the global
 * `core.excludesFile` and `.gitignore` files above the root are not read.
 *
 * The rules are read lazily, one folder at a time, and re-read when a `.gitignore` changes
 * (mtime or size), so edits to them take effect on the next call.
 */
import fs from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { LOCK_FOLDER } from './file-lock.js';
import { decodeText, isNotFound, readRegularFile } from './fs-read.js';

/** Folders never served, whatever .gitignore says. */
export const ALWAYS_SKIPPED = new Set(['.git', 'node_modules', LOCK_FOLDER]);

interface LoadedRules {
  mtimeMs: number;
  size: number;
  rules: Ignore | undefined;
}

export interface IgnoreVerdict {
  ignored: boolean;
  /** Why, for messages: "rule 'dist/' in .gitignore" or "'.git' is never served". */
  reason?: string;
}

/** The .gitignore files that apply inside one folder, shallowest first, with where each sits. */
export type IgnoreChain = ReadonlyArray<{ depth: number; rules: Ignore }>;

export class GitIgnoreRules {
  private readonly cache = new Map<string, LoadedRules>();

  constructor(private readonly root: string) {}

  /** The rules of `<root>/<folder>/.gitignore`, or undefined when there is none (or it is not a regular file). */
  private rulesIn(folder: readonly string[]): Ignore | undefined {
    const file = path.join(this.root, ...folder, '.gitignore');
    let stats: fs.Stats;
    try {
      stats = fs.lstatSync(file);
    } catch (error) {
      if (isNotFound(error)) {
        this.cache.delete(file);
        return undefined;
      }
      throw error;
    }
    if (!stats.isFile()) return undefined;
    const cached = this.cache.get(file);
    if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached.rules;
    let rules: Ignore | undefined;
    try {
      rules = ignore().add(decodeText(readRegularFile(file)));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    this.cache.set(file, { mtimeMs: stats.mtimeMs, size: stats.size, rules });
    return rules;
  }

  /** The chain for entries inside `folder`: its parent's chain plus its own .gitignore. A walk computes it once per folder. */
  chainFor(folder: readonly string[], parent: IgnoreChain = []): IgnoreChain {
    const rules = this.rulesIn(folder);
    return rules ? [...parent, { depth: folder.length, rules }] : parent;
  }

  /**
   * Whether the entry at `segments` (relative to the root) is ignored by the rules of its folder
   * (`chain`), given that its parent folders are not (a walk never enters an ignored folder;
   * isPathIgnored checks them).
   */
  isEntryIgnored(chain: IgnoreChain, segments: readonly string[], isDirectory: boolean): IgnoreVerdict {
    const name = segments[segments.length - 1];
    if (name === LOCK_FOLDER) return { ignored: true, reason: `'${name}' holds the write locks of the servers sharing this folder and is never served` };
    if (ALWAYS_SKIPPED.has(name)) return { ignored: true, reason: `'${name}' is never served` };
    let verdict: IgnoreVerdict = { ignored: false };
    for (const { depth, rules } of chain) {
      const relative = segments.slice(depth).join('/') + (isDirectory ? '/' : '');
      const result = rules.test(relative);
      const where = depth === 0 ? '.gitignore' : `${segments.slice(0, depth).join('/')}/.gitignore`;
      if (result.ignored) verdict = { ignored: true, reason: `rule '${result.rule?.pattern ?? relative}' in ${where}` };
      else if (result.unignored) verdict = { ignored: false };
    }
    return verdict;
  }

  /** Whether a file path is ignored, itself or through any of its folders. */
  isPathIgnored(segments: readonly string[]): IgnoreVerdict {
    let chain = this.chainFor([]);
    for (let length = 1; length <= segments.length; length++) {
      const isDirectory = length < segments.length;
      const verdict = this.isEntryIgnored(chain, segments.slice(0, length), isDirectory);
      if (verdict.ignored) return verdict;
      if (isDirectory) chain = this.chainFor(segments.slice(0, length), chain);
    }
    return { ignored: false };
  }
}
