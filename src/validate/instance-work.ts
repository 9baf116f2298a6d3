/**
 * How much work checking one instance against a schema can take, bounded before the check runs.
 *
 * A validator visits each (subschema, instance value) pair once per path that leads to it, and
 * does not memoise: `$defs` L0…L34, each an `anyOf` of two `$ref`s to the level below, is 2.7 KB
 * and makes one example 2³⁴ visits. This counts the visits a validator can make (every applicator
 * branch taken, every pattern property assumed to match: an upper bound) with a memo per pair, so
 * the count costs at most schemas × values steps however large it is. Past the limit the check
 * is not run: the result is "incomplete", never a hang and never a claim that the example fits.
 */
import { isJsonObject, type JsonObject } from '../util/json.js';
import { getAtPointer } from '../util/pointer.js';

/** Visits one instance check may make: a large real schema and example take a few thousand. */
export const MAX_INSTANCE_WORK = 200_000;

/** Applicators whose subschemas apply to the same instance. */
const SAME_INSTANCE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const SAME_INSTANCE_SCHEMAS = ['not', 'if', 'then', 'else'] as const;
/** Nesting of the count itself: past it, the work is taken as over the limit. */
const MAX_COUNT_DEPTH = 2_000;

/** A schema's size, and whether it references anything: counted once per schema object. */
const shapes = new WeakMap<object, { values: number; references: boolean }>();

function shapeOf(schema: object): { values: number; references: boolean } {
  let shape = shapes.get(schema);
  if (shape) return shape;
  shape = { values: 0, references: false };
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const next = stack.pop();
    shape.values++;
    if (Array.isArray(next)) for (let i = 0; i < next.length; i++) stack.push(next[i]);
    else if (isJsonObject(next))
      for (const key of Object.keys(next)) {
        if (key === '$ref' || key === '$dynamicRef' || key === '$recursiveRef') shape.references = true;
        stack.push(next[key]);
      }
  }
  shapes.set(schema, shape);
  return shape;
}

/**
 * Whether `value` holds more than `limit` values — with `names`, values and property names —
 * counting stops there.
 */
export function valuesOver(value: unknown, limit: number, options: { names?: boolean } = {}): boolean {
  let left = limit;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (--left < 0) return true;
    if (Array.isArray(next)) for (let i = 0; i < next.length; i++) stack.push(next[i]);
    else if (isJsonObject(next))
      for (const key of Object.keys(next)) {
        if (options.names && --left < 0) return true;
        stack.push(next[key]);
      }
  }
  return false;
}

/** Whether checking `instance` against `root` can take more than `limit` visits. */
export function instanceWorkOver(root: unknown, instance: unknown, limit = MAX_INSTANCE_WORK): boolean {
  // Without references a schema is a tree: each of its values meets each value or property name
  // of the instance at most once, so schema size × instance size bounds the visits. Most tool
  // schemas and examples are far below the limit that way, and need no pair-by-pair count.
  if (isJsonObject(root)) {
    const shape = shapeOf(root);
    if (!shape.references && !valuesOver(instance, Math.floor(limit / shape.values), { names: true }))
      return false;
  }
  const over = limit + 1;
  const memo = new Map<object, Map<unknown, number>>();
  let depth = 0;

  const resolve = (ref: string): unknown => {
    if (!ref.startsWith('#')) return undefined; // external, or an anchor: one visit, no more known
    try {
      return getAtPointer(root, decodeURIComponent(ref.slice(1)));
    } catch {
      return undefined;
    }
  };

  const visit = (schema: unknown, value: unknown): number => {
    if (!isJsonObject(schema)) return 1;
    let row = memo.get(schema);
    if (!row) {
      row = new Map();
      memo.set(schema, row);
    }
    const known = row.get(value);
    // A pair met again while it is being counted: the validator would recurse without end.
    if (known !== undefined) return known === -1 ? over : known;
    if (depth >= MAX_COUNT_DEPTH) return over;
    row.set(value, -1);
    depth++;
    const total = countWithin(schema, value);
    depth--;
    row.set(value, total);
    return total;
  };

  const countWithin = (schema: JsonObject, value: unknown): number => {
    let total = 1;
    const add = (sub: unknown, subValue: unknown): boolean => {
      total = Math.min(over, total + visit(sub, subValue));
      return total >= over;
    };
    for (const key of ['$ref', '$dynamicRef', '$recursiveRef'] as const) {
      const ref = schema[key];
      if (typeof ref === 'string' && add(resolve(ref), value)) return over;
    }
    for (const key of SAME_INSTANCE_LISTS) {
      const list = schema[key];
      if (Array.isArray(list)) for (const sub of list) if (add(sub, value)) return over;
    }
    for (const key of SAME_INSTANCE_SCHEMAS)
      if (Object.hasOwn(schema, key) && add(schema[key], value)) return over;
    const dependent = schema.dependentSchemas ?? schema.dependencies;
    if (isJsonObject(dependent))
      for (const name of Object.keys(dependent)) if (add(dependent[name], value)) return over;
    if (Array.isArray(value)) {
      const prefix = Array.isArray(schema.prefixItems)
        ? schema.prefixItems
        : Array.isArray(schema.items)
          ? schema.items
          : [];
      for (let i = 0; i < value.length; i++) {
        const item = value[i];
        if (i < prefix.length && add(prefix[i], item)) return over;
        for (const key of ['items', 'additionalItems', 'contains', 'unevaluatedItems'] as const) {
          const sub = schema[key];
          if (sub !== undefined && !Array.isArray(sub) && add(sub, item)) return over;
        }
      }
    } else if (isJsonObject(value)) {
      const properties = isJsonObject(schema.properties) ? schema.properties : undefined;
      const patterns = isJsonObject(schema.patternProperties) ? Object.keys(schema.patternProperties) : [];
      for (const name of Object.keys(value)) {
        const item = value[name];
        if (properties && Object.hasOwn(properties, name) && add(properties[name], item)) return over;
        for (const pattern of patterns)
          if (add((schema.patternProperties as JsonObject)[pattern], item)) return over;
        for (const key of ['additionalProperties', 'unevaluatedProperties'] as const)
          if (Object.hasOwn(schema, key) && add(schema[key], item)) return over;
        if (Object.hasOwn(schema, 'propertyNames') && add(schema.propertyNames, name)) return over;
      }
    }
    return total;
  };

  return visit(root, instance) > limit;
}
