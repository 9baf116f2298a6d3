import type { JsonObject, JsonValue } from '../util/json.js';
import { isJsonObject, jsonEqual } from '../util/json.js';
import { appendPointer } from '../util/pointer.js';
import type { Side } from './context.js';
import { isAnnotation, isKnownIn, STORAGE_KEYWORDS } from './keywords.js';
import type { Dialect } from './refs.js';

export interface Entry {
  value: JsonValue;
  pointer: string;
  /**
   * Where each member of a keyword merged from several places lives (`properties` folded from
   * several `allOf` branches, `enum` collected from `const` branches): member name or index → pointer.
   */
  members?: ReadonlyMap<string, string>;
  /** How messages name a keyword that was assembled rather than spelled (`enum` from `const` branches). */
  label?: string;
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

/** Where one member (a property name, an array index) of a keyword is, merged keywords included. */
export function memberAt(view: View, key: string, member: string | number): string {
  const entry = view.entries.get(key);
  return entry?.members?.get(String(member)) ?? appendPointer(entry?.pointer ?? view.pointer, member);
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
 * `a` win: the outer schema's description is the one readers see. A keyword both sides assert is
 * kept once when they agree (`type: object` repeated by every generated `allOf` branch), and
 * `required` and `properties` are united, the way one object would spell both.
 */
export function merge(a: View, b: View, pointer: string): View | undefined {
  const keysA = assertive(a);
  const keysB = assertive(b);
  for (const key of [...keysA, ...keysB]) if (NEVER_MERGED.has(key)) return undefined;
  const setA = new Set(keysA);
  const setB = new Set(keysB);
  const entries = new Map(b.entries);
  for (const [key, entry] of a.entries) entries.set(key, entry);
  for (const group of ENTANGLED) {
    const inA = group.filter((k) => setA.has(k));
    const inB = group.filter((k) => setB.has(k));
    if (inA.length === 0 || inB.length === 0) continue;
    // The same group spelled identically on both sides is idempotent; two `properties` alone (no
    // pattern or fallback schema reading them) unite; anything else reads across the split.
    const identical =
      inA.length === inB.length &&
      inA.every((k) => inB.includes(k) && sameValue(a.entries.get(k)?.value, b.entries.get(k)?.value));
    if (identical) continue;
    if (inA.length === 1 && inB.length === 1 && inA[0] === 'properties' && inB[0] === 'properties') continue;
    return undefined;
  }
  for (const key of keysB) {
    if (!setA.has(key)) continue;
    const ea = a.entries.get(key) as Entry;
    const eb = b.entries.get(key) as Entry;
    const joined = joinKeyword(key, ea, eb, a, b);
    if (!joined) return undefined;
    entries.set(key, joined);
  }
  return { pointer, dialect: a.dialect, entries };
}

function sameValue(x: JsonValue | undefined, y: JsonValue | undefined): boolean {
  return x !== undefined && y !== undefined && jsonEqual(x, y);
}

const TYPE_NAMES = ['null', 'boolean', 'string', 'object', 'array', 'integer', 'number'];

function typeNames(value: JsonValue): Set<string> | undefined {
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((name) => typeof name === 'string' && TYPE_NAMES.includes(name))) return undefined;
  return new Set(list as string[]);
}

/** `type` names a accepts, read as sets where `integer ⊂ number`. */
function typeWithin(inner: Set<string>, outer: Set<string>): boolean {
  for (const name of inner)
    if (!outer.has(name) && !(name === 'integer' && outer.has('number'))) return false;
  return true;
}

/** One entry asserting what both do, when one keyword can say it; undefined otherwise. */
function joinKeyword(key: string, ea: Entry, eb: Entry, a: View, b: View): Entry | undefined {
  if (jsonEqual(ea.value, eb.value)) return ea;
  if (key === 'type') {
    // `nullable` reads `type` beside it: only identical types keep its meaning.
    if (a.entries.has('nullable') || b.entries.has('nullable')) return undefined;
    const ta = typeNames(ea.value);
    const tb = typeNames(eb.value);
    if (!ta || !tb) return undefined;
    if (typeWithin(ta, tb)) return ea;
    if (typeWithin(tb, ta)) return eb;
    return undefined;
  }
  if (key === 'required') {
    if (!Array.isArray(ea.value) || !Array.isArray(eb.value)) return undefined;
    const value: JsonValue[] = [];
    const members = new Map<string, string>();
    const add = (list: JsonValue[], from: View, entryKey: string) => {
      list.forEach((name, i) => {
        if (value.some((v) => jsonEqual(v, name))) return;
        members.set(String(value.length), memberAt(from, entryKey, i));
        value.push(name);
      });
    };
    add(ea.value, a, key);
    add(eb.value, b, key);
    return { value, pointer: ea.pointer, members };
  }
  if (key === 'properties') {
    if (!isJsonObject(ea.value) || !isJsonObject(eb.value)) return undefined;
    const value: JsonObject = {};
    const members = new Map<string, string>();
    for (const [from, map] of [
      [a, ea.value],
      [b, eb.value],
    ] as const) {
      for (const name of Object.keys(map)) {
        const schema = map[name] as JsonValue;
        if (Object.hasOwn(value, name)) {
          // Two schemas for one property would need their intersection spelled as one.
          if (!jsonEqual(value[name] as JsonValue, schema)) return undefined;
          continue;
        }
        value[name] = schema;
        members.set(name, memberAt(from, key, name));
      }
    }
    return { value, pointer: ea.pointer, members };
  }
  return undefined;
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
