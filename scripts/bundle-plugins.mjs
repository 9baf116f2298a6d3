/**
 * esbuild plugins shared by the bundles (scripts/build-action.mjs, scripts/build-cli.mjs,
 * scripts/build-hooks.mjs).
 */
import { readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

/**
 * Rewrites `import.meta.url` of each bundled source module to the file
 * `locate(sourcePath)` names, relative to the bundle's own directory: modules that read package files
 * relative to themselves (schemas/, rules/, precompiled validators) keep finding them. In a CommonJS
 * bundle (`format: 'cjs'`) the base is the bundle's `__filename`, as it has no `import.meta`.
 */
export const moduleLocation = (bundleDir, locate, format = 'esm') => ({
  name: 'module-import-meta-url',
  setup(b) {
    const base = format === 'cjs' ? "require('node:url').pathToFileURL(__filename)" : 'import.meta.url';
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = relative(bundleDir, locate(args.path)).split('\\').join('/');
      const url = `new URL(${JSON.stringify(fromBundle)}, ${base})`;
      return { contents: text.replaceAll('import.meta.url', `${url}.href`), loader: 'ts' };
    });
  },
});

/**
 * src/util/lazy-modules.ts requires Ajv and yaml from node_modules on first use. A bundle gets the
 * same functions over esbuild's own `require`: with no node_modules beside it (the Action, the
 * hooks) that bundles the packages and still evaluates each one only when first asked for; the
 * command line's bundles keep Ajv and re2js external and take yaml from dist/bin/yaml.cjs.
 */
export const bundledLazyModules = {
  name: 'bundled-lazy-modules',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]util[\\/]lazy-modules\.ts$/ }, (args) => ({
      contents: [
        'let ajv, ajv2020, formats, yaml, re2;',
        "export const loadAjv = () => (ajv ??= require('ajv'));",
        "export const loadAjv2020 = () => (ajv2020 ??= require('ajv/dist/2020.js'));",
        'export const loadAjvFormats = () => {',
        "  formats ??= require('ajv-formats');",
        "  return typeof formats === 'function' ? formats : formats.default;",
        '};',
        "export const loadYaml = () => (yaml ??= require('yaml'));",
        "export const loadRe2 = () => (re2 ??= require('re2js'));",
      ].join('\n'),
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * The command line's bundles require the yaml package from dist/bin/yaml.cjs, the package bundled
 * into one file beside them (scripts/build-cli.mjs), not from node_modules.
 */
export const yamlBeside = {
  name: 'yaml-beside',
  setup(b) {
    b.onResolve({ filter: /^yaml$/ }, () => ({ path: './yaml.cjs', external: true }));
  },
};

/**
 * Node built-ins through `require`, never `import` (which needs Node's ES module loader, and makes it
 * build a facade of every export of the built-in, running lazy getters: node:fs loads its streams).
 * commander's child_process is a lazy proxy: commander requires it at load time but spawns only for
 * executable subcommands, which mcpdesc has none of; loading it (and node:net) cost ~10 ms.
 */
export const builtinsViaRequire = {
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
export const noColorDetection = {
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
