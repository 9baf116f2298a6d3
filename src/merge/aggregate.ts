/**
 * Aggregate merge (spec §4.13): one document from descriptions of the same server for different (or
 * overlapping) MCP revisions. Pure: documents in, a document or every conflict out.
 *
 *  1. validate every input;
 *  2. unite components (equal values deduplicated; a name bound to different values is a conflict,
 *     or, on request, renamed deterministically with every `$componentRef` rewritten);
 *  3. require the unscoped parts (info, instructions, securitySchemes, root security, tags, $schema,
 *     mcpdesc, root and components `x-*`) to agree;
 *  4. project each input into its Effective Protocol Views; views of one revision must be
 *     semantically equivalent (differences are reported per declaration and field, with the
 *     specific codes for examples, interaction scenarios, clientRequirements, `_meta` and `x-*`);
 *  5. collapse equal declarations by uniting their revisions, keep different ones as disjoint
 *     variants (no `protocolVersions` where a declaration covers every merged revision);
 *  6. check the result (transport coverage, the validator, and the round trip P_V(result) ≡ D_V).
 *
 * Output order follows the first input: its root key order, then its declarations in document
 * order, then what later inputs add, in their order. Same inputs, same output.
 */

import { declaredVersion, MCPDESC_070 } from '../migrate/detect.js';
import { COMPONENT_NAMESPACES, parseComponentRef, resolveComponentRefs } from '../model/components.js';
import { IDENTITY_FIELD } from '../model/identity.js';
import { projectView } from '../model/project.js';
import { effectiveScope, SCOPED_COLLECTIONS, type ScopedCollection } from '../model/scopes.js';
import { appendAll } from '../util/arrays.js';
import {
  deepClone,
  isJsonObject,
  type JsonObject,
  type JsonValue,
  jsonEqual,
  setOwn,
  sortedJson,
} from '../util/json.js';
import type { Location } from '../util/location.js';
import { appendPointer, parsePointer, toPointer } from '../util/pointer.js';
import type { Conflict, ConflictCode, ConflictSubject } from './conflicts.js';
import {
  canonicalDeclaration,
  canonicalKey,
  declarationLabel,
  equivalentModuloComponents,
  identityOf,
  isPrimitiveCollection,
  keysOf,
  locate,
  type MergeInput,
  rewriteComponentRefs,
  subjectKind,
  valueAt,
} from './support.js';
import { integerLiteralConflicts } from './three-way.js';
import { type DocumentValidator, errorFindings } from './validation.js';

export type { MergeInput } from './support.js';

export interface AggregateOptions {
  /** Rename colliding components deterministically instead of refusing (spec §17.6). */
  renameComponents?: boolean;
  /** The document validator; merge validates every input and the result with it. */
  validate?: DocumentValidator;
  /** Name of the result in result-validation findings (default `<merged>`). */
  outputName?: string;
  /**
   * Let the result share values with the inputs instead of copying them (default false): for callers
   * that only write the result out, like the CLI. Neither may be edited afterwards.
   */
  share?: boolean;
}

export interface ComponentRename {
  input: string;
  namespace: string;
  from: string;
  to: string;
}

export type AggregateResult =
  | { ok: true; document: JsonObject; renames: ComponentRename[] }
  | { ok: false; conflicts: Conflict[] };

/** Fields of the root that are unscoped metadata; everything but these is unscoped too. */
const ROOT_SCOPED = new Set<string>([...SCOPED_COLLECTIONS, 'protocolVersions', 'components']);

export function mergeAggregate(
  inputs: readonly MergeInput[],
  options: AggregateOptions = {},
): AggregateResult {
  if (inputs.length === 0) throw new Error('merge needs at least one input');

  // 1. Every input must be a conforming document.
  const conflicts: Conflict[] = [];
  // Every input, not only the first invalid one (spec §4.13: merge validates every input).
  inputs.forEach((input) => {
    const shape = shapeProblems(input);
    appendAll(conflicts, shape);
    if (options.validate && shape.length === 0) {
      for (const finding of errorFindings(options.validate(input))) {
        conflicts.push({
          code: 'invalid-input',
          message: `${input.file} is not a valid mcpdesc 0.8.0 document: [${finding.code}] ${finding.message}`,
          locations: [finding.location],
        });
      }
    }
  });
  if (conflicts.length > 0) return { ok: false, conflicts };

  // Read-only from here on, except that renaming components copies the input it renames first.
  const docs = inputs.map((input) => input.value as JsonObject);

  // Integers beyond ±2^53 that differ as written but decode to one double: the comparisons below
  // would take them for one value and keep one literal.
  for (const [i, a] of inputs.entries())
    for (const b of inputs.slice(i + 1)) appendAll(conflicts, integerLiteralConflicts(a, b, true));

  // 2. Components.
  const components = mergeComponents(inputs, docs, options.renameComponents === true);
  appendAll(conflicts, components.conflicts);

  // 3. Unscoped metadata.
  appendAll(conflicts, compareUnscoped(inputs, docs));

  // 4. Views, and the revisions described by more than one input.
  const views = buildViews(docs);
  appendAll(conflicts, compareSameRevisionViews(inputs, views));
  if (conflicts.length > 0) return { ok: false, conflicts };

  // 5. The merged document.
  const { document, origins } = assemble(docs, views, components.merged);

  // 6. Result checks.
  const resultConflicts = [...coverageConflicts(inputs, docs, document)];
  if (resultConflicts.length === 0 && options.validate) {
    const name = options.outputName ?? '<merged>';
    for (const finding of errorFindings(options.validate({ value: document, file: name }))) {
      resultConflicts.push({
        code: 'invalid-result',
        message: `the merged document would be invalid: [${finding.code}] ${finding.message}`,
        locations: resultLocations(inputs, origins, finding.location.pointer),
      });
    }
  }
  if (resultConflicts.length === 0) appendAll(resultConflicts, roundTripConflicts(inputs, views, document));
  if (resultConflicts.length > 0) return { ok: false, conflicts: resultConflicts };
  // Built sharing the inputs' values, so the round trip above mostly compares by identity; a library
  // caller gets a copy it may edit.
  return {
    ok: true,
    document: options.share ? document : (deepClone(document) as JsonObject),
    renames: components.renames,
  };
}

// ─── 1. shape ──────────────────────────────────────────────────────────────────

function shapeProblems(input: MergeInput): Conflict[] {
  const doc = input.value;
  const invalid = (pointer: string, message: string): Conflict => ({
    code: 'invalid-input',
    message: `${input.file} is not a valid mcpdesc 0.8.0 document: ${message}`,
    locations: [locate(input, pointer)],
  });
  if (!isJsonObject(doc)) return [invalid('', 'a description must be an object')];
  if (declaredVersion(doc) === MCPDESC_070)
    return [
      invalid(
        '/mcpdesc',
        `it is an mcpdesc 0.7.0 document; migrate it first (mcpdesc migrate ${input.file})`,
      ),
    ];
  const versions = doc.protocolVersions;
  if (!Array.isArray(versions) || versions.length === 0 || !versions.every((v) => typeof v === 'string'))
    return [invalid('/protocolVersions', 'protocolVersions must be a non-empty array of MCP revisions')];
  return [];
}

// ─── 2. components ─────────────────────────────────────────────────────────────

interface ComponentsOutcome {
  merged: JsonObject | undefined;
  conflicts: Conflict[];
  renames: ComponentRename[];
}

function mergeComponents(
  inputs: readonly MergeInput[],
  docs: JsonObject[],
  rename: boolean,
): ComponentsOutcome {
  const conflicts: Conflict[] = [];
  const renames: ComponentRename[] = [];
  // Values compared after resolving aliases, so an alias to a colliding component collides too.
  const resolved = docs.map((doc) => resolveComponentRefs(doc).resolved.components);
  // (namespace, name) in first-appearance order, with every input defining it.
  const entries = new Map<string, { namespace: string; name: string; inputs: number[] }>();
  docs.forEach((doc, i) => {
    for (const namespace of keysOf(doc.components)) {
      if (namespace.startsWith('x-')) continue;
      for (const name of keysOf((doc.components as JsonObject)[namespace])) {
        const id = `${namespace}/${name}`;
        const entry = entries.get(id) ?? { namespace, name, inputs: [] };
        entry.inputs.push(i);
        entries.set(id, entry);
      }
    }
  });
  const taken = new Set(entries.keys());
  const renameMaps = docs.map(() => new Map<string, string>());
  for (const { namespace, name, inputs: holders } of entries.values()) {
    const distinct: { key: string; inputs: number[] }[] = [];
    for (const i of holders) {
      const value = (resolved[i] as JsonObject)[namespace] as JsonObject;
      const key = sortedJson(value[name]);
      const found = distinct.find((d) => d.key === key);
      if (found) found.inputs.push(i);
      else distinct.push({ key, inputs: [i] });
    }
    if (distinct.length < 2) continue;
    if (!rename) {
      const pointer = toPointer(['components', namespace, name]);
      conflicts.push({
        code: 'component-collision',
        message: `component ${namespace}/${name} has different values in ${holders.map((i) => inputs[i]?.file).join(', ')}`,
        subject: { kind: 'component', key: `${namespace}/${name}` },
        locations: holders.map((i) => locate(inputs[i] as MergeInput, pointer)),
        values: holders.map((i) => valueAt(docs[i] as JsonObject, pointer)),
      });
      continue;
    }
    for (const group of distinct.slice(1)) {
      const first = group.inputs[0] as number;
      let candidate = `${name}.${first + 1}`;
      for (let n = 2; taken.has(`${namespace}/${candidate}`); n++) candidate = `${name}.${first + 1}-${n}`;
      taken.add(`${namespace}/${candidate}`);
      for (const i of group.inputs) {
        renameMaps[i]?.set(`#/components/${namespace}/${name}`, `#/components/${namespace}/${candidate}`);
        renames.push({ input: inputs[i]?.file ?? '', namespace, from: name, to: candidate });
      }
    }
  }
  // Apply the renames: keys in place, then every reference of that input.
  docs.forEach((original, i) => {
    const map = renameMaps[i] as Map<string, string>;
    if (map.size === 0) return;
    const doc = deepClone(original);
    docs[i] = doc;
    const components = doc.components as JsonObject;
    for (const namespace of COMPONENT_NAMESPACES) {
      const names = components[namespace];
      if (!isJsonObject(names)) continue;
      const next: JsonObject = {};
      for (const [name, value] of Object.entries(names)) {
        const to = map.get(`#/components/${namespace}/${name}`);
        setOwn(next, to ? (parseComponentRef(to)?.name as string) : name, value);
      }
      components[namespace] = next;
    }
    rewriteComponentRefs(doc, (ref) => map.get(ref));
  });
  // The union, in first-appearance order.
  const merged: JsonObject = {};
  docs.forEach((doc) => {
    const components = doc.components;
    if (!isJsonObject(components)) return;
    for (const [namespace, names] of Object.entries(components)) {
      if (namespace.startsWith('x-')) {
        if (!Object.hasOwn(merged, namespace)) setOwn(merged, namespace, deepClone(names));
        continue;
      }
      if (!isJsonObject(names)) continue;
      const target = (Object.hasOwn(merged, namespace) ? merged[namespace] : undefined) as
        | JsonObject
        | undefined;
      const into = target ?? {};
      if (!target) setOwn(merged, namespace, into);
      for (const [name, value] of Object.entries(names))
        if (!Object.hasOwn(into, name)) setOwn(into, name, deepClone(value));
    }
  });
  return { merged: Object.keys(merged).length > 0 ? merged : undefined, conflicts, renames };
}

// ─── 3. unscoped metadata ──────────────────────────────────────────────────────

function compareUnscoped(inputs: readonly MergeInput[], docs: JsonObject[]): Conflict[] {
  const conflicts: Conflict[] = [];
  const keys: string[] = [];
  for (const doc of docs)
    for (const key of Object.keys(doc)) if (!ROOT_SCOPED.has(key) && !keys.includes(key)) keys.push(key);
  for (const key of keys)
    differingPointers(docs, appendPointer('', key), key === 'security', conflicts, inputs);
  // The outer `x-*` of components is unscoped too (spec §17.6).
  const componentExtensions: string[] = [];
  for (const doc of docs)
    for (const key of keysOf(doc.components))
      if (key.startsWith('x-') && !componentExtensions.includes(key)) componentExtensions.push(key);
  for (const key of componentExtensions)
    differingPointers(docs, toPointer(['components', key]), false, conflicts, inputs);
  return conflicts;
}

/** Reports, at the deepest object member where the inputs disagree, one conflict per difference. */
function differingPointers(
  docs: JsonObject[],
  pointer: string,
  security: boolean,
  conflicts: Conflict[],
  inputs: readonly MergeInput[],
): void {
  const values = docs.map((doc) => valueAt(doc, pointer));
  const comparable = values.map((v) =>
    v.present ? sortedJson(security ? normalizeSecurity(v.value) : v.value) : '∅',
  );
  if (comparable.every((c) => c === comparable[0])) return;
  const present = values.filter((v): v is { present: true; value: JsonValue } => v.present);
  if (!security && present.length === values.length && present.every((v) => isJsonObject(v.value))) {
    const keys = new Set<string>();
    for (const v of present) for (const key of Object.keys(v.value as JsonObject)) keys.add(key);
    for (const key of keys) differingPointers(docs, appendPointer(pointer, key), false, conflicts, inputs);
    return;
  }
  const first = present[0]?.value;
  const length = Array.isArray(first) ? first.length : -1;
  if (
    !security &&
    present.length === values.length &&
    present.every((v) => Array.isArray(v.value) && v.value.length === length)
  ) {
    for (let i = 0; i < length; i++)
      differingPointers(docs, appendPointer(pointer, i), false, conflicts, inputs);
    return;
  }
  const field = parsePointer(pointer)[0] ?? '';
  conflicts.push({
    code: 'unscoped-metadata-conflict',
    message: `unscoped ${pointer} differs between inputs`,
    subject: { kind: 'document', key: field },
    locations: inputs.map((input) => locate(input, pointer)),
    values,
  });
}

function normalizeSecurity(value: JsonValue): JsonValue {
  const canonical = canonicalDeclaration('tools', { security: value });
  return isJsonObject(canonical) ? (canonical.security ?? null) : value;
}

// ─── 4. views ──────────────────────────────────────────────────────────────────

/** One input's Effective Protocol View of one revision, with where its declarations come from. */
interface View {
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

function buildViews(docs: JsonObject[]): View[] {
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
function orderedRoot(doc: JsonObject): string[] {
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

function compareSameRevisionViews(inputs: readonly MergeInput[], views: View[]): Conflict[] {
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

// ─── 5. assembly ───────────────────────────────────────────────────────────────

interface Group {
  collection: ScopedCollection;
  /** The canonical declaration every member of the group equals. */
  canonical: JsonValue;
  /** First occurrence: the view declaration (unresolved) and its source declaration. */
  value: JsonObject;
  source: JsonObject;
  versions: Set<string>;
  origins: { input: number; index: number }[];
}

/** For a result pointer `/tools/3/...`: the source declarations it was made from. */
type Origins = Map<string, { input: number; index: number }[]>;

function assemble(
  docs: JsonObject[],
  views: View[],
  components: JsonObject | undefined,
): { document: JsonObject; origins: Origins } {
  const allVersions: string[] = [];
  for (const doc of docs) for (const v of orderedRoot(doc)) if (!allVersions.includes(v)) allVersions.push(v);
  const viewOf = new Map<string, View>();
  for (const view of views) viewOf.set(`${view.input}\u0000${view.version}`, view);

  const merged = new Map<ScopedCollection, Group[]>();
  for (const collection of SCOPED_COLLECTIONS) {
    const groups: Group[] = [];
    // Equal declarations share an identity (or, without one, a canonical text): compare within it.
    const byBucket = new Map<string, Group[]>();
    const primitive = isPrimitiveCollection(collection);
    docs.forEach((doc, input) => {
      const items = doc[collection];
      if (!Array.isArray(items)) return;
      const root = orderedRoot(doc);
      items.forEach((item, index) => {
        for (const version of root) {
          const view = viewOf.get(`${input}\u0000${version}`) as View;
          const viewIndex = view.viewIndex[collection]?.get(index);
          if (viewIndex === undefined) continue;
          const canonical = view.canonical[collection]?.[viewIndex] as JsonValue;
          const bucketKey = primitive
            ? `#${identityOf(collection, canonical) ?? ''}`
            : (view.keys[collection]?.[viewIndex] as string);
          let bucket = byBucket.get(bucketKey);
          if (!bucket) byBucket.set(bucketKey, (bucket = []));
          let group = bucket.find((candidate) => jsonEqual(candidate.canonical, canonical));
          if (!group) {
            const viewItems = view.doc[collection] as JsonObject[];
            group = {
              collection,
              canonical,
              value: viewItems[viewIndex] as JsonObject,
              source: item as JsonObject,
              versions: new Set(),
              origins: [],
            };
            bucket.push(group);
            groups.push(group);
          }
          group.versions.add(version);
          if (!group.origins.some((o) => o.input === input && o.index === index))
            group.origins.push({ input, index });
        }
      });
    });
    merged.set(collection, groups);
  }

  const origins: Origins = new Map();
  const build = (collection: ScopedCollection): JsonValue[] =>
    (merged.get(collection) ?? []).map((group, index) => {
      origins.set(appendPointer('', collection, index), group.origins);
      const versions = allVersions.filter((v) => group.versions.has(v));
      return withScope(collection, group, versions.length === allVersions.length ? undefined : versions);
    });

  const document: JsonObject = {};
  const emitKey = (key: string, source: JsonObject) => {
    if (Object.hasOwn(document, key)) return;
    if (key === 'protocolVersions') document.protocolVersions = [...allVersions];
    else if ((SCOPED_COLLECTIONS as readonly string[]).includes(key)) {
      const items = build(key as ScopedCollection);
      if (items.length > 0) document[key] = items;
    } else if (key === 'components') {
      if (components) document.components = components;
    } else setOwn(document, key, source[key] as JsonValue);
  };
  for (const doc of docs) for (const key of Object.keys(doc)) emitKey(key, doc);
  return { document, origins };
}

/** The group's declaration with `protocolVersions` where the source had it, else after the identity. */
function withScope(collection: ScopedCollection, group: Group, versions: string[] | undefined): JsonObject {
  const out: JsonObject = {};
  const anchor = isPrimitiveCollection(collection)
    ? IDENTITY_FIELD[collection]
    : collection === 'transports'
      ? 'type'
      : undefined;
  const hadScope = Object.hasOwn(group.source, 'protocolVersions');
  if (versions && !hadScope && anchor === undefined) out.protocolVersions = versions;
  const keys = Object.keys(group.source).filter(
    (k) => k === 'protocolVersions' || Object.hasOwn(group.value, k),
  );
  for (const key of Object.keys(group.value)) if (!keys.includes(key)) keys.push(key);
  for (const key of keys) {
    if (key === 'protocolVersions') {
      if (versions) out.protocolVersions = versions;
      continue;
    }
    setOwn(out, key, group.value[key] as JsonValue);
    if (versions && !hadScope && key === anchor) out.protocolVersions = versions;
  }
  if (versions && !Object.hasOwn(out, 'protocolVersions')) out.protocolVersions = versions;
  return out;
}

// ─── 6. result checks ──────────────────────────────────────────────────────────

function coverageConflicts(
  inputs: readonly MergeInput[],
  docs: JsonObject[],
  result: JsonObject,
): Conflict[] {
  const transports = result.transports;
  if (!Array.isArray(transports)) return [];
  const root = orderedRoot(result);
  const covered = new Set<string>();
  for (const transport of transports) for (const v of effectiveScope(transport, root)) covered.add(v);
  const missing = root.filter((v) => !covered.has(v));
  if (missing.length === 0) return [];
  const without = docs
    .map((doc, i) => ({ doc, i }))
    .filter(({ doc }) => !Array.isArray(doc.transports) && orderedRoot(doc).some((v) => missing.includes(v)));
  const withTransports = docs
    .map((doc, i) => ({ doc, i }))
    .filter(({ doc }) => Array.isArray(doc.transports));
  const locations: Location[] = [];
  for (const { doc, i } of [...withTransports, ...without].sort((a, b) => a.i - b.i)) {
    const input = inputs[i] as MergeInput;
    if (Array.isArray(doc.transports)) locations.push(locate(input, '/transports'));
    else {
      const index = orderedRoot(doc).findIndex((v) => missing.includes(v));
      locations.push(
        locate(
          input,
          appendPointer(
            '',
            'protocolVersions',
            (doc.protocolVersions as JsonValue[]).indexOf(orderedRoot(doc)[index] as string),
          ),
        ),
      );
    }
  }
  return [
    {
      code: 'invalid-result',
      message: `the merged document would be invalid: [transport-coverage-gap] merged transports cover ${[...covered].join(', ')} but not ${missing.join(', ')} (${without.map(({ i }) => inputs[i]?.file).join(', ')} declare${without.length === 1 ? 's' : ''} no transports)`,
      subject: { kind: 'transport', key: 'transports', revisions: missing },
      locations,
    },
  ];
}

/** A result finding's pointer, mapped back to the declarations (or root fields) of the inputs. */
function resultLocations(inputs: readonly MergeInput[], origins: Origins, pointer: string): Location[] {
  const match = /^\/([^/]+)\/(\d+)(.*)$/.exec(pointer);
  if (match) {
    const from = origins.get(`/${match[1]}/${match[2]}`);
    if (from)
      return from.map(({ input, index }) =>
        locate(inputs[input] as MergeInput, `/${match[1]}/${index}${match[3]}`),
      );
  }
  return inputs.map((input) => locate(input, pointer));
}

/** The invariant of spec §4.13, checked on every run: P_V(result) ≡ D_V for every input view. */
function roundTripConflicts(inputs: readonly MergeInput[], views: View[], result: JsonObject): Conflict[] {
  const conflicts: Conflict[] = [];
  for (const view of views) {
    const back = projectView(result, view.version, { share: true });
    if (!equivalentModuloComponents(back, view.doc)) {
      conflicts.push({
        code: 'invalid-result',
        message: `the merged document would not give back ${inputs[view.input]?.file}'s view of MCP ${view.version} (internal round-trip check)`,
        locations: [
          locate(inputs[view.input] as MergeInput, appendPointer('', 'protocolVersions', view.versionIndex)),
        ],
      });
    }
  }
  return conflicts;
}

/** P_V(result) ≡ D_V for every view of every input: the round-trip invariant, for tests and callers. */
export function roundTrips(inputs: readonly JsonValue[], result: JsonValue): boolean {
  for (const input of inputs) {
    if (!isJsonObject(input)) return false;
    for (const version of orderedRoot(input)) {
      const share = { share: true };
      if (
        !equivalentModuloComponents(projectView(result, version, share), projectView(input, version, share))
      )
        return false;
    }
  }
  return true;
}
