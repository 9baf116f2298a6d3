/** Example checks are counted before they run: a `$ref` bomb is "incomplete", never a hang. */
import { describe, expect, it } from 'vitest';
import { fanOutSchema, refBombDocument, refBombSchema } from '../../scripts/hostile-inputs.mjs';
import { validateDocument } from '../../src/validate/index.js';
import { instanceWorkOver } from '../../src/validate/instance-work.js';

describe('instanceWorkOver', () => {
  it.each([
    [
      'a plain object schema',
      { type: 'object', properties: { a: { type: 'string' } } },
      { a: 'x' },
      10,
      false,
    ],
    ['an anyOf bomb of 34 levels', refBombSchema(34), { v: 'x' }, 200_000, true],
    ['an anyOf bomb of 10 levels', refBombSchema(10), { v: 'x' }, 200_000, false],
    ['a fan-out only counts the values present', fanOutSchema(14, 8), { v: { p0: { p1: 'x' } } }, 100, false],
    ['a self-reference on the same value', { $ref: '#' }, 1, 1000, true],
    [
      'a recursive schema over a finite value',
      { properties: { next: { $ref: '#' } } },
      { next: { next: {} } },
      10,
      false,
    ],
    [
      'every pattern property is counted',
      { patternProperties: { a: { anyOf: [{}, {}] }, b: { anyOf: [{}, {}] } } },
      { x: 1 },
      6,
      true,
    ],
    // No reference, and schema size × instance size under the limit: answered without counting.
    ['a small tree under a large limit', { items: { anyOf: [{}, {}] } }, [1, 2, 3], 200_000, false],
    // No reference, but the bound is over the limit: the pairs are counted, and the count decides.
    [
      'a wide tree whose bound is over and whose count is under',
      { properties: { a: { anyOf: [{}, {}, {}, {}] } } },
      { b: 1, c: 2, d: 3 },
      5,
      false,
    ],
    [
      'a wide tree over the limit without any reference',
      { additionalProperties: { anyOf: [{}, {}, {}, {}] } },
      { b: 1, c: 2, d: 3 },
      12,
      true,
    ],
  ])('%s', (_name, schema, instance, limit, over) => {
    expect(instanceWorkOver(schema, instance, limit)).toBe(over);
  });
});

describe('a $ref bomb in a description', () => {
  it('leaves its example check incomplete (a warning at the example), at once', () => {
    const result = validateDocument({ value: JSON.parse(refBombDocument(34)), file: 'bomb.json' });
    expect(result.complete).toBe(false);
    const incomplete = result.findings.filter((f) => f.code === 'incomplete-tool-example-validation');
    expect(incomplete).toHaveLength(1);
    expect(incomplete[0]?.message).toContain('schema visits');
    expect(incomplete[0]?.location.pointer).toMatch(/^\/tools\/0\/examples\/one/);
  });
});
