/**
 * Three-way merge of one description (the git merge driver's core). Pure.
 *
 * Objects merge member by member. Declarations in the scoped collections are matched by identity,
 * never by position: tools and prompts by `name`, resources by `uri`, templates by `uriTemplate`
 * (plus the scope when one side holds several same-key variants); transports by type and url or
 * command, capabilities by scope (falling back to the whole content when that is ambiguous); nested
 * elicitations by `name`. Every other array is one value.
 *
 * The units follow the spec's meaning, not the JSON shape (spec §4.10, §9.3, §9.4, §3.5, §14.5):
 * a `protocolVersions` is one value, compared by what it means (omitted = the parent's scope, so
 * spelling out the parent's scope is no change); a named example, an interaction scenario, an
 * elicitation declaration, a `_meta` member, an `x-*` value and a component example are atomic; a
 * transport or security scheme whose `type` changed is replaced as a whole. Merging such a unit
 * field by field would write a value neither side wrote.
 *
 * For each value: equal on both sides → that; changed on one side only → the change; changed on both
 * sides differently → a conflict (`concurrent-edit`, `modify-delete` or `add-add`) and ours is kept
 * there. A merge without conflicts is checked (scope overlap, transport coverage and the validator
 * when one is given); a diagnostic (code and place) neither side had is a conflict (`invalid-result`).
 */
import { canonicalView } from '../model/canonical.js';
import { effectiveScope, rootVersions, SCOPED_COLLECTIONS, type ScopedCollection } from '../model/scopes.js';
import { forEachUnsafeInteger } from '../parse/numbers.js';
import { appendAll } from '../util/arrays.js';
import {
  isJsonObject,
  type JsonObject,
  type JsonValue,
  jsonEqual,
  setOwn,
  sortedJson,
} from '../util/json.js';
import type { Location } from '../util/location.js';
import { appendPointer, getAtPointer, parsePointer, toPointer } from '../util/pointer.js';
import type { Conflict, ConflictCode, ConflictSubject, ConflictValue } from './conflicts.js';
import {
  declarationLabel,
  identityOf,
  isPrimitiveCollection,
  locate,
  type MergeInput,
  subjectKind,
} from './support.js';
import type { TextMergeResult } from './text-merge.js';
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
  /** What a clean merge means that neither side may have seen (an unscoped addition meeting a root change). */
  warnings: string[];
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
  appendAll(ctx.conflicts, integerPrecisionConflicts(inputs));
  const warnings = unscopedAdditionWarnings(inputs, result);
  if (ctx.conflicts.length > 0) return { clean: false, merged: result, conflicts: ctx.conflicts, warnings };

  // A clean merge must not introduce a diagnostic that neither side had: the same code at the same
  // place (array positions read as identities, since the merge moves declarations).
  const known = new Set<string>();
  for (const side of [inputs.ours, inputs.theirs])
    for (const problem of problemsOf(side, options)) known.add(problemKey(side.value, problem));
  const fresh = problemsOf({ file: `${inputs.ours.file} (merged)`, value: result }, options).filter(
    (problem) => !known.has(problemKey(result, problem)),
  );
  const conflicts: Conflict[] = fresh.map((problem) => ({
    code: 'invalid-result',
    message: `the merged document would be invalid: [${problem.code}] ${problem.message}`,
    locations: locationsFor(inputs, problem.pointer),
  }));
  return { clean: conflicts.length === 0, merged: result, conflicts, warnings };
}

interface Problem {
  code: string;
  pointer: string;
  message: string;
}

/** Errors of a document: merge's own structural checks, then every error of the validator. */
function problemsOf(input: MergeInput, options: ThreeWayOptions): Problem[] {
  const problems: Problem[] = structuralProblems(input.value).map((p) => ({
    code: p.code,
    pointer: p.pointer,
    message: p.message,
  }));
  if (options.validate) {
    // Merge's own checks own their codes; the validator's report of the same gap would be a duplicate.
    const own = new Set<string>(problems.map((p) => p.code));
    for (const finding of errorFindings(options.validate(input)))
      if (!own.has(finding.code))
        problems.push({ code: finding.code, pointer: finding.location.pointer, message: finding.message });
  }
  return problems;
}

function problemKey(doc: JsonValue, problem: Problem): string {
  return `${problem.code}\u0000${stablePath(doc, problem.pointer)}`;
}

/**
 * A pointer with the positions of declarations replaced by their identities (`/tools/0/x` →
 * `tools[search]/x`), so one diagnostic reads the same in a side and in the merge, wherever the merge
 * put the declaration.
 */
export function stablePath(doc: JsonValue, pointer: string): string {
  const segments = parsePointer(pointer);
  const out: string[] = [];
  let node: unknown = doc;
  for (const [i, segment] of segments.entries()) {
    const holder = node;
    node = Array.isArray(holder)
      ? holder[Number(segment)]
      : isJsonObject(holder)
        ? holder[segment]
        : undefined;
    const parentKey = segments[i - 1];
    if (Array.isArray(holder) && isJsonObject(node) && parentKey !== undefined) {
      const id = itemIdentity(parentKey, node);
      if (id !== undefined) {
        out.push(`[${id}]`);
        continue;
      }
    }
    out.push(JSON.stringify(segment));
  }
  return out.join('/');
}

function itemIdentity(collection: string, item: JsonObject): string | undefined {
  const scope = Array.isArray(item.protocolVersions)
    ? `@${item.protocolVersions.map(String).sort().join(',')}`
    : '';
  if (isPrimitiveCollection(collection)) {
    const key = identityOf(collection, item);
    return key === undefined ? undefined : `${JSON.stringify(key)}${scope}`;
  }
  if (collection === 'transports')
    return `${sortedJson([item.type ?? null, item.url ?? null, item.command ?? null])}${scope}`;
  if (collection === 'elicitations' || collection === 'tags')
    return typeof item.name === 'string' ? JSON.stringify(item.name) : undefined;
  if (collection === 'capabilities') return scope || '@all';
  return undefined;
}

/**
 * Integers beyond ±2^53 decode to the nearest double, so two different literals can read as one
 * value (and a merged one could not be written back as either author wrote it). Where ours and
 * theirs hold such an integer at one place (declarations matched by identity) and the literals
 * differ, the merge is refused. Without the texts, the decoded values are compared.
 */
function integerPrecisionConflicts(inputs: ThreeWayInputs): Conflict[] {
  return integerLiteralConflicts(inputs.ours, inputs.theirs, false);
}

/**
 * The places where `a` and `b` hold integers beyond ±2^53 whose literals differ. With
 * `onlyWhereEqual`, only those that decode to one double: the aggregate merge compares decoded
 * values, so it would take such a pair for one value and silently keep one literal.
 */
export function integerLiteralConflicts(a: MergeInput, b: MergeInput, onlyWhereEqual: boolean): Conflict[] {
  const mine = unsafeIntegers(a);
  if (mine.size === 0) return [];
  const theirs = unsafeIntegers(b);
  const conflicts: Conflict[] = [];
  for (const [path, one] of mine) {
    const other = theirs.get(path);
    if (!other || other.literal === one.literal) continue;
    const read = [getAtPointer(a.value, one.pointer), getAtPointer(b.value, other.pointer)];
    if (onlyWhereEqual && read[0] !== read[1]) continue;
    conflicts.push({
      code: 'integer-precision-conflict',
      message: `${one.pointer}: ${onlyWhereEqual ? `${a.file} and ${b.file}` : 'both sides'} hold integers beyond ±2^53 that differ (${one.literal} and ${other.literal}); they read as ${String(read[0])} and ${String(read[1])}`,
      locations: [locate(a, one.pointer), locate(b, other.pointer)],
      values: [
        { present: true, value: one.literal },
        { present: true, value: other.literal },
      ],
    });
  }
  return conflicts;
}

/** Every integer beyond ±2^53 in `input`, by stable path, with its literal as written. */
function unsafeIntegers(input: MergeInput): Map<string, { pointer: string; literal: string }> {
  const out = new Map<string, { pointer: string; literal: string }>();
  // Most documents hold none, and the loader's scan of their JSON text said so.
  if (input.mayHoldUnsafeIntegers === false) return out;
  forEachUnsafeInteger(input.value, (path, value) => {
    const pointer = toPointer(path);
    out.set(stablePath(input.value, pointer), {
      pointer,
      literal: literalAt(input, pointer) ?? String(value),
    });
  });
  return out;
}

/** The number literal at `pointer` as written in the input's text, when the text is known. */
function literalAt(input: MergeInput, pointer: string): string | undefined {
  if (input.text === undefined || !input.sourceMap?.has(pointer)) return undefined;
  const { line, column } = input.sourceMap.locate(pointer);
  let offset = 0;
  for (let n = 1; n < line; n++) {
    const next = input.text.indexOf('\n', offset);
    if (next === -1) return undefined;
    offset = next + 1;
  }
  const match = /[-+]?[0-9A-Za-z_.+]+/y;
  match.lastIndex = offset + column - 1;
  return match.exec(input.text)?.[0];
}

/**
 * A declaration one side added without a scope takes the merged root's revisions: when the other
 * side changed the root, the new declaration now claims revisions its author never described.
 */
function unscopedAdditionWarnings(inputs: ThreeWayInputs, merged: JsonValue): string[] {
  const base = inputs.base?.value;
  if (!isJsonObject(merged) || !isJsonObject(base)) return [];
  const mergedRoot = rootVersions(merged);
  const warnings: string[] = [];
  for (const [side, other] of [
    ['ours', 'theirs'],
    ['theirs', 'ours'],
  ] as const) {
    const doc = inputs[side].value;
    if (!isJsonObject(doc)) continue;
    const sideRoot = rootVersions(doc);
    const gained = mergedRoot.filter((v) => !sideRoot.includes(v));
    const lost = sideRoot.filter((v) => !mergedRoot.includes(v));
    if (gained.length === 0 && lost.length === 0) continue;
    for (const collection of SCOPED_COLLECTIONS) {
      const items = doc[collection];
      const baseItems = Array.isArray(base[collection]) ? (base[collection] as JsonValue[]) : [];
      const mergedItems = Array.isArray(merged[collection]) ? (merged[collection] as JsonValue[]) : [];
      if (!Array.isArray(items)) continue;
      for (const item of items) {
        if (!isJsonObject(item) || Object.hasOwn(item, 'protocolVersions')) continue;
        const inBase = baseItems.some((b) => sameDeclaration(collection, b, item));
        const inMerged = mergedItems.some((m) => sameDeclaration(collection, m, item));
        if (inBase || !inMerged) continue;
        const label = declarationLabel(collection, item);
        const parts: string[] = [];
        if (gained.length > 0) parts.push(`now also claims ${gained.join(', ')}`);
        if (lost.length > 0) parts.push(`no longer claims ${lost.join(', ')}`);
        warnings.push(
          `${label} was added by ${side} without protocolVersions and ${parts.join(' and ')}: ${other} changed the root protocolVersions; give it protocolVersions if it describes only ${sideRoot.join(', ') || 'no revision'}`,
        );
      }
    }
  }
  return warnings;
}

function sameDeclaration(collection: ScopedCollection, a: JsonValue, b: JsonValue): boolean {
  if (isPrimitiveCollection(collection)) {
    const key = identityOf(collection, a);
    return (
      key !== undefined &&
      key === identityOf(collection, b) &&
      !(isJsonObject(a) && Object.hasOwn(a, 'protocolVersions'))
    );
  }
  return jsonEqual(a, b);
}

/**
 * The conflicts of a clean merge whose text cannot be written: the lines both sides changed
 * differently, or (when ours' text could not be edited faithfully) the whole file.
 */
export function textConflicts(result: TextMergeResult, inputs: ThreeWayInputs): Conflict[] {
  if (result.ok) return [];
  const at = (input: MergeInput | undefined, line: number): Location | undefined =>
    input ? { file: input.file, pointer: '', line, column: 1 } : undefined;
  if (result.reason === 'unwritable')
    return [
      {
        code: 'text-conflict',
        message:
          '(the document): the merge cannot be written into ours’ text without losing comments or layout of a side',
        locations: [at(inputs.ours, 1), at(inputs.theirs, 1)].filter((l): l is Location => l !== undefined),
      },
    ];
  return result.conflicts.map((c) => ({
    code: 'text-conflict' as const,
    message: `lines ${c.ours[0]}-${c.ours[1]} of ours and ${c.theirs[0]}-${c.theirs[1]} of theirs: both sides changed comments or layout there differently`,
    locations: [
      at(inputs.base, c.base[0]),
      at(inputs.ours, c.ours[0]),
      at(inputs.theirs, c.theirs[0]),
    ].filter((l): l is Location => l !== undefined),
  }));
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
  // Where scopes live, one side's value is not taken whole: a scope it merely spells out differently
  // would change meaning under a parent scope the other side changed.
  const descend = path.length > 0 && holdsScopes(path) && compatible(b, o, t);
  if (!descend) {
    if (same(b, o, path)) return t;
    if (same(b, t, path)) return o;
  }
  if (!isAtomic(path, b, o, t)) {
    if (isJsonObject(o) && isJsonObject(t) && (b === undefined || isJsonObject(b)))
      return mergeObject(b as JsonObject | undefined, o, t, at, ctx, path);
    if (Array.isArray(o) && Array.isArray(t) && (b === undefined || Array.isArray(b))) {
      const identity = identityFor(path, ctx);
      if (identity) {
        const merged = mergeKeyed(b as JsonValue[] | undefined, o, t, at, ctx, path, identity);
        if (merged) return merged.length > 0 ? merged : undefined;
      }
    }
  }
  conflict(ctx, conflictCode(b, o, t), at, [b, o, t]);
  return o;
}

/** The scoped collections, their declarations and nested elicitations (and their lists). */
function holdsScopes(path: readonly string[]): boolean {
  if (path.length === 1) return (SCOPED_COLLECTIONS as readonly string[]).includes(path[0] as string);
  if (path.length === 3) return path[2] === 'elicitations' && isPrimitiveCollection(path[0] as string);
  return isScopedDeclaration(path);
}

/** Three values of one shape (objects or arrays; the base may be absent): mergeable member-wise. */
function compatible(b: Maybe, o: Maybe, t: Maybe): boolean {
  if (isJsonObject(o) && isJsonObject(t)) return b === undefined || isJsonObject(b);
  if (Array.isArray(o) && Array.isArray(t)) return b === undefined || Array.isArray(b);
  return false;
}

function conflictCode(b: Maybe, o: Maybe, t: Maybe): ConflictCode {
  return b === undefined
    ? 'add-add'
    : o === undefined || t === undefined
      ? 'modify-delete'
      : 'concurrent-edit';
}

const EXAMPLE_MAPS = new Set(['examples', 'interactionExamples', 'completionExamples']);

/**
 * Units that both sides may not change differently: merging them member by member would write a
 * value neither side wrote (an example's input from one side and its result from the other).
 */
function isAtomic(path: readonly string[], b: Maybe, o: Maybe, t: Maybe): boolean {
  const last = path[path.length - 1];
  const parent = path[path.length - 2];
  if (last === undefined) return false;
  // A named example or scenario of a declaration (spec §9.3, §9.4, §10.4.5, §10.4.6, §11.3, §11.4).
  if (path.length === 4 && parent !== undefined && EXAMPLE_MAPS.has(parent)) return true;
  // An elicitation declaration (spec §12): its mode, message, schema and outcomes are one scenario;
  // its scope merges by meaning (mergeScope).
  if (path.length === 4 && parent === 'elicitations') {
    const rest = (v: Maybe) => (isJsonObject(v) ? { ...v, protocolVersions: null } : v);
    return !jsonEqual(rest(b), rest(o)) && !jsonEqual(rest(b), rest(t)) && !jsonEqual(rest(o), rest(t));
  }
  // A component example (components.toolExamples.<name>, ...); schemas merge like inline schemas.
  if (path.length === 3 && path[0] === 'components' && parent !== 'schemas' && !parent?.startsWith('x-'))
    return true;
  // `_meta` values are literal data (spec §3.5); `x-*` values are opaque (spec §14.5).
  if (parent === '_meta' || last.startsWith('x-')) return true;
  // A transport or security scheme whose `type` changed is another kind of object.
  if (path.length === 2 && (path[0] === 'transports' || path[0] === 'securitySchemes') && isJsonObject(b)) {
    const kind = (v: Maybe) => (isJsonObject(v) ? v.type : undefined);
    return !jsonEqual(kind(b), kind(o)) || !jsonEqual(kind(b), kind(t));
  }
  return false;
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
    if (key === 'protocolVersions' && isScopedDeclaration(path)) {
      const scope = mergeScope(b, o, t, at, at2, ctx);
      if (scope !== undefined) setOwn(out, key, scope);
      continue;
    }
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

/**
 * A declaration's scope as one value with its meaning (spec §4.10): omitted and spelled-out parent
 * scope are the same value; the order of revisions does not matter. Both sides changing it to
 * different meanings is a conflict, never a union or an intersection.
 */
function mergeScope(
  b: JsonObject | undefined,
  o: JsonObject,
  t: JsonObject,
  at: Pointers,
  at2: Pointers,
  ctx: Context,
): JsonValue | undefined {
  const meaning = (holder: JsonObject | undefined, side: Side): string | undefined => {
    if (holder === undefined) return undefined;
    const parent = parentScope(side, at[side], ctx);
    const scope = effectiveScope(holder, parent);
    return scope.join(',') === parent.join(',') ? '(parent)' : scope.join(',');
  };
  const get = (holder: JsonObject | undefined) =>
    holder && Object.hasOwn(holder, 'protocolVersions') ? holder.protocolVersions : undefined;
  const [mb, mo, mt] = [meaning(b, 'base'), meaning(o, 'ours'), meaning(t, 'theirs')];
  if (mo === mt || mb === mt) return get(o);
  if (mb === mo) return get(t);
  const values = [get(b), get(o), get(t)];
  conflict(ctx, 'concurrent-edit', at2, values, 'both sides changed its scope differently');
  return get(o);
}

/** A top-level scoped declaration or a nested elicitation declaration: what may carry a scope. */
function isScopedDeclaration(path: readonly string[]): boolean {
  if (path.length === 2) return (SCOPED_COLLECTIONS as readonly string[]).includes(path[0] as string);
  return path.length === 4 && path[2] === 'elicitations' && isPrimitiveCollection(path[0] as string);
}

/** The scope a declaration at `pointer` inherits: the root's, or its primitive's for an elicitation. */
function parentScope(side: Side, pointer: string, ctx: Context): string[] {
  const segments = parsePointer(pointer);
  const root = ctx.roots[side];
  if (segments.length === 4 && segments[2] === 'elicitations') {
    const doc = ctx.inputs[side]?.value;
    const primitive = getAtPointer(doc, `/${segments[0]}/${segments[1]}`) as JsonValue | undefined;
    return effectiveScope(primitive, root);
  }
  return root;
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

function conflict(ctx: Context, code: ConflictCode, at: Pointers, values: Maybe[], said?: string): void {
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
    said ??
    (code === 'add-add'
      ? 'both sides added different values'
      : code === 'modify-delete'
        ? values[1] === undefined
          ? 'ours deleted what theirs changed'
          : 'theirs deleted what ours changed'
        : 'both sides changed it differently');
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
