import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Temporary files being written right now; removed if the process is interrupted. */
const pending = new Set<string>();
let handlersInstalled = false;
let tempCounter = 0;

function installSignalCleanup(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const path of pending) rmSync(path, { force: true });
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

/**
 * Writes a file so that readers (and an interrupted run) see either the old content or the new,
 * never a partial file: write a temporary sibling, fsync, then rename over the target. A failure
 * while writing (or while making a chunk) removes the temporary file and leaves the target as it was.
 */
export function writeFileAtomic(path: string, content: string | Iterable<string>): void {
  installSignalCleanup();
  // Unique enough with the pid and a counter; 'wx' refuses to reuse a file that exists anyway.
  // (No node:crypto here: loading it is a cost on every command's start.)
  const suffix = `${process.pid}.${++tempCounter}.${Math.random().toString(16).slice(2, 10)}`;
  const temp = join(dirname(path), `.${basename(path)}.${suffix}.tmp`);
  pending.add(temp);
  try {
    const fd = openSync(temp, 'wx', 0o644);
    try {
      // Chunks (a large report) are made while they are written; the target is only renamed into
      // place once the last one is out.
      if (typeof content === 'string') writeSync(fd, content);
      else for (const chunk of content) writeSync(fd, chunk);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  } finally {
    pending.delete(temp);
  }
}

/**
 * Writes to standard output, and when it holds more than its buffer (a pipe to a slower reader,
 * where Node queues writes in memory), waits until it has drained: a report of 100,000 findings
 * made in chunks is then never queued whole. Resolves at once when the reader has gone.
 */
export function writeStdout(text: string): Promise<void> | undefined {
  const stdout = process.stdout;
  if (stdout.write(text) || stdout.destroyed) return undefined;
  return new Promise((resolve) => {
    const done = () => {
      stdout.off('drain', done);
      stdout.off('close', done);
      resolve();
    };
    stdout.on('drain', done);
    stdout.on('close', done);
  });
}

/** Writes command output to a file (atomically) or to standard output. */
export function emit(content: string, outFile: string | undefined): void {
  if (outFile && outFile !== '-') writeFileAtomic(outFile, content);
  else process.stdout.write(content);
}

/** Colour only on a terminal, never when NO_COLOR is set or --no-color was given; FORCE_COLOR forces it. */
export function useColor(option: boolean | undefined, stream: NodeJS.WriteStream = process.stdout): boolean {
  if (option === false) return false;
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return false;
  if (process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true;
}
