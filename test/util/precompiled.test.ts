import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS_WITH_OWN_CODE_CACHE, codeCacheFlavour } from '../../src/cli/code-caches.js';
import {
  cacheKeyOf,
  compilePrecompiled,
  requirePrecompiled,
  sourceDigest,
  writeCodeCache,
  writeWarmedCodeCache,
} from '../../src/util/precompiled.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-precompiled-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A module and its code cache, written the way the build does. */
function writeWithCache(name: string, source: string): string {
  const file = join(dir, name);
  writeFileSync(file, source);
  writeCodeCache(file);
  return file;
}

describe('precompiled module loader', () => {
  it('runs a CommonJS module with its own require, module and __filename, using its code cache', () => {
    const file = writeWithCache(
      'a.cjs',
      "const path = require('node:path'); module.exports = (x) => [x + 1, path.basename(__filename)];",
    );
    const add = requirePrecompiled(pathToFileURL(file)) as (x: number) => [number, string];
    expect(add(1)).toEqual([2, 'a.cjs']);
    expect(compilePrecompiled(file, readFileSync(file)).cachedDataRejected).toBe(false);
  });

  it('ends the module with the key its cache starts with, once however often the build runs', () => {
    const file = writeWithCache('k.cjs', 'module.exports = 1;\n');
    const bytes = readFileSync(file);
    const key = cacheKeyOf(bytes);
    expect(key).toMatch(/^[0-9a-f]{16}$/);
    expect(bytes.toString()).toBe(`module.exports = 1;\n\n//# mcpdesc-cache-key=${key}\n`);
    expect(readFileSync(`${file}.v8-cache`).subarray(0, 8).toString('hex')).toBe(key);
    writeCodeCache(file);
    expect(readFileSync(file)).toEqual(bytes);
    expect(cacheKeyOf(Buffer.from('module.exports = 1;'))).toBeUndefined();
    expect(cacheKeyOf(Buffer.from('x\n//# mcpdesc-cache-key=zzzzzzzzzzzzzzzz\n'))).toBeUndefined();
  });

  it('never offers V8 a cache made for another build, and works without one', () => {
    const file = writeWithCache('b.cjs', 'module.exports = 1;');
    const other = writeWithCache('b2.cjs', 'module.exports = 2;');
    // The other build's cache beside this module: its key differs, so it is not offered at all.
    writeFileSync(`${other}.v8-cache`, readFileSync(`${file}.v8-cache`));
    expect(compilePrecompiled(other, readFileSync(other)).cachedDataRejected).toBeUndefined();
    expect(requirePrecompiled(pathToFileURL(other))).toBe(2);
    // Edited by hand, key line dropped: compiled from source.
    writeFileSync(file, 'module.exports = 3;');
    expect(compilePrecompiled(file, readFileSync(file)).cachedDataRejected).toBeUndefined();
    expect(requirePrecompiled(pathToFileURL(file))).toBe(3);
    const bare = join(dir, 'c.cjs');
    writeFileSync(bare, 'exports.x = 3;');
    expect(requirePrecompiled(pathToFileURL(bare))).toEqual({ x: 3 });
  });

  it('keeps the bytecode of the functions a warm-up ran, and only after it has finished', async () => {
    // Function bodies are compiled when first called: a cache taken before a call leaves them out.
    const body = Array.from({ length: 200 }, (_, i) => `total += (x * ${i}) % 7;`).join('\n');
    const source = `module.exports = { heavy(x) { let total = 0;\n${body}\nreturn total; } };\n`;
    const cold = writeWithCache('cold.cjs', source);
    const warmed = join(dir, 'warmed.cjs');
    writeFileSync(warmed, source);
    let ran = false;
    await writeWarmedCodeCache(warmed, async (exports) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      (exports as { heavy(x: number): number }).heavy(3);
      ran = true;
    });
    expect(ran).toBe(true);
    const coldCache = readFileSync(`${cold}.v8-cache`).length;
    const warmedCache = readFileSync(`${warmed}.v8-cache`).length;
    expect(warmedCache).toBeGreaterThan(coldCache + 1000);
    expect(compilePrecompiled(warmed, readFileSync(warmed)).cachedDataRejected).toBe(false);
    const heavy = (requirePrecompiled(pathToFileURL(warmed)) as { heavy(x: number): number }).heavy;
    expect(heavy(3)).toBe((exportsOf(source) as { heavy(x: number): number }).heavy(3));
  });

  it('digests bytes: length and content count, not where the view starts', () => {
    const a = Buffer.from('module.exports = 1;');
    expect(sourceDigest(Buffer.from('module.exports = 2;'))).not.toEqual(sourceDigest(a));
    expect(sourceDigest(Buffer.from('module.exports = 1; '))).not.toEqual(sourceDigest(a));
    const padded = Buffer.concat([Buffer.from('xyz'), a]).subarray(3);
    expect(padded.byteOffset % 4).not.toBe(0);
    expect(sourceDigest(padded)).toEqual(sourceDigest(a));
  });

  it('throws when the module does not exist (the callers then compile at run time)', () => {
    expect(() => requirePrecompiled(pathToFileURL(join(dir, 'missing.cjs')))).toThrow();
  });
});

const DIST = join(import.meta.dirname, '../../dist');

// A build whose caches V8 refuses still works, only slower: nothing else would notice.
describe.skipIf(!existsSync(join(DIST, 'bin/cli.cjs')))('the build’s code caches', () => {
  const names = readdirSync(DIST, { recursive: true, encoding: 'utf8' });
  const modulesWith = (suffix: string) =>
    names.filter((name) => name.endsWith(suffix)).map((name) => join(DIST, name.slice(0, -suffix.length)));
  // Library callers' caches, and the executable's, taken with its V8 flags (src/util/v8-tuning.ts).
  const forLibrary = names
    .filter((name) => name.endsWith('.v8-cache') && !name.endsWith('.cli.v8-cache'))
    .map((name) => join(DIST, name.slice(0, -'.v8-cache'.length)));
  // Flavoured caches (`cli.cjs.validate.cli.v8-cache`) are checked on their own below.
  const forCommandLine = modulesWith('.cli.v8-cache').filter((file) => existsSync(file));
  const relativeNames = (files: string[]) => files.map((file) => relative(DIST, file)).sort();

  it('covers the precompiled validators for library callers, and them and the bundle for the executable', () => {
    expect(relativeNames(forLibrary)).toEqual(
      expect.arrayContaining(['validate/structural.precompiled.cjs', 'lint/config.precompiled.cjs']),
    );
    expect(relativeNames(forCommandLine)).toEqual(
      expect.arrayContaining(['bin/cli.cjs', ...relativeNames(forLibrary)]),
    );
  });
  it.each(forLibrary)('are accepted by this V8 as it is: %s', (file) => {
    expect(compilePrecompiled(file, readFileSync(file)).cachedDataRejected).toBe(false);
  });
  it('are accepted by a process with the executable’s V8 flags, which refuses the others', () => {
    // A library cache under both names beside a copy of its module: whichever set a process
    // picks, it is offered the library's.
    const libraryModule = join(DIST, 'validate/structural.precompiled.cjs');
    const library = join(dir, 'library.cjs');
    copyFileSync(libraryModule, library);
    copyFileSync(`${libraryModule}.v8-cache`, `${library}.v8-cache`);
    copyFileSync(`${libraryModule}.v8-cache`, `${library}.cli.v8-cache`);
    const script = `
      const { readFileSync } = await import('node:fs');
      const { useCommandLineV8Flags } = await import(${JSON.stringify(pathToFileURL(join(DIST, 'util/v8-tuning.js')).href)});
      const { compilePrecompiled, codeCacheFile } = await import(${JSON.stringify(pathToFileURL(join(DIST, 'util/precompiled.js')).href)});
      if (process.argv.includes('tuned')) useCommandLineV8Flags();
      const files = ${JSON.stringify(forCommandLine)};
      const own = files.map((file) => [codeCacheFile(file).endsWith('.cli.v8-cache'), compilePrecompiled(file, readFileSync(file)).cachedDataRejected]);
      const library = ${JSON.stringify(library)};
      const other = compilePrecompiled(library, readFileSync(library)).cachedDataRejected;
      console.log(JSON.stringify({ own, other }));
    `;
    const run = (...args: string[]) => {
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, ...args], {
        encoding: 'utf8',
      });
      expect(result.stderr).toBe('');
      return JSON.parse(result.stdout) as { own: [boolean, boolean][]; other: boolean };
    };
    const tuned = run('tuned');
    expect(tuned.own).toEqual(forCommandLine.map(() => [true, false]));
    // The library's cache offered to this process: V8 refuses it (other flags).
    expect(tuned.other).toBe(true);
    // The same offer from a process without the flags is accepted: the refusal above is the flags'.
    expect(run().other).toBe(false);
  });
  it('give each command the executable loads a cache of its own a cache warmed by it alone', () => {
    const bundle = join(DIST, 'bin/cli.cjs');
    const script = `
      const { readFileSync } = await import('node:fs');
      const { useCommandLineV8Flags } = await import(${JSON.stringify(pathToFileURL(join(DIST, 'util/v8-tuning.js')).href)});
      const { compilePrecompiled, codeCacheFile } = await import(${JSON.stringify(pathToFileURL(join(DIST, 'util/precompiled.js')).href)});
      useCommandLineV8Flags();
      const bundle = ${JSON.stringify(bundle)};
      const bytes = readFileSync(bundle);
      console.log(JSON.stringify(${JSON.stringify(COMMANDS_WITH_OWN_CODE_CACHE)}.map((command) => ({
        file: codeCacheFile(bundle, command),
        rejected: compilePrecompiled(bundle, bytes, command).cachedDataRejected,
      }))));
    `;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    const caches = JSON.parse(result.stdout) as { file: string; rejected: boolean }[];
    expect(caches.map(({ file }) => relative(DIST, file))).toEqual(
      COMMANDS_WITH_OWN_CODE_CACHE.map((command) => `bin/cli.cjs.${command}.cli.v8-cache`),
    );
    expect(caches.map(({ rejected }) => rejected)).toEqual(COMMANDS_WITH_OWN_CODE_CACHE.map(() => false));
    // Holding less than the shared cache is their point: validate's holds none of lint, diff or merge.
    const shared = readFileSync(`${bundle}.cli.v8-cache`).length;
    expect(readFileSync(`${bundle}.validate.cli.v8-cache`).length).toBeLessThan(shared * 0.7);
  });
});

/** What a CommonJS source exports, evaluated directly (the reference for a cached module). */
function exportsOf(source: string): unknown {
  const module = { exports: {} as unknown };
  new Function('module', 'exports', source)(module, module.exports);
  return module.exports;
}

describe('codeCacheFlavour', () => {
  it.each([
    [['validate', 'a.json'], 'validate'],
    [['lint', '--format', 'json', 'a.json'], 'lint'],
    [['diff', 'a.json', 'b.json'], 'diff'],
    [['merge', 'a.json', 'b.json', '-o', 'c.json'], 'merge'],
    // Anything else, an option first included, gets the shared cache.
    [['migrate', 'a.json'], undefined],
    [['--debug', 'validate', 'a.json'], undefined],
    [[], undefined],
  ])('%j → %s', (args, flavour) => {
    expect(codeCacheFlavour(args)).toBe(flavour);
  });
});
