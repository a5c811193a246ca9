/**
 * Progress while the probe waits: a server may take 20 s to start and a call may be slow. A line on
 * stderr names the wait once it has lasted a second (`… starting the server (4 s)`), and goes away
 * when the wait ends; short waits draw nothing. Only for a person at a terminal reading text.
 */
import type { Io } from '../io.js';

/** Waits shorter than this draw nothing. */
export const WAIT_NOTICE_AFTER_MS = 1000;

const set = (value: string | undefined) => value !== undefined && value !== '' && value !== '0' && value !== 'false';

/** On a terminal, outside CI, with colour allowed and text output: a person is watching. */
export function waitNoticeWanted(io: Io, format: string): boolean {
  return io.stderrIsTTY && !set(io.env.CI) && !set(io.env.NO_COLOR) && format === 'text';
}

export interface WaitNotice {
  /** A wait starts (`label`), or the last one ended (undefined). */
  wait(label: string | undefined): void;
  stop(): void;
}

export const NO_NOTICE: WaitNotice = { wait() {}, stop() {} };

export function createWaitNotice(io: Io): WaitNotice {
  let timer: NodeJS.Timeout | undefined;
  let drawn = false;
  const clear = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    if (drawn) io.stderr('\r\x1b[2K');
    drawn = false;
  };
  return {
    wait(label) {
      clear();
      if (label === undefined) return;
      const started = Date.now();
      // Checked every half second; drawn from the first second on.
      timer = setInterval(() => {
        const elapsed = Date.now() - started;
        if (elapsed < WAIT_NOTICE_AFTER_MS) return;
        io.stderr(`\r\x1b[2K… ${label.slice(0, Math.max(20, io.columns - 12))} (${Math.floor(elapsed / 1000)} s)`);
        drawn = true;
      }, 500);
      timer.unref();
    },
    stop: clear,
  };
}
