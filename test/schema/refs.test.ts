import { describe, expect, it } from 'vitest';
import { compareSchemas } from '../../src/schema/index.js';
import { type Row, table } from './support/table.js';

const D7 = 'http://json-schema.org/draft-07/schema#';
const withDefs = (defs: Record<string, unknown>, body: Record<string, unknown>) => ({ $defs: defs, ...body });
const tree = (extra: Record<string, unknown> = {}) =>
  withDefs(
    {
      node: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/$defs/node' } },
          ...extra,
        },
      },
    },
    { $ref: '#/$defs/node' },
  );

table('$ref and $defs', [
  [
    'equal refs',
    withDefs({ a: { type: 'string' } }, { $ref: '#/$defs/a' }),
    withDefs({ a: { type: 'string' } }, { $ref: '#/$defs/a' }),
    '',
  ],
  [
    'change inside a definition is found at its pointer',
    withDefs({ a: { type: 'string' } }, { $ref: '#/$defs/a' }),
    withDefs({ a: { type: 'integer' } }, { $ref: '#/$defs/a' }),
    'type-changed:changed',
  ],
  [
    'renamed definition with equal content',
    withDefs({ a: { type: 'string' } }, { $ref: '#/$defs/a' }),
    withDefs({ b: { type: 'string' } }, { $ref: '#/$defs/b' }),
    '',
  ],
  [
    'ref inlined',
    withDefs(
      { a: { type: 'string', maxLength: 3 } },
      { type: 'object', properties: { p: { $ref: '#/$defs/a' } } },
    ),
    { type: 'object', properties: { p: { type: 'string', maxLength: 3 } } },
    '',
  ],
  [
    'inline moved into a definition',
    { type: 'object', properties: { p: { type: 'string' } } },
    withDefs(
      { s: { type: 'string', maxLength: 9 } },
      { type: 'object', properties: { p: { $ref: '#/$defs/s' } } },
    ),
    'max-length-added:narrowed',
  ],
  [
    'draft-07 definitions',
    { $schema: D7, definitions: { a: { type: 'string' } }, $ref: '#/definitions/a' },
    { $schema: D7, definitions: { a: { type: 'string', minLength: 1 } }, $ref: '#/definitions/a' },
    'min-length-added:narrowed',
  ],
  [
    'nested definitions',
    withDefs({ outer: { $defs: { inner: { enum: [1, 2] } } } }, { $ref: '#/$defs/outer/$defs/inner' }),
    withDefs({ outer: { $defs: { inner: { enum: [1] } } } }, { $ref: '#/$defs/outer/$defs/inner' }),
    'enum-value-removed:narrowed',
  ],
  [
    'percent-encoded and escaped pointers',
    withDefs({ 'a b/c': { type: 'string' } }, { $ref: '#/$defs/a%20b~1c' }),
    withDefs({ 'a b/c': { type: 'number' } }, { $ref: '#/$defs/a%20b~1c' }),
    'type-changed:changed',
  ],
  [
    'anchor refs',
    withDefs({ a: { $anchor: 'A', type: 'string' } }, { $ref: '#A' }),
    withDefs({ a: { $anchor: 'A', type: ['string', 'null'] } }, { $ref: '#A' }),
    'nullable-added:widened',
  ],
  ['recursive schema unchanged terminates', tree(), tree(), ''],
  [
    'recursive schema with a new typed property',
    tree(),
    tree({ size: { type: 'integer' } }),
    'property-added:narrowed',
  ],
  [
    'ref with siblings (2020-12 conjunction) both sides',
    withDefs({ a: { type: 'string' } }, { $ref: '#/$defs/a', maxLength: 3 }),
    withDefs({ a: { type: 'string' } }, { $ref: '#/$defs/a', maxLength: 2 }),
    'max-length-decreased:narrowed',
  ],
  [
    'ref beside keywords added',
    { maxLength: 3 },
    withDefs({ a: { type: 'string' } }, { $ref: '#/$defs/a', maxLength: 3 }),
    'ref-added:narrowed',
  ],
  [
    'draft-07 ignores siblings of $ref',
    { $schema: D7, definitions: { a: { type: 'string' } }, $ref: '#/definitions/a', maxLength: 3 },
    { $schema: D7, definitions: { a: { type: 'string' } }, $ref: '#/definitions/a', maxLength: 2 },
    '',
  ],
  [
    'unresolvable local ref is unknown',
    { $ref: '#/$defs/missing' },
    { $ref: '#/$defs/gone' },
    'ref-unresolved:unknown',
  ],
  [
    'external ref unchanged is equal',
    { type: 'object', properties: { a: { $ref: 'https://example.com/s.json' } } },
    { type: 'object', properties: { a: { $ref: 'https://example.com/s.json' } }, description: 'x' },
    'description-added:none',
  ],
  [
    'external ref changed is unknown',
    { $ref: 'https://example.com/a.json' },
    { $ref: 'https://example.com/b.json' },
    'ref-external-changed:unknown',
  ],
  [
    'external ref replaced by inline is unknown',
    { $ref: 'https://example.com/a.json' },
    { type: 'string' },
    'ref-external-changed:unknown',
  ],
  [
    'ref relative to the root $id is local',
    { $id: 'https://x.test/s', $defs: { a: { type: 'string' } }, $ref: 'https://x.test/s#/$defs/a' },
    { $id: 'https://x.test/s', $defs: { a: { type: 'integer' } }, $ref: 'https://x.test/s#/$defs/a' },
    'type-changed:changed',
  ],
  [
    'unused definition changes nothing',
    withDefs({ a: { type: 'string' }, unused: { type: 'string' } }, { $ref: '#/$defs/a' }),
    withDefs({ a: { type: 'string' }, unused: { type: 'number' } }, { $ref: '#/$defs/a' }),
    '',
  ],
  [
    '$dynamicRef changed is unknown',
    { $dynamicRef: '#meta' },
    { $dynamicRef: '#other' },
    'dynamic-ref-changed:unknown',
  ],
] satisfies Row[]);

table('annotations, default, dialect and unknown keywords', [
  ['title added', { type: 'string' }, { type: 'string', title: 'T' }, 'title-added:none'],
  ['title changed', { title: 'A' }, { title: 'B' }, 'title-changed:none'],
  ['description removed', { description: 'x' }, {}, 'description-removed:none'],
  ['examples changed', { examples: ['a'] }, { examples: ['b'] }, 'examples-changed:none'],
  ['$comment added', {}, { $comment: 'why' }, 'comment-added:none'],
  ['deprecated added', {}, { deprecated: true }, 'deprecated-added:none'],
  ['readOnly added', {}, { readOnly: true }, 'read-only-added:none'],
  ['writeOnly removed', { writeOnly: true }, {}, 'write-only-removed:none'],
  [
    'contentMediaType changed',
    { type: 'string', contentMediaType: 'text/plain' },
    { type: 'string', contentMediaType: 'text/html' },
    'content-media-type-changed:none',
  ],
  [
    'contentEncoding added',
    { type: 'string' },
    { type: 'string', contentEncoding: 'base64' },
    'content-encoding-added:none',
  ],
  ['default added', { type: 'integer' }, { type: 'integer', default: 1 }, 'default-added:none'],
  [
    'default changed',
    { type: 'integer', default: 1 },
    { type: 'integer', default: 2 },
    'default-changed:none',
  ],
  ['default removed', { type: 'integer', default: 1 }, { type: 'integer' }, 'default-removed:none'],
  ['x- extension changed', { 'x-order': 1 }, { 'x-order': 2 }, 'extension-keyword-changed:none'],
  ['unknown keyword added', {}, { 'custom-rule': true }, 'unknown-keyword-added:unknown'],
  ['unknown keyword changed', { example: 1 }, { example: 2 }, 'unknown-keyword-changed:unknown'],
  [
    'dialect changed alone: the same schema in another draft',
    { $schema: 'http://json-schema.org/draft-07/schema#' },
    { $schema: 'https://json-schema.org/draft/2020-12/schema' },
    '',
  ],
  [
    'dialect changed beside another change: reported as context',
    { $schema: 'http://json-schema.org/draft-07/schema#', type: 'string' },
    { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'integer' },
    'dialect-changed:none type-changed:changed',
  ],
  [
    'same dialect spelled differently',
    { $schema: 'http://json-schema.org/draft-07/schema#' },
    { $schema: 'http://json-schema.org/draft-07/schema' },
    'identifier-changed:none',
  ],
  ['root $id changed', { $id: 'https://a.test/v1' }, { $id: 'https://a.test/v2' }, 'identifier-changed:none'],
  [
    'nested $id changed is unknown',
    { properties: { a: { $id: 'x' } } },
    { properties: { a: { $id: 'y' } } },
    'identifier-changed:unknown',
  ],
  [
    'annotation beside a real change',
    { type: 'string', description: 'a' },
    { type: 'integer', description: 'b' },
    'type-changed:changed description-changed:none',
  ],
] satisfies Row[]);

describe('scale and sharing', () => {
  it('compares a 5,000-object schema with one shared recursive definition quickly', () => {
    const build = (extra: boolean) => {
      const properties: Record<string, unknown> = {};
      for (let i = 0; i < 5000; i++) properties[`p${i}`] = { $ref: '#/$defs/node' };
      const node = {
        type: 'object',
        properties: {
          id: { type: 'string' },
          next: { $ref: '#/$defs/node' },
          ...(extra ? { tag: { type: 'string' } } : {}),
        },
      };
      return { type: 'object', properties, $defs: { node } };
    };
    const started = performance.now();
    const changes = compareSchemas(build(false), build(true), { direction: 'input' });
    const elapsed = performance.now() - started;
    // the shared definition is compared once and its change reported once, not 5,000 times
    expect(changes.map((c) => c.kind)).toEqual(['property-added']);
    expect(changes[0]?.pointerNew).toBe('/$defs/node/properties/tag');
    expect(elapsed).toBeLessThan(2000);
  });

  it('compares 5,000 distinct inline objects', () => {
    const build = (max: number) => {
      const properties: Record<string, unknown> = {};
      for (let i = 0; i < 5000; i++)
        properties[`p${i}`] = {
          type: 'object',
          properties: { v: { type: 'string', maxLength: i === 4321 ? max : 10 } },
        };
      return { type: 'object', properties };
    };
    const changes = compareSchemas(build(10), build(5), { direction: 'input' });
    expect(changes).toMatchObject([
      {
        kind: 'max-length-decreased',
        level: 'breaking',
        pointerNew: '/properties/p4321/properties/v/maxLength',
      },
    ]);
  });

  it('refuses values that are not schemas', () => {
    expect(() => compareSchemas(1, {}, { direction: 'input' })).toThrow(TypeError);
    expect(() => compareSchemas({}, 'x', { direction: 'output' })).toThrow(TypeError);
  });
});
