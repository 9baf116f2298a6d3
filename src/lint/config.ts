/**
 * Lint configuration: finding the config file, loading it and the rulesets it extends, checking it
 * against schemas/mcpdesc-config.schema.json (errors carry file:line:col), and merging everything into
 * one ResolvedConfig.
 *
 * Config files and rulesets have the same shape (a ruleset is a config that defines rules):
 * `extends`, `functions`, `rules`, `overrides`, `ignore`. Built-in rulesets live in rules/*.yaml in
 * the package and are read at run time. Custom functions load only from local files named in a config
 * file (never from the linted document, never a package name or URL).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { LoadError, loadDocument, readFileBounded, resolveLimits, type SourceMap } from '../parse/index.js';
import { importModule } from '../util/import-module.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../util/json.js';
import { loadAjv } from '../util/lazy-modules.js';
import { appendPointer } from '../util/pointer.js';
import { requirePrecompiled } from '../util/precompiled.js';
import { withSafeKeywords } from '../validate/ajv-keywords.js';
import { CODES, type ValidateCode } from '../validate/codes.js';
import { LINEAR_ERRORS_CODE } from '../validate/linear-errors.js';
import { BUILTIN_FUNCTIONS } from './functions/index.js';
import { checkSchemaOption } from './functions/schema.js';
import { JsonPathError, parseJsonPath } from './jsonpath.js';
import {
  type FunctionDefinition,
  isSubjectType,
  type RuleDefinition,
  type RuleSeverity,
  type WhenCondition,
} from './types.js';

export const CONFIG_FILE_NAMES = [
  '.mcpdesc.yaml',
  '.mcpdesc.yml',
  '.mcpdesc.json',
  'mcpdesc.config.mjs',
] as const;
/** `clients/*`: the published function-calling schema rules of one client (each extends `recommended`). */
export const BUILTIN_RULESETS = ['recommended', 'strict', 'clients/gemini', 'clients/openai-strict'] as const;

/** The package root (holds rules/ and schemas/), from src/lint or dist/lint alike. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RuleChange {
  severity?: RuleSeverity;
  options?: Record<string, unknown>;
}

export interface Override {
  /** Globs relative to `baseDir`; undefined = every file. */
  files?: string[];
  /** Pointer patterns (`*` = one segment, `**` = any); undefined = everywhere. */
  pointers?: string[];
  rules: Map<string, RuleChange>;
  baseDir: string;
}

export interface IgnoreEntry {
  rules: string[];
  files?: string[];
  pointers?: string[];
  reason: string;
  expires?: string;
  baseDir: string;
  /** Where the entry is written (for "expired" reports). */
  location: { file: string; pointer: string; line: number; column: number };
}

/** `ignorePatterns` of one config file: paths never linted, relative to `baseDir`. */
export interface IgnorePatterns {
  patterns: string[];
  baseDir: string;
}

export interface ResolvedConfig {
  /** The config file found or given (undefined: built-in `recommended`). */
  file?: string;
  /** Every rule, validation codes included, in definition order. */
  rules: Map<string, RuleDefinition>;
  functions: Map<string, FunctionDefinition>;
  overrides: Override[];
  ignores: IgnoreEntry[];
  /** `ignorePatterns` of the config files, in the order they apply (see isIgnoredFile). */
  ignorePatterns: IgnorePatterns[];
  /**
   * Absolute paths of every file the config was built from: config files, the rulesets they extend
   * and custom function modules (what `lint --cache` fingerprints besides the resolved rules).
   */
  sources: string[];
}

/** A mistake in a config file or ruleset, with its position (0 = unknown); the CLI prints `file:line:col: message`. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    message: string,
    readonly file: string,
    readonly line = 0,
    readonly column = 0,
  ) {
    super(message);
  }

  format(): string {
    return `${this.line > 0 ? `${this.file}:${this.line}:${this.column}` : this.file}: ${this.message}`;
  }
}

// ---------------------------------------------------------------- discovery

/** The nearest config file at or above `startDir`, or undefined. */
export function findConfigFile(startDir: string): string | undefined {
  let dir = resolve(startDir);
  for (;;) {
    for (const name of CONFIG_FILE_NAMES) {
      const candidate = join(dir, name);
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

// ---------------------------------------------------------------- raw files

interface RawConfig {
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
function precompiled(name: 'config' | 'options'): PrecompiledValidators | null {
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

function positioned(raw: RawConfig, pointer: string, message: string, atKey = false): ConfigError {
  if (!raw.sourceMap) return new ConfigError(`${message}${pointer ? ` (at ${pointer})` : ''}`, raw.file);
  const p = atKey ? raw.sourceMap.locateKey(pointer) : raw.sourceMap.locate(pointer);
  return new ConfigError(message, raw.file, p.line, p.column);
}

/** The most useful of Ajv's errors for a oneOf-heavy schema: the deepest one, not a oneOf summary. */
function pickSchemaError(errors: readonly ErrorObject[]): ErrorObject {
  const real = errors.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf');
  const pool = real.length > 0 ? real : errors;
  return pool.reduce((best, e) => (e.instancePath.length > best.instancePath.length ? e : best));
}

function schemaMessage(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties')
    return `unknown property ${JSON.stringify((error.params as { additionalProperty: string }).additionalProperty)}`;
  if (error.keyword === 'enum')
    return `must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return error.message ?? 'is invalid';
}

async function readConfig(file: string): Promise<RawConfig> {
  let raw: RawConfig;
  if (/\.m?js$/.test(file)) {
    let module: { default?: unknown };
    try {
      module = (await importModule(pathToFileURL(file).href)) as { default?: unknown };
    } catch (error) {
      throw new ConfigError(
        `cannot load config: ${error instanceof Error ? error.message : String(error)}`,
        file,
      );
    }
    const value = JSON.parse(JSON.stringify(module.default ?? null)) as JsonValue;
    if (!isJsonObject(value)) throw new ConfigError('config module must export default an object', file);
    raw = { file, value, sourceMap: undefined };
  } else {
    let text: string;
    const builtinJson = builtinRulesetJson(file);
    try {
      // Bounded like a document: a config (or what it extends) can name a device or a pipe.
      text = builtinJson
        ? readFileSync(builtinJson, 'utf8')
        : readFileBounded(file, resolveLimits(undefined).maxBytes).toString('utf8');
    } catch (error) {
      const reason =
        error instanceof LoadError ? error.message : ((error as NodeJS.ErrnoException).code ?? String(error));
      throw new ConfigError(`cannot read config: ${reason}`, file);
    }
    try {
      const loaded = loadDocument(text, builtinJson ? { file, format: 'json' } : { file });
      if (!isJsonObject(loaded.value))
        throw new ConfigError('config must be an object (a YAML mapping)', file, 1, 1);
      raw = { file, value: loaded.value, sourceMap: loaded.sourceMap };
    } catch (error) {
      if (error instanceof LoadError)
        throw new ConfigError(`${error.message} (${error.code})`, file, error.line, error.column);
      throw error;
    }
  }
  const validate = configValidator();
  if (!validate(raw.value)) {
    const error = pickSchemaError(validate.errors ?? []);
    const atKey = error.keyword === 'additionalProperties';
    const pointer = atKey
      ? appendPointer(error.instancePath, (error.params as { additionalProperty: string }).additionalProperty)
      : error.instancePath;
    throw positioned(raw, pointer, schemaMessage(error), atKey);
  }
  return raw;
}

/**
 * The `schemaSemantics` key of one config file (diff, changelog and schema-diff read it; lint
 * ignores it). The file is validated whole, so a broken config stops these commands too.
 */
export async function readSchemaSemantics(file: string): Promise<'api' | 'json-schema' | undefined> {
  const raw = await readConfig(file);
  const value = raw.value.schemaSemantics;
  return value === 'api' || value === 'json-schema' ? value : undefined;
}

// ---------------------------------------------------------------- merging

const asList = (value: JsonValue | undefined): string[] =>
  value === undefined
    ? []
    : Array.isArray(value)
      ? value.filter((v): v is string => typeof v === 'string')
      : [String(value)];

const INVALIDATING: ReadonlySet<string> = new Set(
  (Object.keys(CODES) as ValidateCode[]).filter((code) => CODES[code].severity === 'error'),
);

/** True for validation codes that make a document invalid: they can be re-levelled, never turned off or suppressed. */
export function isInvalidatingCode(code: string): boolean {
  return INVALIDATING.has(code);
}

function validationRules(): Map<string, RuleDefinition> {
  const rules = new Map<string, RuleDefinition>();
  for (const code of Object.keys(CODES) as ValidateCode[]) {
    const info = CODES[code];
    rules.set(code, {
      id: code,
      description: info.description,
      severity: info.severity,
      given: ['Document'],
      function: '(validate)',
      functionOptions: {},
      help: `Spec conformance diagnostic (area: ${info.area}) from \`mcpdesc validate\`.${
        info.severity === 'error'
          ? ' A document with this error is invalid: the rule can be re-levelled but not turned off or suppressed.'
          : ''
      }`,
      validation: info.severity === 'error' ? 'invalid' : 'warning',
      source: 'validate',
    });
  }
  return rules;
}

class Resolver {
  readonly rules = validationRules();
  readonly functions = new Map<string, FunctionDefinition>(BUILTIN_FUNCTIONS);
  readonly overrides: Override[] = [];
  readonly ignores: IgnoreEntry[] = [];
  readonly ignorePatterns: IgnorePatterns[] = [];
  readonly sources: string[] = [];
  private readonly stack: string[] = [];
  private readonly done = new Set<string>();

  /** `implicitBase`: a user config without `extends` builds on this ruleset (`extends: []` starts empty). */
  async apply(file: string, implicitBase?: string): Promise<void> {
    const key = resolve(file);
    if (this.stack.includes(key))
      throw new ConfigError(`extends cycle: ${[...this.stack, key].join(' -> ')}`, file);
    if (this.done.has(key)) return;
    this.stack.push(key);
    this.sources.push(key);
    const raw = await readConfig(file);
    const baseDir = dirname(file);
    const extendsList =
      raw.value.extends === undefined && implicitBase !== undefined
        ? [implicitBase]
        : asList(raw.value.extends);
    for (let i = 0; i < extendsList.length; i++) {
      const target = this.extendsPath(extendsList[i] as string, baseDir);
      if (!target) {
        const pointer = Array.isArray(raw.value.extends) ? `/extends/${i}` : '/extends';
        throw positioned(
          raw,
          pointer,
          `unknown ruleset ${JSON.stringify(extendsList[i])}: use ${BUILTIN_RULESETS.join(', ')} or a path to a file`,
        );
      }
      await this.apply(target);
    }
    if (isJsonObject(raw.value.functions)) await this.loadFunctions(raw, raw.value.functions, baseDir);
    if (isJsonObject(raw.value.rules)) this.applyRules(raw, raw.value.rules, '/rules');
    if (Array.isArray(raw.value.overrides)) {
      raw.value.overrides.forEach((item, i) => {
        if (!isJsonObject(item)) return;
        const changes = new Map<string, RuleChange>();
        if (isJsonObject(item.rules))
          for (const id of Object.keys(item.rules)) {
            const pointer = appendPointer('/overrides', i, 'rules', id);
            changes.set(id, this.ruleChange(raw, pointer, id, item.rules[id] as JsonValue));
          }
        const override: Override = { rules: changes, baseDir };
        if (item.files !== undefined) override.files = asList(item.files);
        if (item.pointers !== undefined) override.pointers = asList(item.pointers);
        this.overrides.push(override);
      });
    }
    if (raw.value.ignorePatterns !== undefined)
      this.ignorePatterns.push({ patterns: asList(raw.value.ignorePatterns), baseDir });
    if (Array.isArray(raw.value.ignore)) {
      raw.value.ignore.forEach((item, i) => {
        if (!isJsonObject(item)) return;
        const pointer = appendPointer('/ignore', i);
        const rules = asList(item.rules);
        rules.forEach((id, j) => {
          if (!this.rules.has(id))
            throw positioned(
              raw,
              Array.isArray(item.rules) ? `${pointer}/rules/${j}` : `${pointer}/rules`,
              `unknown rule ${JSON.stringify(id)}`,
            );
          if (isInvalidatingCode(id))
            throw positioned(
              raw,
              Array.isArray(item.rules) ? `${pointer}/rules/${j}` : `${pointer}/rules`,
              `${JSON.stringify(id)} makes the document invalid and cannot be ignored (re-level it in \`rules\` if you must)`,
            );
        });
        const position = raw.sourceMap?.locate(pointer) ?? { line: 0, column: 0 };
        const entry: IgnoreEntry = {
          rules,
          reason: String(item.reason),
          baseDir,
          location: { file: raw.file, pointer, line: position.line, column: position.column },
        };
        if (item.files !== undefined) entry.files = asList(item.files);
        if (item.pointers !== undefined) entry.pointers = asList(item.pointers);
        if (typeof item.expires === 'string') {
          if (Number.isNaN(Date.parse(`${item.expires}T00:00:00Z`)))
            throw positioned(raw, `${pointer}/expires`, `invalid date ${JSON.stringify(item.expires)}`);
          entry.expires = item.expires;
        }
        this.ignores.push(entry);
      });
    }
    this.stack.pop();
    this.done.add(key);
  }

  private extendsPath(name: string, baseDir: string): string | undefined {
    if ((BUILTIN_RULESETS as readonly string[]).includes(name))
      return join(PACKAGE_ROOT, 'rules', `${name}.yaml`);
    if (name.startsWith('mcpdesc:')) {
      const builtin = name.slice('mcpdesc:'.length);
      return (BUILTIN_RULESETS as readonly string[]).includes(builtin)
        ? join(PACKAGE_ROOT, 'rules', `${builtin}.yaml`)
        : undefined;
    }
    if (!isLocalPath(name)) return undefined;
    const path = resolve(baseDir, name);
    return existsSync(path) ? path : undefined;
  }

  private async loadFunctions(raw: RawConfig, functions: JsonObject, baseDir: string): Promise<void> {
    for (const name of Object.keys(functions)) {
      const spec = String(functions[name]);
      const pointer = appendPointer('/functions', name);
      if (BUILTIN_FUNCTIONS.has(name))
        throw positioned(raw, pointer, `${JSON.stringify(name)} is a built-in function name`, true);
      if (!isLocalPath(spec))
        throw positioned(
          raw,
          pointer,
          `custom functions load only from local files (./path.mjs), not ${JSON.stringify(spec)}`,
        );
      const path = resolve(baseDir, spec);
      this.sources.push(path);
      if (!existsSync(path))
        throw positioned(raw, pointer, `function module not found: ${relative(process.cwd(), path) || path}`);
      let module: Record<string, unknown>;
      try {
        module = (await importModule(pathToFileURL(path).href)) as Record<string, unknown>;
      } catch (error) {
        throw positioned(
          raw,
          pointer,
          `cannot load function module: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      const exported = module.default;
      let definition: FunctionDefinition | undefined;
      if (typeof exported === 'function') {
        const schema = (exported as { optionsSchema?: unknown }).optionsSchema;
        definition = {
          name,
          description: `custom function from ${spec}`,
          handlesMissing: true,
          fn: exported as FunctionDefinition['fn'],
          ...(isJsonObject(schema as JsonValue) ? { optionsSchema: schema as Record<string, unknown> } : {}),
        };
      } else if (
        exported &&
        typeof exported === 'object' &&
        typeof (exported as { fn?: unknown }).fn === 'function'
      ) {
        const e = exported as Partial<FunctionDefinition>;
        definition = {
          name,
          description: typeof e.description === 'string' ? e.description : `custom function from ${spec}`,
          handlesMissing: e.handlesMissing !== false,
          fn: e.fn as FunctionDefinition['fn'],
          ...(e.optionsSchema ? { optionsSchema: e.optionsSchema } : {}),
        };
      }
      if (!definition)
        throw positioned(
          raw,
          pointer,
          'function module must export default a function (or {fn, optionsSchema?, description?})',
        );
      this.functions.set(name, definition);
    }
  }

  private ruleChange(raw: RawConfig, pointer: string, id: string, entry: JsonValue): RuleChange {
    const rule = this.rules.get(id);
    if (!rule) throw positioned(raw, pointer, `unknown rule ${JSON.stringify(id)}`, true);
    const change: RuleChange = {};
    if (typeof entry === 'string') change.severity = entry as RuleSeverity;
    else if (isJsonObject(entry)) {
      if (typeof entry.severity === 'string') change.severity = entry.severity as RuleSeverity;
      if (isJsonObject(entry.options)) {
        if (rule.validation)
          throw positioned(
            raw,
            `${pointer}/options`,
            `${id} is a validation diagnostic and takes no options`,
            true,
          );
        change.options = entry.options;
      }
    }
    if (change.severity === 'off' && rule.validation === 'invalid')
      throw positioned(
        raw,
        pointer,
        `${JSON.stringify(id)} makes the document invalid and cannot be turned off (re-level it to warning, info or hint instead)`,
      );
    if (change.options)
      this.checkOptions(raw, `${pointer}/options`, {
        ...rule,
        functionOptions: { ...rule.functionOptions, ...change.options },
      });
    return change;
  }

  private applyRules(raw: RawConfig, rules: JsonObject, base: string): void {
    for (const id of Object.keys(rules)) {
      const entry = rules[id] as JsonValue;
      const pointer = appendPointer(base, id);
      const isDefinition =
        isJsonObject(entry) && (Object.hasOwn(entry, 'given') || Object.hasOwn(entry, 'then'));
      if (!isDefinition) {
        const change = this.ruleChange(raw, pointer, id, entry);
        const rule = this.rules.get(id) as RuleDefinition;
        const next: RuleDefinition = { ...rule };
        if (change.severity) next.severity = change.severity;
        if (change.options) next.functionOptions = { ...rule.functionOptions, ...change.options };
        if (isJsonObject(entry)) {
          if (typeof entry.message === 'string') next.message = entry.message;
          if (typeof entry.description === 'string') next.description = entry.description;
          if (typeof entry.help === 'string') next.help = entry.help;
        }
        this.rules.set(id, next);
        continue;
      }
      const def = entry as JsonObject;
      if (this.rules.get(id)?.validation)
        throw positioned(
          raw,
          pointer,
          `${JSON.stringify(id)} is a validation diagnostic and cannot be redefined`,
          true,
        );
      if (def.given === undefined) throw positioned(raw, pointer, 'a rule definition needs `given`', true);
      if (!isJsonObject(def.then))
        throw positioned(raw, pointer, 'a rule definition needs `then: {function: ...}`', true);
      const given = asList(def.given);
      given.forEach((g, i) => {
        const at = Array.isArray(def.given) ? `${pointer}/given/${i}` : `${pointer}/given`;
        if (g.startsWith('$')) {
          try {
            parseJsonPath(g);
          } catch (error) {
            if (error instanceof JsonPathError) throw positioned(raw, at, error.message);
            throw error;
          }
        } else if (!isSubjectType(g)) throw positioned(raw, at, `unknown subject type ${JSON.stringify(g)}`);
      });
      const fnName = String(def.then.function);
      if (!this.functions.has(fnName))
        throw positioned(
          raw,
          `${pointer}/then/function`,
          `unknown function ${JSON.stringify(fnName)} (built-ins: ${[...BUILTIN_FUNCTIONS.keys()].join(', ')}; custom ones go in \`functions\`)`,
        );
      const rule: RuleDefinition = {
        id,
        description: typeof def.description === 'string' ? def.description : '',
        severity: typeof def.severity === 'string' ? (def.severity as RuleSeverity) : 'warning',
        given,
        function: fnName,
        functionOptions: {
          ...(isJsonObject(def.then.functionOptions) ? def.then.functionOptions : {}),
          ...(isJsonObject(def.options) ? def.options : {}),
        },
        source: raw.file,
      };
      if (def.then.field !== undefined) rule.field = asList(def.then.field);
      if (isJsonObject(def.when)) rule.when = def.when as WhenCondition;
      if (typeof def.message === 'string') rule.message = def.message;
      if (typeof def.help === 'string') rule.help = def.help;
      this.checkOptions(raw, `${pointer}/then/functionOptions`, rule);
      this.rules.set(id, rule);
    }
  }

  private checkOptions(raw: RawConfig, pointer: string, rule: RuleDefinition): void {
    const fn = this.functions.get(rule.function);
    if (!fn?.optionsSchema) return;
    const validate = optionsValidator(fn);
    if (!validate(rule.functionOptions)) {
      const error = pickSchemaError(validate.errors ?? []);
      const exact = `${pointer}${error.instancePath}`;
      throw positioned(
        raw,
        raw.sourceMap?.has(exact) ? exact : pointer,
        `options of ${rule.id} (function ${fn.name}): ${error.instancePath || 'options'} ${schemaMessage(error)}`,
      );
    }
    if (rule.function === 'schema') {
      const problem = checkSchemaOption(rule.functionOptions.schema);
      if (problem) throw positioned(raw, pointer, `options of ${rule.id}: invalid schema: ${problem}`);
    }
    for (const key of [
      'match',
      'notMatch',
      'namePattern',
      'placeholderPattern',
      'stripPrefix',
      'anyValue',
    ] as const) {
      const source = rule.functionOptions[key];
      if (typeof source !== 'string') continue;
      try {
        new RegExp(source);
      } catch (error) {
        throw positioned(raw, pointer, `options of ${rule.id}: ${key}: ${(error as Error).message}`);
      }
    }
  }

  result(file: string | undefined): ResolvedConfig {
    const out: ResolvedConfig = {
      rules: this.rules,
      functions: this.functions,
      overrides: this.overrides,
      ignores: this.ignores,
      ignorePatterns: this.ignorePatterns,
      sources: this.sources,
    };
    if (file) out.file = file;
    return out;
  }
}

const optionValidators = new WeakMap<FunctionDefinition, ValidateFunction>();
let optionsAjv: Ajv | undefined;

/** Ajv options of function options schemas; scripts/precompile-validator.mjs uses the same. */
export const OPTIONS_AJV_OPTIONS = {
  allErrors: true,
  strict: false,
  validateSchema: false,
  addUsedSchema: false,
  code: LINEAR_ERRORS_CODE,
} as const;

/** The export name of a built-in function's precompiled options validator. */
export function precompiledOptionsExport(functionName: string): string {
  return `options_${functionName.replace(/[^A-Za-z0-9]/g, '_')}`;
}

/**
 * Built-in functions' validators are precompiled by the build. Other schemas come with a custom
 * function module; like ours they are not checked against the meta-schema (compiling it cost ~0.3 s,
 * a fixed price on every lint run).
 */
function optionsValidator(fn: FunctionDefinition): ValidateFunction {
  let validate = optionValidators.get(fn);
  if (!validate) {
    if (BUILTIN_FUNCTIONS.get(fn.name) === fn)
      validate = precompiled('options')?.[precompiledOptionsExport(fn.name)];
    if (!validate) {
      optionsAjv ??= withSafeKeywords(new (loadAjv().Ajv)(OPTIONS_AJV_OPTIONS), loadAjv());
      validate = optionsAjv.compile(fn.optionsSchema as object);
    }
    optionValidators.set(fn, validate);
  }
  return validate;
}

/** `./x`, `../x` or an absolute path; never a package name, URL or `node:` specifier. */
export function isLocalPath(spec: string): boolean {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(spec) && !/^[A-Za-z]:[\\/]/.test(spec)) return false;
  return (
    spec.startsWith('./') ||
    spec.startsWith('../') ||
    isAbsolute(spec) ||
    /\.(?:ya?ml|json|mjs|js)$/.test(spec)
  );
}

/**
 * Resolves a config file (or, when none, the built-in `recommended` ruleset; `ruleset` names a
 * built-in ruleset to use instead). Throws ConfigError for any mistake in a config or ruleset.
 */
export async function resolveConfig(
  file: string | undefined,
  ruleset = 'recommended',
): Promise<ResolvedConfig> {
  const resolver = new Resolver();
  if (file) await resolver.apply(resolve(file), 'recommended');
  else {
    if (!(BUILTIN_RULESETS as readonly string[]).includes(ruleset))
      throw new ConfigError(
        `unknown ruleset ${JSON.stringify(ruleset)}: use ${BUILTIN_RULESETS.join(', ')}`,
        '<options>',
      );
    await resolver.apply(join(PACKAGE_ROOT, 'rules', `${ruleset}.yaml`));
  }
  return resolver.result(file ? resolve(file) : undefined);
}
