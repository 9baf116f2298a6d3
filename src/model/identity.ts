import { isJsonObject, type JsonValue } from '../util/json.js';
import { type PrimitiveCollection, type ScopedDeclaration, scopedDeclarations } from './scopes.js';

/** The kinds of primitive as users and reports name them (spec order: §9, §10, §10, §11). */
export const PRIMITIVE_KINDS = ['tool', 'resource', 'resourceTemplate', 'prompt'] as const;
/** The kind of a primitive as users and reports name it. */
export type PrimitiveKind = (typeof PRIMITIVE_KINDS)[number];

/**
 * A kind in running text: `tool "x" removed`, `variants of resource template "y"`. Every module that
 * names a kind takes it from here (lint's subject labels capitalise it, validate titles it).
 */
export const PRIMITIVE_KIND_LABEL: Readonly<Record<PrimitiveKind, string>> = {
  tool: 'tool',
  resource: 'resource',
  resourceTemplate: 'resource template',
  prompt: 'prompt',
};

/** `Resource template`: a kind at the start of a sentence (lint's `{{subject}}`). */
export function sentenceKindLabel(kind: PrimitiveKind): string {
  const label = PRIMITIVE_KIND_LABEL[kind];
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** `Resource Template`: a kind as validation findings name it (every word capitalised). */
export function titleKindLabel(kind: PrimitiveKind): string {
  return PRIMITIVE_KIND_LABEL[kind].replace(
    /(^| )([a-z])/g,
    (_, space: string, c: string) => space + c.toUpperCase(),
  );
}

export const PRIMITIVE_KIND: Record<PrimitiveCollection, PrimitiveKind> = {
  tools: 'tool',
  resources: 'resource',
  resourceTemplates: 'resourceTemplate',
  prompts: 'prompt',
};

/** The identity key field of each primitive kind (spec §9.5, §10.5, §11.1): not `name` for resources. */
export const IDENTITY_FIELD: Record<PrimitiveCollection, string> = {
  tools: 'name',
  resources: 'uri',
  resourceTemplates: 'uriTemplate',
  prompts: 'name',
};

export function identityKey(collection: PrimitiveCollection, declaration: JsonValue): string | undefined {
  if (!isJsonObject(declaration)) return undefined;
  const key = declaration[IDENTITY_FIELD[collection]];
  return typeof key === 'string' ? key : undefined;
}

export interface VariantGroup {
  collection: PrimitiveCollection;
  kind: PrimitiveKind;
  key: string;
  /** Same-key declarations in document order; valid documents have pairwise-disjoint scopes. */
  variants: ScopedDeclaration[];
}

/** Groups primitives by (kind, key), keeping same-key variants together. */
export function groupVariants(doc: JsonValue): VariantGroup[] {
  const groups = new Map<string, VariantGroup>();
  for (const declaration of scopedDeclarations(doc)) {
    const collection = declaration.collection;
    if (collection === 'transports' || collection === 'capabilities') continue;
    const key = identityKey(collection, declaration.value);
    if (key === undefined) continue;
    const id = `${collection}\u0000${key}`;
    let group = groups.get(id);
    if (!group) {
      group = { collection, kind: PRIMITIVE_KIND[collection], key, variants: [] };
      groups.set(id, group);
    }
    group.variants.push(declaration);
  }
  return [...groups.values()];
}
