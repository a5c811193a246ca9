import type { Io } from './io.js';

export interface Progress {
  update(done: number, total: number): void;
  finish(): void;
}

const QUIET: Progress = { update() {}, finish() {} };

/** Only worth drawing for a person watching a long run. */
export const PROGRESS_MIN_FILES = 50;

export function shouldShowProgress(io: Io, total: number, minTotal = PROGRESS_MIN_FILES): boolean {
  const ci = io.env.CI !== undefined && io.env.CI !== '' && io.env.CI !== 'false' && io.env.CI !== '0';
  return io.stderrIsTTY && !ci && total > minTotal;
}

/**
 * A one-line bar on stderr (`[#####-----]  412/1000 files`), redrawn at most every 50 ms; drawn
 * only for more than `minTotal` items (`probe` draws it for any number of calls: each may be slow).
 */
export function createProgress(io: Io, total: number, label = 'files', minTotal = PROGRESS_MIN_FILES): Progress {
  if (!shouldShowProgress(io, total, minTotal)) return QUIET;
  let last = 0;
  let drawn = false;
  const draw = (done: number, all: number) => {
    const counter = ` ${String(done).padStart(String(all).length)}/${all} ${label}`;
    const width = Math.max(10, Math.min(40, io.columns - counter.length - 4));
    const filled = all === 0 ? width : Math.round((done / all) * width);
    io.stderr(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]${counter}`);
    drawn = true;
  };
  return {
    update(done, all) {
      const now = Date.now();
      if (done < all && now - last < 50) return;
      last = now;
      draw(done, all);
    },
    finish() {
      if (drawn) io.stderr('\r\x1b[2K');
    },
  };
}
