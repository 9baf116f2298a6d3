/**
 * Aggregate merge, step 4: each input projected into its Effective Protocol Views; views of one
 * revision described by several inputs must be semantically equivalent (differences reported per
 * declaration and field).
 */

import { resolveComponentRefs } from '../model/components.js';
import { projectView } from '../model/project.js';
import { effectiveScope, SCOPED_COLLECTIONS, type ScopedCollection } from '../model/scopes.js';
import { isJsonObject, type JsonObject, type JsonValue, sortedJson } from '../util/json.js';
import { appendPointer, toPointer } from '../util/pointer.js';
import type { Conflict, ConflictCode, ConflictSubject } from './conflicts.js';
import {
  canonicalDeclaration,
  canonicalKey,
  declarationLabel,
  identityOf,
  isPrimitiveCollection,
  keysOf,
  locate,
  type MergeInput,
  subjectKind,
  valueAt,
} from './support.js';

/** One input's Effective Protocol View of one revision, with where its declarations come from. */
export interface View {
  input: number;
  version: string;
  /** Index of `version` in the input's root `protocolVersions`. */
  versionIndex: number;
  doc: JsonObject;
  /** Per collection: view index → source index. */
  origin: Partial<Record<ScopedCollection, number[]>>;
  /** Per collection: canonical declaration (resolved), parallel to the view's items. */
  canonical: Partial<Record<ScopedCollection, JsonValue[]>>;
  /** Per collection without identities (transports, capabilities): the canonical texts, parallel to `canonical`. */
  keys: Partial<Record<ScopedCollection, string[]>>;
  /** Per collection: source index → view index. */
  viewIndex: Partial<Record<ScopedCollection, Map<number, number>>>;
}

export function buildViews(docs: JsonObject[]): View[] {
  const views: View[] = [];
  docs.forEach((doc, input) => {
    const root = orderedRoot(doc);
    const sortedRoot = effectiveScope(doc, []);
    root.forEach((version) => {
      // Views are only compared, never edited: they share values with the input.
      const view = projectView(doc, version, { share: true });
      const resolved = resolveComponentRefs(view).resolved;
      const origin: View['origin'] = {};
      const canonical: View['canonical'] = {};
      const keys: View['keys'] = {};
      const viewIndex: View['viewIndex'] = {};
      for (const collection of SCOPED_COLLECTIONS) {
        const items = doc[collection];
        if (!Array.isArray(items)) continue;
        const indices: number[] = [];
        items.forEach((item, index) => {
          if (effectiveScope(item, sortedRoot).includes(version)) indices.push(index);
        });
        origin[collection] = indices;
        viewIndex[collection] = new Map(indices.map((source, at) => [source, at]));
        const viewItems = resolved[collection];
        canonical[collection] = Array.isArray(viewItems)
          ? viewItems.map((item) => canonicalDeclaration(collection, item))
          : [];
        if (!isPrimitiveCollection(collection))
          keys[collection] = (canonical[collection] ?? []).map(canonicalKey);
      }
      views.push({
        input,
        version,
        versionIndex: (doc.protocolVersions as JsonValue[]).indexOf(version),
        doc: view,
        origin,
        canonical,
        keys,
        viewIndex,
      });
    });
  });
  return views;
}

/** Root revisions in document order, without duplicates. */
export function orderedRoot(doc: JsonObject): string[] {
  const versions = Array.isArray(doc.protocolVersions) ? doc.protocolVersions : [];
  return [...new Set(versions.filter((v): v is string => typeof v === 'string'))];
}

/** Fields whose difference over overlapping scope has its own refusal code. */
function fieldCode(field: string): ConflictCode {
  if (field === 'clientRequirements') return 'client-requirements-conflict';
  if (field === '_meta') return 'meta-conflict';
  if (field.startsWith('x-')) return 'extension-conflict';
  return 'revision-view-conflict';
}

const EXAMPLE_MAPS = new Set(['examples', 'completionExamples', 'interactionExamples']);

export function compareSameRevisionViews(inputs: readonly MergeInput[], views: View[]): Conflict[] {
  const conflicts: Conflict[] = [];
  const byVersion = new Map<string, View[]>();
  for (const view of views) {
    const list = byVersion.get(view.version) ?? [];
    list.push(view);
    byVersion.set(view.version, list);
  }
  for (const [version, list] of byVersion) {
    if (list.length < 2) continue;
    for (const collection of SCOPED_COLLECTIONS) {
      if (isPrimitiveCollection(collection)) comparePrimitives(inputs, list, version, collection, conflicts);
      else compareUnkeyed(inputs, list, version, collection, conflicts);
    }
  }
  return foldRevisions(conflicts);
}

/** Where a declaration of `view` sits in its input. */
function sourcePointer(view: View, collection: ScopedCollection, viewIndex: number): string {
  return appendPointer('', collection, view.origin[collection]?.[viewIndex] ?? viewIndex);
}

/** Where to point in an input whose view of a revision lacks a declaration. */
function absentPointer(inputs: readonly MergeInput[], view: View, collection: ScopedCollection): string {
  const doc = inputs[view.input]?.value;
  if (isJsonObject(doc) && Object.hasOwn(doc, collection)) return `/${collection}`;
  return appendPointer('', 'protocolVersions', view.versionIndex);
}

function comparePrimitives(
  inputs: readonly MergeInput[],
  list: View[],
  version: string,
  collection: ScopedCollection,
  conflicts: Conflict[],
): void {
  // Keys in first-seen order, and per view where each key first sits: maps, as a catalog has
  // thousands of declarations per view (searching lists made this quadratic).
  const keys = new Set<string>();
  const positions = list.map((view) => {
    const first = new Map<string, number>();
    (view.canonical[collection] ?? []).forEach((item, index) => {
      const key = identityOf(collection, item);
      if (key === undefined) return;
      keys.add(key);
      if (!first.has(key)) first.set(key, index);
    });
    return first;
  });
  for (const key of keys) {
    const at = positions.map((first) => first.get(key) ?? -1);
    const values = list.map((view, i) =>
      at[i] === -1 ? undefined : view.canonical[collection]?.[at[i] as number],
    );
    const subject: ConflictSubject = { kind: subjectKind(collection), key, revisions: [version] };
    const label = `${subjectKind(collection)} ${JSON.stringify(key)}`;
    if (values.some((v) => v === undefined)) {
      conflicts.push({
        code: 'revision-view-conflict',
        message: `MCP ${version}: ${label} is described by ${describeWho(inputs, list, values, true)} but not by ${describeWho(inputs, list, values, false)}`,
        subject,
        locations: list.map((view, i) =>
          locate(
            inputs[view.input] as MergeInput,
            at[i] === -1
              ? absentPointer(inputs, view, collection)
              : sourcePointer(view, collection, at[i] as number),
          ),
        ),
      });
      continue;
    }
    const keysOfValues = values.map((v) => canonicalKey(v as JsonValue));
    if (keysOfValues.every((k) => k === keysOfValues[0])) continue;
    compareFields(inputs, list, version, collection, at, values as JsonValue[], subject, label, conflicts);
  }
}

function describeWho(
  inputs: readonly MergeInput[],
  list: View[],
  values: (JsonValue | undefined)[],
  present: boolean,
): string {
  return list
    .filter((_, i) => (values[i] !== undefined) === present)
    .map((view) => inputs[view.input]?.file)
    .join(', ');
}

/** One conflict per differing field (per example-map entry for example maps). */
function compareFields(
  inputs: readonly MergeInput[],
  list: View[],
  version: string,
  collection: ScopedCollection,
  at: number[],
  values: JsonValue[],
  subject: ConflictSubject,
  label: string,
  conflicts: Conflict[],
): void {
  const fields: string[] = [];
  for (const value of values) for (const key of keysOf(value)) if (!fields.includes(key)) fields.push(key);
  const pointerIn = (i: number, ...rest: string[]) =>
    appendPointer(sourcePointer(list[i] as View, collection, at[i] as number), ...rest);
  const report = (code: ConflictCode, path: string[], what: string) => {
    const fieldValues = values.map((value) => valueAt(value, toPointer(path)));
    conflicts.push({
      code,
      message: `MCP ${version}: ${label} ${what}`,
      subject,
      locations: list.map((view, i) => locate(inputs[view.input] as MergeInput, pointerIn(i, ...path))),
      values: fieldValues,
    });
  };
  for (const field of fields) {
    const fieldValues = values.map((value) => (isJsonObject(value) ? value[field] : undefined));
    const texts = fieldValues.map((v) => (v === undefined ? '∅' : sortedJson(v)));
    if (texts.every((t) => t === texts[0])) continue;
    if (EXAMPLE_MAPS.has(field) && fieldValues.every((v) => v === undefined || isJsonObject(v))) {
      const names: string[] = [];
      for (const v of fieldValues) for (const name of keysOf(v)) if (!names.includes(name)) names.push(name);
      for (const name of names) {
        const entries = fieldValues.map((v) =>
          isJsonObject(v) && Object.hasOwn(v, name) ? sortedJson(v[name] as JsonValue) : '∅',
        );
        if (entries.every((e) => e === entries[0])) continue;
        const scenario = field === 'interactionExamples' && entries.every((e) => e !== '∅');
        report(
          scenario ? 'interaction-scenario-conflict' : 'example-map-conflict',
          [field, name],
          scenario
            ? `has unequal interaction scenarios named ${JSON.stringify(name)} (steps are never concatenated and no side is picked)`
            : `has different ${field} entries named ${JSON.stringify(name)} (example maps are never merged)`,
        );
      }
      continue;
    }
    report(fieldCode(field), [field], `differs in ${field}`);
  }
}

/** Transports and capabilities have no key: compare them by content. */
function compareUnkeyed(
  inputs: readonly MergeInput[],
  list: View[],
  version: string,
  collection: ScopedCollection,
  conflicts: Conflict[],
): void {
  const sets = list.map((view) => view.keys[collection] ?? []);
  // Per view: where each key first sits (maps, not list searches: a document may list many).
  const firsts = sets.map((set) => {
    const first = new Map<string, number>();
    set.forEach((key, index) => {
      if (!first.has(key)) first.set(key, index);
    });
    return first;
  });
  const union = [...new Set(sets.flat())];
  if (sets.every((set, i) => set.length === union.length && union.every((key) => firsts[i]?.has(key))))
    return;
  if (collection === 'capabilities' && sets.every((set) => set.length === 1)) {
    const at = list.map(() => 0);
    const values = list.map((view) => view.canonical[collection]?.[0] as JsonValue);
    const subject: ConflictSubject = { kind: 'capabilities', key: 'capabilities', revisions: [version] };
    compareFields(inputs, list, version, collection, at, values, subject, 'capabilities', conflicts);
    return;
  }
  // A transport every view has (same type and address) but with different content (`args`, `env`,
  // `headers`...) is one difference, reported by field; not two declarations each view lacks.
  const paired = new Set<string>();
  if (collection === 'transports') {
    const addressOf = (view: View, index: number): string => {
      const item = view.canonical.transports?.[index];
      return isJsonObject(item)
        ? sortedJson([item.type ?? null, item.url ?? null, item.command ?? null])
        : '';
    };
    const missing = union.filter((key) => !firsts.every((first) => first.has(key)));
    const byAddress = new Map<string, string[]>();
    for (const key of missing) {
      const holder = firsts.findIndex((first) => first.has(key));
      const address = addressOf(list[holder] as View, firsts[holder]?.get(key) as number);
      byAddress.set(address, [...(byAddress.get(address) ?? []), key]);
    }
    for (const [address, keys] of byAddress) {
      // Each view holds exactly one transport at this address among the differing ones.
      const at = firsts.map((first) => {
        const held = keys.filter((key) => first.has(key));
        return held.length === 1 ? (first.get(held[0] as string) as number) : -1;
      });
      if (address === '' || at.some((index) => index === -1)) continue;
      for (const key of keys) paired.add(key);
      const values = list.map((view, i) => view.canonical.transports?.[at[i] as number] as JsonValue);
      const label = declarationLabel(collection, values[0] as JsonValue);
      const subject: ConflictSubject = { kind: 'transport', key: label, revisions: [version] };
      compareFields(inputs, list, version, collection, at, values, subject, label, conflicts);
    }
  }
  for (const key of union) {
    if (paired.has(key)) continue;
    const at = firsts.map((first) => first.get(key) ?? -1);
    if (at.every((index) => index !== -1)) continue;
    const holderIndex = at.findIndex((index) => index !== -1);
    const holder = list[holderIndex] as View;
    const declaration = holder.canonical[collection]?.[at[holderIndex] as number] as JsonValue;
    const label = declarationLabel(collection, declaration);
    const values = at.map((index) => (index !== -1 ? (declaration as JsonValue) : undefined));
    conflicts.push({
      code: 'revision-view-conflict',
      message: `MCP ${version}: ${label} is described by ${describeWho(inputs, list, values, true)} but not by ${describeWho(inputs, list, values, false)}`,
      subject: { kind: subjectKind(collection), key: label, revisions: [version] },
      locations: list.map((view, i) => {
        const index = at[i] ?? -1;
        return locate(
          inputs[view.input] as MergeInput,
          index === -1 ? absentPointer(inputs, view, collection) : sourcePointer(view, collection, index),
        );
      }),
    });
  }
}

/** The same difference seen in several revisions is one conflict listing those revisions. */
function foldRevisions(conflicts: Conflict[]): Conflict[] {
  const out: Conflict[] = [];
  const byKey = new Map<string, Conflict>();
  for (const conflict of conflicts) {
    const key = sortedJson({
      code: conflict.code,
      at: conflict.locations.map((l) => [l.file, l.pointer]),
      values: conflict.values ?? null,
      subject: conflict.subject ? [conflict.subject.kind, conflict.subject.key] : null,
    } as unknown as JsonValue);
    const existing = byKey.get(key);
    if (existing?.subject?.revisions && conflict.subject?.revisions) {
      const revisions = [...existing.subject.revisions, ...conflict.subject.revisions];
      existing.subject.revisions = revisions;
      existing.message = existing.message.replace(/^MCP [^:]+:/, `MCP ${revisions.join(', ')}:`);
      continue;
    }
    byKey.set(key, conflict);
    out.push(conflict);
  }
  return out;
}
