import * as ajvCodegen from 'ajv';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withLinearUniqueItems } from '../../src/validate/unique-items.js';

const linearAjv = withLinearUniqueItems(new Ajv({ allErrors: true, strict: false }), ajvCodegen);
const ajvOwn = new Ajv({ allErrors: true, strict: false });
/** Item schemas that took Ajv's pairwise path (no type, or a structured one) and its typed path. */
const ITEM_SCHEMAS = [
  {},
  { $ref: '#/$defs/any' },
  { type: 'object' },
  { type: 'string' },
  { type: ['string', 'number'] },
];
const schemaWith = (items: object) => ({ type: 'array', items, uniqueItems: true, $defs: { any: {} } });

describe('linear uniqueItems', () => {
  const validate = linearAjv.compile(schemaWith({}));
  const cases: [unknown[], string | undefined][] = [
    [[], undefined],
    [[1, 2, 3], undefined],
    [[1, '1'], undefined],
    [[null, 'null'], undefined],
    [
      [
        [1, 2],
        [2, 1],
      ],
      undefined,
    ],
    [
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      'must NOT have duplicate items (items ## 0 and 1 are identical)',
    ],
    [['b', 'a', 'a', 'b'], 'must NOT have duplicate items (items ## 1 and 2 are identical)'],
    [[0, -0], 'must NOT have duplicate items (items ## 0 and 1 are identical)'],
    [[JSON.parse('{"__proto__": 1}'), { constructor: 1 }], undefined],
    [
      [JSON.parse('{"__proto__": 1}'), JSON.parse('{"__proto__": 1}')],
      'must NOT have duplicate items (items ## 0 and 1 are identical)',
    ],
    [['__proto__', '__proto__'], 'must NOT have duplicate items (items ## 0 and 1 are identical)'],
  ];
  it.each(cases)('%j: %s', (data, message) => {
    expect(validate(data)).toBe(message === undefined);
    expect(validate.errors?.map((e) => e.message)[0]).toBe(message);
    if (message) expect(validate.errors?.[0]).toMatchObject({ keyword: 'uniqueItems', instancePath: '' });
  });

  it('agrees with Ajv’s own keyword on which arrays are valid, for every item schema (property)', () => {
    for (const items of ITEM_SCHEMAS) {
      const linear = linearAjv.compile(schemaWith(items));
      const own = ajvOwn.compile(schemaWith(items));
      const item = fc.oneof(
        fc.jsonValue({ maxDepth: 2 }),
        fc.constantFrom(1, '1', 'a', { a: 1 }, { a: [1] }, null),
      );
      fc.assert(
        fc.property(fc.array(item, { maxLength: 8 }), (data) => {
          expect(linear(data)).toBe(own(data));
        }),
        { numRuns: 300 },
      );
    }
  });
});
