import { type Row, table } from './support/table.js';

const a = (extra: Record<string, unknown>) => ({ type: 'array', ...extra });
const D7 = 'http://json-schema.org/draft-07/schema#';

table('array items', [
  ['equal', a({ items: { type: 'string' } }), a({ items: { type: 'string' } }), ''],
  ['items added', a({}), a({ items: { type: 'string' } }), 'items-added:narrowed'],
  ['items removed', a({ items: { type: 'string' } }), a({}), 'items-removed:widened'],
  [
    'items type widened',
    a({ items: { type: 'string' } }),
    a({ items: { type: ['string', 'number'] } }),
    'type-added:widened',
  ],
  [
    'items type narrowed',
    a({ items: { type: ['string', 'number'] } }),
    a({ items: { type: 'string' } }),
    'type-removed:narrowed',
  ],
  ['items: false added (no items allowed)', a({}), a({ items: false }), 'items-added:narrowed'],
  ['items: {} added is no change', a({}), a({ items: {} }), 'items-added:none'],
  [
    'prefixItems position added',
    a({}),
    a({ prefixItems: [{ type: 'string' }] }),
    'prefix-item-added:narrowed',
  ],
  [
    'prefixItems position removed',
    a({ prefixItems: [{ type: 'string' }] }),
    a({}),
    'prefix-item-removed:widened',
  ],
  [
    'prefixItems position changed',
    a({ prefixItems: [{ type: 'string' }] }),
    a({ prefixItems: [{ type: 'integer' }] }),
    'type-changed:changed',
  ],
  [
    'prefix position removed falls back to items',
    a({ prefixItems: [{ type: 'string' }], items: { type: 'string' } }),
    a({ items: { type: 'string' } }),
    'prefix-item-removed:none',
  ],
  [
    'tuple closed with items: false',
    a({ prefixItems: [{}] }),
    a({ prefixItems: [{}], items: false }),
    'items-added:narrowed',
  ],
  ['tuple opened', a({ prefixItems: [{}], items: false }), a({ prefixItems: [{}] }), 'items-removed:widened'],
  [
    'draft-07 items array is a tuple',
    { $schema: D7, type: 'array', items: [{ type: 'string' }] },
    { $schema: D7, type: 'array', items: [{ type: 'number' }] },
    'type-changed:changed',
  ],
  [
    'draft-07 additionalItems closes the tuple',
    { $schema: D7, type: 'array', items: [{}] },
    { $schema: D7, type: 'array', items: [{}], additionalItems: false },
    'items-added:narrowed',
  ],
  [
    'draft-07 additionalItems ignored without a tuple',
    { $schema: D7, type: 'array', items: { type: 'string' } },
    { $schema: D7, type: 'array', items: { type: 'string' }, additionalItems: false },
    '',
  ],
  [
    'draft-07 tuple equals 2020-12 prefixItems',
    { $schema: D7, type: 'array', items: [{ type: 'string' }], additionalItems: false },
    { type: 'array', prefixItems: [{ type: 'string' }], items: false },
    '',
  ],
  [
    'prefixItems is not a draft-07 keyword',
    { $schema: D7, type: 'array' },
    { $schema: D7, type: 'array', prefixItems: [{ type: 'string' }] },
    'unknown-keyword-added:unknown',
  ],
] satisfies Row[]);

table('array counts and uniqueness', [
  ['minItems added', a({}), a({ minItems: 1 }), 'min-items-added:narrowed'],
  ['minItems removed', a({ minItems: 1 }), a({}), 'min-items-removed:widened'],
  ['minItems increased', a({ minItems: 1 }), a({ minItems: 2 }), 'min-items-increased:narrowed'],
  ['minItems decreased', a({ minItems: 2 }), a({ minItems: 1 }), 'min-items-decreased:widened'],
  ['maxItems added', a({}), a({ maxItems: 3 }), 'max-items-added:narrowed'],
  ['maxItems removed', a({ maxItems: 3 }), a({}), 'max-items-removed:widened'],
  ['maxItems increased', a({ maxItems: 3 }), a({ maxItems: 4 }), 'max-items-increased:widened'],
  ['maxItems decreased', a({ maxItems: 3 }), a({ maxItems: 2 }), 'max-items-decreased:narrowed'],
  ['uniqueItems added', a({}), a({ uniqueItems: true }), 'unique-items-added:narrowed'],
  ['uniqueItems removed', a({ uniqueItems: true }), a({}), 'unique-items-removed:widened'],
  ['uniqueItems false equals absent', a({}), a({ uniqueItems: false }), ''],
  ['array keywords ignored for strings', { type: 'string', maxItems: 1 }, { type: 'string' }, ''],
] satisfies Row[]);

table('contains', [
  ['equal', a({ contains: { type: 'string' } }), a({ contains: { type: 'string' } }), ''],
  ['added', a({}), a({ contains: { type: 'string' } }), 'contains-added:narrowed'],
  ['removed', a({ contains: { type: 'string' } }), a({}), 'contains-removed:widened'],
  [
    'added with minContains 0 changes nothing',
    a({}),
    a({ contains: { type: 'string' }, minContains: 0 }),
    'contains-added:none',
  ],
  [
    'schema widened',
    a({ contains: { type: 'string' } }),
    a({ contains: { type: ['string', 'number'] } }),
    'type-added:widened',
  ],
  [
    'schema narrowed',
    a({ contains: { type: ['string', 'number'] } }),
    a({ contains: { type: 'string' } }),
    'type-removed:narrowed',
  ],
  [
    'minContains added',
    a({ contains: {} }),
    a({ contains: {}, minContains: 2 }),
    'min-contains-added:narrowed',
  ],
  ['minContains 1 is the default', a({ contains: {} }), a({ contains: {}, minContains: 1 }), ''],
  [
    'minContains decreased',
    a({ contains: {}, minContains: 3 }),
    a({ contains: {}, minContains: 2 }),
    'min-contains-decreased:widened',
  ],
  [
    'maxContains added',
    a({ contains: {} }),
    a({ contains: {}, maxContains: 2 }),
    'max-contains-added:narrowed',
  ],
  [
    'maxContains increased',
    a({ contains: {}, maxContains: 2 }),
    a({ contains: {}, maxContains: 3 }),
    'max-contains-increased:widened',
  ],
  [
    'schema change under maxContains is unknown',
    a({ contains: { type: 'string' }, maxContains: 2 }),
    a({ contains: { type: ['string', 'null'] }, maxContains: 2 }),
    'contains-changed:unknown',
  ],
  ['min/maxContains without contains are ignored', a({ minContains: 2 }), a({ minContains: 3 }), ''],
] satisfies Row[]);

table('unevaluatedItems', [
  [
    'acts as the rest schema when self-contained',
    a({ prefixItems: [{}] }),
    a({ prefixItems: [{}], unevaluatedItems: false }),
    'unevaluated-items-added:narrowed',
  ],
  [
    'removed when self-contained',
    a({ unevaluatedItems: { type: 'string' } }),
    a({}),
    'unevaluated-items-removed:widened',
  ],
  [
    'beside items it changes nothing',
    a({ items: { type: 'string' } }),
    a({ items: { type: 'string' }, unevaluatedItems: false }),
    '',
  ],
  [
    'beside applicators it is unknown',
    a({ allOf: [{ prefixItems: [{}] }] }),
    a({ allOf: [{ prefixItems: [{}] }], unevaluatedItems: false }),
    'unevaluated-items-context-changed:unknown',
  ],
] satisfies Row[]);
