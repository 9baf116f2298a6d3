/** Helpers shared by the aggregate merge and the three-way merge. Pure. */
import { canonicalString, canonicalView, declarationNeedsNormalising } from '../model/canonical.js';
import { COMPONENT_NAMESPACES, resolveComponentRefs } from '../model/components.js';
import { identityKey, PRIMITIVE_KIND } from '../model/identity.js';
import { PRIMITIVE_COLLECTIONS, SCOPED_COLLECTIONS, type ScopedCollection } from '../model/scopes.js';
import type { SourceMap } from '../parse/index.js';
import {
  isJsonObject,
  type JsonObject,
  type JsonValue,
  jsonEqual,
  setOwn,
  sortedJson,
} from '../util/json.js';
import type { Location } from '../util/location.js';
import { getAtPointer } from '../util/pointer.js';
import type { ConflictSubjectKind, ConflictValue } from './conflicts.js';

/** One document taking part in a merge: what it holds, what to call it, where its text is. */
export interface MergeInput {
  file: string;
  value: JsonValue;
  sourceMap?: SourceMap;
  /** The source text, when known: lets merge read number literals as written (see three-way.ts). */
  text?: string;
  /** False when the loader's scan of the JSON text ruled out integers beyond ±2^53 (LoadedDocument). */
  mayHoldUnsafeIntegers?: boolean;
}

/** A Location for `pointer` in `input`: the key of a member (or the nearest ancestor when absent). */
export function locate(input: MergeInput, pointer: string): Location {
  if (!input.sourceMap) return { file: input.file, pointer, line: 0, column: 0 };
  const position = input.sourceMap.locateKey(pointer);
  return { file: input.file, pointer, line: position.line, column: position.column };
}

export function valueAt(doc: JsonValue, pointer: string): ConflictValue {
  const value = getAtPointer(doc, pointer) as JsonValue | undefined;
  return value === undefined ? { present: false } : { present: true, value };
}

export function isPrimitiveCollection(
  collection: string,
): collection is (typeof PRIMITIVE_COLLECTIONS)[number] {
  return (PRIMITIVE_COLLECTIONS as readonly string[]).includes(collection);
}

export function subjectKind(collection: ScopedCollection): ConflictSubjectKind {
  if (collection === 'transports') return 'transport';
  if (collection === 'capabilities') return 'capabilities';
  return PRIMITIVE_KIND[collection];
}

/** A label for a declaration in messages: `tool "search"`, `transport stdio chess-rating`. */
export function declarationLabel(collection: ScopedCollection, declaration: JsonValue): string {
  const kind = subjectKind(collection);
  if (!isJsonObject(declaration)) return kind;
  if (collection === 'transports') {
    const where = declaration.url ?? declaration.command;
    return `transport ${String(declaration.type)}${typeof where === 'string' ? ` ${where}` : ''}`;
  }
  if (collection === 'capabilities') return 'capabilities';
  const key = identityOf(collection, declaration);
  return `${kind} ${JSON.stringify(key ?? '?')}`;
}

export function identityOf(collection: ScopedCollection, declaration: JsonValue): string | undefined {
  return isPrimitiveCollection(collection) ? identityKey(collection, declaration) : undefined;
}

/**
 * The canonical form of one unscoped declaration (as it appears in a view): security order, nested
 * elicitation order, Prompt Example `arguments: {}` vs omission are normalised as in canonical.ts.
 */
export function canonicalDeclaration(collection: ScopedCollection, declaration: JsonValue): JsonValue {
  // Nothing to normalise (the usual tool): the declaration is its own canonical form. A merge asks
  // this of every declaration in every view, and wrapping each in a document cost a tenth of it.
  if (isJsonObject(declaration) && !declarationNeedsNormalising(collection, declaration)) return declaration;
  const canonical = canonicalView({ protocolVersions: ['*'], [collection]: [declaration] });
  const items = isJsonObject(canonical) ? canonical[collection] : undefined;
  return Array.isArray(items) && items[0] !== undefined ? items[0] : declaration;
}

export function canonicalKey(value: JsonValue): string {
  return sortedJson(value);
}

/**
 * Equivalence of two views "modulo components": `$componentRef`s are resolved at their use sites and
 * the components themselves are set aside (their outer `x-*` kept), so renamed or extra unused
 * components do not count (spec §17.5 lets a projection prune unused components).
 */
export function equivalentModuloComponents(a: JsonValue, b: JsonValue): boolean {
  const left = withoutComponents(a);
  const right = withoutComponents(b);
  return sameDeclarations(left, right) || canonicalString(left) === canonicalString(right);
}

/**
 * A cheap sufficient test of equivalence: equal root members, and scoped collections holding equal
 * declarations under the same identities (their order does not matter, spec §4.13). When it says
 * no, the canonical forms decide (security order, elicitation order, split variants...). A merge
 * usually gives back each input's views this way, so the round-trip check rarely canonicalises.
 */
function sameDeclarations(a: JsonValue, b: JsonValue): boolean {
  if (!isJsonObject(a) || !isJsonObject(b)) return jsonEqual(a, b);
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(b, key)) return false;
    const left = a[key] as JsonValue;
    const right = b[key] as JsonValue;
    if (
      (SCOPED_COLLECTIONS as readonly string[]).includes(key) &&
      Array.isArray(left) &&
      Array.isArray(right)
    ) {
      if (!sameCollection(key as ScopedCollection, left, right)) return false;
    } else if (!jsonEqual(left, right)) return false;
  }
  return true;
}

function sameCollection(collection: ScopedCollection, left: JsonValue[], right: JsonValue[]): boolean {
  if (left.length !== right.length) return false;
  if (!isPrimitiveCollection(collection))
    return left.every((item, i) => jsonEqual(item, right[i] as JsonValue));
  const byIdentity = new Map<string, JsonValue>();
  for (const item of right) {
    const key = identityOf(collection, item);
    if (key === undefined || byIdentity.has(key)) return false;
    byIdentity.set(key, item);
  }
  return left.every((item) => {
    const key = identityOf(collection, item);
    const match = key === undefined ? undefined : byIdentity.get(key);
    return match !== undefined && jsonEqual(item, match);
  });
}

function withoutComponents(doc: JsonValue): JsonValue {
  if (!isJsonObject(doc)) return doc;
  // A shallow copy is enough: only the root `components` key is replaced, and canonicalForm copies
  // the rest before it normalises anything.
  const resolved: JsonObject = { ...resolveComponentRefs(doc).resolved };
  const components = resolved.components;
  if (isJsonObject(components)) {
    const kept: JsonObject = {};
    for (const [key, value] of Object.entries(components)) if (key.startsWith('x-')) setOwn(kept, key, value);
    if (Object.keys(kept).length > 0) resolved.components = kept;
    else delete resolved.components;
  }
  return resolved;
}

/** Rewrites `$componentRef`s at every use site (never inside embedded schemas) through `rename`. */
export function rewriteComponentRefs(doc: JsonObject, rename: (ref: string) => string | undefined): void {
  const rewrite = (holder: JsonObject, key: string) => {
    const value = holder[key];
    if (!isJsonObject(value) || typeof value.$componentRef !== 'string') return;
    const next = rename(value.$componentRef);
    if (next !== undefined) value.$componentRef = next;
  };
  const components = doc.components;
  if (isJsonObject(components)) {
    for (const namespace of COMPONENT_NAMESPACES) {
      const map = components[namespace];
      if (!isJsonObject(map)) continue;
      for (const name of Object.keys(map)) rewrite(map, name);
    }
  }
  for (const collection of PRIMITIVE_COLLECTIONS) {
    const items = doc[collection];
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      if (!isJsonObject(item)) continue;
      if (collection === 'tools') {
        rewrite(item, 'inputSchema');
        rewrite(item, 'outputSchema');
      }
      if (isJsonObject(item.examples))
        for (const name of Object.keys(item.examples)) rewrite(item.examples, name);
      if (Array.isArray(item.elicitations)) {
        for (const elicitation of item.elicitations)
          if (isJsonObject(elicitation)) rewrite(elicitation, 'requestedSchema');
      }
    }
  }
}

/** Own keys of an object value, or none. */
export function keysOf(value: JsonValue | undefined): string[] {
  return isJsonObject(value) ? Object.keys(value) : [];
}
