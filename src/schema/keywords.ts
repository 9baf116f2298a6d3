import type { Dialect } from './refs.js';

/** Keywords that never change validation. `default` is here too; it is reported as a behaviour change. */
export const ANNOTATION_KEYWORDS = new Set([
  'title',
  'description',
  'examples',
  '$comment',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
  'contentSchema',
  'default',
]);

export function isAnnotation(key: string): boolean {
  return ANNOTATION_KEYWORDS.has(key) || key.startsWith('x-');
}

/** Keywords that only constrain instances of one JSON type: they never reject `null`, for instance. */
export const NUMBER_KEYWORDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'];
export const STRING_KEYWORDS = ['minLength', 'maxLength', 'pattern'];
export const ARRAY_KEYWORDS = [
  'items',
  'prefixItems',
  'additionalItems',
  'contains',
  'minContains',
  'maxContains',
  'minItems',
  'maxItems',
  'uniqueItems',
  'unevaluatedItems',
];
export const OBJECT_KEYWORDS = [
  'properties',
  'patternProperties',
  'additionalProperties',
  'required',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'minProperties',
  'maxProperties',
  'unevaluatedProperties',
];
export const TYPE_SCOPED = new Set([
  ...NUMBER_KEYWORDS,
  ...STRING_KEYWORDS,
  ...ARRAY_KEYWORDS,
  ...OBJECT_KEYWORDS,
  'format',
]);

/** Keywords that are compared by the type family, composition family or the reference logic. */
export const TYPE_FAMILY = new Set(['type', 'nullable', 'enum', 'const']);
export const COMPOSITION_KEYWORDS = new Set([
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
]);
export const IDENTIFIER_KEYWORDS = new Set([
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$recursiveAnchor',
  '$vocabulary',
]);
/** Containers of reusable schemas: compared where they are referenced, not where they are stored. */
export const STORAGE_KEYWORDS = new Set(['$defs', 'definitions']);

const NOT_IN_DRAFT_07 = new Set([
  'prefixItems',
  'minContains',
  'maxContains',
  'dependentRequired',
  'dependentSchemas',
  'unevaluatedProperties',
  'unevaluatedItems',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
  '$vocabulary',
]);
const ONLY_BEFORE_2020 = new Set(['additionalItems', '$recursiveRef', '$recursiveAnchor']);
const ONLY_2020 = new Set(['prefixItems', '$dynamicRef', '$dynamicAnchor']);

/** Whether the dialect gives `key` a meaning (elsewhere it is an unknown keyword that validators ignore). */
export function isKnownIn(dialect: Dialect, key: string): boolean {
  if (dialect === 'draft-07') return !NOT_IN_DRAFT_07.has(key);
  if (dialect === '2019-09') return !ONLY_2020.has(key);
  return !ONLY_BEFORE_2020.has(key);
}
