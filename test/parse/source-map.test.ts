import fc from 'fast-check';
import jsonSourceMap from 'json-source-map';
import { describe, expect, it } from 'vitest';
import { findingPosition, loadDocument, type SourceMap } from '../../src/parse/index.js';

type OracleEntry = { value: { line: number; column: number }; key?: { line: number; column: number } };

/** Our value and key positions for `pointer` are json-source-map's (0-based there, 1-based here). */
function expectOracleAgrees(ours: SourceMap, pointer: string, entry: OracleEntry): void {
  expect(ours.locate(pointer)).toEqual({ line: entry.value.line + 1, column: entry.value.column + 1 });
  if (entry.key)
    expect(ours.locateKey(pointer)).toEqual({ line: entry.key.line + 1, column: entry.key.column + 1 });
}

describe('source maps', () => {
  it('locates values and keys in JSON', () => {
    const doc = loadDocument('{\n  "a": {\n    "b": [1, {"c": 2}],\n    "d/e": true\n  }\n}', {
      file: 'x.json',
    });
    expect(doc.sourceMap.locate('/a/b/1/c')).toEqual({ line: 3, column: 20 });
    expect(doc.sourceMap.locateKey('/a/b/1/c')).toEqual({ line: 3, column: 15 });
    expect(doc.sourceMap.locate('/a/b/0')).toEqual({ line: 3, column: 11 });
    expect(doc.sourceMap.locate('/a/d~1e')).toEqual({ line: 4, column: 12 });
    expect(doc.sourceMap.has('/a/zz')).toBe(false);
    // A missing pointer falls back to its nearest ancestor.
    expect(doc.sourceMap.locate('/a/zz')).toEqual({ line: 2, column: 8 });
  });

  it('places syntax errors by the text itself (the prescan saw lines only outside strings)', () => {
    expect(() => loadDocument('{"a": "x\ny",\n "b": }', { file: 'x.json' })).toThrow(
      expect.objectContaining({ code: 'json-syntax', line: 1, column: 9 }),
    );
    expect(() => loadDocument('{"a": "x",\n\n "b": }', { file: 'x.json' })).toThrow(
      expect.objectContaining({ code: 'json-syntax', line: 3, column: 7 }),
    );
  });

  it('finds escaped keys, canonical array indexes only, and survives malformed pointers', () => {
    const text = '{"a\\u0062": {"x~y/z": [10, 20]}, "q\\"": "s\\\\"}';
    const map = loadDocument(text, { file: 'x.json' }).sourceMap;
    expect(map.locate('/ab/x~0y~1z/1')).toEqual({ line: 1, column: 28 });
    expect(map.locateKey('/ab')).toEqual({ line: 1, column: 2 });
    expect(map.locate('/q"')).toEqual({ line: 1, column: 41 });
    expect(map.has('/ab/x~0y~1z/01')).toBe(false);
    expect(map.has('/ab/x~0y~1z/2')).toBe(false);
    expect(map.locate('no-slash')).toEqual({ line: 1, column: 1 });
    expect(map.locate('/q"/deeper')).toEqual({ line: 1, column: 41 });
    // a key written with an escape is found by what it decodes to, never by its raw text
    const escaped = loadDocument('{"x\\\\y": 1, "z": 2}', { file: 'x.json' }).sourceMap;
    expect(escaped.has('/x\\y')).toBe(true);
    expect(escaped.has('/x\\\\y')).toBe(false);
    // Written as long as the name, with an escape: `a\nb` (a newline) is not the name `a\\nb`.
    const same = loadDocument('{"a\\nb": 1, "a\\\\nb": 2, "\\u0061": 3}', { file: 'x.json' }).sourceMap;
    expect(same.locate('/a\nb')).toEqual({ line: 1, column: 10 });
    expect(same.locate('/a\\nb')).toEqual({ line: 1, column: 22 });
    expect(same.locate('/a')).toEqual({ line: 1, column: 35 });
    expect(same.has('/a\\n')).toBe(false);
  });

  it('agrees with json-source-map on a large document, in any lookup order (listed containers, reused paths)', () => {
    const doc = {
      info: { name: 'big' },
      tools: Array.from({ length: 1500 }, (_, i) => ({
        name: `tool_${i}`,
        // Brackets, quotes and backslashes inside strings: skipping a value must not count them.
        description: `${'x'.repeat(i % 40)}${i % 3 === 0 ? ' "{[" \\ ]} \\"' : ''}`,
        inputSchema: {
          type: 'object',
          properties: {
            [`p${i}`]: { type: 'string', description: i % 2 === 0 ? 'a "[{" b \\' : '}]' },
            'a/b~c': { enum: [i] },
          },
        },
        // After the schema: finding it skips the schema, brackets in its strings and all.
        annotations: { title: `t${i}` },
        // A tool's keys are listed by the prescan: one written with escapes, one a pointer escapes.
        'we/ird~"key': i,
      })),
      tail: [1, 2, 3],
    };
    for (const text of [JSON.stringify(doc), JSON.stringify(doc, null, 2)]) {
      const ours = loadDocument(text, { file: 'x.json' }).sourceMap;
      const oracle = Object.entries(jsonSourceMap.parse(text).pointers);
      expect(text.length).toBeGreaterThan(64 * 1024);
      fc.assert(
        fc.property(fc.array(fc.nat(oracle.length - 1), { minLength: 1, maxLength: 60 }), (picks) => {
          for (const pick of picks) {
            const [pointer, entry] = oracle[pick] as (typeof oracle)[number];
            expectOracleAgrees(ours, pointer, entry);
            expect(ours.nearest(`${pointer}/missing`)).toBe(pointer);
          }
        }),
        { numRuns: 50 },
      );
    }
  });

  it('locates values and keys in YAML, including keys without a value', () => {
    const doc = loadDocument('a:\n  b:\n    - 1\n    - c: 2\n  empty:\n', { file: 'x.yaml' });
    expect(doc.sourceMap.locate('/a/b/1/c')).toEqual({ line: 4, column: 10 });
    expect(doc.sourceMap.locateKey('/a/b/1/c')).toEqual({ line: 4, column: 7 });
    expect(doc.sourceMap.locate('/a/b/0')).toEqual({ line: 3, column: 7 });
    expect(doc.sourceMap.locate('/a/empty')).toEqual({ line: 5, column: 3 });
    expect(doc.sourceMap.nearest('/a/b/1/zz/0')).toBe('/a/b/1');
    expect(doc.sourceMap.nearest('/zz')).toBe('');
  });

  it('places a finding in one lookup where its three steps place it (present or not, at a key or not)', () => {
    /** The same map without `place`: findingPosition then takes nearest, locate and locateKey. */
    const stepwise = (map: SourceMap): SourceMap => ({
      locate: (pointer) => map.locate(pointer),
      locateKey: (pointer) => map.locateKey(pointer),
      has: (pointer) => map.has(pointer),
      nearest: (pointer) => map.nearest(pointer),
    });
    fc.assert(
      fc.property(fc.json({ depthSize: 'medium' }), fc.boolean(), (text, pretty) => {
        const source = pretty ? JSON.stringify(JSON.parse(text), null, 2) : text;
        const pointers = Object.keys(jsonSourceMap.parse(source).pointers);
        const probes = pointers.flatMap((p) => [p, `${p}/~missing`, `${p}/0/x`]).concat(['no-slash']);
        // Two maps: one lookup each would hide what a previous lookup leaves behind.
        const fast = loadDocument(source, { file: 'x.json' }).sourceMap;
        const slow = stepwise(loadDocument(source, { file: 'x.json' }).sourceMap);
        expect(fast.place).toBeDefined();
        for (const pointer of probes)
          for (const atKey of [false, true])
            expect(findingPosition(fast, pointer, atKey)).toEqual(findingPosition(slow, pointer, atKey));
      }),
      { numRuns: 200 },
    );
    // Under a member found after a comma (pretty-printed and compact), and in an empty object.
    const text = '{\n  "a": 1,\n  "b": {},\n  "c": {"d": [1, {"e": 2}],"f": 3}\n}';
    const map = loadDocument(text, { file: 'x.json' }).sourceMap;
    expect(findingPosition(map, '/c/f', true)).toEqual({ line: 4, column: 28 });
    expect(findingPosition(map, '/c/f', false)).toEqual({ line: 4, column: 33 });
    expect(findingPosition(map, '/b/x', false)).toEqual({ line: 3, column: 3 });
    expect(findingPosition(map, '/b/x', true)).toEqual({ line: 3, column: 8 });
    expect(findingPosition(map, '/c/d/1/e/z', false)).toEqual({ line: 4, column: 19 });
  });

  it('agrees with json-source-map on generated JSON documents (oracle)', () => {
    fc.assert(
      fc.property(fc.json({ depthSize: 'medium' }), fc.boolean(), (text, pretty) => {
        const source = pretty ? JSON.stringify(JSON.parse(text), null, 2) : text;
        const ours = loadDocument(source, { file: 'x.json' }).sourceMap;
        const oracle = jsonSourceMap.parse(source).pointers;
        for (const [pointer, entry] of Object.entries(oracle)) {
          expectOracleAgrees(ours, pointer, entry);
          expect(ours.has(pointer)).toBe(true);
          // a pointer below it that is not in the document falls back to it
          expect(ours.locate(`${pointer}/~missing`)).toEqual(ours.locate(pointer));
          expect(ours.has(`${pointer}/~missing`)).toBe(false);
          expect(ours.nearest(pointer)).toBe(pointer);
          expect(ours.nearest(`${pointer}/~missing/0`)).toBe(pointer);
        }
      }),
      { numRuns: 300 },
    );
  });
});
