import type { JsonValue } from '../util/json.js';
import { jsonEqual } from '../util/json.js';
import { isAnnotation } from './keywords.js';
import { declaredMask, maskOfValue } from './types.js';
import { at, type Entry, get, memberAt, type View } from './view.js';

/** Keywords a branch may have and still be only a list of values. */
const VALUE_KEYWORDS = new Set(['type', 'nullable', 'enum', 'const']);

/** A branch that accepts a list of values and nothing else (`{const: "a"}`, `{type: "string", enum: […]}`). */
export function valueOnly(view: View): boolean {
  if (!view.entries.has('const') && !Array.isArray(get(view, 'enum'))) return false;
  for (const key of view.entries.keys())
    if (!VALUE_KEYWORDS.has(key) && !isAnnotation(key) && key !== '$schema') return false;
  return true;
}

/** The values a value-only branch accepts, each with where it is spelled. */
function valuesOf(view: View): { value: JsonValue; pointer: string }[] {
  const mask = declaredMask(view);
  const enumList = get(view, 'enum');
  const listed: { value: JsonValue; pointer: string }[] = Array.isArray(enumList)
    ? enumList.map((value, i) => ({ value, pointer: memberAt(view, 'enum', i) }))
    : [];
  let values = listed;
  if (view.entries.has('const')) {
    const value = get(view, 'const') as JsonValue;
    const allowed = !Array.isArray(enumList) || enumList.some((v) => jsonEqual(v, value));
    values = allowed ? [{ value, pointer: at(view, 'const') }] : [];
  }
  // A value its own branch's `type` rejects is not accepted through that branch.
  return values.filter((v) => (maskOfValue(v.value) & mask) !== 0);
}

export function countValueOnly(branches: readonly View[]): number {
  return branches.filter(valueOnly).length;
}

/**
 * `anyOf: [{const: a}, {const: b}]` is `enum: [a, b]`: the value-only branches of a disjunction
 * become one branch listing every value they accept, so a list reorganised into branches (or back)
 * compares equal. Only keywords every such branch shares (the siblings distributed into them) stay
 * beside the collected `enum`; per-branch annotations go with the branches.
 */
export function collapseValues(branches: readonly View[], pointer: string, label: string): View[] {
  const chosen = branches.filter(valueOnly);
  if (chosen.length < 2) return [...branches];
  const first = chosen[0] as View;
  const shared = new Map<string, Entry>();
  for (const [key, entry] of first.entries) {
    if (VALUE_KEYWORDS.has(key)) continue;
    if (chosen.every((v) => v.entries.get(key)?.pointer === entry.pointer)) shared.set(key, entry);
  }
  const value: JsonValue[] = [];
  const members = new Map<string, string>();
  for (const view of chosen) {
    for (const v of valuesOf(view)) {
      if (value.some((known) => jsonEqual(known, v.value))) continue;
      members.set(String(value.length), v.pointer);
      value.push(v.value);
    }
  }
  shared.set('enum', { value, pointer, members, label });
  const collapsed: View = { pointer, dialect: first.dialect, entries: shared };
  const out: View[] = [];
  for (const view of branches) {
    if (!valueOnly(view)) out.push(view);
    else if (view === first) out.push(collapsed);
  }
  return out;
}

const TYPE_NAMES = new Set(['null', 'boolean', 'string', 'object', 'array', 'integer', 'number']);

/** A branch that admits whole JSON types and constrains nothing else (`{type: "string"}`). */
export function typeOnly(view: View): boolean {
  const type = get(view, 'type');
  if (type === undefined) return false;
  const names = Array.isArray(type) ? type : [type];
  if (!names.every((name) => typeof name === 'string' && TYPE_NAMES.has(name))) return false;
  for (const key of view.entries.keys())
    if (key !== 'type' && !isAnnotation(key) && key !== '$schema') return false;
  return true;
}

export function countTypeOnly(branches: readonly View[]): number {
  return branches.filter(typeOnly).length;
}

/**
 * `anyOf: [{type: string}, {type: number}]` is `type: [string, number]`: the type-only branches of
 * a disjunction become one branch admitting every type they admit (shared keywords kept, as in
 * collapseValues), so a type list split into branches, or joined back, compares equal.
 */
export function collapseTypes(branches: readonly View[], pointer: string): View[] {
  const chosen = branches.filter(typeOnly);
  if (chosen.length < 2) return [...branches];
  const first = chosen[0] as View;
  const shared = new Map<string, Entry>();
  for (const [key, entry] of first.entries) {
    if (key === 'type') continue;
    if (chosen.every((v) => v.entries.get(key)?.pointer === entry.pointer)) shared.set(key, entry);
  }
  const names: string[] = [];
  for (const view of chosen) {
    const type = get(view, 'type') as string | string[];
    for (const name of Array.isArray(type) ? type : [type]) if (!names.includes(name)) names.push(name);
  }
  shared.set('type', { value: names, pointer });
  const collapsed: View = { pointer, dialect: first.dialect, entries: shared };
  const out: View[] = [];
  for (const view of branches) {
    if (!typeOnly(view)) out.push(view);
    else if (view === first) out.push(collapsed);
  }
  return out;
}
