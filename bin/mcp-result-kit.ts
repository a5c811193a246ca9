#!/usr/bin/env node
// The bin entry: everything lives in src/cli; only this file sets the exit code.
import { main } from '../src/cli/main.js';

process.exitCode = await main(process.argv);
