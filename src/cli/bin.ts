#!/usr/bin/env node
/**
 * The `mcpdesc` executable, bundled by scripts/build-cli.mjs into dist/bin/mcpdesc.cjs. It answers
 * `--version` itself; any other command line runs the command line bundle (dist/bin/cli.cjs: one
 * CommonJS file, each command's modules initialised only when it runs) through V8's code cache,
 * so a start neither resolves dozens of ES modules nor compiles half a megabyte of code.
 */
import { packageVersion } from './version.js';

interface CommandLine {
  runCli(argv: string[]): Promise<number>;
  setModuleImporter(importModule: (url: string) => Promise<unknown>): void;
  formatError(error: unknown, debug: boolean): string;
  EXIT_ERROR: number;
}

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
  process.stdout.write(`${packageVersion()}\n`);
} else {
  // Imported here: the loader's modules (node:vm, node:crypto) are not needed for --version.
  import('../util/precompiled.js')
    .then(({ requirePrecompiled }) => {
      // Relative to dist/cli/bin.js: the bundle keeps import.meta.url pointing at a module's dist/ twin.
      const cli = requirePrecompiled(new URL('../bin/cli.cjs', import.meta.url)) as CommandLine;
      // The bundle runs in a vm script, where import() has no module loader: lend it ours.
      cli.setModuleImporter((url) => import(url));
      return cli.runCli(process.argv).then(
        (code) => {
          process.exitCode = code;
        },
        (error: unknown) => {
          // Command actions report their own errors; this catches the rest (option parsers, hooks).
          process.stderr.write(`${cli.formatError(error, process.argv.includes('--debug'))}\n`);
          process.exitCode = cli.EXIT_ERROR;
        },
      );
    })
    .catch((error: unknown) => {
      // Only a broken installation gets here (dist/bin/cli.cjs missing or unreadable).
      process.stderr.write(
        `mcpdesc: cannot start: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exitCode = 2;
    });
}
