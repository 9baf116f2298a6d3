import { describe, expect, it } from 'vitest';
import { appendAll, maxOf } from '../../src/util/arrays.js';

// More items than V8 accepts as arguments of one call (about 150,000).
const MANY = 300_000;

describe('array helpers for document-sized lists', () => {
  it('appendAll appends in order, any number of items', () => {
    expect(appendAll([1], [2, 3])).toEqual([1, 2, 3]);
    const many = Array.from({ length: MANY }, (_, i) => i);
    const target = appendAll(['x'] as (string | number)[], many);
    expect(target).toHaveLength(MANY + 1);
    expect(target[MANY]).toBe(MANY - 1);
    expect(() => ([] as number[]).push(...many)).toThrow(RangeError);
  });

  it('maxOf measures any number of items, with a floor for none', () => {
    expect(maxOf([], (s: string) => s.length)).toBe(0);
    expect(maxOf(['a', 'abc', 'ab'], (s) => s.length)).toBe(3);
    expect(maxOf([-5], (n: number) => n, -Infinity)).toBe(-5);
    const many = Array.from({ length: MANY }, (_, i) => `${i}`);
    expect(maxOf(many, (s) => s.length)).toBe(String(MANY - 1).length);
  });
});
