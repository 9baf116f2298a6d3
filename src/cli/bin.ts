#!/usr/bin/env node
/**
 * The `mcpdesc` executable, bundled by scripts/build-cli.mjs into dist/bin/mcpdesc.cjs. It answers
 * `--version` itself; any other command line runs the command line bundle (dist/bin/cli.cjs: one
 * CommonJS file, each command's modules initialised only when it runs), so a start does not
 * resolve dozens of ES modules, or the smaller start-up bundle of `validate` or `lint` (src/cli/route.ts). Where
 * the running Node has an on-disk compile cache, it is turned on first: Node keys the cached code
 * by its own version and the source, so it is never stale.
 */

import * as nodeModule from 'node:module';
import { type CommandLine, launch } from './launch.js';
import { bundleFor } from './route.js';
import { stdout, writeToDescriptors } from './streams.js';
import { packageVersion } from './version.js';

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  // Written as the command line writes (src/cli/streams.ts): no network modules for one line.
  writeToDescriptors();
  stdout().write(`${packageVersion()}\n`);
} else {
  useCompileCache();
  // Imported here: the loader is not needed for --version.
  launch(() =>
    import('../util/precompiled.js').then(
      ({ requirePrecompiled }) =>
        // Relative to dist/cli/bin.js: the bundle keeps import.meta.url pointing at a module's dist/ twin.
        requirePrecompiled(new URL(`../bin/${bundleFor(args)}`, import.meta.url)) as CommandLine,
    ),
  );
}

/**
 * Node's on-disk compile cache (Node 22.1 and later; a no-op where absent): the bundle and the
 * precompiled validators are then compiled once per Node version rather than at every start.
 * `NODE_DISABLE_COMPILE_CACHE=1` turns it off, as for any Node program.
 */
function useCompileCache(): void {
  const enable = (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache;
  if (typeof enable !== 'function') return;
  try {
    enable();
  } catch {
    // An unwritable cache directory only costs the compile time it would have saved.
  }
}
