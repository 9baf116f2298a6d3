/**
 * Aggregate merge, steps 5 and 6: equal declarations collapsed (revisions united), different ones kept
 * as disjoint variants; then the result checked (transport coverage, the round trip P_V(result) ≡ D_V).
 */

import { IDENTITY_FIELD } from '../model/identity.js';
import { projectView } from '../model/project.js';
import { effectiveScope, SCOPED_COLLECTIONS, type ScopedCollection } from '../model/scopes.js';
import { isJsonObject, type JsonObject, type JsonValue, jsonEqual, setOwn } from '../util/json.js';
import type { Location } from '../util/location.js';
import { appendPointer } from '../util/pointer.js';
import { orderedRoot, type View } from './aggregate-views.js';
import type { Conflict } from './conflicts.js';
import {
  equivalentModuloComponents,
  identityOf,
  isPrimitiveCollection,
  locate,
  type MergeInput,
} from './support.js';

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
export type Origins = Map<string, { input: number; index: number }[]>;

export function assemble(
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

export function coverageConflicts(
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
export function resultLocations(
  inputs: readonly MergeInput[],
  origins: Origins,
  pointer: string,
): Location[] {
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
export function roundTripConflicts(
  inputs: readonly MergeInput[],
  views: View[],
  result: JsonObject,
): Conflict[] {
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
