import { type Row, table } from './support/table.js';

const o = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});
const closed = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  o(properties, { additionalProperties: false, ...extra });
const str = { type: 'string' };
const int = { type: 'integer' };

table('properties on open and closed objects', [
  ['equal', o({ a: str }), o({ a: str }), ''],
  ['key order does not matter', o({ a: str, b: int }), o({ b: int, a: str }), ''],
  [
    'typed property added to an open object narrows',
    o({ a: str }),
    o({ a: str, b: int }),
    'property-added:narrowed',
  ],
  [
    'untyped property added to an open object changes nothing',
    o({ a: str }),
    o({ a: str, b: {} }),
    'property-added:none',
  ],
  [
    'described property added to an open object changes nothing',
    o({}),
    o({ b: { description: 'x' } }),
    'property-added:none',
  ],
  [
    'property added to a closed object widens',
    closed({ a: str }),
    closed({ a: str, b: int }),
    'property-added:widened',
  ],
  [
    'property removed from a closed object narrows',
    closed({ a: str, b: int }),
    closed({ a: str }),
    'property-removed:narrowed',
  ],
  [
    'typed property removed from an open object widens',
    o({ a: str, b: int }),
    o({ a: str }),
    'property-removed:widened',
  ],
  [
    'property added where additionalProperties is a schema: compared with it',
    o({}, { additionalProperties: str }),
    o({ b: str }, { additionalProperties: str }),
    'property-added:none',
  ],
  [
    'property added narrower than additionalProperties',
    o({}, { additionalProperties: { type: ['string', 'null'] } }),
    o({ b: str }, { additionalProperties: { type: ['string', 'null'] } }),
    'property-added:narrowed',
  ],
  [
    'property added wider than additionalProperties',
    o({}, { additionalProperties: str }),
    o({ b: {} }, { additionalProperties: str }),
    'property-added:widened',
  ],
  [
    'property removed falls back to additionalProperties',
    o({ b: { type: ['string', 'null'] } }, { additionalProperties: str }),
    o({}, { additionalProperties: str }),
    'property-removed:narrowed',
  ],
  [
    'property type narrowed',
    o({ a: { type: ['string', 'integer'] } }),
    o({ a: str }),
    'type-removed:narrowed',
  ],
  ['property type widened', o({ a: str }), o({ a: { type: ['string', 'integer'] } }), 'type-added:widened'],
  [
    'nested property changes are found',
    o({ a: o({ b: o({ c: { type: 'string', maxLength: 5 } }) }) }),
    o({ a: o({ b: o({ c: { type: 'string', maxLength: 4 } }) }) }),
    'max-length-decreased:narrowed',
  ],
  [
    'property renamed on a closed object',
    closed({ a: str }),
    closed({ b: str }),
    'property-added:widened property-removed:narrowed',
  ],
  [
    'property renamed on an open object',
    o({ a: str }),
    o({ b: str }),
    'property-added:narrowed property-removed:widened',
  ],
  [
    'property named __proto__ is an ordinary key',
    JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}'),
    JSON.parse('{"type":"object","properties":{"__proto__":{"type":"integer"}}}'),
    'type-changed:changed',
  ],
  [
    'object keywords without type still count',
    { properties: { a: str } },
    { properties: { a: int } },
    'type-changed:changed',
  ],
] satisfies Row[]);

table('required', [
  ['required added', o({ a: str }), o({ a: str }, { required: ['a'] }), 'property-required-added:narrowed'],
  [
    'required removed',
    o({ a: str }, { required: ['a'] }),
    o({ a: str }),
    'property-required-removed:widened',
  ],
  ['required reordered', o({}, { required: ['a', 'b'] }), o({}, { required: ['b', 'a'] }), ''],
  [
    'new required property',
    o({ a: str }),
    o({ a: str, b: int }, { required: ['b'] }),
    'property-added:narrowed property-required-added:narrowed',
  ],
  [
    'optional property added to a closed object',
    closed({ a: str }, { required: ['a'] }),
    closed({ a: str, b: int }, { required: ['a'] }),
    'property-added:widened',
  ],
  [
    'required swapped',
    o({}, { required: ['a'] }),
    o({}, { required: ['b'] }),
    'property-required-added:narrowed property-required-removed:widened',
  ],
] satisfies Row[]);

table('additionalProperties', [
  ['closed', o({ a: str }), closed({ a: str }), 'additional-properties-closed:narrowed'],
  ['opened by removal', closed({ a: str }), o({ a: str }), 'additional-properties-opened:widened'],
  [
    'opened with true',
    closed({ a: str }),
    o({ a: str }, { additionalProperties: true }),
    'additional-properties-opened:widened',
  ],
  [
    'opened to a schema',
    closed({}),
    o({}, { additionalProperties: str }),
    'additional-properties-opened:widened',
  ],
  [
    'closed from a schema',
    o({}, { additionalProperties: str }),
    closed({}),
    'additional-properties-closed:narrowed',
  ],
  ['schema added', o({}), o({}, { additionalProperties: str }), 'additional-properties-added:narrowed'],
  ['schema removed', o({}, { additionalProperties: str }), o({}), 'additional-properties-removed:widened'],
  [
    'schema narrowed',
    o({}, { additionalProperties: { type: ['string', 'null'] } }),
    o({}, { additionalProperties: str }),
    'nullable-removed:narrowed',
  ],
  ['true equals absent', o({}), o({}, { additionalProperties: true }), ''],
  ['{} equals absent', o({}, { additionalProperties: {} }), o({}), ''],
] satisfies Row[]);

table('patternProperties', [
  ['equal', o({}, { patternProperties: { '^x-': str } }), o({}, { patternProperties: { '^x-': str } }), ''],
  [
    'pattern schema narrowed',
    o({}, { patternProperties: { '^x-': { type: ['string', 'null'] } } }),
    o({}, { patternProperties: { '^x-': str } }),
    'nullable-removed:narrowed',
  ],
  [
    'only pattern added on an open object',
    o({}),
    o({}, { patternProperties: { '^x-': str } }),
    'pattern-property-added:narrowed',
  ],
  [
    'only pattern added on a closed object',
    closed({}),
    closed({}, { patternProperties: { '^x-': str } }),
    'pattern-property-added:widened',
  ],
  [
    'only pattern removed on a closed object',
    closed({}, { patternProperties: { '^x-': str } }),
    closed({}),
    'pattern-property-removed:narrowed',
  ],
  [
    'only pattern removed on an open object',
    o({}, { patternProperties: { '^x-': str } }),
    o({}),
    'pattern-property-removed:widened',
  ],
  [
    'pattern added beside others is unknown',
    o({}, { patternProperties: { '^a': str } }),
    o({}, { patternProperties: { '^a': str, '^b': int } }),
    'pattern-property-added:unknown',
  ],
  [
    'pattern now applies to a named property',
    o({ xa: {} }),
    o({ xa: {} }, { patternProperties: { '^x': int } }),
    'type-constraint-added:narrowed pattern-property-added:narrowed',
  ],
  [
    'named property also governed by a pattern',
    o({ xa: str }, { patternProperties: { '^x': { minLength: 1 } } }),
    o({ xa: str }, { patternProperties: { '^x': { minLength: 2 } } }),
    'min-length-increased:narrowed',
  ],
  [
    'invalid regex is unknown for named properties',
    o({ a: str }, { patternProperties: { '(': {} } }),
    o({ a: int }, { patternProperties: { '(': {} } }),
    'type-changed:changed pattern-property-unresolved:unknown',
  ],
] satisfies Row[]);

table('propertyNames, dependencies, counts', [
  ['propertyNames added', o({}), o({}, { propertyNames: { maxLength: 3 } }), 'property-names-added:narrowed'],
  [
    'propertyNames removed',
    o({}, { propertyNames: { maxLength: 3 } }),
    o({}),
    'property-names-removed:widened',
  ],
  [
    'propertyNames widened',
    o({}, { propertyNames: { maxLength: 3 } }),
    o({}, { propertyNames: { maxLength: 4 } }),
    'max-length-increased:widened',
  ],
  [
    'dependentRequired added',
    o({}),
    o({}, { dependentRequired: { a: ['b'] } }),
    'dependent-required-added:narrowed',
  ],
  [
    'dependentRequired removed',
    o({}, { dependentRequired: { a: ['b'] } }),
    o({}),
    'dependent-required-removed:widened',
  ],
  [
    'dependentRequired value added',
    o({}, { dependentRequired: { a: ['b'] } }),
    o({}, { dependentRequired: { a: ['b', 'c'] } }),
    'dependent-required-value-added:narrowed',
  ],
  [
    'dependentRequired value removed',
    o({}, { dependentRequired: { a: ['b', 'c'] } }),
    o({}, { dependentRequired: { a: ['c'] } }),
    'dependent-required-value-removed:widened',
  ],
  [
    'draft-07 dependencies array equals dependentRequired',
    o({}, { dependencies: { a: ['b'] } }),
    o({}, { dependentRequired: { a: ['b'] } }),
    '',
  ],
  [
    'dependentSchemas added',
    o({}),
    o({}, { dependentSchemas: { a: { required: ['b'] } } }),
    'dependent-schema-added:narrowed',
  ],
  [
    'dependentSchemas removed',
    o({}, { dependentSchemas: { a: { required: ['b'] } } }),
    o({}),
    'dependent-schema-removed:widened',
  ],
  [
    'dependentSchemas changed',
    o({}, { dependentSchemas: { a: { required: ['b'] } } }),
    o({}, { dependentSchemas: { a: { required: ['b', 'c'] } } }),
    'property-required-added:narrowed',
  ],
  [
    'draft-07 dependencies schema equals dependentSchemas',
    o({}, { dependencies: { a: { required: ['b'] } } }),
    o({}, { dependentSchemas: { a: { required: ['b'] } } }),
    '',
  ],
  ['minProperties added', o({}), o({}, { minProperties: 1 }), 'min-properties-added:narrowed'],
  [
    'minProperties decreased',
    o({}, { minProperties: 2 }),
    o({}, { minProperties: 1 }),
    'min-properties-decreased:widened',
  ],
  ['maxProperties added', o({}), o({}, { maxProperties: 5 }), 'max-properties-added:narrowed'],
  [
    'maxProperties increased',
    o({}, { maxProperties: 5 }),
    o({}, { maxProperties: 6 }),
    'max-properties-increased:widened',
  ],
  ['maxProperties removed', o({}, { maxProperties: 5 }), o({}), 'max-properties-removed:widened'],
] satisfies Row[]);

table('unevaluatedProperties', [
  [
    'acts as additionalProperties when self-contained',
    o({ a: str }),
    o({ a: str }, { unevaluatedProperties: false }),
    'additional-properties-closed:narrowed',
  ],
  [
    'property removed under unevaluatedProperties: false narrows',
    o({ a: str, b: str }, { unevaluatedProperties: false }),
    o({ a: str }, { unevaluatedProperties: false }),
    'property-removed:narrowed',
  ],
  ['schema added', o({}), o({}, { unevaluatedProperties: str }), 'unevaluated-properties-added:narrowed'],
  ['schema removed', o({}, { unevaluatedProperties: str }), o({}), 'unevaluated-properties-removed:widened'],
  [
    'ignored beside additionalProperties',
    o({}, { additionalProperties: true }),
    o({}, { additionalProperties: true, unevaluatedProperties: false }),
    '',
  ],
  [
    'beside allOf it is unknown',
    o({}, { allOf: [o({ a: str })], unevaluatedProperties: false }),
    o({}, { allOf: [o({ a: str, b: str })], unevaluatedProperties: false }),
    'property-added:narrowed unevaluated-properties-context-changed:unknown',
  ],
] satisfies Row[]);
