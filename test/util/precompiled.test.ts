import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  compilePrecompiled,
  requirePrecompiled,
  sourceDigest,
  writeCodeCache,
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
    const source =
      "const path = require('node:path'); module.exports = (x) => [x + 1, path.basename(__filename)];";
    expect(compilePrecompiled(file, Buffer.from(source)).cachedDataRejected).toBe(false);
  });

  it('never offers V8 a cache written for other source bytes, and works without one', () => {
    const file = writeWithCache('b.cjs', 'module.exports = 1;');
    // Same length, other bytes: the digest does not match, so no cache is offered at all.
    writeFileSync(file, 'module.exports = 2;');
    expect(compilePrecompiled(file, Buffer.from('module.exports = 2;')).cachedDataRejected).toBeUndefined();
    expect(requirePrecompiled(pathToFileURL(file))).toBe(2);
    const bare = join(dir, 'c.cjs');
    writeFileSync(bare, 'exports.x = 3;');
    expect(requirePrecompiled(pathToFileURL(bare))).toEqual({ x: 3 });
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
