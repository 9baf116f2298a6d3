import type { JsonValue } from '../util/json.js';
import { isJsonObject } from '../util/json.js';
import { appendPointer } from '../util/pointer.js';
import type { Side } from './context.js';
import { sameJson } from './fingerprint.js';
import { isAnnotation, TYPE_SCOPED } from './keywords.js';
import { effectiveMask, NULL } from './types.js';
import { at, derefShallow, type Entry, get, merge, type View, viewOf, without } from './view.js';

/**
 * A schema rewritten as a disjunction of conjunctive views, so that spelling changes which do not
 * change meaning (`allOf` flattened or not, `anyOf` beside or inside siblings, nullability as a
 * type array or as a `{type: "null"}` branch) compare equal.
 */
export interface Expansion {
  branches: View[];
  via: 'anyOf' | 'oneOf' | undefined;
  /** Compositions present but left as keywords (their siblings could not be folded in). */
  kept: Set<'allOf' | 'anyOf' | 'oneOf'>;
}

/** Rewrites to skip: when one side must keep a composition as is, the other keeps it too, or they would not line up. */
export type Keep = ReadonlySet<'allOf' | 'anyOf' | 'oneOf'>;

function branchView(
  side: Side,
  value: JsonValue,
  pointer: string,
  dialect: View['dialect'],
): View | false | undefined {
  const target = derefShallow(side, value, pointer);
  if (target.value === true) return { pointer: target.pointer, dialect, entries: new Map() };
  if (target.value === false) return false;
  return isJsonObject(target.value) ? viewOf(target.value, target.pointer, dialect) : undefined;
}

function entriesOf(view: View, key: string): Entry[] | undefined {
  const list = get(view, key);
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const base = at(view, key);
  return list.map((value, i) => ({ value, pointer: appendPointer(base, i) }));
}

/** `R ∧ allOf[A, B]` is `R ∧ A ∧ B` whenever the keywords can share one object. */
function flattenAllOf(side: Side, view: View): View {
  const list = entriesOf(view, 'allOf');
  if (!list) return view;
  let acc = without(view, 'allOf');
  for (const entry of list) {
    const branch = branchView(side, entry.value, entry.pointer, view.dialect);
    if (!branch) return view;
    const merged = merge(acc, branch, view.pointer);
    if (!merged) return view;
    acc = merged;
  }
  return acc;
}

function onlyNull(view: View): boolean {
  const keys = [...view.entries.keys()].filter((k) => !isAnnotation(k));
  return (
    keys.length > 0 &&
    effectiveMask(view) === NULL &&
    keys.every((k) => k === 'type' || k === 'enum' || k === 'const')
  );
}

/**
 * `X ∨ null` equals X with `null` added to its type when every keyword of X is type-scoped (it
 * cannot reject null on its own); `enum`/`const` get `null` added too.
 */
function absorbNull(side: Side, view: View, key: 'anyOf' | 'oneOf'): View {
  const list = entriesOf(view, key);
  if (list?.length !== 2) return view;
  const branches = list.map((e) => branchView(side, e.value, e.pointer, view.dialect));
  const nullIndex = branches.findIndex((b) => b && onlyNull(b));
  if (nullIndex < 0) return view;
  const other = branches[1 - nullIndex];
  if (!other) return view;
  const type = get(other, 'type');
  for (const k of other.entries.keys()) {
    if (
      !isAnnotation(k) &&
      !TYPE_SCOPED.has(k) &&
      k !== 'type' &&
      k !== 'enum' &&
      k !== 'const' &&
      k !== 'nullable'
    )
      return view;
  }
  if (type === undefined) return view;
  // oneOf rejects a null that both branches accept
  if (key === 'oneOf' && (effectiveMask(other) & NULL) !== 0) return view;
  const entries = new Map(other.entries);
  const types = Array.isArray(type) ? type : [type];
  if (!types.includes('null')) entries.set('type', { value: [...types, 'null'], pointer: at(other, 'type') });
  const values = other.entries.has('const') ? [get(other, 'const') as JsonValue] : get(other, 'enum');
  if (Array.isArray(values)) {
    const pointer = other.entries.has('const') ? at(other, 'const') : at(other, 'enum');
    entries.delete('const');
    entries.set('enum', { value: values.some((v) => v === null) ? values : [...values, null], pointer });
  }
  return merge(without(view, key), { ...other, entries }, view.pointer) ?? view;
}

/** `R ∧ anyOf[A, B]` is `(R ∧ A) ∨ (R ∧ B)`: each branch is compared with its siblings folded in. */
function distribute(side: Side, view: View, key: 'anyOf' | 'oneOf'): View[] | undefined {
  const list = entriesOf(view, key);
  if (!list) return undefined;
  const rest = without(view, key);
  const branches: View[] = [];
  for (const entry of list) {
    const branch = branchView(side, entry.value, entry.pointer, view.dialect);
    if (branch === false) continue;
    if (!branch) return undefined;
    const merged = merge(rest, branch, branch.pointer);
    if (!merged) return undefined;
    branches.push(merged);
  }
  return branches.length > 0 ? branches : undefined;
}

function valueSet(view: View): JsonValue[] | undefined {
  if (view.entries.has('const')) return [get(view, 'const') as JsonValue];
  const list = get(view, 'enum');
  return Array.isArray(list) ? list : undefined;
}

function disjointValues(a: JsonValue[] | undefined, b: JsonValue[] | undefined): boolean {
  return !!a && !!b && a.every((x) => b.every((y) => !sameJson(x, y)));
}

/** Whether no instance can satisfy both: distinct types, disjoint enums, or a required discriminator. */
export function provablyDisjoint(side: Side, a: View, b: View): boolean {
  if ((effectiveMask(a) & effectiveMask(b)) === 0) return true;
  if (disjointValues(valueSet(a), valueSet(b))) return true;
  const requiredA = get(a, 'required');
  const requiredB = get(b, 'required');
  const propsA = get(a, 'properties');
  const propsB = get(b, 'properties');
  if (
    !Array.isArray(requiredA) ||
    !Array.isArray(requiredB) ||
    !isJsonObject(propsA) ||
    !isJsonObject(propsB)
  )
    return false;
  for (const name of requiredA) {
    if (typeof name !== 'string' || !requiredB.includes(name)) continue;
    if (!Object.hasOwn(propsA, name) || !Object.hasOwn(propsB, name)) continue;
    const va = branchView(side, propsA[name] as JsonValue, at(a, 'properties'), a.dialect);
    const vb = branchView(side, propsB[name] as JsonValue, at(b, 'properties'), b.dialect);
    if (va && vb && disjointValues(valueSet(va), valueSet(vb))) return true;
  }
  return false;
}

export function pairwiseDisjoint(side: Side, views: readonly View[]): boolean {
  for (let i = 0; i < views.length; i++) {
    for (let j = i + 1; j < views.length; j++)
      if (!provablyDisjoint(side, views[i] as View, views[j] as View)) return false;
  }
  return true;
}

/** Views of the entries of a composition list, for disjointness tests; undefined when any is not a plain schema. */
export function branchViews(side: Side, view: View, key: string): View[] | undefined {
  const list = entriesOf(view, key);
  if (!list) return undefined;
  const views: View[] = [];
  for (const entry of list) {
    const branch = branchView(side, entry.value, entry.pointer, view.dialect);
    if (branch === undefined) return undefined;
    if (branch === false) continue;
    views.push(branch);
  }
  return views;
}

export function expand(side: Side, view: View, keep: Keep = new Set()): Expansion {
  const kept = new Set<'allOf' | 'anyOf' | 'oneOf'>();
  let v = view;
  if (get(v, 'allOf') !== undefined) {
    const flat = keep.has('allOf') ? v : flattenAllOf(side, v);
    if (flat === v) kept.add('allOf');
    v = flat;
  }
  v = absorbNull(side, v, 'anyOf');
  v = absorbNull(side, v, 'oneOf');
  if (get(v, 'anyOf') !== undefined) {
    const anyOf = keep.has('anyOf') ? undefined : distribute(side, v, 'anyOf');
    if (anyOf) return { branches: anyOf, via: 'anyOf', kept };
    kept.add('anyOf');
  }
  if (get(v, 'oneOf') !== undefined) {
    const oneOf = keep.has('oneOf') ? undefined : branchViews(side, v, 'oneOf');
    const branches = oneOf && pairwiseDisjoint(side, oneOf) ? distribute(side, v, 'oneOf') : undefined;
    if (branches) return { branches, via: 'oneOf', kept };
    kept.add('oneOf');
  }
  return { branches: [v], via: undefined, kept };
}
