import { type JsonObject, type JsonValue, setOwn } from '../../util/json.js';

/** A deep copy of a JSON value (documents are plain data). */
export function clone<T extends JsonValue>(value: T): T {
  return structuredClone(value);
}

/**
 * A copy of `obj` with `key` set to `value`, keeping the author's key order: an existing key stays
 * where it is; a new key goes right before the first of `before` present, else right after the
 * first of `after` present, else at the end.
 */
export function withKey(
  obj: JsonObject,
  key: string,
  value: JsonValue,
  place: { after?: readonly string[]; before?: readonly string[] } = {},
): JsonObject {
  const out: JsonObject = {};
  if (Object.hasOwn(obj, key)) {
    for (const k of Object.keys(obj)) setOwn(out, k, k === key ? value : obj[k]);
    return out;
  }
  const before = place.before?.find((k) => Object.hasOwn(obj, k));
  const after = before === undefined ? place.after?.find((k) => Object.hasOwn(obj, k)) : undefined;
  let placed = false;
  for (const k of Object.keys(obj)) {
    if (k === before && !placed) {
      setOwn(out, key, value);
      placed = true;
    }
    setOwn(out, k, obj[k]);
    if (k === after && !placed) {
      setOwn(out, key, value);
      placed = true;
    }
  }
  if (!placed) setOwn(out, key, value);
  return out;
}

/** A copy of `obj` without `key`. */
export function withoutKey(obj: JsonObject, key: string): JsonObject {
  const out: JsonObject = {};
  for (const k of Object.keys(obj)) if (k !== key) setOwn(out, k, obj[k]);
  return out;
}

export function describe(value: JsonValue | undefined): string {
  return JSON.stringify(value);
}
