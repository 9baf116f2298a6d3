import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../src/util/json.js';
import { analyseSchema, type Dialect, metaValidator } from '../../src/validate/embedded-schema.js';
import { quickMetaValid } from '../../src/validate/meta-quick-check.js';
import { missing } from '../support/skips.js';

const DIALECTS: Dialect[] = ['2020-12', 'draft-07'];
const ajvAccepts = (schema: JsonValue, dialect: Dialect): boolean => metaValidator(dialect)(schema) === true;

describe('quickMetaValid', () => {
  const accepted: [string, JsonValue][] = [
    ['empty schema', {}],
    ['boolean schema', true],
    [
      'typical tool input',
      {
        type: 'object',
        description: 'd',
        properties: { a: { type: 'string', enum: ['x', 'y'] }, b: { type: ['integer', 'null'], minimum: 0 } },
        required: ['a'],
        additionalProperties: false,
      },
    ],
    ['a pattern', { type: 'string', pattern: '^[a-z0-9_-]+$' }],
    ['a long required list', { required: Array.from({ length: 20 }, (_, i) => `p${i}`) }],
    [
      'nested items and anyOf',
      { type: 'array', items: { anyOf: [{ type: 'string' }, { const: 1 }] }, minItems: 1 },
    ],
    [
      'root $schema naming the dialect',
      { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' },
    ],
  ];
  it.each(accepted)('accepts %s, as the meta-schema does', (_name, schema) => {
    expect(quickMetaValid(schema, '2020-12')).toBe(true);
    expect(ajvAccepts(schema, '2020-12')).toBe(true);
  });

  const unknown: [string, JsonValue][] = [
    ['an unknown type name', { type: 'text' }],
    ['duplicate types', { type: ['string', 'string'] }],
    ['an empty type list', { type: [] }],
    ['required with a number', { required: ['a', 1] }],
    ['duplicate required names', { required: ['a', 'a'] }],
    [
      'a duplicate in a long required list',
      { required: [...Array.from({ length: 20 }, (_, i) => `p${i}`), 'p3'] },
    ],
    ['properties as an array', { properties: [] }],
    ['a property schema that is a string', { properties: { a: 'string' } }],
    ['an empty anyOf', { anyOf: [] }],
    ['a negative minLength', { minLength: -1 }],
    ['a fractional maxItems', { maxItems: 1.5 }],
    ['a string minimum', { minimum: '1' }],
    ['a pattern that is not a regular expression', { type: 'string', pattern: '(a' }],
    ['a pattern with the \\Z anchor the regex format refuses', { pattern: 'a\\Z' }],
    ['$ref (needs URI checks)', { $ref: '#/$defs/a', $defs: { a: {} } }],
    ['an extension keyword', { type: 'string', 'x-widget': 'textarea' }],
    ['a nested $schema', { properties: { a: { $schema: 'https://json-schema.org/draft/2020-12/schema' } } }],
    ['a root $schema of another dialect', { $schema: 'http://json-schema.org/draft-07/schema#' }],
    ['an items array in 2020-12', { items: [{ type: 'string' }] }],
    ['null', null],
    ['an array', []],
  ];
  it.each(unknown)('leaves %s to the meta-schema validator', (_name, schema) => {
    expect(quickMetaValid(schema, '2020-12')).toBe(false);
  });

  it('accepts an items array in draft-07, where the meta-schema allows one', () => {
    const schema = { $schema: 'http://json-schema.org/draft-07/schema#', items: [{ type: 'string' }] };
    expect(quickMetaValid(schema, 'draft-07')).toBe(true);
    expect(ajvAccepts(schema, 'draft-07')).toBe(true);
  });

  it('stops at its depth limit instead of recursing without bound', () => {
    let schema: JsonValue = { type: 'string' };
    for (let i = 0; i < 100; i++) schema = { items: schema };
    expect(quickMetaValid(schema, '2020-12')).toBe(false);
  });

  // The invariant the validator relies on: a quick accept is never wrong.
  it('never accepts what the meta-schema validator rejects (property)', () => {
    const value = (tie: fc.LetrecTypedTie<{ schema: JsonValue }>) =>
      fc.oneof(
        { weight: 4, arbitrary: tie('schema') },
        { weight: 1, arbitrary: fc.constantFrom('^a+$', '(a', 'a\\Z', '\\\\Z', '[', '\\p{L}') },
        {
          weight: 1,
          arbitrary: fc.oneof(fc.string(), fc.integer({ min: -2, max: 3 }), fc.double(), fc.constant(null)),
        },
        {
          weight: 1,
          arbitrary: fc.array(fc.oneof(fc.constantFrom('string', 'object', 'a', 'integer'), fc.integer()), {
            maxLength: 3,
          }),
        },
        { weight: 1, arbitrary: fc.array(tie('schema'), { maxLength: 2 }) },
        {
          weight: 1,
          arbitrary: fc.dictionary(fc.constantFrom('a', 'b', '__proto__'), tie('schema'), { maxKeys: 2 }),
        },
      );
    const keyword = fc.constantFrom(
      'type',
      'description',
      'title',
      'format',
      'default',
      'const',
      'enum',
      'examples',
      'required',
      'properties',
      'additionalProperties',
      'not',
      'items',
      'anyOf',
      'oneOf',
      'allOf',
      'minimum',
      'maximum',
      'exclusiveMinimum',
      'exclusiveMaximum',
      'minLength',
      'maxLength',
      'minItems',
      'maxItems',
      'minProperties',
      'maxProperties',
      'uniqueItems',
      'pattern',
      '$ref',
      'x-ext',
      '$schema',
    );
    const { schema } = fc.letrec<{ schema: JsonValue }>((tie) => ({
      schema: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.boolean(),
        fc.dictionary(keyword, value(tie), { maxKeys: 4 }) as fc.Arbitrary<JsonValue>,
      ),
    }));
    let quickAccepts = 0;
    fc.assert(
      fc.property(schema, fc.constantFrom(...DIALECTS), (candidate, dialect) => {
        if (!quickMetaValid(candidate, dialect)) return;
        quickAccepts++;
        expect(ajvAccepts(candidate, dialect)).toBe(true);
      }),
      { numRuns: 3000, seed: 20261202 },
    );
    // Not vacuous: a good share of generated schemas take the quick path.
    expect(quickAccepts).toBeGreaterThan(300);
  });
});

describe('analyseSchema of plain schemas', () => {
  it('answers a plain schema without serialising it, and flags it plain', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
    const analysis = analyseSchema(schema);
    expect(analysis).toMatchObject({ dialect: '2020-12', metaErrors: [], brokenRefs: [], plain: true });
    expect(Object.isFrozen(analysis)).toBe(true);
  });

  it.each<[string, JsonValue]>([
    [
      'an x-mcp-header on a property',
      { type: 'object', properties: { a: { type: 'string', 'x-mcp-header': 'A' } } },
    ],
    ['a local $ref', { $defs: { a: { type: 'string' } }, properties: { b: { $ref: '#/$defs/a' } } }],
    ['an invalid keyword value', { type: 'text' }],
  ])('does not flag a schema with %s plain', (_name, schema) => {
    expect(analyseSchema(schema).plain).toBe(false);
  });
});

const CATALOG = join(import.meta.dirname, '../../../shared/corpora/catalog/docker-catalog.mcpdesc.json');

const noCatalog = missing(CATALOG, 'test/validate/meta-quick-check.test.ts "on the docker catalog"');
describe.skipIf(noCatalog)('quickMetaValid on the docker catalog', () => {
  it('agrees with the meta-schema validator on every tool schema and takes the quick path for most', () => {
    const document = JSON.parse(readFileSync(CATALOG, 'utf8')) as { tools: Record<string, JsonValue>[] };
    let schemas = 0;
    let quick = 0;
    for (const tool of document.tools) {
      for (const field of ['inputSchema', 'outputSchema']) {
        const schema = tool[field];
        if (schema === undefined) continue;
        schemas++;
        const dialect: Dialect =
          typeof schema === 'object' &&
          schema !== null &&
          !Array.isArray(schema) &&
          String(schema.$schema).includes('draft-07')
            ? 'draft-07'
            : '2020-12';
        if (quickMetaValid(schema, dialect)) {
          quick++;
          expect(ajvAccepts(schema, dialect)).toBe(true);
        }
      }
    }
    expect(quick / schemas).toBeGreaterThan(0.95);
  });
});
