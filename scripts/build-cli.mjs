#!/usr/bin/env node
/**
 * Bundles the command line (src/cli/bin.ts) into dist/bin/, the package's `mcpdesc` executable. Run
 * by `npm run build` after tsc, whose dist/ tree the bundle reads files relative to.
 *
 * Why: Node resolves and links ~60 ESM files per command otherwise, a third of a cold start. The
 * bundle is split per command (each command's heavy parts are dynamic imports), so `--version` loads
 * one small file. Ajv and yaml stay in node_modules, required on first use (src/util/lazy-modules.ts);
 * commander, chalk and diff are bundled.
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

/** src/a/b.ts is dist/a/b.js once tsc has run: precompiled validators and package files sit around it. */
const compiledLocation = (source) =>
  join(ROOT, 'dist', relative(join(ROOT, 'src'), source)).replace(/\.ts$/, '.js');

/**
 * Node built-ins through `require`, not `import`: an ES module import of a built-in makes Node build
 * a facade of all its exports, which runs lazy getters (\`node:fs\` loads its streams, \`node:crypto\`
 * its web crypto), ~15 ms of a cold start.
 */
const builtinsViaRequire = {
  name: 'builtins-via-require',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) => {
      // (A dynamic import stays one: a split bundle would hand it the CommonJS module as `default`.)
      if (args.namespace === 'builtin' || args.namespace === 'lazy-builtin' || args.kind === 'dynamic-import')
        return { path: args.path, external: true };
      // commander requires it at load time but spawns only for executable subcommands, which
      // mcpdesc has none of; loading it (and node:net under it) cost ~10 ms of every start.
      if (args.path === 'node:child_process' && /node_modules[\\/]commander[\\/]/.test(args.importer))
        return { path: args.path, namespace: 'lazy-builtin' };
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

rmSync(OUTDIR, { recursive: true, force: true });
await build({
  absWorkingDir: ROOT,
  entryPoints: [{ in: 'src/cli/bin.ts', out: 'mcpdesc' }],
  outdir: OUTDIR,
  outExtension: { '.js': '.js' },
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  mainFields: ['module', 'main'],
  conditions: ['import', 'node'],
  external: ['ajv', 'ajv/*', 'ajv-formats', 'yaml'],
  plugins: [builtinsViaRequire, moduleLocation(OUTDIR, compiledLocation)],
  banner: {
    // commander is CommonJS and requires Node built-ins; an ESM bundle has no `require` of its own.
    js: [
      "import { createRequire as __mcpdescCreateRequire } from 'node:module';",
      'const require = __mcpdescCreateRequire(import.meta.url);',
    ].join('\n'),
  },
  legalComments: 'none',
  charset: 'utf8',
  // Whitespace and syntax only: names stay readable in `--debug` stack traces and profiles.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: false,
  logLevel: 'warning',
});
