import { Command, CommanderError } from 'commander';
import { configureLimits, DEFAULT_LIMITS, type Limits } from '../parse/limits.js';
import { guardWorkflowCommands } from '../report/controls.js';
import { registerChangelog } from './commands/changelog.js';
import { registerCheck } from './commands/check.js';
import { registerDiff } from './commands/diff.js';
import { registerDump } from './commands/dump.js';
import { registerGitSetup } from './commands/git-setup.js';
import { registerLint } from './commands/lint.js';
import { registerMerge } from './commands/merge.js';
import { registerMergeDriver } from './commands/merge-driver.js';
import { registerMigrate } from './commands/migrate.js';
import { registerProject } from './commands/project.js';
import { registerSchemaDiff } from './commands/schema-diff.js';
import { registerValidate } from './commands/validate.js';
import { EXIT_ERROR, EXIT_OK } from './exit-codes.js';
import { limitArgument } from './options.js';
import { setDebug } from './run.js';
import { packageVersion } from './version.js';

/**
 * The `mcpdesc` command line. Every command module registers its options here and imports its heavy
 * parts (validator, diff engine...) only when it runs, so `mcpdesc --version` stays fast.
 */
export function buildProgram(): Command {
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
    .exitOverride()
    .hook('preAction', (command) => {
      const options = command.optsWithGlobals();
      setDebug(options.debug === true);
      const limits: Partial<Limits> = {};
      if (options.maxBytes !== undefined) limits.maxBytes = options.maxBytes as number;
      if (options.maxDepth !== undefined) limits.maxDepth = options.maxDepth as number;
      if (options.maxNodes !== undefined) limits.maxNodes = options.maxNodes as number;
      if (options.maxScalarLength !== undefined) limits.maxScalarLength = options.maxScalarLength as number;
      configureLimits(limits);
    });
  registerProject(program);
  registerLint(program);
  registerMigrate(program);
  registerMerge(program);
  registerMergeDriver(program);
  registerGitSetup(program);
  registerValidate(program);
  registerDiff(program);
  registerChangelog(program);
  registerSchemaDiff(program);
  registerDump(program);
  registerCheck(program);
  return program;
}

/**
 * Runs one command line (`argv` as in `process.argv`) and returns its exit code. Exported so the fuzz
 * suite can run many command lines in one process.
 */
export async function runCli(argv: string[]): Promise<number> {
  process.exitCode = undefined;
  // Descriptions come from pull requests, and a CI log runs lines that start with `::`.
  guardWorkflowCommands(process.stdout);
  guardWorkflowCommands(process.stderr);
  const program = buildProgram();
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
