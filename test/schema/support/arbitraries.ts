import fc from 'fast-check';
import type { JsonObject, JsonValue } from '../../../src/util/json.js';
import { deepClone, isJsonObject } from '../../../src/util/json.js';

/** Small vocabularies so that generated instances hit the boundaries the schemas draw. */
export const NAMES = ['a', 'b', 'c', 'xa'];
const VALUES: JsonValue[] = [null, true, false, 0, 1, 2, 3, 1.5, -1, '', 'a', 'b', 'ab', 'xyz'];
const NUMBERS = [-2, -1, 0, 0.5, 1, 2, 3, 5];
const PATTERNS = ['^a', 'b$', 'a|b', '^[ab]*$', '.*', 'a', '^a$', 'x', '^(a|b)$'];
const TYPES = ['null', 'boolean', 'string', 'number', 'integer', 'object', 'array'];

const value = fc.constantFrom(...VALUES);
const num = fc.constantFrom(...NUMBERS);
const count = fc.integer({ min: 0, max: 3 });
const typeKeyword: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.constantFrom(...TYPES),
  fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }),
);
const enumKeyword = fc.uniqueArray(value, {
  minLength: 1,
  maxLength: 4,
  comparator: (a, b) => JSON.stringify(a) === JSON.stringify(b),
});

const opt = { requiredKeys: [] as never[] };
/** Records with optional keys type as objects with `undefined` members; the values are JSON. */
const json = (arb: fc.Arbitrary<unknown>) => arb as fc.Arbitrary<JsonValue>;

function leaf(): fc.Arbitrary<JsonValue> {
  return fc.oneof(
    json(fc.record({ type: typeKeyword })),
    json(
      fc.record(
        {
          type: fc.constantFrom<JsonValue>('number', 'integer', ['integer', 'null'], ['number', 'string']),
          minimum: num,
          maximum: num,
          exclusiveMinimum: num,
          exclusiveMaximum: num,
          multipleOf: fc.constantFrom(1, 2, 3, 0.5),
        },
        { requiredKeys: ['type'] },
      ),
    ),
    json(
      fc.record(
        {
          type: fc.constantFrom<JsonValue>('string', ['string', 'null']),
          minLength: count,
          maxLength: count,
          pattern: fc.constantFrom(...PATTERNS),
        },
        { requiredKeys: ['type'] },
      ),
    ),
    json(fc.record({ type: fc.constantFrom('string', 'integer'), nullable: fc.boolean() })),
    json(fc.record({ enum: enumKeyword })),
    json(fc.record({ const: value })),
    json(fc.record({ type: fc.constantFrom('string', 'number'), enum: enumKeyword })),
    fc.constantFrom<JsonValue>(true, false, {}, { type: 'null' }),
  );
}

export function schemaArb(maxDepth: number, withRefs: boolean): fc.Arbitrary<JsonValue> {
  const { tree } = fc.letrec<{ tree: JsonValue; node: JsonValue }>((tie) => ({
    tree: fc.oneof(
      { maxDepth, depthIdentifier: 'schema' },
      leaf(),
      tie('node'),
      ...(withRefs ? [fc.constant<JsonValue>({ $ref: '#/$defs/d' })] : []),
    ),
    node: fc.oneof(
      { depthIdentifier: 'schema' },
      json(
        fc.record(
          {
            type: fc.constant('object'),
            properties: fc.dictionary(fc.constantFrom(...NAMES), tie('tree'), {
              maxKeys: 3,
              noNullPrototype: true,
            }),
            required: fc.uniqueArray(fc.constantFrom(...NAMES), { maxLength: 2 }),
            additionalProperties: fc.oneof(fc.boolean(), tie('tree')),
            patternProperties: fc.record({ '^x': tie('tree') }),
            minProperties: count,
            maxProperties: count,
            propertyNames: fc.constantFrom<JsonValue>({ maxLength: 1 }, { pattern: '^[ab]' }),
            dependentRequired: fc.constantFrom<JsonValue>({ a: ['b'] }, { b: ['c', 'a'] }),
          },
          opt,
        ),
      ),
      json(
        fc.record(
          {
            type: fc.constant('array'),
            items: tie('tree'),
            prefixItems: fc.array(tie('tree'), { minLength: 1, maxLength: 2 }),
            contains: tie('tree'),
            minContains: count,
            maxContains: fc.integer({ min: 1, max: 3 }),
            minItems: count,
            maxItems: count,
            uniqueItems: fc.boolean(),
          },
          opt,
        ),
      ),
      json(fc.record({ anyOf: fc.array(tie('tree'), { minLength: 1, maxLength: 3 }) })),
      json(fc.record({ type: typeKeyword, anyOf: fc.array(tie('tree'), { minLength: 1, maxLength: 3 }) })),
      json(fc.record({ oneOf: fc.array(tie('tree'), { minLength: 1, maxLength: 3 }) })),
      json(fc.record({ allOf: fc.array(tie('tree'), { minLength: 1, maxLength: 2 }) })),
      json(fc.record({ not: tie('tree') })),
      json(
        fc.record(
          Object.fromEntries([
            ['if', tie('tree')],
            ['then', tie('tree')],
            ['else', tie('tree')],
          ]),
          { requiredKeys: ['if'] },
        ),
      ),
    ),
  }));
  return tree;
}

/** A root schema; with refs, every `$ref` points at one shared definition. */
export function rootArb(withRefs: boolean): fc.Arbitrary<JsonValue> {
  if (!withRefs) return schemaArb(3, false);
  return fc.record({ def: schemaArb(2, false), body: schemaArb(3, true) }).map(({ def, body }) => {
    const root: JsonObject = isJsonObject(body) ? deepClone(body as JsonObject) : { allOf: [body] };
    root.$defs = { d: def };
    return root;
  });
}

/** Keys whose values are schemas, lists of schemas or maps of schemas: where mutation can descend. */
const SCHEMA_KEYS = [
  'items',
  'contains',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
];
const LIST_KEYS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const MAP_KEYS = ['properties', 'patternProperties', '$defs'];

function schemaNodes(root: JsonValue): JsonObject[] {
  const found: JsonObject[] = [];
  const walk = (node: JsonValue) => {
    if (!isJsonObject(node)) return;
    found.push(node);
    for (const key of SCHEMA_KEYS) if (key in node) walk(node[key] as JsonValue);
    for (const key of LIST_KEYS) if (Array.isArray(node[key])) (node[key] as JsonValue[]).forEach(walk);
    for (const key of MAP_KEYS)
      if (isJsonObject(node[key])) Object.values(node[key] as JsonObject).forEach(walk);
  };
  walk(root);
  return found;
}

const ADDITIONS: [string, JsonValue][] = [
  ['minimum', 1],
  ['maximum', 2],
  ['exclusiveMinimum', 0],
  ['multipleOf', 2],
  ['minLength', 1],
  ['maxLength', 2],
  ['pattern', '^a'],
  ['type', 'string'],
  ['type', ['string', 'null']],
  ['type', 'integer'],
  ['type', 'number'],
  ['enum', ['a', 1, null]],
  ['const', 'a'],
  ['required', ['a']],
  ['additionalProperties', false],
  ['additionalProperties', { type: 'string' }],
  ['properties', { a: { type: 'string' } }],
  ['properties', { b: {} }],
  ['items', { type: 'integer' }],
  ['prefixItems', [{ type: 'string' }]],
  ['uniqueItems', true],
  ['minItems', 1],
  ['maxItems', 1],
  ['contains', { type: 'string' }],
  ['not', { type: 'null' }],
  ['anyOf', [{ type: 'string' }, { type: 'null' }]],
  ['minProperties', 1],
  ['propertyNames', { maxLength: 1 }],
  ['nullable', true],
  ['description', 'text'],
  ['default', 1],
];

/** Applies a few edits chosen by `choices`: the new schema stays close to the old one, so both verdicts occur. */
export function mutate(
  schema: JsonValue,
  choices: readonly number[],
  replacements: readonly JsonValue[],
): JsonValue {
  const root: JsonObject = isJsonObject(schema) ? deepClone(schema) : { allOf: [schema] };
  for (let c = 0; c + 2 < choices.length; c += 3) {
    const nodes = schemaNodes(root);
    const node = nodes[(choices[c] as number) % nodes.length] as JsonObject;
    const arg = choices[c + 2] as number;
    const keys = Object.keys(node).filter((k) => k !== '$defs');
    switch ((choices[c + 1] as number) % 9) {
      case 0: {
        const key = keys[arg % Math.max(1, keys.length)];
        if (key !== undefined) delete node[key];
        break;
      }
      case 1: {
        const [key, v] = ADDITIONS[arg % ADDITIONS.length] as [string, JsonValue];
        node[key] = deepClone(v);
        break;
      }
      case 2: {
        const numeric = keys.filter((k) => typeof node[k] === 'number');
        const key = numeric[arg % Math.max(1, numeric.length)];
        if (key !== undefined) {
          const next = (node[key] as number) + (arg % 2 === 0 ? 1 : -1);
          node[key] =
            /^(min|max)(Length|Items|Properties|Contains)$/.test(key) || key === 'multipleOf'
              ? Math.max(key === 'multipleOf' ? 1 : 0, next)
              : next;
        }
        break;
      }
      case 3: {
        const key = keys[arg % Math.max(1, keys.length)];
        const list = key !== undefined ? node[key] : undefined;
        if (key === 'enum' && Array.isArray(list)) {
          if (arg % 2 === 0 && list.length > 1) list.splice(arg % list.length, 1);
          else if (!list.some((v) => JSON.stringify(v) === JSON.stringify(VALUES[arg % VALUES.length])))
            list.push(VALUES[arg % VALUES.length] as JsonValue);
        } else if (key === 'type') {
          const types = Array.isArray(list) ? [...(list as string[])] : [list as string];
          const t = TYPES[arg % TYPES.length] as string;
          node.type = types.includes(t)
            ? types.length > 1
              ? types.filter((x) => x !== t)
              : t
            : [...types, t];
        } else if (key === 'required' && Array.isArray(list)) {
          const name = NAMES[arg % NAMES.length] as string;
          node.required = list.includes(name) ? list.filter((n) => n !== name) : [...list, name];
        }
        break;
      }
      case 4: {
        const replacement = replacements[arg % Math.max(1, replacements.length)];
        if (replacement !== undefined && isJsonObject(replacement)) {
          for (const key of keys) delete node[key];
          Object.assign(node, deepClone(replacement));
        }
        break;
      }
      case 5: {
        for (const key of ['additionalProperties', 'uniqueItems', 'nullable'])
          if (typeof node[key] === 'boolean') node[key] = !node[key];
        break;
      }
      case 6: {
        // the nullable spelling that composes: X → anyOf[X, null], or back
        const copy: JsonObject = deepClone(node);
        for (const key of keys) delete node[key];
        const list = copy.anyOf;
        if (
          Array.isArray(list) &&
          list.length === 2 &&
          isJsonObject(list[1]) &&
          list[1].type === 'null' &&
          isJsonObject(list[0])
        )
          Object.assign(node, list[0]);
        else node.anyOf = [copy, { type: 'null' }];
        break;
      }
      case 7: {
        for (const key of LIST_KEYS) if (Array.isArray(node[key])) (node[key] as JsonValue[]).reverse();
        break;
      }
      default: {
        const props = node.properties;
        if (isJsonObject(props)) {
          const name = NAMES[arg % NAMES.length] as string;
          if (name in props) delete props[name];
          else props[name] = arg % 2 === 0 ? { type: 'string' } : {};
        }
      }
    }
  }
  return root;
}

/** Every primitive a schema mentions, plus neighbours of its numbers: the boundary cases. */
function poolOf(schemas: JsonValue[]): JsonValue[] {
  const pool: JsonValue[] = [...VALUES, 4, 6, -0.5, 2.5, 'aa', 'ba', 'xa', 'abab', [], {}];
  const walk = (node: JsonValue) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isJsonObject(node)) Object.values(node).forEach(walk);
    else if (typeof node === 'number') pool.push(node, node + 1, node - 1, node + 0.5, node * 2);
    else if (typeof node === 'string' && node.length < 8) pool.push(node);
  };
  schemas.forEach(walk);
  return pool;
}

export function instanceArb(schemas: JsonValue[]): fc.Arbitrary<JsonValue> {
  const pool = poolOf(schemas);
  const prim = fc.constantFrom(...pool);
  const { v } = fc.letrec<{ v: JsonValue }>((tie) => ({
    v: fc.oneof(
      { maxDepth: 3, depthIdentifier: 'instance' },
      prim,
      fc.dictionary(fc.constantFrom(...NAMES, 'x1', 'z'), tie('v'), { maxKeys: 4, noNullPrototype: true }),
      fc.array(tie('v'), { maxLength: 4 }),
    ),
  }));
  return v;
}
