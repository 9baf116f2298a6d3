/** Pointer patterns of overrides and ignores (`*` = one segment, `**` = any number). */
import { parsePointer } from '../util/pointer.js';

/**
 * True when `pointer` is at or below a place the pattern names (`*` one segment, `**` any number).
 * The pattern is walked once, keeping every depth of the pointer it can have reached: trying each
 * split for each `**` in turn took the pointer's depth to the power of the `**`s.
 */
export function matchesPointerPattern(pattern: string, pointer: string): boolean {
  const want = parsePointer(pattern);
  const have = parsePointer(pointer);
  // reached[j]: the pattern so far can end having matched the first j segments of the pointer
  let reached: boolean[] = [true];
  for (const segment of want) {
    const next: boolean[] = [];
    let any = false;
    if (segment === '**') {
      const first = reached.indexOf(true);
      for (let j = first; j <= have.length; j++) next[j] = any = true;
    } else {
      for (let j = 0; j < have.length; j++) {
        if (reached[j] && (segment === '*' || segment === have[j])) next[j + 1] = any = true;
      }
    }
    if (!any) return false;
    reached = next;
  }
  // prefix: everything below a matched place matches too
  return true;
}
