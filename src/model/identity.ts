import { isJsonObject, type JsonValue } from '../util/json.js';
import { type PrimitiveCollection, type ScopedDeclaration, scopedDeclarations } from './scopes.js';

/** The kind of a primitive as users and reports name it. */
export type PrimitiveKind = 'tool' | 'resource' | 'resourceTemplate' | 'prompt';

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
