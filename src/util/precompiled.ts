/**
 * Loader for the validators the build compiles to standalone CommonJS (scripts/precompile-validator.mjs).
 *
 * The structural validator is ~0.4 MB of generated code, and compiling it was the largest part of a
 * cold `mcpdesc validate` of a small file. The build therefore also writes V8's code cache for each
 * module beside it (`<file>.v8-cache`: the SHA-1 of the source, then V8's data). A Node whose V8
 * rejects the data (another version or flags) compiles the source as usual; a cache written for
 * other source bytes is never offered to V8.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const DIGEST_BYTES = 20;

/** The same wrapper Node puts around a CommonJS module. */
export function wrapCommonJs(source: string): string {
  return `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;
}

export function sourceDigest(source: string): Buffer {
  return createHash('sha1').update(source).digest();
}

/** The compiled script of a precompiled module, with its code cache when one fits. */
export function compilePrecompiled(file: string, source: string): Script {
  let cachedData: Buffer | undefined;
  try {
    const cache = readFileSync(`${file}.v8-cache`);
    if (cache.subarray(0, DIGEST_BYTES).equals(sourceDigest(source)))
      cachedData = cache.subarray(DIGEST_BYTES);
  } catch {
    // no cache: compile from source
  }
  return new Script(wrapCommonJs(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
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
export function requirePrecompiled(url: URL): unknown {
  const file = fileURLToPath(url);
  const source = readFileSync(file, 'utf8');
  return runCommonJs(compilePrecompiled(file, source), file);
}
