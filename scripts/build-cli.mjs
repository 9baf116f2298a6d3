#!/usr/bin/env node
/**
 * Bundles the command line into dist/bin/, after tsc (whose dist/ tree the bundle reads files
 * relative to). Run by `npm run build`.
 *
 * - dist/bin/cli.cjs: the whole command line (src/cli/bundle.ts) as one CommonJS file. esbuild wraps
 *   each module the commands import lazily, so a command initialises only what it uses. Ajv and yaml
 *   stay in node_modules, required on first use (src/util/lazy-modules.ts); commander, chalk and diff
 *   are bundled.
 * - dist/bin/mcpdesc.cjs: the executable (src/cli/bin.ts), which answers `--version` itself and
 *   requires cli.cjs otherwise (with Node's own compile cache where the running Node has one).
 *
 * Why: run as ES modules, a start resolved, linked and compiled ~30 files (~70 ms of a cold
 * `validate` of a small file); the executable and the bundle are two files.
 *
 *   node scripts/build-cli.mjs
 */
import { rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { moduleLocation } from './bundle-plugins.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUTDIR = join(ROOT, 'dist/bin');
const BUNDLE = join(OUTDIR, 'cli.cjs');

/** src/a/b.ts is dist/a/b.js once tsc has run: precompiled validators and package files sit around it. */
const compiledLocation = (source) =>
  join(ROOT, 'dist', relative(join(ROOT, 'src'), source)).replace(/\.ts$/, '.js');

/**
 * Node built-ins through `require`, never `import` (which needs Node's ES module loader, and makes it
 * build a facade of every export of the built-in, running lazy getters: node:fs loads its streams).
 * commander's child_process is a lazy proxy: commander requires it at load time but spawns only for
 * executable subcommands, which mcpdesc has none of; loading it (and node:net) cost ~10 ms.
 */
const builtinsViaRequire = {
  name: 'builtins-via-require',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) => {
      if (args.namespace === 'builtin' || args.namespace === 'lazy-builtin')
        return { path: args.path, external: true };
      if (args.path === 'node:child_process' && /node_modules[\\/]commander[\\/]/.test(args.importer))
        return { path: args.path, namespace: 'lazy-builtin' };
      // A static import stays a plain `require` in the importing module's initialiser. Through a
      // wrapper module it would be converted to an ES namespace (every export of the built-in copied
      // as a getter, each time a module imports it: ≈ 3 ms of a cold start).
      if (args.kind === 'import-statement') return { path: args.path, external: true };
      return { path: args.path, namespace: 'builtin' };
    });
    b.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      contents: `let real; module.exports = new Proxy({}, { get: (_, key) => (real ??= require(${JSON.stringify(args.path)}))[key] });`,
      loader: 'js',
    }));
  },
};

/**
 * chalk's terminal detection (its `#supports-color`, which loads node:tty and node:os) is never used:
 * mcpdesc decides on colour itself (useColor in src/cli/output.ts) and builds `new Chalk({ level })`.
 */
const noColorDetection = {
  name: 'no-color-detection',
  setup(b) {
    b.onResolve({ filter: /^#supports-color$/ }, (args) => ({ path: args.path, namespace: 'no-detection' }));
    b.onLoad({ filter: /.*/, namespace: 'no-detection' }, () => ({
      contents:
        'export default { stdout: false, stderr: false }; export function createSupportsColor() { return false; }',
      loader: 'js',
    }));
  },
};

const common = {
  absWorkingDir: ROOT,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  mainFields: ['module', 'main'],
  conditions: ['import', 'node'],
  external: ['ajv', 'ajv/*', 'ajv-formats', 'yaml'],
  plugins: [builtinsViaRequire, noColorDetection, moduleLocation(OUTDIR, compiledLocation, 'cjs')],
  legalComments: 'none',
  // ASCII output (non-ASCII characters escaped): the loader then reads it without UTF-8 decoding.
  charset: 'ascii',
  // Whitespace and syntax only: names stay readable in `--debug` stack traces and profiles.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: false,
  logLevel: 'warning',
};

rmSync(OUTDIR, { recursive: true, force: true });
await build({ ...common, entryPoints: ['src/cli/bundle.ts'], outfile: BUNDLE });
await build({ ...common, entryPoints: ['src/cli/bin.ts'], outfile: join(OUTDIR, 'mcpdesc.cjs') });
