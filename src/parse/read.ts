import { closeSync, openSync, readFileSync, readSync, type Stats, statSync } from 'node:fs';
import { LoadError } from './errors.js';

export interface SourceBytes {
  /** The name used in messages: the path, `<stdin>`, or `REV:path`. */
  name: string;
  bytes: Uint8Array;
  /** The path whose extension tells the format, when there is one. */
  path?: string;
}

/**
 * `REV:path` as git understands it; a drive letter (`C:\`) or an existing file name never counts,
 * nor does an operand starting with `-`: no revision does, and git would take it for an option
 * (`git show --output=FILE:x` wrote a file).
 */
const GIT_SPEC = /^([^:\s-][^:]*?):(.+)$/;

/**
 * Reads the bytes behind a command-line operand: a file, `-` for standard input, or `REV:path`
 * from git (so `mcpdesc diff origin/main:server.mcpdesc.yaml HEAD:server.mcpdesc.yaml` works).
 */
export async function readSourceBytes(
  spec: string,
  maxBytes: number,
  stdin?: () => Promise<Uint8Array>,
): Promise<SourceBytes> {
  if (spec === '-') {
    const bytes = stdin ? await stdin() : await readStdin(maxBytes);
    checkSize(bytes.length, maxBytes, '<stdin>');
    return { name: '<stdin>', bytes };
  }
  // Synchronous reads: nothing else runs meanwhile, and an asynchronous read of a few megabytes
  // spent tens of milliseconds waiting between chunks.
  let fileInfo: Stats | undefined;
  try {
    fileInfo = statSync(spec);
  } catch {
    fileInfo = undefined;
  }
  if (fileInfo)
    return { name: spec, bytes: readStatted(spec, fileInfo, maxBytes, 'a description file'), path: spec };
  const git = GIT_SPEC.exec(spec);
  if (git && !/^[A-Za-z]$/.test(git[1]!)) {
    return { name: spec, bytes: await gitShow(spec, maxBytes), path: git[2]! };
  }
  throw new LoadError('not-found', 'No such file', spec);
}

/**
 * A file's bytes, refused past `maxBytes` (LoadError): a regular file by its size before reading, a
 * device or pipe while reading. For the files a command reads besides its operands (configs and
 * the rulesets they extend, ignore files, the lint cache): `extends: ['/dev/zero']` read forever.
 */
export function readFileBounded(path: string, maxBytes: number): Buffer {
  let info: Stats;
  try {
    info = statSync(path);
  } catch (error) {
    throw new LoadError(
      'not-found',
      `Cannot read file: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      path,
    );
  }
  return readStatted(path, info, maxBytes, 'a file');
}

/** The bytes of `path`, which `info` describes; `what` names what a directory is not. */
function readStatted(path: string, info: Stats, maxBytes: number, what: string): Buffer {
  if (info.isDirectory()) throw new LoadError('is-directory', `Is a directory, not ${what}`, path);
  checkSize(info.size, maxBytes, path);
  try {
    return info.isFile() ? readFileSync(path) : readBounded(path, maxBytes);
  } catch (error) {
    if (error instanceof LoadError) throw error;
    throw new LoadError(
      'io-error',
      `Cannot read file: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      path,
    );
  }
}

/** A device or pipe (no size to check up front): read until end of file or past the limit. */
function readBounded(path: string, maxBytes: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(64 * 1024);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) return Buffer.concat(chunks, total);
      total += read;
      checkSize(total, maxBytes, path);
      chunks.push(chunk.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
}

function checkSize(size: number, maxBytes: number, name: string): void {
  if (size > maxBytes)
    throw new LoadError('limit-bytes', `Document is ${size} bytes, over the limit of ${maxBytes}`, name);
}

/**
 * The blob at `REV:path`, as committed. `git cat-file blob`, not `git show`: show prints a listing
 * for a directory (`HEAD:src` was validated as a YAML document) and is a porcelain command whose
 * output depends on configuration; cat-file gives the blob's bytes or fails.
 */
async function gitShow(spec: string, maxBytes: number): Promise<Uint8Array> {
  // Imported here: node:child_process (and node:net under it) costs ~15 ms of every start otherwise.
  const { execFile } = await import('node:child_process');
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['cat-file', 'blob', spec],
      { encoding: 'buffer', maxBuffer: maxBytes + 1, windowsHide: true },
      (error, stdout, stderr) => {
        if (error) {
          const reason =
            (error as NodeJS.ErrnoException).code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER'
              ? `Document is over the limit of ${maxBytes} bytes`
              : Buffer.from(stderr).toString('utf8').trim().split('\n')[0] || error.message;
          reject(new LoadError('git-error', `cannot read it from git: ${reason}`, spec));
          return;
        }
        resolve(stdout);
      },
    );
  });
}

async function readStdin(maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    total += buffer.length;
    if (total > maxBytes)
      throw new LoadError('limit-bytes', `Input is over the limit of ${maxBytes} bytes`, '<stdin>');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
