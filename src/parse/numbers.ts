/**
 * Integers beyond ±(2^53 − 1), which readers that decode numbers as doubles change: ruled out in
 * JSON text by a scan, or found in a parsed value by a walk.
 */
import type { JsonValue } from '../util/json.js';

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

/**
 * Calls `found` with the path (reused: copy it to keep it) and value of every integer beyond
 * ±(2^53 − 1) in `value`. One path, extended and shortened in place, and index loops: the walk
 * visits every value of a document and allocates nothing per value.
 */
export function forEachUnsafeInteger(
  value: JsonValue,
  found: (path: readonly (string | number)[], value: number) => void,
): void {
  const path: (string | number)[] = [];
  const visit = (item: JsonValue): void => {
    if (typeof item === 'number') {
      if (Number.isInteger(item) && !Number.isSafeInteger(item)) found(path, item);
      return;
    }
    if (item === null || typeof item !== 'object') return;
    if (Array.isArray(item)) {
      for (let i = 0; i < item.length; i++) {
        path.push(i);
        visit(item[i] as JsonValue);
        path.pop();
      }
      return;
    }
    const keys = Object.keys(item);
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      path.push(key);
      visit(item[key] as JsonValue);
      path.pop();
    }
  };
  visit(value);
}
