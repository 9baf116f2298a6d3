/**
 * Reading one config file or ruleset: YAML/JSON (bounded like a document) or an ES module, checked
 * against schemas/mcpdesc-config.schema.json; errors carry file:line:col.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv';
import {
  type Limits,
  LoadError,
  loadDocument,
  readFileBounded,
  resolveLimits,
  type SourceMap,
} from '../parse/index.js';
import { importModule } from '../util/import-module.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../util/json.js';
import { loadAjv } from '../util/lazy-modules.js';
import { appendPointer } from '../util/pointer.js';
import { requirePrecompiled } from '../util/precompiled.js';
import { withSafeKeywords } from '../validate/ajv-keywords.js';
import { LINEAR_ERRORS_CODE } from '../validate/linear-errors.js';
import { BUILTIN_RULESETS, ConfigError, type ConfigErrorCode, PACKAGE_ROOT } from './config-types.js';

export interface RawConfig {
  file: string;
  value: JsonObject;
  /** Positions (YAML/JSON configs); undefined for .mjs configs. */
  sourceMap: SourceMap | undefined;
}

/** Ajv options of the config-file validator; scripts/precompile-validator.mjs uses the same. */
export const CONFIG_AJV_OPTIONS = {
  allErrors: true,
  strict: false,
  validateSchema: false,
  code: LINEAR_ERRORS_CODE,
} as const;

/** The config-file schema (ours, tested: not checked against the meta-schema at run time). */
export function configSchema(): JsonObject {
  const schema = JSON.parse(
    readFileSync(join(PACKAGE_ROOT, 'schemas', 'mcpdesc-config.schema.json'), 'utf8'),
  ) as JsonObject;
  delete schema.$schema;
  return schema;
}

type PrecompiledValidators = Record<string, ValidateFunction | undefined>;
const precompiledModules = new Map<string, PrecompiledValidators | null>();

/**
 * Validators the build compiled to standalone code next to this module (config.precompiled.cjs,
 * options.precompiled.cjs): compiling them with Ajv cost ~0.15 s of every lint run. Running from
 * sources (tests) there are none, and the callers compile instead.
 */
export function precompiled(name: 'config' | 'options'): PrecompiledValidators | null {
  let module = precompiledModules.get(name);
  if (module === undefined) {
    try {
      module = requirePrecompiled(
        new URL(`./${name}.precompiled.cjs`, import.meta.url),
      ) as PrecompiledValidators;
    } catch {
      module = null;
    }
    precompiledModules.set(name, module);
  }
  return module;
}

let schemaValidator: ValidateFunction | undefined;
function configValidator(): ValidateFunction {
  schemaValidator ??=
    precompiled('config')?.config ??
    withSafeKeywords(new (loadAjv().Ajv)(CONFIG_AJV_OPTIONS), loadAjv()).compile(configSchema());
  return schemaValidator;
}

/** A ruleset shipped with the package (rules/NAME.yaml). */
function isBuiltinRuleset(file: string): boolean {
  return BUILTIN_RULESETS.some((name) => file === join(PACKAGE_ROOT, 'rules', `${name}.yaml`));
}

/**
 * The built-in rulesets as JSON, written by the build next to this module (dist/lint/rulesets/): they
 * are read without loading the yaml package. Positions in them are never reported (they are valid).
 */
function builtinRulesetJson(file: string): string | undefined {
  for (const name of BUILTIN_RULESETS) {
    if (file !== join(PACKAGE_ROOT, 'rules', `${name}.yaml`)) continue;
    const twin = fileURLToPath(new URL(`./rulesets/${name}.json`, import.meta.url));
    return existsSync(twin) ? twin : undefined;
  }
  return undefined;
}

export function positioned(
  raw: RawConfig,
  pointer: string,
  message: string,
  atKey = false,
  code: ConfigErrorCode = 'config-invalid',
): ConfigError {
  if (!raw.sourceMap)
    return new ConfigError(`${message}${pointer ? ` (at ${pointer})` : ''}`, raw.file, 0, 0, code);
  const p = atKey ? raw.sourceMap.locateKey(pointer) : raw.sourceMap.locate(pointer);
  return new ConfigError(message, raw.file, p.line, p.column, code);
}

/** The most useful of Ajv's errors for a oneOf-heavy schema: the deepest one, not a oneOf summary. */
export function pickSchemaError(errors: readonly ErrorObject[]): ErrorObject {
  const real = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf');
  const pool = real.length > 0 ? real : errors;
  return pool.reduce((best, e) => (e.instancePath.length > best.instancePath.length ? e : best));
}

export function schemaMessage(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties')
    return `unknown property ${JSON.stringify((error.params as { additionalProperty: string }).additionalProperty)}`;
  if (error.keyword === 'enum')
    return `must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return error.message ?? 'is invalid';
}

/**
 * `limits`: the run's input limits, which bound a config file as they bound documents (a built-in
 * ruleset is part of the package and read with the defaults).
 */
export async function readConfig(file: string, limits?: Partial<Limits>): Promise<RawConfig> {
  let raw: RawConfig;
  if (/\.m?js$/.test(file)) {
    let module: { default?: unknown };
    try {
      module = (await importModule(pathToFileURL(file).href)) as { default?: unknown };
    } catch (error) {
      throw new ConfigError(
        `cannot load config: ${error instanceof Error ? error.message : String(error)}`,
        file,
        0,
        0,
        'config-unreadable',
      );
    }
    const value = JSON.parse(JSON.stringify(module.default ?? null)) as JsonValue;
    if (!isJsonObject(value))
      throw new ConfigError('config module must export default an object', file, 0, 0, 'config-schema');
    raw = { file, value, sourceMap: undefined };
  } else {
    let text: string;
    const builtinJson = builtinRulesetJson(file);
    // A built-in ruleset is part of the package, not input: the run's limits do not apply to it.
    const fileLimits = isBuiltinRuleset(file) ? undefined : limits;
    try {
      // Bounded like a document: a config (or what it extends) can name a device or a pipe.
      text = builtinJson
        ? readFileSync(builtinJson, 'utf8')
        : readFileBounded(file, resolveLimits(fileLimits).maxBytes).toString('utf8');
    } catch (error) {
      const reason =
        error instanceof LoadError ? error.message : ((error as NodeJS.ErrnoException).code ?? String(error));
      throw new ConfigError(`cannot read config: ${reason}`, file, 0, 0, 'config-unreadable');
    }
    try {
      const loaded = loadDocument(
        text,
        builtinJson ? { file, format: 'json' } : { file, ...(fileLimits ? { limits: fileLimits } : {}) },
      );
      if (!isJsonObject(loaded.value))
        throw new ConfigError('config must be an object (a YAML mapping)', file, 1, 1, 'config-schema');
      raw = { file, value: loaded.value, sourceMap: loaded.sourceMap };
    } catch (error) {
      if (error instanceof LoadError)
        throw new ConfigError(
          `${error.message} (${error.code})`,
          file,
          error.line,
          error.column,
          'config-syntax',
        );
      throw error;
    }
  }
  // A built-in ruleset's JSON twin was checked against this schema when the package was built
  // (scripts/precompile-validator.mjs): loading the validator for it cost a few ms of every lint.
  if (builtinRulesetJson(file) !== undefined) return raw;
  const validate = configValidator();
  if (!validate(raw.value)) {
    const error = pickSchemaError(validate.errors ?? []);
    const atKey = error.keyword === 'additionalProperties';
    const pointer = atKey
      ? appendPointer(error.instancePath, (error.params as { additionalProperty: string }).additionalProperty)
      : error.instancePath;
    throw positioned(raw, pointer, schemaMessage(error), atKey, 'config-schema');
  }
  return raw;
}

/**
 * The `schemaSemantics` key of one config file (diff, changelog and schema-diff read it; lint
 * ignores it). The file is validated whole, so a broken config stops these commands too.
 */
export async function readSchemaSemantics(
  file: string,
  limits?: Partial<Limits>,
): Promise<'api' | 'json-schema' | undefined> {
  const raw = await readConfig(file, limits);
  const value = raw.value.schemaSemantics;
  return value === 'api' || value === 'json-schema' ? value : undefined;
}
