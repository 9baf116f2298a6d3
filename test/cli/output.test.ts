/** Output files: replaced atomically when they are files, written into when they are pipes, refused in one line otherwise. */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OutputError } from '../../src/cli/errors.js';
import { writeFileAtomic } from '../../src/cli/output.js';
import { runCli } from '../support/cli.js';

const root = mkdtempSync(join(tmpdir(), 'mcpdesc-output-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let counter = 0;
const fresh = (): string => {
  const dir = join(root, `case-${counter++}`);
  mkdirSync(dir);
  return dir;
};
const failure = (run: () => void): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

describe('writeFileAtomic', () => {
  it('replaces a file, keeping its permissions, and leaves no temporary file', () => {
    const dir = fresh();
    const file = join(dir, 'out.yaml');
    writeFileSync(file, 'old');
    chmodSync(file, 0o640);
    writeFileAtomic(file, ['new ', 'text']);
    expect(readFileSync(file, 'utf8')).toBe('new text');
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['out.yaml']);
  });

  it('writes through a symbolic link, which stays a link', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'real.yaml'), 'old');
    symlinkSync('real.yaml', join(dir, 'link.yaml'));
    writeFileAtomic(join(dir, 'link.yaml'), 'new');
    expect(lstatSync(join(dir, 'link.yaml')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real.yaml'), 'utf8')).toBe('new');
  });

  it('creates the file a dangling link names', () => {
    const dir = fresh();
    symlinkSync('later.yaml', join(dir, 'link.yaml'));
    writeFileAtomic(join(dir, 'link.yaml'), 'made');
    expect(readlinkSync(join(dir, 'link.yaml'))).toBe('later.yaml');
    expect(readFileSync(join(dir, 'later.yaml'), 'utf8')).toBe('made');
  });

  it('writes into a named pipe instead of replacing it', async () => {
    if (process.platform === 'win32' || spawnSync('mkfifo', ['--version']).error) return;
    const dir = fresh();
    const fifo = join(dir, 'pipe');
    spawnSync('mkfifo', [fifo]);
    const reader = spawn('cat', [fifo]);
    let read = '';
    reader.stdout.on('data', (chunk: Buffer) => {
      read += chunk.toString('utf8');
    });
    const closed = new Promise((resolve) => reader.on('close', resolve));
    try {
      writeFileAtomic(fifo, ['through ', 'the pipe']);
      await closed;
      expect(read).toBe('through the pipe');
      expect(lstatSync(fifo).isFIFO()).toBe(true);
    } finally {
      reader.kill();
    }
  });

  it.each([
    ['a directory', (dir: string) => dir, /^cannot write .*: it is a directory \(EISDIR\)$/],
    [
      'a file in a directory that does not exist',
      (dir: string) => join(dir, 'missing', 'out.yaml'),
      /^cannot write .*out\.yaml: no such file or directory \(ENOENT\)$/,
    ],
    [
      'a file under a file',
      (dir: string) => {
        writeFileSync(join(dir, 'plain'), '');
        return join(dir, 'plain', 'out.yaml');
      },
      /^cannot write .*out\.yaml: a part of the path is not a directory \(ENOTDIR\)$/,
    ],
  ])('refuses %s with an OutputError that names it, leaving nothing behind', (_name, pathIn, message) => {
    const dir = fresh();
    const path = pathIn(dir);
    const before = readdirSync(dir);
    const error = failure(() => writeFileAtomic(path, 'text'));
    expect(error).toBeInstanceOf(OutputError);
    expect((error as OutputError).message).toMatch(message);
    expect(readdirSync(dir)).toEqual(before);
  });

  it('passes on an error thrown while making the content, and keeps the old file', () => {
    const dir = fresh();
    const file = join(dir, 'out.yaml');
    writeFileSync(file, 'old');
    function* chunks(): Generator<string> {
      yield 'half';
      throw new RangeError('made up');
    }
    const error = failure(() => writeFileAtomic(file, chunks()));
    expect(error).toBeInstanceOf(RangeError);
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['out.yaml']);
  });

  it('says what a full disk means', () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    expect(new OutputError('/x/out.json', full).message).toBe(
      'cannot write /x/out.json: no space left on the device (ENOSPC)',
    );
    expect(new OutputError('/x/out.json', new Error('odd')).message).toBe('cannot write /x/out.json: odd');
  });
});

describe('output files through the built CLI', () => {
  const document = join(import.meta.dirname, '../fixtures/serialization/valid/document.yaml');

  it.each([
    ['project', ['project', document, '--protocol-version', '2025-11-25', '-o']],
    ['lint', ['lint', document, '-f']],
  ])('%s refuses an output path that is a directory in one line, exit 2', (_name, args) => {
    const dir = fresh();
    const target = args[0] === 'lint' ? `json:${dir}` : dir;
    const result = runCli([...args, target]);
    expect(result.stderr).toBe(`mcpdesc: cannot write ${dir}: it is a directory (EISDIR)\n`);
    expect(result.code).toBe(2);
    expect(readdirSync(dir)).toEqual([]);
  });
});
