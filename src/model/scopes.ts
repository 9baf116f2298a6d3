import { isJsonObject, type JsonObject, type JsonValue } from '../util/json.js';
import { appendPointer } from '../util/pointer.js';
import { sortVersions } from './versions.js';

/** Root collections whose entries may carry `protocolVersions` (spec §4.10). */
export const SCOPED_COLLECTIONS = [
  'transports',
  'capabilities',
  'tools',
  'resources',
  'resourceTemplates',
  'prompts',
] as const;
export type ScopedCollection = (typeof SCOPED_COLLECTIONS)[number];

/** Primitive collections, whose same-key entries must have disjoint scopes. */
export const PRIMITIVE_COLLECTIONS = ['tools', 'resources', 'resourceTemplates', 'prompts'] as const;
export type PrimitiveCollection = (typeof PRIMITIVE_COLLECTIONS)[number];

/** Collections nested in a primitive that carry their own scope. */
export const NESTED_SCOPED = ['elicitations'] as const;

/** The root revision set R (unique, release order); non-strings are ignored. */
export function rootVersions(doc: JsonValue): string[] {
  if (!isJsonObject(doc) || !Array.isArray(doc.protocolVersions)) return [];
  return sortVersions(doc.protocolVersions.filter((v): v is string => typeof v === 'string'));
}

/**
 * Effective scope (spec §4.10): the explicit `protocolVersions` when present, else the parent's.
 * Omission means the whole parent scope, never "unknown".
 */
export function effectiveScope(declaration: JsonValue | undefined, parentScope: readonly string[]): string[] {
  if (isJsonObject(declaration) && Array.isArray(declaration.protocolVersions)) {
    return sortVersions(declaration.protocolVersions.filter((v): v is string => typeof v === 'string'));
  }
  return [...parentScope];
}

export interface ScopedDeclaration {
  collection: ScopedCollection;
  index: number;
  pointer: string;
  value: JsonObject;
  scope: string[];
}

/** Every top-level scoped declaration with its effective scope, in document order. */
export function scopedDeclarations(doc: JsonValue): ScopedDeclaration[] {
  if (!isJsonObject(doc)) return [];
  const root = rootVersions(doc);
  const out: ScopedDeclaration[] = [];
  for (const collection of SCOPED_COLLECTIONS) {
    const items = doc[collection];
    if (!Array.isArray(items)) continue;
    items.forEach((value, index) => {
      if (!isJsonObject(value)) return;
      out.push({
        collection,
        index,
        pointer: appendPointer('', collection, index),
        value,
        scope: effectiveScope(value, root),
      });
    });
  }
  return out;
}

export function scopesOverlap(a: readonly string[], b: readonly string[]): string[] {
  const set = new Set(b);
  return a.filter((v) => set.has(v));
}
