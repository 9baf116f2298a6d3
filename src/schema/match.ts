import { emit, type PairBudget, type Polarity, type RawChange, reorient } from './context.js';
import type { ChangeKind } from './kinds.js';

export interface Item {
  pointer: string;
}

export interface MatchSpec<T extends Item> {
  /** Changes from `a` to `b`, polarity +1. */
  pair: (a: T, b: T) => RawChange[];
  /** Disjunction: an extra branch widens. Conjunction: an extra condition narrows. */
  mode: 'anyOf' | 'allOf';
  addedKind: (item: T) => ChangeKind;
  removedKind: (item: T) => ChangeKind;
  /** Whether the item accepts everything (an extra conjunct like that changes nothing). */
  trivial?: (item: T) => boolean;
  /** Where the whole list lives on each side, for the side an item is missing from. */
  pointerOld: string;
  pointerNew: string;
  label: string;
  /** Pair comparisons left for the whole schema comparison; shared by nested lists. */
  budget?: PairBudget;
}

/** Lists up to this many pairs compare every old item with every new one. */
export const FULL_MATCH_PAIRS = 4096;
/** Beyond that, an item is compared with the items this close to its own index. */
export const MATCH_WINDOW = 16;
/** Pair comparisons per schema comparison before lists are matched index to index only. */
export const PAIR_BUDGET = 200_000;

/**
 * How a message names an item: by the index it has in its own list (a list can be shorter than
 * the one written, when `const` branches were read as one enum), or as those branches.
 */
function itemName(label: string, item: Item, index: number): string {
  const own = /\/(\d+)$/.exec(item.pointer);
  if (own) return `${label} item ${own[1]}`;
  return item.pointer.endsWith(label) ? `the const branches of ${label}` : `${label} item ${index}`;
}

function score(changes: readonly RawChange[]): number {
  let total = 0;
  for (const change of changes) {
    if (change.effect === 'changed') total += 1000;
    else if (change.effect === 'unknown') total += 100;
    else if (change.effect === 'none') total += 1;
    else total += 10;
  }
  return total;
}

/** A pair whose differences are better told as "one removed, one added". */
function unrelated(changes: readonly RawChange[]): boolean {
  let narrowed = false;
  let widened = false;
  for (const change of changes) {
    if (change.effect === 'changed') return true;
    if (change.effect === 'narrowed') narrowed = true;
    if (change.effect === 'widened') widened = true;
  }
  return narrowed && widened;
}

/**
 * Which partners an item is compared with: all of them in lists of ordinary size; in long lists
 * (a generated `anyOf` of thousands of branches compared every pair for minutes) those within
 * MATCH_WINDOW of its index (or the last index of a shorter list), and only that index once the
 * budget is spent. A narrower search can only find a worse partner, which reports more changes (or
 * a removal and an addition), never fewer: the result stays sound.
 */
function windowOf(countOld: number, countNew: number, budget: PairBudget | undefined): number {
  if (budget && budget.remaining <= 0) return 0;
  return countOld * countNew <= FULL_MATCH_PAIRS ? Number.POSITIVE_INFINITY : MATCH_WINDOW;
}

/**
 * Best-fit matching of branches, not by index. Every old item is paired with the new item it fits
 * best and every new item with the old item it fits best, and the changes of all those pairs are
 * reported. That is what soundness needs in both directions: for `anyOf`, every old branch must
 * fit inside some new branch (inputs) and every new branch inside some old one (outputs); `allOf`
 * is the mirror image. An item without a tolerable partner is reported added or removed.
 */
export function matchItems<T extends Item>(
  listOld: readonly T[],
  listNew: readonly T[],
  spec: MatchSpec<T>,
  pol: Polarity,
  out: RawChange[],
): void {
  const cache = new Map<string, RawChange[]>();
  const pair = (i: number, j: number): RawChange[] => {
    const key = `${i}:${j}`;
    let changes = cache.get(key);
    if (!changes) {
      if (spec.budget) spec.budget.remaining--;
      changes = spec.pair(listOld[i] as T, listNew[j] as T);
      cache.set(key, changes);
    }
    return changes;
  };
  /**
   * A pair chosen by one side only exists to prove one inclusion: for anyOf, old branch ⊆ new
   * branch (chosen for the old item) or new ⊆ old (chosen for the new item). When its changes
   * prove exactly that, they say nothing about the other direction and are not reported; a
   * mutual best pair is the same branch on both sides and is always reported.
   */
  const proves = (changes: readonly RawChange[], effect: 'narrowed' | 'widened') =>
    changes.every((c) => c.effect === 'none' || c.effect === effect);
  const oldSideProof = spec.mode === 'anyOf' ? 'widened' : 'narrowed';
  const newSideProof = spec.mode === 'anyOf' ? 'narrowed' : 'widened';
  const best = (
    count: number,
    changesOf: (k: number) => RawChange[],
    self: number,
    proof: 'narrowed' | 'widened',
  ): number => {
    // Read per item: nested lists may spend the budget while this one is being matched.
    const window = windowOf(listOld.length, listNew.length, spec.budget);
    let bestIndex = -1;
    let bestScore = Number.POSITIVE_INFINITY;
    // Clamped so that every item of a longer list still meets the last items of a shorter one.
    const center = Math.min(self, count - 1);
    const first = Math.max(0, center - window);
    const last = Math.min(count - 1, center + window);
    for (let k = first; k <= last; k++) {
      const changes = changesOf(k);
      // A partner that proves the inclusion this item needs is best: nothing about the pair is
      // then worth reporting (`enum: [a, b]` still fully inside a `string` branch when its own
      // branch lost `b`: "b no longer allowed" would be false).
      const penalty = unrelated(changes) ? 100_000 : proves(changes, proof) ? 0 : 50_000;
      const s = (score(changes) + penalty) * 64 + Math.min(63, Math.abs(k - self));
      if (s < bestScore) {
        bestScore = s;
        bestIndex = k;
      }
    }
    return bestIndex;
  };
  const bestForOld = listOld.map((_, i) => best(listNew.length, (k) => pair(i, k), i, oldSideProof));
  const bestForNew = listNew.map((_, j) => best(listOld.length, (k) => pair(k, j), j, newSideProof));
  const reported = new Set<string>();
  const report = (i: number, j: number) => {
    const key = `${i}:${j}`;
    if (reported.has(key)) return;
    reported.add(key);
    for (const change of pair(i, j)) out.push(reorient(change, pol));
  };
  const extraEffect = (item: T, side: 'old' | 'new') => {
    if (spec.mode === 'anyOf') return side === 'new' ? 'widened' : 'narrowed';
    if (spec.trivial?.(item)) return 'none';
    return side === 'new' ? 'narrowed' : 'widened';
  };
  for (let i = 0; i < listOld.length; i++) {
    const item = listOld[i] as T;
    const j = bestForOld[i] as number;
    if (j < 0 || unrelated(pair(i, j))) {
      emit(
        out,
        pol,
        spec.removedKind(item),
        item.pointer,
        spec.pointerNew,
        extraEffect(item, 'old'),
        `${itemName(spec.label, item, i)} removed`,
      );
    } else if (bestForNew[j] === i || !proves(pair(i, j), oldSideProof)) report(i, j);
  }
  for (let j = 0; j < listNew.length; j++) {
    const item = listNew[j] as T;
    const i = bestForNew[j] as number;
    if (i < 0 || unrelated(pair(i, j))) {
      emit(
        out,
        pol,
        spec.addedKind(item),
        spec.pointerOld,
        item.pointer,
        extraEffect(item, 'new'),
        `${itemName(spec.label, item, j)} added`,
      );
    } else if (bestForOld[i] === j || !proves(pair(i, j), newSideProof)) report(i, j);
  }
}
