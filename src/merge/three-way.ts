/**
 * Three-way merge of one description (the git merge driver's core). Pure.
 *
 * Objects merge member by member. Declarations in the scoped collections are matched by identity,
 * never by position: tools and prompts by `name`, resources by `uri`, templates by `uriTemplate`
 * (plus the scope when one side holds several same-key variants); transports by type and url or
 * command, capabilities by scope (falling back to the whole content when that is ambiguous); nested
 * elicitations by `name`. `protocolVersions` arrays merge as sets. Every other array is one value.
 *
 * For each value: equal on both sides → that; changed on one side only → the change; changed on both
 * sides differently → a conflict (`concurrent-edit`, `modify-delete` or `add-add`) and ours is kept
 * there. A merge without conflicts is checked (scope overlap, transport coverage and the validator
 * when one is given); an error neither side had is a conflict (`invalid-result`).
 */
import { canonicalView } from '../model/canonical.js';
import { effectiveScope, rootVersions, SCOPED_COLLECTIONS, type ScopedCollection } from '../model/scopes.js';
import {
  isJsonObject,
  type JsonObject,
  type JsonValue,
  jsonEqual,
  setOwn,
  sortedJson,
} from '../util/json.js';
import type { Location } from '../util/location.js';
import { appendPointer } from '../util/pointer.js';
import type { Conflict, ConflictCode, ConflictSubject, ConflictValue } from './conflicts.js';
import {
  declarationLabel,
  identityOf,
  isPrimitiveCollection,
  locate,
  type MergeInput,
  subjectKind,
} from './support.js';
import { type DocumentValidator, errorFindings, structuralProblems } from './validation.js';

export interface ThreeWayInputs {
  /** The common ancestor; absent when both sides added the file. */
  base?: MergeInput;
  ours: MergeInput;
  theirs: MergeInput;
}

export interface ThreeWayOptions {
  validate?: DocumentValidator;
}

export interface ThreeWayResult {
  /** True when `merged` can replace ours. */
  clean: boolean;
  /** The merge; on conflict, ours at every conflicting place (a proposal, never written over ours). */
  merged: JsonValue;
  conflicts: Conflict[];
}

type Maybe = JsonValue | undefined;
type Side = 'base' | 'ours' | 'theirs';
const SIDES: Side[] = ['base', 'ours', 'theirs'];
type Pointers = Record<Side, string>;

interface Context {
  inputs: ThreeWayInputs;
  conflicts: Conflict[];
  /** Root revision sets, for the effective scope of unscoped variants. */
  roots: Record<Side, string[]>;
}

export function mergeThreeWay(inputs: ThreeWayInputs, options: ThreeWayOptions = {}): ThreeWayResult {
  const ctx: Context = {
    inputs,
    conflicts: [],
    roots: {
      base: inputs.base ? rootVersions(inputs.base.value) : [],
      ours: rootVersions(inputs.ours.value),
      theirs: rootVersions(inputs.theirs.value),
    },
  };
  const merged = mergeValue(
    inputs.base?.value,
    inputs.ours.value,
    inputs.theirs.value,
    pointers(''),
    ctx,
    [],
  );
  const result = (merged === undefined ? inputs.ours.value : merged) as JsonValue;
  if (ctx.conflicts.length > 0) return { clean: false, merged: result, conflicts: ctx.conflicts };

  // A clean merge must not introduce errors that neither side had.
  const known = new Set<string>();
  for (const side of [inputs.ours, inputs.theirs])
    for (const problem of problemsOf(side, options)) known.add(problem.code);
  const fresh = problemsOf({ file: `${inputs.ours.file} (merged)`, value: result }, options).filter(
    (problem) => !known.has(problem.code),
  );
  const conflicts: Conflict[] = fresh.map((problem) => ({
    code: 'invalid-result',
    message: `the merged document would be invalid: [${problem.code}] ${problem.message}`,
    locations: locationsFor(inputs, problem.pointer),
  }));
  return { clean: conflicts.length === 0, merged: result, conflicts };
}

/** Errors of a document: merge's own structural checks, then the validator's (by code). */
function problemsOf(
  input: MergeInput,
  options: ThreeWayOptions,
): { code: string; pointer: string; message: string }[] {
  const problems: { code: string; pointer: string; message: string }[] = structuralProblems(input.value).map(
    (p) => ({
      code: p.code,
      pointer: p.pointer,
      message: p.message,
    }),
  );
  if (options.validate) {
    for (const finding of errorFindings(options.validate(input))) {
      if (!problems.some((p) => p.code === finding.code))
        problems.push({ code: finding.code, pointer: finding.location.pointer, message: finding.message });
    }
  }
  return problems;
}

function locationsFor(inputs: ThreeWayInputs, pointer: string): Location[] {
  return [inputs.ours, inputs.theirs].map((input) => locate(input, pointer));
}

function pointers(pointer: string): Pointers {
  return { base: pointer, ours: pointer, theirs: pointer };
}

function child(p: Pointers, segments: Partial<Record<Side, string | number | undefined>>): Pointers {
  const out = { ...p };
  for (const side of SIDES) {
    const segment = segments[side];
    if (segment !== undefined) out[side] = appendPointer(p[side], segment);
  }
  return out;
}

function same(a: Maybe, b: Maybe, path: readonly string[]): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (isVersionSet(path) && Array.isArray(a) && Array.isArray(b))
    return sortedJson([...new Set(a.map(String))].sort()) === sortedJson([...new Set(b.map(String))].sort());
  return jsonEqual(a, b);
}

function isVersionSet(path: readonly string[]): boolean {
  return path[path.length - 1] === 'protocolVersions';
}

/** `path` is the member path from the root with array positions replaced by `[]`. */
function mergeValue(b: Maybe, o: Maybe, t: Maybe, at: Pointers, ctx: Context, path: string[]): Maybe {
  if (same(o, t, path)) return o;
  if (same(b, o, path)) return t;
  if (same(b, t, path)) return o;
  if (isJsonObject(o) && isJsonObject(t) && (b === undefined || isJsonObject(b)))
    return mergeObject(b as JsonObject | undefined, o, t, at, ctx, path);
  if (Array.isArray(o) && Array.isArray(t) && (b === undefined || Array.isArray(b))) {
    if (isVersionSet(path)) return mergeSet(b as JsonValue[] | undefined, o, t);
    const identity = identityFor(path, ctx);
    if (identity) {
      const merged = mergeKeyed(b as JsonValue[] | undefined, o, t, at, ctx, path, identity);
      if (merged) return merged.length > 0 ? merged : undefined;
    }
  }
  const code: ConflictCode =
    b === undefined ? 'add-add' : o === undefined || t === undefined ? 'modify-delete' : 'concurrent-edit';
  conflict(ctx, code, at, [b, o, t]);
  return o;
}

/**
 * Order of a merged keyed list: ours, with each member only theirs has placed right after its
 * predecessor in theirs (or first), then members only the base still has. Sets and maps, not list
 * searches and splices: a catalog's tools are thousands of members.
 */
export function mergedOrder(
  ours: readonly string[],
  theirs: readonly string[],
  base: readonly string[],
): string[] {
  const placed = new Set(ours);
  // Each id precedes at most one other in theirs, so each anchor gets at most one follower.
  const follower = new Map<string | undefined, string>();
  let previous: string | undefined;
  for (const id of theirs) {
    if (!placed.has(id)) {
      follower.set(previous, id);
      placed.add(id);
    }
    previous = id;
  }
  const order: string[] = [];
  const emit = (anchor: string | undefined) => {
    for (let next = follower.get(anchor); next !== undefined; next = follower.get(next)) order.push(next);
  };
  emit(undefined);
  for (const id of ours) {
    order.push(id);
    emit(id);
  }
  for (const id of base) if (!placed.has(id)) order.push(id);
  return order;
}

function mergeObject(
  b: JsonObject | undefined,
  o: JsonObject,
  t: JsonObject,
  at: Pointers,
  ctx: Context,
  path: string[],
): JsonObject {
  const keys = [...new Set([...Object.keys(o), ...Object.keys(t)])];
  const out: JsonObject = {};
  for (const key of keys) {
    const at2 = child(at, { base: key, ours: key, theirs: key });
    const inOurs = Object.hasOwn(o, key);
    if (b === undefined && inOurs !== Object.hasOwn(t, key)) {
      // Both sides added this object: a member only one of them has is a difference, not an edit.
      conflict(ctx, 'add-add', at2, [undefined, inOurs ? o[key] : undefined, inOurs ? undefined : t[key]]);
      if (inOurs) setOwn(out, key, o[key] as JsonValue);
      continue;
    }
    const value = mergeValue(
      b && Object.hasOwn(b, key) ? b[key] : undefined,
      inOurs ? o[key] : undefined,
      Object.hasOwn(t, key) ? t[key] : undefined,
      at2,
      ctx,
      [...path, key],
    );
    if (value !== undefined) setOwn(out, key, value);
  }
  return out;
}

/** Sets of revisions: ours, plus what theirs added, minus what theirs removed. */
function mergeSet(b: JsonValue[] | undefined, o: JsonValue[], t: JsonValue[]): JsonValue[] {
  const base = new Set((b ?? []).map(String));
  const theirs = new Set(t.map(String));
  const out = o.filter((v) => !(base.has(String(v)) && !theirs.has(String(v))));
  for (const v of t) if (!base.has(String(v)) && !out.some((x) => String(x) === String(v))) out.push(v);
  return out;
}

type Identity = (item: JsonValue, side: Side, all: JsonValue[]) => string | undefined;

function identityFor(path: string[], ctx: Context): Identity | undefined {
  if (path.length === 1 && (SCOPED_COLLECTIONS as readonly string[]).includes(path[0] as string)) {
    const collection = path[0] as ScopedCollection;
    if (isPrimitiveCollection(collection)) {
      // How many declarations of each key a list has, counted once per list: counting per item
      // made a catalog's merge quadratic.
      const counts = new WeakMap<readonly JsonValue[], Map<string, number>>();
      const variantsOf = (all: readonly JsonValue[], key: string): number => {
        let perKey = counts.get(all);
        if (!perKey) {
          perKey = new Map();
          for (const other of all) {
            const otherKey = identityOf(collection, other);
            if (otherKey !== undefined) perKey.set(otherKey, (perKey.get(otherKey) ?? 0) + 1);
          }
          counts.set(all, perKey);
        }
        return perKey.get(key) ?? 0;
      };
      return (item, side, all) => {
        const key = identityOf(collection, item);
        if (key === undefined) return undefined;
        return variantsOf(all, key) > 1
          ? `${key}\u0000${effectiveScope(item, ctx.roots[side]).join(',')}`
          : key;
      };
    }
    if (collection === 'transports')
      return (item) =>
        isJsonObject(item)
          ? sortedJson([item.type ?? null, item.url ?? null, item.command ?? null])
          : undefined;
    return (item, side) => (isJsonObject(item) ? effectiveScope(item, ctx.roots[side]).join(',') : undefined);
  }
  if (path.length === 3 && path[2] === 'elicitations' && isPrimitiveCollection(path[0] as string))
    return (item) => (isJsonObject(item) && typeof item.name === 'string' ? item.name : undefined);
  return undefined;
}

/** Arrays of declarations matched by identity; undefined when identities are missing or ambiguous. */
function mergeKeyed(
  b: JsonValue[] | undefined,
  o: JsonValue[],
  t: JsonValue[],
  at: Pointers,
  ctx: Context,
  path: string[],
  identity: Identity,
): JsonValue[] | undefined {
  const index = (items: JsonValue[] | undefined, side: Side): Map<string, number> | undefined => {
    const map = new Map<string, number>();
    for (const [i, item] of (items ?? []).entries()) {
      const id = identity(item, side, items ?? []);
      if (id === undefined || map.has(id)) return undefined;
      map.set(id, i);
    }
    return map;
  };
  const bi = index(b, 'base');
  const oi = index(o, 'ours');
  const ti = index(t, 'theirs');
  if (!bi || !oi || !ti) {
    // Fall back to whole content for transports and capabilities whose slots are ambiguous.
    if (path[0] === 'transports' || path[0] === 'capabilities') {
      const content: Identity = (item) => sortedJson(canonicalView(item));
      return mergeKeyed(b, o, t, at, ctx, [...path, '#content'], content);
    }
    return undefined;
  }
  const order = mergedOrder([...oi.keys()], [...ti.keys()], [...bi.keys()]);
  const out: JsonValue[] = [];
  const memberPath = [...path.filter((p) => p !== '#content'), '[]'];
  for (const id of order) {
    const bIndex = bi.get(id);
    const oIndex = oi.get(id);
    const tIndex = ti.get(id);
    const value = mergeValue(
      bIndex === undefined ? undefined : b?.[bIndex],
      oIndex === undefined ? undefined : o[oIndex],
      tIndex === undefined ? undefined : t[tIndex],
      child(at, { base: bIndex, ours: oIndex, theirs: tIndex }),
      ctx,
      memberPath,
    );
    if (value !== undefined) out.push(value);
  }
  return out;
}

function conflict(ctx: Context, code: ConflictCode, at: Pointers, values: Maybe[]): void {
  const sides = ctx.inputs.base ? SIDES : (['ours', 'theirs'] as Side[]);
  const present: ConflictValue[] = [];
  const locations: Location[] = [];
  for (const side of sides) {
    const input = ctx.inputs[side] as MergeInput;
    const value = values[SIDES.indexOf(side)];
    locations.push(locate(input, at[side]));
    present.push(value === undefined ? { present: false } : { present: true, value });
  }
  const what =
    code === 'add-add'
      ? 'both sides added different values'
      : code === 'modify-delete'
        ? values[1] === undefined
          ? 'ours deleted what theirs changed'
          : 'theirs deleted what ours changed'
        : 'both sides changed it differently';
  const holder = values[1] !== undefined ? 'ours' : values[2] !== undefined ? 'theirs' : 'base';
  const pointer = at[holder];
  const subject = subjectOf(ctx.inputs[holder]?.value, pointer);
  const label = `${pointer || '(the document)'}${subject ? ` (${subject.kind} ${JSON.stringify(subject.key)})` : ''}`;
  ctx.conflicts.push({
    code,
    message: `${label}: ${what}`,
    ...(subject ? { subject } : {}),
    locations,
    values: present,
  });
}

/** The declaration a pointer is inside, named by its identity. */
function subjectOf(doc: JsonValue | undefined, pointer: string): ConflictSubject | undefined {
  const match = /^\/([A-Za-z]+)\/(\d+)(?:\/|$)/.exec(pointer);
  if (!match || !isJsonObject(doc)) return undefined;
  const collection = match[1] as string;
  if (!(SCOPED_COLLECTIONS as readonly string[]).includes(collection)) return undefined;
  const items = doc[collection];
  const item = Array.isArray(items) ? items[Number(match[2])] : undefined;
  if (item === undefined) return undefined;
  return {
    kind: subjectKind(collection as ScopedCollection),
    key:
      identityOf(collection as ScopedCollection, item) ??
      declarationLabel(collection as ScopedCollection, item),
  };
}
