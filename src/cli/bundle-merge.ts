/**
 * The start-up bundle of `mcpdesc merge` and `mcpdesc merge-driver` (dist/bin/cli-merge.cjs,
 * src/cli/route.ts): the same program as the whole command line (src/cli/bundle.ts), holding only
 * those two commands, which is all a process started for one of them runs. Git starts the merge
 * driver once per conflicted description, so its start-up is paid at every merge.
 */
import { registerMerge } from './commands/merge.js';
import { registerMergeDriver } from './commands/merge-driver.js';
import { runProgram } from './program.js';

export { setModuleImporter } from '../util/import-module.js';
export { formatError } from './errors.js';
export { EXIT_ERROR } from './exit-codes.js';
export { outputFailed, stderr, streamsInUse, writeToDescriptors } from './streams.js';

export function runCli(argv: string[]): Promise<number> {
  return runProgram(argv, [registerMerge, registerMergeDriver]);
}
