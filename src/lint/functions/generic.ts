/** The Spectral-style generic functions: truthy, falsy, defined, undefined, pattern, length, enumeration, unique, xor. */
import { isJsonObject, type JsonValue, sortedJson } from '../../util/json.js';
import type { FunctionDefinition, FunctionResult } from '../types.js';
import { describeValue } from './text.js';

const none: FunctionResult[] = [];

export const truthy: FunctionDefinition = {
  name: 'truthy',
  handlesMissing: true,
  description: 'The value must be present and not `false`, `0`, `""` or `null`.',
  fn: (target: JsonValue | undefined) => (target ? none : [{ message: 'must be set' }]),
};

export const falsy: FunctionDefinition = {
  name: 'falsy',
  handlesMissing: true,
  description: 'The value must be absent, `false`, `0`, `""` or `null`.',
  fn: (target: JsonValue | undefined) => (target ? [{ message: 'must not be set' }] : none),
};

export const defined: FunctionDefinition = {
  name: 'defined',
  handlesMissing: true,
  description: 'The value must be present.',
  fn: (target: JsonValue | undefined) => (target === undefined ? [{ message: 'is missing' }] : none),
};

export const undefinedFn: FunctionDefinition = {
  name: 'undefined',
  handlesMissing: true,
  description: 'The value must be absent.',
  fn: (target: JsonValue | undefined) => (target === undefined ? none : [{ message: 'must not be present' }]),
};

interface PatternOptions {
  match?: string;
  notMatch?: string;
  flags?: string;
}
const regexCache = new Map<string, Map<string, RegExp>>();
/** Compiled once per (source, flags); the source strings are the rule options' own (hash cached). */
export function cachedRegExp(source: string, flags = ''): RegExp {
  let byFlags = regexCache.get(flags);
  if (!byFlags) regexCache.set(flags, (byFlags = new Map()));
  let re = byFlags.get(source);
  if (!re) {
    re = new RegExp(source, flags);
    byFlags.set(source, re);
  }
  return re;
}

export const pattern: FunctionDefinition = {
  name: 'pattern',
  description:
    'A string must match `match` and/or must not match `notMatch` (ECMAScript regular expressions, `flags` optional). Non-strings are ignored.',
  optionsSchema: {
    type: 'object',
    properties: {
      match: { type: 'string' },
      notMatch: { type: 'string' },
      flags: { type: 'string', pattern: '^[imsu]*$' },
    },
    anyOf: [{ required: ['match'] }, { required: ['notMatch'] }],
    additionalProperties: false,
  },
  fn: (target: JsonValue | undefined, options: PatternOptions) => {
    if (typeof target !== 'string') return none;
    const out: FunctionResult[] = [];
    if (options.match !== undefined && !cachedRegExp(options.match, options.flags).test(target))
      out.push({ message: `${describeValue(target)} must match ${options.match}` });
    if (options.notMatch !== undefined && cachedRegExp(options.notMatch, options.flags).test(target))
      out.push({ message: `${describeValue(target)} must not match ${options.notMatch}` });
    return out;
  },
};

interface LengthOptions {
  min?: number;
  max?: number;
}
export const length: FunctionDefinition = {
  name: 'length',
  description:
    'Length between `min` and `max`: characters (code points) of a string, items of an array, members of an object, or the value of a number.',
  optionsSchema: {
    type: 'object',
    properties: { min: { type: 'integer', minimum: 0 }, max: { type: 'integer', minimum: 0 } },
    anyOf: [{ required: ['min'] }, { required: ['max'] }],
    additionalProperties: false,
  },
  fn: (target: JsonValue | undefined, options: LengthOptions) => {
    let size: number;
    let unit: string;
    if (typeof target === 'string') {
      // A string has no more code points than UTF-16 units, and no fewer than half as many.
      const withinMax = options.max === undefined || target.length <= options.max;
      const withinMin = options.min === undefined || target.length >= options.min * 2;
      if (withinMax && withinMin) return none;
      size = codePointLength(target);
      unit = 'characters';
    } else if (Array.isArray(target)) {
      size = target.length;
      unit = 'items';
    } else if (isJsonObject(target)) {
      size = Object.keys(target).length;
      unit = 'members';
    } else if (typeof target === 'number') {
      size = target;
      unit = '';
    } else return none;
    const what = unit ? `${size} ${unit}` : String(size);
    if (options.min !== undefined && size < options.min)
      return [{ message: `is too short: ${what}, at least ${options.min} expected` }];
    if (options.max !== undefined && size > options.max)
      return [{ message: `is too long: ${what}, at most ${options.max} expected` }];
    return none;
  },
};

const HAS_HIGH_SURROGATE = /[\uD800-\uDBFF]/;

/**
 * Code points in `text`: its UTF-16 length less one per surrogate pair (a lone surrogate counts
 * as one, as string iteration counts it). A charCodeAt loop: iterating the string cost a tenth of
 * a cold lint of a catalog.
 */
export function codePointLength(text: string): number {
  // Most texts have no surrogate at all; a regular expression tells natively.
  if (!HAS_HIGH_SURROGATE.test(text)) return text.length;
  let n = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

export const enumeration: FunctionDefinition = {
  name: 'enumeration',
  description: 'The value must be one of `values`.',
  optionsSchema: {
    type: 'object',
    properties: { values: { type: 'array', minItems: 1 } },
    required: ['values'],
    additionalProperties: false,
  },
  fn: (target: JsonValue | undefined, options: { values: JsonValue[] }) => {
    if (target === undefined) return none;
    const key = sortedJson(target);
    if (options.values.some((v) => sortedJson(v) === key)) return none;
    return [
      {
        message: `${describeValue(target)} is not one of ${options.values.map((v) => JSON.stringify(v)).join(', ')}`,
      },
    ];
  },
};

export const unique: FunctionDefinition = {
  name: 'unique',
  description:
    'Array items must be unique (deep equality), or unique by `field` for arrays of objects. Each repeat is reported at its own index.',
  optionsSchema: {
    type: 'object',
    properties: { field: { type: 'string', minLength: 1 } },
    additionalProperties: false,
  },
  fn: (target: JsonValue | undefined, options: { field?: string }) => {
    if (!Array.isArray(target)) return none;
    const seen = new Map<string, number>();
    const out: FunctionResult[] = [];
    target.forEach((item, i) => {
      let keyed: JsonValue | undefined = item;
      if (options.field !== undefined) keyed = isJsonObject(item) ? item[options.field] : undefined;
      if (keyed === undefined) return;
      const key = sortedJson(keyed);
      const first = seen.get(key);
      if (first === undefined) seen.set(key, i);
      else
        out.push({
          message: `${describeValue(keyed)} repeats item ${first}`,
          path: options.field !== undefined ? [i, options.field] : [i],
        });
    });
    return out;
  },
};

export const xor: FunctionDefinition = {
  name: 'xor',
  description: 'Exactly one of `properties` must be present on the object.',
  optionsSchema: {
    type: 'object',
    properties: { properties: { type: 'array', items: { type: 'string' }, minItems: 2 } },
    required: ['properties'],
    additionalProperties: false,
  },
  fn: (target: JsonValue | undefined, options: { properties: string[] }) => {
    if (!isJsonObject(target)) return none;
    const present = options.properties.filter((p) => Object.hasOwn(target, p));
    if (present.length === 1) return none;
    const list = options.properties.map((p) => `\`${p}\``).join(', ');
    return [
      {
        message:
          present.length === 0
            ? `must have one of ${list}`
            : `must have only one of ${list}, found ${present.length}`,
      },
    ];
  },
};
