#!/usr/bin/env node
/** The `mcpdesc` executable: runs the command line and sets the exit code (see main.ts). */
import { packageVersion } from './version.js';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  // Answered before loading the command line parser and every command's options.
  process.stdout.write(`${packageVersion()}\n`);
} else {
  const [{ runCli }, { formatError }, { EXIT_ERROR }] = await Promise.all([
    import('./main.js'),
    import('./errors.js'),
    import('./exit-codes.js'),
  ]);
  try {
    process.exitCode = await runCli(process.argv);
  } catch (error) {
    // Command actions report their own errors; this catches the rest (option parsers, hooks).
    process.stderr.write(`${formatError(error, process.argv.includes('--debug'))}\n`);
    process.exitCode = EXIT_ERROR;
  }
}
