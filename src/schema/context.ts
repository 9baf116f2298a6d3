import type { JsonValue } from '../util/json.js';
import type { Effect } from './change.js';
import type { ChangeKind } from './kinds.js';
import type { Dialect, RefResolver } from './refs.js';
import type { View } from './view.js';

/**
 * What the API reading of a schema needs to know about an object-level change besides its effect on
 * the accepted set (see `decideLevel` in compare.ts). Only recorded in positive positions: under
 * `not`, the declared-contract reading does not apply and the exact verdict stands.
 */
export interface ContractFacts {
  /** The property name was unconstrained on the side where it is not declared (an open object). */
  undeclaredWasFree?: boolean;
  /** The removed property was listed in `required` on the old side. */
  wasRequired?: boolean;
  /** The object whose `additionalProperties` opened or closed declares named properties. */
  declaresProperties?: boolean;
}

/** A change before its level is decided (levels need the direction, which only the entry point knows). */
export interface RawChange {
  kind: ChangeKind;
  pointerOld: string;
  pointerNew: string;
  effect: Effect;
  message: string;
  facts?: ContractFacts;
}

/** +1 in ordinary positions; -1 under `not`, where narrowing the inner schema widens the whole. */
export type Polarity = 1 | -1;

export interface Side {
  root: JsonValue;
  dialect: Dialect;
  refs: RefResolver;
}

export type CompareNode = (
  ctx: Ctx,
  oldNode: JsonValue,
  newNode: JsonValue,
  pointerOld: string,
  pointerNew: string,
  polarity: Polarity,
  out: RawChange[],
) => void;

/** Branch-pair comparisons a schema comparison may still spend on best-fit matching. */
export interface PairBudget {
  remaining: number;
}

/** The branches of two disjunctions being matched, with what is known of values checked against them. */
export interface Alternatives {
  old: readonly View[];
  new: readonly View[];
  /** Per side, value fingerprint → whether some branch of that side provably accepts it. */
  seen: [Map<string, boolean>, Map<string, boolean>];
}

export interface Ctx {
  old: Side;
  new: Side;
  /** Both sides are one document: reference-equal subtrees are equal, refs included. */
  sameRoot: boolean;
  /**
   * Results of comparing a pair of `$ref` targets, per polarity; `null` while the pair is being
   * compared, so a recursive schema assumes the pair equal (sound: instances are finite trees).
   */
  memo: [Map<object, Map<object, RawChange[] | null>>, Map<object, Map<object, RawChange[] | null>>];
  /** Late-bound so that keyword families can recurse without importing the dispatcher. */
  compareNode: CompareNode;
  /** Branch-pair comparisons left (see `matchItems`): bounds work on generated compositions. */
  pairBudget: PairBudget;
  /** Schemas being compared inside one another now (see MAX_COMPARE_DEPTH in compare.ts). */
  depth: number;
  /**
   * Every branch of both disjunctions while one branch pair of them is compared (see compareExpanded),
   * so that a value a pair lost is not called "no longer allowed" when another branch still takes
   * it; undefined inside any nested schema.
   */
  alternatives?: Alternatives | undefined;
}

export function orient(effect: Effect, polarity: Polarity): Effect {
  if (polarity === 1) return effect;
  if (effect === 'narrowed') return 'widened';
  if (effect === 'widened') return 'narrowed';
  return effect;
}

export function emit(
  out: RawChange[],
  polarity: Polarity,
  kind: ChangeKind,
  pointerOld: string,
  pointerNew: string,
  effect: Effect,
  message: string,
  facts?: ContractFacts,
): void {
  const change: RawChange = { kind, pointerOld, pointerNew, effect: orient(effect, polarity), message };
  if (facts !== undefined && polarity === 1) change.facts = facts;
  out.push(change);
}

/** A change found in a scratch comparison, re-oriented for where it is reported. */
export function reorient(change: RawChange, polarity: Polarity): RawChange {
  if (polarity === 1) return change;
  const { facts: _dropped, ...rest } = change;
  return { ...rest, effect: orient(change.effect, polarity) };
}

/** Compares into a scratch list (polarity +1), for callers that judge before reporting. */
export function trial(
  ctx: Ctx,
  oldNode: JsonValue,
  newNode: JsonValue,
  pointerOld: string,
  pointerNew: string,
): RawChange[] {
  const scratch: RawChange[] = [];
  ctx.compareNode(ctx, oldNode, newNode, pointerOld, pointerNew, 1, scratch);
  return scratch;
}

/**
 * The effects a list of changes adds up to. Unknown is kept beside a direction rather than
 * swallowing it, so a narrowing never hides behind a warning.
 */
export function netEffects(changes: readonly RawChange[]): Effect[] {
  let narrowed = false;
  let widened = false;
  let changed = false;
  let unknown = false;
  for (const change of changes) {
    if (change.effect === 'narrowed') narrowed = true;
    else if (change.effect === 'widened') widened = true;
    else if (change.effect === 'changed') changed = true;
    else if (change.effect === 'unknown') unknown = true;
  }
  const effects: Effect[] = [];
  if (changed || (narrowed && widened)) effects.push('changed');
  else if (narrowed) effects.push('narrowed');
  else if (widened) effects.push('widened');
  if (unknown) effects.push('unknown');
  if (effects.length === 0) effects.push('none');
  return effects;
}

/** True when the changes provably leave the accepted set as it was. */
export function acceptsSame(changes: readonly RawChange[]): boolean {
  return changes.every((change) => change.effect === 'none');
}

/**
 * Reports one summarising change for a subschema that appeared or disappeared (a property, an
 * `items` schema…): its nested keyword edits are relative to an implicit `true` and would only
 * repeat the whole new subschema.
 */
export function emitSummary(
  out: RawChange[],
  polarity: Polarity,
  kind: ChangeKind,
  pointerOld: string,
  pointerNew: string,
  nested: readonly RawChange[],
  message: string,
  facts?: ContractFacts,
): void {
  const kinds = [...new Set(nested.filter((c) => c.effect !== 'none').map((c) => c.kind))];
  const detail = kinds.length > 0 ? ` (${kinds.slice(0, 4).join(', ')}${kinds.length > 4 ? ', …' : ''})` : '';
  for (const effect of netEffects(nested))
    emit(out, polarity, kind, pointerOld, pointerNew, effect, message + detail, facts);
}

/** A keyword's value in a message; an absent keyword is `absent`, never `null` (a legal value). */
export function showKeyword(value: unknown): string {
  return value === undefined ? 'absent' : show(value);
}

export function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
