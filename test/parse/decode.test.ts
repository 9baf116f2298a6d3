import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../../src/parse/decode.js';
import { LoadError } from '../../src/parse/errors.js';

describe('decodeUtf8', () => {
  it('decodes ASCII and non-ASCII text alike, dropping one leading byte-order mark', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), fc.boolean(), (text, bom) => {
        const bytes = Buffer.from(`${bom ? '\uFEFF' : ''}${text}`, 'utf8');
        const expected = bom || text.charCodeAt(0) !== 0xfeff ? text : text.slice(1);
        expect(decodeUtf8(bytes, 'x')).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('decodes a view into a larger buffer by its own bytes only', () => {
    const whole = Buffer.from('xx{"a": 1}yy');
    expect(decodeUtf8(whole.subarray(2, 10), 'x')).toBe('{"a": 1}');
  });

  it('rejects invalid UTF-8 with its line and column', () => {
    const bytes = Buffer.concat([Buffer.from('{\n  "a": "'), Buffer.from([0xff]), Buffer.from('"}')]);
    const error = (() => {
      try {
        decodeUtf8(bytes, 'x.json');
      } catch (e) {
        return e;
      }
    })() as LoadError;
    expect(error).toBeInstanceOf(LoadError);
    expect([error.code, error.line, error.column]).toEqual(['invalid-utf8', 2, 9]);
  });
});
