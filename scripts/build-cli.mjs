#!/usr/bin/env node
/**
 * Bundles the command line into dist/bin/, after tsc (whose dist/ tree the bundle reads files
 * relative to). Run by `npm run build`.
 *
 * - dist/bin/cli.cjs: the whole command line (src/cli/bundle.ts) as one CommonJS file. esbuild wraps
 *   each module the commands import lazily, so a command initialises only what it uses. Ajv and
 *   re2js stay in node_modules and yaml is dist/bin/yaml.cjs, each required on first use
 *   (src/util/lazy-modules.ts); commander, chalk and diff are bundled.
 * - dist/bin/cli-validate.cjs, cli-lint.cjs and cli-merge.cjs: the same program with only
 *   `validate`, only `lint`, or only `merge` and `merge-driver` (src/cli/bundle-validate.ts,
 *   bundle-lint.ts, bundle-merge.ts), which the executable starts for those commands
 *   (src/cli/route.ts): a start reads and compiles 30 %, 44 % or 42 % of the whole command line.
 * - dist/bin/mcpdesc.cjs: the executable (src/cli/bin.ts), which answers `--version` itself and
 *   requires one of them otherwise (with Node's own compile cache where the running Node has one).
 * - dist/bin/yaml.cjs: the yaml package as one minified file.
 * - dist/THIRD-PARTY-NOTICES.txt: the licences of the packages these bundles and the precompiled
 *   validators hold (scripts/third-party-notices.mjs).
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
import {
  builtinsViaRequire,
  bundledLazyModules,
  moduleLocation,
  noColorDetection,
  yamlBeside,
} from './bundle-plugins.mjs';
import { precompiledPackageDirs, writeNotices } from './third-party-notices.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUTDIR = join(ROOT, 'dist/bin');
const BUNDLE = join(OUTDIR, 'cli.cjs');

/** src/a/b.ts is dist/a/b.js once tsc has run: precompiled validators and package files sit around it. */
const compiledLocation = (source) =>
  join(ROOT, 'dist', relative(join(ROOT, 'src'), source)).replace(/\.ts$/, '.js');

const common = {
  absWorkingDir: ROOT,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  mainFields: ['module', 'main'],
  conditions: ['import', 'node'],
  external: ['ajv', 'ajv/*', 'ajv-formats', 're2js'],
  plugins: [
    builtinsViaRequire,
    noColorDetection,
    bundledLazyModules,
    yamlBeside,
    moduleLocation(OUTDIR, compiledLocation, 'cjs'),
  ],
  legalComments: 'none',
  // ASCII output (non-ASCII characters escaped): the loader then reads it without UTF-8 decoding.
  charset: 'ascii',
  // Whitespace and syntax only: names stay readable in `--debug` stack traces and profiles.
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: false,
  logLevel: 'warning',
  metafile: true,
};

rmSync(OUTDIR, { recursive: true, force: true });
const metafiles = [];
const bundle = async (options) => metafiles.push((await build(options)).metafile);
await bundle({ ...common, entryPoints: ['src/cli/bundle.ts'], outfile: BUNDLE });
// The start-up bundles of src/cli/route.ts's STARTUP_COMMANDS.
for (const name of ['validate', 'lint', 'merge'])
  await bundle({
    ...common,
    entryPoints: [`src/cli/bundle-${name}.ts`],
    outfile: join(OUTDIR, `cli-${name}.cjs`),
  });
await bundle({ ...common, entryPoints: ['src/cli/bin.ts'], outfile: join(OUTDIR, 'mcpdesc.cjs') });
// The yaml package as one file: required from node_modules it was ~40 files to resolve and read
// (≈ 30 ms of any command that reads a YAML config or document); bundled into cli.cjs, every
// command would compile it.
await bundle({
  ...common,
  stdin: { contents: "module.exports = require('yaml');", resolveDir: ROOT, loader: 'js' },
  plugins: [],
  external: [],
  minify: true,
  outfile: join(OUTDIR, 'yaml.cjs'),
});
// The licences of what the bundles and the precompiled validators copied in (the package's
// dependencies are installed beside it with their own, but a bundle is a copy of its own).
writeNotices(
  ROOT,
  join(ROOT, 'dist'),
  'the bundles of dist/bin/ and the precompiled validators of dist/ (mcpdesc-toolkit)',
  metafiles,
  precompiledPackageDirs(ROOT),
);
