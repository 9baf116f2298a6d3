/**
 * Standard output and error of the command line. Every write goes through `stdout()` and
 * `stderr()`: that is where a text is guarded against GitHub workflow commands (descriptions come
 * from pull requests, and a CI log runs lines that start with `::`) and where a failed write is
 * noticed.
 *
 * Run as the executable on Linux and macOS, the text is written to the file descriptor directly. Node creates
 * `process.stdout` on first access, and for a pipe that is a socket and Node's stream and network
 * modules, ≈ 6–10 ms of every run whose output is piped (CI logs, `| jq`, a parent process). Node
 * writes to a pipe synchronously on Linux anyway, and to files and terminals everywhere. A
 * descriptor left non-blocking by another program (`EAGAIN`) hands the rest of the output to
 * `process.stdout`, whose queue and `drain` event then apply; on Windows, and when the command line
 * runs inside another program's process, that stream is used from the start.
 */
import { writeSync } from 'node:fs';
import { neutraliseWorkflowCommands } from '../report/controls.js';

/** What the command line needs of an output stream. */
export interface OutputStream {
  /** False when the text was queued beyond the stream's buffer: wait for `drain`. */
  write(text: string): boolean;
  readonly destroyed: boolean;
  /** Bytes queued and not yet written (0 once written directly). */
  readonly writableLength: number;
  on(event: 'drain' | 'close', listener: () => void): unknown;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
}

let failed = false;
const inUse: Output[] = [];
/** Set by the executable (src/cli/launch.ts); a caller running the command line in its own process keeps Node's streams. */
let toDescriptors = false;

/**
 * Makes the command line write to the file descriptors directly (not on Windows). Only the
 * executable asks: a program that runs the command line inside its own process (a test capturing
 * `process.stdout`, an embedding tool) keeps Node's streams and whatever it did to them.
 */
export function writeToDescriptors(): void {
  toDescriptors = process.platform !== 'win32';
}

export function stdout(): OutputStream {
  return output(1);
}

export function stderr(): OutputStream {
  return output(2);
}

/** Some write failed (a full disk, a closed file): the exit code is then 2 whatever the command says. */
export function outputFailed(): boolean {
  return failed;
}

/** The streams the command wrote to, which the process waits for before it exits (src/cli/launch.ts). */
export function streamsInUse(): readonly OutputStream[] {
  return inUse;
}

function output(fd: 1 | 2): Output {
  let found = inUse.find((stream) => stream.fd === fd);
  if (!found) {
    found = new Output(fd);
    inUse.push(found);
  }
  return found;
}

class Output implements OutputStream {
  /** Node's stream for this descriptor, once writing directly could not go on. */
  private stream: NodeJS.WriteStream | undefined;
  private closed = false;
  private atLineStart = true;

  constructor(readonly fd: 1 | 2) {
    if (!toDescriptors) this.useStream();
  }

  get destroyed(): boolean {
    return this.closed || this.stream?.destroyed === true;
  }

  get writableLength(): number {
    return this.stream?.writableLength ?? 0;
  }

  write(text: string): boolean {
    if (text.length === 0) return true;
    const safe = neutraliseWorkflowCommands(text, this.atLineStart);
    this.atLineStart = text.endsWith('\n');
    if (this.stream) return this.stream.write(safe);
    if (this.closed) return true;
    const bytes = Buffer.from(safe, 'utf8');
    let offset = 0;
    while (offset < bytes.length) {
      try {
        offset += writeSync(this.fd, bytes, offset);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') return this.useStream().write(bytes.subarray(offset));
        this.fail(error as NodeJS.ErrnoException);
        return true;
      }
    }
    return true;
  }

  on(event: 'drain' | 'close', listener: () => void): this {
    this.stream?.on(event, listener);
    return this;
  }

  once(event: 'drain' | 'close', listener: () => void): this {
    this.stream?.once(event, listener);
    return this;
  }

  off(event: 'drain' | 'close', listener: () => void): this {
    this.stream?.off(event, listener);
    return this;
  }

  private useStream(): NodeJS.WriteStream {
    const stream = this.fd === 1 ? process.stdout : process.stderr;
    this.stream = stream;
    stream.on('error', (error: NodeJS.ErrnoException) => this.fail(error));
    return stream;
  }

  /**
   * A reader that stops early (`mcpdesc lint … | head`) closes the pipe: the rest of the output has
   * nowhere to go, which is no failure of the command, so no message either. Any other write error
   * ends in a one-line message and exit code 2.
   */
  private fail(error: NodeJS.ErrnoException): void {
    this.closed = true;
    // A pipe says EPIPE; the socket pair Node gives a child process for 'pipe' says ECONNRESET.
    if (error.code === 'EPIPE' || error.code === 'ECONNRESET' || failed) return;
    failed = true;
    process.exitCode = 2;
    if (this.fd !== 2) stderr().write(`mcpdesc: cannot write the output: ${error.message}\n`);
  }
}
