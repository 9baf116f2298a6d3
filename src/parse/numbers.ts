/** What JSON text can tell about its numbers without a walk over the parsed value. */

/**
 * Number tokens that can decode to an integer beyond ±(2^53 − 1) in JSON text (group 1): sixteen or
 * more digits before any fraction, or an exponent. A token inside the root object follows `:`, `,`
 * or `[` (and whitespace), which keeps hex colours (`#e75e40`) and words out; a string that holds
 * such text (`"a: 1e20"`) only costs the walk.
 */
const LARGE_NUMBER_TOKEN =
  /[:,[][ \t\n\r]*(-?(?:[0-9]{16,}(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?|[0-9]+(?:\.[0-9]+)?[eE][-+]?[0-9]+))/g;

/**
 * False when the JSON text of an object provably holds no unsafe integer, so the walk over every
 * value can be skipped (a regular-expression scan of the text costs a fraction of it): no token
 * above decodes to one. Numbers shorter than sixteen digits without an exponent are below 2^53.
 */
export function jsonMayHoldUnsafeIntegers(text: string): boolean {
  LARGE_NUMBER_TOKEN.lastIndex = 0;
  for (let match = LARGE_NUMBER_TOKEN.exec(text); match !== null; match = LARGE_NUMBER_TOKEN.exec(text)) {
    const value = Number(match[1]);
    if (Number.isInteger(value) && !Number.isSafeInteger(value)) return true;
  }
  return false;
}
