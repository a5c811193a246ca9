import { processIo, type Io } from './io.js';
import { run } from './program.js';

/** The CLI: `main(process.argv)` returns the exit code for the bin to set. */
export async function main(argv: readonly string[], io: Io = processIo()): Promise<number> {
  return run(argv.slice(2), io);
}
