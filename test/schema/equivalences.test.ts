import { describe, expect, it } from 'vitest';
import { compareSchemas, type Direction, type SchemaSemantics } from '../../src/schema/index.js';

/**
 * Spellings that accept the same instances compare equal, and every message is true of both
 * sides: `allOf` branches folded into one object, `enum` against `anyOf`/`oneOf` of `const`s,
 * draft-07 tuples against 2020-12 ones; `oneOf` branches added or removed decided by a shared
 * value. Each row holds every change as
 * `level|kind|pointerNew|message`, per direction, under `json-schema`; `api` lists only the
 * directions where the declared-contract reading differs.
 */
type Lines = Record<Direction, string[]>;
interface Row {
  name: string;
  old: unknown;
  new: unknown;
  expected: Lines;
  api: Partial<Lines>;
}

function row(
  name: string,
  [before, after]: [unknown, unknown],
  expected: Lines,
  api: Partial<Lines> = {},
): Row {
  return { name, old: before, new: after, expected, api };
}

function check(rows: readonly Row[]): void {
  for (const semantics of ['json-schema', 'api'] as const satisfies readonly SchemaSemantics[]) {
    for (const direction of ['input', 'output'] as const) {
      describe(`${semantics}, ${direction}`, () => {
        it.each(rows.map((r) => [r.name, r] as const))('%s', (_name, r) => {
          const changes = compareSchemas(r.old, r.new, { direction, semantics });
          const got = changes.map((c) => `${c.level}|${c.kind}|${c.pointerNew}|${c.message}`).sort();
          const want = (semantics === 'api' ? r.api[direction] : undefined) ?? r.expected[direction];
          expect(got).toEqual([...want].sort());
        });
      });
    }
  }
}

const s = { type: 'string' };
const i = { type: 'integer' };
const n = { type: 'number' };
const o = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});
const D7 = 'http://json-schema.org/draft-07/schema#';
const t7 = (items: unknown[], extra: Record<string, unknown> = {}) => ({
  $schema: D7,
  type: 'array',
  items,
  ...extra,
});
const t20 = (prefixItems: unknown[], extra: Record<string, unknown> = {}) => ({
  type: 'array',
  prefixItems,
  ...extra,
});

describe('composition equivalences', () => {
  check([
    row(
      'allOf of object branches is one object',
      [o({ a: s, b: i }, { required: ['a'] }), { allOf: [o({ a: s }, { required: ['a'] }), o({ b: i })] }],
      {
        input: [],
        output: [],
      },
    ),
    row(
      'allOf folded, a required property added in a branch',
      [
        o({ a: s, b: i }, { required: ['a'] }),
        { allOf: [o({ a: s }, { required: ['a'] }), o({ b: i, c: s }, { required: ['c'] })] },
      ],
      {
        input: [
          'breaking|property-added|/allOf/1/properties/c|property "c" added to an open object (type-constraint-added)',
          'breaking|property-required-added|/allOf/1/required/0|property "c" became required',
        ],
        output: [
          'info|property-added|/allOf/1/properties/c|property "c" added to an open object (type-constraint-added)',
          'info|property-required-added|/allOf/1/required/0|property "c" became required',
        ],
      },
      {
        input: [
          'breaking|property-required-added|/allOf/1/required/0|property "c" became required',
          'info|property-added|/allOf/1/properties/c|property "c" added to an open object (type-constraint-added)',
        ],
      },
    ),
    row(
      'allOf folded, an optional property added in a branch',
      [o({ a: s }), { allOf: [o({ a: s }), o({ c: s })] }],
      {
        input: [
          'breaking|property-added|/allOf/1/properties/c|property "c" added to an open object (type-constraint-added)',
        ],
        output: [
          'info|property-added|/allOf/1/properties/c|property "c" added to an open object (type-constraint-added)',
        ],
      },
      {
        input: [
          'info|property-added|/allOf/1/properties/c|property "c" added to an open object (type-constraint-added)',
        ],
      },
    ),
    row(
      'allOf folded, required moved between branches',
      [
        { allOf: [o({ a: s }, { required: ['a'] }), o({ b: i })] },
        { allOf: [o({ a: s }), o({ b: i }, { required: ['a'] })] },
      ],
      {
        input: [],
        output: [],
      },
    ),
    row(
      'allOf through a $ref base',
      [o({ a: s, b: i }), { $defs: { Base: o({ a: s }) }, allOf: [{ $ref: '#/$defs/Base' }, o({ b: i })] }],
      {
        input: [],
        output: [],
      },
    ),
    row('allOf of integer and number is integer', [i, { allOf: [n, i] }], {
      input: [],
      output: [],
    }),
    row(
      'allOf branches disagreeing on one property stay a conjunction',
      [o({ a: s }), { allOf: [o({ a: s }), o({ a: { type: 'string', maxLength: 3 } })] }],
      {
        input: ['breaking|max-length-added|/allOf/1/properties/a/maxLength|maxLength absent → 3'],
        output: ['info|max-length-added|/allOf/1/properties/a/maxLength|maxLength absent → 3'],
      },
    ),
    row(
      'allOf beside a closed branch stays a conjunction',
      [
        o({ a: s, b: s }, { additionalProperties: false }),
        { allOf: [o({ a: s }, { additionalProperties: false }), o({ b: s })] },
      ],
      {
        input: [
          'breaking|property-removed|/allOf/0/additionalProperties|property "b" removed from a closed object (schema-false-added)',
        ],
        output: [
          'info|property-removed|/allOf/0/additionalProperties|property "b" removed from a closed object (schema-false-added)',
        ],
      },
      {
        output: [
          'warning|property-removed|/allOf/0/additionalProperties|property "b" removed from a closed object (schema-false-added)',
        ],
      },
    ),
    row('enum is anyOf of const', [{ enum: ['a', 'b'] }, { anyOf: [{ const: 'a' }, { const: 'b' }] }], {
      input: [],
      output: [],
    }),
    row(
      'typed enum is oneOf of typed const',
      [
        { type: 'string', enum: ['a', 'b'] },
        {
          oneOf: [
            { type: 'string', const: 'a', description: 'A' },
            { type: 'string', const: 'b' },
          ],
        },
      ],
      {
        input: [],
        output: [],
      },
    ),
    row(
      'anyOf of const lost a value',
      [{ type: 'string', enum: ['a', 'b', 'c'] }, { anyOf: [{ const: 'a' }, { const: 'b' }] }],
      {
        input: ['breaking|enum-value-removed|/anyOf|value "c" no longer allowed'],
        output: ['info|enum-value-removed|/anyOf|value "c" no longer allowed'],
      },
    ),
    row(
      'oneOf of const gained a value',
      [{ oneOf: [{ const: 'a' }, { const: 'b' }] }, { enum: ['a', 'b', 'c'] }],
      {
        input: ['info|enum-value-added|/enum/2|value "c" now allowed'],
        output: ['breaking|enum-value-added|/enum/2|value "c" now allowed'],
      },
    ),
    row(
      'a value still accepted by another branch is not lost',
      [{ anyOf: [{ enum: ['a', 'b'] }, i, s] }, { anyOf: [{ enum: ['a'] }, i, s] }],
      {
        input: [],
        output: [],
      },
    ),
    row(
      'enum split into a const and a pattern branch',
      [{ type: 'string', enum: ['a', 'b'] }, { anyOf: [{ const: 'a' }, { type: 'string', pattern: '^b' }] }],
      {
        input: ['info|any-of-branch-added|/anyOf/1|anyOf item 1 added'],
        output: ['breaking|any-of-branch-added|/anyOf/1|anyOf item 1 added'],
      },
    ),
    row(
      'const branches on both sides keep their descriptions',
      [
        {
          anyOf: [
            { const: 'a', description: 'A' },
            { const: 'b', description: 'B' },
          ],
        },
        {
          anyOf: [
            { const: 'a', description: 'A' },
            { const: 'b', description: 'B2' },
          ],
        },
      ],
      {
        input: ['info|description-changed|/anyOf/1/description|description "B" → "B2"'],
        output: ['info|description-changed|/anyOf/1/description|description "B" → "B2"'],
      },
    ),
    row(
      'enum beside another branch becomes const branches',
      [{ anyOf: [{ enum: [1, 2] }, s] }, { anyOf: [{ const: 1 }, { const: 2 }, s] }],
      {
        input: [],
        output: [],
      },
    ),
    row(
      'a string narrowed to const branches names the branches',
      [s, { anyOf: [{ const: 'a' }, { const: 'b' }] }],
      {
        input: ['breaking|enum-added|/anyOf|const branches of anyOf set: ["a","b"]'],
        output: ['info|enum-added|/anyOf|const branches of anyOf set: ["a","b"]'],
      },
    ),
    row(
      'const branches widened to a string names the branches',
      [{ oneOf: [{ const: 'a' }, { const: 'b' }] }, s],
      {
        input: ['info|enum-removed||const branches of oneOf removed: ["a","b"]'],
        output: ['breaking|enum-removed||const branches of oneOf removed: ["a","b"]'],
      },
    ),
    row('a type list is anyOf of type-only branches', [{ type: ['string', 'number'] }, { anyOf: [s, n] }], {
      input: [],
      output: [],
    }),
    row(
      'type-only branches joined back into a type list',
      [{ oneOf: [s, { type: 'boolean' }] }, { type: ['boolean', 'string'] }],
      { input: [], output: [] },
    ),
    row(
      'a type list split into branches with one more type',
      [{ type: ['string', 'number'] }, { anyOf: [s, n, { type: 'boolean' }] }],
      {
        input: ['info|type-added|/anyOf|type string|number → boolean|string|number'],
        output: ['breaking|type-added|/anyOf|type string|number → boolean|string|number'],
      },
    ),
  ]);
});

describe('tuples in draft-07 and 2020-12, and across them', () => {
  check([
    row('draft-07: prefix item narrowed', [t7([s, n]), t7([s, i])], {
      input: ['breaking|type-number-narrowed-to-integer|/items/1/type|type number → integer'],
      output: ['info|type-number-narrowed-to-integer|/items/1/type|type number → integer'],
    }),
    row('draft-07: prefix item widened', [t7([s, i]), t7([s, n])], {
      input: ['info|type-integer-widened-to-number|/items/1/type|type integer → number'],
      output: ['breaking|type-integer-widened-to-number|/items/1/type|type integer → number'],
    }),
    row('2020-12: prefix item narrowed', [t20([s, n]), t20([s, i])], {
      input: ['breaking|type-number-narrowed-to-integer|/prefixItems/1/type|type number → integer'],
      output: ['info|type-number-narrowed-to-integer|/prefixItems/1/type|type number → integer'],
    }),
    row('2020-12: prefix item widened', [t20([s, i]), t20([s, n])], {
      input: ['info|type-integer-widened-to-number|/prefixItems/1/type|type integer → number'],
      output: ['breaking|type-integer-widened-to-number|/prefixItems/1/type|type integer → number'],
    }),
    row(
      'draft-07: closed tuple lengthened',
      [t7([s], { additionalItems: false }), t7([s, i], { additionalItems: false })],
      {
        input: [
          'info|prefix-item-added|/items/1|tuple lengthened: position 1, refused by additionalItems false, now has its own schema (schema-false-removed)',
        ],
        output: [
          'breaking|prefix-item-added|/items/1|tuple lengthened: position 1, refused by additionalItems false, now has its own schema (schema-false-removed)',
        ],
      },
    ),
    row(
      'draft-07: closed tuple shortened',
      [t7([s, i], { additionalItems: false }), t7([s], { additionalItems: false })],
      {
        input: [
          'breaking|prefix-item-removed|/additionalItems|tuple shortened: position 1 is now refused by additionalItems false (schema-false-added)',
        ],
        output: [
          'info|prefix-item-removed|/additionalItems|tuple shortened: position 1 is now refused by additionalItems false (schema-false-added)',
        ],
      },
    ),
    row('2020-12: closed tuple lengthened', [t20([s], { items: false }), t20([s, i], { items: false })], {
      input: [
        'info|prefix-item-added|/prefixItems/1|tuple lengthened: position 1, refused by items false, now has its own schema (schema-false-removed)',
      ],
      output: [
        'breaking|prefix-item-added|/prefixItems/1|tuple lengthened: position 1, refused by items false, now has its own schema (schema-false-removed)',
      ],
    }),
    row('2020-12: closed tuple shortened', [t20([s, i], { items: false }), t20([s], { items: false })], {
      input: [
        'breaking|prefix-item-removed|/items|tuple shortened: position 1 is now refused by items false (schema-false-added)',
      ],
      output: [
        'info|prefix-item-removed|/items|tuple shortened: position 1 is now refused by items false (schema-false-added)',
      ],
    }),
    row('draft-07: open tuple lengthened', [t7([s]), t7([s, i])], {
      input: [
        'breaking|prefix-item-added|/items/1|tuple position 1 got its own schema (type-constraint-added)',
      ],
      output: ['info|prefix-item-added|/items/1|tuple position 1 got its own schema (type-constraint-added)'],
    }),
    row('2020-12: open tuple shortened', [t20([s, i]), t20([s])], {
      input: ['info|prefix-item-removed||tuple position 1 lost its own schema (type-constraint-removed)'],
      output: [
        'breaking|prefix-item-removed||tuple position 1 lost its own schema (type-constraint-removed)',
      ],
    }),
    row(
      'draft-07: additionalItems false to true',
      [t7([s], { additionalItems: false }), t7([s], { additionalItems: true })],
      {
        input: [
          'info|schema-false-removed|/additionalItems|additionalItems false → additionalItems true: arrays longer than 1 item are accepted',
        ],
        output: [
          'breaking|schema-false-removed|/additionalItems|additionalItems false → additionalItems true: arrays longer than 1 item are accepted',
        ],
      },
    ),
    row(
      'draft-07: additionalItems true to false',
      [t7([s], { additionalItems: true }), t7([s], { additionalItems: false })],
      {
        input: [
          'breaking|schema-false-added|/additionalItems|additionalItems true → additionalItems false: arrays longer than 1 item are refused',
        ],
        output: [
          'info|schema-false-added|/additionalItems|additionalItems true → additionalItems false: arrays longer than 1 item are refused',
        ],
      },
    ),
    row(
      'draft-07: additionalItems false to schema',
      [t7([s], { additionalItems: false }), t7([s], { additionalItems: i })],
      {
        input: [
          'info|schema-false-removed|/additionalItems|additionalItems false → additionalItems {"type":"integer"}: arrays longer than 1 item are accepted when their extra items match',
        ],
        output: [
          'breaking|schema-false-removed|/additionalItems|additionalItems false → additionalItems {"type":"integer"}: arrays longer than 1 item are accepted when their extra items match',
        ],
      },
    ),
    row(
      'draft-07: additionalItems schema to false',
      [t7([s], { additionalItems: i }), t7([s], { additionalItems: false })],
      {
        input: [
          'breaking|schema-false-added|/additionalItems|additionalItems {"type":"integer"} → additionalItems false: arrays longer than 1 item are refused',
        ],
        output: [
          'info|schema-false-added|/additionalItems|additionalItems {"type":"integer"} → additionalItems false: arrays longer than 1 item are refused',
        ],
      },
    ),
    row(
      'draft-07: additionalItems schema narrowed',
      [t7([s], { additionalItems: n }), t7([s], { additionalItems: i })],
      {
        input: ['breaking|type-number-narrowed-to-integer|/additionalItems/type|type number → integer'],
        output: ['info|type-number-narrowed-to-integer|/additionalItems/type|type number → integer'],
      },
    ),
    row('2020-12: items false to schema', [t20([s], { items: false }), t20([s], { items: i })], {
      input: [
        'info|schema-false-removed|/items|items false → items {"type":"integer"}: arrays longer than 1 item are accepted when their extra items match',
      ],
      output: [
        'breaking|schema-false-removed|/items|items false → items {"type":"integer"}: arrays longer than 1 item are accepted when their extra items match',
      ],
    }),
    row('2020-12: items schema to true', [t20([s], { items: i }), t20([s], { items: true })], {
      input: ['info|type-constraint-removed|/items|type constraint removed: type integer → any'],
      output: ['breaking|type-constraint-removed|/items|type constraint removed: type integer → any'],
    }),
    row(
      'draft-07 closed tuple is the 2020-12 closed tuple',
      [t7([s, i], { additionalItems: false }), t20([s, i], { items: false })],
      {
        input: [],
        output: [],
      },
    ),
    row(
      '2020-12 closed tuple is the draft-07 closed tuple',
      [t20([s, i], { items: false }), t7([s, i], { additionalItems: false })],
      {
        input: [],
        output: [],
      },
    ),
    row('open tuples across drafts', [t7([s, i]), t20([s, i])], {
      input: [],
      output: [],
    }),
    row('tail schema across drafts', [t7([s], { additionalItems: n }), t20([s], { items: n })], {
      input: [],
      output: [],
    }),
    row(
      'list items across drafts',
      [
        { $schema: D7, type: 'array', items: s },
        { type: 'array', items: s },
      ],
      {
        input: [],
        output: [],
      },
    ),
    row(
      'across drafts, a position narrowed',
      [t7([s, n], { additionalItems: false }), t20([s, i], { items: false })],
      {
        input: [
          'breaking|type-number-narrowed-to-integer|/prefixItems/1/type|type number → integer',
          'info|dialect-changed||$schema "http://json-schema.org/draft-07/schema#" → absent',
        ],
        output: [
          'info|dialect-changed||$schema "http://json-schema.org/draft-07/schema#" → absent',
          'info|type-number-narrowed-to-integer|/prefixItems/1/type|type number → integer',
        ],
      },
    ),
    row('across drafts, the tuple opened', [t7([s], { additionalItems: false }), t20([s])], {
      input: [
        'info|dialect-changed||$schema "http://json-schema.org/draft-07/schema#" → absent',
        'info|items-removed||additionalItems false removed: arrays longer than 1 item are accepted (schema-false-removed)',
      ],
      output: [
        'breaking|items-removed||additionalItems false removed: arrays longer than 1 item are accepted (schema-false-removed)',
        'info|dialect-changed||$schema "http://json-schema.org/draft-07/schema#" → absent',
      ],
    }),
  ]);
});

describe('oneOf branches added or removed: overlap decided by shared values', () => {
  check([
    row('const 1 beside integer', [{ oneOf: [i, s] }, { oneOf: [i, s, { const: 1 }] }], {
      input: [
        'breaking|one-of-overlap-added|/oneOf/2|1 matched exactly one oneOf branch and now also matches oneOf item 2 (2 in all): it is refused',
      ],
      output: [
        'info|one-of-overlap-added|/oneOf/2|1 matched exactly one oneOf branch and now also matches oneOf item 2 (2 in all): it is refused',
      ],
    }),
    row(
      'a bounded number beside integer',
      [
        { oneOf: [i, { type: 'string', minLength: 1 }] },
        { oneOf: [i, { type: 'string', minLength: 1 }, { type: 'number', minimum: 10 }] },
      ],
      {
        input: [
          'breaking|one-of-overlap-added|/oneOf/2|10 matched exactly one oneOf branch and now also matches oneOf item 2 (2 in all): it is refused',
          'info|one-of-branch-added|/oneOf/2|oneOf item 2 added',
        ],
        output: [
          'breaking|one-of-branch-added|/oneOf/2|oneOf item 2 added',
          'info|one-of-overlap-added|/oneOf/2|10 matched exactly one oneOf branch and now also matches oneOf item 2 (2 in all): it is refused',
        ],
      },
    ),
    row(
      'an enum value another branch accepts',
      [
        { oneOf: [{ type: 'string', pattern: '^a' }, i] },
        { oneOf: [{ type: 'string', pattern: '^a' }, i, { enum: ['abc', 'x'] }] },
      ],
      {
        input: [
          'breaking|one-of-overlap-added|/oneOf/2|"abc" matched exactly one oneOf branch and now also matches oneOf item 2 (2 in all): it is refused',
          'info|one-of-branch-added|/oneOf/2|oneOf item 2 added',
        ],
        output: [
          'breaking|one-of-branch-added|/oneOf/2|oneOf item 2 added',
          'info|one-of-overlap-added|/oneOf/2|"abc" matched exactly one oneOf branch and now also matches oneOf item 2 (2 in all): it is refused',
        ],
      },
    ),
    row(
      'enum values no other branch accepts: disjoint',
      [
        { oneOf: [{ type: 'string', pattern: '^a' }, i] },
        { oneOf: [{ type: 'string', pattern: '^a' }, i, { enum: ['x', 'y'] }] },
      ],
      {
        input: ['info|one-of-branch-added|/oneOf/2|oneOf item 2 added'],
        output: ['breaking|one-of-branch-added|/oneOf/2|oneOf item 2 added'],
      },
    ),
    row(
      'object branches without a discriminator',
      [
        { oneOf: [{ type: 'object', properties: { a: s }, required: ['a'] }, s] },
        {
          oneOf: [
            { type: 'object', properties: { a: s }, required: ['a'] },
            s,
            { type: 'object', properties: { b: s } },
          ],
        },
      ],
      {
        input: [
          'breaking|one-of-overlap-added|/oneOf/2|{"a":""} matched exactly one oneOf branch and now also matches oneOf item 2 (2 in all): it is refused',
          'info|one-of-branch-added|/oneOf/2|oneOf item 2 added',
        ],
        output: [
          'breaking|one-of-branch-added|/oneOf/2|oneOf item 2 added',
          'info|one-of-overlap-added|/oneOf/2|{"a":""} matched exactly one oneOf branch and now also matches oneOf item 2 (2 in all): it is refused',
        ],
      },
    ),
    row(
      'object branches told apart by a const discriminator',
      [
        { oneOf: [{ type: 'object', properties: { k: { const: 'a' } }, required: ['k'] }, s] },
        {
          oneOf: [
            { type: 'object', properties: { k: { const: 'a' } }, required: ['k'] },
            s,
            { type: 'object', properties: { k: { const: 'b' } }, required: ['k'] },
          ],
        },
      ],
      {
        input: ['info|one-of-branch-added|/oneOf/2|oneOf item 2 added'],
        output: ['breaking|one-of-branch-added|/oneOf/2|oneOf item 2 added'],
      },
    ),
    row('an overlapping branch removed', [{ oneOf: [i, s, { const: 1 }] }, { oneOf: [i, s] }], {
      input: [
        'info|one-of-overlap-removed|/oneOf|1 matched 2 oneOf branches, oneOf item 2 among them, and now matches exactly one: it is accepted',
      ],
      output: [
        'breaking|one-of-overlap-removed|/oneOf|1 matched 2 oneOf branches, oneOf item 2 among them, and now matches exactly one: it is accepted',
      ],
    }),
    row(
      'overlap that formats would decide: unknown',
      [
        { oneOf: [{ type: 'string', format: 'email' }, i] },
        { oneOf: [{ type: 'string', format: 'email' }, i, { type: 'string', format: 'uri' }] },
      ],
      {
        input: [
          'warning|format-changed|/oneOf/2/format|format "email" → "uri"',
          'warning|one-of-exclusivity-unknown|/oneOf|oneOf branches changed and may overlap',
        ],
        output: [
          'warning|format-changed|/oneOf/2/format|format "email" → "uri"',
          'warning|one-of-exclusivity-unknown|/oneOf|oneOf branches changed and may overlap',
        ],
      },
    ),
  ]);
});

describe('oneOf overlap search is bounded', () => {
  it('past 512 branches a side the list is unknown, not searched', () => {
    const many = Array.from({ length: 600 }, (_, k) => ({ type: 'string', pattern: `^p${k}` }));
    const changes = compareSchemas(
      { oneOf: many },
      { oneOf: [...many, { type: 'string' }] },
      { direction: 'input' },
    );
    expect(changes.map((c) => `${c.level}|${c.kind}`)).toContain('warning|one-of-exclusivity-unknown');
    expect(changes.some((c) => c.kind === 'one-of-overlap-added')).toBe(false);
  });

  it('below the bound the same edit is decided', () => {
    const few = Array.from({ length: 8 }, (_, k) => ({ type: 'string', pattern: `^p${k}` }));
    const changes = compareSchemas(
      { oneOf: few },
      { oneOf: [...few, { type: 'string' }] },
      { direction: 'input' },
    );
    expect(changes.find((c) => c.kind === 'one-of-overlap-added')?.level).toBe('breaking');
    expect(changes.some((c) => c.kind === 'one-of-exclusivity-unknown')).toBe(false);
  });
});
