import type { JsonValue } from '../util/json.js';
import { type Ctx, emit, type Polarity, type RawChange, show, showKeyword } from './context.js';
import { fingerprint, sameJson } from './fingerprint.js';
import { acceptsView } from './instance.js';
import type { ChangeKind } from './kinds.js';
import { at, get, memberAt, type View } from './view.js';

/** JSON types as bits; `number` is integer ∪ fraction so that `integer ⊂ number` is plain set inclusion. */
export const NULL = 1;
export const BOOLEAN = 2;
export const STRING = 4;
export const OBJECT = 8;
export const ARRAY = 16;
export const INTEGER = 32;
export const FRACTION = 64;
export const NUMBER = INTEGER | FRACTION;
export const ANY = 127;

const BY_NAME: Record<string, number> = {
  null: NULL,
  boolean: BOOLEAN,
  string: STRING,
  object: OBJECT,
  array: ARRAY,
  integer: INTEGER,
  number: NUMBER,
};

function isValidType(type: JsonValue | undefined): boolean {
  if (type === undefined) return true;
  const names = Array.isArray(type) ? type : [type];
  return names.every((name) => typeof name === 'string' && Object.hasOwn(BY_NAME, name));
}

function maskOfType(type: JsonValue | undefined): number {
  // An unrecognised type name makes the schema invalid: read as "anything", and reported unknown.
  if (type === undefined || !isValidType(type)) return ANY;
  let mask = 0;
  for (const name of Array.isArray(type) ? type : [type]) mask |= BY_NAME[name as string] as number;
  return mask;
}

export function maskOfValue(value: JsonValue): number {
  if (value === null) return NULL;
  if (typeof value === 'boolean') return BOOLEAN;
  if (typeof value === 'string') return STRING;
  if (typeof value === 'number') return Number.isInteger(value) ? INTEGER : FRACTION;
  return Array.isArray(value) ? ARRAY : OBJECT;
}

/** Types allowed by `type` and the OpenAPI-style `nullable: true` (which Ajv honours beside `type`). */
export function declaredMask(view: View): number {
  const type = get(view, 'type');
  let mask = maskOfType(type);
  if (type !== undefined && get(view, 'nullable') === true) mask |= NULL;
  return mask;
}

interface Values {
  values: JsonValue[];
  pointers: string[];
  keyword: 'enum' | 'const';
}

/** The allowed values; with both `const` and `enum` (merged views), their intersection. */
function valuesOf(view: View): Values | undefined {
  const list = get(view, 'enum');
  const enumValues = Array.isArray(list) ? list : undefined;
  if (view.entries.has('const')) {
    const value = get(view, 'const') as JsonValue;
    const allowed = !enumValues || enumValues.some((v) => sameJson(v, value));
    return { values: allowed ? [value] : [], pointers: allowed ? [at(view, 'const')] : [], keyword: 'const' };
  }
  if (!enumValues) return undefined;
  return {
    values: enumValues,
    pointers: enumValues.map((_, i) => memberAt(view, 'enum', i)),
    keyword: 'enum',
  };
}

/** Types the schema can accept at all: `type` intersected with the types of its enum values. */
export function effectiveMask(view: View): number {
  let mask = declaredMask(view);
  const values = valuesOf(view);
  if (values) {
    let valueMask = 0;
    for (const value of values.values) valueMask |= maskOfValue(value);
    mask &= valueMask;
  }
  return mask;
}

function typeKind(
  before: number,
  after: number,
): { kind: ChangeKind; effect: 'narrowed' | 'widened' | 'changed' } {
  const added = after & ~before;
  const removed = before & ~after;
  if (removed === 0) {
    if (added === NULL) return { kind: 'nullable-added', effect: 'widened' };
    if (added === FRACTION && (before & INTEGER) !== 0)
      return { kind: 'type-integer-widened-to-number', effect: 'widened' };
    return { kind: 'type-added', effect: 'widened' };
  }
  if (added === 0) {
    if (removed === NULL) return { kind: 'nullable-removed', effect: 'narrowed' };
    if (removed === FRACTION && (after & INTEGER) !== 0)
      return { kind: 'type-number-narrowed-to-integer', effect: 'narrowed' };
    return { kind: 'type-removed', effect: 'narrowed' };
  }
  return { kind: 'type-changed', effect: 'changed' };
}

export function maskNames(mask: number): string {
  if (mask === ANY) return 'any';
  const names: string[] = [];
  if (mask & NULL) names.push('null');
  if (mask & BOOLEAN) names.push('boolean');
  if (mask & STRING) names.push('string');
  if (mask & OBJECT) names.push('object');
  if (mask & ARRAY) names.push('array');
  if ((mask & NUMBER) === NUMBER) names.push('number');
  else if (mask & INTEGER) names.push('integer');
  else if (mask & FRACTION) names.push('non-integer number');
  return names.length > 0 ? names.join('|') : 'nothing';
}

/** `type`, `nullable`, `enum` and `const`: each compared as the set of values or types it admits. */
export function compareTypes(ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  const hasTypeOld = get(vo, 'type') !== undefined;
  const hasTypeNew = get(vn, 'type') !== undefined;
  const before = effectiveMask(vo);
  const after = effectiveMask(vn);
  if (!isValidType(get(vo, 'type')) || !isValidType(get(vn, 'type'))) {
    if (!sameJson(get(vo, 'type'), get(vn, 'type'))) {
      emit(
        out,
        pol,
        'type-changed',
        at(vo, 'type'),
        at(vn, 'type'),
        'unknown',
        `type ${showKeyword(get(vo, 'type'))} → ${showKeyword(get(vn, 'type'))} (not a valid type)`,
      );
    }
  } else if (before !== after && (hasTypeOld || hasTypeNew)) {
    const po = hasTypeOld ? at(vo, 'type') : vo.pointer;
    const pn = hasTypeNew ? at(vn, 'type') : vn.pointer;
    const text = `type ${maskNames(before)} → ${maskNames(after)}`;
    if (!hasTypeOld && !valuesOf(vo))
      emit(out, pol, 'type-constraint-added', po, pn, 'narrowed', `type constrained: ${text}`);
    else if (!hasTypeNew && !valuesOf(vn))
      emit(out, pol, 'type-constraint-removed', po, pn, 'widened', `type constraint removed: ${text}`);
    else {
      const { kind, effect } = typeKind(before, after);
      emit(out, pol, kind, po, pn, effect, text);
    }
  }
  compareValues(ctx, vo, vn, declaredMask(vo), declaredMask(vn), pol, out);
}

/** The keyword as the schema spells it (an `enum` collected from `const` branches is named so). */
function spelled(view: View, keyword: string): string {
  return view.entries.get(keyword)?.label ?? keyword;
}

function compareValues(
  ctx: Ctx,
  vo: View,
  vn: View,
  maskOld: number,
  maskNew: number,
  pol: Polarity,
  out: RawChange[],
): void {
  const older = valuesOf(vo);
  const newer = valuesOf(vn);
  if (!older && !newer) return;
  if (!older && newer) {
    const kind = newer.keyword === 'const' ? 'const-added' : 'enum-added';
    emit(
      out,
      pol,
      kind,
      vo.pointer,
      at(vn, newer.keyword),
      'narrowed',
      `${spelled(vn, newer.keyword)} set: ${show(get(vn, newer.keyword))}`,
    );
    return;
  }
  if (older && !newer) {
    const kind = older.keyword === 'const' ? 'const-removed' : 'enum-removed';
    emit(
      out,
      pol,
      kind,
      at(vo, older.keyword),
      vn.pointer,
      'widened',
      `${spelled(vo, older.keyword)} removed: ${show(get(vo, older.keyword))}`,
    );
    return;
  }
  if (!older || !newer) return;
  // Values a side's own `type` already rejects are unreachable there and do not count.
  const reachable = (v: Values, mask: number) =>
    v.values
      .map((value, i) => ({ value, pointer: v.pointers[i] as string }))
      .filter((e) => (maskOfValue(e.value) & mask) !== 0);
  const oldValues = reachable(older, maskOld);
  const newValues = reachable(newer, maskNew);
  const index = (entries: { value: JsonValue }[]) => {
    const map = new Map<string, JsonValue[]>();
    for (const { value } of entries) {
      const key = fingerprint(value);
      const bucket = map.get(key);
      if (bucket) bucket.push(value);
      else map.set(key, [value]);
    }
    return map;
  };
  const has = (map: Map<string, JsonValue[]>, value: JsonValue) =>
    (map.get(fingerprint(value)) ?? []).some((v) => sameJson(v, value));
  const oldIndex = index(oldValues);
  const newIndex = index(newValues);
  // A value another branch of the same disjunction decides it takes was neither lost nor gained.
  const alternatives = ctx.alternatives;
  const elsewhere = (which: 0 | 1, value: JsonValue): boolean => {
    if (!alternatives) return false;
    const key = fingerprint(value);
    let known = alternatives.seen[which].get(key);
    if (known === undefined) {
      const side = which === 0 ? ctx.old : ctx.new;
      const views = which === 0 ? alternatives.old : alternatives.new;
      known = views.some((view) => acceptsView(side, view, value) === 'yes');
      alternatives.seen[which].set(key, known);
    }
    return known;
  };
  const removed = oldValues.filter((e) => !has(newIndex, e.value) && !elsewhere(1, e.value));
  const added = newValues.filter((e) => !has(oldIndex, e.value) && !elsewhere(0, e.value));
  if (older.keyword === 'const' && newer.keyword === 'const' && removed.length === 1 && added.length === 1) {
    emit(
      out,
      pol,
      'const-changed',
      at(vo, 'const'),
      at(vn, 'const'),
      'changed',
      `const ${show(get(vo, 'const'))} → ${show(get(vn, 'const'))}`,
    );
    return;
  }
  for (const e of removed)
    emit(
      out,
      pol,
      'enum-value-removed',
      e.pointer,
      at(vn, newer.keyword),
      'narrowed',
      `value ${show(e.value)} no longer allowed`,
    );
  for (const e of added)
    emit(
      out,
      pol,
      'enum-value-added',
      at(vo, older.keyword),
      e.pointer,
      'widened',
      `value ${show(e.value)} now allowed`,
    );
}
