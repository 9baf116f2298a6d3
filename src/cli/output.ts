import {
  closeSync,
  fchmodSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { showControls } from '../report/controls.js';
import { OutputError, UsageError } from './errors.js';
import { stderr, stdout } from './streams.js';

/** One line on standard error, its control characters shown: file names and document text go into messages. */
export function writeMessage(line: string): void {
  stderr().write(`${showControls(line)}\n`);
}

/**
 * Refuses a report (`-o`, `-f NAME:PATH`) that would be written over one of the command's own
 * input files: `mcpdesc diff a.yaml b.yaml -o a.yaml` replaced the description with the report.
 * Files are compared by identity (device and inode), so another spelling of the path, a link or a
 * symbolic link is caught too. An output that does not exist yet, or is not a regular file
 * (/dev/stdout, a pipe), is never an input; `-` and `REV:path` operands are not files. Commands
 * whose output is a description (`merge -o`, `migrate -o`) may replace an input, as `sort -o` may.
 */
export function refuseReportOverInput(
  outputs: readonly (string | undefined)[],
  inputs: readonly string[],
): void {
  for (const output of outputs) {
    if (output === undefined || output === '-') continue;
    const written = statIfAny(output);
    if (!written?.isFile()) continue;
    for (const input of inputs) {
      if (input === '-') continue;
      const read = statIfAny(input);
      if (read !== undefined && read.dev === written.dev && read.ino === written.ino)
        throw new UsageError(
          `${output} is an input of this command${output === input ? '' : ` (${input})`}: writing there would replace it`,
        );
    }
  }
}

function statIfAny(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

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

/** Where an output path leads: a file to replace or create, or something to write into as it is. */
type Target = { kind: 'file'; path: string; mode: number | undefined } | { kind: 'device'; path: string };

/**
 * What writing to `path` means. A regular file is replaced by renaming a finished sibling over it
 * (keeping its permissions); through a symbolic link that is the file the link names, so the link
 * stays a link. A device, pipe or socket (`/dev/stdout`, a named pipe) is written into directly:
 * renaming over it replaced the device itself. A directory is refused.
 */
function targetOf(path: string): Target {
  let stats: Stats;
  try {
    stats = statSync(path); // follows links, the kernel's own (`/proc/self/fd/1`) included
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new OutputError(path, error);
    // Nothing there, or a link to nothing: create the file, where the link points if it is one.
    let link: Stats | undefined;
    try {
      link = lstatSync(path);
    } catch {
      link = undefined;
    }
    const created = link?.isSymbolicLink() ? resolve(dirname(path), readlinkSync(path)) : path;
    return { kind: 'file', path: created, mode: undefined };
  }
  if (stats.isDirectory()) throw new OutputError(path, Object.assign(new Error(), { code: 'EISDIR' }));
  if (!stats.isFile()) return { kind: 'device', path };
  return { kind: 'file', path: realpathSync(path), mode: stats.mode & 0o7777 };
}

/**
 * Writes whose path a document or a repository chose (the merge driver's result and sidecar, the
 * lint cache): a committed symbolic link there must not make the write land in the file it names.
 */
export interface SafeWrite {
  /** Refuse a symbolic link at `path` (instead of writing the file it names). */
  noFollow?: boolean;
  /** With noFollow: refuse a path whose directory is not inside this one (symbolic links resolved). */
  within?: string;
}

function refuseLinkOrOutside(path: string, within: string | undefined): void {
  let link = false;
  try {
    link = lstatSync(path).isSymbolicLink();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new OutputError(path, error);
  }
  if (link) throw new OutputError(path, new Error('it is a symbolic link, which is never written through'));
  if (within === undefined) return;
  let directory: string;
  let root: string;
  try {
    directory = realpathSync(dirname(resolve(path)));
    root = realpathSync(within);
  } catch (error) {
    throw new OutputError(path, error);
  }
  if (directory !== root && !directory.startsWith(root.endsWith(sep) ? root : `${root}${sep}`))
    throw new OutputError(path, new Error(`it is outside ${root}`));
}

/** What can be written: text, bytes as they are, or text made chunk by chunk. */
export type OutputContent = string | Uint8Array | Iterable<string>;

function writeChunks(fd: number, content: OutputContent): void {
  if (typeof content === 'string') writeSync(fd, content);
  else if (content instanceof Uint8Array) writeSync(fd, content);
  else for (const chunk of content) writeSync(fd, chunk);
}

/**
 * Writes a file so that readers (and an interrupted run) see either the old content or the new,
 * never a partial file: write a temporary sibling, fsync, then rename over the target. A failure
 * while writing (or while making a chunk) removes the temporary file and leaves the target as it
 * was. Devices and pipes are written into directly (see targetOf). A file-system failure is an
 * OutputError naming `path` (one line and exit 2); an error thrown while making a chunk passes.
 */
export function writeFileAtomic(path: string, content: OutputContent, options: SafeWrite = {}): void {
  if (options.noFollow) refuseLinkOrOutside(path, options.within);
  const target = targetOf(path);
  if (target.kind === 'device') {
    let fd: number;
    try {
      fd = openSync(target.path, 'w');
    } catch (error) {
      throw new OutputError(path, error);
    }
    try {
      writeChunks(fd, content);
    } catch (error) {
      throw isSystemError(error) ? new OutputError(path, error) : error;
    } finally {
      closeSync(fd);
    }
    return;
  }
  installSignalCleanup();
  // Unique enough with the pid and a counter; 'wx' refuses to reuse a file that exists anyway.
  // (No node:crypto here: loading it is a cost on every command's start.)
  const suffix = `${process.pid}.${++tempCounter}.${Math.random().toString(16).slice(2, 10)}`;
  const temp = join(dirname(target.path), `.${basename(target.path)}.${suffix}.tmp`);
  pending.add(temp);
  try {
    const fd = openSync(temp, 'wx', 0o644);
    try {
      if (target.mode !== undefined) fchmodSync(fd, target.mode);
      // Chunks (a large report) are made while they are written; the target is only renamed into
      // place once the last one is out.
      writeChunks(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target.path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw isSystemError(error) ? new OutputError(path, error) : error;
  } finally {
    pending.delete(temp);
  }
}

/**
 * Writes a report file (`-f NAME:PATH`, `-o`) atomically, creating its directory first as ESLint
 * does: CI jobs name `reports/mcpdesc.sarif` in a fresh checkout.
 */
export function writeReportFile(path: string, content: OutputContent): void {
  try {
    mkdirSync(dirname(resolve(path)), { recursive: true });
  } catch (error) {
    throw new OutputError(path, error);
  }
  writeFileAtomic(path, content);
}

/** A failure of the file system (it has an errno code), not of the code making the content. */
function isSystemError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

/**
 * Writes to standard output, and when it holds more than its buffer (a pipe to a slower reader,
 * where Node queues writes in memory), waits until it has drained: a report of 100,000 findings
 * made in chunks is then never queued whole. Resolves at once when the reader has gone.
 */
export function writeStdout(text: string): Promise<void> | undefined {
  // Nothing to write creates no stream (src/cli/streams.ts): a clean run stays off standard output.
  if (text === '') return undefined;
  const out = stdout();
  if (out.write(text) || out.destroyed) return undefined;
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

/**
 * Writes output made in chunks to a file (atomically) or to standard output, each chunk made only
 * once the previous one is out (waiting for a slow reader), so a large report is never held whole.
 */
export async function emitChunks(chunks: Iterable<string>, outFile: string | undefined): Promise<void> {
  if (outFile && outFile !== '-') {
    writeFileAtomic(outFile, chunks);
    return;
  }
  for (const chunk of chunks) await writeStdout(chunk);
}

/** Writes command output (text, or text in chunks) to a file (atomically) or to standard output. */
export function emit(content: string | Iterable<string>, outFile: string | undefined): void {
  if (outFile && outFile !== '-') writeFileAtomic(outFile, content);
  else if (typeof content === 'string') stdout().write(content);
  else for (const chunk of content) stdout().write(chunk);
}

/**
 * Colour only on a terminal, never when NO_COLOR is set or --no-color was given; FORCE_COLOR forces
 * it. The terminal is asked about the file descriptor, which does not create the stream.
 */
export function useColor(option: boolean | undefined, stream: 'stdout' | 'stderr' = 'stdout'): boolean {
  if (option === false) return false;
  if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== '') return false;
  if (process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== '0') return true;
  return isTerminal(stream === 'stdout' ? 1 : 2);
}

/**
 * A pipe, a socket or a file is never a terminal: only a character device may be one, and only
 * then is node:tty asked (it loads node:net, which a run whose output goes to a pipe never needs).
 */
function isTerminal(fd: 1 | 2): boolean {
  try {
    if (!fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  return process.getBuiltinModule('node:tty').isatty(fd);
}
