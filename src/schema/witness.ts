import type { JsonObject, JsonValue } from '../util/json.js';
import { isJsonObject, jsonEqual } from '../util/json.js';
import type { Side } from './context.js';
import { ARRAY, BOOLEAN, declaredMask, FRACTION, INTEGER, NULL, OBJECT, STRING } from './types.js';
import { derefShallow, get, type View, viewOf } from './view.js';

/** Witnesses one branch yields at most: enough for its values and bounds, few enough to check them all. */
const MAX_PER_BRANCH = 24;

function numbers(view: View, integer: boolean): number[] {
  const out: number[] = integer ? [0, 1, -1] : [0.5, -0.5];
  for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']) {
    const bound = get(view, key);
    if (typeof bound !== 'number' || !Number.isFinite(bound)) continue;
    if (integer) {
      const base = Math.round(bound);
      out.push(base, base + 1, base - 1);
    } else out.push(bound + 0.5, bound - 0.5);
  }
  return out;
}

function strings(view: View): string[] {
  const out = ['', 'a'];
  // A pattern that is a plain literal, anchored or not, names a string it matches.
  const pattern = get(view, 'pattern');
  if (typeof pattern === 'string') {
    const literal = pattern.replace(/^\^/, '').replace(/\$$/, '');
    if (literal.length <= 64 && !/[\\^$.|?*+()[\]{}]/.test(literal)) out.push(literal);
  }
  for (const key of ['minLength', 'maxLength']) {
    const length = get(view, key);
    if (typeof length === 'number' && length >= 0 && length <= 64) out.push('a'.repeat(length));
  }
  return out;
}

/** A value for one property: the first witness of its schema, or a string when it has none. */
function propertyValue(side: Side, node: JsonValue, depth: number): JsonValue {
  const target = derefShallow(side, node, '');
  if (!isJsonObject(target.value)) return 'a';
  const [first] = witnessesOf(side, viewOf(target.value, target.pointer, side.dialect), depth + 1);
  return first ?? 'a';
}

function objects(side: Side, view: View, depth: number): JsonValue[] {
  const out: JsonValue[] = [{}];
  if (depth > 2) return out;
  const required = get(view, 'required');
  const properties = get(view, 'properties');
  if (!Array.isArray(required) || required.length === 0) return out;
  const filled: JsonObject = {};
  for (const name of required) {
    if (typeof name !== 'string') continue;
    const schema = isJsonObject(properties) ? properties[name] : undefined;
    filled[name] = schema === undefined ? 'a' : propertyValue(side, schema, depth);
  }
  out.push(filled);
  return out;
}

/**
 * Candidate instances of one branch: its `const`/`enum` values, then values typical of each type
 * it admits (bounds and one past them, lengths, an object filled with its required properties).
 * They are guesses, not members: every use checks them against the schemas (instance.ts).
 */
export function witnessesOf(side: Side, view: View, depth = 0): JsonValue[] {
  const out: JsonValue[] = [];
  const add = (value: JsonValue) => {
    if (out.length < MAX_PER_BRANCH && !out.some((known) => jsonEqual(known, value))) out.push(value);
  };
  if (view.entries.has('const')) add(get(view, 'const') as JsonValue);
  const list = get(view, 'enum');
  if (Array.isArray(list)) for (const value of list) add(value);
  if (out.length > 0) return out;
  const mask = declaredMask(view);
  if (mask & NULL) add(null);
  if (mask & BOOLEAN) {
    add(true);
    add(false);
  }
  if (mask & INTEGER) for (const n of numbers(view, true)) add(n);
  if (mask & FRACTION) for (const n of numbers(view, false)) add(n);
  if (mask & STRING) for (const s of strings(view)) add(s);
  if (mask & OBJECT) for (const o of objects(side, view, depth)) add(o);
  if (mask & ARRAY) add([]);
  return out;
}
