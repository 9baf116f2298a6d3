import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify as stringifyYaml } from 'yaml';
import {
  type LineStarts,
  prescanJson,
  prescanYamlCompactDepth,
  YAML_BYTES_PER_LINE,
  YAML_BYTES_PER_VALUE,
  yamlCostBeyond,
  yamlSecondDocumentAt,
} from '../../src/parse/prescan.js';

/** Object members in a parsed value: what the key count must equal for a document without duplicates. */
function countKeys(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + countKeys(v), 0);
  if (value === null || typeof value !== 'object') return 0;
  return Object.entries(value).reduce((n, [, v]) => n + 1 + countKeys(v), 0);
}

/** Values in a parsed value (scalars and containers; keys are not values). */
function countValues(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + countValues(v), 1);
  if (value === null || typeof value !== 'object') return 1;
  return Object.values(value).reduce((n: number, v) => n + countValues(v), 1);
}

describe('prescanJson', () => {
  it('counts every object key and value of generated JSON, however it is spaced and escaped', () => {
    fc.assert(
      fc.property(fc.json({ depthSize: 'medium' }), fc.boolean(), (text, pretty) => {
        const source = pretty ? JSON.stringify(JSON.parse(text), null, 2) : text;
        const values = countValues(JSON.parse(source));
        expect(prescanJson(source, 10_000)).toEqual({
          keys: countKeys(JSON.parse(source)),
          tooDeepAt: -1,
          valuesAtMost: values,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('counts a duplicate key twice, ignores brackets, colons and escaped quotes inside strings', () => {
    const text = '{"a": "x\\\\\\": [{", "a" : 1, "b": ["c:", {"d\\"": null}]}';
    expect(prescanJson(text, 10)).toEqual({ keys: 4, tooDeepAt: -1, valuesAtMost: 7 });
  });

  it('tells an escaped quote from one after escaped backslashes, for any run of them', () => {
    for (let run = 0; run <= 6; run++) {
      const value = `a${'\\'.repeat(run)}"b`;
      const text = JSON.stringify({ [value]: [value, { k: value }], x: '\\' });
      expect(prescanJson(text, 10)).toMatchObject({ keys: 3, tooDeepAt: -1 });
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
    expect(prescanJson('[[[[1]]]]', 3)).toMatchObject({ keys: 0, tooDeepAt: 3 });
    expect(prescanJson('{"a": "[[[[", "b": [[1]]}', 3)).toMatchObject({ keys: 2, tooDeepAt: -1 });
  });

  it('lists where every line starts, as a search for newlines does, for any spacing (property)', () => {
    const newlines = (text: string) => {
      const starts = [0];
      for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
      return starts;
    };
    fc.assert(
      fc.property(fc.json({ depthSize: 'medium' }), fc.integer({ min: 0, max: 3 }), (text, indent) => {
        const source = JSON.stringify(JSON.parse(text), null, indent === 3 ? '\t\r\n ' : indent);
        const lines: LineStarts = {};
        prescanJson(source, 10_000, undefined, lines);
        expect([...(lines.starts ?? [])]).toEqual(newlines(source));
      }),
      { numRuns: 300 },
    );
    const lines: LineStarts = {};
    prescanJson('{"a": [[[1]]]}\n', 2, undefined, lines);
    expect(lines.starts).toBeUndefined(); // stopped early (too deep): no table
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

/** YAML nodes of a value: every scalar and collection, and every mapping key. */
function countNodes(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + countNodes(v), 1);
  if (value === null || typeof value !== 'object') return 1;
  return Object.values(value).reduce((n: number, v) => n + 1 + countNodes(v), 1);
}

/** The estimate yamlCostBeyond makes: the largest budget it passes, plus one. */
function yamlCost(text: string): number {
  let low = 0;
  let high = 1;
  while (yamlCostBeyond(text, high) >= 0) high *= 2;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (yamlCostBeyond(text, mid) >= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

const V = YAML_BYTES_PER_VALUE;
const L = YAML_BYTES_PER_LINE;

describe('yamlCostBeyond', () => {
  it.each([
    ['- 1\n- 2\n', 3 * V + 2 * L],
    ['a: 1\nb: 2\n', 5 * V + 2 * L],
    ['a:\n  - - 1\n    - 2\n', 6 * V + 3 * L],
    ['? a\n? b\n', 5 * V + 2 * L],
    ['{"a":1,"b":[1,2]}', 11 * V],
    ['[]', 3 * V],
    ['description: "x: y, z"\n', 6 * V + L],
    ['# a comment\n\n\n', V + 3 * L],
  ])('estimates %j at %i bytes', (text, cost) => {
    expect(yamlCost(text)).toBe(cost);
  });

  it('returns where the estimate passes the budget, -1 when it does not', () => {
    const text = '- a\n- b\n- c\n';
    expect(yamlCostBeyond(text, 3 * V + 2 * L)).toBe(text.indexOf('- c'));
    expect(yamlCostBeyond(text, 4 * V + 3 * L)).toBe(-1);
  });

  it('never estimates fewer values than a document has, block or flow style (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.boolean(), (value, flow) => {
        const text = flow ? JSON.stringify(value) : stringifyYaml(value);
        const lines = text.split('\n').length - 1;
        expect(yamlCost(text) - lines * L).toBeGreaterThanOrEqual(countNodes(value) * V);
      }),
      { numRuns: 300 },
    );
  });
});

describe('yamlSecondDocumentAt', () => {
  it.each([
    ['a: 1\n', -1],
    ['---\na: 1\n', -1],
    ['%YAML 1.2\n---\na: 1\n...\n# done\n', -1],
    ['# intro\n--- # first\na: |\n  ---\n  text\n', -1],
    ['a: 1\n---\nb: 2\n', 5],
    ['---\n---\n', 4],
    ['a: 1\n...\nb: 2\n', 9],
    ['a: 1\r\n--- \r\n', 6],
    ['a: ---\n---x: 1\n', -1],
  ])('%j: %i', (text, at) => {
    expect(yamlSecondDocumentAt(text)).toBe(at);
  });

  it('finds none in one document written by the yaml package (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        expect(yamlSecondDocumentAt(stringifyYaml(value))).toBe(-1);
      }),
      { numRuns: 300 },
    );
  });
});

describe('prescanYamlCompactDepth', () => {
  it('finds the indicator past the limit in a compact block chain, at a line start only', () => {
    expect(prescanYamlCompactDepth(`a:\n  ${'- '.repeat(5)}x\n`, 4)).toBe(5 + 8);
    expect(prescanYamlCompactDepth(`a:\n  ${'- '.repeat(4)}x\n`, 4)).toBe(-1);
    expect(prescanYamlCompactDepth(`a: "${'- '.repeat(50)}"\n`, 4)).toBe(-1);
    expect(prescanYamlCompactDepth(`a: b ${'- '.repeat(50)}\n`, 4)).toBe(-1);
  });
});
