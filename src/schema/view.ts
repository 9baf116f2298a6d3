import type { JsonObject, JsonValue } from '../util/json.js';
import { isJsonObject } from '../util/json.js';
import { appendPointer } from '../util/pointer.js';
import type { Side } from './context.js';
import { isAnnotation, isKnownIn, STORAGE_KEYWORDS } from './keywords.js';
import type { Dialect } from './refs.js';

export interface Entry {
  value: JsonValue;
  pointer: string;
}

/**
 * The keywords of one schema object, each remembering where it came from. Merging (flattened
 * `allOf`, `anyOf` distributed over its siblings) yields views whose keywords come from several
 * places, and every change must still point at the keyword's real location.
 */
export interface View {
  pointer: string;
  dialect: Dialect;
  entries: Map<string, Entry>;
}

export function viewOf(node: JsonObject, pointer: string, dialect: Dialect): View {
  const entries = new Map<string, Entry>();
  for (const key of Object.keys(node))
    entries.set(key, { value: node[key] as JsonValue, pointer: appendPointer(pointer, key) });
  return { pointer, dialect, entries };
}

/** The keyword's value when the view's dialect gives it a meaning. */
export function get(view: View, key: string): JsonValue | undefined {
  if (!isKnownIn(view.dialect, key)) return undefined;
  return view.entries.get(key)?.value;
}

/** Where the keyword is; for an absent keyword, the nearest existing location: the schema holding it. */
export function at(view: View, key: string): string {
  return view.entries.get(key)?.pointer ?? view.pointer;
}

export function without(view: View, ...keys: string[]): View {
  const entries = new Map(view.entries);
  for (const key of keys) entries.delete(key);
  return { ...view, entries };
}

/** Groups of keywords that read each other: splitting one across two merged views changes meaning. */
const ENTANGLED: readonly (readonly string[])[] = [
  ['properties', 'patternProperties', 'additionalProperties'],
  ['items', 'prefixItems', 'additionalItems'],
  ['contains', 'minContains', 'maxContains'],
  ['if', 'then', 'else'],
];
const NEVER_MERGED = new Set([
  'unevaluatedProperties',
  'unevaluatedItems',
  '$id',
  '$dynamicRef',
  '$recursiveRef',
  '$dynamicAnchor',
  '$recursiveAnchor',
]);

function assertive(view: View): string[] {
  return [...view.entries.keys()].filter(
    (key) => !isAnnotation(key) && !STORAGE_KEYWORDS.has(key) && key !== '$schema',
  );
}

/**
 * `a ∧ b` as one view, when every keyword keeps its meaning; undefined otherwise. Annotations of
 * `a` win: the outer schema's description is the one readers see.
 */
export function merge(a: View, b: View, pointer: string): View | undefined {
  const keysA = assertive(a);
  const keysB = assertive(b);
  for (const key of [...keysA, ...keysB]) if (NEVER_MERGED.has(key)) return undefined;
  const setA = new Set(keysA);
  for (const key of keysB) if (setA.has(key)) return undefined;
  const setB = new Set(keysB);
  for (const group of ENTANGLED) {
    if (group.some((k) => setA.has(k)) && group.some((k) => setB.has(k))) return undefined;
  }
  const entries = new Map(b.entries);
  for (const [key, entry] of a.entries) entries.set(key, entry);
  return { pointer, dialect: a.dialect, entries };
}

/** A schema object whose only assertion is a `$ref` (draft-07 ignores every sibling of `$ref`). */
export function pureRef(side: Side, node: JsonValue): string | undefined {
  if (!isJsonObject(node)) return undefined;
  const ref = node.$ref;
  if (typeof ref !== 'string') return undefined;
  if (side.dialect === 'draft-07') return ref;
  for (const key of Object.keys(node)) {
    if (
      key === '$ref' ||
      isAnnotation(key) ||
      STORAGE_KEYWORDS.has(key) ||
      key === '$schema' ||
      key === '$id'
    )
      continue;
    return undefined;
  }
  return ref;
}

/** Follows pure `$ref`s (at most a few hops, cycles stop) so composition branches can be merged. */
export function derefShallow(side: Side, node: JsonValue, pointer: string): Entry {
  let current: Entry = { value: node, pointer };
  const seen = new Set<JsonValue>();
  for (let hop = 0; hop < 16; hop++) {
    const ref = pureRef(side, current.value);
    if (ref === undefined || seen.has(current.value)) return current;
    seen.add(current.value);
    const target = side.refs.resolve(ref);
    if (!target.ok) return current;
    current = { value: target.node, pointer: target.pointer };
  }
  return current;
}
