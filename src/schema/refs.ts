import type { JsonValue } from '../util/json.js';
import { isJsonObject } from '../util/json.js';
import { getAtPointer, toPointer } from '../util/pointer.js';

export type Dialect = 'draft-07' | '2019-09' | '2020-12';

export function detectDialect(root: unknown): Dialect {
  const declared = isJsonObject(root) ? root.$schema : undefined;
  if (typeof declared !== 'string') return '2020-12';
  if (/draft-0[3-7]/.test(declared)) return 'draft-07';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}

export type Resolution = { ok: true; node: JsonValue; pointer: string } | { ok: false; external: boolean };

/** Per-root lookup state: anchors are collected once, lazily. */
export class RefResolver {
  private anchors: Map<string, { node: JsonValue; pointer: string }> | undefined;
  private readonly base: string | undefined;

  constructor(private readonly root: JsonValue) {
    const id = isJsonObject(root) ? root.$id : undefined;
    this.base = typeof id === 'string' ? id.replace(/#.*$/, '') : undefined;
  }

  /** Local references only: the spec forbids fetching external ones. */
  resolve(ref: string): Resolution {
    let fragment: string;
    if (ref.startsWith('#')) fragment = ref.slice(1);
    else if (this.base !== undefined && ref.startsWith(`${this.base}#`))
      fragment = ref.slice(this.base.length + 1);
    else if (this.base !== undefined && ref === this.base) fragment = '';
    else return { ok: false, external: true };
    let decoded: string;
    try {
      decoded = decodeURIComponent(fragment);
    } catch {
      return { ok: false, external: false };
    }
    if (decoded === '' || decoded.startsWith('/')) {
      const node = getAtPointer(this.root, decoded) as JsonValue | undefined;
      if (node === undefined) return { ok: false, external: false };
      return { ok: true, node, pointer: decoded };
    }
    const anchored = this.anchorMap().get(decoded);
    return anchored ? { ok: true, ...anchored } : { ok: false, external: false };
  }

  private anchorMap(): Map<string, { node: JsonValue; pointer: string }> {
    if (this.anchors) return this.anchors;
    const anchors = new Map<string, { node: JsonValue; pointer: string }>();
    const walk = (node: JsonValue, path: (string | number)[]): void => {
      if (Array.isArray(node)) {
        node.forEach((item, i) => {
          walk(item, [...path, i]);
        });
        return;
      }
      if (!isJsonObject(node)) return;
      const pointer = toPointer(path);
      for (const key of ['$anchor', '$dynamicAnchor'] as const) {
        const name = node[key];
        if (typeof name === 'string' && !anchors.has(name)) anchors.set(name, { node, pointer });
      }
      // draft-07 spells plain-name anchors as `$id: "#name"`
      const id = node.$id;
      if (typeof id === 'string' && id.startsWith('#') && !anchors.has(id.slice(1))) {
        anchors.set(id.slice(1), { node, pointer });
      }
      for (const key of Object.keys(node)) {
        if (key === 'enum' || key === 'const' || key === 'examples' || key === 'default') continue;
        walk(node[key] as JsonValue, [...path, key]);
      }
    };
    walk(this.root, []);
    this.anchors = anchors;
    return anchors;
  }
}
