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

/** Colour on stdout only for a terminal, and never with NO_COLOR set (https://no-color.org). */
export function useColor(io: Io): boolean {
  return io.stdoutIsTTY && (io.env.NO_COLOR === undefined || io.env.NO_COLOR === '');
}

export function warn(io: Io, message: string): void {
  io.stderr(`mcp-result-kit: warning: ${message}\n`);
}

export function note(io: Io, message: string): void {
  io.stderr(`mcp-result-kit: note: ${message}\n`);
}
