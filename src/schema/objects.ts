import type { JsonObject, JsonValue } from '../util/json.js';
import { isJsonObject } from '../util/json.js';
import { appendPointer } from '../util/pointer.js';
import { compilePattern, type GuardedPattern, matchPattern } from '../util/regex-guard.js';
import { type Ctx, emit, emitSummary, type Polarity, type RawChange, show, trial } from './context.js';
import { isAnnotation } from './keywords.js';
import type { ChangeKind } from './kinds.js';
import { matchItems } from './match.js';
import { compareCount } from './numbers.js';
import { assertionsDiffer, isSelfContained } from './unevaluated.js';
import { at, type Entry, get, memberAt, type View } from './view.js';

const TRUE: JsonValue = true;
const regexCache = new Map<string, GuardedPattern | null>();

/** `patternProperties` keys are ECMA-262 regexes with the `u` flag, as Ajv compiles them. */
function regex(source: string): GuardedPattern | null {
  let re = regexCache.get(source);
  if (re === undefined) {
    try {
      re = compilePattern(source, 'u');
    } catch {
      re = null;
    }
    if (regexCache.size > 10_000) regexCache.clear();
    regexCache.set(source, re);
  }
  return re;
}

/** A `patternProperties` object's keys, each with its compiled pattern (null: cannot be matched). */
const patternLists = new WeakMap<JsonObject, { pattern: string; re: GuardedPattern | null }[]>();

function patternList(patterns: JsonObject): { pattern: string; re: GuardedPattern | null }[] {
  let list = patternLists.get(patterns);
  if (list === undefined) {
    list = Object.keys(patterns).map((pattern) => ({ pattern, re: regex(pattern) }));
    patternLists.set(patterns, list);
  }
  return list;
}

function objectAt(view: View, key: string): JsonObject {
  const value = get(view, key);
  return isJsonObject(value) ? value : {};
}

interface ObjectShape {
  view: View;
  properties: JsonObject;
  patterns: JsonObject;
  /** Schema for properties matched by neither `properties` nor `patternProperties`; undefined = free. */
  additional: (Entry & { key: string }) | undefined;
}

function shapeOf(view: View): ObjectShape {
  let additional: ObjectShape['additional'];
  for (const key of ['additionalProperties', 'unevaluatedProperties']) {
    const value = get(view, key);
    if (value === undefined) continue;
    // unevaluatedProperties acts as additionalProperties only when nothing else evaluates properties
    if (key === 'unevaluatedProperties' && !isSelfContained(view)) continue;
    additional = { value, pointer: at(view, key), key };
    break;
  }
  return {
    view,
    properties: objectAt(view, 'properties'),
    patterns: objectAt(view, 'patternProperties'),
    additional,
  };
}

/** Every schema one property value must satisfy: its own, the matching patterns, or the fallback. */
function governing(shape: ObjectShape, name: string): { entries: Entry[]; unresolved: boolean } {
  const entries: Entry[] = [];
  let unresolved = false;
  if (Object.hasOwn(shape.properties, name)) {
    entries.push({
      value: shape.properties[name] as JsonValue,
      pointer: memberAt(shape.view, 'properties', name),
    });
  }
  // Listed once per patternProperties object: each property name is matched against every pattern,
  // and listing 5,000 patterns again for each of 10,000 names took seconds by itself.
  const patterns = patternList(shape.patterns);
  for (let i = 0; i < patterns.length; i++) {
    const { pattern, re } = patterns[i] as (typeof patterns)[number];
    // A property name and a pattern are both the document's: matching runs within the time budget,
    // and one that cannot run leaves the property's schemas unresolved.
    if (re === null) {
      unresolved = true;
      continue;
    }
    const matches = matchPattern(re, name);
    if (matches === undefined) {
      // The name is too long to match, or the budget is spent: no later pattern can run either.
      unresolved = true;
      break;
    }
    if (matches) {
      entries.push({
        value: shape.patterns[pattern] as JsonValue,
        pointer: appendPointer(at(shape.view, 'patternProperties'), pattern),
      });
    }
  }
  if (entries.length === 0) entries.push(shape.additional ?? { value: TRUE, pointer: shape.view.pointer });
  return { entries, unresolved };
}

function isTrivial(entry: Entry): boolean {
  const value = entry.value;
  return value === true || (isJsonObject(value) && Object.keys(value).every(isAnnotation));
}

/** Compares two conjunctions of schemas constraining the same value. */
function compareConjunction(
  ctx: Ctx,
  listOld: Entry[],
  listNew: Entry[],
  pol: Polarity,
  out: RawChange[],
): void {
  const [a] = listOld;
  const [b] = listNew;
  if (listOld.length === 1 && listNew.length === 1 && a && b) {
    ctx.compareNode(ctx, a.value, b.value, a.pointer, b.pointer, pol, out);
    return;
  }
  matchItems(
    listOld,
    listNew,
    {
      pair: (x, y) => trial(ctx, x.value, y.value, x.pointer, y.pointer),
      mode: 'allOf',
      addedKind: () => 'pattern-property-added',
      removedKind: () => 'pattern-property-removed',
      trivial: isTrivial,
      pointerOld: a?.pointer ?? '',
      pointerNew: b?.pointer ?? '',
      label: 'property schema',
    },
    pol,
    out,
  );
}

function conjunctionTrial(ctx: Ctx, listOld: Entry[], listNew: Entry[]): RawChange[] {
  const scratch: RawChange[] = [];
  compareConjunction(ctx, listOld, listNew, 1, scratch);
  return scratch;
}

export function compareObjects(ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  const so = shapeOf(vo);
  const sn = shapeOf(vn);
  compareNamedProperties(ctx, so, sn, pol, out);
  comparePatterns(ctx, so, sn, pol, out);
  compareAdditional(ctx, so, sn, pol, out);
  compareRequired(vo, vn, pol, out);
  compareSubschema(ctx, vo, vn, 'propertyNames', 'property-names-added', 'property-names-removed', pol, out);
  compareDependencies(ctx, vo, vn, pol, out);
  compareCount(vo, vn, 'minProperties', 'min', 'min-properties', pol, out);
  compareCount(vo, vn, 'maxProperties', 'max', 'max-properties', pol, out);
  const upOld = get(vo, 'unevaluatedProperties');
  const upNew = get(vn, 'unevaluatedProperties');
  if (
    (upOld !== undefined || upNew !== undefined) &&
    !(isSelfContained(vo) && isSelfContained(vn)) &&
    assertionsDiffer(vo, vn)
  ) {
    emit(
      out,
      pol,
      'unevaluated-properties-context-changed',
      at(vo, 'unevaluatedProperties'),
      at(vn, 'unevaluatedProperties'),
      'unknown',
      'properties evaluated by applicators may differ',
    );
  }
}

function compareNamedProperties(
  ctx: Ctx,
  so: ObjectShape,
  sn: ObjectShape,
  pol: Polarity,
  out: RawChange[],
): void {
  const names = new Set([...Object.keys(so.properties), ...Object.keys(sn.properties)]);
  let unresolved = false;
  for (const name of names) {
    const before = governing(so, name);
    const after = governing(sn, name);
    unresolved ||= before.unresolved || after.unresolved;
    const inOld = Object.hasOwn(so.properties, name);
    const inNew = Object.hasOwn(sn.properties, name);
    if (inOld && inNew) {
      compareConjunction(ctx, before.entries, after.entries, pol, out);
      continue;
    }
    const nested = conjunctionTrial(ctx, before.entries, after.entries);
    const po = inOld ? memberAt(so.view, 'properties', name) : (so.additional?.pointer ?? so.view.pointer);
    const pn = inNew ? memberAt(sn.view, 'properties', name) : (sn.additional?.pointer ?? sn.view.pointer);
    const openness = (shape: ObjectShape) =>
      shape.additional?.value === false
        ? 'a closed'
        : shape.additional && !isTrivial(shape.additional)
          ? 'a constrained'
          : 'an open';
    // Where the name is not declared, was any value allowed for it? (API semantics read such a
    // name as outside the contract; a pattern or an additionalProperties schema is contract.)
    const free = (governed: { entries: Entry[]; unresolved: boolean }) =>
      !governed.unresolved && governed.entries.every(isTrivial);
    if (inNew)
      emitSummary(
        out,
        pol,
        'property-added',
        po,
        pn,
        nested,
        `property ${show(name)} added to ${openness(so)} object`,
        { undeclaredWasFree: free(before) },
      );
    else
      emitSummary(
        out,
        pol,
        'property-removed',
        po,
        pn,
        nested,
        `property ${show(name)} removed from ${openness(sn)} object`,
        { undeclaredWasFree: free(after), wasRequired: stringSet(get(so.view, 'required')).includes(name) },
      );
  }
  if (unresolved)
    emit(
      out,
      pol,
      'pattern-property-unresolved',
      at(so.view, 'patternProperties'),
      at(sn.view, 'patternProperties'),
      'unknown',
      'a patternProperties regex is not valid here, or could not be matched in bounded time',
    );
}

/**
 * Names matched by a pattern on one side only fall to the other side's fallback. That is exact
 * when it is the only pattern in play; with several, regex overlap is undecidable, so unknown.
 */
function comparePatterns(ctx: Ctx, so: ObjectShape, sn: ObjectShape, pol: Polarity, out: RawChange[]): void {
  const oldKeys = Object.keys(so.patterns);
  const newKeys = Object.keys(sn.patterns);
  const all = new Set([...oldKeys, ...newKeys]);
  const base = (shape: ObjectShape) => at(shape.view, 'patternProperties');
  for (const key of all) {
    const inOld = Object.hasOwn(so.patterns, key);
    const inNew = Object.hasOwn(sn.patterns, key);
    const po = appendPointer(base(so), key);
    const pn = appendPointer(base(sn), key);
    if (inOld && inNew) {
      ctx.compareNode(ctx, so.patterns[key] as JsonValue, sn.patterns[key] as JsonValue, po, pn, pol, out);
      continue;
    }
    const kind: ChangeKind = inNew ? 'pattern-property-added' : 'pattern-property-removed';
    if (all.size > 1) {
      emit(
        out,
        pol,
        kind,
        inOld ? po : so.view.pointer,
        inNew ? pn : sn.view.pointer,
        'unknown',
        `pattern ${show(key)} ${inNew ? 'added' : 'removed'} beside other patterns`,
      );
      continue;
    }
    const fallbackOld = so.additional ?? { value: TRUE, pointer: so.view.pointer };
    const fallbackNew = sn.additional ?? { value: TRUE, pointer: sn.view.pointer };
    const nested = inNew
      ? trial(ctx, fallbackOld.value, sn.patterns[key] as JsonValue, fallbackOld.pointer, pn)
      : trial(ctx, so.patterns[key] as JsonValue, fallbackNew.value, po, fallbackNew.pointer);
    emitSummary(
      out,
      pol,
      kind,
      inOld ? po : fallbackOld.pointer,
      inNew ? pn : fallbackNew.pointer,
      nested,
      `pattern ${show(key)} ${inNew ? 'added' : 'removed'}`,
    );
  }
}

function compareAdditional(
  ctx: Ctx,
  so: ObjectShape,
  sn: ObjectShape,
  pol: Polarity,
  out: RawChange[],
): void {
  const before = so.additional;
  const after = sn.additional;
  if (!before && !after) return;
  const isTrue = (e: Entry | undefined) =>
    !e || e.value === true || (isJsonObject(e.value) && Object.keys(e.value).length === 0);
  const isFalse = (e: Entry | undefined) => e?.value === false;
  if (before && after && !isFalse(before) && !isFalse(after) && !isTrue(before) && !isTrue(after)) {
    ctx.compareNode(ctx, before.value, after.value, before.pointer, after.pointer, pol, out);
    return;
  }
  const po = before?.pointer ?? so.view.pointer;
  const pn = after?.pointer ?? sn.view.pointer;
  if (isTrue(before) && isTrue(after)) return;
  if (isFalse(before) && isFalse(after)) return;
  const nested = trial(ctx, before?.value ?? TRUE, after?.value ?? TRUE, po, pn);
  const unevaluated = (after ?? before)?.key === 'unevaluatedProperties';
  let kind: ChangeKind;
  if (isFalse(after)) kind = 'additional-properties-closed';
  else if (isFalse(before)) kind = 'additional-properties-opened';
  else if (isTrue(before))
    kind = unevaluated ? 'unevaluated-properties-added' : 'additional-properties-added';
  else kind = unevaluated ? 'unevaluated-properties-removed' : 'additional-properties-removed';
  const shown = (entry: Entry | undefined) => (entry ? show(entry.value) : 'absent');
  const declares = (shape: ObjectShape) => Object.keys(shape.properties).length > 0;
  emitSummary(
    out,
    pol,
    kind,
    po,
    pn,
    nested,
    `${(after ?? before)?.key} ${shown(before)} → ${shown(after)}`,
    { declaresProperties: declares(so) && declares(sn) },
  );
}

function stringSet(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function compareRequired(vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  const before = stringSet(get(vo, 'required'));
  const after = stringSet(get(vn, 'required'));
  const oldSet = new Set(before);
  const newSet = new Set(after);
  after.forEach((name, i) => {
    if (!oldSet.has(name))
      emit(
        out,
        pol,
        'property-required-added',
        at(vo, 'required'),
        memberAt(vn, 'required', i),
        'narrowed',
        `property ${show(name)} became required`,
      );
  });
  before.forEach((name, i) => {
    if (!newSet.has(name))
      emit(
        out,
        pol,
        'property-required-removed',
        memberAt(vo, 'required', i),
        at(vn, 'required'),
        'widened',
        `property ${show(name)} is no longer required`,
      );
  });
}

/** A positive subschema keyword (absent = accepts everything). */
function compareSubschema(
  ctx: Ctx,
  vo: View,
  vn: View,
  key: string,
  added: ChangeKind,
  removed: ChangeKind,
  pol: Polarity,
  out: RawChange[],
): void {
  const before = get(vo, key);
  const after = get(vn, key);
  if (before === undefined && after === undefined) return;
  if (before !== undefined && after !== undefined) {
    ctx.compareNode(ctx, before, after, at(vo, key), at(vn, key), pol, out);
    return;
  }
  const po = before === undefined ? vo.pointer : at(vo, key);
  const pn = after === undefined ? vn.pointer : at(vn, key);
  const nested = trial(ctx, before ?? TRUE, after ?? TRUE, po, pn);
  emitSummary(
    out,
    pol,
    before === undefined ? added : removed,
    po,
    pn,
    nested,
    `${key} ${before === undefined ? 'added' : 'removed'}`,
  );
}

interface Dependencies {
  required: Map<string, { names: string[]; pointer: string }>;
  schemas: Map<string, Entry>;
}

/** draft-07 `dependencies` splits by value shape into the two 2019+ keywords. */
function dependenciesOf(view: View): Dependencies {
  const required: Dependencies['required'] = new Map();
  const schemas: Dependencies['schemas'] = new Map();
  const read = (key: string, as: 'required' | 'schemas' | 'either') => {
    const map = get(view, key);
    if (!isJsonObject(map)) return;
    for (const name of Object.keys(map)) {
      const value = map[name] as JsonValue;
      const pointer = appendPointer(at(view, key), name);
      if ((as === 'required' || as === 'either') && Array.isArray(value))
        required.set(name, { names: stringSet(value), pointer });
      else if (as !== 'required') schemas.set(name, { value, pointer });
    }
  };
  read('dependencies', 'either');
  read('dependentRequired', 'required');
  read('dependentSchemas', 'schemas');
  return { required, schemas };
}

function compareDependencies(ctx: Ctx, vo: View, vn: View, pol: Polarity, out: RawChange[]): void {
  if (
    !['dependencies', 'dependentRequired', 'dependentSchemas'].some(
      (k) => vo.entries.has(k) || vn.entries.has(k),
    )
  )
    return;
  const before = dependenciesOf(vo);
  const after = dependenciesOf(vn);
  const triggers = new Set([...before.required.keys(), ...after.required.keys()]);
  for (const trigger of triggers) {
    const a = before.required.get(trigger);
    const b = after.required.get(trigger);
    if (!a && b) {
      if (b.names.length > 0)
        emit(
          out,
          pol,
          'dependent-required-added',
          vo.pointer,
          b.pointer,
          'narrowed',
          `when ${show(trigger)} is present, ${show(b.names)} become required`,
        );
      continue;
    }
    if (a && !b) {
      if (a.names.length > 0)
        emit(
          out,
          pol,
          'dependent-required-removed',
          a.pointer,
          vn.pointer,
          'widened',
          `${show(trigger)} no longer requires ${show(a.names)}`,
        );
      continue;
    }
    if (!a || !b) continue;
    for (const name of b.names)
      if (!a.names.includes(name))
        emit(
          out,
          pol,
          'dependent-required-value-added',
          a.pointer,
          b.pointer,
          'narrowed',
          `${show(trigger)} now also requires ${show(name)}`,
        );
    for (const name of a.names)
      if (!b.names.includes(name))
        emit(
          out,
          pol,
          'dependent-required-value-removed',
          a.pointer,
          b.pointer,
          'widened',
          `${show(trigger)} no longer requires ${show(name)}`,
        );
  }
  const schemaTriggers = new Set([...before.schemas.keys(), ...after.schemas.keys()]);
  for (const trigger of schemaTriggers) {
    const a = before.schemas.get(trigger);
    const b = after.schemas.get(trigger);
    if (a && b) {
      ctx.compareNode(ctx, a.value, b.value, a.pointer, b.pointer, pol, out);
      continue;
    }
    const po = a?.pointer ?? vo.pointer;
    const pn = b?.pointer ?? vn.pointer;
    const nested = trial(ctx, a?.value ?? TRUE, b?.value ?? TRUE, po, pn);
    emitSummary(
      out,
      pol,
      a ? 'dependent-schema-removed' : 'dependent-schema-added',
      po,
      pn,
      nested,
      `dependent schema for ${show(trigger)} ${a ? 'removed' : 'added'}`,
    );
  }
}
