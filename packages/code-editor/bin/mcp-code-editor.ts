#!/usr/bin/env node
// The bin entry: everything lives in src/cli.ts; only this file sets the exit code.
import { runCodeEditorCli } from '../src/cli.js';

process.exitCode = await runCodeEditorCli(process.argv.slice(2));
