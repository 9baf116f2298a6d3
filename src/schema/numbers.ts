import type { JsonValue } from '../util/json.js';
import { type Ctx, emit, type Polarity, type RawChange, showKeyword } from './context.js';
import { sameJson } from './fingerprint.js';
import type { ChangeKind } from './kinds.js';
import { FRACTION, NUMBER } from './types.js';
import { at, get, type View } from './view.js';

type BoundKindBase =
  | 'minimum'
  | 'maximum'
  | 'exclusive-minimum'
  | 'exclusive-maximum'
  | 'min-length'
  | 'max-length'
  | 'min-items'
  | 'max-items'
  | 'min-properties'
  | 'max-properties'
  | 'min-contains'
  | 'max-contains';

const isCount = (value: JsonValue | undefined): value is number => typeof value === 'number' && value >= 0;

/**
 * A count limit (minLength, maxItems…). An absent `min*` is 0 and an absent `max*` is unbounded,
 * so `minItems: 0` appearing is no change at all.
 */
export function compareCount(
  vo: View,
  vn: View,
  keyword: string,
  side: 'min' | 'max',
  kindBase: BoundKindBase,
  pol: Polarity,
  out: RawChange[],
  implicitMin = 0,
): void {
  const rawOld = get(vo, keyword);
  const rawNew = get(vn, keyword);
  if (rawOld === undefined && rawNew === undefined) return;
  if ((rawOld !== undefined && !isCount(rawOld)) || (rawNew !== undefined && !isCount(rawNew))) {
    if (!sameJson(rawOld, rawNew)) {
      emit(
        out,
        pol,
        'unknown-keyword-changed',
        at(vo, keyword),
        at(vn, keyword),
        'unknown',
        `${keyword} is not a valid count`,
      );
    }
    return;
  }
  const none = side === 'min' ? implicitMin : Number.POSITIVE_INFINITY;
  const before = rawOld ?? none;
  const after = rawNew ?? none;
  if (before === after) return;
  const tighter = side === 'min' ? after > before : after < before;
  const action =
    rawOld === undefined
      ? 'added'
      : rawNew === undefined
        ? 'removed'
        : after > before
          ? 'increased'
          : 'decreased';
  const kind = `${kindBase}-${action}` as ChangeKind;
  emit(
    out,
    pol,
    kind,
    at(vo, keyword),
    at(vn, keyword),
    tighter ? 'narrowed' : 'widened',
    `${keyword} ${showKeyword(rawOld)} → ${showKeyword(rawNew)}`,
  );
}

interface Bound {
  value: number;
  exclusive: boolean;
  keyword: string;
}

/** The tighter of the inclusive and exclusive forms; integers make `exclusiveMinimum: 4` equal `minimum: 5`. */
function effectiveBound(view: View, lower: boolean, integral: boolean): Bound | undefined {
  const inclusiveKey = lower ? 'minimum' : 'maximum';
  const exclusiveKey = lower ? 'exclusiveMinimum' : 'exclusiveMaximum';
  const candidates: Bound[] = [];
  const inclusive = get(view, inclusiveKey);
  const exclusive = get(view, exclusiveKey);
  if (typeof inclusive === 'number')
    candidates.push({ value: inclusive, exclusive: false, keyword: inclusiveKey });
  if (typeof exclusive === 'number')
    candidates.push({ value: exclusive, exclusive: true, keyword: exclusiveKey });
  let best: Bound | undefined;
  for (const candidate of candidates) {
    const c = integral ? toIntegral(candidate, lower) : candidate;
    if (!best || tighterThan(c, best, lower)) best = c;
  }
  return best;
}

function toIntegral(bound: Bound, lower: boolean): Bound {
  const value = lower
    ? bound.exclusive
      ? Math.floor(bound.value) + 1
      : Math.ceil(bound.value)
    : bound.exclusive
      ? Math.ceil(bound.value) - 1
      : Math.floor(bound.value);
  return { value, exclusive: false, keyword: bound.keyword };
}

function tighterThan(a: Bound, b: Bound, lower: boolean): boolean {
  if (a.value !== b.value) return lower ? a.value > b.value : a.value < b.value;
  return a.exclusive && !b.exclusive;
}

const KIND_BASE: Record<string, BoundKindBase> = {
  minimum: 'minimum',
  maximum: 'maximum',
  exclusiveMinimum: 'exclusive-minimum',
  exclusiveMaximum: 'exclusive-maximum',
};

function compareBound(
  vo: View,
  vn: View,
  lower: boolean,
  integral: boolean,
  pol: Polarity,
  out: RawChange[],
): void {
  const before = effectiveBound(vo, lower, integral);
  const after = effectiveBound(vn, lower, integral);
  if (!before && !after) return;
  const describe = (b: Bound | undefined) => (b ? `${b.keyword} ${b.value}` : 'none');
  const message = `${lower ? 'lower' : 'upper'} bound ${describe(before)} → ${describe(after)}`;
  const po = before ? at(vo, before.keyword) : vo.pointer;
  const pn = after ? at(vn, after.keyword) : vn.pointer;
  if (!before && after) {
    emit(
      out,
      pol,
      `${KIND_BASE[after.keyword] as BoundKindBase}-added` as ChangeKind,
      po,
      pn,
      'narrowed',
      message,
    );
    return;
  }
  if (before && !after) {
    emit(
      out,
      pol,
      `${KIND_BASE[before.keyword] as BoundKindBase}-removed` as ChangeKind,
      po,
      pn,
      'widened',
      message,
    );
    return;
  }
  if (!before || !after) return;
  if (before.value === after.value && before.exclusive === after.exclusive) return;
  const narrowed = tighterThan(after, before, lower);
  const edge = lower ? 'minimum' : 'maximum';
  let kind: ChangeKind;
  if (before.value === after.value)
    kind = after.exclusive ? `${edge}-became-exclusive` : `${edge}-became-inclusive`;
  else
    kind =
      `${KIND_BASE[after.keyword] as BoundKindBase}-${after.value > before.value ? 'increased' : 'decreased'}` as ChangeKind;
  emit(out, pol, kind, po, pn, narrowed ? 'narrowed' : 'widened', message);
}

/**
 * Divisibility is only decided for integers: float division makes "a multiple of 0.1" depend on
 * rounding, so other changes are unknown rather than guessed.
 */
function compareMultipleOf(vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  const before = get(vo, 'multipleOf');
  const after = get(vn, 'multipleOf');
  if (before === undefined && after === undefined) return;
  const po = at(vo, 'multipleOf');
  const pn = at(vn, 'multipleOf');
  const message = `multipleOf ${showKeyword(before)} → ${showKeyword(after)}`;
  if (before === undefined) {
    emit(out, pol, 'multiple-of-added', vo.pointer, pn, 'narrowed', message);
    return;
  }
  if (after === undefined) {
    emit(out, pol, 'multiple-of-removed', po, vn.pointer, 'widened', message);
    return;
  }
  if (sameJson(before, after)) return;
  if (
    typeof before !== 'number' ||
    typeof after !== 'number' ||
    !Number.isInteger(before) ||
    !Number.isInteger(after)
  ) {
    emit(
      out,
      pol,
      'multiple-of-changed',
      po,
      pn,
      'unknown',
      `${message} (non-integer divisors are not compared)`,
    );
    return;
  }
  if (after % before === 0) emit(out, pol, 'multiple-of-changed', po, pn, 'narrowed', message);
  else if (before % after === 0) emit(out, pol, 'multiple-of-changed', po, pn, 'widened', message);
  else emit(out, pol, 'multiple-of-changed', po, pn, 'changed', message);
}

export function compareNumbers(
  _ctx: Ctx,
  vo: View,
  vn: View,
  maskOld: number,
  maskNew: number,
  pol: Polarity,
  out: RawChange[],
): void {
  for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
    const before = get(vo, key);
    const after = get(vn, key);
    const odd = (v: JsonValue | undefined) => v !== undefined && typeof v !== 'number';
    // draft-04's boolean `exclusiveMinimum` and other non-numbers are not bounds this engine reads
    if ((odd(before) || odd(after)) && !sameJson(before, after)) {
      emit(
        out,
        pol,
        'unknown-keyword-changed',
        at(vo, key),
        at(vn, key),
        'unknown',
        `${key} is not a number`,
      );
    }
  }
  const integral = (maskOld & NUMBER) !== 0 && ((maskOld | maskNew) & FRACTION) === 0;
  compareBound(vo, vn, true, integral, pol, out);
  compareBound(vo, vn, false, integral, pol, out);
  compareMultipleOf(vo, vn, pol, out);
}
