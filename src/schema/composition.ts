import type { JsonValue } from '../util/json.js';
import { isJsonObject } from '../util/json.js';
import { appendPointer } from '../util/pointer.js';
import { acceptsSame, type Ctx, emit, emitSummary, type Polarity, type RawChange, trial } from './context.js';
import { branchViews, pairwiseDisjoint } from './expand.js';
import { containsRef, sameJson } from './fingerprint.js';
import { isAnnotation } from './keywords.js';
import type { ChangeKind } from './kinds.js';
import { matchItems } from './match.js';
import { decideOneOfOverlap } from './overlap.js';
import {
  ARRAY,
  BOOLEAN,
  declaredMask,
  effectiveMask,
  FRACTION,
  INTEGER,
  NULL,
  OBJECT,
  STRING,
} from './types.js';
import { at, type Entry, get, type View, viewOf } from './view.js';

const TRUE: JsonValue = true;

function entries(view: View, key: string): Entry[] | undefined {
  const list = get(view, key);
  if (!Array.isArray(list)) return undefined;
  const base = at(view, key);
  return list.map((value, i) => ({ value, pointer: appendPointer(base, i) }));
}

function isTrivial(entry: Entry): boolean {
  const value = entry.value;
  return value === true || (isJsonObject(value) && Object.keys(value).every(isAnnotation));
}

function isNullBranch(entry: Entry, view: View): boolean {
  return (
    isJsonObject(entry.value) && effectiveMask(viewOf(entry.value, entry.pointer, view.dialect)) === NULL
  );
}

/** Residual `allOf`/`anyOf`/`oneOf` (the ones that could not be folded into their siblings), `not`, conditionals and refs. */
export function compareComposition(ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  compareAllOf(ctx, vo, vn, pol, out);
  compareBranches(ctx, vo, vn, 'anyOf', pol, out);
  compareBranches(ctx, vo, vn, 'oneOf', pol, out);
  compareNot(ctx, vo, vn, pol, out);
  compareConditional(ctx, vo, vn, pol, out);
  compareRefKeyword(ctx, vo, vn, pol, out);
  for (const key of ['$dynamicRef', '$recursiveRef']) {
    const before = get(vo, key);
    const after = get(vn, key);
    if (!sameJson(before, after))
      emit(out, pol, 'dynamic-ref-changed', at(vo, key), at(vn, key), 'unknown', `${key} changed`);
  }
}

function compareAllOf(ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  const before = entries(vo, 'allOf') ?? [];
  const after = entries(vn, 'allOf') ?? [];
  if (before.length === 0 && after.length === 0) return;
  matchItems(
    before,
    after,
    {
      pair: (a, b) => trial(ctx, a.value, b.value, a.pointer, b.pointer),
      mode: 'allOf',
      addedKind: () => 'all-of-subschema-added',
      removedKind: () => 'all-of-subschema-removed',
      trivial: isTrivial,
      pointerOld: at(vo, 'allOf'),
      pointerNew: at(vn, 'allOf'),
      label: 'allOf',
      budget: ctx.pairBudget,
    },
    pol,
    out,
  );
}

function compareBranches(
  ctx: Ctx,
  vo: View,
  vn: View,
  key: 'anyOf' | 'oneOf',
  pol: Polarity,
  out: RawChange[],
): void {
  const before = entries(vo, key);
  const after = entries(vn, key);
  if (!before && !after) return;
  const prefix = key === 'anyOf' ? 'any-of' : 'one-of';
  if (!before || !after) {
    const list = (before ?? after) as Entry[];
    const effect = list.some(isTrivial) && key === 'anyOf' ? 'none' : before ? 'widened' : 'narrowed';
    emit(
      out,
      pol,
      `${prefix}-${before ? 'removed' : 'added'}` as ChangeKind,
      at(vo, key),
      at(vn, key),
      effect,
      `${key} ${before ? 'removed' : 'added'}`,
    );
    return;
  }
  const start = out.length;
  matchItems(
    before,
    after,
    {
      pair: (a, b) => trial(ctx, a.value, b.value, a.pointer, b.pointer),
      mode: 'anyOf',
      addedKind: (e) => (isNullBranch(e, vn) ? 'nullable-added' : (`${prefix}-branch-added` as ChangeKind)),
      removedKind: (e) =>
        isNullBranch(e, vo) ? 'nullable-removed' : (`${prefix}-branch-removed` as ChangeKind),
      pointerOld: at(vo, key),
      pointerNew: at(vn, key),
      label: key,
      budget: ctx.pairBudget,
    },
    pol,
    out,
  );
  // "exactly one" counts matches: even a branch subsumed by another changes the answer unless all are disjoint
  const listChanged =
    !sameJson(get(vo, key), get(vn, key)) || containsRef(get(vo, key)) || containsRef(get(vn, key));
  if (key === 'oneOf' && (listChanged || out.slice(start).some((c) => c.effect !== 'none'))) {
    const oldViews = branchViews(ctx.old, vo, key);
    const newViews = branchViews(ctx.new, vn, key);
    const exclusive =
      oldViews && newViews && pairwiseDisjoint(ctx.old, oldViews) && pairwiseDisjoint(ctx.new, newViews);
    if (!exclusive && oldViews && newViews && oldViews.every(typeOnly) && newViews.every(typeOnly)) {
      compareTypeOnlyOverlap(oldViews, newViews, at(vo, key), at(vn, key), pol, out);
    } else if (!exclusive && !decideOneOfOverlap(ctx, vo, vn, before, after, pol, out)) {
      emit(
        out,
        pol,
        'one-of-exclusivity-unknown',
        at(vo, key),
        at(vn, key),
        'unknown',
        'oneOf branches changed and may overlap',
      );
    }
  }
}

/** A branch that constrains nothing but `type`: every value of an admitted type matches it. */
function typeOnly(view: View): boolean {
  for (const key of view.entries.keys()) if (key !== 'type' && !isAnnotation(key)) return false;
  return true;
}

const TYPE_BITS: readonly [number, string][] = [
  [NULL, 'null'],
  [BOOLEAN, 'a boolean'],
  [STRING, 'a string'],
  [OBJECT, 'an object'],
  [ARRAY, 'an array'],
  [INTEGER, 'an integer'],
  [FRACTION, 'a non-integer number'],
];

/**
 * `oneOf` whose branches all constrain only `type`: a value matches exactly the branches that admit
 * its JSON type, so how many branches a type meets decides it exactly. A type met by one branch
 * before and several now is refused where it was accepted (`number` beside `integer`: 1 matches
 * both); one met by several before and one now is accepted where it was refused.
 */
function compareTypeOnlyOverlap(
  oldViews: readonly View[],
  newViews: readonly View[],
  pointerOld: string,
  pointerNew: string,
  pol: Polarity,
  out: RawChange[],
): void {
  const count = (views: readonly View[], bit: number) =>
    views.filter((v) => (declaredMask(v) & bit) !== 0).length;
  for (const [bit, name] of TYPE_BITS) {
    const before = count(oldViews, bit);
    const after = count(newViews, bit);
    if (before === 1 && after > 1)
      emit(
        out,
        pol,
        'one-of-overlap-added',
        pointerOld,
        pointerNew,
        'narrowed',
        `${name} matched exactly one oneOf branch and now matches ${after}: it is refused`,
      );
    else if (before > 1 && after === 1)
      emit(
        out,
        pol,
        'one-of-overlap-removed',
        pointerOld,
        pointerNew,
        'widened',
        `${name} matched ${before} oneOf branches and now matches exactly one: it is accepted`,
      );
  }
}

/** Under `not` every effect flips: a narrower negated schema accepts more. */
function compareNot(ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  const before = get(vo, 'not');
  const after = get(vn, 'not');
  if (before === undefined && after === undefined) return;
  if (before !== undefined && after !== undefined) {
    ctx.compareNode(ctx, before, after, at(vo, 'not'), at(vn, 'not'), pol === 1 ? -1 : 1, out);
    return;
  }
  const kind = before === undefined ? 'not-added' : 'not-removed';
  emit(
    out,
    pol,
    kind,
    at(vo, 'not'),
    at(vn, 'not'),
    before === undefined ? 'narrowed' : 'widened',
    `not ${before === undefined ? 'added' : 'removed'}`,
  );
}

function compareConditional(ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  const active = (view: View) =>
    get(view, 'if') !== undefined && (get(view, 'then') !== undefined || get(view, 'else') !== undefined);
  const before = active(vo);
  const after = active(vn);
  if (!before && !after) return;
  if (!before || !after) {
    emit(
      out,
      pol,
      before ? 'conditional-removed' : 'conditional-added',
      at(vo, 'if'),
      at(vn, 'if'),
      before ? 'widened' : 'narrowed',
      `if/then/else ${before ? 'removed' : 'added'}`,
    );
    return;
  }
  // `if` is read both ways (it selects then or else), so only an unchanged condition is comparable.
  const condition = trial(
    ctx,
    get(vo, 'if') as JsonValue,
    get(vn, 'if') as JsonValue,
    at(vo, 'if'),
    at(vn, 'if'),
  );
  if (!acceptsSame(condition)) {
    emit(out, pol, 'if-changed', at(vo, 'if'), at(vn, 'if'), 'unknown', 'the if condition changed');
    return;
  }
  out.push(...condition);
  for (const key of ['then', 'else'] as const) {
    const a = get(vo, key);
    const b = get(vn, key);
    if (a === undefined && b === undefined) continue;
    if (a !== undefined && b !== undefined) {
      ctx.compareNode(ctx, a, b, at(vo, key), at(vn, key), pol, out);
      continue;
    }
    const nested = trial(ctx, a ?? TRUE, b ?? TRUE, at(vo, key), at(vn, key));
    emitSummary(
      out,
      pol,
      `${key}-${a === undefined ? 'added' : 'removed'}` as ChangeKind,
      at(vo, key),
      at(vn, key),
      nested,
      `${key} ${a === undefined ? 'added' : 'removed'}`,
    );
  }
}

/** `$ref` beside other keywords (2020-12): one more conjunct, compared through its target. */
function compareRefKeyword(ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  const before = get(vo, '$ref');
  const after = get(vn, '$ref');
  if (before === undefined && after === undefined) return;
  const asNode = (ref: JsonValue | undefined): JsonValue => (typeof ref === 'string' ? { $ref: ref } : TRUE);
  if (before !== undefined && after !== undefined) {
    ctx.compareNode(ctx, asNode(before), asNode(after), vo.pointer, vn.pointer, pol, out);
    return;
  }
  const nested = trial(ctx, asNode(before), asNode(after), vo.pointer, vn.pointer);
  emitSummary(
    out,
    pol,
    before === undefined ? 'ref-added' : 'ref-removed',
    at(vo, '$ref'),
    at(vn, '$ref'),
    nested,
    `$ref ${before === undefined ? 'added' : 'removed'}`,
  );
}
