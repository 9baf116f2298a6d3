import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prescanJson } from '../../src/parse/prescan.js';

/** Object members in a parsed value: what the key count must equal for a document without duplicates. */
function countKeys(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + countKeys(v), 0);
  if (value === null || typeof value !== 'object') return 0;
  return Object.entries(value).reduce((n, [, v]) => n + 1 + countKeys(v), 0);
}

describe('prescanJson', () => {
  it('counts every object key of generated JSON, however it is spaced and escaped', () => {
    fc.assert(
      fc.property(fc.json({ depthSize: 'medium' }), fc.boolean(), (text, pretty) => {
        const source = pretty ? JSON.stringify(JSON.parse(text), null, 2) : text;
        expect(prescanJson(source, 10_000)).toEqual({ keys: countKeys(JSON.parse(source)), tooDeepAt: -1 });
      }),
      { numRuns: 300 },
    );
  });

  it('counts a duplicate key twice, ignores brackets, colons and escaped quotes inside strings', () => {
    const text = '{"a": "x\\\\\\": [{", "a" : 1, "b": ["c:", {"d\\"": null}]}';
    expect(prescanJson(text, 10)).toEqual({ keys: 4, tooDeepAt: -1 });
  });

  it('tells an escaped quote from one after escaped backslashes, for any run of them', () => {
    for (let run = 0; run <= 6; run++) {
      const value = `a${'\\'.repeat(run)}"b`;
      const text = JSON.stringify({ [value]: [value, { k: value }], x: '\\' });
      expect(prescanJson(text, 10)).toEqual({ keys: 3, tooDeepAt: -1 });
    }
  });

  it('reports the first bracket past the depth limit', () => {
    expect(prescanJson('[[[[1]]]]', 3)).toEqual({ keys: 0, tooDeepAt: 3 });
    expect(prescanJson('{"a": "[[[[", "b": [[1]]}', 3)).toEqual({ keys: 2, tooDeepAt: -1 });
  });
});
