/**
 * The processes a server started, so that the probe can end them all. Linux lists them in /proc;
 * other POSIX systems through `ps`. (Windows kills a tree with `taskkill /T` instead.)
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** pid → parent pid of every process visible to us. */
function parents(): Map<number, number> {
  const map = new Map<number, number>();
  let entries: string[] | undefined;
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    entries = undefined;
  }
  if (entries) {
    for (const name of entries) {
      try {
        // `pid (comm) state ppid …`; comm may hold spaces and parentheses, so read after the last ')'.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        map.set(Number(name), ppid);
      } catch {
        // Gone meanwhile.
      }
    }
    return map;
  }
  const listing = spawnSync('ps', ['-A', '-o', 'pid=', '-o', 'ppid='], { encoding: 'utf8' });
  for (const line of (listing.stdout ?? '').split('\n')) {
    const [pid, ppid] = line.trim().split(/\s+/).map(Number);
    if (Number.isInteger(pid) && Number.isInteger(ppid)) map.set(pid, ppid);
  }
  return map;
}

/** Every descendant of `root` (children, their children, …), not `root` itself. */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parents()) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (found.includes(child) || child === root) continue;
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Sends `signal` to each process; one that is already gone is skipped. */
export function signalAll(pids: readonly number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}
