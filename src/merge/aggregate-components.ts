/**
 * Aggregate merge, step 2: the inputs' components united (equal values deduplicated; a name bound to
 * different values is a conflict or, on request, renamed with every `$componentRef` rewritten).
 */

import { COMPONENT_NAMESPACES, parseComponentRef, resolveComponentRefs } from '../model/components.js';
import { deepClone, isJsonObject, type JsonObject, setOwn, sortedJson } from '../util/json.js';
import { toPointer } from '../util/pointer.js';
import type { Conflict } from './conflicts.js';
import { keysOf, locate, type MergeInput, rewriteComponentRefs, valueAt } from './support.js';

export interface ComponentRename {
  input: string;
  namespace: string;
  from: string;
  to: string;
}
export interface ComponentsOutcome {
  merged: JsonObject | undefined;
  conflicts: Conflict[];
  renames: ComponentRename[];
}

export function mergeComponents(
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
