import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalForm } from '../../src/model/canonical.js';
import { serialize } from '../../src/model/serialize.js';
import { loadDocument } from '../../src/parse/index.js';
import { isJsonObject, type JsonObject } from '../../src/util/json.js';
import { description } from '../support/arbitraries.js';
import { diff, doc, extractSchemas, reorder } from './helpers.js';

/** Splits every unscoped primitive into identical one-revision variants. */
function splitVariants(input: JsonObject): JsonObject {
  const out = structuredClone(input);
  const root = (out.protocolVersions as string[]) ?? [];
  for (const collection of ['tools', 'prompts', 'resources', 'resourceTemplates']) {
    const items = out[collection];
    if (!Array.isArray(items)) continue;
    out[collection] = items.flatMap((item) =>
      isJsonObject(item) && item.protocolVersions === undefined && root.length > 1
        ? root.map((v) => ({ ...item, protocolVersions: [v] }))
        : [item],
    );
  }
  return out;
}

describe('diff properties (generated documents)', () => {
  it('diff(a, a) is empty', () => {
    fc.assert(
      fc.property(description, (a) => {
        expect(diff(a, a).changes).toEqual([]);
        expect(diff(a, structuredClone(a)).changes).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('diff(a, b) is empty when b only reorders maps, scoped collections, protocolVersions and security', () => {
    fc.assert(
      fc.property(description, (a) => {
        expect(diff(a, reorder(a)).changes).toEqual([]);
        expect(diff(reorder(a), a).changes).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it('diff(a, canonicalForm(a)) is empty (variants collapsed, redundant scopes dropped)', () => {
    fc.assert(
      fc.property(description, (a) => {
        expect(diff(a, canonicalForm(a) as JsonObject).changes).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('diff(a, b) is empty when b is the same document as YAML', () => {
    fc.assert(
      fc.property(description, (a) => {
        const yaml = loadDocument(serialize(a, 'yaml'), { file: 'a.yaml', format: 'yaml' });
        expect(diff(a, yaml.value).changes).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('extracting schemas into components, or inlining them, is no change', () => {
    fc.assert(
      fc.property(description, (a) => {
        const b = extractSchemas(a);
        expect(diff(a, b).changes).toEqual([]);
        expect(diff(b, a).changes).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('splitting declarations into identical scoped variants is no change', () => {
    fc.assert(
      fc.property(description, (a) => {
        expect(diff(a, splitVariants(a)).changes).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});

describe('diff semantics', () => {
  const tool = (extra: JsonObject = {}) => ({ name: 't', inputSchema: { type: 'object' }, ...extra });

  it('moving a revision between same-key variants whose views do not change is no change', () => {
    const root = ['2025-06-18', '2025-11-25', '2026-07-28'];
    const a = doc({
      protocolVersions: root,
      tools: [
        tool({ protocolVersions: ['2025-06-18'] }),
        tool({ protocolVersions: ['2025-11-25', '2026-07-28'], title: 'T' }),
      ],
    });
    const b = doc({
      protocolVersions: root,
      tools: [
        tool({ protocolVersions: ['2026-07-28', '2025-11-25'], title: 'T' }),
        tool({ protocolVersions: ['2025-06-18'] }),
      ],
    });
    expect(diff(a, b).changes).toEqual([]);
  });

  it('reports a change once, listing every revision it affects', () => {
    const root = ['2025-06-18', '2025-11-25'];
    const a = doc({ protocolVersions: root, tools: [tool({ description: 'old' })] });
    const b = doc({
      protocolVersions: root,
      tools: [
        tool({ protocolVersions: ['2025-06-18'], description: 'new' }),
        tool({ protocolVersions: ['2025-11-25'], description: 'new' }),
      ],
    });
    const changes = diff(a, b).changes;
    expect(changes).toHaveLength(1);
    expect(changes[0]?.ruleId).toBe('primitive-description-changed');
    expect(changes[0]?.revisions).toEqual(root);
  });

  it('a change in one revision only is reported for that revision', () => {
    const root = ['2025-06-18', '2025-11-25'];
    const a = doc({ protocolVersions: root, tools: [tool()] });
    const b = doc({
      protocolVersions: root,
      tools: [
        tool({ protocolVersions: ['2025-06-18'] }),
        tool({ protocolVersions: ['2025-11-25'], annotations: { readOnlyHint: true } }),
      ],
    });
    const changes = diff(a, b).changes;
    expect(changes.map((c) => [c.ruleId, c.revisions])).toEqual([
      ['annotation-read-only-granted', ['2025-11-25']],
    ]);
  });

  it('annotations compare by effective value: absent equals the default', () => {
    const a = doc({ tools: [tool()] });
    const b = doc({
      tools: [
        tool({
          annotations: {
            readOnlyHint: false,
            destructiveHint: true,
            idempotentHint: false,
            openWorldHint: true,
          },
        }),
      ],
    });
    expect(diff(a, b).changes).toEqual([]);
  });

  it('security omitted, [] and [{}] are three meanings', () => {
    const base = { securitySchemes: { k: { type: 'http', scheme: 'bearer' } }, tools: [tool()] };
    const omitted = doc(base);
    const none = doc({ ...base, security: [] });
    const anonymous = doc({ ...base, security: [{}] });
    expect(diff(omitted, none).changes.map((c) => c.ruleId)).toEqual(['security-declaration-changed']);
    expect(diff(none, anonymous).changes.map((c) => c.ruleId)).toEqual(['security-declaration-changed']);
    const required = doc({ ...base, security: [{ k: [] }] });
    expect(diff(anonymous, required).changes.map((c) => c.ruleId)).toEqual(['security-requirement-added']);
  });

  it('a primitive security override is judged per transport', () => {
    const common = {
      securitySchemes: { k: { type: 'http', scheme: 'bearer' } },
      transports: [
        { type: 'stdio', command: 'srv', security: [] },
        { type: 'streamable-http', url: 'https://x.example.com/mcp', security: [{ k: [] }] },
      ],
    };
    const a = doc({ ...common, tools: [tool()] });
    const b = doc({ ...common, tools: [tool({ security: [{ k: [] }] })] });
    const changes = diff(a, b).changes;
    expect(changes.map((c) => [c.ruleId, c.details?.transport])).toEqual([
      ['security-requirement-added', 'stdio:srv'],
    ]);
  });

  it('hints at a rename when a removed and an added tool share their input schema', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    const a = doc({ tools: [{ name: 'get_weather', inputSchema: schema }] });
    const b = doc({ tools: [{ name: 'weather_get', inputSchema: schema }] });
    const changes = diff(a, b).changes;
    const removal = changes.find((c) => c.ruleId === 'tool-removed');
    expect(removal?.level).toBe('breaking');
    expect(removal?.details?.renamedTo).toBe('weather_get');
    expect(removal?.message).toContain('looks renamed');
  });

  it('reports resource template variables when a template looks renamed', () => {
    const a = doc({ resourceTemplates: [{ uriTemplate: 'repo://{owner}/{repo}', name: 'repo' }] });
    const b = doc({ resourceTemplates: [{ uriTemplate: 'repo://{owner}/{repo}/{branch}', name: 'repo' }] });
    const removal = diff(a, b).changes.find((c) => c.ruleId === 'resource-template-removed');
    expect(removal?.details?.variablesAdded).toEqual(['branch']);
  });

  it('a change inside a shared component is located in the component', () => {
    const a = doc({
      components: { schemas: { In: { type: 'object', properties: { q: { type: 'string' } } } } },
      tools: [{ name: 't', inputSchema: { $componentRef: '#/components/schemas/In' } }],
    });
    const b = doc({
      components: {
        schemas: { In: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
      },
      tools: [{ name: 't', inputSchema: { $componentRef: '#/components/schemas/In' } }],
    });
    const change = diff(a, b).changes.find((c) => c.ruleId === 'input-schema-narrowed');
    expect(change?.after?.pointer.startsWith('/components/schemas/In')).toBe(true);
  });

  it('--protocol-version restricts the comparison to one revision', () => {
    const root = ['2025-06-18', '2025-11-25'];
    const a = doc({ protocolVersions: root, tools: [tool()] });
    const b = doc({
      protocolVersions: root,
      tools: [
        tool({ protocolVersions: ['2025-06-18'] }),
        tool({ protocolVersions: ['2025-11-25'], title: 'T' }),
      ],
    });
    expect(diff(a, b, { protocolVersion: '2025-06-18' }).changes).toEqual([]);
    expect(diff(a, b, { protocolVersion: '2025-11-25' }).changes).toHaveLength(1);
  });

  it('fingerprints ignore file names, line numbers and declaration order', () => {
    const a = doc({ tools: [tool(), { name: 'u', inputSchema: { type: 'object' } }] });
    const b = doc({ tools: [tool({ title: 'x' }), { name: 'u', inputSchema: { type: 'object' } }] });
    const b2 = doc({ tools: [{ name: 'u', inputSchema: { type: 'object' } }, tool({ title: 'x' })] });
    const f1 = diff(a, b).changes[0]?.fingerprint;
    const f2 = diff(a, b2).changes[0]?.fingerprint;
    expect(f1).toBeDefined();
    expect(f1).toBe(f2);
  });
});
