import type { JsonValue } from '../util/json.js';
import { isJsonObject } from '../util/json.js';
import {
  acceptsSame,
  type Ctx,
  emit,
  type Polarity,
  type RawChange,
  type Side,
  show,
  trial,
} from './context.js';
import { provablyDisjoint } from './expand.js';
import { containsRef, sameJson } from './fingerprint.js';
import { type Answer, acceptsView } from './instance.js';
import { valueOnly } from './values.js';
import { at, derefShallow, type Entry, get, type View, viewOf, without } from './view.js';
import { witnessesOf } from './witness.js';

/** Branches per side above which overlap is not searched (the list is reported unknown). */
export const MAX_OVERLAP_BRANCHES = 512;
/** Old × new branch pairs compared to tell kept branches from added and removed ones. */
export const MAX_OVERLAP_PAIRS = 4096;

interface Branch {
  entry: Entry;
  view: View;
}

function branchesOf(side: Side, list: readonly Entry[]): Branch[] | undefined {
  const out: Branch[] = [];
  for (const entry of list) {
    const target = derefShallow(side, entry.value, entry.pointer);
    if (target.value === false) continue;
    const node = target.value === true ? {} : target.value;
    if (!isJsonObject(node)) return undefined;
    out.push({ entry, view: viewOf(node, target.pointer, side.dialect) });
  }
  return out;
}

/** How a `oneOf` (with its siblings) answers one value: accepted, refused, or undecided. */
function oneOfAnswer(side: Side, rest: View, branches: readonly Branch[], value: JsonValue): Answer {
  if (acceptsView(side, rest, value) !== 'yes') return 'unknown';
  let matches = 0;
  let unknown = false;
  for (const branch of branches) {
    const answer = acceptsView(side, branch.view, value);
    if (answer === 'yes') matches++;
    else if (answer === 'unknown') unknown = true;
  }
  if (matches > 1) return 'no';
  if (unknown) return 'unknown';
  return matches === 1 ? 'yes' : 'no';
}

/** A finite list of values on one side, each provably refused by the other branch: no overlap. */
function valuesMissing(side: Side, a: View, b: View): boolean {
  for (const [list, other] of [
    [a, b],
    [b, a],
  ] as const) {
    if (!valueOnly(list)) continue;
    // Every value, not a sample: the claim is that none is shared.
    const values = list.entries.has('const')
      ? [get(list, 'const') as JsonValue]
      : (get(list, 'enum') as JsonValue[]);
    if (values.length <= 1024 && values.every((value) => acceptsView(side, other, value) === 'no'))
      return true;
  }
  return false;
}

function matchCount(side: Side, branches: readonly Branch[], value: JsonValue): number {
  return branches.filter((b) => acceptsView(side, b.view, value) === 'yes').length;
}

function branchName(entry: Entry): string {
  const index = /\/(\d+)$/.exec(entry.pointer);
  return index ? `oneOf item ${index[1]}` : 'a oneOf branch';
}

/**
 * `oneOf` lists that differ only by branches added (or only by branches removed): the values whose
 * answer changes are exactly those an added branch shares with a kept one (they matched one branch
 * and now match two: refused), or a removed branch shared with a kept one (matched two, now one:
 * accepted). Each such pair is provably disjoint, shown to overlap by a witness value checked
 * against every branch on both sides (witness.ts, instance.ts), or undecided. Reports what it
 * proves and returns false when a pair stays undecided, so that the caller reports the list
 * `unknown`; returns false too when branches were both added and removed, or changed.
 */
export function decideOneOfOverlap(
  ctx: Ctx,
  vo: View,
  vn: View,
  listOld: readonly Entry[],
  listNew: readonly Entry[],
  pol: Polarity,
  out: RawChange[],
): boolean {
  if (listOld.length > MAX_OVERLAP_BRANCHES || listNew.length > MAX_OVERLAP_BRANCHES) return false;
  if (listOld.length * listNew.length > MAX_OVERLAP_PAIRS) return false;
  const oldBranches = branchesOf(ctx.old, listOld);
  const newBranches = branchesOf(ctx.new, listNew);
  if (!oldBranches || !newBranches) return false;
  const same = (a: Branch, b: Branch) =>
    !containsRef(a.entry.value) && !containsRef(b.entry.value)
      ? sameJson(a.entry.value, b.entry.value)
      : acceptsSame(trial(ctx, a.entry.value, b.entry.value, a.entry.pointer, b.entry.pointer));
  const keptOld = new Set<number>();
  const keptNew = new Set<number>();
  newBranches.forEach((b, j) => {
    const i = oldBranches.findIndex((a, k) => !keptOld.has(k) && same(a, b));
    if (i < 0) return;
    keptOld.add(i);
    keptNew.add(j);
  });
  const added = newBranches.filter((_, j) => !keptNew.has(j));
  const removed = oldBranches.filter((_, i) => !keptOld.has(i));
  if (added.length > 0 && removed.length > 0) return false;
  const restOld = without(vo, 'oneOf');
  const restNew = without(vn, 'oneOf');
  const growing = added.length > 0;
  // The side the extra branches are on, and the kept branches beside them there.
  const side = growing ? ctx.new : ctx.old;
  const extra = growing ? added : removed;
  const kept = growing
    ? newBranches.filter((_, j) => keptNew.has(j))
    : oldBranches.filter((_, i) => keptOld.has(i));
  let undecided = false;
  let anyProven = false;
  for (const x of extra) {
    let proven = false;
    let open = false;
    for (const y of kept) {
      if (provablyDisjoint(side, x.view, y.view) || valuesMissing(side, x.view, y.view)) continue;
      const witnesses = [...witnessesOf(side, x.view), ...witnessesOf(side, y.view)];
      const shared = witnesses.find((w) => {
        if (acceptsView(side, x.view, w) !== 'yes' || acceptsView(side, y.view, w) !== 'yes') return false;
        // The value's fate under the other list: accepted there (growing) or refused there.
        const before = oneOfAnswer(ctx.old, restOld, oldBranches, w);
        const after = oneOfAnswer(ctx.new, restNew, newBranches, w);
        return growing ? before === 'yes' && after === 'no' : before === 'no' && after === 'yes';
      });
      if (shared === undefined) {
        open = true;
        continue;
      }
      if (proven) continue;
      proven = true;
      if (growing) {
        const count = matchCount(ctx.new, newBranches, shared);
        emit(
          out,
          pol,
          'one-of-overlap-added',
          at(vo, 'oneOf'),
          x.entry.pointer,
          'narrowed',
          `${show(shared)} matched exactly one oneOf branch and now also matches ${branchName(x.entry)} (${count} in all): it is refused`,
        );
      } else {
        const count = matchCount(ctx.old, oldBranches, shared);
        emit(
          out,
          pol,
          'one-of-overlap-removed',
          x.entry.pointer,
          at(vn, 'oneOf'),
          'widened',
          `${show(shared)} matched ${count} oneOf branches, ${branchName(x.entry)} among them, and now matches exactly one: it is accepted`,
        );
      }
    }
    if (open && !proven) undecided = true;
    anyProven ||= proven;
  }
  // Added branches can only refuse more (removed ones only accept more): one proven overlap
  // decides the effect, and the pairs left undecided could only add to it.
  return anyProven || !undecided;
}
