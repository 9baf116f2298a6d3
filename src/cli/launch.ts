import { unsupportedNode } from './node-support.js';
import type { OutputStream } from './streams.js';

/**
 * How an executable runs the command line: shared by `mcpdesc` (src/cli/bin.ts, which loads the
 * command line bundle) and the single-file hook bundle (src/cli/standalone.ts, which contains it).
 */

/** What an executable needs of the command line (src/cli/bundle.ts). */
export interface CommandLine {
  runCli(argv: string[]): Promise<number>;
  setModuleImporter(importModule: (url: string) => Promise<unknown>): void;
  formatError(error: unknown, debug: boolean): string;
  EXIT_ERROR: number;
  /** The command line's standard error, and what its writes came to (src/cli/streams.ts). */
  stderr(): OutputStream;
  outputFailed(): boolean;
  streamsInUse(): readonly OutputStream[];
  /** Standard output and error written to their descriptors (src/cli/streams.ts). */
  writeToDescriptors(): void;
}

/**
 * Runs `process.argv` with the command line `load` gives, and exits once the output is out. On a
 * Node older than the command line supports, it says so in one line instead (exit code 2).
 */
export function launch(load: () => Promise<CommandLine>): void {
  const unsupported = unsupportedNode(process.versions.node);
  if (unsupported !== undefined) {
    process.stderr.write(`mcpdesc: ${unsupported}\n`);
    process.exitCode = 2;
    return;
  }
  load()
    .then((cli) => {
      cli.setModuleImporter((url) => import(url));
      cli.writeToDescriptors();
      return cli.runCli(process.argv).then(
        (code) => exitOnceWritten(cli, code),
        (error: unknown) => {
          // Command actions report their own errors; this catches the rest (option parsers, hooks).
          cli.stderr().write(`${cli.formatError(error, process.argv.includes('--debug'))}\n`);
          process.exitCode = cli.EXIT_ERROR;
        },
      );
    })
    .catch((error: unknown) => {
      // Only a broken installation gets here (the command line bundle missing or unreadable).
      process.stderr.write(
        `mcpdesc: cannot start: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exitCode = 2;
    });
}

/**
 * Ends the process as soon as its output is out. Left to end by itself, Node first runs V8's
 * pending collector tasks and tears down the whole heap, ≈ 5–15 ms after a catalog. Everything a
 * command writes to a file is written synchronously; standard output and error can still hold
 * data (pipes are asynchronous on some systems), so the exit waits for them to drain. If they
 * never do (a closed pipe), the process ends by itself with the same code. The check waits one
 * turn of the event loop: a stream reports a failed write (a full disk) on the next tick, and
 * src/cli/streams.ts turns that into exit code 2. Only the streams the command used are waited for:
 * one it never touched was never created.
 */
function exitOnceWritten(cli: CommandLine, code: number): void {
  process.exitCode = cli.outputFailed() ? 2 : code;
  setImmediate(() => {
    const exit = () => process.exit(cli.outputFailed() ? 2 : code);
    let waiting = 0;
    for (const stream of cli.streamsInUse()) {
      if (stream.destroyed || stream.writableLength === 0) continue;
      waiting++;
      stream.once('drain', () => {
        if (--waiting === 0) exit();
      });
    }
    if (waiting === 0) exit();
  });
}
