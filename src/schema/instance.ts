import type { JsonValue } from '../util/json.js';
import { isJsonObject, jsonEqual } from '../util/json.js';
import { compilePattern, type GuardedPattern, matchPattern } from '../util/regex-guard.js';
import type { Side } from './context.js';
import {
  ARRAY_KEYWORDS,
  isAnnotation,
  NUMBER_KEYWORDS,
  OBJECT_KEYWORDS,
  STORAGE_KEYWORDS,
  STRING_KEYWORDS,
} from './keywords.js';
import { declaredMask, maskOfValue } from './types.js';
import { derefShallow, get, type View, viewOf } from './view.js';

/** Whether a schema accepts one value: decided either way, or `unknown` (a keyword not modelled here). */
export type Answer = 'yes' | 'no' | 'unknown';

/** Nested schemas one check may visit: witnesses are small, so a deeper walk is a cycle or a trap. */
const MAX_DEPTH = 32;

/** Keywords that only select or annotate: they decide nothing about an instance on their own. */
const INERT = new Set(['$schema', '$id', '$anchor', '$dynamicAnchor', '$comment', 'nullable']);

/** Compiled patterns by source (null: invalid); cleared when full, so memory stays bounded. */
const PATTERNS = new Map<string, GuardedPattern | null>();
const MAX_PATTERNS = 1024;

function test(source: string, input: string): boolean | undefined {
  let pattern = PATTERNS.get(source);
  if (pattern === undefined) {
    try {
      pattern = compilePattern(source, 'u');
    } catch {
      pattern = null;
    }
    if (PATTERNS.size >= MAX_PATTERNS) PATTERNS.clear();
    PATTERNS.set(source, pattern);
  }
  return pattern === null ? undefined : matchPattern(pattern, input);
}

function and(a: Answer, b: Answer): Answer {
  if (a === 'no' || b === 'no') return 'no';
  return a === 'unknown' || b === 'unknown' ? 'unknown' : 'yes';
}

/** Unicode code points, which is how JSON Schema counts string length. */
function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * Checks `value` against a schema node of `side` (pure `$ref`s followed). Three-valued: `yes` and
 * `no` are proofs, and anything the checker does not model (formats, `if`, dynamic refs, patterns
 * that cannot run within the guard) makes the answer `unknown` unless another keyword already
 * says `no`. It decides overlaps of `oneOf` branches and whether a value is accepted elsewhere.
 */
export function acceptsNode(
  side: Side,
  node: JsonValue,
  pointer: string,
  value: JsonValue,
  depth = 0,
): Answer {
  if (depth > MAX_DEPTH) return 'unknown';
  const target = derefShallow(side, node, pointer);
  if (target.value === true) return 'yes';
  if (target.value === false) return 'no';
  if (!isJsonObject(target.value)) return 'unknown';
  return acceptsView(side, viewOf(target.value, target.pointer, side.dialect), value, depth + 1);
}

export function acceptsView(side: Side, view: View, value: JsonValue, depth = 0): Answer {
  if (depth > MAX_DEPTH) return 'unknown';
  let answer: Answer = 'yes';
  if ((declaredMask(view) & maskOfValue(value)) === 0) return 'no';
  for (const key of view.entries.keys()) {
    if (isAnnotation(key) || STORAGE_KEYWORDS.has(key) || INERT.has(key) || key === 'type') continue;
    const result = keyword(side, view, key, value, depth);
    if (result === 'no') return 'no';
    answer = and(answer, result);
  }
  return answer;
}

function sub(side: Side, node: JsonValue, value: JsonValue, depth: number): Answer {
  return acceptsNode(side, node, '', value, depth + 1);
}

function keyword(side: Side, view: View, key: string, value: JsonValue, depth: number): Answer {
  const k = get(view, key);
  if (k === undefined) return 'unknown';
  const n = typeof value === 'number' ? value : undefined;
  const s = typeof value === 'string' ? value : undefined;
  const a = Array.isArray(value) ? value : undefined;
  const o = isJsonObject(value) ? value : undefined;
  const yes = (holds: boolean): Answer => (holds ? 'yes' : 'no');
  switch (key) {
    case 'const':
      return yes(jsonEqual(k, value));
    case 'enum':
      return Array.isArray(k) ? yes(k.some((v) => jsonEqual(v, value))) : 'unknown';
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      if (n === undefined) return 'yes';
      if (typeof k !== 'number') return 'unknown';
      if (key === 'minimum') return yes(n >= k);
      if (key === 'maximum') return yes(n <= k);
      return yes(key === 'exclusiveMinimum' ? n > k : n < k);
    }
    case 'multipleOf':
      if (n === undefined) return 'yes';
      // Only integers divide exactly in binary floating point.
      return typeof k === 'number' && Number.isInteger(k) && Number.isInteger(n) && k > 0
        ? yes(n % k === 0)
        : 'unknown';
    case 'minLength':
      return s === undefined ? 'yes' : typeof k === 'number' ? yes(codePoints(s) >= k) : 'unknown';
    case 'maxLength':
      return s === undefined ? 'yes' : typeof k === 'number' ? yes(codePoints(s) <= k) : 'unknown';
    case 'pattern': {
      if (s === undefined) return 'yes';
      if (typeof k !== 'string') return 'unknown';
      const matched = test(k, s);
      return matched === undefined ? 'unknown' : yes(matched);
    }
    case 'minItems':
      return a === undefined ? 'yes' : typeof k === 'number' ? yes(a.length >= k) : 'unknown';
    case 'maxItems':
      return a === undefined ? 'yes' : typeof k === 'number' ? yes(a.length <= k) : 'unknown';
    case 'uniqueItems':
      if (a === undefined || k !== true) return 'yes';
      return yes(a.every((x, i) => a.findIndex((y) => jsonEqual(x, y)) === i));
    case 'items':
    case 'prefixItems':
    case 'additionalItems':
      return a === undefined ? 'yes' : items(side, view, a, depth);
    case 'minProperties':
      return o === undefined ? 'yes' : typeof k === 'number' ? yes(Object.keys(o).length >= k) : 'unknown';
    case 'maxProperties':
      return o === undefined ? 'yes' : typeof k === 'number' ? yes(Object.keys(o).length <= k) : 'unknown';
    case 'required':
      if (o === undefined) return 'yes';
      return Array.isArray(k)
        ? yes(k.every((name) => typeof name !== 'string' || Object.hasOwn(o, name)))
        : 'unknown';
    case 'properties':
    case 'additionalProperties':
    case 'patternProperties':
      return o === undefined ? 'yes' : properties(side, view, o, depth);
    case 'allOf':
    case 'anyOf':
    case 'oneOf': {
      if (!Array.isArray(k)) return 'unknown';
      const results = k.map((branch) => sub(side, branch, value, depth));
      if (key === 'allOf') return results.reduce<Answer>(and, 'yes');
      const yesCount = results.filter((r) => r === 'yes').length;
      const unknownCount = results.filter((r) => r === 'unknown').length;
      if (key === 'anyOf') return yesCount > 0 ? 'yes' : unknownCount > 0 ? 'unknown' : 'no';
      if (yesCount > 1) return 'no';
      if (unknownCount > 0) return 'unknown';
      return yes(yesCount === 1);
    }
    case 'not': {
      const inner = sub(side, k, value, depth);
      return inner === 'unknown' ? 'unknown' : inner === 'yes' ? 'no' : 'yes';
    }
    case '$ref': {
      // a pure `$ref` was followed by acceptsNode; beside other keywords it is one more conjunct
      if (typeof k !== 'string') return 'unknown';
      const resolved = side.refs.resolve(k);
      return resolved.ok ? acceptsNode(side, resolved.node, resolved.pointer, value, depth + 1) : 'unknown';
    }
    case 'if': {
      const condition = sub(side, k, value, depth);
      if (condition === 'unknown') return 'unknown';
      const branch = get(view, condition === 'yes' ? 'then' : 'else');
      return branch === undefined ? 'yes' : sub(side, branch, value, depth);
    }
    case 'then':
    case 'else':
      // read through `if`
      return 'yes';
    default:
      // A keyword scoped to another JSON type cannot reject this value; anything else (`format`,
      // `contains`, `propertyNames`, unevaluated*, keywords not modelled) is undecided.
      return scopedElsewhere(key, value) ? 'yes' : 'unknown';
  }
}

function scopedElsewhere(key: string, value: JsonValue): boolean {
  if (NUMBER_KEYWORDS.includes(key)) return typeof value !== 'number';
  if (STRING_KEYWORDS.includes(key) || key === 'format') return typeof value !== 'string';
  if (ARRAY_KEYWORDS.includes(key)) return !Array.isArray(value);
  if (OBJECT_KEYWORDS.includes(key)) return !isJsonObject(value);
  return false;
}

function items(side: Side, view: View, array: JsonValue[], depth: number): Answer {
  const itemsValue = get(view, 'items');
  let prefix: JsonValue[] = [];
  let rest: JsonValue | undefined;
  if (Array.isArray(itemsValue)) {
    prefix = itemsValue;
    rest = get(view, 'additionalItems');
  } else {
    const tuple = get(view, 'prefixItems');
    if (Array.isArray(tuple)) prefix = tuple;
    rest = itemsValue;
  }
  let answer: Answer = 'yes';
  for (let i = 0; i < array.length; i++) {
    const schema = i < prefix.length ? prefix[i] : rest;
    if (schema === undefined) continue;
    answer = and(answer, sub(side, schema, array[i] as JsonValue, depth));
    if (answer === 'no') return 'no';
  }
  return answer;
}

function properties(side: Side, view: View, object: Record<string, JsonValue>, depth: number): Answer {
  const declared = get(view, 'properties');
  const patterns = get(view, 'patternProperties');
  const additional = get(view, 'additionalProperties');
  let answer: Answer = 'yes';
  for (const name of Object.keys(object)) {
    const value = object[name] as JsonValue;
    let governed = false;
    if (isJsonObject(declared) && Object.hasOwn(declared, name)) {
      governed = true;
      answer = and(answer, sub(side, declared[name] as JsonValue, value, depth));
    }
    if (isJsonObject(patterns)) {
      for (const pattern of Object.keys(patterns)) {
        const matched = test(pattern, name);
        if (matched === undefined) return and(answer, 'unknown') === 'no' ? 'no' : 'unknown';
        if (!matched) continue;
        governed = true;
        answer = and(answer, sub(side, patterns[pattern] as JsonValue, value, depth));
      }
    }
    if (!governed && additional !== undefined) answer = and(answer, sub(side, additional, value, depth));
    if (answer === 'no') return 'no';
  }
  return answer;
}
