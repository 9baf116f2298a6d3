/**
 * Embedded Tool / elicitation JSON Schemas: dialect detection, meta-schema validity, local `$ref`
 * resolution, and compiled validators cached by structural hash (many tools share schemas).
 *
 * Documents are untrusted: nothing is ever fetched (external `$ref`s are reported, and stripped for
 * partial checks), and `pattern` / `patternProperties` / `propertyNames` regular expressions run
 * in linear time or under a time budget, expression formats under the budget (regex-guard.ts); a skipped check makes the validation
 * "incomplete" (a warning), never silently complete.
 */
import type { Ajv, ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../util/json.js';
import { loadAjv, loadAjv2020, loadAjvFormats } from '../util/lazy-modules.js';
import { getAtPointer } from '../util/pointer.js';
import { requirePrecompiled } from '../util/precompiled.js';
import { compilePattern, guardedMatch, guardFormats, takeRegexSkipped } from '../util/regex-guard.js';
import { withSafeKeywords } from './ajv-keywords.js';
import { instanceWorkOver, MAX_INSTANCE_WORK, valuesOver } from './instance-work.js';
import { LINEAR_ERRORS_CODE } from './linear-errors.js';
import { quickMetaValid } from './meta-quick-check.js';

export type Dialect = '2020-12' | 'draft-07';

/** The dialect a schema declares (or the 2020-12 default); undefined when unsupported. */
export function dialectOf(schema: JsonValue): Dialect | undefined {
  if (!isJsonObject(schema) || schema.$schema === undefined) return '2020-12';
  const declared = schema.$schema;
  if (typeof declared !== 'string') return undefined;
  if (/^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/.test(declared)) return '2020-12';
  if (/^https?:\/\/json-schema\.org\/draft-07\/schema#?$/.test(declared)) return 'draft-07';
  return undefined;
}

// ---- regular-expression guard (see regex-guard.ts) -----------------------------------------

function guardedRegExp(source: string, flags: string) {
  const pattern = compilePattern(source, flags);
  return {
    // Ajv caches pattern objects by their string form: it must be unique per pattern and flags.
    toString: () => `${pattern.re}`,
    test(input: string): boolean {
      return guardedMatch(pattern, input);
    },
  };
}
guardedRegExp.code = 'guardedRegExp';

// ---- Ajv instances --------------------------------------------------------------------------

let ajv2020: Ajv2020 | undefined;
let ajv07: Ajv | undefined;

function makeOptions() {
  return {
    strict: false,
    allErrors: true,
    addUsedSchema: false,
    validateFormats: true,
    // Ajv would print "unknown format … ignored" to the console for each use in a document's schema:
    // formats it does not know are annotations (2020-12), and the output is mcpdesc's to write.
    logger: false as const,
    code: { ...LINEAR_ERRORS_CODE, regExp: guardedRegExp as unknown as never },
  };
}

/** ajv-formats' formats, each run through the document's regular-expression budget. */
function withGuardedFormats<T extends Ajv>(ajv: T): T {
  const withFormats = loadAjvFormats()(ajv) as T;
  guardFormats(withFormats as unknown as Parameters<typeof guardFormats>[0]);
  return withFormats;
}

export function ajvFor(dialect: Dialect): Ajv {
  if (dialect === '2020-12') {
    ajv2020 ??= withGuardedFormats(
      withSafeKeywords(new (loadAjv2020().Ajv2020)(makeOptions()), loadAjv2020()) as unknown as Ajv,
    ) as unknown as Ajv2020;
    return ajv2020 as unknown as Ajv;
  }
  ajv07 ??= withGuardedFormats(withSafeKeywords(new (loadAjv().Ajv)(makeOptions()), loadAjv()));
  return ajv07;
}

// ---- schema analysis ------------------------------------------------------------------------

const VALUE_KEYWORDS = new Set(['const', 'enum', 'default', 'examples', 'example']);

export interface SchemaAnalysis {
  dialect: Dialect | undefined;
  /** Meta-schema errors (empty when valid). */
  metaErrors: string[];
  /** `$ref`s that leave the schema document (never fetched). */
  externalRefs: string[];
  /** Local `#...` `$ref`s that do not resolve. */
  brokenRefs: string[];
  /** True when the schema uses identifiers (`$id`, `$anchor`, `$dynamicRef`) we only trust Ajv to resolve. */
  needsCompile: boolean;
  /**
   * Made only of the common keywords `quickMetaValid` knows, so valid, with no reference,
   * identifier or extension keyword (such as `x-mcp-header`) in any subschema.
   */
  plain: boolean;
}

const PLAIN_ANALYSES: Record<Dialect, SchemaAnalysis> = {
  '2020-12': plainAnalysis('2020-12'),
  'draft-07': plainAnalysis('draft-07'),
};

function plainAnalysis(dialect: Dialect): SchemaAnalysis {
  return Object.freeze({
    dialect,
    metaErrors: Object.freeze([]) as unknown as string[],
    externalRefs: Object.freeze([]) as unknown as string[],
    brokenRefs: Object.freeze([]) as unknown as string[],
    needsCompile: false,
    plain: true,
  });
}

const analysisCache = new Map<string, SchemaAnalysis>();

const META_SCHEMA_IDS: Record<Dialect, string> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema',
};
const metaValidators = new Map<Dialect, ValidateFunction>();

/**
 * The meta-schema validator of a dialect. The build precompiles both to standalone code next to this
 * module (scripts/precompile-validator.mjs): compiling the 2020-12 meta-schema costs ~0.25 s on
 * every run that meets a tool schema. From sources (tests) it is compiled here.
 */
export function metaValidator(dialect: Dialect): ValidateFunction {
  let validate = metaValidators.get(dialect);
  if (!validate) {
    try {
      validate = requirePrecompiled(
        new URL(`./meta-${dialect}.precompiled.cjs`, import.meta.url),
      ) as ValidateFunction;
    } catch {
      const ajv = ajvFor(dialect);
      validate = ajv.getSchema(META_SCHEMA_IDS[dialect]) as ValidateFunction;
    }
    metaValidators.set(dialect, validate);
  }
  return validate;
}

/** Ajv options for meta-schema validation; the precompile script uses the same. */
export const META_AJV_OPTIONS = { strict: false, allErrors: true, code: LINEAR_ERRORS_CODE } as const;

/**
 * Cache key of a schema: its JSON text as written. Key order counts, so two orderings of one schema
 * are analysed twice; a canonical (sorted) key cost a sixth of validation on large catalogs, whose
 * repeated schemas are byte-for-byte copies.
 */
export function schemaKey(schema: JsonValue): string {
  return JSON.stringify(schema);
}

/**
 * What validation needs to know of an embedded schema. `key` is its schemaKey when the caller has
 * it; a plain schema (see `SchemaAnalysis.plain`) needs none, which spares serialising each of the
 * thousands of schemas in a catalog.
 */
export function analyseSchema(schema: JsonValue, key?: string): SchemaAnalysis {
  const dialect = dialectOf(schema);
  if (dialect !== undefined && quickMetaValid(schema, dialect)) return PLAIN_ANALYSES[dialect];
  const cacheKey = key ?? schemaKey(schema);
  const cached = analysisCache.get(cacheKey);
  if (cached) return cached;
  const result: SchemaAnalysis = {
    dialect,
    metaErrors: [],
    externalRefs: [],
    brokenRefs: [],
    needsCompile: false,
    plain: false,
  };
  if (dialect) {
    const validateMeta = metaValidator(dialect);
    if (!validateMeta(schema)) {
      result.metaErrors = (validateMeta.errors ?? []).map(
        (e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`,
      );
    }
    const anchors = new Set<string>();
    const refs: string[] = [];
    const walk = (node: JsonValue, depth: number) => {
      if (depth > 200) return;
      if (Array.isArray(node)) {
        for (const item of node) walk(item, depth + 1);
        return;
      }
      if (!isJsonObject(node)) return;
      for (const key of Object.keys(node)) {
        const value = node[key] as JsonValue;
        if (VALUE_KEYWORDS.has(key)) continue;
        if ((key === '$ref' || key === '$dynamicRef') && typeof value === 'string') {
          refs.push(value);
          if (key === '$dynamicRef') result.needsCompile = true;
        } else if (key === '$anchor' || key === '$dynamicAnchor') {
          if (typeof value === 'string') anchors.add(value);
        } else if (key === '$id' && depth > 0) {
          result.needsCompile = true;
        } else if (
          key === 'properties' ||
          key === 'patternProperties' ||
          key === '$defs' ||
          key === 'definitions' ||
          key === 'dependentSchemas'
        ) {
          if (isJsonObject(value)) for (const k of Object.keys(value)) walk(value[k] as JsonValue, depth + 1);
        } else walk(value, depth + 1);
      }
    };
    walk(schema, 0);
    for (const ref of refs) {
      if (ref.startsWith('#/') || ref === '#') {
        let pointer: string;
        try {
          pointer = decodeURIComponent(ref.slice(1));
        } catch {
          result.brokenRefs.push(ref);
          continue;
        }
        if (getAtPointer(schema, pointer) === undefined) result.brokenRefs.push(ref);
      } else if (ref.startsWith('#')) {
        if (!anchors.has(ref.slice(1))) result.brokenRefs.push(ref);
      } else {
        const rootId = isJsonObject(schema) && typeof schema.$id === 'string' ? schema.$id : undefined;
        if (rootId !== undefined && (ref === rootId || ref.startsWith(`${rootId}#`)))
          result.needsCompile = true;
        else result.externalRefs.push(ref);
      }
    }
  }
  analysisCache.set(cacheKey, result);
  return result;
}

/** A copy of `schema` without external `$ref`s (for partial, offline checks). */
export function withoutExternalRefs(schema: JsonValue): JsonValue {
  if (Array.isArray(schema)) return schema.map(withoutExternalRefs);
  if (!isJsonObject(schema)) return schema;
  const out: JsonObject = {};
  for (const key of Object.keys(schema)) {
    const value = schema[key] as JsonValue;
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) continue;
    Object.defineProperty(out, key, {
      value: VALUE_KEYWORDS.has(key) ? value : withoutExternalRefs(value),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

export type Compiled =
  | { ok: true; validate: ValidateFunction; partial: boolean }
  /** `tooLarge`: not compiled, because of its size (the schema may well be valid). */
  | { ok: false; error: string; tooLarge?: boolean };
const compileCache = new Map<string, Compiled>();

/**
 * The most values (objects, arrays and scalars) a schema compiled into a validator may have. The
 * largest tool schema of a 3,700-tool catalog has 104. Ajv's generated code grows with the schema:
 * 100,000 properties took 20 s and 3 GB to compile into a function too large for V8 to call.
 */
export const MAX_COMPILED_SCHEMA_VALUES = 10_000;

/** Compiles (once per structural hash) a validator; external `$ref`s are stripped and flagged `partial`. */
export function compileSchema(schema: JsonValue, key = schemaKey(schema)): Compiled {
  const cached = compileCache.get(key);
  if (cached) return cached;
  const analysis = analyseSchema(schema, key);
  let result: Compiled;
  if (!analysis.dialect) result = { ok: false, error: 'unsupported dialect' };
  else if (valuesOver(schema, MAX_COMPILED_SCHEMA_VALUES))
    result = {
      ok: false,
      error: `it has more than ${MAX_COMPILED_SCHEMA_VALUES} values, past what is compiled`,
      tooLarge: true,
    };
  else {
    const partial = analysis.externalRefs.length > 0;
    try {
      const validate = ajvFor(analysis.dialect).compile(
        (partial ? withoutExternalRefs(schema) : schema) as object,
      );
      result = { ok: true, validate, partial };
    } catch (error) {
      result = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
  compileCache.set(key, result);
  return result;
}

export interface InstanceCheck {
  errors: { pointer: string; message: string; keyword: string }[];
  /** True when a guarded regular expression was skipped, or the check was not run (see `why`). */
  incomplete: boolean;
  /** Why the check is incomplete, for a message ("a pattern … was skipped" when absent). */
  why?: string;
}

/** Says why an incomplete check is incomplete, for messages about `what` (an example, a response). */
export function incompleteReason(check: InstanceCheck): string {
  return (
    check.why ??
    'a pattern in the Tool schema was skipped (possible catastrophic backtracking or oversized input)'
  );
}

export function checkInstance(validate: ValidateFunction, value: unknown): InstanceCheck {
  // A validator's work can grow exponentially with a small schema ($ref bombs): counted first.
  if (instanceWorkOver(validate.schema, value))
    return {
      errors: [],
      incomplete: true,
      why: `checking it would take more than ${MAX_INSTANCE_WORK.toLocaleString('en-US')} schema visits (nested $ref or composition fan-out)`,
    };
  takeRegexSkipped();
  let ok: boolean;
  try {
    ok = validate(value) as boolean;
  } catch (error) {
    // A validator V8 cannot run to the end (its generated code nests past the stack): the check
    // is incomplete, not failed.
    if (error instanceof RangeError)
      return { errors: [], incomplete: true, why: 'the schema nests too deeply to check it' };
    throw error;
  }
  const incomplete = takeRegexSkipped();
  if (ok) return { errors: [], incomplete };
  return {
    errors: (validate.errors ?? [])
      .filter((e) => e.keyword !== 'if')
      .map((e) => ({
        pointer: e.instancePath,
        message: `${e.instancePath || '/'} ${e.message ?? e.keyword}`,
        keyword: e.keyword,
      })),
    incomplete,
  };
}
