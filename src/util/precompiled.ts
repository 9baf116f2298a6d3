/**
 * Loader for the CommonJS the build generates: the standalone validators
 * (scripts/precompile-validator.mjs) and the command line bundle (scripts/build-cli.mjs).
 *
 * The structural validator is ~0.4 MB of generated code, and compiling it was the largest part of a
 * cold `mcpdesc validate` of a small file. The build therefore also writes V8's code cache for each
 * module beside it (`<file>.v8-cache`: a key, then V8's data) and ends the module with a comment
 * naming the same key, a digest of the module as generated. A run offers V8 the cache only when the
 * two keys match, so a cache from another build is never used; hashing the source at every start
 * instead cost more than a millisecond per megabyte. A Node whose V8 rejects the data (another
 * version or flags) compiles the source as usual.
 *
 * V8 accepts a cache only from a process with the same flags, and the `mcpdesc` executable sets
 * some of its own (src/util/v8-tuning.ts). Its caches are therefore a second set,
 * `<file>.cli.v8-cache`, taken by build steps that set the same flags; a library caller gets
 * `<file>.v8-cache`.
 */
import { isAscii } from 'node:buffer';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { usesCommandLineV8Flags } from './v8-tuning.js';

const DIGEST_BYTES = 8;

/**
 * Where the code cache of `file` is, for this process's V8 flags. A module can have several,
 * warmed by different work (`flavour`): the command line bundle has one per common command
 * (src/cli/code-caches.ts).
 */
export function codeCacheFile(file: string, flavour?: string): string {
  return `${file}${flavour === undefined ? '' : `.${flavour}`}${usesCommandLineV8Flags() ? '.cli' : ''}.v8-cache`;
}

/** The same wrapper Node puts around a CommonJS module. */
function wrapCommonJs(source: string): string {
  return `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;
}

/**
 * Length and an FNV-1a-style hash of the source bytes, four at a time: enough to tell the source a
 * cache was made for from any other (V8 itself compares lengths only). Not node:crypto, whose
 * loading cost more than hashing.
 */
export function sourceDigest(bytes: Uint8Array): Buffer {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : Uint8Array.from(bytes);
  const words = new Int32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >>> 2);
  let hash = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ (words[i] as number), 0x01000193);
  for (let i = words.length * 4; i < aligned.length; i++)
    hash = Math.imul(hash ^ (aligned[i] as number), 0x01000193);
  const digest = Buffer.alloc(DIGEST_BYTES);
  digest.writeUInt32LE(bytes.length >>> 0, 0);
  digest.writeUInt32LE(hash >>> 0, 4);
  return digest;
}

const KEY_COMMENT = '\n//# mcpdesc-cache-key=';
const KEY_HEX = DIGEST_BYTES * 2;
const KEY_TRAILER_BYTES = KEY_COMMENT.length + KEY_HEX + 1;

/** The cache key a module's last line names, or undefined when it names none. */
export function cacheKeyOf(bytes: Uint8Array): string | undefined {
  if (bytes.length < KEY_TRAILER_BYTES) return undefined;
  const trailer = Buffer.from(
    bytes.buffer,
    bytes.byteOffset + bytes.length - KEY_TRAILER_BYTES,
    KEY_TRAILER_BYTES,
  );
  const text = trailer.toString('latin1');
  if (!text.startsWith(KEY_COMMENT) || !text.endsWith('\n')) return undefined;
  const key = text.slice(KEY_COMMENT.length, -1);
  return /^[0-9a-f]+$/.test(key) ? key : undefined;
}

/** The compiled script of a precompiled module (its bytes), with its code cache when one fits. */
export function compilePrecompiled(file: string, bytes: Buffer, flavour?: string): Script {
  const source = sourceText(bytes);
  let cachedData: Buffer | undefined;
  const key = cacheKeyOf(bytes);
  if (key !== undefined) {
    try {
      const cache = readFileSync(codeCacheFile(file, flavour));
      if (cache.subarray(0, DIGEST_BYTES).toString('hex') === key) cachedData = cache.subarray(DIGEST_BYTES);
    } catch {
      // no cache: compile from source
    }
  }
  return new Script(wrapCommonJs(source), {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
}

/** The build writes ASCII: its bytes are their own Latin-1 text (no UTF-8 decoding pass). */
function sourceText(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/**
 * The build's side of compilePrecompiled: ends `file` with its cache key (a digest of its bytes as
 * generated), compiles it afresh, runs it, lets `warm` call its exports (functions compiled by then
 * are in the cache), and writes `<file>.v8-cache`.
 */
export function writeCodeCache(file: string, warm: (exports: unknown) => void = () => {}): void {
  const { key, script, exports } = compileForCache(file);
  warm(exports);
  writeFileSync(codeCacheFile(file), Buffer.concat([key, script.createCachedData()]));
}

/**
 * writeCodeCache with a warm-up that runs asynchronously (whole commands of the command line),
 * written as the cache of `flavour`. One per process: V8 shares the bytecode of a source it has
 * compiled before, so a second warm-up's cache would also hold the first one's.
 */
export async function writeWarmedCodeCache(
  file: string,
  warm: (exports: unknown) => Promise<void>,
  flavour?: string,
): Promise<void> {
  const { key, script, exports } = compileForCache(file);
  await warm(exports);
  writeFileSync(codeCacheFile(file, flavour), Buffer.concat([key, script.createCachedData()]));
}

/** Ends `file` with its cache key if it has none, then compiles and runs it afresh. */
function compileForCache(file: string): { key: Buffer; script: Script; exports: unknown } {
  let bytes = readFileSync(file);
  if (cacheKeyOf(bytes) === undefined) {
    const key = sourceDigest(bytes).toString('hex');
    bytes = Buffer.concat([bytes, Buffer.from(`${KEY_COMMENT}${key}\n`, 'latin1')]);
    writeFileSync(file, bytes);
  }
  const key = Buffer.from(cacheKeyOf(bytes) as string, 'hex');
  const script = new Script(wrapCommonJs(sourceText(bytes)), { filename: file });
  return { key, script, exports: runCommonJs(script, file) };
}

/** Runs a compiled CommonJS script as the module `file` and returns its exports. */
export function runCommonJs(script: Script, file: string): unknown {
  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (
    exports: unknown,
    require: NodeJS.Require,
    module: { exports: unknown },
    filename: string,
    dirname: string,
  ) => void;
  run(module.exports, createRequire(file), module, file, dirname(file));
  return module.exports;
}

/** The exports of the precompiled module at `url`. Throws when it does not exist (running from sources). */
export function requirePrecompiled(url: URL, flavour?: string): unknown {
  const file = fileURLToPath(url);
  return runCommonJs(compilePrecompiled(file, readFileSync(file), flavour), file);
}
