/**
 * The committed bundle: built deterministically by scripts/build-action.mjs, checked for freshness by
 * scripts/check-action-bundle.mjs, and free of Node APIs removed by Node 24 (action.yml: node24).
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BUNDLE, ROOT } from './support.js';

interface BuildModule {
  buildAction(outfile?: string): Promise<unknown>;
}
interface CheckModule {
  checkBundle(bundle?: string): Promise<string | undefined>;
}

let dir: string;
let fresh: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcpdesc-bundle-test-'));
  fresh = join(dir, 'index.mjs');
  const { buildAction } = (await import(join(ROOT, 'scripts/build-action.mjs'))) as BuildModule;
  await buildAction(fresh);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('action.yml', () => {
  it('runs the committed bundle on node24 and declares the inputs and outputs', () => {
    const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8'));
    expect(action.runs).toEqual({ using: 'node24', main: 'dist-action/index.mjs' });
    expect(Object.keys(action.inputs)).toEqual([
      'files',
      'base',
      'fail-on',
      'lint',
      'config',
      'schema-semantics',
      'comment',
      'comment-author',
      'github-token',
      'sarif-file',
      'ignore-file',
    ]);
    expect(action.inputs.files.default).toBe('**/*.mcpdesc.{json,yaml,yml}');
    expect(Object.keys(action.outputs)).toEqual([
      'breaking-count',
      'warning-count',
      'changed-files',
      'report-path',
    ]);
  });
});

describe('the bundle build', () => {
  it('is deterministic and detects a stale bundle', async () => {
    const { buildAction } = (await import(join(ROOT, 'scripts/build-action.mjs'))) as BuildModule;
    const again = join(dir, 'again.mjs');
    await buildAction(again);
    expect(readFileSync(again).equals(readFileSync(fresh))).toBe(true);

    const { checkBundle } = (await import(join(ROOT, 'scripts/check-action-bundle.mjs'))) as CheckModule;
    const copy = join(dir, 'copy.mjs');
    copyFileSync(fresh, copy);
    expect(await checkBundle(copy)).toBeUndefined();
    writeFileSync(copy, `${readFileSync(copy, 'utf8')}\n// edited by hand\n`);
    expect(await checkBundle(copy)).toMatch(/differs from a fresh build of the sources from line \d+/);
    expect(await checkBundle(join(dir, 'missing.mjs'))).toMatch(/is missing/);
  });

  it('is one ESM file without the HTTP client, and resolves package files beside the repository', () => {
    const text = readFileSync(fresh, 'utf8');
    expect(text.startsWith('// mcpdesc-toolkit GitHub Action')).toBe(true);
    expect(text).not.toMatch(/node_modules\/undici\//);
    expect(text).not.toMatch(/node_modules\/tunnel\//);
    expect(text).toContain('new URL("../src/lint/config-read.ts", import.meta.url)');
    // (JSDoc types such as `@type {import('./RE2.js').RE2}` are comments, not imports.)
    expect(text).not.toMatch(/^[^*\n]*\bimport\s*\(\s*["'](?!node:)/m);
    // no import of anything but node built-ins
    const imports = [...text.matchAll(/^import .* from ["']([^"']+)["'];?$/gm)].map((m) => m[1]);
    expect(imports.every((spec) => spec!.startsWith('node:') || /^[a-z_]+$/.test(spec!))).toBe(true);
    expect(readFileSync(fresh).length).toBeLessThan(2 * 1024 * 1024);
  });

  it('uses no Node API removed in Node 23 or 24', () => {
    const text = readFileSync(BUNDLE, 'utf8');
    const removed: [string, RegExp][] = [
      [
        'util.is* (removed in 23)',
        /\butil\d*\.is(Boolean|Buffer|Date|Error|Function|Null|NullOrUndefined|Number|Object|Primitive|RegExp|String|Symbol|Undefined)\(/,
      ],
      ['util._extend', /\butil\d*\._extend\(/],
      ['tls.createSecurePair (removed in 24)', /createSecurePair/],
      ['SlowBuffer (removed in 24)', /\bSlowBuffer\b/],
      ['process.binding', /process\.binding\(/],
      ['crypto.createCipher (removed in 22)', /\bcreateCipher\(/],
      ['fs.F_OK & co on the fs module (removed in 24)', /\bfs\d*\.(F_OK|R_OK|W_OK|X_OK)\b/],
      ['new Buffer()', /\bnew Buffer\(/],
      ['dirent.path (removed in 24)', /\bdirent\.path\b/],
    ];
    const found = removed.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
    expect(found).toEqual([]);
  });
});
