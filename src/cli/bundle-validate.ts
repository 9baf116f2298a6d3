/**
 * The start-up bundle of `mcpdesc validate` (dist/bin/cli-validate.cjs, src/cli/route.ts): the same
 * program as the whole command line (src/cli/bundle.ts), holding only the `validate` command, which
 * is all a process started for `validate` runs.
 */
import { registerValidate } from './commands/validate.js';
import { runProgram } from './program.js';

export { setModuleImporter } from '../util/import-module.js';
export { formatError } from './errors.js';
export { EXIT_ERROR } from './exit-codes.js';
export { outputFailed, stderr, streamsInUse, writeToDescriptors } from './streams.js';

export function runCli(argv: string[]): Promise<number> {
  return runProgram(argv, [registerValidate]);
}
