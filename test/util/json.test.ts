import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasMembers, sortedJson } from '../../src/util/json.js';

/** The plain definition: what sortedJson must always equal. */
function reference(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${reference(obj[k])}`)
    .join(',')}}`;
}

describe('sortedJson', () => {
  it('equals the plain definition on generated values, keys and strings of every kind', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(sortedJson(value)).toBe(reference(value));
      }),
      { numRuns: 500 },
    );
  });

  it('sorts keys at every level, escapes what JSON escapes and maps -0 and undefined as JSON does', () => {
    expect(sortedJson({ b: [{ d: 1, c: -0 }], a: 'x"\n\u2028', 'k/é': undefined })).toBe(
      '{"a":"x\\"\\n\u2028","b":[{"c":0,"d":1}],"k/é":null}',
    );
    expect(sortedJson(['plain-text_1.2:/@+$ ok', undefined])).toBe('["plain-text_1.2:/@+$ ok",null]');
  });

  it('is the same text for objects that differ only in key order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (dict) => {
        const reversed = Object.fromEntries(Object.entries(dict).reverse());
        expect(sortedJson(reversed)).toBe(sortedJson(dict));
      }),
    );
  });
});

describe('hasMembers', () => {
  it('tells an object with an own member from one without, inherited members aside', () => {
    expect(hasMembers({})).toBe(false);
    expect(hasMembers({ a: null })).toBe(true);
    expect(hasMembers(JSON.parse('{"__proto__": 1}'))).toBe(true);
    expect(hasMembers(Object.create({ inherited: 1 }))).toBe(false);
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
        expect(hasMembers(object as never)).toBe(Object.keys(object).length > 0);
      }),
    );
  });
});
