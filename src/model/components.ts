/**
 * Local `$componentRef` resolution (spec §17, §16.2 item 10).
 *
 * A Reference Object is exactly `{"$componentRef": "#/components/<namespace>/<name>"}`. It may appear
 * at these use sites only:
 *   - Tool `inputSchema` / `outputSchema` and Elicitation `requestedSchema`   → `schemas`
 *   - values of Tool / Resource / Resource Template / Prompt `examples` maps  → `toolExamples`,
 *     `resourceExamples`, `resourceTemplateExamples`, `promptExamples`
 *   - component values themselves (a component may alias another one of its own namespace).
 *
 * Resolution is local (never a file, never the network), checks the namespace against the use site,
 * follows component-to-component chains and rejects cycles. The function is pure: the input is
 * never mutated. The resolved document shares every untouched subtree (and every substituted
 * component value) with the input, so treat it as read-only; `deepClone` it before editing.
 */
import { isJsonObject, type JsonObject, type JsonValue, setOwn } from '../util/json.js';
import { toPointer } from '../util/pointer.js';

export const COMPONENT_NAMESPACES = [
  'schemas',
  'toolExamples',
  'resourceExamples',
  'resourceTemplateExamples',
  'promptExamples',
] as const;
export type ComponentNamespace = (typeof COMPONENT_NAMESPACES)[number];

export type ComponentProblemCode =
  | 'missing-component-reference-target'
  | 'wrong-component-reference-namespace'
  | 'component-reference-cycle';

export interface ComponentProblem {
  code: ComponentProblemCode;
  /** Pointer (into the original document) of the offending `$componentRef` value. */
  pointer: string;
  message: string;
}

export interface ComponentUse {
  /** Where the Reference Object sits in the original document. */
  usePointer: string;
  /** The component whose (non-reference) value was substituted there, after following aliases. */
  componentPointer: string;
}

export interface ComponentResolution {
  /** The document with every resolvable Reference Object replaced by its final target. Read-only. */
  resolved: JsonObject;
  /** Every substituted use site (component aliases included), pointers into the original document. */
  uses: ComponentUse[];
  problems: ComponentProblem[];
  /** Maps a pointer of the resolved document to the original document (inside the component when the value came from one). */
  originOf(resolvedPointer: string): string;
  /** The use site whose substitution produced `resolvedPointer`, or undefined when it is not inside a substituted value. */
  useSiteOf(resolvedPointer: string): string | undefined;
}

const REF_PATTERN = /^#\/components\/([^/]+)\/([^/]+)$/;

const EXAMPLE_NAMESPACE: Record<string, ComponentNamespace> = {
  tools: 'toolExamples',
  resources: 'resourceExamples',
  resourceTemplates: 'resourceTemplateExamples',
  prompts: 'promptExamples',
};

/** True for an object carrying `$componentRef` (a Reference Object, possibly malformed). */
export function isReferenceObject(value: unknown): value is JsonObject & { $componentRef: JsonValue } {
  return isJsonObject(value) && Object.hasOwn(value, '$componentRef');
}

type Target = { ok: true; value: JsonValue; pointer: string } | { ok: false };

/** Resolves every local component reference of `doc`. See the module comment. */
export function resolveComponentRefs(doc: JsonObject): ComponentResolution {
  const components = isJsonObject(doc.components) ? doc.components : undefined;
  const problems: ComponentProblem[] = [];
  const uses: ComponentUse[] = [];
  const memo = new Map<string, Target>();

  const componentValue = (namespace: string, name: string): JsonValue | undefined => {
    const map = components && Object.hasOwn(components, namespace) ? components[namespace] : undefined;
    if (!isJsonObject(map) || !Object.hasOwn(map, name)) return undefined;
    return map[name];
  };

  /**
   * Follows the Reference Object `ref` found at `pointer`, which must target `expected`, through
   * every alias to a final value. Iterative, and every component passed is memoised with the
   * chain's outcome: a chain of n aliases costs n steps once, however many use sites and aliases
   * lead into it (each alias resolved on its own made a 10,000-link chain quadratic and overflowed
   * the stack). `from` is the component holding `ref`, when the walk starts at one.
   */
  const follow = (
    ref: JsonObject,
    expected: ComponentNamespace,
    pointer: string,
    from?: { key: string; pointer: string },
  ): Target => {
    const path: { key: string; pointer: string; alias: boolean }[] = [];
    const onPath = new Map<string, number>();
    if (from) {
      onPath.set(from.key, 0);
      path.push({ ...from, alias: true });
    }
    let current = ref;
    let currentExpected = expected;
    let currentPointer = pointer;
    let result: Target = { ok: false };
    for (;;) {
      const text = current.$componentRef;
      const match = typeof text === 'string' ? REF_PATTERN.exec(text) : null;
      // A malformed pointer fails the structural schema (`schema-validation`); nothing to resolve here.
      if (!match) break;
      const namespace = match[1] as ComponentNamespace;
      const name = match[2] as string;
      const refPointer = `${currentPointer}/$componentRef`;
      if (namespace !== currentExpected) {
        problems.push({
          code: 'wrong-component-reference-namespace',
          pointer: refPointer,
          message: `reference ${JSON.stringify(text)} must target #/components/${currentExpected}, not #/components/${namespace}`,
        });
        break;
      }
      const key = `${namespace}/${name}`;
      const known = memo.get(key);
      if (known) {
        result = known;
        break;
      }
      const cycleStart = onPath.get(key);
      if (cycleStart !== undefined) {
        problems.push({
          code: 'component-reference-cycle',
          pointer: refPointer,
          message: `reference ${JSON.stringify(text)} forms a cycle: ${cycleText([
            ...path.slice(cycleStart).map((step) => step.key),
            key,
          ])}`,
        });
        break;
      }
      const target = componentValue(namespace, name);
      if (target === undefined) {
        problems.push({
          code: 'missing-component-reference-target',
          pointer: refPointer,
          message: `reference ${JSON.stringify(text)} targets a component that does not exist`,
        });
        break;
      }
      const targetPointer = toPointer(['components', namespace, name]);
      const alias = isReferenceObject(target);
      onPath.set(key, path.length);
      path.push({ key, pointer: targetPointer, alias });
      if (!alias) {
        result = { ok: true, value: target, pointer: targetPointer };
        break;
      }
      current = target as JsonObject;
      currentExpected = namespace;
      currentPointer = targetPointer;
    }
    for (const step of path) {
      memo.set(step.key, result);
      if (result.ok && step.alias) uses.push({ usePointer: step.pointer, componentPointer: result.pointer });
    }
    return result;
  };

  /** The final (non-reference) value of one component; problems are reported once, at the component. */
  const resolveComponent = (namespace: ComponentNamespace, name: string): Target => {
    const key = `${namespace}/${name}`;
    const known = memo.get(key);
    if (known) return known;
    const value = componentValue(namespace, name) as JsonValue;
    const pointer = toPointer(['components', namespace, name]);
    if (!isReferenceObject(value)) return { ok: true, value, pointer };
    return follow(value, namespace, pointer, { key, pointer });
  };

  // Substitutions to apply, keyed by use pointer (original document), with their final target.
  const substitutions = new Map<string, { segments: string[]; value: JsonValue; target: string }>();
  const useSite = (
    segments: (string | number)[],
    expected: ComponentNamespace,
    value: JsonValue | undefined,
  ) => {
    if (!isReferenceObject(value)) return;
    const pointer = toPointer(segments);
    const target = follow(value, expected, pointer);
    if (!target.ok) return;
    substitutions.set(pointer, {
      segments: segments.map(String),
      value: target.value,
      target: target.pointer,
    });
    uses.push({ usePointer: pointer, componentPointer: target.pointer });
  };

  if (components) {
    for (const namespace of COMPONENT_NAMESPACES) {
      const map = Object.hasOwn(components, namespace) ? components[namespace] : undefined;
      if (!isJsonObject(map)) continue;
      for (const name of Object.keys(map)) {
        if (!isReferenceObject(map[name])) continue;
        const target = resolveComponent(namespace, name);
        if (target.ok) {
          const segments = ['components', namespace, name];
          substitutions.set(toPointer(segments), { segments, value: target.value, target: target.pointer });
        }
      }
    }
  }

  for (const collection of ['tools', 'resources', 'resourceTemplates', 'prompts'] as const) {
    const items = doc[collection];
    if (!Array.isArray(items)) continue;
    items.forEach((item, index) => {
      if (!isJsonObject(item)) return;
      // (References are rare: test before building a use site's path, once per declaration.)
      if (collection === 'tools') {
        if (Object.hasOwn(item, 'inputSchema') && isReferenceObject(item.inputSchema))
          useSite([collection, index, 'inputSchema'], 'schemas', item.inputSchema);
        if (Object.hasOwn(item, 'outputSchema') && isReferenceObject(item.outputSchema))
          useSite([collection, index, 'outputSchema'], 'schemas', item.outputSchema);
      }
      const examples = item.examples;
      if (isJsonObject(examples)) {
        const namespace = EXAMPLE_NAMESPACE[collection] as ComponentNamespace;
        const names = Object.keys(examples);
        for (let i = 0; i < names.length; i++) {
          const name = names[i] as string;
          if (isReferenceObject(examples[name]))
            useSite([collection, index, 'examples', name], namespace, examples[name]);
        }
      }
      const elicitations = item.elicitations;
      if (Array.isArray(elicitations)) {
        elicitations.forEach((elicitation, e) => {
          if (isJsonObject(elicitation) && Object.hasOwn(elicitation, 'requestedSchema')) {
            useSite(
              [collection, index, 'elicitations', e, 'requestedSchema'],
              'schemas',
              elicitation.requestedSchema,
            );
          }
        });
      }
    });
  }

  const resolved = substitutions.size === 0 ? doc : applySubstitutions(doc, [...substitutions.values()]);
  const targetOf = new Map<string, string>();
  for (const [use, sub] of substitutions) targetOf.set(use, sub.target);

  // Only prefixes as long as some use site can be one: cutting and hashing every ancestor of a
  // pointer 240 levels deep (4 KB) cost a megabyte of work per lookup, minutes for a diff of
  // thousands of such changes.
  const useLengths = [...new Set([...targetOf.keys()].map((use) => use.length))].sort((a, b) => b - a);
  const nearestUse = (pointer: string): string | undefined => {
    for (const length of useLengths) {
      if (length > pointer.length) continue;
      if (length < pointer.length && pointer.charCodeAt(length) !== 0x2f) continue;
      const prefix = length === pointer.length ? pointer : pointer.slice(0, length);
      if (targetOf.has(prefix)) return prefix;
    }
    return undefined;
  };

  const seen = new Set<string>();
  const uniqueUses = uses.filter(
    (use) => !seen.has(use.usePointer) && seen.add(use.usePointer) !== undefined,
  );

  return {
    resolved,
    uses: uniqueUses,
    problems,
    originOf(resolvedPointer) {
      const use = nearestUse(resolvedPointer);
      if (use === undefined) return resolvedPointer;
      return (targetOf.get(use) as string) + resolvedPointer.slice(use.length);
    },
    useSiteOf(resolvedPointer) {
      return nearestUse(resolvedPointer);
    },
  };
}

/** A cycle's members for a message: a long one shows its first and last few. */
function cycleText(keys: string[]): string {
  const shown =
    keys.length <= 12 ? keys : [...keys.slice(0, 6), `… ${keys.length - 12} more …`, ...keys.slice(-6)];
  return shown.join(' -> ');
}

/** Copies the spine from the root to every use site and puts the target value there. */
function applySubstitutions(doc: JsonObject, subs: { segments: string[]; value: JsonValue }[]): JsonObject {
  const copies = new Map<unknown, JsonValue>();
  const copyOf = (value: JsonValue): JsonValue => {
    const existing = copies.get(value);
    if (existing !== undefined) return existing;
    let copy: JsonValue;
    if (Array.isArray(value)) copy = value.slice();
    else {
      const obj: JsonObject = {};
      for (const key of Object.keys(value as JsonObject)) setOwn(obj, key, (value as JsonObject)[key]);
      copy = obj;
    }
    copies.set(value, copy);
    copies.set(copy, copy);
    return copy;
  };
  const root = copyOf(doc) as JsonObject;
  for (const sub of subs) {
    let parent: JsonValue = root;
    for (let i = 0; i < sub.segments.length - 1; i++) {
      const segment = sub.segments[i] as string;
      const container = parent as Record<string, JsonValue>;
      const key = Array.isArray(container) ? Number(segment) : segment;
      const child = copyOf((container as Record<string | number, JsonValue>)[key] as JsonValue);
      if (Array.isArray(container)) (container as JsonValue[])[key as number] = child;
      else setOwn(container, segment, child);
      parent = child;
    }
    const last = sub.segments[sub.segments.length - 1] as string;
    if (Array.isArray(parent)) parent[Number(last)] = sub.value;
    else setOwn(parent as JsonObject, last, sub.value);
  }
  return root;
}

/** Splits a `$componentRef` into namespace and name, or undefined when it is not a local component pointer. */
export function parseComponentRef(ref: string): { namespace: string; name: string } | undefined {
  const match = REF_PATTERN.exec(ref);
  return match ? { namespace: match[1] as string, name: match[2] as string } : undefined;
}
