import type { JsonValue } from '../util/json.js';
import { isJsonObject, jsonEqual } from '../util/json.js';
import { appendPointer } from '../util/pointer.js';
import { withRegexBudget } from '../util/regex-guard.js';
import { compareOther } from './annotations.js';
import { compareArrays } from './arrays.js';
import {
  type CompareOptions,
  type ContractRule,
  DEFAULT_SCHEMA_SEMANTICS,
  type Direction,
  type Effect,
  type Level,
  type SchemaChange,
  type SchemaSemantics,
} from './change.js';
import { compareComposition } from './composition.js';
import { type Alternatives, type Ctx, emit, type Polarity, type RawChange, type Side } from './context.js';
import { branchViews, expand } from './expand.js';
import { containsRef, sameJson } from './fingerprint.js';
import { isAnnotation } from './keywords.js';
import { CHANGE_KINDS } from './kinds.js';
import { matchItems, PAIR_BUDGET } from './match.js';
import { compareNumbers } from './numbers.js';
import { compareObjects } from './objects.js';
import { detectDialect, RefResolver } from './refs.js';
import { compareFormat, compareStrings } from './strings.js';
import { ARRAY, compareTypes, declaredMask, NULL, NUMBER, OBJECT, STRING } from './types.js';
import { collapseTypes, collapseValues, countTypeOnly, countValueOnly } from './values.js';
import { at, get, pureRef, type View, viewOf, without } from './view.js';

function isSchema(value: unknown): value is JsonValue {
  return typeof value === 'boolean' || isJsonObject(value);
}

function isFalse(value: JsonValue): boolean {
  if (value === false) return true;
  if (!isJsonObject(value)) return false;
  const not = value.not;
  if (not !== true && !(isJsonObject(not) && Object.keys(not).every(isAnnotation))) return false;
  return Object.keys(value).every((k) => k === 'not' || isAnnotation(k));
}

/**
 * Nested comparisons at most: a schema node and each of its conjunctive views count one each, so a
 * nested property costs two and a `$ref` followed one. Nesting in the text is bounded by the depth
 * limit, but a chain of `$ref`s nests as deep as it is long: chains of 1,000 schemas, or 500
 * `anyOf`s, ran out of stack. Below this depth a difference is reported as unknown, never as
 * compatible; compareSchemas reports a stack overflow (deeper frames than expected) the same way.
 */
export const MAX_COMPARE_DEPTH = 512;

/** Branches of two matched disjunctions, together, beyond which lost values are not checked elsewhere. */
const MAX_ALTERNATIVES = 256;

const TOO_DEEP = `not compared: more than ${MAX_COMPARE_DEPTH} nested comparisons deep ($ref hops included)`;

export const compareNode = (
  ctx: Ctx,
  o: JsonValue,
  n: JsonValue,
  po: string,
  pn: string,
  pol: Polarity,
  out: RawChange[],
): void => {
  if (ctx.depth >= MAX_COMPARE_DEPTH) {
    // Equal text is no proof here: equal `$ref`s lead to the rest of the chain, unseen.
    if (o === n ? !ctx.sameRoot && containsRef(o) : containsRef(o) || containsRef(n) || !sameJson(o, n))
      emit(out, pol, 'comparison-too-deep', po, pn, 'unknown', TOO_DEEP);
    return;
  }
  ctx.depth++;
  const alternatives = ctx.alternatives;
  ctx.alternatives = undefined;
  compareNodeWithin(ctx, o, n, po, pn, pol, out);
  ctx.alternatives = alternatives;
  ctx.depth--;
};

function compareNodeWithin(
  ctx: Ctx,
  o: JsonValue,
  n: JsonValue,
  po: string,
  pn: string,
  pol: Polarity,
  out: RawChange[],
): void {
  if (o === n && (ctx.sameRoot || !containsRef(o))) return;
  if (!containsRef(o) && sameJson(o, n)) return;
  if (!isSchema(o) || !isSchema(n)) {
    if (!sameJson(o, n))
      emit(out, pol, 'unknown-keyword-changed', po, pn, 'unknown', 'a value that is not a schema changed');
    return;
  }
  const falseOld = isFalse(o);
  const falseNew = isFalse(n);
  if (falseOld && falseNew) return;
  if (falseNew) {
    emit(out, pol, 'schema-false-added', po, pn, 'narrowed', 'the schema now rejects every value');
    return;
  }
  if (falseOld) {
    emit(
      out,
      pol,
      'schema-false-removed',
      po,
      pn,
      'widened',
      'the schema rejected every value and now accepts some',
    );
    return;
  }
  const refOld = pureRef(ctx.old, o);
  const refNew = pureRef(ctx.new, n);
  if (refOld !== undefined || refNew !== undefined) {
    compareThroughRefs(ctx, o, n, refOld, refNew, po, pn, pol, out);
    return;
  }
  const vo = viewOf(isJsonObject(o) ? o : {}, po, ctx.old.dialect);
  const vn = viewOf(isJsonObject(n) ? n : {}, pn, ctx.new.dialect);
  compareExpanded(ctx, vo, vn, pol, out);
}

/**
 * Follows local refs with a memo of compared target pairs: recursive schemas terminate and a
 * definition shared by many properties is compared once. External refs are never fetched.
 */
function compareThroughRefs(
  ctx: Ctx,
  o: JsonValue,
  n: JsonValue,
  refOld: string | undefined,
  refNew: string | undefined,
  po: string,
  pn: string,
  pol: Polarity,
  out: RawChange[],
): void {
  const refPointerOld = refOld === undefined ? po : appendPointer(po, '$ref');
  const refPointerNew = refNew === undefined ? pn : appendPointer(pn, '$ref');
  const targetOld =
    refOld === undefined ? { ok: true as const, node: o, pointer: po } : ctx.old.refs.resolve(refOld);
  const targetNew =
    refNew === undefined ? { ok: true as const, node: n, pointer: pn } : ctx.new.refs.resolve(refNew);
  if (!targetOld.ok || !targetNew.ok) {
    const externalOld = !targetOld.ok && targetOld.external;
    const externalNew = !targetNew.ok && targetNew.external;
    if (externalOld && externalNew && refOld === refNew) return;
    if (externalOld || externalNew) {
      emit(
        out,
        pol,
        'ref-external-changed',
        refPointerOld,
        refPointerNew,
        'unknown',
        `external $ref ${refOld ?? '(none)'} → ${refNew ?? '(none)'}`,
      );
    } else {
      emit(
        out,
        pol,
        'ref-unresolved',
        refPointerOld,
        refPointerNew,
        'unknown',
        `cannot resolve $ref ${!targetOld.ok ? refOld : refNew}`,
      );
    }
    return;
  }
  if (refOld !== undefined && refNew !== undefined && isJsonObject(o) && isJsonObject(n)) {
    compareOther(ctx, viewOf(o, po, ctx.old.dialect), viewOf(n, pn, ctx.new.dialect), pol, out);
  }
  const a = targetOld.node;
  const b = targetNew.node;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    compareNode(ctx, a, b, targetOld.pointer, targetNew.pointer, pol, out);
    return;
  }
  if (a === b && ctx.sameRoot) return;
  const memo = ctx.memo[pol === 1 ? 0 : 1];
  let row = memo.get(a);
  if (!row) {
    row = new Map();
    memo.set(a, row);
  }
  const cached = row.get(b);
  if (cached === null) return;
  if (cached) {
    for (const change of cached) out.push(change);
    return;
  }
  row.set(b, null);
  const found: RawChange[] = [];
  compareNode(ctx, a, b, targetOld.pointer, targetNew.pointer, pol, found);
  // Each change once: a definition whose properties all refer to the one below it (`$defs` L0…Ln,
  // eight properties each) replayed the level below's changes eight times per level, 8ⁿ copies
  // of a handful of changes (a 4 KB schema took minutes and gigabytes).
  const unique = [...new Set(found)];
  row.set(b, unique);
  for (const change of unique) out.push(change);
}

function compareExpanded(ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  let eo = expand(ctx.old, vo);
  let en = expand(ctx.new, vn);
  const kept = new Set([...eo.kept, ...en.kept]);
  if (kept.size > eo.kept.size) eo = expand(ctx.old, vo, kept);
  if (kept.size > en.kept.size) en = expand(ctx.new, vn, kept);
  // Value lists spelled as `const` branches, and type lists spelled as type-only branches, on one
  // side only are read as one `enum` or one `type` there; when both sides spell branches, each
  // keeps its own (a branch's description is model-visible).
  let branchesOld = eo.branches;
  let branchesNew = en.branches;
  const spreadValuesOld = countValueOnly(branchesOld) >= 2;
  const spreadValuesNew = countValueOnly(branchesNew) >= 2;
  if (spreadValuesOld && !spreadValuesNew)
    branchesOld = collapseValues(branchesOld, at(vo, eo.via ?? 'anyOf'), `const branches of ${eo.via}`);
  if (spreadValuesNew && !spreadValuesOld)
    branchesNew = collapseValues(branchesNew, at(vn, en.via ?? 'anyOf'), `const branches of ${en.via}`);
  // Types are joined only against a `type` list: beside one type, "anyOf item 1 added" says more
  // than "type string → string|number" about a side that spells no such `type`.
  const typeList = (branches: readonly View[]) => {
    const type = branches.length === 1 ? get(branches[0] as View, 'type') : undefined;
    return Array.isArray(type) && type.length >= 2;
  };
  if (countTypeOnly(branchesOld) >= 2 && typeList(branchesNew))
    branchesOld = collapseTypes(branchesOld, at(vo, eo.via ?? 'anyOf'));
  if (countTypeOnly(branchesNew) >= 2 && typeList(branchesOld))
    branchesNew = collapseTypes(branchesNew, at(vn, en.via ?? 'anyOf'));
  const [onlyOld] = branchesOld;
  const [onlyNew] = branchesNew;
  if (branchesOld.length === 1 && branchesNew.length === 1 && onlyOld && onlyNew) {
    if (!compareAgainstAllOf(ctx, onlyOld, onlyNew, pol, out)) compareViews(ctx, onlyOld, onlyNew, pol, out);
    return;
  }
  // Checking a lost value against every other branch costs a pass over both lists per value:
  // generated lists of thousands of branches go without (their messages name the pair's change).
  const alternatives: Alternatives | undefined =
    branchesOld.length + branchesNew.length <= MAX_ALTERNATIVES
      ? { old: branchesOld, new: branchesNew, seen: [new Map(), new Map()] }
      : undefined;
  const prefix = (eo.via ?? en.via) === 'oneOf' ? 'one-of' : 'any-of';
  const isNull = (v: View) => declaredMask(v) === NULL && v.entries.has('type');
  matchItems(
    branchesOld,
    branchesNew,
    {
      pair: (a, b) => {
        const scratch: RawChange[] = [];
        const outer = ctx.alternatives;
        ctx.alternatives = alternatives;
        compareViews(ctx, a, b, 1, scratch);
        ctx.alternatives = outer;
        return scratch;
      },
      mode: 'anyOf',
      addedKind: (v) =>
        isNull(v) ? 'nullable-added' : prefix === 'one-of' ? 'one-of-branch-added' : 'any-of-branch-added',
      removedKind: (v) =>
        isNull(v)
          ? 'nullable-removed'
          : prefix === 'one-of'
            ? 'one-of-branch-removed'
            : 'any-of-branch-removed',
      pointerOld: vo.pointer,
      pointerNew: vn.pointer,
      label: prefix === 'one-of' ? 'oneOf' : 'anyOf',
      budget: ctx.pairBudget,
    },
    pol,
    out,
  );
}

/** The conjuncts of a view: its `allOf` branches and its other keywords, annotations left out. */
function conjuncts(side: Side, view: View): View[] | undefined {
  const list = get(view, 'allOf');
  const strip = (v: View) => without(v, ...[...v.entries.keys()].filter(isAnnotation));
  if (!Array.isArray(list) || list.length === 0) return [strip(view)];
  const branches = branchViews(side, view, 'allOf');
  if (!branches || branches.length !== list.length) return undefined;
  return [strip(without(view, 'allOf')), ...branches.map(strip)];
}

/**
 * A schema against one whose `allOf` could not be folded into it (two branches give one property
 * different schemas): compared conjunct by conjunct, so that the plain side meets the branch that
 * spells the same constraints. Compared as two flat views, the plain side's `type` and
 * `properties` would read as removed, which is false of a side that asserts them in its branches.
 */
function compareAgainstAllOf(ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): boolean {
  const hasOld = Array.isArray(get(vo, 'allOf'));
  const hasNew = Array.isArray(get(vn, 'allOf'));
  if (hasOld === hasNew) return false;
  const listOld = conjuncts(ctx.old, vo);
  const listNew = conjuncts(ctx.new, vn);
  if (!listOld || !listNew) return false;
  compareOther(ctx, vo, vn, pol, out);
  matchItems(
    listOld,
    listNew,
    {
      pair: (a, b) => {
        const scratch: RawChange[] = [];
        compareViews(ctx, a, b, 1, scratch);
        return scratch;
      },
      mode: 'allOf',
      addedKind: () => 'all-of-subschema-added',
      removedKind: () => 'all-of-subschema-removed',
      trivial: (v) => v.entries.size === 0,
      pointerOld: vo.pointer,
      pointerNew: vn.pointer,
      label: 'allOf',
      budget: ctx.pairBudget,
    },
    pol,
    out,
  );
  return true;
}

/** One conjunctive view against another: every keyword family in turn. */
function compareViews(ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  if (ctx.depth >= MAX_COMPARE_DEPTH) {
    emit(out, pol, 'comparison-too-deep', vo.pointer, vn.pointer, 'unknown', TOO_DEEP);
    return;
  }
  ctx.depth++;
  compareViewsWithin(ctx, vo, vn, pol, out);
  ctx.depth--;
}

function compareViewsWithin(ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  compareTypes(ctx, vo, vn, pol, out);
  const maskOld = declaredMask(vo);
  const maskNew = declaredMask(vn);
  // A family no side's `type` admits cannot reject anything: skipping it is exact, not a guess.
  const gate = maskOld | maskNew;
  if (gate & NUMBER) compareNumbers(ctx, vo, vn, maskOld, maskNew, pol, out);
  if (gate & STRING) compareStrings(ctx, vo, vn, pol, out);
  compareFormat(ctx, vo, vn, pol, out);
  if (gate & ARRAY) compareArrays(ctx, vo, vn, pol, out);
  if (gate & OBJECT) compareObjects(ctx, vo, vn, pol, out);
  compareComposition(ctx, vo, vn, pol, out);
  compareOther(ctx, vo, vn, pol, out);
}

export function levelOf(kind: RawChange['kind'], effect: Effect, direction: Direction): Level {
  // Headers exist only for arguments (spec §9.2); in an output schema the keyword is inert.
  if (direction === 'output' && kind.startsWith('mcp-header-')) return 'info';
  const fixed = (CHANGE_KINDS[kind] as { level?: Level }).level;
  if (fixed) return fixed;
  switch (effect) {
    case 'none':
      return 'info';
    case 'unknown':
      return 'warning';
    case 'changed':
      return 'breaking';
    case 'narrowed':
      return direction === 'input' ? 'breaking' : 'info';
    case 'widened':
      return direction === 'output' ? 'breaking' : 'info';
  }
}

/**
 * The level of one change under a schema semantics. `json-schema` is `levelOf` (exact: every value
 * the old schema accepted). `api` reads the schema as the contract a tool publishes: callers send
 * only declared properties, consumers rely only on declared ones, so
 * - input: a property declared where any value was free (an open object) adds an optional
 *   parameter (info); closing an object that declares its properties rejects only undeclared names;
 * - output: a property added is info; a declared property removed breaks consumers when it was
 *   required, and may break them otherwise (warning); opening an object adds undeclared names only.
 * A removed input property that a closed object now rejects stays breaking in both readings.
 */
export function decideLevel(
  change: RawChange,
  direction: Direction,
  semantics: SchemaSemantics,
): { level: Level; contractRule?: ContractRule } {
  const exact = levelOf(change.kind, change.effect, direction);
  const facts = change.facts;
  if (semantics === 'json-schema' || facts === undefined) return { level: exact };
  switch (change.kind) {
    case 'property-added':
      if (direction === 'output') return { level: 'info', contractRule: 'property-added' };
      if (facts.undeclaredWasFree && exact !== 'info')
        return { level: 'info', contractRule: 'property-added' };
      return { level: exact };
    case 'property-removed':
      if (direction === 'output')
        return { level: facts.wasRequired ? 'breaking' : 'warning', contractRule: 'property-removed' };
      return { level: exact };
    case 'additional-properties-closed':
      if (direction === 'input' && facts.declaresProperties && exact !== 'info')
        return { level: 'info', contractRule: 'object-closed' };
      return { level: exact };
    case 'additional-properties-opened':
      if (direction === 'output' && facts.declaresProperties && exact !== 'info')
        return { level: 'info', contractRule: 'object-opened' };
      return { level: exact };
    default:
      return { level: exact };
  }
}

/**
 * Keyword-level changes from `oldSchema` to `newSchema`. Input schemas break callers when they
 * narrow; output schemas break consumers when they widen. When the engine cannot decide, it says
 * `unknown` (a warning) rather than claiming compatibility.
 */
export function compareSchemas(
  oldSchema: unknown,
  newSchema: unknown,
  options: CompareOptions,
): SchemaChange[] {
  // The regular expressions of `patternProperties` run on one time budget (util/regex-guard.ts):
  // this call's own, or that of the diff it is part of.
  return withRegexBudget(() => compareWithinBudget(oldSchema, newSchema, options));
}

function compareWithinBudget(
  oldSchema: unknown,
  newSchema: unknown,
  options: CompareOptions,
): SchemaChange[] {
  if (!isSchema(oldSchema)) throw new TypeError('old schema must be a JSON object or boolean');
  if (!isSchema(newSchema)) throw new TypeError('new schema must be a JSON object or boolean');
  // Most schemas in a diff are unchanged: one early-exit walk beats fingerprinting both trees.
  if (jsonEqual(oldSchema, newSchema)) return [];
  const ctx: Ctx = {
    old: { root: oldSchema, dialect: detectDialect(oldSchema), refs: new RefResolver(oldSchema) },
    new: { root: newSchema, dialect: detectDialect(newSchema), refs: new RefResolver(newSchema) },
    sameRoot: oldSchema === newSchema,
    memo: [new Map(), new Map()],
    compareNode,
    pairBudget: { remaining: PAIR_BUDGET },
    depth: 0,
  };
  let raw: RawChange[] = [];
  try {
    compareNode(ctx, oldSchema, newSchema, '', '', 1, raw);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    raw = [
      {
        kind: 'comparison-too-deep',
        pointerOld: '',
        pointerNew: '',
        effect: 'unknown',
        message: `not compared: the schemas nest too deeply (${error.message})`,
      },
    ];
  }
  // A dialect change is context for the changes beside it, not a change of the accepted set: alone,
  // it is the same schema spelled in another draft (draft-07 `items: [...]` as `prefixItems`).
  if (raw.every((change) => change.kind === 'dialect-changed')) raw = [];
  const seen = new Set<string>();
  const changes: SchemaChange[] = [];
  for (const change of raw) {
    const key = `${change.kind}\u0000${change.pointerOld}\u0000${change.pointerNew}\u0000${change.effect}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const decided = decideLevel(change, options.direction, options.semantics ?? DEFAULT_SCHEMA_SEMANTICS);
    const reported: SchemaChange = {
      kind: change.kind,
      level: decided.level,
      effect: change.effect,
      pointerOld: change.pointerOld,
      pointerNew: change.pointerNew,
      message: change.message,
    };
    if (decided.contractRule !== undefined) reported.contractRule = decided.contractRule;
    changes.push(reported);
  }
  return changes;
}

export type Verdict = 'breaking' | 'unknown' | 'compatible';

/**
 * The overall answer: `compatible` is a proof obligation (every value the old contract allowed is
 * still fine), so a single `unknown` withholds it even though unknown changes are only warnings.
 */
export function verdictOf(changes: readonly SchemaChange[]): Verdict {
  if (changes.some((c) => c.level === 'breaking')) return 'breaking';
  if (changes.some((c) => c.effect === 'unknown')) return 'unknown';
  return 'compatible';
}
