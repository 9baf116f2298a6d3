/**
 * Schema checks tied to what real clients do with a tool's input schema: arrays without `items`
 * and properties without type information (recommended), and the published function-calling
 * schema rules of single clients (the `clients/*` rulesets). docs/lint.md cites each client's source.
 */
import { isJsonObject, type JsonObject, type JsonValue } from '../../util/json.js';
import type { FunctionDefinition, FunctionResult } from '../types.js';
import { cachedRegExp } from './generic.js';
import { describeValue } from './text.js';

const none: FunctionResult[] = [];

function types(schema: JsonObject): string[] {
  const type = schema.type;
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((t): t is string => typeof t === 'string') : [];
}

export const arrayItems: FunctionDefinition = {
  name: 'arrayItems',
  description:
    'A schema whose `type` is (or includes) `array` must say what its elements are with `items` or `prefixItems`.',
  fn: (target: JsonValue | undefined) => {
    if (!isJsonObject(target) || !types(target).includes('array')) return none;
    if (Object.hasOwn(target, 'items') || Object.hasOwn(target, 'prefixItems')) return none;
    return [{ message: 'is an array without `items`' }];
  },
};

const TYPE_KEYWORDS = ['type', 'enum', 'const', '$ref', '$componentRef', 'allOf', 'anyOf', 'oneOf'];
/** How a description says "any value" on purpose. */
const ANY_VALUE =
  '\\bany\\s+(?:json\\s+)?(?:value|type|data)\\b|\\bany\\s+json\\b|\\barbitrary\\s+(?:json|value|data)\\b|\\bof\\s+any\\s+type\\b';

export const typeInformation: FunctionDefinition = {
  name: 'typeInformation',
  description:
    'A property schema must carry type information (`type`, `enum`, `const`, `$ref`, `$componentRef` or `allOf`/`anyOf`/`oneOf`), unless its `description` says it takes any value ("any value", "any JSON", "of any type"...; `anyValue` replaces that pattern).',
  optionsSchema: {
    type: 'object',
    properties: { anyValue: { type: 'string' } },
    additionalProperties: false,
  },
  fn: (target: JsonValue | undefined, options: { anyValue?: string }) => {
    if (target === true)
      return [{ message: 'is the schema `true` (any value) without a description saying so' }];
    if (!isJsonObject(target)) return none;
    for (let i = 0; i < TYPE_KEYWORDS.length; i++)
      if (Object.hasOwn(target, TYPE_KEYWORDS[i] as string)) return none;
    const description = target.description;
    if (typeof description === 'string' && cachedRegExp(options.anyValue ?? ANY_VALUE, 'i').test(description))
      return none;
    return [{ message: 'has no type information (`type`, `enum`, `const`, `$ref` or a composition)' }];
  },
};

/**
 * Gemini CLI's check (`hasValidTypes`, packages/core/src/tools/mcp-client.ts): every schema reached
 * through `properties` and `items` has a `type`, or (without one) `anyOf`/`allOf`/`oneOf` branches
 * that all pass; a property with a `default` and no `type` is let through.
 */
function geminiUntyped(
  schema: JsonValue,
  path: (string | number)[],
  out: FunctionResult[],
  depth: number,
): void {
  if (!isJsonObject(schema) || depth > 64) return;
  if (!schema.type) {
    let branches = false;
    for (const keyword of ['anyOf', 'allOf', 'oneOf']) {
      const list = schema[keyword];
      if (!Array.isArray(list)) continue;
      branches = true;
      list.forEach((branch, i) => {
        geminiUntyped(branch, [...path, keyword, i], out, depth + 1);
      });
    }
    if (!branches) {
      out.push({ message: `${path.length === 0 ? 'the schema' : pathText(path)} has no \`type\``, path });
      return;
    }
  }
  if (schema.type === 'object' && isJsonObject(schema.properties)) {
    for (const name of Object.keys(schema.properties)) {
      const property = schema.properties[name] as JsonValue;
      if (isJsonObject(property) && Object.hasOwn(property, 'default') && !Object.hasOwn(property, 'type'))
        continue;
      geminiUntyped(property, [...path, 'properties', name], out, depth + 1);
    }
  }
  if (schema.type === 'array' && schema.items !== undefined)
    geminiUntyped(schema.items, [...path, 'items'], out, depth + 1);
}

function pathText(path: readonly (string | number)[]): string {
  return `/${path.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

export const geminiTypes: FunctionDefinition = {
  name: 'geminiTypes',
  description:
    "Run on a tool's root input schema: the schema and every schema below it through `properties` and `items` has a `type` (or only typed `anyOf`/`allOf`/`oneOf` branches), as Gemini CLI requires before it offers a tool to the model.",
  fn: (target: JsonValue | undefined, _options, context) => {
    // The walk starts at the root schema and covers its branches itself.
    if (!isJsonObject(target) || context.subject.via !== undefined) return none;
    const out: FunctionResult[] = [];
    geminiUntyped(target, [], out, 0);
    return out;
  },
};

export const enumOnStrings: FunctionDefinition = {
  name: 'enumOnStrings',
  description:
    'A schema with `enum` must be of `type: string` (the Gemini API accepts `enum` on strings only).',
  fn: (target: JsonValue | undefined) => {
    if (!isJsonObject(target) || !Array.isArray(target.enum)) return none;
    const declared = types(target).filter((t) => t !== 'null');
    if (declared.length === 1 && declared[0] === 'string') return none;
    const what = declared.length === 0 ? 'no `type`' : `type ${declared.join(' | ')}`;
    return [{ message: `has \`enum\` with ${what}, not \`type: string\``, path: ['enum'], atKey: true }];
  },
};

function isObjectSchema(schema: JsonObject): boolean {
  return types(schema).includes('object') || (schema.type === undefined && isJsonObject(schema.properties));
}

export const closedObject: FunctionDefinition = {
  name: 'closedObject',
  description: 'An object schema must say `additionalProperties: false` (OpenAI strict mode).',
  fn: (target: JsonValue | undefined) => {
    if (!isJsonObject(target) || !isObjectSchema(target) || target.additionalProperties === false)
      return none;
    if (Object.hasOwn(target, 'additionalProperties'))
      return [
        {
          message: `has \`additionalProperties: ${describeValue(target.additionalProperties)}\`, not \`false\``,
          path: ['additionalProperties'],
        },
      ];
    return [{ message: 'is an object schema without `additionalProperties: false`' }];
  },
};

export const allRequired: FunctionDefinition = {
  name: 'allRequired',
  description:
    'Every property of an object schema must be listed in its `required` (OpenAI strict mode: optional values are expressed as a type that includes `null`).',
  fn: (target: JsonValue | undefined) => {
    if (!isJsonObject(target) || !isJsonObject(target.properties)) return none;
    const required = new Set(Array.isArray(target.required) ? target.required : []);
    const missing = Object.keys(target.properties).filter((name) => !required.has(name));
    if (missing.length === 0) return none;
    const shown = missing.slice(0, 5).map((name) => describeValue(name));
    const more = missing.length > shown.length ? ` and ${missing.length - shown.length} more` : '';
    return [
      {
        message: `does not list ${shown.join(', ')}${more} in \`required\``,
        path: Object.hasOwn(target, 'required') ? ['required'] : [],
        ...(Object.hasOwn(target, 'required') ? { atKey: true } : {}),
      },
    ];
  },
};

export const rootObject: FunctionDefinition = {
  name: 'rootObject',
  description:
    "A tool's root input schema must be `type: object` and not an `anyOf`/`oneOf` (OpenAI strict mode).",
  fn: (target: JsonValue | undefined, _options, context) => {
    if (!isJsonObject(target) || context.subject.via !== undefined) return none;
    for (const keyword of ['anyOf', 'oneOf'] as const)
      if (Object.hasOwn(target, keyword))
        return [
          { message: `is a root \`${keyword}\`: make the root one object`, path: [keyword], atKey: true },
        ];
    if (target.type !== 'object') return [{ message: 'is not `type: object` at the root' }];
    return none;
  },
};
