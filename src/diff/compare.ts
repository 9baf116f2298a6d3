/**
 * Layer 1 of the diff: structural comparison. For every MCP revision compared, the Effective
 * Protocol View of each side is matched by identity (kind + key for primitives; heuristically for
 * transports, which have no identity; "the one applying to V" for capabilities), and each pairing is
 * recorded once with the list of revisions where it occurs. An unscoped tool therefore yields one
 * pairing for all revisions; moving a revision between same-key variants changes which declarations
 * pair up, never whether a change exists. Judging what a pairing means is layer 2 (checks/).
 */
import { PRIMITIVE_KIND, type PrimitiveKind } from '../model/identity.js';
import {
  effectiveScope,
  PRIMITIVE_COLLECTIONS,
  type PrimitiveCollection,
  scopesOverlap,
} from '../model/scopes.js';
import { sortVersions } from '../model/versions.js';
import { isJsonObject, type JsonObject, type JsonValue, jsonEqual } from '../util/json.js';
import type { Decl, Side } from './normalize.js';

/** One pairing of declarations (either side may be missing) and the revisions where it holds. */
export interface DeclPair {
  old: Decl | undefined;
  new: Decl | undefined;
  revisions: string[];
  /** Indices of nested elicitations kept per side when they carry their own scopes; undefined = all. */
  elicitationsOld?: number[];
  elicitationsNew?: number[];
  /** True when both sides exist and differ (beyond scope). */
  modified: boolean;
}

export interface PrimitiveMatch {
  collection: PrimitiveCollection;
  kind: PrimitiveKind;
  key: string;
  oldVariants: Decl[];
  newVariants: Decl[];
  /** Compared revisions where each side has the primitive. */
  oldRevisions: string[];
  newRevisions: string[];
  pairs: DeclPair[];
  /** Revisions where two or more variants of the new document apply at once (and did not in the old one). */
  newOverlap: string[];
}

export interface StructuralDiff {
  old: Side;
  new: Side;
  /** Revisions in both roots, or the one requested: views are compared for these. */
  compared: string[];
  revisionsAdded: string[];
  revisionsRemoved: string[];
  primitives: PrimitiveMatch[];
  transports: DeclPair[];
  /** Per compared revision: transport pairings (for effective security). */
  transportsAt: Map<string, DeclPair[]>;
  capabilities: DeclPair[];
}

export interface CompareOptions {
  /** Restrict the comparison to one MCP revision. */
  protocolVersion?: string;
}

export function compareStructure(oldSide: Side, newSide: Side, options: CompareOptions = {}): StructuralDiff {
  const newRoot = new Set(newSide.root);
  const oldRoot = new Set(oldSide.root);
  let compared = oldSide.root.filter((v) => newRoot.has(v));
  let revisionsAdded = newSide.root.filter((v) => !oldRoot.has(v));
  let revisionsRemoved = oldSide.root.filter((v) => !newRoot.has(v));
  if (options.protocolVersion !== undefined) {
    const only = options.protocolVersion;
    compared = compared.filter((v) => v === only);
    revisionsAdded = revisionsAdded.filter((v) => v === only);
    revisionsRemoved = revisionsRemoved.filter((v) => v === only);
  }
  const transportsAt = new Map<string, DeclPair[]>();
  return {
    old: oldSide,
    new: newSide,
    compared,
    revisionsAdded,
    revisionsRemoved,
    primitives: matchPrimitives(oldSide, newSide, compared),
    transports: matchTransports(oldSide, newSide, compared, transportsAt),
    transportsAt,
    capabilities: matchCapabilities(oldSide, newSide, compared),
  };
}

/** Accumulates pairings by a key so that a pairing seen in several revisions is recorded once. */
class PairBook {
  // A list searched by key while short (one book per tool name, a pair per revision at most), a
  // Map once long (transports: a hostile document may list thousands).
  private readonly keys: string[] = [];
  private readonly pairs: DeclPair[] = [];
  private index: Map<string, number> | undefined;

  private find(key: string): number {
    if (this.index) return this.index.get(key) ?? -1;
    if (this.keys.length > 8) {
      this.index = new Map(this.keys.map((k, i) => [k, i]));
      return this.index.get(key) ?? -1;
    }
    return this.keys.indexOf(key);
  }

  add(
    version: string,
    old: Decl | undefined,
    neu: Decl | undefined,
    elicitationsOld?: number[],
    elicitationsNew?: number[],
  ): DeclPair {
    const key = `${old?.index ?? '-'}/${neu?.index ?? '-'}/${elicitationsOld?.join(',') ?? '*'}/${elicitationsNew?.join(',') ?? '*'}`;
    const at = this.find(key);
    let pair = at === -1 ? undefined : this.pairs[at];
    if (!pair) {
      const modified =
        old !== undefined &&
        neu !== undefined &&
        (elicitationsOld !== undefined ||
          elicitationsNew !== undefined ||
          !sameDeclaration(old.value, neu.value));
      pair = { old, new: neu, revisions: [], modified };
      if (elicitationsOld) pair.elicitationsOld = elicitationsOld;
      if (elicitationsNew) pair.elicitationsNew = elicitationsNew;
      this.index?.set(key, this.pairs.length);
      this.keys.push(key);
      this.pairs.push(pair);
    }
    pair.revisions.push(version);
    return pair;
  }

  list(): DeclPair[] {
    return this.pairs;
  }
}

/** Deep equality of two declarations apart from their scope; key order is ignored, nothing is allocated. */
function sameDeclaration(a: JsonObject, b: JsonObject): boolean {
  let count = 0;
  const aKeys = Object.keys(a);
  for (let i = 0; i < aKeys.length; i++) {
    const key = aKeys[i] as string;
    if (key === 'protocolVersions') continue;
    count++;
    if (!Object.hasOwn(b, key) || !jsonEqual(a[key], b[key])) return false;
  }
  const bKeys = Object.keys(b);
  for (let i = 0; i < bKeys.length; i++) if (bKeys[i] !== 'protocolVersions') count--;
  return count === 0;
}

/** Elicitations kept in the view of `version`, when some carry their own scope (spec §4.12 step 4). */
function keptElicitations(decl: Decl | undefined, version: string): number[] | undefined {
  if (!decl) return undefined;
  const list = decl.value.elicitations;
  if (!Array.isArray(list) || !list.some((e) => isJsonObject(e) && Array.isArray(e.protocolVersions)))
    return undefined;
  const kept: number[] = [];
  list.forEach((entry, i) => {
    if (effectiveScope(entry, decl.scope).includes(version)) kept.push(i);
  });
  return kept;
}

function matchPrimitives(oldSide: Side, newSide: Side, compared: string[]): PrimitiveMatch[] {
  const out: PrimitiveMatch[] = [];
  for (const collection of PRIMITIVE_COLLECTIONS) {
    const groups = new Map<string, { old: Decl[]; new: Decl[] }>();
    const group = (key: string) => {
      let g = groups.get(key);
      if (!g) groups.set(key, (g = { old: [], new: [] }));
      return g;
    };
    for (const decl of oldSide.decls[collection]) if (decl.key !== undefined) group(decl.key).old.push(decl);
    for (const decl of newSide.decls[collection]) if (decl.key !== undefined) group(decl.key).new.push(decl);
    // forEach, not `for...of`: no [key, value] pair per tool name.
    groups.forEach((g, key) => {
      const book = new PairBook();
      const oldRevisions: string[] = [];
      const newRevisions: string[] = [];
      for (const version of compared) {
        const o = g.old.find((d) => d.scope.includes(version));
        const n = g.new.find((d) => d.scope.includes(version));
        if (o) oldRevisions.push(version);
        if (n) newRevisions.push(version);
        if (o || n) book.add(version, o, n, keptElicitations(o, version), keptElicitations(n, version));
      }
      // One variant per side (the usual case) cannot overlap.
      const newOverlap =
        g.new.length < 2 ? [] : sortVersions(difference(overlapping(g.new), overlapping(g.old)));
      out.push({
        collection,
        kind: PRIMITIVE_KIND[collection],
        key,
        oldVariants: g.old,
        newVariants: g.new,
        oldRevisions,
        newRevisions,
        pairs: book.list(),
        newOverlap,
      });
    });
  }
  return out;
}

function difference(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> {
  return new Set([...a].filter((v) => !b.has(v)));
}

/** Revisions claimed by two or more same-key variants (invalid, spec §9.5). */
function overlapping(variants: Decl[]): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < variants.length; i++) {
    for (let j = i + 1; j < variants.length; j++) {
      for (const v of scopesOverlap((variants[i] as Decl).scope, (variants[j] as Decl).scope)) out.add(v);
    }
  }
  return out;
}

function str(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** The endpoint of a transport: its URL, or its stdio command. */
export function transportEndpoint(decl: Decl): string {
  return str(decl.value.url) || str(decl.value.command);
}

/** A readable key for a transport subject: `stdio:cmd`, `streamable-http:https://...`. */
export function transportKey(decl: Decl): string {
  return `${str(decl.value.type)}:${transportEndpoint(decl)}`;
}

/**
 * Transports have no identity (spec §6.5): match by type + endpoint, then by type alone (the
 * endpoint changed), then by endpoint alone (the type changed); the rest were added or removed.
 */
function pairTransports(olds: Decl[], news: Decl[]): [Decl | undefined, Decl | undefined][] {
  const out: [Decl | undefined, Decl | undefined][] = [];
  let restOld = [...olds];
  let restNew = [...news];
  /**
   * Pairs each remaining old transport, in order, with the first remaining new one of the same
   * key (undefined: never paired). Queues per key, not a search per transport: a hostile document
   * may list thousands.
   */
  const take = (keyOf: (decl: Decl) => string | undefined) => {
    const waiting = new Map<string, Decl[]>();
    for (const b of restNew) {
      const key = keyOf(b);
      if (key === undefined) continue;
      const queue = waiting.get(key);
      if (queue) queue.push(b);
      else waiting.set(key, [b]);
    }
    const taken = new Set<Decl>();
    restOld = restOld.filter((a) => {
      const key = keyOf(a);
      const b = key === undefined ? undefined : waiting.get(key)?.shift();
      if (b === undefined) return true;
      out.push([a, b]);
      taken.add(b);
      return false;
    });
    restNew = restNew.filter((b) => !taken.has(b));
  };
  take((d) => `${transportKey(d)}\u0000${jsonArgs(d)}`);
  take((d) => transportKey(d));
  take((d) => str(d.value.type));
  take((d) => (transportEndpoint(d) === '' ? undefined : transportEndpoint(d)));
  for (const a of restOld) out.push([a, undefined]);
  for (const b of restNew) out.push([undefined, b]);
  return out;
}

function jsonArgs(decl: Decl): string {
  return JSON.stringify(decl.value.args ?? null);
}

/** Identical transports (scope aside) describe one way to connect: keep the first. */
function distinct(side: Side, decls: Decl[]): Decl[] {
  const seen = new Set<string>();
  return decls.filter((d) => {
    const key = side.canonical(d);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function matchTransports(
  oldSide: Side,
  newSide: Side,
  compared: string[],
  transportsAt: Map<string, DeclPair[]>,
): DeclPair[] {
  const book = new PairBook();
  for (const version of compared) {
    const olds = distinct(
      oldSide,
      oldSide.decls.transports.filter((d) => d.scope.includes(version)),
    );
    const news = distinct(
      newSide,
      newSide.decls.transports.filter((d) => d.scope.includes(version)),
    );
    const here: DeclPair[] = [];
    for (const [a, b] of pairTransports(olds, news)) here.push(book.add(version, a, b));
    transportsAt.set(version, here);
  }
  return book.list();
}

function matchCapabilities(oldSide: Side, newSide: Side, compared: string[]): DeclPair[] {
  const book = new PairBook();
  for (const version of compared) {
    const o = oldSide.decls.capabilities.find((d) => d.scope.includes(version));
    const n = newSide.decls.capabilities.find((d) => d.scope.includes(version));
    if (o || n) book.add(version, o, n);
  }
  return book.list();
}
