import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/util/hash.js';

const native = (input: string | Uint8Array) => createHash('sha256').update(input).digest('hex');

describe('sha256Hex', () => {
  it('gives the published digests', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('agrees with node:crypto on texts (UTF-8) and bytes, on both sides of the JavaScript/native cut', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 3000 }), (text) => {
        expect(sha256Hex(text)).toBe(native(text));
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 9000 }), (bytes) => {
        expect(sha256Hex(bytes)).toBe(native(bytes));
      }),
      { numRuns: 100 },
    );
    for (const size of [4095, 4096, 4097, 100_000]) {
      const text = 'é'.repeat(size);
      expect(sha256Hex(text)).toBe(native(text));
    }
  });
});
