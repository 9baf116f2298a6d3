import { IDENTITY_FIELD, type PrimitiveKind } from '../../model/identity.js';
import type { PrimitiveCollection } from '../../model/scopes.js';
import { isJsonObject, type JsonObject, type JsonValue, sortedJson } from '../../util/json.js';
import { get, q } from './context.js';
import { templateVariables } from './uri-template.js';

/** A removed or added primitive, as far as rename hints need it. */
export interface RenameSide {
  match: { kind: PrimitiveKind; collection: PrimitiveCollection; key: string };
  decl: { value: JsonObject };
}

export interface RenameHint<T> {
  other: T;
  why: string;
}

/**
 * Near-equal pairs are found by a similarity join; past this many inverted-list steps the
 * near-equal hints are dropped for the kind (deterministically) rather than spending minutes on
 * documents built to defeat the join. Real descriptions need a few thousand.
 */
export const NEAR_EQUAL_STEP_LIMIT = 2_000_000;

/**
 * Pairs removed with added declarations that look like one renamed primitive.
 *
 * Every removed × added pair has a score: 1 identical apart from the name and scope, 0.95 same
 * input schema (tools) or arguments (prompts), 0.9 same `name` (resources, templates),
 * 0.5 + J/4 for property or argument names with Jaccard index J ≥ 0.8, 0.6 same template
 * variables and MIME type. Scores are settled from the highest down; at each score a pair becomes
 * a hint only when neither side has another partner at that score among the sides still
 * unpaired — an ambiguous rename is not guessed.
 *
 * Comparing every pair was quadratic (20,000 renamed tools took minutes), so each score is found
 * from buckets of equal keys instead, and the near-equal scores from a prefix-filtered join over
 * distinct name sets.
 */
export function renameHints<T extends RenameSide>(
  removed: T[],
  added: T[],
  onLimit: (kind: PrimitiveKind) => void = () => {},
): Map<T, RenameHint<T>> {
  const hints = new Map<T, RenameHint<T>>();
  for (const kind of ['tool', 'prompt', 'resource', 'resourceTemplate'] as const) {
    const r = removed.filter((x) => x.match.kind === kind);
    const a = added.filter((x) => x.match.kind === kind);
    if (r.length > 0 && a.length > 0 && !hintKind(kind, r, a, hints)) onLimit(kind);
  }
  return hints;
}

/** False when the near-equal join gave up (NEAR_EQUAL_STEP_LIMIT). */
function hintKind<T extends RenameSide>(
  kind: PrimitiveKind,
  removed: T[],
  added: T[],
  hints: Map<T, RenameHint<T>>,
): boolean {
  const open = (list: T[]) => list.filter((x) => !hints.has(x));
  const stripped = (x: T) => strippedText(x);
  settleBuckets(open(removed), open(added), stripped, undefined, () => 'identical declaration', hints);
  if (kind === 'tool' || kind === 'prompt') {
    const field = kind === 'tool' ? 'inputSchema' : 'arguments';
    const names = kind === 'tool' ? propertyNames : argumentNames;
    const what = kind === 'tool' ? 'input schema' : 'arguments';
    const sameText = (x: T) => (names(x.decl.value).length > 0 ? textOf(x.decl.value[field]) : undefined);
    settleBuckets(open(removed), open(added), sameText, stripped, () => `same ${what}`, hints);
    const nameSet = (x: T) => {
      const set = uniqueSorted(names(x.decl.value));
      return set.length >= 2 ? JSON.stringify(set) : undefined;
    };
    const sameTextOrNone = (x: T) => sameText(x) ?? '';
    settleBuckets(open(removed), open(added), nameSet, sameTextOrNone, () => `near-equal ${what}`, hints);
    return settleNearEqual(
      open(removed),
      open(added),
      (x) => uniqueSorted(names(x.decl.value)),
      `near-equal ${what}`,
      hints,
    );
  }
  const sameName = (x: T) => {
    const name = x.decl.value.name;
    return typeof name === 'string' ? name : undefined;
  };
  settleBuckets(
    open(removed),
    open(added),
    sameName,
    stripped,
    (x) => `same name ${q(String(x.decl.value.name))}`,
    hints,
  );
  if (kind !== 'resourceTemplate') return true;
  const variables = (x: T) => {
    const vars = templateVariables(String(x.decl.value.uriTemplate));
    if (vars.length === 0) return undefined;
    const mime = x.decl.value.mimeType;
    return JSON.stringify([uniqueSorted(vars), mime === undefined ? null : textOf(mime)]);
  };
  // Pairs with the same name (0.9) or identical otherwise (1) score higher than 0.6.
  const higher = (x: T) => {
    const name = sameName(x);
    return name === undefined ? `s${stripped(x)}` : `n${name}`;
  };
  settleBuckets(open(removed), open(added), variables, higher, () => 'same variables', hints);
  return true;
}

/**
 * One score whose pairs are the removed and added sides with equal `key`, except pairs with equal
 * `higher` (they score more and were settled before). A side's partners are counted up to two:
 * only a side with exactly one can be half of a hint.
 */
function settleBuckets<T extends RenameSide>(
  removed: T[],
  added: T[],
  key: (x: T) => string | undefined,
  higher: ((x: T) => string) | undefined,
  why: (x: T) => string,
  hints: Map<T, RenameHint<T>>,
): void {
  if (removed.length === 0 || added.length === 0) return;
  // Each side's key and subgroup, computed once: both are read again to find partners.
  const placed = new Map<T, { key: string; sub: string | T }>();
  const groupsOf = (list: T[]) => {
    const groups = new Map<string, Map<string | T, T[]>>();
    for (const x of list) {
      const k = key(x);
      if (k === undefined) continue;
      const sub = higher ? higher(x) : x;
      placed.set(x, { key: k, sub });
      let group = groups.get(k);
      if (!group) {
        group = new Map();
        groups.set(k, group);
      }
      const members = group.get(sub);
      if (members) members.push(x);
      else group.set(sub, [x]);
    }
    return groups;
  };
  const removedGroups = groupsOf(removed);
  const addedGroups = groupsOf(added);
  const onlyPartner = (x: T, others: Map<string, Map<string | T, T[]>>): T | undefined => {
    const place = placed.get(x);
    const group = place && others.get(place.key);
    if (!place || !group) return undefined;
    let found: T | undefined;
    for (const [sub, members] of group) {
      if (sub === place.sub) continue;
      if (found !== undefined || members.length > 1) return undefined;
      found = members[0];
    }
    return found;
  };
  const partnerOfAdded = new Map<T, T | undefined>();
  for (const r of removed) {
    const a = onlyPartner(r, addedGroups);
    if (a === undefined) continue;
    let back = partnerOfAdded.get(a);
    if (!partnerOfAdded.has(a)) {
      back = onlyPartner(a, removedGroups);
      partnerOfAdded.set(a, back);
    }
    if (back !== r) continue;
    const text = why(r);
    hints.set(r, { other: a, why: text });
    hints.set(a, { other: r, why: text });
  }
}

/**
 * The scores 0.5 + J/4 for 0.8 ≤ J < 1, between distinct name sets (J = 1 is a bucket); false
 * when the join gave up. Sets are
 * joined with prefix filtering: two sets with J ≥ 0.8 share a name among the first
 * |s| − ⌈0.8·|s|⌉ + 1 names of each, rarest names first.
 */
function settleNearEqual<T extends RenameSide>(
  removed: T[],
  added: T[],
  namesOf: (x: T) => string[],
  why: string,
  hints: Map<T, RenameHint<T>>,
): boolean {
  const setsOf = (list: T[]) => {
    const sets = new Map<string, { names: string[]; lookup: Set<string>; members: T[] }>();
    for (const x of list) {
      const names = namesOf(x);
      // J ≥ 0.8 between different sets needs four names on each side.
      if (names.length < 4) continue;
      const k = JSON.stringify(names);
      const set = sets.get(k);
      if (set) set.members.push(x);
      else sets.set(k, { names, lookup: new Set(names), members: [x] });
    }
    return [...sets.values()];
  };
  const removedSets = setsOf(removed);
  const addedSets = setsOf(added);
  if (removedSets.length === 0 || addedSets.length === 0) return true;
  const frequency = new Map<string, number>();
  for (const set of [...removedSets, ...addedSets])
    for (const name of set.names) frequency.set(name, (frequency.get(name) ?? 0) + 1);
  const rarestFirst = (names: string[]) =>
    [...names].sort(
      (x, y) => (frequency.get(x) ?? 0) - (frequency.get(y) ?? 0) || (x < y ? -1 : x > y ? 1 : 0),
    );
  const prefixLength = (n: number) => n - Math.ceil((4 * n) / 5) + 1;
  const index = new Map<string, number[]>();
  addedSets.forEach((set, i) => {
    const ordered = rarestFirst(set.names);
    for (const name of ordered.slice(0, prefixLength(ordered.length))) {
      const list = index.get(name);
      if (list) list.push(i);
      else index.set(name, [i]);
    }
  });
  const pairs: { r: number; a: number; score: number }[] = [];
  let steps = 0;
  for (const [ri, { names }] of removedSets.entries()) {
    const ordered = rarestFirst(names);
    const min = Math.ceil((4 * names.length) / 5);
    const max = Math.floor((5 * names.length) / 4);
    const seen = new Set<number>();
    for (const name of ordered.slice(0, prefixLength(ordered.length))) {
      for (const ai of index.get(name) ?? []) {
        if (++steps > NEAR_EQUAL_STEP_LIMIT) return false;
        if (seen.has(ai)) continue;
        seen.add(ai);
        const other = addedSets[ai] as { names: string[]; lookup: Set<string> };
        if (other.names.length < min || other.names.length > max) continue;
        let shared = 0;
        for (const name of names) if (other.lookup.has(name)) shared++;
        const j = shared / (names.length + other.names.length - shared);
        if (j >= 0.8) pairs.push({ r: ri, a: ai, score: 0.5 + j / 4 });
      }
    }
  }
  const openMembers = (members: T[]) => members.filter((x) => !hints.has(x));
  pairs.sort((x, y) => y.score - x.score);
  for (let start = 0; start < pairs.length; ) {
    const score = (pairs[start] as { score: number }).score;
    let end = start;
    while (end < pairs.length && (pairs[end] as { score: number }).score === score) end++;
    const level = pairs.slice(start, end);
    start = end;
    const openRemoved = new Map<number, T[]>();
    const openAdded = new Map<number, T[]>();
    for (const p of level) {
      if (!openRemoved.has(p.r))
        openRemoved.set(p.r, openMembers((removedSets[p.r] as { members: T[] }).members));
      if (!openAdded.has(p.a)) openAdded.set(p.a, openMembers((addedSets[p.a] as { members: T[] }).members));
    }
    const degreeR = new Map<number, number>();
    const degreeA = new Map<number, number>();
    for (const p of level) {
      degreeR.set(p.r, (degreeR.get(p.r) ?? 0) + (openAdded.get(p.a) as T[]).length);
      degreeA.set(p.a, (degreeA.get(p.a) ?? 0) + (openRemoved.get(p.r) as T[]).length);
    }
    for (const p of level) {
      if (degreeR.get(p.r) !== 1 || degreeA.get(p.a) !== 1) continue;
      const [r, ...moreR] = openRemoved.get(p.r) as T[];
      const [a, ...moreA] = openAdded.get(p.a) as T[];
      if (!r || !a || moreR.length > 0 || moreA.length > 0) continue;
      hints.set(r, { other: a, why });
      hints.set(a, { other: r, why });
    }
  }
  return true;
}

function propertyNames(decl: JsonObject): string[] {
  const props = get(decl.inputSchema, 'properties');
  return isJsonObject(props) ? Object.keys(props) : [];
}

function argumentNames(decl: JsonObject): string[] {
  return Array.isArray(decl.arguments)
    ? decl.arguments.map((x) => get(x, 'name')).filter((x): x is string => typeof x === 'string')
    : [];
}

function uniqueSorted(names: string[]): string[] {
  return [...new Set(names)].sort();
}

/** Canonical texts, computed once per object: every bucket key is read more than once. */
const strippedTexts = new WeakMap<JsonObject, string>();
const valueTexts = new WeakMap<object, string>();

function textOf(value: JsonValue | undefined): string {
  if (value === null || typeof value !== 'object') return sortedJson(value ?? null);
  let text = valueTexts.get(value);
  if (text === undefined) {
    text = sortedJson(value);
    valueTexts.set(value, text);
  }
  return text;
}

/** The declaration without its identity and scope: what stays when only the name changes. */
function strippedText(side: RenameSide): string {
  const decl = side.decl.value;
  let text = strippedTexts.get(decl);
  if (text === undefined) {
    const { protocolVersions: _scope, [IDENTITY_FIELD[side.match.collection]]: _key, ...rest } = decl;
    text = sortedJson(rest);
    strippedTexts.set(decl, text);
  }
  return text;
}
