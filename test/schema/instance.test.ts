import { describe, expect, it } from 'vitest';
import type { Side } from '../../src/schema/context.js';
import { type Answer, acceptsNode } from '../../src/schema/instance.js';
import { detectDialect, RefResolver } from '../../src/schema/refs.js';
import type { JsonValue } from '../../src/util/json.js';
import { conditional } from './support/table.js';

/**
 * The three-valued instance checker that decides `oneOf` overlaps and values kept by another
 * branch: `yes` and `no` are proofs, anything it does not model is `unknown`.
 */
function check(schema: JsonValue, value: JsonValue): Answer {
  const side: Side = { root: schema, dialect: detectDialect(schema), refs: new RefResolver(schema) };
  return acceptsNode(side, schema, '', value);
}

const D7 = 'http://json-schema.org/draft-07/schema#';

const ROWS: [name: string, schema: JsonValue, value: JsonValue, answer: Answer][] = [
  ['true accepts anything', true, 1, 'yes'],
  ['false accepts nothing', false, 1, 'no'],
  ['type integer takes 1', { type: 'integer' }, 1, 'yes'],
  ['type integer refuses 1.5', { type: 'integer' }, 1.5, 'no'],
  ['type number takes an integer', { type: 'number' }, 3, 'yes'],
  ['nullable beside type takes null', { type: 'string', nullable: true }, null, 'yes'],
  ['const', { const: 'a' }, 'a', 'yes'],
  ['const refuses another value', { const: 'a' }, 'b', 'no'],
  ['enum compares structurally', { enum: [{ a: 1 }] }, { a: 1 }, 'yes'],
  ['minimum', { minimum: 10 }, 9, 'no'],
  ['exclusiveMaximum', { exclusiveMaximum: 10 }, 10, 'no'],
  ['multipleOf on integers', { multipleOf: 3 }, 9, 'yes'],
  ['multipleOf on fractions is undecided', { multipleOf: 0.1 }, 0.3, 'unknown'],
  ['number keywords do not apply to strings', { minimum: 10 }, 'a', 'yes'],
  ['maxLength counts code points', { maxLength: 1 }, '😀', 'yes'],
  ['pattern', { pattern: '^a' }, 'abc', 'yes'],
  ['pattern refuses', { pattern: '^a' }, 'x', 'no'],
  ['format is undecided for strings', { format: 'email' }, 'x', 'unknown'],
  ['format does not apply to numbers', { format: 'email' }, 1, 'yes'],
  ['required', { required: ['a'] }, {}, 'no'],
  ['properties', { properties: { a: { type: 'string' } } }, { a: 1 }, 'no'],
  ['additionalProperties false', { properties: { a: {} }, additionalProperties: false }, { b: 1 }, 'no'],
  ['patternProperties', { patternProperties: { '^x': { type: 'integer' } } }, { xa: 'no' }, 'no'],
  ['2020-12 tuple', { prefixItems: [{ type: 'string' }], items: false }, ['a', 1], 'no'],
  ['draft-07 tuple', { $schema: D7, items: [{ type: 'string' }], additionalItems: false }, ['a'], 'yes'],
  [
    'draft-07 tuple too long',
    { $schema: D7, items: [{ type: 'string' }], additionalItems: false },
    ['a', 'b'],
    'no',
  ],
  ['uniqueItems', { uniqueItems: true }, [1, 1], 'no'],
  ['contains is undecided', { contains: { type: 'string' } }, [1], 'unknown'],
  ['anyOf with one yes', { anyOf: [{ format: 'email' }, { type: 'string' }] }, 'x', 'yes'],
  ['oneOf matching two refuses', { oneOf: [{ type: 'integer' }, { type: 'number' }] }, 1, 'no'],
  ['oneOf with an undecided branch', { oneOf: [{ type: 'integer' }, { format: 'email' }] }, 'x', 'unknown'],
  ['not', { not: { type: 'string' } }, 1, 'yes'],
  ['if/then', conditional({ type: 'string' }, { minLength: 2 }) as JsonValue, 'a', 'no'],
  ['$ref to $defs', { $defs: { s: { type: 'string' } }, $ref: '#/$defs/s' }, 1, 'no'],
  ['an unresolvable $ref is undecided', { $ref: '#/$defs/missing' }, 1, 'unknown'],
  ['a no decides beside an unknown', { format: 'email', maxLength: 1 }, 'xyz', 'no'],
];

describe('three-valued instance checker', () => {
  it.each(ROWS)('%s', (_name, schema, value, answer) => {
    expect(check(schema, value)).toBe(answer);
  });
});
