import { conditional, type Row, table } from './support/table.js';

const str = { type: 'string' };
const num = { type: 'number' };
const int = { type: 'integer' };
const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

table('anyOf', [
  ['equal', { anyOf: [str, num] }, { anyOf: [str, num] }, ''],
  ['branches reordered (matched by fit, not index)', { anyOf: [str, num] }, { anyOf: [num, str] }, ''],
  [
    'branch added',
    { anyOf: [str, num] },
    { anyOf: [str, num, { type: 'boolean' }] },
    'any-of-branch-added:widened',
  ],
  [
    'branch removed',
    { anyOf: [str, num, { type: 'boolean' }] },
    { anyOf: [str, num] },
    'any-of-branch-removed:narrowed',
  ],
  [
    'branch narrowed',
    { anyOf: [{ type: 'string', maxLength: 5 }, num] },
    { anyOf: [num, { type: 'string', maxLength: 3 }] },
    'max-length-decreased:narrowed',
  ],
  ['plain schema to anyOf with an extra branch', str, { anyOf: [str, num] }, 'any-of-branch-added:widened'],
  ['anyOf collapsed to one of its branches', { anyOf: [str, num] }, num, 'any-of-branch-removed:narrowed'],
  ['single-branch anyOf equals the branch', { anyOf: [str] }, str, ''],
  [
    'siblings fold into branches',
    { type: 'object', anyOf: [{ required: ['a'] }, { required: ['b'] }] },
    {
      anyOf: [
        { type: 'object', required: ['a'] },
        { type: 'object', required: ['b'] },
      ],
    },
    '',
  ],
  [
    'two branches merged into a wider one',
    {
      anyOf: [
        { type: 'string', maxLength: 3 },
        { type: 'string', minLength: 5 },
      ],
    },
    str,
    'max-length-removed:widened',
  ],
  ['anyOf with a true branch added', {}, { anyOf: [str, true] }, ''],
  [
    'branch replaced by an unrelated one',
    { anyOf: [str, num] },
    { anyOf: [str, { type: 'boolean' }] },
    'any-of-branch-removed:narrowed any-of-branch-added:widened',
  ],
  [
    'branches of objects matched by properties',
    { anyOf: [obj({ a: str }, { required: ['a'] }), obj({ b: str }, { required: ['b'] })] },
    { anyOf: [obj({ b: str }, { required: ['b'] }), obj({ a: str, c: str }, { required: ['a'] })] },
    'property-added:narrowed',
  ],
  [
    'anyOf kept beside colliding keywords',
    { type: 'string', maxLength: 3, anyOf: [{ maxLength: 2 }, { pattern: '^a' }] },
    { type: 'string', maxLength: 3, anyOf: [{ maxLength: 2 }, { pattern: '^b' }] },
    'pattern-changed:unknown',
  ],
  [
    'anyOf added as a keyword',
    { type: 'string', maxLength: 3 },
    { type: 'string', maxLength: 3, anyOf: [{ maxLength: 2 }, { minLength: 3 }] },
    'any-of-added:narrowed',
  ],
] satisfies Row[]);

table('oneOf', [
  ['equal', { oneOf: [str, num] }, { oneOf: [str, num] }, ''],
  [
    'disjoint branch added widens',
    { oneOf: [str, num] },
    { oneOf: [str, num, { type: 'boolean' }] },
    'one-of-branch-added:widened',
  ],
  [
    'disjoint branch removed narrows',
    { oneOf: [str, num, { type: 'boolean' }] },
    { oneOf: [str, num] },
    'one-of-branch-removed:narrowed',
  ],
  [
    'overlapping branch added: a shared value ("") proves the overlap',
    { oneOf: [str, num] },
    { oneOf: [str, num, { type: 'string', maxLength: 1 }] },
    'one-of-overlap-added:narrowed',
  ],
  [
    'overlapping branches narrowed is unknown',
    { oneOf: [num, int] },
    { oneOf: [{ type: 'number', minimum: 0 }, int] },
    'minimum-added:narrowed one-of-exclusivity-unknown:unknown',
  ],
  [
    'discriminated branches are disjoint',
    {
      oneOf: [
        obj({ k: { const: 'a' } }, { required: ['k'] }),
        obj({ k: { const: 'b' } }, { required: ['k'] }),
      ],
    },
    {
      oneOf: [
        obj({ k: { const: 'a' } }, { required: ['k'] }),
        obj({ k: { const: 'b' }, x: str }, { required: ['k'] }),
      ],
    },
    'property-added:narrowed',
  ],
  ['oneOf added', {}, { oneOf: [str, num] }, 'type-constraint-added:narrowed'],
  ['oneOf removed (overlapping)', { oneOf: [num, int] }, {}, 'one-of-removed:widened'],
  ['anyOf with disjoint branches equals oneOf', { anyOf: [str, num] }, { oneOf: [str, num] }, ''],
] satisfies Row[]);

table('allOf', [
  ['equal', { allOf: [str, { maxLength: 3 }] }, { allOf: [str, { maxLength: 3 }] }, ''],
  [
    'flattened allOf equals inline keywords',
    { allOf: [str, { maxLength: 3 }] },
    { type: 'string', maxLength: 3 },
    '',
  ],
  [
    'subschema added (flattened)',
    { allOf: [str] },
    { allOf: [str, { maxLength: 3 }] },
    'max-length-added:narrowed',
  ],
  [
    'subschema removed (flattened)',
    { allOf: [str, { maxLength: 3 }] },
    { allOf: [str] },
    'max-length-removed:widened',
  ],
  [
    'colliding subschema added (kept)',
    { allOf: [{ maxLength: 5 }, { maxLength: 3 }] },
    { allOf: [{ maxLength: 5 }, { maxLength: 3 }, { minLength: 1 }] },
    'all-of-subschema-added:narrowed',
  ],
  [
    'colliding subschema removed (kept)',
    { allOf: [{ maxLength: 5 }, { maxLength: 3 }, { minLength: 1 }] },
    { allOf: [{ maxLength: 5 }, { maxLength: 3 }] },
    'all-of-subschema-removed:widened',
  ],
  [
    'implied subschema added (kept)',
    { allOf: [{ maxLength: 5 }, { maxLength: 3 }] },
    { allOf: [{ maxLength: 5 }, { maxLength: 3 }, { maxLength: 7 }] },
    '',
  ],
  [
    'subschema tightened (kept)',
    { allOf: [{ maxLength: 5 }, { maxLength: 3 }] },
    { allOf: [{ maxLength: 5 }, { maxLength: 2 }] },
    'max-length-decreased:narrowed',
  ],
] satisfies Row[]);

table('not', [
  ['equal', { not: str }, { not: str }, ''],
  ['added', {}, { not: str }, 'not-added:narrowed'],
  ['removed', { not: str }, {}, 'not-removed:widened'],
  [
    'negated schema widened narrows',
    { not: str },
    { not: { type: ['string', 'number'] } },
    'type-added:narrowed',
  ],
  [
    'negated schema narrowed widens',
    { not: { type: ['string', 'number'] } },
    { not: str },
    'type-removed:widened',
  ],
  [
    'double negation flips back',
    { not: { not: str } },
    { not: { not: { type: ['string', 'null'] } } },
    'nullable-added:widened',
  ],
  ['not {} is false', { not: {} }, str, 'schema-false-removed:widened'],
] satisfies Row[]);

table('if / then / else', [
  [
    'equal',
    conditional(obj({ k: { const: 'a' } }), { required: ['a'] }),
    conditional(obj({ k: { const: 'a' } }), { required: ['a'] }),
    '',
  ],
  ['conditional added', {}, conditional(str, { maxLength: 3 }), 'conditional-added:narrowed'],
  ['conditional removed', conditional(str, { maxLength: 3 }), {}, 'conditional-removed:widened'],
  ['if without then/else is nothing', {}, conditional(str), ''],
  [
    'then narrowed',
    conditional(str, { maxLength: 3 }),
    conditional(str, { maxLength: 2 }),
    'max-length-decreased:narrowed',
  ],
  [
    'else widened',
    conditional(str, undefined, { minimum: 3 }),
    conditional(str, undefined, { minimum: 2 }),
    'minimum-decreased:widened',
  ],
  [
    'then added to an unchanged if',
    conditional(str, undefined, { minimum: 3 }),
    conditional(str, { maxLength: 3 }, { minimum: 3 }),
    'then-added:narrowed',
  ],
  [
    'else removed from an unchanged if',
    conditional(str, { maxLength: 3 }, { minimum: 3 }),
    conditional(str, { maxLength: 3 }),
    'else-removed:widened',
  ],
  [
    'if changed is unknown',
    conditional(str, { maxLength: 3 }),
    conditional(num, { maxLength: 3 }),
    'if-changed:unknown',
  ],
  [
    'description inside if is not a condition change',
    conditional(str, { maxLength: 3 }),
    conditional({ type: 'string', description: 'd' }, { maxLength: 3 }),
    'description-added:none',
  ],
] satisfies Row[]);

table('boolean schemas', [
  ['true to false', true, false, 'schema-false-added:narrowed'],
  ['false to true', false, true, 'schema-false-removed:widened'],
  ['true equals {}', true, {}, ''],
  ['false equals not {}', false, { not: {} }, ''],
  ['true to typed', true, str, 'type-constraint-added:narrowed'],
  ['typed to true', str, true, 'type-constraint-removed:widened'],
  ['false to typed', false, str, 'schema-false-removed:widened'],
  ['property schema became false', obj({ a: str }), obj({ a: false }), 'schema-false-added:narrowed'],
] satisfies Row[]);
