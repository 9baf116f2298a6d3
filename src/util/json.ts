/** The JSON data model every document decodes to (spec §3.1): no undefined, no non-finite numbers. */
export type JsonPrimitive = string | number | boolean | null;
export type JsonArray = JsonValue[];
export interface JsonObject {
  [key: string]: JsonValue;
}
export type JsonValue = JsonPrimitive | JsonArray | JsonObject;

export function isJsonObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function hasOwn(value: object, key: string): boolean {
  return Object.hasOwn(value, key);
}

/**
 * Defines a property as plain data: assigning `obj['__proto__'] = v` would replace the prototype,
 * and documents are allowed to use `__proto__` as an ordinary key.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

/** True when `object` has a member: no array of its keys is made (lint asks it of every schema node). */
export function hasMembers(object: JsonObject): boolean {
  for (const key in object) if (Object.hasOwn(object, key)) return true;
  return false;
}

/** Deep equality on the JSON data model; object key order is ignored, array order is not. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const aKeys = Object.keys(a);
  const bObj = b as Record<string, unknown>;
  if (aKeys.length !== Object.keys(bObj).length) return false;
  // Indexed loops here and in deepClone: they run over every node of whole catalogs, mostly before
  // V8 has optimised them, where `for...of` allocates an iterator result per key.
  for (let i = 0; i < aKeys.length; i++) {
    const key = aKeys[i] as string;
    if (!Object.hasOwn(bObj, key)) return false;
    if (!jsonEqual((a as Record<string, unknown>)[key], bObj[key])) return false;
  }
  return true;
}

/** Strings JSON writes as they are: quoting them needs no escape pass. */
const PLAIN_STRING = /^[\w $.:/@+-]*$/;

function quoted(text: string): string {
  return PLAIN_STRING.test(text) ? `"${text}"` : JSON.stringify(text);
}

/**
 * Deterministic JSON text with object keys sorted recursively: the basis of canonical comparison.
 * Built by appending to one string (no intermediate arrays), as it runs over whole catalogs.
 */
export function sortedJson(value: unknown): string {
  if (value === null || typeof value !== 'object')
    return typeof value === 'string' ? quoted(value) : (JSON.stringify(value) ?? 'null');
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      out += sortedJson(value[i]);
    }
    return `${out}]`;
  }
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  if (keys.length > 1) keys.sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (i > 0) out += ',';
    out += `${quoted(key)}:${sortedJson(obj[key])}`;
  }
  return `${out}}`;
}

export function deepClone<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(deepClone) as T;
  const out: Record<string, unknown> = {};
  const keys = Object.keys(value);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    setOwn(out, key, deepClone((value as Record<string, unknown>)[key]));
  }
  return out as T;
}
