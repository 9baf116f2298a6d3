/** Property tests (fast-check): the round-trip invariant, idempotence and determinism of merge. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeAggregate, roundTrips } from '../../src/merge/aggregate.js';
import { equivalentModuloComponents } from '../../src/merge/support.js';
import { semanticallyEquivalent } from '../../src/model/canonical.js';
import { projectView } from '../../src/model/project.js';
import { serialize } from '../../src/model/serialize.js';
import { PROTOCOL_VERSIONS } from '../../src/model/versions.js';
import type { JsonObject, JsonValue } from '../../src/util/json.js';
import { deepFreeze } from '../support/freeze.js';

const versionsArb = fc.subarray([...PROTOCOL_VERSIONS], { minLength: 1 });
const security = fc.constantFrom<JsonValue[] | undefined>(undefined, [], [{}]);

/** A description: same-key primitives get disjoint scopes, transports cover the root. */
const documentArb = (info = { name: 's', version: '1' }) =>
  versionsArb.chain((root) => {
    const scope = fc.option(fc.subarray(root, { minLength: 1 }), { nil: undefined });
    const primitive = fc.record({
      name: fc.constantFrom('a', 'b', 'c'),
      description: fc.option(fc.constantFrom('one', 'two'), { nil: undefined }),
      scope,
      security,
      example: fc.boolean(),
    });
    const transport = fc.record({ command: fc.constantFrom('x', 'y'), scope });
    return fc
      .record({
        tools: fc.array(primitive, { maxLength: 6 }),
        prompts: fc.array(primitive, { maxLength: 3 }),
        transports: fc.option(fc.array(transport, { minLength: 1, maxLength: 3 }), { nil: undefined }),
        capabilities: fc.option(fc.array(fc.record({ listChanged: fc.boolean(), scope }), { maxLength: 3 }), {
          nil: undefined,
        }),
      })
      .map(({ tools, prompts, transports, capabilities }) => {
        const doc: JsonObject = { mcpdesc: '0.8.0', info, protocolVersions: root };
        const disjoint = <T extends { name: string; scope: string[] | undefined }>(items: T[]) => {
          const used = new Map<string, Set<string>>();
          return items.filter((item) => {
            const effective = item.scope ?? root;
            const taken = used.get(item.name) ?? new Set();
            if (effective.some((v) => taken.has(v))) return false;
            for (const v of effective) taken.add(v);
            used.set(item.name, taken);
            return true;
          });
        };
        const build = (p: (typeof tools)[number], tool: boolean): JsonObject => ({
          name: p.name,
          ...(p.scope ? { protocolVersions: p.scope } : {}),
          ...(p.description ? { description: p.description } : {}),
          ...(tool ? { inputSchema: { type: 'object' } } : {}),
          ...(p.security ? { security: p.security } : {}),
          ...(p.example && tool ? { examples: { e: { input: {}, result: { content: [] } } } } : {}),
        });
        const t = disjoint(tools).map((p) => build(p, true));
        const p = disjoint(prompts).map((q) => build(q, false));
        if (t.length > 0) doc.tools = t;
        if (p.length > 0) doc.prompts = p;
        if (transports) {
          const list: JsonObject[] = transports.map((x) => ({
            type: 'stdio',
            command: x.command,
            ...(x.scope ? { protocolVersions: x.scope } : {}),
          }));
          const covered = new Set(transports.flatMap((x) => x.scope ?? root));
          const missing = root.filter((v) => !covered.has(v));
          if (missing.length > 0) list.push({ type: 'stdio', command: 'z', protocolVersions: missing });
          doc.transports = list;
        }
        if (capabilities) {
          const used = new Set<string>();
          const list = capabilities
            .filter((c) => {
              const effective = c.scope ?? root;
              if (effective.some((v) => used.has(v))) return false;
              for (const v of effective) used.add(v);
              return true;
            })
            .map((c) => ({
              ...(c.scope ? { protocolVersions: c.scope } : {}),
              tools: { listChanged: c.listChanged },
            }));
          if (list.length > 0) doc.capabilities = list;
        }
        return doc;
      });
  });

const merged = (docs: JsonValue[]) => {
  const result = mergeAggregate(docs.map((value, i) => ({ file: `in${i}`, value })));
  if (!result.ok) throw new Error(JSON.stringify(result.conflicts, null, 2));
  return result.document;
};

describe('merge properties', () => {
  it('merging every single-revision view gives back an equivalent document', () => {
    fc.assert(
      fc.property(documentArb(), (doc) => {
        const views = (doc.protocolVersions as string[]).map((v) => projectView(doc, v));
        const result = merged(views);
        expect(semanticallyEquivalent(result, doc)).toBe(true);
        expect(roundTrips(views, result)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('idempotence: a document merged with itself or one of its views is itself', () => {
    fc.assert(
      fc.property(documentArb(), fc.nat(), (doc, pick) => {
        const versions = doc.protocolVersions as string[];
        const view = projectView(doc, versions[pick % versions.length] as string);
        expect(semanticallyEquivalent(merged([doc, doc]), doc)).toBe(true);
        expect(semanticallyEquivalent(merged([doc, view]), doc)).toBe(true);
        expect(semanticallyEquivalent(merged([view, doc]), doc)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('never modifies its inputs, also when it renames colliding components', () => {
    const withComponent = (doc: JsonObject, description: string): JsonObject => ({
      ...doc,
      components: { inputSchemas: { shared: { type: 'object', description } } },
    });
    fc.assert(
      fc.property(documentArb(), documentArb(), fc.boolean(), (a, b, rename) => {
        const inputs = [
          { file: 'a', value: withComponent(a, 'one') },
          { file: 'b', value: withComponent(b, 'two') },
        ];
        const expected = JSON.stringify(
          mergeAggregate(structuredClone(inputs), { renameComponents: rename }),
        );
        const frozen = deepFreeze(structuredClone(inputs));
        expect(JSON.stringify(mergeAggregate(frozen, { renameComponents: rename }))).toBe(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('two documents: either a merge that round-trips every input view, or conflicts; same bytes every time', () => {
    fc.assert(
      fc.property(documentArb(), documentArb(), (a, b) => {
        const inputs = [
          { file: 'a', value: a },
          { file: 'b', value: b },
        ];
        const first = mergeAggregate(inputs);
        const second = mergeAggregate(inputs);
        expect(JSON.stringify(second)).toBe(JSON.stringify(first));
        if (first.ok) {
          expect(roundTrips([a, b], first.document)).toBe(true);
          expect(serialize(first.document, 'yaml')).toBe(
            serialize((second as typeof first).document, 'yaml'),
          );
        } else {
          expect(first.conflicts.length).toBeGreaterThan(0);
          for (const c of first.conflicts)
            expect(['revision-view-conflict', 'invalid-result', 'example-map-conflict']).toContain(c.code);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('equivalence modulo components (the round-trip check)', () => {
  // Its fast path (equal declarations under equal identities) must never say yes where the canonical
  // forms say no, and must not change a no into a yes.
  const variantOf = (doc: JsonObject, how: number): JsonObject => {
    const copy = structuredClone(doc);
    const tools = Array.isArray(copy.tools) ? (copy.tools as JsonObject[]) : [];
    if (how === 1) tools.reverse();
    if (how === 2 && tools[0]) tools[0].description = `${String(tools[0].description ?? '')}!`;
    if (how === 3 && tools[0]) tools[0].security = [{ b: [] }, { a: [] }];
    if (how === 4 && tools.length > 1)
      (tools[1] as JsonObject).name = (tools[0] as JsonObject).name as string;
    if (how === 5) copy.protocolVersions = [...(copy.protocolVersions as string[])].reverse();
    return copy;
  };
  it('agrees with canonical equivalence on views of generated documents and their variants', () => {
    fc.assert(
      fc.property(documentArb(), fc.integer({ min: 0, max: 5 }), (a, how) => {
        const b = variantOf(a, how);
        expect(equivalentModuloComponents(a, b)).toBe(semanticallyEquivalent(a, b));
        for (const version of a.protocolVersions as string[]) {
          const left = projectView(a, version);
          const right = projectView(b, version);
          expect(equivalentModuloComponents(left, right)).toBe(semanticallyEquivalent(left, right));
        }
      }),
      { numRuns: 300 },
    );
  });
});
