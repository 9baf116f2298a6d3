import { jsonEqual } from '../util/json.js';

/**
 * Structural fingerprints, memoised per object, so that identical subtrees (a schema compared with
 * a re-parsed copy of itself, or unchanged tools) short-circuit in O(children) per node instead of
 * a full deep comparison at every level.
 */
interface Info {
  hash: string;
  /** The subtree contains a `$ref`/`$dynamicRef`/`$recursiveRef`: equal text may still resolve differently. */
  hasRef: boolean;
}

const cache = new WeakMap<object, Info>();

/** cyrb53: fast, well-distributed 53-bit string hash (public domain). */
function hashText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const REF_KEYS = new Set(['$ref', '$dynamicRef', '$recursiveRef']);

function info(value: unknown): Info {
  if (value === null || typeof value !== 'object') {
    const text =
      typeof value === 'string' ? `s${value.length > 24 ? hashText(value) : value}` : String(value);
    return { hash: text, hasRef: false };
  }
  const cached = cache.get(value);
  if (cached) return cached;
  let hasRef = false;
  let text: string;
  if (Array.isArray(value)) {
    const parts: string[] = [];
    for (const item of value) {
      const child = info(item);
      hasRef ||= child.hasRef;
      parts.push(child.hash);
    }
    text = `[${parts.join(',')}]`;
  } else {
    const record = value as Record<string, unknown>;
    const parts: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const child = info(record[key]);
      hasRef ||= child.hasRef || REF_KEYS.has(key);
      parts.push(`${key.length > 24 ? hashText(key) : key}:${child.hash}`);
    }
    text = `{${parts.join(',')}}`;
  }
  const result: Info = { hash: hashText(text), hasRef };
  cache.set(value, result);
  return result;
}

export function fingerprint(value: unknown): string {
  return info(value).hash;
}

export function containsRef(value: unknown): boolean {
  return info(value).hasRef;
}

/** Structural equality: fingerprint first (cheap reject), then a real comparison so collisions cannot lie. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return info(a).hash === info(b).hash && jsonEqual(a, b);
}
