/**
 * The heavy dependencies (Ajv ~65 ms to load, yaml ~40 ms, re2js) are required on first use, not imported:
 * `mcpdesc validate` of a JSON file with precompiled validators needs neither, and cold start is a
 * budget every pre-commit hook pays. `require` keeps the callers synchronous.
 *
 * The bundles replace this module (scripts/bundle-plugins.mjs): the Action's bundle has no
 * node_modules beside it, so there `require` becomes esbuild's own lazy module wrapper.
 */
import { createRequire } from 'node:module';

type AjvModule = typeof import('ajv');
type Ajv2020Module = typeof import('ajv/dist/2020.js');
type AjvFormatsPlugin = (ajv: import('ajv').Ajv) => import('ajv').Ajv;
type YamlModule = typeof import('yaml');
type Re2Module = typeof import('re2js');

const requireHere = createRequire(import.meta.url);

let ajvModule: AjvModule | undefined;
let ajv2020Module: Ajv2020Module | undefined;
let ajvFormats: AjvFormatsPlugin | undefined;
let yamlModule: YamlModule | undefined;
let re2Module: Re2Module | undefined;

/** Ajv's default (draft-07) class and its types. */
export function loadAjv(): AjvModule {
  ajvModule ??= requireHere('ajv') as AjvModule;
  return ajvModule;
}

/** Ajv's JSON Schema 2020-12 class. */
export function loadAjv2020(): Ajv2020Module {
  ajv2020Module ??= requireHere('ajv/dist/2020.js') as Ajv2020Module;
  return ajv2020Module;
}

/** ajv-formats' plugin function (its CommonJS default export). */
export function loadAjvFormats(): AjvFormatsPlugin {
  if (!ajvFormats) {
    const loaded = requireHere('ajv-formats') as AjvFormatsPlugin | { default: AjvFormatsPlugin };
    ajvFormats = typeof loaded === 'function' ? loaded : loaded.default;
  }
  return ajvFormats;
}

/** The `yaml` package. */
export function loadYaml(): YamlModule {
  yamlModule ??= requireHere('yaml') as YamlModule;
  return yamlModule;
}

/** The `re2js` package (linear-time matching of documents' regular expressions). */
export function loadRe2(): Re2Module {
  re2Module ??= requireHere('re2js') as Re2Module;
  return re2Module;
}
