import { type ComponentResolution, resolveComponentRefs } from '../model/components.js';
import { IDENTITY_FIELD } from '../model/identity.js';
import {
  effectiveScope,
  PRIMITIVE_COLLECTIONS,
  rootVersions,
  type ScopedCollection,
} from '../model/scopes.js';
import type { SourceMap } from '../parse/index.js';
import { isJsonObject, type JsonObject, type JsonValue, sortedJson } from '../util/json.js';
import { appendPointer } from '../util/pointer.js';

/** One side of a diff as the engine receives it: a decoded document, its name and (optionally) its source map. */
export interface DiffInput {
  file: string;
  value: JsonValue;
  sourceMap?: SourceMap;
}

/** A top-level scoped declaration of the resolved document. */
export interface Decl {
  collection: ScopedCollection;
  index: number;
  /** Pointer in the resolved document (same as in the original for the declaration itself). */
  pointer: string;
  value: JsonObject;
  scope: string[];
  /** Identity key for primitives (name, uri, uriTemplate). */
  key?: string;
}

/**
 * A normalised side: `$componentRef` resolved (with provenance back to the original pointers),
 * effective scopes computed, declarations indexed. Nothing is projected up front: the engine asks
 * for the declaration applying to a revision, so unscoped documents cost one comparison, not one
 * per revision.
 */
export class Side {
  readonly doc: JsonObject;
  readonly root: string[];
  readonly decls: Record<ScopedCollection, Decl[]>;
  /** Original pointers of components reached through a `$componentRef`. */
  readonly referencedComponents: Set<string>;
  private readonly resolution: ComponentResolution | undefined;
  private readonly canon = new Map<string, string>();

  constructor(readonly input: DiffInput) {
    const value = input.value;
    if (!isJsonObject(value))
      throw new TypeError(`${input.file}: an MCP Description document must be a JSON object`);
    this.resolution = resolveComponentRefs(value);
    this.doc = this.resolution.resolved;
    this.root = rootVersions(this.doc);
    this.referencedComponents = new Set(this.resolution.uses.map((u) => u.componentPointer));
    for (const use of this.resolution.uses) {
      // A component that aliases another is referenced too.
      if (use.usePointer.startsWith('/components/')) this.referencedComponents.add(use.usePointer);
    }
    const decls = {} as Record<ScopedCollection, Decl[]>;
    for (const collection of ['transports', 'capabilities', ...PRIMITIVE_COLLECTIONS] as const) {
      const list: Decl[] = [];
      const items = this.doc[collection];
      if (Array.isArray(items)) {
        items.forEach((item, index) => {
          if (!isJsonObject(item)) return;
          const decl: Decl = {
            collection,
            index,
            pointer: appendPointer('', collection, index),
            value: item,
            scope: effectiveScope(item, this.root),
          };
          if (collection !== 'transports' && collection !== 'capabilities') {
            const key = item[IDENTITY_FIELD[collection]];
            if (typeof key === 'string') decl.key = key;
          }
          list.push(decl);
        });
      }
      decls[collection] = list;
    }
    this.decls = decls;
  }

  get file(): string {
    return this.input.file;
  }

  /** Pointer in the original document for a pointer of the resolved one. */
  originOf(pointer: string): string {
    return this.resolution ? this.resolution.originOf(pointer) : pointer;
  }

  /** Sorted-key JSON of a declaration without its scope: equal strings short-circuit comparison. */
  canonical(decl: Decl): string {
    let text = this.canon.get(decl.pointer);
    if (text === undefined) {
      const { protocolVersions: _scope, ...rest } = decl.value;
      text = sortedJson(rest);
      this.canon.set(decl.pointer, text);
    }
    return text;
  }
}
