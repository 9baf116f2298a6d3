/** RFC 6901 JSON Pointer helpers. Pointers are strings: '' is the root, '/a/0/b~1c' a path. */

export type PointerSegment = string | number;

export function escapeSegment(segment: PointerSegment): string {
  // (Custom lint functions are plain JavaScript: a `path` may hold anything, and becomes its text.)
  if (typeof segment !== 'string') return String(segment);
  if (!segment.includes('~') && !segment.includes('/')) return segment;
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapeSegment(segment: string): string {
  if (!segment.includes('~')) return segment;
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

// Indexed loops: pointers are built for every subject, declaration and finding, much of it before
// V8 has optimised this code, where `for...of` costs an iterator per call.
export function toPointer(segments: readonly PointerSegment[]): string {
  let out = '';
  for (let i = 0; i < segments.length; i++) out += `/${escapeSegment(segments[i] as PointerSegment)}`;
  return out;
}

export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`invalid JSON pointer: ${pointer}`);
  return pointer.slice(1).split('/').map(unescapeSegment);
}

export function appendPointer(pointer: string, ...segments: PointerSegment[]): string {
  return pointer + toPointer(segments);
}

export function parentPointer(pointer: string): string | undefined {
  if (pointer === '') return undefined;
  return pointer.slice(0, pointer.lastIndexOf('/'));
}

/** Own-property lookup that never walks the prototype chain (documents are untrusted). */
export function getAtPointer(root: unknown, pointer: string): unknown {
  let current: unknown = root;
  for (const segment of parsePointer(pointer)) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment)) return undefined;
      current = current[Number(segment)];
    } else if (current !== null && typeof current === 'object') {
      if (!Object.hasOwn(current, segment)) return undefined;
      current = (current as Record<string, unknown>)[segment];
    } else {
      return undefined;
    }
  }
  return current;
}

export function isPrefixPointer(prefix: string, pointer: string): boolean {
  return pointer === prefix || pointer.startsWith(`${prefix}/`);
}
