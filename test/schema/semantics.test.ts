import { describe, expect, it } from 'vitest';
import { compareSchemas, type Direction, type Level, type SchemaSemantics } from '../../src/schema/index.js';

/**
 * The object edits where the two readings of a schema disagree, each under both semantics: kind,
 * level, message and position (pointer into the new schema). `json-schema` is the exact accepted
 * set; `api` the declared contract (docs/schema-compat.md, "Two readings of a schema").
 */
interface Row {
  name: string;
  direction: Direction;
  old: unknown;
  new: unknown;
  kind: string;
  message: string;
  pointerNew: string;
  levels: Record<SchemaSemantics, Level>;
  /** The rule under which `api` reports it when the levels differ. */
  contractRule?: string;
}

const q = { type: 'string' };
const open = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});
const closed = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  open(properties, { additionalProperties: false, ...extra });

const ROWS: Row[] = [
  {
    name: 'input: optional property declared on an open object',
    direction: 'input',
    old: open({ q }),
    new: open({ q, limit: { type: 'integer' } }),
    kind: 'property-added',
    message: 'property "limit" added to an open object (type-constraint-added)',
    pointerNew: '/properties/limit',
    levels: { 'json-schema': 'breaking', api: 'info' },
    contractRule: 'property-added',
  },
  {
    name: 'input: optional property declared where additionalProperties is true',
    direction: 'input',
    old: open({ q }, { additionalProperties: true }),
    new: open({ q, limit: { type: 'integer' } }, { additionalProperties: true }),
    kind: 'property-added',
    message: 'property "limit" added to an open object (type-constraint-added)',
    pointerNew: '/properties/limit',
    levels: { 'json-schema': 'breaking', api: 'info' },
    contractRule: 'property-added',
  },
  {
    name: 'input: property declared under an additionalProperties schema (a map) stays exact',
    direction: 'input',
    old: open({ q }, { additionalProperties: { type: 'string' } }),
    new: open({ q, limit: { type: 'integer' } }, { additionalProperties: { type: 'string' } }),
    kind: 'property-added',
    message: 'property "limit" added to a constrained object (type-changed)',
    pointerNew: '/properties/limit',
    levels: { 'json-schema': 'breaking', api: 'breaking' },
  },
  {
    name: 'input: property declared where a pattern governed the name stays exact',
    direction: 'input',
    old: open({ q }, { patternProperties: { '^l': { type: 'string' } } }),
    new: open({ q, limit: { type: 'integer' } }, { patternProperties: { '^l': { type: 'string' } } }),
    kind: 'property-added',
    message: 'property "limit" added to an open object (pattern-property-added)',
    pointerNew: '/properties/limit',
    levels: { 'json-schema': 'breaking', api: 'breaking' },
  },
  {
    name: 'input: property declared on a closed object',
    direction: 'input',
    old: closed({ q }),
    new: closed({ q, limit: { type: 'integer' } }),
    kind: 'property-added',
    message: 'property "limit" added to a closed object (schema-false-removed)',
    pointerNew: '/properties/limit',
    levels: { 'json-schema': 'info', api: 'info' },
  },
  {
    name: 'input: optional property removed from an open object',
    direction: 'input',
    old: open({ q, limit: { type: 'integer' } }),
    new: open({ q }),
    kind: 'property-removed',
    message: 'property "limit" removed from an open object (type-constraint-removed)',
    pointerNew: '',
    levels: { 'json-schema': 'info', api: 'info' },
  },
  {
    name: 'input: property removed from a closed object (calls that send it are refused)',
    direction: 'input',
    old: closed({ q, limit: { type: 'integer' } }),
    new: closed({ q }),
    kind: 'property-removed',
    message: 'property "limit" removed from a closed object (schema-false-added)',
    pointerNew: '/additionalProperties',
    levels: { 'json-schema': 'breaking', api: 'breaking' },
  },
  {
    name: 'input: an object that declares its properties is closed',
    direction: 'input',
    old: open({ q }),
    new: closed({ q }),
    kind: 'additional-properties-closed',
    message: 'additionalProperties absent → false (schema-false-added)',
    pointerNew: '/additionalProperties',
    levels: { 'json-schema': 'breaking', api: 'info' },
    contractRule: 'object-closed',
  },
  {
    name: 'input: an object without declared properties is closed (it now accepts only {})',
    direction: 'input',
    old: { type: 'object' },
    new: { type: 'object', additionalProperties: false },
    kind: 'additional-properties-closed',
    message: 'additionalProperties absent → false (schema-false-added)',
    pointerNew: '/additionalProperties',
    levels: { 'json-schema': 'breaking', api: 'breaking' },
  },
  {
    name: 'output: property added to an open object',
    direction: 'output',
    old: open({ s: q }),
    new: open({ s: q, n: { type: 'integer' } }),
    kind: 'property-added',
    message: 'property "n" added to an open object (type-constraint-added)',
    pointerNew: '/properties/n',
    levels: { 'json-schema': 'info', api: 'info' },
    contractRule: 'property-added',
  },
  {
    name: 'output: property added to a closed object',
    direction: 'output',
    old: closed({ s: q }),
    new: closed({ s: q, n: { type: 'integer' } }),
    kind: 'property-added',
    message: 'property "n" added to a closed object (schema-false-removed)',
    pointerNew: '/properties/n',
    levels: { 'json-schema': 'breaking', api: 'info' },
    contractRule: 'property-added',
  },
  {
    name: 'output: optional property removed from an open object',
    direction: 'output',
    old: open({ s: q, n: { type: 'integer' } }),
    new: open({ s: q }),
    kind: 'property-removed',
    message: 'property "n" removed from an open object (type-constraint-removed)',
    pointerNew: '',
    levels: { 'json-schema': 'breaking', api: 'warning' },
    contractRule: 'property-removed',
  },
  {
    name: 'output: optional property removed from a closed object',
    direction: 'output',
    old: closed({ s: q, n: { type: 'integer' } }),
    new: closed({ s: q }),
    kind: 'property-removed',
    message: 'property "n" removed from a closed object (schema-false-added)',
    pointerNew: '/additionalProperties',
    levels: { 'json-schema': 'info', api: 'warning' },
    contractRule: 'property-removed',
  },
  {
    name: 'output: required property removed from a closed object',
    direction: 'output',
    old: closed({ s: q, n: { type: 'integer' } }, { required: ['n'] }),
    new: closed({ s: q }),
    kind: 'property-removed',
    message: 'property "n" removed from a closed object (schema-false-added)',
    pointerNew: '/additionalProperties',
    levels: { 'json-schema': 'info', api: 'breaking' },
    contractRule: 'property-removed',
  },
  {
    name: 'output: an object that declares its properties is opened',
    direction: 'output',
    old: closed({ s: q }),
    new: open({ s: q }),
    kind: 'additional-properties-opened',
    message: 'additionalProperties false → absent (schema-false-removed)',
    pointerNew: '',
    levels: { 'json-schema': 'breaking', api: 'info' },
    contractRule: 'object-opened',
  },
  {
    name: 'input: under `not`, the exact reading stands',
    direction: 'input',
    old: { not: open({ q }) },
    new: { not: open({ q, limit: { type: 'integer' } }) },
    kind: 'property-added',
    message: 'property "limit" added to an open object (type-constraint-added)',
    pointerNew: '/not/properties/limit',
    levels: { 'json-schema': 'info', api: 'info' },
  },
];

describe('schema semantics: api and json-schema', () => {
  for (const semantics of ['json-schema', 'api'] as const) {
    describe(semantics, () => {
      it.each(ROWS.map((row) => [row.name, row] as const))('%s', (_name, row) => {
        const changes = compareSchemas(row.old, row.new, { direction: row.direction, semantics });
        const change = changes.find((c) => c.kind === row.kind);
        expect(change, JSON.stringify(changes)).toBeDefined();
        expect(change?.level).toBe(row.levels[semantics]);
        expect(change?.message).toBe(row.message);
        expect(change?.pointerNew).toBe(row.pointerNew);
        const rule = semantics === 'api' ? row.contractRule : undefined;
        expect(change?.contractRule).toBe(rule);
      });
    });
  }

  it('defaults to api', () => {
    const row = ROWS[0] as Row;
    expect(compareSchemas(row.old, row.new, { direction: 'input' })).toEqual(
      compareSchemas(row.old, row.new, { direction: 'input', semantics: 'api' }),
    );
  });

  it('a new required parameter is breaking under both', () => {
    for (const semantics of ['api', 'json-schema'] as const) {
      const changes = compareSchemas(open({ q }), open({ q, id: q }, { required: ['id'] }), {
        direction: 'input',
        semantics,
      });
      expect(changes.find((c) => c.kind === 'property-required-added')?.level).toBe('breaking');
    }
  });
});

describe('oneOf overlap, decided where the branches constrain only type', () => {
  type OverlapRow = [name: string, old: unknown, new: unknown, expected: string[]];
  const ROWS_ONEOF: OverlapRow[] = [
    [
      'number beside integer: 1 matched one branch and now two',
      { oneOf: [{ type: 'integer' }, { type: 'string' }] },
      { oneOf: [{ type: 'integer' }, { type: 'string' }, { type: 'number' }] },
      [
        'breaking|one-of-overlap-added|/oneOf|an integer matched exactly one oneOf branch and now matches 2: it is refused',
        'info|type-integer-widened-to-number|/oneOf/2/type|type integer → number',
      ],
    ],
    [
      'the overlap removed again',
      { oneOf: [{ type: 'integer' }, { type: 'string' }, { type: 'number' }] },
      { oneOf: [{ type: 'integer' }, { type: 'string' }] },
      [
        'breaking|type-number-narrowed-to-integer|/oneOf/0/type|type number → integer',
        'info|one-of-overlap-removed|/oneOf|an integer matched 2 oneOf branches and now matches exactly one: it is accepted',
      ],
    ],
    [
      'a disjoint branch added: no overlap, nothing unknown',
      { oneOf: [{ type: 'integer' }, { type: 'string' }] },
      { oneOf: [{ type: 'integer' }, { type: 'string' }, { type: 'boolean' }] },
      ['info|one-of-branch-added|/oneOf/2|oneOf item 2 added'],
    ],
    [
      'branches with other keywords: overlap undecided, unknown',
      { oneOf: [{ type: 'string', pattern: '^a' }, { type: 'integer' }] },
      { oneOf: [{ type: 'string', pattern: '^a' }, { type: 'integer' }, { type: 'string', pattern: 'b$' }] },
      [
        'warning|one-of-exclusivity-unknown|/oneOf|oneOf branches changed and may overlap',
        'warning|pattern-changed|/oneOf/2/pattern|pattern "^a" → "b$"',
      ],
    ],
  ];
  for (const semantics of ['api', 'json-schema'] as const) {
    it.each(ROWS_ONEOF.map((row) => [`${semantics}: ${row[0]}`, row] as const))(
      '%s',
      (_name, [, before, after, expected]) => {
        const changes = compareSchemas(before, after, { direction: 'input', semantics });
        expect(changes.map((c) => `${c.level}|${c.kind}|${c.pointerNew}|${c.message}`).sort()).toEqual(
          [...expected].sort(),
        );
      },
    );
  }
});
