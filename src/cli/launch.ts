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
}

/** Set by the first failed write (reported once): the exit code is then 2 whatever the command says. */
let outputFailed = false;

/** Runs `process.argv` with the command line `load` gives, and exits once the output is out. */
export function launch(load: () => Promise<CommandLine>): void {
  quietWhenReaderLeaves();
  load()
    .then((cli) => {
      cli.setModuleImporter((url) => import(url));
      return cli.runCli(process.argv).then(
        (code) => exitOnceWritten(code),
        (error: unknown) => {
          // Command actions report their own errors; this catches the rest (option parsers, hooks).
          process.stderr.write(`${cli.formatError(error, process.argv.includes('--debug'))}\n`);
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
 * `quietWhenReaderLeaves` turns that into exit code 2.
 */
function exitOnceWritten(code: number): void {
  process.exitCode = outputFailed ? 2 : code;
  setImmediate(() => {
    const exit = () => process.exit(outputFailed ? 2 : code);
    let waiting = 0;
    for (const stream of [process.stdout, process.stderr]) {
      if (stream.destroyed || stream.writableLength === 0) continue;
      waiting++;
      stream.once('drain', () => {
        if (--waiting === 0) exit();
      });
    }
    if (waiting === 0) exit();
  });
}

/**
 * A reader that stops early (`mcpdesc lint … | head`) closes the pipe: the rest of the output has
 * nowhere to go, which is no failure of the command, so no stack trace either. The command then
 * finishes and exits with its own code. Any other write error ends in a one-line message and 2.
 */
function quietWhenReaderLeaves(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || outputFailed) return;
      outputFailed = true;
      process.exitCode = 2;
      if (stream !== process.stderr)
        process.stderr.write(`mcpdesc: cannot write the output: ${error.message}\n`);
    });
  }
}
