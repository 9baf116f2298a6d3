#!/usr/bin/env node
/** The `mcpdesc` executable: runs the command line and sets the exit code (see main.ts). */
import { formatError } from './errors.js';
import { EXIT_ERROR } from './exit-codes.js';
import { runCli } from './main.js';

try {
  process.exitCode = await runCli(process.argv);
} catch (error) {
  // Command actions report their own errors; this catches the rest (option parsers, hooks).
  process.stderr.write(`${formatError(error, process.argv.includes('--debug'))}\n`);
  process.exitCode = EXIT_ERROR;
}
