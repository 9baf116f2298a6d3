import type { Command } from 'commander';
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
import { buildProgram as buildProgramOf, type RegisterCommand, runProgram } from './program.js';

/** Every command, in the order `mcpdesc --help` lists them. */
const COMMANDS: readonly RegisterCommand[] = [
  registerProject,
  registerLint,
  registerMigrate,
  registerMerge,
  registerMergeDriver,
  registerGitSetup,
  registerValidate,
  registerDiff,
  registerChangelog,
  registerSchemaDiff,
  registerDump,
  registerCheck,
];

/** The whole `mcpdesc` command line. */
export function buildProgram(): Command {
  return buildProgramOf(COMMANDS);
}

/**
 * Runs one command line (`argv` as in `process.argv`) and returns its exit code. Exported so the fuzz
 * suite can run many command lines in one process.
 */
export function runCli(argv: string[]): Promise<number> {
  return runProgram(argv, COMMANDS);
}
