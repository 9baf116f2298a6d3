/**
 * The `mcpdesc` program: global options, limits, exit codes; the commands are passed in. The
 * `--max-*` options are read by each command (`appContext` in options.ts) and passed to the task it
 * runs: nothing here sets them for the process.
 */
import { Command, CommanderError } from 'commander';
import { DEFAULT_LIMITS } from '../parse/limits.js';
import { EXIT_ERROR, EXIT_OK } from './exit-codes.js';
import { limitArgument } from './options.js';
import { setDebug } from './run.js';
import { stderr, stdout } from './streams.js';
import { packageVersion } from './version.js';

/** Adds one command (its options, arguments and action) to the program. */
export type RegisterCommand = (program: Command) => void;

/**
 * The `mcpdesc` program with the global options and the given commands. Every command module
 * registers its options and imports its heavy parts (validator, diff engine...) only when it runs.
 * The whole command line passes every command (src/cli/main.ts); a start-up bundle passes the one
 * command it serves (src/cli/bundle-validate.ts), whose run is the same as with the whole program.
 */
export function buildProgram(commands: readonly RegisterCommand[]): Command {
  const program = new Command('mcpdesc')
    .description('Diff, merge, lint and validate MCP Description (mcpdesc 0.8.0) documents')
    .version(packageVersion(), '-v, --version')
    .option('--debug', 'print stack traces for internal errors')
    .option('--no-color', 'disable coloured output (NO_COLOR is honoured too)')
    .option(
      '--max-bytes <n>',
      `largest document accepted, in bytes (default ${DEFAULT_LIMITS.maxBytes})`,
      limitArgument,
    )
    .option('--max-depth <n>', `deepest nesting accepted (default ${DEFAULT_LIMITS.maxDepth})`, limitArgument)
    .option(
      '--max-nodes <n>',
      `most values in one document (default ${DEFAULT_LIMITS.maxNodes})`,
      limitArgument,
    )
    .option(
      '--max-scalar-length <n>',
      `longest string or key accepted (default ${DEFAULT_LIMITS.maxScalarLength})`,
      limitArgument,
    )
    .showHelpAfterError('(run mcpdesc --help for usage)')
    // Help and usage errors are written like everything else (src/cli/streams.ts); commands
    // registered below inherit this.
    .configureOutput({ writeOut: (text) => stdout().write(text), writeErr: (text) => stderr().write(text) })
    .exitOverride()
    .hook('preAction', (command) => {
      const options = command.optsWithGlobals();
      setDebug(options.debug === true);
    });
  for (const register of commands) register(program);
  return program;
}

/** Runs one command line (`argv` as in `process.argv`) with the given commands; returns its exit code. */
export async function runProgram(argv: string[], commands: readonly RegisterCommand[]): Promise<number> {
  process.exitCode = undefined;
  const program = buildProgram(commands);
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander already printed the message; only the exit code follows our convention.
      const fine =
        error.code === 'commander.helpDisplayed' ||
        error.code === 'commander.version' ||
        error.code === 'commander.help';
      return fine ? EXIT_OK : EXIT_ERROR;
    }
    throw error;
  }
  return typeof process.exitCode === 'number' ? process.exitCode : EXIT_OK;
}
