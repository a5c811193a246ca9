/** Where a command writes, and what it knows about the terminal. Tests and the demo swap it. */
export interface Io {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Width of stderr for the progress bar. */
  columns: number;
}

/** A closed pipe (`mcp-result-kit check | head`) is not an error worth a stack trace. */
function ignoreBrokenPipe(stream: NodeJS.WriteStream): void {
  if (stream.listenerCount('error') > 0) return;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

export function processIo(): Io {
  ignoreBrokenPipe(process.stdout);
  ignoreBrokenPipe(process.stderr);
  return {
    cwd: process.cwd(),
    env: process.env,
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    stdoutIsTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    columns: process.stderr.columns ?? 80,
  };
}

/**
 * Whether stdout gets colour: `--color` / `--no-color` first, then FORCE_COLOR (any value but
 * `0` or `false` turns it on, as in chalk and Node), then NO_COLOR (https://no-color.org), then
 * whether stdout is a terminal.
 */
export function useColor(io: Io, flag?: boolean): boolean {
  if (flag !== undefined) return flag;
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== '') return false;
  return io.stdoutIsTTY;
}

export function warn(io: Io, message: string): void {
  io.stderr(`mcp-result-kit: warning: ${message}\n`);
}

export function note(io: Io, message: string): void {
  io.stderr(`mcp-result-kit: note: ${message}\n`);
}

export function deprecated(io: Io, message: string): void {
  io.stderr(`mcp-result-kit: deprecated: ${message}\n`);
}
