import { formatError } from './errors.js';
import { EXIT_ERROR } from './exit-codes.js';
import { stderr } from './streams.js';

let debugEnabled = process.argv.includes('--debug');

export function setDebug(value: boolean): void {
  debugEnabled = value;
}

/**
 * Wraps a command action: its result is the exit code; any error becomes one line on stderr and
 * exit code 2 (with the stack only under --debug).
 */
export function action<A extends unknown[]>(
  run: (...args: A) => Promise<number>,
): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      process.exitCode = await run(...args);
    } catch (error) {
      stderr().write(`${formatError(error, debugEnabled)}\n`);
      process.exitCode = EXIT_ERROR;
    }
  };
}
