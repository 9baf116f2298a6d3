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
  plugins: [moduleLocation(OUTDIR, compiledLocation)],
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
