/**
 * Where a change shows in the head commit. A change with an `after` location is there already. A
 * removal only has a `before` location, in the base document: it is anchored to the nearest
 * ancestor that survives in head — the same tool (found by its identity key, not its array index,
 * which may have shifted), else its parent collection, else the document root.
 */
import type { JsonValue } from '../util/json.js';
import { escapeSegment, parsePointer } from '../util/pointer.js';

/** Keys that identify an array element across versions (primitives, transports, arguments, icons...). */
const IDENTITY_FIELDS = ['name', 'uri', 'uriTemplate', 'type', 'id', 'src', 'title'] as const;

/**
 * The longest prefix of `pointer` (a base-document pointer) that exists in `head`, with array
 * indices translated by identity. Returns '' (the root) when nothing below it survives.
 */
export function survivingPointer(
  base: JsonValue | undefined,
  head: JsonValue | undefined,
  pointer: string,
): string {
  let segments: string[];
  try {
    segments = parsePointer(pointer);
  } catch {
    return '';
  }
  let out = '';
  let b: JsonValue | undefined = base;
  let h: JsonValue | undefined = head;
  for (const segment of segments) {
    if (Array.isArray(b) && Array.isArray(h)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment)) return out;
      const element = b[Number(segment)];
      const index = matchElement(element, h);
      if (index === undefined) return out;
      out += `/${index}`;
      b = element;
      h = h[index];
    } else if (isObject(b) && isObject(h)) {
      if (!Object.hasOwn(h, segment)) return out;
      out += `/${escapeSegment(segment)}`;
      b = Object.hasOwn(b, segment) ? b[segment] : undefined;
      h = h[segment];
    } else if (b === undefined && isObject(h) && Object.hasOwn(h, segment)) {
      out += `/${escapeSegment(segment)}`;
      h = h[segment];
    } else {
      return out;
    }
  }
  return out;
}

/** Index in `head` of the element that is `element` (same identity key), or undefined. */
function matchElement(element: JsonValue | undefined, head: JsonValue[]): number | undefined {
  if (isObject(element)) {
    for (const field of IDENTITY_FIELDS) {
      const key = element[field];
      if (typeof key !== 'string') continue;
      const found = head.findIndex((candidate) => isObject(candidate) && candidate[field] === key);
      return found === -1 ? undefined : found;
    }
    return undefined;
  }
  // scalars (enum values, required names, tags): the same value, wherever it moved
  if (element !== undefined && element !== null && typeof element !== 'object') {
    const found = head.indexOf(element);
    if (found !== -1) return found;
  }
  return undefined;
}

function isObject(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
