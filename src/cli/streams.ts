/**
 * Standard output and error, made ready the first time a command uses them. Node creates
 * `process.stdout` and `process.stderr` on first access — for a pipe, a socket and Node's stream
 * modules, ≈ 7–10 ms of a cold start — so a command that has nothing to say (`validate` of a valid
 * file) never creates them. Every write of the command line goes through `stdout()` and `stderr()`:
 * that is where a stream is guarded against GitHub workflow commands (descriptions come from pull
 * requests, and a CI log runs lines that start with `::`) and where a failed write is noticed.
 */
import { guardWorkflowCommands } from '../report/controls.js';

const inUse: NodeJS.WriteStream[] = [];
let failed = false;

export function stdout(): NodeJS.WriteStream {
  return ready(process.stdout);
}

export function stderr(): NodeJS.WriteStream {
  return ready(process.stderr);
}

/** Some write failed (a full disk, a closed file): the exit code is then 2 whatever the command says. */
export function outputFailed(): boolean {
  return failed;
}

/** The streams the command wrote to, which the process waits for before it exits (src/cli/launch.ts). */
export function streamsInUse(): readonly NodeJS.WriteStream[] {
  return inUse;
}

function ready(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  if (inUse.includes(stream)) return stream;
  inUse.push(stream);
  guardWorkflowCommands(stream);
  // A reader that stops early (`mcpdesc lint … | head`) closes the pipe: the rest of the output has
  // nowhere to go, which is no failure of the command, so no stack trace either. Any other write
  // error ends in a one-line message and exit code 2.
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || failed) return;
    failed = true;
    process.exitCode = 2;
    if (stream !== process.stderr) stderr().write(`mcpdesc: cannot write the output: ${error.message}\n`);
  });
  return stream;
}
