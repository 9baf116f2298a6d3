import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { requirePrecompiled } from '../../src/util/precompiled.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-precompiled-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompiled module loader', () => {
  it('runs a CommonJS module with its own require, module and __filename', () => {
    const file = join(dir, 'a.cjs');
    writeFileSync(
      file,
      "const path = require('node:path'); module.exports = (x) => [x + 1, path.basename(__filename)];",
    );
    const add = requirePrecompiled(pathToFileURL(file)) as (x: number) => [number, string];
    expect(add(1)).toEqual([2, 'a.cjs']);
  });

  it('throws when the module does not exist (the callers then compile at run time)', () => {
    expect(() => requirePrecompiled(pathToFileURL(join(dir, 'missing.cjs')))).toThrow();
  });
});

const DIST = join(import.meta.dirname, '../../dist');

// Code caches are valid for one V8 build only; the package must run the same on every Node.
describe.skipIf(!existsSync(join(DIST, 'bin/cli.cjs')))('the build', () => {
  it('ships no V8 code caches and no cache keys', () => {
    const names = readdirSync(DIST, { recursive: true, encoding: 'utf8' });
    expect(names.filter((name) => /v8-cache/.test(name))).toEqual([]);
    for (const name of names.filter((name) => name.endsWith('.cjs')))
      expect(readFileSync(join(DIST, name), 'latin1')).not.toContain('mcpdesc-cache-key');
  });
});
