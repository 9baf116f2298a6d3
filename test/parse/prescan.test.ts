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

  it('lists where the items of a root-level array of objects or arrays start, and no other', () => {
    const text =
      '{"tools": [ {"a": "[,{"}, [1, 2] ,{} ], "mixed": [{}, 1], "empty": [], "deep": [[[{}]]], "o": {"x": [{}]}}';
    const items = new Map<number, number[]>();
    prescanJson(text, 10, items);
    const tools = text.indexOf('[');
    expect([...items]).toEqual([
      [tools, [text.indexOf('{"a"'), text.indexOf('[1'), text.indexOf('{} ]')]],
      [text.indexOf('[[[{'), [text.indexOf('[[{')]],
    ]);
  });

  it('lists item starts that agree with the parsed document (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.array(fc.oneof(fc.object(), fc.array(fc.json())), { maxLength: 5 })),
        fc.boolean(),
        (root, pretty) => {
          const text = JSON.stringify(root, null, pretty ? 2 : 0);
          const items = new Map<number, number[]>();
          prescanJson(text, 1000, items);
          for (const [start, offsets] of items) {
            const array = JSON.parse(text.slice(start, matchingClose(text, start) + 1)) as unknown[];
            expect(offsets).toHaveLength(array.length);
            offsets.forEach((offset, i) => {
              expect(JSON.parse(text.slice(offset, matchingClose(text, offset) + 1))).toEqual(array[i]);
            });
          }
          const arrays = Object.values(root).filter((list) => list.length > 0);
          expect(items.size).toBe(arrays.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('reports the first bracket past the depth limit', () => {
    expect(prescanJson('[[[[1]]]]', 3)).toEqual({ keys: 0, tooDeepAt: 3 });
    expect(prescanJson('{"a": "[[[[", "b": [[1]]}', 3)).toEqual({ keys: 2, tooDeepAt: -1 });
  });
});

/** Offset of the bracket closing the one at `start` (strings skipped). */
function matchingClose(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}
