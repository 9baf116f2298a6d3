#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { registerChangelog } from './commands/changelog.js';
import { registerDiff } from './commands/diff.js';
import { registerGitSetup } from './commands/git-setup.js';
import { registerLint } from './commands/lint.js';
import { registerMerge } from './commands/merge.js';
import { registerMergeDriver } from './commands/merge-driver.js';
import { registerMigrate } from './commands/migrate.js';
import { registerProject } from './commands/project.js';
import { registerValidate } from './commands/validate.js';
import { EXIT_ERROR, EXIT_OK } from './exit-codes.js';
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
    .showHelpAfterError('(run mcpdesc --help for usage)')
    .exitOverride()
    .hook('preAction', (command) => setDebug(command.optsWithGlobals().debug === true));
  registerProject(program);
  registerLint(program);
  registerMigrate(program);
  registerMerge(program);
  registerMergeDriver(program);
  registerGitSetup(program);
  registerValidate(program);
  registerDiff(program);
  registerChangelog(program);
  return program;
}

async function main(argv: string[]): Promise<void> {
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
      process.exitCode = fine ? EXIT_OK : EXIT_ERROR;
      return;
    }
    throw error;
  }
}

await main(process.argv);
