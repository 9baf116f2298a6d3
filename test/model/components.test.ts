import { describe, expect, it, vi } from 'vitest';
import { resolveComponentRefs } from '../../src/model/components.js';
import { deepClone, type JsonObject } from '../../src/util/json.js';

const doc = (extra: JsonObject): JsonObject => ({
  mcpdesc: '0.8.0',
  info: { name: 'c', version: '1' },
  protocolVersions: ['2026-07-28'],
  ...extra,
});

describe('resolveComponentRefs', () => {
  const input = doc({
    components: {
      schemas: {
        Input: { type: 'object', properties: { q: { type: 'string' } } },
        Alias: { $componentRef: '#/components/schemas/Input' },
      },
      toolExamples: { basic: { input: { q: 'x' }, result: { content: [] } } },
    },
    tools: [
      {
        name: 't',
        inputSchema: { $componentRef: '#/components/schemas/Alias' },
        examples: { basic: { $componentRef: '#/components/toolExamples/basic' } },
        elicitations: [
          {
            name: 'e',
            mode: 'form',
            message: 'm',
            requestedSchema: { $componentRef: '#/components/schemas/Input' },
          },
        ],
      },
    ],
  });

  it('substitutes every use site transitively and never mutates the input', () => {
    const before = deepClone(input);
    const r = resolveComponentRefs(input);
    expect(input).toEqual(before);
    expect(r.problems).toEqual([]);
    const tool = (r.resolved.tools as JsonObject[])[0] as JsonObject;
    expect(tool.inputSchema).toEqual({ type: 'object', properties: { q: { type: 'string' } } });
    expect((tool.examples as JsonObject).basic).toEqual({ input: { q: 'x' }, result: { content: [] } });
    expect(((r.resolved.components as JsonObject).schemas as JsonObject).Alias).toEqual(tool.inputSchema);
    expect(r.uses).toEqual(
      expect.arrayContaining([
        { usePointer: '/tools/0/inputSchema', componentPointer: '/components/schemas/Input' },
        { usePointer: '/tools/0/examples/basic', componentPointer: '/components/toolExamples/basic' },
        {
          usePointer: '/tools/0/elicitations/0/requestedSchema',
          componentPointer: '/components/schemas/Input',
        },
        { usePointer: '/components/schemas/Alias', componentPointer: '/components/schemas/Input' },
      ]),
    );
  });

  it('maps resolved pointers back into the component, and names the use site', () => {
    const r = resolveComponentRefs(input);
    expect(r.originOf('/tools/0/inputSchema/properties/q')).toBe('/components/schemas/Input/properties/q');
    expect(r.useSiteOf('/tools/0/inputSchema/properties/q')).toBe('/tools/0/inputSchema');
    expect(r.originOf('/tools/0/name')).toBe('/tools/0/name');
    expect(r.useSiteOf('/tools/0/name')).toBeUndefined();
  });

  it('maps pointers at every depth, with use sites at several depths', () => {
    const r = resolveComponentRefs(input);
    expect(r.originOf('/tools/0/examples/basic/input/q')).toBe('/components/toolExamples/basic/input/q');
    expect(r.originOf('/tools/0/elicitations/0/requestedSchema')).toBe('/components/schemas/Input');
    expect(r.useSiteOf('/tools/0/inputSchemaX')).toBeUndefined();
    expect(r.originOf('')).toBe('');
  });

  it('maps deep pointers looking up only prefixes as long as a use site (not every ancestor)', () => {
    const r = resolveComponentRefs(input);
    // 600 segments: cutting and hashing every ancestor (≈ 4 MB of work per call) made a diff of
    // thousands of changes this deep take minutes.
    const below = '/properties/level_xx'.repeat(600);
    const has = vi.spyOn(Map.prototype, 'has');
    try {
      expect(r.originOf(`/tools/0/inputSchema${below}`)).toBe(`/components/schemas/Input${below}`);
      expect(r.originOf(`/tools/0/other${below}`)).toBe(`/tools/0/other${below}`);
      // one lookup per distinct use-site length (four here), per call
      expect(has.mock.calls.length).toBeLessThanOrEqual(8);
    } finally {
      has.mockRestore();
    }
  });

  it('reports missing targets, wrong namespaces and cycles at the offending $componentRef', () => {
    const r = resolveComponentRefs(
      doc({
        components: {
          schemas: {
            A: { $componentRef: '#/components/schemas/B' },
            B: { $componentRef: '#/components/schemas/A' },
          },
          toolExamples: { e: { input: {}, result: { content: [] } } },
        },
        tools: [
          { name: 'm', inputSchema: { $componentRef: '#/components/schemas/Missing' } },
          { name: 'w', inputSchema: { $componentRef: '#/components/toolExamples/e' } },
          { name: 'c', inputSchema: { $componentRef: '#/components/schemas/A' } },
        ],
      }),
    );
    const codes = r.problems.map((p) => [p.code, p.pointer]);
    expect(codes).toContainEqual([
      'missing-component-reference-target',
      '/tools/0/inputSchema/$componentRef',
    ]);
    expect(codes).toContainEqual([
      'wrong-component-reference-namespace',
      '/tools/1/inputSchema/$componentRef',
    ]);
    expect(codes.filter(([c]) => c === 'component-reference-cycle')).toHaveLength(1);
    // Unresolvable uses stay Reference Objects.
    expect(((r.resolved.tools as JsonObject[])[2] as JsonObject).inputSchema).toEqual({
      $componentRef: '#/components/schemas/A',
    });
  });

  it('treats __proto__ as data', () => {
    const input2 = JSON.parse(
      '{"mcpdesc":"0.8.0","info":{"name":"a","version":"1"},"protocolVersions":["2026-07-28"],"components":{"schemas":{"__proto__":{"type":"object"}}},"tools":[{"name":"t","inputSchema":{"$componentRef":"#/components/schemas/__proto__"}}]}',
    ) as JsonObject;
    const r = resolveComponentRefs(input2);
    expect(r.problems).toEqual([]);
    expect(((r.resolved.tools as JsonObject[])[0] as JsonObject).inputSchema).toEqual({ type: 'object' });
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });

  it('returns the input itself when there is nothing to substitute', () => {
    const plain = doc({ tools: [{ name: 't', inputSchema: { type: 'object' } }] });
    expect(resolveComponentRefs(plain).resolved).toBe(plain);
  });
});

describe('alias chains', () => {
  it('resolves a 10,000-link chain of schema aliases once, in linear time, without recursion', async () => {
    const { aliasChainDocument } = await import('../../scripts/hostile-inputs.mjs');
    const doc = JSON.parse(aliasChainDocument(10_000));
    const result = resolveComponentRefs(doc);
    expect(result.problems).toEqual([]);
    // every alias and the tool's use site lead to the last component
    expect(result.uses).toHaveLength(10_001);
    expect(new Set(result.uses.map((use) => use.componentPointer))).toEqual(
      new Set(['/components/schemas/s10000']),
    );
    expect((result.resolved.tools as { inputSchema: unknown }[])[0]?.inputSchema).toEqual({
      type: 'object',
      properties: { q: { type: 'string' } },
    });
  });

  it('reports a long cycle once, with its first and last members', () => {
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 5000; i++)
      schemas[`s${i}`] = { $componentRef: `#/components/schemas/s${(i + 1) % 5000}` };
    const result = resolveComponentRefs({ components: { schemas } } as never);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]?.code).toBe('component-reference-cycle');
    expect(result.problems[0]?.message).toContain('… 4989 more …');
  });
});
