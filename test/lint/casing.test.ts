import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CASING_STYLES, type CasingStyle, STYLE_BIT, styleMask } from '../../src/lint/functions/casing.js';

// The definition styleMask computes in one pass (docs/lint.md, casing styles).
const PATTERN: Record<CasingStyle, RegExp> = {
  flat: /^[a-z][a-z0-9]*$/,
  camel: /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$/,
  pascal: /^[A-Z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$/,
  kebab: /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/,
  cobol: /^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*$/,
  snake: /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$|^[a-z][a-z0-9]*(?:_[a-z0-9]+)*_[A-Z][A-Za-z]{0,2}$/,
  macro: /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/,
};
const byPatterns = (text: string) => CASING_STYLES.filter((style) => PATTERN[style].test(text)).sort();
const byMask = (text: string) =>
  CASING_STYLES.filter((style) => (styleMask(text) & STYLE_BIT[style]) !== 0).sort();

describe('styleMask', () => {
  it.each([
    ['getuser', ['camel', 'flat', 'kebab', 'snake']],
    ['getUser', ['camel']],
    ['getHTTP2Url', ['camel']],
    ['GetUser', ['pascal']],
    ['GETUSER', ['cobol', 'macro', 'pascal']],
    ['get-user', ['kebab']],
    ['get_user', ['snake']],
    ['GET-USER', ['cobol']],
    ['GET_USER', ['macro']],
    ['melt_temp_C', ['snake']],
    ['packing_pressure_MPa', ['snake']],
    ['size_MB', ['snake']],
    ['size_MBPS', []],
    ['size_M2', []],
    ['get__user', []],
    ['get_user_', []],
    ['_get', []],
    ['get-user_id', []],
    ['46elks-sms__send_sms', []],
    ['get.user', []],
    ['', []],
    ['x', ['camel', 'flat', 'kebab', 'snake']],
    ['X', ['cobol', 'macro', 'pascal']],
  ])('%s is %j', (text, styles) => {
    expect(byMask(text)).toEqual([...styles].sort());
    expect(byPatterns(text)).toEqual([...styles].sort());
  });

  it('agrees with the patterns on any name (property)', () => {
    const names = fc.string({
      unit: fc.constantFrom(...'aAzZbBmM09_-.é'.split('')),
      maxLength: 12,
    });
    fc.assert(
      fc.property(names, (text) => {
        expect(byMask(text)).toEqual(byPatterns(text));
      }),
      { numRuns: 5000 },
    );
  });
});
