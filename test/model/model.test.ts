import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalString, semanticallyEquivalent } from '../../src/model/canonical.js';
import { groupVariants } from '../../src/model/identity.js';
import { ProjectionError, projectView } from '../../src/model/project.js';
import { effectiveScope, rootVersions } from '../../src/model/scopes.js';
import { serialize, serializeChunks } from '../../src/model/serialize.js';
import { loadDocument, loadSource } from '../../src/parse/index.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../../src/util/json.js';
import { description, jsonValue } from '../support/arbitraries.js';
import { deepFreeze } from '../support/freeze.js';
import { missing } from '../support/skips.js';

const base: JsonObject = {
  mcpdesc: '0.8.0',
  info: { name: 'weather', version: '1.0.0' },
  protocolVersions: ['2025-06-18', '2025-11-25', '2026-07-28'],
  'x-team': 'core',
  security: [{}],
  tags: [{ name: 'weather' }, { name: 'unused' }],
  transports: [
    { type: 'stdio', command: 'weather' },
    { type: 'sse', url: 'https://example.com/sse', protocolVersions: ['2025-06-18'] },
  ],
  tools: [
    {
      name: 'forecast',
      protocolVersions: ['2025-06-18'],
      inputSchema: { type: 'object' },
      security: [],
    },
    {
      name: 'forecast',
      protocolVersions: ['2025-11-25', '2026-07-28'],
      inputSchema: { type: 'object', additionalProperties: false },
      elicitations: [
        {
          name: 'confirm',
          mode: 'form',
          message: 'Sure?',
          requestedSchema: { type: 'object', properties: {} },
          protocolVersions: ['2026-07-28'],
        },
        { name: 'login', mode: 'url', message: 'Log in' },
      ],
    },
  ],
  prompts: [{ name: 'daily', protocolVersions: ['2026-07-28'] }],
};

describe('scopes and identity', () => {
  it('computes effective scopes: explicit, else the parent', () => {
    expect(rootVersions(base)).toEqual(['2025-06-18', '2025-11-25', '2026-07-28']);
    expect(effectiveScope({}, ['2025-06-18'])).toEqual(['2025-06-18']);
    expect(effectiveScope({ protocolVersions: ['2026-07-28', '2025-11-25'] }, [])).toEqual([
      '2025-11-25',
      '2026-07-28',
    ]);
  });

  it('groups same-key variants', () => {
    const groups = groupVariants(base);
    expect(groups.map((g) => [g.kind, g.key, g.variants.map((v) => v.pointer)])).toEqual([
      ['tool', 'forecast', ['/tools/0', '/tools/1']],
      ['prompt', 'daily', ['/prompts/0']],
    ]);
  });
});

describe('Effective Protocol View (spec §4.12)', () => {
  it('keeps declarations in scope, drops scopes, filters nested elicitations, omits emptied collections', () => {
    const view = projectView(base, '2025-11-25');
    expect(view).toEqual({
      mcpdesc: '0.8.0',
      info: { name: 'weather', version: '1.0.0' },
      protocolVersions: ['2025-11-25'],
      'x-team': 'core',
      security: [{}],
      tags: [{ name: 'weather' }, { name: 'unused' }],
      transports: [{ type: 'stdio', command: 'weather' }],
      tools: [
        {
          name: 'forecast',
          inputSchema: { type: 'object', additionalProperties: false },
          elicitations: [{ name: 'login', mode: 'url', message: 'Log in' }],
        },
      ],
    });
    // Key order of the source is kept.
    expect(Object.keys(view)).toEqual([
      'mcpdesc',
      'info',
      'protocolVersions',
      'x-team',
      'security',
      'tags',
      'transports',
      'tools',
    ]);
  });

  it('never copies inherited security onto primitives', () => {
    const view = projectView(base, '2025-06-18');
    expect((view.tools as JsonObject[])[0]).toEqual({
      name: 'forecast',
      inputSchema: { type: 'object' },
      security: [],
    });
  });

  it('refuses a revision outside the root set, and an unknown revision', () => {
    expect(() => projectView(base, '2024-11-05')).toThrow(ProjectionError);
    expect(() => projectView(base, '2030-01-01')).toThrow(/not an MCP revision/);
  });

  it('with share: gives the same view, sharing values with the document and never editing it', () => {
    const frozen = deepFreeze(structuredClone(base));
    for (const version of rootVersions(frozen)) {
      const view = projectView(frozen, version, { share: true });
      expect(view).toEqual(projectView(base, version));
      expect(view.info).toBe(frozen.info);
    }
    const copied = projectView(base, '2025-11-25');
    expect(copied.info).not.toBe(base.info);
  });

  it('with share: equals the copied view on generated documents (property)', () => {
    fc.assert(
      fc.property(description, (doc) => {
        const frozen = deepFreeze(structuredClone(doc));
        for (const version of rootVersions(doc))
          expect(projectView(frozen, version, { share: true })).toEqual(projectView(doc, version));
      }),
      { numRuns: 150 },
    );
  });

  it('is idempotent on generated documents', () => {
    fc.assert(
      fc.property(description, (doc) => {
        for (const version of rootVersions(doc)) {
          const once = projectView(doc, version);
          expect(projectView(once, version)).toEqual(once);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('semantic equivalence (spec §4.13)', () => {
  it('never modifies the document it canonicalises (it shares unchanged parts with it)', () => {
    const withPromptExamples = (doc: JsonObject): JsonObject => ({
      ...doc,
      prompts: [
        { name: 'p', examples: { e: { arguments: {}, messages: [] }, f: { arguments: { a: '1' } } } },
      ],
      components: { promptExamples: { shared: { arguments: {} } } },
    });
    fc.assert(
      fc.property(description, (doc) => {
        const input = withPromptExamples(doc);
        const before = JSON.stringify(input);
        const frozen = deepFreeze(structuredClone(input));
        // Frozen: any write throws in strict mode.
        expect(canonicalString(frozen)).toBe(canonicalString(input));
        expect(JSON.stringify(input)).toBe(before);
      }),
      { numRuns: 100 },
    );
  });

  const shuffleKeys = (value: JsonValue, seed: number): JsonValue => {
    if (Array.isArray(value)) return value.map((v, i) => shuffleKeys(v, seed + i));
    if (!isJsonObject(value)) return value;
    const keys = Object.keys(value);
    const rotated = keys
      .slice(seed % Math.max(keys.length, 1))
      .concat(keys.slice(0, seed % Math.max(keys.length, 1)));
    const out: JsonObject = {};
    for (const key of rotated.reverse())
      Object.defineProperty(out, key, {
        value: shuffleKeys(value[key] as JsonValue, seed + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  };

  it('is reflexive and symmetric and ignores key order', () => {
    fc.assert(
      fc.property(description, description, fc.nat(), (a, b, seed) => {
        expect(semanticallyEquivalent(a, a)).toBe(true);
        expect(semanticallyEquivalent(a, shuffleKeys(a, seed))).toBe(true);
        expect(semanticallyEquivalent(a, b)).toBe(semanticallyEquivalent(b, a));
      }),
      { numRuns: 150 },
    );
  });

  it('ignores protocolVersions order, security order, collection order and redundant scopes', () => {
    const reordered: JsonObject = {
      ...base,
      protocolVersions: ['2026-07-28', '2025-06-18', '2025-11-25'],
      transports: [...(base.transports as JsonObject[])].reverse(),
      tools: [...(base.tools as JsonObject[])].reverse(),
      prompts: [{ name: 'daily', protocolVersions: ['2026-07-28'] }],
    };
    expect(semanticallyEquivalent(base, reordered)).toBe(true);
    const security = (s: JsonValue) => ({ ...base, security: s });
    expect(
      semanticallyEquivalent(
        security([{ a: ['x', 'y'] }, { b: [] }]),
        security([{ b: [] }, { a: ['y', 'x'] }]),
      ),
    ).toBe(true);
    const fullScope = {
      ...base,
      prompts: [{ name: 'daily', protocolVersions: ['2025-06-18', '2025-11-25', '2026-07-28'] }],
    };
    const noScope = { ...base, prompts: [{ name: 'daily' }] };
    expect(semanticallyEquivalent(fullScope, noScope)).toBe(true);
  });

  it('treats identical scoped variants as one declaration over the union of their scopes', () => {
    const split = {
      ...base,
      prompts: [
        { name: 'daily', protocolVersions: ['2025-06-18'] },
        { name: 'daily', protocolVersions: ['2025-11-25', '2026-07-28'] },
      ],
    };
    expect(semanticallyEquivalent(split, { ...base, prompts: [{ name: 'daily' }] })).toBe(true);
  });

  it('keeps security omitted, [] and [{}] distinct, and ordered arrays ordered', () => {
    const { security: _omit, ...withoutSecurity } = base;
    expect(semanticallyEquivalent(base, { ...base, security: [] })).toBe(false);
    expect(semanticallyEquivalent(base, withoutSecurity)).toBe(false);
    expect(semanticallyEquivalent({ ...base, security: [] }, withoutSecurity)).toBe(false);
    expect(semanticallyEquivalent(base, { ...base, tags: [...(base.tags as JsonObject[])].reverse() })).toBe(
      false,
    );
    const args = (a: string[]) => ({ ...base, transports: [{ type: 'stdio', command: 'w', args: a }] });
    expect(semanticallyEquivalent(args(['a', 'b']), args(['b', 'a']))).toBe(false);
  });

  it('treats omitted and empty prompt example arguments alike', () => {
    const prompt = (example: JsonObject) => ({
      ...base,
      prompts: [{ name: 'daily', examples: { one: example } }],
    });
    expect(
      semanticallyEquivalent(
        prompt({ arguments: {}, result: { messages: [] } }),
        prompt({ result: { messages: [] } }),
      ),
    ).toBe(true);
  });
});

describe('serializer', () => {
  it('round-trips parse → serialize → parse as the identity, in JSON and YAML', () => {
    fc.assert(
      fc.property(
        fc.oneof(description, jsonValue),
        fc.constantFrom('json' as const, 'yaml' as const),
        (value, format) => {
          const text = serialize(value, format);
          const again = loadDocument(text, { file: `x.${format}`, format }).value;
          expect(again).toEqual(value);
          expect(serialize(again, format)).toBe(text);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives in chunks exactly the text it gives whole (JSON.stringify with two spaces)', () => {
    const withArrays = fc.dictionary(
      fc.string(),
      fc.oneof(jsonValue, fc.array(jsonValue, { maxLength: 6 }), fc.array(fc.constant(undefined))),
    );
    fc.assert(
      fc.property(
        fc.oneof(description, jsonValue, withArrays),
        fc.constantFrom('json' as const, 'yaml' as const),
        (value, format) => {
          expect([...serializeChunks(value as JsonValue, format)].join('')).toBe(
            serialize(value as JsonValue, format),
          );
        },
      ),
      { numRuns: 300 },
    );
    // A member with no JSON form is left out, an array item with none is null, as JSON.stringify does.
    const odd = {
      a: undefined,
      b: [undefined, 1],
      c: {},
      d: [],
      e: [[1, [2]], { x: 'é\n' }],
    } as unknown as JsonValue;
    expect([...serializeChunks(odd, 'json')].join('')).toBe(`${JSON.stringify(odd, null, 2)}\n`);
    expect([...serializeChunks({}, 'json')].join('')).toBe('{}\n');
    const proto = JSON.parse('{"__proto__": [1], "a": 2}') as JsonValue;
    expect([...serializeChunks(proto, 'json')].join('')).toBe(serialize(proto, 'json'));
    // A long array comes out in several chunks.
    const tools = Array.from({ length: 3000 }, (_, i) => ({
      name: `tool_${i}`,
      description: 'x'.repeat(40),
    }));
    const chunks = [...serializeChunks({ tools }, 'json')];
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(serialize({ tools }, 'json'));
  });

  it('keeps the author key order and ends with a newline', () => {
    const text = serialize({ b: 1, a: { d: 2, c: 3 } }, 'json');
    expect(text).toBe('{\n  "b": 1,\n  "a": {\n    "d": 2,\n    "c": 3\n  }\n}\n');
    expect(serialize({ b: 1, a: '2026-07-28' }, 'yaml')).toBe('b: 1\na: "2026-07-28"\n');
  });

  it('gives equal canonical strings for a YAML and JSON rendering of one document', () => {
    const json = loadDocument(serialize(base, 'json'), { file: 'a.json' }).value;
    const yaml = loadDocument(serialize(base, 'yaml'), { file: 'a.yaml' }).value;
    expect(canonicalString(json)).toBe(canonicalString(yaml));
  });
});

const EXAMPLES = join(import.meta.dirname, '../../../shared/conformance/examples');
const noExamples = missing(EXAMPLES, 'test/model/model.test.ts "spec examples"');
describe.skipIf(noExamples)('spec examples', () => {
  const files = existsSync(EXAMPLES) ? readdirSync(EXAMPLES) : [];
  it.each(files)(
    '%s projects for each of its revisions without scopes on declarations, keeping info and tags',
    async (name) => {
      const doc = await loadSource(join(EXAMPLES, name));
      const value = doc.value as JsonObject;
      for (const version of rootVersions(value)) {
        const view = projectView(value, version);
        expect(view.protocolVersions).toEqual([version]);
        expect(view.info).toEqual(value.info);
        expect(view.tags).toEqual(value.tags);
        const text = JSON.stringify(view);
        for (const collection of [
          'transports',
          'capabilities',
          'tools',
          'resources',
          'resourceTemplates',
          'prompts',
        ]) {
          for (const item of (view[collection] as JsonObject[] | undefined) ?? []) {
            expect(item.protocolVersions).toBeUndefined();
            for (const e of (item.elicitations as JsonObject[] | undefined) ?? [])
              expect(e.protocolVersions).toBeUndefined();
          }
        }
        expect(text.length).toBeGreaterThan(0);
      }
    },
  );
});
