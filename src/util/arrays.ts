/**
 * Array helpers for lists as long as a document makes them. `target.push(...items)` and
 * `Math.max(...values)` pass every item as an argument, and V8 runs out of stack at about 150,000
 * arguments: lint of a 100,000-tool document has 250,000 findings.
 */

/** Appends every item of `items` to `target`, and returns `target`. */
export function appendAll<T>(target: T[], items: readonly T[]): T[] {
  for (let i = 0; i < items.length; i++) target.push(items[i] as T);
  return target;
}

/** The largest `measure(item)`, or `floor` when there is none larger. */
export function maxOf<T>(items: readonly T[], measure: (item: T) => number, floor = 0): number {
  let max = floor;
  for (let i = 0; i < items.length; i++) {
    const value = measure(items[i] as T);
    if (value > max) max = value;
  }
  return max;
}
