import * as ajvCodegen from 'ajv';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalKey, withSafeKeywords } from '../../src/validate/ajv-keywords.js';

const linearAjv = withSafeKeywords(new Ajv({ allErrors: true, strict: false }), ajvCodegen);
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
          expectSameVerdict(linear, own, data);
        }),
        { numRuns: 300 },
      );
    }
  });
});

/**
 * Ours and Ajv's agree, except where Ajv's deep equality calls a `valueOf` or `toString` key of
 * the data and throws: ours must then give an answer.
 */
function expectSameVerdict(
  ours: (data: unknown) => boolean,
  theirs: (data: unknown) => boolean,
  data: unknown,
) {
  let expected: boolean | undefined;
  try {
    expected = theirs(data);
  } catch (error) {
    // Ajv's deep equality calls a `valueOf` or `toString` key of the data (the crash these
    // keywords fix): there is no verdict of Ajv's to compare with.
    expect(error).toBeInstanceOf(TypeError);
  }
  const verdict = ours(data);
  if (expected === undefined) expect(typeof verdict).toBe('boolean');
  else expect(verdict).toBe(expected);
}

/**
 * Ajv's own validator, or (when Ajv cannot even compile the schema: checking it against the
 * meta-schema compares the enum's values with the same deep equality, so `[{}, {"valueOf": 0}]`
 * throws) one that throws as its validation would.
 */
function ownCompile(schema: object): (data: unknown) => boolean {
  try {
    return ajvOwn.compile(schema);
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return () => {
      throw error;
    };
  }
}

describe('const and enum by canonical JSON', () => {
  const constant = linearAjv.compile({ const: { a: [1, { b: null }], c: 'x' } });
  const oneOf = linearAjv.compile({ enum: [1, '1', null, { a: 1, b: 2 }, [1, 2]] });
  const longEnum = linearAjv.compile({ enum: [...Array.from({ length: 20 }, (_, i) => i), '1', null, true] });
  const cases: [string, (data: unknown) => boolean, unknown, boolean][] = [
    ['const, keys in another order', constant, { c: 'x', a: [1, { b: null }] }, true],
    ['const, one value differs', constant, { c: 'x', a: [1, { b: 0 }] }, false],
    ['const, an extra key', constant, { c: 'x', a: [1, { b: null }], d: 1 }, false],
    ['const, a valueOf key', constant, JSON.parse('{"valueOf": 1}'), false],
    ['enum, a number', oneOf, 1, true],
    ['enum, the same number as a string', oneOf, '1', true],
    ['enum, another number', oneOf, 2, false],
    ['enum, null', oneOf, null, true],
    ['enum, the object with keys reordered', oneOf, { b: 2, a: 1 }, true],
    ['enum, the array reversed', oneOf, [2, 1], false],
    ['enum, a toString key', oneOf, JSON.parse('{"toString": []}'), false],
    ['enum, a __proto__ key', oneOf, JSON.parse('{"__proto__": {"a": 1}}'), false],
    ['long enum of scalars, a number', longEnum, 19, true],
    ['long enum of scalars, -0 for 0', longEnum, -0, true],
    ['long enum of scalars, the string of a listed number', longEnum, '2', false],
    ['long enum of scalars, a listed string', longEnum, '1', true],
    ['long enum of scalars, null and true', longEnum, null, true],
    ['long enum of scalars, false', longEnum, false, false],
    ['long enum of scalars, an object', longEnum, {}, false],
  ];
  it.each(cases)('%s', (_name, validate, data, valid) => {
    expect(validate(data)).toBe(valid);
  });

  it('gives Ajv’s errors', () => {
    expect(constant({})).toBe(false);
    expect((constant as unknown as { errors: unknown[] }).errors[0]).toMatchObject({
      keyword: 'const',
      message: 'must be equal to constant',
      params: { allowedValue: { a: [1, { b: null }], c: 'x' } },
    });
    expect(oneOf(3)).toBe(false);
    expect((oneOf as unknown as { errors: unknown[] }).errors[0]).toMatchObject({
      keyword: 'enum',
      message: 'must be equal to one of the allowed values',
      params: { allowedValues: [1, '1', null, { a: 1, b: 2 }, [1, 2]] },
    });
  });

  it('agrees with Ajv’s own keywords (property)', () => {
    const value = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(
        value,
        value,
        fc.uniqueArray(value, { selector: canonicalKey, minLength: 1, maxLength: 4 }),
        (allowed, data, list) => {
          expectSameVerdict(linearAjv.compile({ const: allowed }), ownCompile({ const: allowed }), data);
          expectSameVerdict(linearAjv.compile({ enum: list }), ownCompile({ enum: list }), data);
          const scalars = [...new Set([...list, allowed].filter((v) => v === null || typeof v !== 'object'))];
          for (let i = scalars.length; i < 12; i++) scalars.push(`filler ${i}`);
          expectSameVerdict(linearAjv.compile({ enum: scalars }), ownCompile({ enum: scalars }), data);
          expectSameVerdict(linearAjv.compile({ const: allowed }), ownCompile({ const: allowed }), allowed);
        },
      ),
      { numRuns: 200 },
    );
  });
});
