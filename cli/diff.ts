import { createTwoFilesPatch } from 'diff';
import picocolors from 'picocolors';

/** A unified diff of one file, `a/<name>` → `b/<name>` (or from /dev/null for a new file). */
export function unifiedDiff(name: string, before: string | null, after: string): string {
  const patch = createTwoFilesPatch(before === null ? '/dev/null' : `a/${name}`, `b/${name}`, before ?? '', after, undefined, undefined, { context: 3 });
  // The diff package starts with an "Index:"-less "===" separator line; keep only the patch proper.
  return patch
    .split('\n')
    .filter((line) => !/^={10,}$/.test(line))
    .join('\n');
}

/** Colours a unified diff for a terminal: headers bold, hunks cyan, additions green, removals red. */
export function colorizeDiff(patch: string): string {
  // Forced on: the caller already decided (TTY and no NO_COLOR).
  const pc = picocolors.createColors(true);
  return patch
    .split('\n')
    .map((line) => {
      if (line.startsWith('+++') || line.startsWith('---')) return pc.bold(line);
      if (line.startsWith('@@')) return pc.cyan(line);
      if (line.startsWith('+')) return pc.green(line);
      if (line.startsWith('-')) return pc.red(line);
      if (line.startsWith('\\')) return pc.dim(line);
      return line;
    })
    .join('\n');
}

export function renderDiff(name: string, before: string | null, after: string, color: boolean): string {
  const patch = unifiedDiff(name, before, after);
  const text = color ? colorizeDiff(patch) : patch;
  return text.endsWith('\n') ? text : `${text}\n`;
}
