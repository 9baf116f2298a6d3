/**
 * esbuild plugins shared by the two bundles (scripts/build-action.mjs, scripts/build-cli.mjs).
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
 * src/util/lazy-modules.ts requires Ajv and yaml from node_modules on first use. A bundle with no
 * node_modules beside it (the Action) gets the same functions over esbuild's own `require`, which
 * bundles the packages and still evaluates each one only when first asked for.
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
