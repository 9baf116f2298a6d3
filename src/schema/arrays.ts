import type { JsonValue } from '../util/json.js';
import { appendPointer } from '../util/pointer.js';
import {
  acceptsSame,
  type Ctx,
  emit,
  emitSummary,
  type Polarity,
  type RawChange,
  show,
  trial,
} from './context.js';
import type { ChangeKind } from './kinds.js';
import { compareCount } from './numbers.js';
import { assertionsDiffer, isSelfContained } from './unevaluated.js';
import { at, type Entry, get, type View } from './view.js';

interface Shape {
  prefix: Entry[];
  /** Schema for items after the prefix; undefined means unconstrained. */
  rest: (Entry & { key: string }) | undefined;
}

/** Tuple prefix and rest schema, read per dialect (draft-07 `items: [...]` + `additionalItems`, 2020-12 `prefixItems` + `items`). */
function shapeOf(view: View): Shape {
  const items = get(view, 'items');
  let prefix: Entry[] = [];
  let rest: Shape['rest'];
  const entry = (key: string) => {
    const value = get(view, key);
    return value === undefined ? undefined : { value, pointer: at(view, key), key };
  };
  if (Array.isArray(items)) {
    const base = at(view, 'items');
    prefix = items.map((value, i) => ({ value, pointer: appendPointer(base, i) }));
    rest = entry('additionalItems');
  } else {
    const tuple = get(view, 'prefixItems');
    if (Array.isArray(tuple)) {
      const base = at(view, 'prefixItems');
      prefix = tuple.map((value, i) => ({ value, pointer: appendPointer(base, i) }));
    }
    rest = entry('items');
  }
  if (!rest && isSelfContained(view, ['contains'])) rest = entry('unevaluatedItems');
  return { prefix, rest };
}

const TRUE: JsonValue = true;

export function compareArrays(ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  const so = shapeOf(vo);
  const sn = shapeOf(vn);
  const length = Math.max(so.prefix.length, sn.prefix.length);
  for (let i = 0; i < length; i++) {
    const a = so.prefix[i];
    const b = sn.prefix[i];
    if (a && b) {
      ctx.compareNode(ctx, a.value, b.value, a.pointer, b.pointer, pol, out);
      continue;
    }
    const older = a ?? so.rest ?? { value: TRUE, pointer: vo.pointer };
    const newer = b ?? sn.rest ?? { value: TRUE, pointer: vn.pointer };
    const nested = trial(ctx, older.value, newer.value, older.pointer, newer.pointer);
    const kind: ChangeKind = a ? 'prefix-item-removed' : 'prefix-item-added';
    // A closed tail makes the edit a length change: say so, naming the keyword that closed it.
    let message = `tuple position ${i} ${a ? 'lost its own schema' : 'got its own schema'}`;
    if (!a && so.rest?.value === false)
      message = `tuple lengthened: position ${i}, refused by ${so.rest.key} false, now has its own schema`;
    else if (!b && sn.rest?.value === false)
      message = `tuple shortened: position ${i} is now refused by ${sn.rest.key} false`;
    emitSummary(out, pol, kind, older.pointer, newer.pointer, nested, message);
  }
  compareRest(ctx, vo, vn, so, sn, pol, out);
  compareContains(ctx, vo, vn, pol, out);
  compareCount(vo, vn, 'minItems', 'min', 'min-items', pol, out);
  compareCount(vo, vn, 'maxItems', 'max', 'max-items', pol, out);
  const uniqueBefore = get(vo, 'uniqueItems') === true;
  const uniqueAfter = get(vn, 'uniqueItems') === true;
  if (uniqueBefore !== uniqueAfter) {
    const kind = uniqueAfter ? 'unique-items-added' : 'unique-items-removed';
    emit(
      out,
      pol,
      kind,
      at(vo, 'uniqueItems'),
      at(vn, 'uniqueItems'),
      uniqueAfter ? 'narrowed' : 'widened',
      `uniqueItems ${uniqueBefore} → ${uniqueAfter}`,
    );
  }
  compareUnevaluatedItems(vo, vn, pol, out);
}

function compareRest(
  ctx: Ctx,
  vo: View,
  vn: View,
  so: Shape,
  sn: Shape,
  pol: Polarity,
  out: RawChange[],
): void {
  if (!so.rest && !sn.rest) return;
  if (so.rest && sn.rest) {
    const closedOld = so.rest.value === false;
    const closedNew = sn.rest.value === false;
    if (closedOld !== closedNew) {
      // Say what closing or opening the tail means for a tuple rather than "the schema rejects
      // every value", which reads as if no array were accepted.
      const length = closedOld ? so.prefix.length : sn.prefix.length;
      const longer =
        length === 0 ? 'non-empty arrays' : `arrays longer than ${length} item${length === 1 ? '' : 's'}`;
      emit(
        out,
        pol,
        closedNew ? 'schema-false-added' : 'schema-false-removed',
        so.rest.pointer,
        sn.rest.pointer,
        closedNew ? 'narrowed' : 'widened',
        `${so.rest.key} ${show(so.rest.value)} → ${sn.rest.key} ${show(sn.rest.value)}: ${longer} ${closedNew ? 'are refused' : sn.rest.value === true ? 'are accepted' : 'are accepted when their extra items match'}`,
      );
      return;
    }
    ctx.compareNode(ctx, so.rest.value, sn.rest.value, so.rest.pointer, sn.rest.pointer, pol, out);
    return;
  }
  const older = so.rest ?? { value: TRUE, pointer: vo.pointer, key: '' };
  const newer = sn.rest ?? { value: TRUE, pointer: vn.pointer, key: '' };
  const key = so.rest ? so.rest.key : newer.key;
  const unevaluated = key === 'unevaluatedItems';
  const kind: ChangeKind = so.rest
    ? unevaluated
      ? 'unevaluated-items-removed'
      : 'items-removed'
    : unevaluated
      ? 'unevaluated-items-added'
      : 'items-added';
  const nested = trial(ctx, older.value, newer.value, older.pointer, newer.pointer);
  const present = (so.rest ?? sn.rest) as Entry & { key: string };
  const length = so.rest ? so.prefix.length : sn.prefix.length;
  const tail =
    present.value === false && !unevaluated
      ? `: ${length === 0 ? 'non-empty arrays' : `arrays longer than ${length} item${length === 1 ? '' : 's'}`} ${so.rest ? 'are accepted' : 'are refused'}`
      : '';
  emitSummary(
    out,
    pol,
    kind,
    older.pointer,
    newer.pointer,
    nested,
    `${key} ${present.value === false ? 'false ' : ''}${so.rest ? 'removed' : 'added'}${tail}`,
  );
}

function compareContains(ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  const before = get(vo, 'contains');
  const after = get(vn, 'contains');
  if (before === undefined && after === undefined) return;
  const trivial = (view: View) => get(view, 'minContains') === 0 && get(view, 'maxContains') === undefined;
  if (before === undefined || after === undefined) {
    const view = before === undefined ? vn : vo;
    const effect = trivial(view) ? 'none' : before === undefined ? 'narrowed' : 'widened';
    const kind = before === undefined ? 'contains-added' : 'contains-removed';
    emit(
      out,
      pol,
      kind,
      at(vo, 'contains'),
      at(vn, 'contains'),
      effect,
      `contains ${before === undefined ? 'added' : 'removed'}`,
    );
    return;
  }
  // Under a maximum, fewer matching items can also help: the contains schema is then not monotone.
  if (get(vo, 'maxContains') !== undefined || get(vn, 'maxContains') !== undefined) {
    const nested = trial(ctx, before, after, at(vo, 'contains'), at(vn, 'contains'));
    if (!acceptsSame(nested))
      emit(
        out,
        pol,
        'contains-changed',
        at(vo, 'contains'),
        at(vn, 'contains'),
        'unknown',
        'contains schema changed under maxContains',
      );
  } else {
    ctx.compareNode(ctx, before, after, at(vo, 'contains'), at(vn, 'contains'), pol, out);
  }
  compareCount(vo, vn, 'minContains', 'min', 'min-contains', pol, out, 1);
  compareCount(vo, vn, 'maxContains', 'max', 'max-contains', pol, out);
}

function compareUnevaluatedItems(vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  const before = get(vo, 'unevaluatedItems');
  const after = get(vn, 'unevaluatedItems');
  if (before === undefined && after === undefined) return;
  // Self-contained views already folded unevaluatedItems into the rest schema.
  if (isSelfContained(vo, ['contains']) && isSelfContained(vn, ['contains'])) return;
  if (assertionsDiffer(vo, vn)) {
    emit(
      out,
      pol,
      'unevaluated-items-context-changed',
      at(vo, 'unevaluatedItems'),
      at(vn, 'unevaluatedItems'),
      'unknown',
      'items evaluated by applicators may differ',
    );
  }
}
