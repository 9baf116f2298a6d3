/**
 * A quick accept for the meta-schema check of embedded tool schemas. Real tool schemas use a
 * handful of keywords (type, description, properties, required, items, enum, ...): for a schema
 * made only of those, each with a value of the right shape, the answer of the 2020-12 and draft-07
 * meta-schemas is "valid", and checking that directly costs a fraction of running the generated
 * meta-schema validator cold. Anything else (another keyword, a wrong shape) answers "unknown",
 * and the caller runs the full validator, which also produces the error messages. The quick check
 * never rejects.
 *
 * The invariant `quickMetaValid(s, d) === true` ⇒ the meta-schema validator accepts `s` is
 * property-tested against Ajv (test/validate/meta-quick-check.test.ts).
 */
import type { JsonValue } from '../util/json.js';
import type { Dialect } from './embedded-schema.js';

const SIMPLE_TYPES = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

/** The `$schema` values `dialectOf` recognises: each is a valid URI, as the meta-schemas require. */
const DIALECT_URIS: Record<Dialect, RegExp> = {
  '2020-12': /^https?:\/\/json-schema\.org\/draft\/2020-12\/schema#?$/,
  'draft-07': /^https?:\/\/json-schema\.org\/draft-07\/schema#?$/,
};

/** Beyond this nesting the full validator decides (it has no depth limit of its own to mirror). */
const MAX_DEPTH = 64;

type KeywordCheck = (value: JsonValue, dialect: Dialect, depth: number) => boolean;

const isString: KeywordCheck = (value) => typeof value === 'string';
const isNumber: KeywordCheck = (value) => typeof value === 'number';
const isNonNegativeInteger: KeywordCheck = (value) => Number.isInteger(value) && (value as number) >= 0;
const anything: KeywordCheck = () => true;

/** ajv-formats' `regex` format, which the meta-schema validators apply to `pattern`. */
const Z_ANCHOR = /[^\\]\\Z/;
const isRegex: KeywordCheck = (value) => {
  if (typeof value !== 'string' || Z_ANCHOR.test(value)) return false;
  try {
    new RegExp(value);
    return true;
  } catch {
    return false;
  }
};

function isUniqueStrings(value: JsonValue, allowed?: ReadonlySet<string>): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    if (typeof item !== 'string' || (allowed && !allowed.has(item))) return false;
  }
  // Real lists (`required`, `type`) are short: comparing pairs allocates nothing.
  if (value.length <= 16) {
    for (let i = 1; i < value.length; i++)
      for (let j = 0; j < i; j++) if (value[i] === value[j]) return false;
    return true;
  }
  return new Set(value).size === value.length;
}

function isSchemaArray(value: JsonValue, dialect: Dialect, depth: number): boolean {
  if (!Array.isArray(value) || value.length === 0) return false;
  for (let i = 0; i < value.length; i++)
    if (!isQuickSchema(value[i] as JsonValue, dialect, depth + 1)) return false;
  return true;
}

const KEYWORDS: ReadonlyMap<string, KeywordCheck> = new Map<string, KeywordCheck>([
  [
    'type',
    (value) =>
      typeof value === 'string'
        ? SIMPLE_TYPES.has(value)
        : Array.isArray(value) && value.length > 0 && isUniqueStrings(value, SIMPLE_TYPES),
  ],
  ['description', isString],
  ['title', isString],
  ['format', isString],
  ['default', anything],
  ['const', anything],
  ['enum', (value) => Array.isArray(value)],
  ['examples', (value) => Array.isArray(value)],
  ['required', (value) => isUniqueStrings(value)],
  [
    'properties',
    (value, dialect, depth) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
      for (const key in value)
        if (Object.hasOwn(value, key) && !isQuickSchema(value[key] as JsonValue, dialect, depth + 1))
          return false;
      return true;
    },
  ],
  ['additionalProperties', (value, dialect, depth) => isQuickSchema(value, dialect, depth + 1)],
  ['not', (value, dialect, depth) => isQuickSchema(value, dialect, depth + 1)],
  [
    'items',
    (value, dialect, depth) =>
      isQuickSchema(value, dialect, depth + 1) ||
      (dialect === 'draft-07' && isSchemaArray(value, dialect, depth)),
  ],
  ['anyOf', isSchemaArray],
  ['oneOf', isSchemaArray],
  ['allOf', isSchemaArray],
  ['minimum', isNumber],
  ['maximum', isNumber],
  ['exclusiveMinimum', isNumber],
  ['exclusiveMaximum', isNumber],
  ['minLength', isNonNegativeInteger],
  ['maxLength', isNonNegativeInteger],
  ['minItems', isNonNegativeInteger],
  ['maxItems', isNonNegativeInteger],
  ['minProperties', isNonNegativeInteger],
  ['maxProperties', isNonNegativeInteger],
  ['pattern', isRegex],
  ['uniqueItems', (value) => typeof value === 'boolean'],
]);

function isQuickSchema(schema: JsonValue, dialect: Dialect, depth: number): boolean {
  if (typeof schema === 'boolean') return true;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return false;
  if (depth > MAX_DEPTH) return false;
  // for-in here and above, not Object.keys: this runs for every node of every tool schema, where an
  // array of keys per node was a large part of what the check allocated (and `for...of` allocates
  // an iterator result per key). Parsed JSON has no inherited members; `hasOwn` keeps it so.
  for (const key in schema) {
    if (!Object.hasOwn(schema, key)) continue;
    const check = KEYWORDS.get(key);
    if (check === undefined || !check(schema[key] as JsonValue, dialect, depth)) return false;
  }
  return true;
}

/**
 * True when `schema` is certainly valid against the `dialect` meta-schema; false means "run the
 * meta-schema validator". A root `$schema` must name the dialect; anywhere else it is left to
 * the validator.
 */
export function quickMetaValid(schema: JsonValue, dialect: Dialect): boolean {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return typeof schema === 'boolean';
  }
  const keys = Object.keys(schema);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (key === '$schema') {
      if (typeof schema.$schema !== 'string' || !DIALECT_URIS[dialect].test(schema.$schema)) return false;
      continue;
    }
    const check = KEYWORDS.get(key);
    if (check === undefined || !check(schema[key] as JsonValue, dialect, 0)) return false;
  }
  return true;
}
