/**
 * Integers beyond ±(2^53 − 1), which readers that decode numbers as doubles change, found in a
 * parsed value by a walk (a JSON document's own load notes whether it holds any: checkValue).
 */
import type { JsonValue } from '../util/json.js';

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
