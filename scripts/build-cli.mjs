#!/usr/bin/env node
/**
 * Bundles the command line into dist/bin/, after tsc (whose dist/ tree the bundle reads files
 * relative to). Run by `npm run build`.
 *
 * - dist/bin/cli.cjs: the whole command line (src/cli/bundle.ts) as one CommonJS file. esbuild wraps
 *   each module the commands import lazily, so a command initialises only what it uses. Ajv and yaml
 *   stay in node_modules, required on first use (src/util/lazy-modules.ts); commander, chalk and diff
 *   are bundled. Beside it, V8's code caches (see src/util/precompiled.ts), taken after commands have
 *   run once on the bundled examples, so they hold those commands' bytecode: cli.cjs.cli.v8-cache
 *   after all the common ones, and cli.cjs.<command>.cli.v8-cache after each of the commands
 *   src/cli/code-caches.ts lists, which that command loads instead.
 * - dist/bin/mcpdesc.cjs: the executable (src/cli/bin.ts), which answers `--version` itself and loads
 *   cli.cjs through the code cache otherwise.
 *
 * Why: run as ES modules, a start resolved, linked and compiled ~30 files (~70 ms of a cold
 * `validate` of a small file); the executable and the bundle are two files, one of them compiled
 * from cache.
 *
 *   node scripts/build-cli.mjs                      (bundle, then every code cache)
 *   node scripts/build-cli.mjs --code-cache lint    (one code cache, of an existing bundle: shared, validate, ...)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

const { COMMANDS_WITH_OWN_CODE_CACHE } = await import(
  pathToFileURL(join(ROOT, 'dist/cli/code-caches.js')).href
);

/**
 * The commands each code cache is warmed with, by flavour (src/cli/code-caches.ts); `shared` is the
 * cache of any other command line, warmed by all of them.
 */
const WARM_UPS = {
  validate: (f) => [
    ['validate', f.v1],
    ['validate', f.v1yaml],
  ],
  lint: (f) => [
    ['lint', f.v1],
    ['lint', f.v1yaml],
  ],
  diff: (f) => [['diff', f.v1, f.v2]],
  merge: (f) => [['merge', f.v1, f.v2, '-o', join(f.work, 'merged.json')]],
};
WARM_UPS.shared = (f) => COMMANDS_WITH_OWN_CODE_CACHE.flatMap((command) => WARM_UPS[command](f));
for (const command of COMMANDS_WITH_OWN_CODE_CACHE)
  if (!WARM_UPS[command]) throw new Error(`build-cli: no warm-up for the code cache of ${command}`);

const cacheFlag = process.argv.indexOf('--code-cache');
if (cacheFlag !== -1) {
  await writeCache(process.argv[cacheFlag + 1]);
} else {
  rmSync(OUTDIR, { recursive: true, force: true });
  await build({ ...common, entryPoints: ['src/cli/bundle.ts'], outfile: BUNDLE });
  await build({ ...common, entryPoints: ['src/cli/bin.ts'], outfile: join(OUTDIR, 'mcpdesc.cjs') });
  // Each cache in a process of its own (see writeWarmedCodeCache); the first also ends the bundle
  // with its cache key, so they run one after the other.
  for (const flavour of ['shared', ...COMMANDS_WITH_OWN_CODE_CACHE]) {
    const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--code-cache', flavour], {
      stdio: 'inherit',
    });
    if (run.status !== 0) throw new Error(`build-cli: the ${flavour} code cache failed (exit ${run.status})`);
  }
}

/**
 * A code cache, taken after loading the bundle the way bin.ts does and running commands once on the
 * bundled examples (as JSON and as YAML): V8 compiles a function's bytecode the first time it runs,
 * and the cache then holds the bytecode of every function those runs needed, so a user's run
 * compiles almost nothing. The executable sets its V8 flags before it loads the bundle, so its
 * caches are taken with them too.
 */
async function writeCache(flavour) {
  const warmUp = WARM_UPS[flavour];
  if (!warmUp) throw new Error(`build-cli: unknown code cache ${flavour}`);
  const { useCommandLineV8Flags } = await import(pathToFileURL(join(ROOT, 'dist/util/v8-tuning.js')).href);
  useCommandLineV8Flags();
  const { writeWarmedCodeCache } = await import(pathToFileURL(join(ROOT, 'dist/util/precompiled.js')).href);
  await writeWarmedCodeCache(
    BUNDLE,
    (cli) => runCommands(cli, warmUp),
    flavour === 'shared' ? undefined : flavour,
  );
}

async function runCommands(cli, commandsFor) {
  const { parse } = await import('yaml');
  const work = mkdtempSync(join(tmpdir(), 'mcpdesc-build-'));
  const cwd = process.cwd();
  const { write: outWrite } = process.stdout;
  const { write: errWrite } = process.stderr;
  const exitCode = process.exitCode;
  try {
    const files = { work };
    for (const [key, name] of [
      ['v1', 'weather-v1'],
      ['v2', 'weather-v2'],
    ]) {
      const yamlFile = join(ROOT, 'examples', `${name}.mcpdesc.yaml`);
      const jsonFile = join(work, `${name}.mcpdesc.json`);
      writeFileSync(jsonFile, JSON.stringify(parse(readFileSync(yamlFile, 'utf8')), null, 2));
      files[key] = jsonFile;
      files[`${key}yaml`] = yamlFile;
    }
    cli.setModuleImporter((url) => import(url));
    process.chdir(work);
    process.stdout.write = () => true;
    process.stderr.write = () => true;
    for (const args of commandsFor(files)) {
      try {
        await cli.runCli([process.execPath, 'mcpdesc', ...args]);
      } catch {
        // A failed warm-up only leaves some bytecode out of the cache.
      }
    }
  } finally {
    process.stdout.write = outWrite;
    process.stderr.write = errWrite;
    process.exitCode = exitCode;
    process.chdir(cwd);
    rmSync(work, { recursive: true, force: true });
  }
}
