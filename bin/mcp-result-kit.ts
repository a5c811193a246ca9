#!/usr/bin/env node
// The bin entry: everything lives in cli/; only this file sets the exit code.
import { main } from '../cli/main.js';

// Ctrl-C or a SIGTERM ends the run through process.exit, so the 'exit' listeners still run: the
// probed server's process tree is killed and the probe's temp folders are removed. A second
// signal finds no handler and ends the process at once.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => process.exit(code));
}

process.exitCode = await main(process.argv);
