import type { Level } from './change.js';

/** Keyword family a change kind belongs to; docs group kinds by it. */
export type KindFamily =
  | 'schema'
  | 'reference'
  | 'type'
  | 'enum'
  | 'number'
  | 'string'
  | 'array'
  | 'object'
  | 'composition'
  | 'annotation'
  | 'keyword';

export interface KindInfo {
  family: KindFamily;
  description: string;
  /**
   * Set only where the level does not follow from effect and direction: annotations never move
   * the accepted set, while a changed `default` silently changes behaviour for callers that omit it.
   */
  level?: Level;
}

type Bound<B extends string> = `${B}-${'added' | 'removed' | 'increased' | 'decreased'}`;

/** The four kinds of a numeric limit keyword; `what` names the limit in prose. */
function bound<B extends string>(base: B, family: KindFamily, what: string): Record<Bound<B>, KindInfo> {
  return {
    [`${base}-added`]: { family, description: `A ${what} was set where there was none.` },
    [`${base}-removed`]: { family, description: `The ${what} was removed.` },
    [`${base}-increased`]: { family, description: `The ${what} was raised.` },
    [`${base}-decreased`]: { family, description: `The ${what} was lowered.` },
  } as Record<Bound<B>, KindInfo>;
}

type Edit<B extends string> = `${B}-${'added' | 'removed' | 'changed'}`;

function annotation<B extends string>(base: B, keyword: string): Record<Edit<B>, KindInfo> {
  const family: KindFamily = 'annotation';
  return {
    [`${base}-added`]: { family, level: 'info', description: `The \`${keyword}\` annotation was added.` },
    [`${base}-removed`]: { family, level: 'info', description: `The \`${keyword}\` annotation was removed.` },
    [`${base}-changed`]: { family, level: 'info', description: `The \`${keyword}\` annotation changed.` },
  } as Record<Edit<B>, KindInfo>;
}

/**
 * Every change the engine can report. Ids are stable API (baselines and ignore files name them);
 * add new ones, never rename. The effect of a kind is decided per occurrence (a removed enum value
 * inside `not` widens), so descriptions state the edit, not its verdict.
 */
export const CHANGE_KINDS = {
  // whole schema
  'schema-false-added': {
    family: 'schema',
    description: 'The schema became `false` (or `{not: {}}`): nothing is accepted.',
  },
  'schema-false-removed': {
    family: 'schema',
    description: 'The schema was `false` and now accepts some values.',
  },
  'dialect-changed': {
    family: 'schema',
    level: 'info',
    description:
      'The `$schema` dialect changed. Each side is read by its own draft (draft-07 and 2020-12 differ in `items`, `$ref` siblings and more) and differences in meaning are reported by keyword, so this is context: reported only beside other changes.',
  },
  'identifier-changed': {
    family: 'schema',
    description: 'An identifier keyword (`$id`, `$anchor`, `$dynamicAnchor`, `$vocabulary`) changed.',
  },
  // references
  'ref-added': {
    family: 'reference',
    description: 'A `$ref` was added beside other keywords (2020-12 conjunction).',
  },
  'ref-removed': { family: 'reference', description: 'A `$ref` beside other keywords was removed.' },
  'ref-external-changed': {
    family: 'reference',
    description:
      'An external `$ref` target changed; external targets are never fetched, so the effect is unknown.',
  },
  'ref-unresolved': {
    family: 'reference',
    description: 'A local `$ref` could not be resolved; the schemas behind it were not compared.',
  },
  'comparison-too-deep': {
    family: 'reference',
    description:
      'A comparison more than 512 schemas deep (each `$ref` followed counts as one) stopped there: what lies below is not compared, so the effect is unknown.',
  },
  'dynamic-ref-changed': {
    family: 'reference',
    description: 'A `$dynamicRef` or `$recursiveRef` changed; dynamic scope is not modelled.',
  },
  // type and nullability
  'type-added': { family: 'type', description: 'A JSON type was added to `type`.' },
  'type-removed': { family: 'type', description: 'A JSON type was removed from `type`.' },
  'type-changed': {
    family: 'type',
    description: '`type` changed to a set that neither contains nor is contained in the old one.',
  },
  'type-constraint-added': { family: 'type', description: '`type` was set where any type was accepted.' },
  'type-constraint-removed': { family: 'type', description: '`type` was removed: any type is now accepted.' },
  'type-integer-widened-to-number': {
    family: 'type',
    description: '`integer` became `number` (integers are a subset of numbers).',
  },
  'type-number-narrowed-to-integer': { family: 'type', description: '`number` became `integer`.' },
  'nullable-added': {
    family: 'type',
    description: '`null` became acceptable (type array, `nullable: true`, or a `{type: null}` branch).',
  },
  'nullable-removed': { family: 'type', description: '`null` is no longer acceptable.' },
  // enum and const
  'enum-value-added': {
    family: 'enum',
    description: 'A value was added to `enum` (or `const` became an `enum` including it).',
  },
  'enum-value-removed': { family: 'enum', description: 'A value was removed from `enum`.' },
  'enum-added': { family: 'enum', description: '`enum` was set where any value was accepted.' },
  'enum-removed': { family: 'enum', description: '`enum` was removed.' },
  'const-added': { family: 'enum', description: '`const` was set where any value was accepted.' },
  'const-removed': { family: 'enum', description: '`const` was removed.' },
  'const-changed': { family: 'enum', description: '`const` changed to another value.' },
  // numbers
  ...bound('minimum', 'number', 'inclusive lower bound (`minimum`)'),
  ...bound('maximum', 'number', 'inclusive upper bound (`maximum`)'),
  ...bound('exclusive-minimum', 'number', 'exclusive lower bound (`exclusiveMinimum`)'),
  ...bound('exclusive-maximum', 'number', 'exclusive upper bound (`exclusiveMaximum`)'),
  'minimum-became-exclusive': {
    family: 'number',
    description: 'The lower bound kept its value but became exclusive.',
  },
  'minimum-became-inclusive': {
    family: 'number',
    description: 'The lower bound kept its value but became inclusive.',
  },
  'maximum-became-exclusive': {
    family: 'number',
    description: 'The upper bound kept its value but became exclusive.',
  },
  'maximum-became-inclusive': {
    family: 'number',
    description: 'The upper bound kept its value but became inclusive.',
  },
  'multiple-of-added': { family: 'number', description: '`multipleOf` was set.' },
  'multiple-of-removed': { family: 'number', description: '`multipleOf` was removed.' },
  'multiple-of-changed': {
    family: 'number',
    description: '`multipleOf` changed; divisibility decides the effect (unknown for non-integers).',
  },
  // strings
  ...bound('min-length', 'string', 'minimum string length (`minLength`)'),
  ...bound('max-length', 'string', 'maximum string length (`maxLength`)'),
  'pattern-added': { family: 'string', description: '`pattern` was set.' },
  'pattern-removed': { family: 'string', description: '`pattern` was removed.' },
  'pattern-changed': {
    family: 'string',
    description:
      '`pattern` changed; unknown unless one is provably a superset (alternation, anchors, match-all).',
  },
  'format-added': { family: 'string', description: '`format` was set (narrows where formats are asserted).' },
  'format-removed': { family: 'string', description: '`format` was removed.' },
  'format-changed': {
    family: 'string',
    description:
      '`format` changed; known inclusions (uri ⊂ uri-reference, email ⊂ idn-email…) decide, otherwise unknown.',
  },
  // arrays
  'items-added': { family: 'array', description: 'Array items (beyond any tuple prefix) got a schema.' },
  'items-removed': { family: 'array', description: 'The schema for array items was removed.' },
  'prefix-item-added': {
    family: 'array',
    description: 'A tuple position (`prefixItems`, or draft-07 `items` array) got its own schema.',
  },
  'prefix-item-removed': {
    family: 'array',
    description: 'A tuple position lost its own schema and falls back to the items schema.',
  },
  'contains-added': { family: 'array', description: '`contains` was set.' },
  'contains-removed': { family: 'array', description: '`contains` was removed.' },
  'contains-changed': {
    family: 'array',
    description: 'The `contains` schema changed under a `maxContains`, where the effect cannot be decided.',
  },
  ...bound('min-contains', 'array', 'minimum number of `contains` matches (`minContains`)'),
  ...bound('max-contains', 'array', 'maximum number of `contains` matches (`maxContains`)'),
  ...bound('min-items', 'array', 'minimum array length (`minItems`)'),
  ...bound('max-items', 'array', 'maximum array length (`maxItems`)'),
  'unique-items-added': { family: 'array', description: '`uniqueItems: true` was set.' },
  'unique-items-removed': { family: 'array', description: '`uniqueItems: true` was removed.' },
  'unevaluated-items-added': { family: 'array', description: '`unevaluatedItems` was set.' },
  'unevaluated-items-removed': { family: 'array', description: '`unevaluatedItems` was removed.' },
  'unevaluated-items-context-changed': {
    family: 'array',
    description: 'Keywords that decide which items are "evaluated" changed next to `unevaluatedItems`.',
  },
  // objects
  'property-added': {
    family: 'object',
    description:
      'A property got its own schema in `properties` (effect depends on whether the object was open or closed).',
  },
  'property-removed': {
    family: 'object',
    description: 'A property was removed from `properties` (breaking on closed input objects).',
  },
  'property-required-added': { family: 'object', description: 'A property name was added to `required`.' },
  'property-required-removed': {
    family: 'object',
    description: 'A property name was removed from `required`.',
  },
  'additional-properties-closed': {
    family: 'object',
    description: '`additionalProperties` became `false`: undeclared properties are rejected.',
  },
  'additional-properties-opened': {
    family: 'object',
    description: '`additionalProperties: false` was lifted (to `true`, a schema, or removed).',
  },
  'additional-properties-added': {
    family: 'object',
    description: '`additionalProperties` got a schema where undeclared properties were free.',
  },
  'additional-properties-removed': {
    family: 'object',
    description: 'The `additionalProperties` schema was removed: undeclared properties are free.',
  },
  'pattern-property-added': { family: 'object', description: 'A `patternProperties` entry was added.' },
  'pattern-property-removed': { family: 'object', description: 'A `patternProperties` entry was removed.' },
  'pattern-property-unresolved': {
    family: 'object',
    description:
      'A regular expression in `patternProperties` cannot be evaluated here (invalid, or at risk of taking unbounded time: see docs/validate.md), so property coverage is unknown.',
  },
  'property-names-added': { family: 'object', description: '`propertyNames` was set.' },
  'property-names-removed': { family: 'object', description: '`propertyNames` was removed.' },
  'dependent-required-added': {
    family: 'object',
    description: 'A `dependentRequired` (or draft-07 `dependencies` array) entry was added.',
  },
  'dependent-required-removed': { family: 'object', description: 'A `dependentRequired` entry was removed.' },
  'dependent-required-value-added': {
    family: 'object',
    description: 'A property name was added to a `dependentRequired` list.',
  },
  'dependent-required-value-removed': {
    family: 'object',
    description: 'A property name was removed from a `dependentRequired` list.',
  },
  'dependent-schema-added': {
    family: 'object',
    description: 'A `dependentSchemas` (or draft-07 `dependencies` schema) entry was added.',
  },
  'dependent-schema-removed': { family: 'object', description: 'A `dependentSchemas` entry was removed.' },
  ...bound('min-properties', 'object', 'minimum property count (`minProperties`)'),
  ...bound('max-properties', 'object', 'maximum property count (`maxProperties`)'),
  'unevaluated-properties-added': { family: 'object', description: '`unevaluatedProperties` was set.' },
  'unevaluated-properties-removed': { family: 'object', description: '`unevaluatedProperties` was removed.' },
  'unevaluated-properties-context-changed': {
    family: 'object',
    description:
      'Keywords that decide which properties are "evaluated" changed next to `unevaluatedProperties`.',
  },
  // composition
  'all-of-subschema-added': {
    family: 'composition',
    description: 'A subschema was added to `allOf` (one more condition to meet).',
  },
  'all-of-subschema-removed': { family: 'composition', description: 'A subschema was removed from `allOf`.' },
  'any-of-added': { family: 'composition', description: '`anyOf` was set.' },
  'any-of-removed': { family: 'composition', description: '`anyOf` was removed.' },
  'any-of-branch-added': {
    family: 'composition',
    description: 'An `anyOf` branch was added (branches are matched by best fit, not by index).',
  },
  'any-of-branch-removed': { family: 'composition', description: 'An `anyOf` branch was removed.' },
  'one-of-added': { family: 'composition', description: '`oneOf` was set.' },
  'one-of-removed': { family: 'composition', description: '`oneOf` was removed.' },
  'one-of-branch-added': { family: 'composition', description: 'A `oneOf` branch was added.' },
  'one-of-branch-removed': { family: 'composition', description: 'A `oneOf` branch was removed.' },
  'one-of-overlap-added': {
    family: 'composition',
    description:
      'A `oneOf` branch was added that provably overlaps a kept one (`number` beside `integer`, `const: 1` beside `type: integer`, an enum value another branch accepts): a value that matched one branch now matches two and is refused.',
  },
  'one-of-overlap-removed': {
    family: 'composition',
    description:
      'A `oneOf` branch was removed that provably overlapped a kept one: a value that matched both, and was refused, now matches one and is accepted.',
  },
  'one-of-exclusivity-unknown': {
    family: 'composition',
    description:
      '`oneOf` branches changed and are not provably disjoint: "exactly one" may accept or reject differently.',
  },
  'not-added': { family: 'composition', description: '`not` was set.' },
  'not-removed': { family: 'composition', description: '`not` was removed.' },
  'conditional-added': { family: 'composition', description: 'An `if`/`then`/`else` conditional was added.' },
  'conditional-removed': {
    family: 'composition',
    description: 'An `if`/`then`/`else` conditional was removed.',
  },
  'if-changed': {
    family: 'composition',
    description: 'The `if` condition changed; which branch applies to which value is undecided.',
  },
  'then-added': { family: 'composition', description: '`then` was added to an unchanged `if`.' },
  'then-removed': { family: 'composition', description: '`then` was removed from an unchanged `if`.' },
  'else-added': { family: 'composition', description: '`else` was added to an unchanged `if`.' },
  'else-removed': { family: 'composition', description: '`else` was removed from an unchanged `if`.' },
  // annotations and behaviour
  ...annotation('title', 'title'),
  ...annotation('description', 'description'),
  ...annotation('examples', 'examples'),
  ...annotation('comment', '$comment'),
  ...annotation('deprecated', 'deprecated'),
  ...annotation('read-only', 'readOnly'),
  ...annotation('write-only', 'writeOnly'),
  ...annotation('content-media-type', 'contentMediaType'),
  ...annotation('content-encoding', 'contentEncoding'),
  ...annotation('content-schema', 'contentSchema'),
  'default-added': {
    family: 'annotation',
    level: 'warning',
    description: 'A `default` was added: callers that omit the value may now see different behaviour.',
  },
  'default-removed': {
    family: 'annotation',
    level: 'warning',
    description:
      'The `default` was removed: behaviour for callers that omit the value is no longer documented.',
  },
  'default-changed': {
    family: 'annotation',
    level: 'warning',
    description: 'The `default` changed: callers that omit the value get different behaviour.',
  },
  // keywords outside the model
  'extension-keyword-added': {
    family: 'keyword',
    level: 'info',
    description: 'An `x-` extension keyword was added (validators ignore it).',
  },
  'extension-keyword-removed': {
    family: 'keyword',
    level: 'info',
    description: 'An `x-` extension keyword was removed.',
  },
  'extension-keyword-changed': {
    family: 'keyword',
    level: 'info',
    description: 'An `x-` extension keyword changed.',
  },
  'mcp-header-added': {
    family: 'keyword',
    level: 'warning',
    description:
      'An input property got an `x-mcp-header` (spec §9.2): clients must now also send it as that HTTP header, which older clients do not.',
  },
  'mcp-header-removed': {
    family: 'keyword',
    level: 'warning',
    description:
      'An `x-mcp-header` was removed: the value is no longer mirrored into a header that intermediaries may route or authorise on.',
  },
  'mcp-header-changed': {
    family: 'keyword',
    level: 'breaking',
    description:
      'An `x-mcp-header` names another header (compared case-insensitively): clients send the old header name.',
  },
  'unknown-keyword-added': {
    family: 'keyword',
    description: 'A keyword the engine does not model (for this dialect) was added.',
  },
  'unknown-keyword-removed': {
    family: 'keyword',
    description: 'A keyword the engine does not model was removed.',
  },
  'unknown-keyword-changed': {
    family: 'keyword',
    description: 'A keyword the engine does not model changed.',
  },
} satisfies Record<string, KindInfo>;

export type ChangeKind = keyof typeof CHANGE_KINDS;

export function kindInfo(kind: ChangeKind): KindInfo {
  return CHANGE_KINDS[kind];
}

export function isChangeKind(value: string): value is ChangeKind {
  return Object.hasOwn(CHANGE_KINDS, value);
}
