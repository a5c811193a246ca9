#!/usr/bin/env node
// The bin entry: everything lives in cli/; only this file sets the exit code.
import { main } from '../cli/main.js';

process.exitCode = await main(process.argv);
