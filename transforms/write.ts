/**
 * Writing a migration. Each changed file is written with write-file-atomic (temp file in the same
 * folder, fsync, rename; mode and owner kept), through a symlink at its target, so an interrupted
 * run never leaves a half-written file and a link stays a link. Read-only files are refused, not
 * silently replaced.
 */
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import writeFileAtomic from 'write-file-atomic';
import type { FileResult } from './runner.js';

export interface WriteFailure {
  /** The file as the run named it (a symlink stays the link's path). */
  fileName: string;
  /** What went wrong, naming the real file when it is a link; never a temp file. */
  message: string;
}

export interface WriteOutcome {
  written: string[];
  failed: WriteFailure[];
}

export class ReadOnlyFileError extends Error {
  override name = 'ReadOnlyFileError';
}

/** `EACCES: permission denied, open '/x/.a.ts.1f2e'` → `EACCES: permission denied`: the temp file's name helps nobody. */
function describe(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (error instanceof ReadOnlyFileError) return message;
  const head = message.split(',')[0];
  return code && head.startsWith(code) ? head : message;
}

/**
 * Writes `text` to `fileName` atomically, at the symlink's target when it is one. Throws
 * ReadOnlyFileError for a file without write permission: root could replace it, a person would not expect it.
 */
export function writeSourceFile(fileName: string, text: string): void {
  let target = fileName;
  try {
    target = realpathSync(fileName);
  } catch {
    // A new file (the local helpers module): nothing to resolve.
  }
  const stats = statSync(target, { throwIfNoEntry: false });
  if (stats) {
    let writable = (stats.mode & 0o222) !== 0;
    try {
      accessSync(target, constants.W_OK);
    } catch {
      writable = false;
    }
    if (!writable) throw new ReadOnlyFileError(`read-only${target === fileName ? '' : ` (${target})`}: not written; make it writable (chmod u+w) and run again`);
  }
  writeFileAtomic.sync(target, text, { encoding: 'utf8' });
}

/** Writes every changed file; a failure is recorded and the others are still written. */
export function writeMigration(files: readonly FileResult[]): WriteOutcome {
  const outcome: WriteOutcome = { written: [], failed: [] };
  for (const file of files) {
    if (!file.changed) continue;
    try {
      writeSourceFile(file.fileName, file.text);
      outcome.written.push(file.fileName);
    } catch (error) {
      let real = file.fileName;
      try {
        real = realpathSync(file.fileName);
      } catch {
        // Keep the name as given.
      }
      const message = describe(error);
      outcome.failed.push({ fileName: file.fileName, message: real !== file.fileName && !message.includes(real) ? `${message} (${real})` : message });
    }
  }
  return outcome;
}
