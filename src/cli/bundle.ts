/** What the command line bundle (dist/bin/cli.cjs, built by scripts/build-cli.mjs) gives bin.ts. */

export { setModuleImporter } from '../util/import-module.js';
export { formatError } from './errors.js';
export { EXIT_ERROR } from './exit-codes.js';
export { runCli } from './main.js';
export { outputFailed, stderr, streamsInUse, writeToDescriptors } from './streams.js';
