/**
 * Resolving a config: its `extends` chain (built-in rulesets or local files), custom functions,
 * `rules`, `overrides`, `ignore` and `ignorePatterns` merged into one ResolvedConfig.
 */
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Limits } from '../parse/index.js';
import { importModule } from '../util/import-module.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../util/json.js';
import { appendPointer } from '../util/pointer.js';
import { CODES, type ValidateCode } from '../validate/codes.js';
import { optionsValidator } from './config-options.js';
import { pickSchemaError, positioned, type RawConfig, readConfig, schemaMessage } from './config-read.js';
import {
  BUILTIN_RULESETS,
  ConfigError,
  type IgnoreEntry,
  type IgnorePatterns,
  type Override,
  PACKAGE_ROOT,
  type ResolvedConfig,
  type RuleChange,
} from './config-types.js';
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

  constructor(private readonly limits: Partial<Limits> | undefined) {}

  /** `implicitBase`: a user config without `extends` builds on this ruleset (`extends: []` starts empty). */
  async apply(file: string, implicitBase?: string): Promise<void> {
    const key = resolve(file);
    if (this.stack.includes(key))
      throw new ConfigError(`extends cycle: ${[...this.stack, key].join(' -> ')}`, file);
    if (this.done.has(key)) return;
    this.stack.push(key);
    this.sources.push(key);
    const raw = await readConfig(file, this.limits);
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
          false,
          'unknown-ruleset',
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
 * `limits` (the run's input limits) bound the config files read, as they bound documents.
 */
export async function resolveConfig(
  file: string | undefined,
  ruleset = 'recommended',
  limits?: Partial<Limits>,
): Promise<ResolvedConfig> {
  const resolver = new Resolver(limits);
  if (file) await resolver.apply(resolve(file), 'recommended');
  else {
    if (!(BUILTIN_RULESETS as readonly string[]).includes(ruleset))
      throw new ConfigError(
        `unknown ruleset ${JSON.stringify(ruleset)}: use ${BUILTIN_RULESETS.join(', ')}`,
        '<options>',
        0,
        0,
        'unknown-ruleset',
      );
    await resolver.apply(join(PACKAGE_ROOT, 'rules', `${ruleset}.yaml`));
  }
  return resolver.result(file ? resolve(file) : undefined);
}
