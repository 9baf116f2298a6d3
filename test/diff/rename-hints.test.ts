import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { get, q, same } from '../../src/diff/checks/context.js';
import { type RenameSide, renameHints } from '../../src/diff/checks/rename-hints.js';
import { templateVariables } from '../../src/diff/checks/uri-template.js';
import { IDENTITY_FIELD, type PrimitiveKind } from '../../src/model/identity.js';
import { isJsonObject, type JsonObject, sortedJson } from '../../src/util/json.js';
import { diff, doc } from './helpers.js';

const COLLECTION = {
  tool: 'tools',
  prompt: 'prompts',
  resource: 'resources',
  resourceTemplate: 'resourceTemplates',
} as const;

/**
 * The definition, written the obvious quadratic way: score every pair, take pairs from the best
 * score down, skip a pair when a still-open pair of the same score shares a side.
 */
function referenceHints(
  removed: RenameSide[],
  added: RenameSide[],
): Map<RenameSide, { other: RenameSide; why: string }> {
  const names = (d: JsonObject, kind: PrimitiveKind): string[] => {
    if (kind === 'tool') {
      const props = get(d.inputSchema, 'properties');
      return isJsonObject(props) ? Object.keys(props) : [];
    }
    return Array.isArray(d.arguments)
      ? d.arguments.map((x) => get(x, 'name')).filter((x): x is string => typeof x === 'string')
      : [];
  };
  const jaccard = (a: string[], b: string[]) => {
    const sa = new Set(a);
    const sb = new Set(b);
    if (sa.size === 0 && sb.size === 0) return 0;
    const inter = [...sa].filter((x) => sb.has(x)).length;
    return inter / (sa.size + sb.size - inter);
  };
  const score = (o: JsonObject, n: JsonObject, kind: PrimitiveKind) => {
    const strip = (d: JsonObject) => {
      const { protocolVersions: _s, [IDENTITY_FIELD[COLLECTION[kind]]]: _k, ...rest } = d;
      return sortedJson(rest);
    };
    if (strip(o) === strip(n)) return { score: 1, why: 'identical declaration' };
    if (kind === 'tool' || kind === 'prompt') {
      const field = kind === 'tool' ? 'inputSchema' : 'arguments';
      const what = kind === 'tool' ? 'input schema' : 'arguments';
      const a = names(o, kind);
      const b = names(n, kind);
      if (a.length > 0 && sortedJson(o[field] ?? null) === sortedJson(n[field] ?? null))
        return { score: 0.95, why: `same ${what}` };
      const j = jaccard(a, b);
      if (new Set(a).size >= 2 && j >= 0.8) return { score: 0.5 + j / 4, why: `near-equal ${what}` };
      return undefined;
    }
    if (typeof o.name === 'string' && o.name === n.name) return { score: 0.9, why: `same name ${q(o.name)}` };
    if (kind === 'resourceTemplate') {
      const a = templateVariables(String(o.uriTemplate));
      const b = templateVariables(String(n.uriTemplate));
      if (a.length > 0 && jaccard(a, b) === 1 && same(o.mimeType, n.mimeType))
        return { score: 0.6, why: 'same variables' };
    }
    return undefined;
  };
  const hints = new Map<RenameSide, { other: RenameSide; why: string }>();
  const candidates: { r: RenameSide; a: RenameSide; score: number; why: string }[] = [];
  for (const r of removed)
    for (const a of added) {
      if (r.match.kind !== a.match.kind) continue;
      const s = score(r.decl.value, a.decl.value, r.match.kind);
      if (s) candidates.push({ r, a, ...s });
    }
  candidates.sort((x, y) => y.score - x.score);
  for (const c of candidates) {
    if (hints.has(c.r) || hints.has(c.a)) continue;
    const rivals = candidates.filter(
      (d) =>
        d !== c && d.score === c.score && (d.r === c.r || d.a === c.a) && !hints.has(d.r) && !hints.has(d.a),
    );
    if (rivals.length > 0) continue;
    hints.set(c.r, { other: c.a, why: c.why });
    hints.set(c.a, { other: c.r, why: c.why });
  }
  return hints;
}

function side(kind: PrimitiveKind, value: JsonObject): RenameSide {
  const collection = COLLECTION[kind];
  return { match: { kind, collection, key: String(value[IDENTITY_FIELD[collection]]) }, decl: { value } };
}

const word = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j');
const nameList = fc.array(word, { maxLength: 10 });

const toolValue = fc.record({
  description: fc.constantFrom('x', 'y'),
  props: fc.uniqueArray(word, { maxLength: 10 }),
  type: fc.constantFrom('string', 'number'),
});
const promptValue = fc.record({ description: fc.constantFrom('x', 'y'), args: nameList });
const resourceValue = fc.record({
  name: fc.option(fc.constantFrom('r', 's'), { nil: undefined }),
  mime: fc.constantFrom('a/b', 'c/d'),
});
const templateValue = fc.record({
  name: fc.option(fc.constantFrom('r', 's'), { nil: undefined }),
  vars: fc.uniqueArray(word, { maxLength: 3 }),
  mime: fc.option(fc.constantFrom('a/b', 'c/d'), { nil: undefined }),
});

const declaration = fc.oneof(
  toolValue.map((t) => ({
    kind: 'tool' as const,
    value: {
      description: t.description,
      inputSchema: {
        type: 'object',
        properties: Object.fromEntries(t.props.map((p) => [p, { type: t.type }])),
      },
    } as JsonObject,
  })),
  promptValue.map((p) => ({
    kind: 'prompt' as const,
    value: { description: p.description, arguments: p.args.map((name) => ({ name })) } as JsonObject,
  })),
  resourceValue.map((r) => ({
    kind: 'resource' as const,
    value: { ...(r.name === undefined ? {} : { name: r.name }), mimeType: r.mime } as JsonObject,
  })),
  templateValue.map((t) => ({
    kind: 'resourceTemplate' as const,
    value: {
      ...(t.name === undefined ? {} : { name: t.name }),
      ...(t.mime === undefined ? {} : { mimeType: t.mime }),
      uriTemplate: `x://${t.vars.map((v) => `{${v}}`).join('/')}`,
    } as JsonObject,
  })),
);

function named(list: { kind: PrimitiveKind; value: JsonObject }[], prefix: string): RenameSide[] {
  return list.map(({ kind, value }, i) => {
    const field = IDENTITY_FIELD[COLLECTION[kind]];
    const key = kind === 'resourceTemplate' ? `${String(value.uriTemplate)}/${prefix}${i}` : `${prefix}${i}`;
    return side(kind, { ...value, [field]: key });
  });
}

function summary(hints: Map<RenameSide, { other: RenameSide; why: string }>, removed: RenameSide[]) {
  return removed.flatMap((r) => {
    const hint = hints.get(r);
    return hint ? [[r.match.key, hint.other.match.key, hint.why]] : [];
  });
}

describe('rename hints', () => {
  it('match the quadratic definition on generated removals and additions', () => {
    fc.assert(
      fc.property(
        fc.array(declaration, { maxLength: 12 }),
        fc.array(declaration, { maxLength: 12 }),
        (r, a) => {
          const removed = named(r, 'old');
          const added = named(a, 'new');
          const fast = renameHints(removed, added);
          const reference = referenceHints(removed, added);
          expect(summary(fast, removed)).toEqual(summary(reference, removed));
          expect(fast.size).toBe(reference.size);
        },
      ),
      { numRuns: 1500 },
    );
  });

  const tool = (name: string, props: string[], extra: JsonObject = {}) =>
    side('tool', {
      name,
      inputSchema: {
        type: 'object',
        properties: Object.fromEntries(props.map((p) => [p, { type: 'string' }])),
      },
      ...extra,
    });

  it.each([
    {
      title: 'identical declarations pair up',
      removed: [tool('a', ['x'])],
      added: [tool('b', ['x'])],
      expected: [['a', 'b', 'identical declaration']],
    },
    {
      title: 'the same input schema with another description',
      removed: [tool('a', ['x'], { description: 'one' })],
      added: [tool('b', ['x'], { description: 'two' })],
      expected: [['a', 'b', 'same input schema']],
    },
    {
      title: 'eight of ten property names shared',
      removed: [tool('a', ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9'])],
      added: [tool('b', ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'q9'])],
      expected: [['a', 'b', 'near-equal input schema']],
    },
    {
      title: 'seven of nine names shared is not enough',
      removed: [tool('a', ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'])],
      added: [tool('b', ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'q8'])],
      expected: [],
    },
    {
      title: 'two equally good partners: no guess',
      removed: [tool('a', ['x'])],
      added: [tool('b', ['x']), tool('c', ['x'])],
      expected: [],
    },
    {
      title: 'a better partner wins over an ambiguous worse one',
      removed: [tool('a', ['x'], { description: 'd' }), tool('z', ['x'])],
      added: [tool('b', ['x'], { description: 'd' })],
      expected: [['a', 'b', 'identical declaration']],
    },
    {
      title: 'no shared input properties: no hint',
      removed: [tool('a', [])],
      added: [tool('b', ['x'], { description: 'other' })],
      expected: [],
    },
  ])('$title', ({ removed, added, expected }) => {
    expect(summary(renameHints(removed, added), removed)).toEqual(expected);
  });

  it('pairs 20,000 renamed tools in a document-sized diff', () => {
    const tools = (prefix: string) =>
      Array.from({ length: 20_000 }, (_, i) => ({
        name: `${prefix}${i}`,
        description: `Tool ${i}`,
        inputSchema: {
          type: 'object',
          properties: { [`p${i}`]: { type: 'string' }, q: { type: 'integer' } },
        },
      }));
    const changes = diff(doc({ tools: tools('old_') }), doc({ tools: tools('new_') })).changes;
    const removals = changes.filter((c) => c.ruleId === 'tool-removed');
    expect(removals).toHaveLength(20_000);
    expect(removals.every((c) => c.details?.renamedTo === `new_${c.subject.key.slice(4)}`)).toBe(true);
  });

  it('does not guess among 20,000 identical tools, and stays linear', () => {
    const tools = (prefix: string) =>
      Array.from({ length: 20_000 }, (_, i) => ({ name: `${prefix}${i}`, inputSchema: { type: 'object' } }));
    const changes = diff(doc({ tools: tools('old_') }), doc({ tools: tools('new_') })).changes;
    expect(changes.filter((c) => c.ruleId === 'tool-removed')).toHaveLength(20_000);
    expect(changes.some((c) => c.details?.renamedTo !== undefined)).toBe(false);
  });

  it('drops near-equal hints, and only those, rather than run a join built to be quadratic', () => {
    const shared = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];
    const genuine = [
      tool('old_genuine', ['g1', 'g2', 'g3', 'g4', 'g5', 'g6', 'g7', 'g8', 'g9']),
      tool('new_genuine', ['g1', 'g2', 'g3', 'g4', 'g5', 'g6', 'g7', 'g8', 'h9']),
    ] as const;
    const identical = [
      tool('old_same', ['only'], { title: 'T' }),
      tool('new_same', ['only'], { title: 'T' }),
    ] as const;
    expect(summary(renameHints([genuine[0]], [genuine[1]]), [genuine[0]])).toEqual([
      ['old_genuine', 'new_genuine', 'near-equal input schema'],
    ]);
    // Every generated pair has J = 8/10 and shares a rare-first prefix name: 9,000,000 pairs.
    const removed = [
      ...Array.from({ length: 3_000 }, (_, i) => tool(`old_${i}`, [...shared, `u${i}`])),
      genuine[0],
      identical[0],
    ];
    const added = [
      ...Array.from({ length: 3_000 }, (_, i) => tool(`new_${i}`, [...shared, `v${i}`])),
      genuine[1],
      identical[1],
    ];
    const limited: string[] = [];
    expect(
      summary(
        renameHints(removed, added, (kind) => limited.push(kind)),
        removed,
      ),
    ).toEqual([['old_same', 'new_same', 'identical declaration']]);
    expect(limited).toEqual(['tool']);
    const unlimited: string[] = [];
    renameHints([genuine[0]], [genuine[1]], (kind) => unlimited.push(kind));
    expect(unlimited).toEqual([]);
  });

  it('a diff whose near-equal hints were dropped says so in a note', () => {
    const shared = ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8'];
    const tools = (prefix: string) =>
      Array.from({ length: 2_500 }, (_, i) => ({
        name: `${prefix}${i}`,
        inputSchema: {
          type: 'object',
          properties: Object.fromEntries([...shared, `${prefix}p${i}`].map((p) => [p, { type: 'string' }])),
        },
      }));
    const result = diff(doc({ tools: tools('old_') }), doc({ tools: tools('new_') }));
    expect(result.notes.map((n) => n.kind)).toEqual(['rename-hints-limited']);
    expect(result.notes[0]?.message).toContain('near-equal input schemas');
    expect(
      diff(doc({ tools: tools('old_').slice(0, 10) }), doc({ tools: tools('new_').slice(0, 10) })).notes,
    ).toEqual([]);
  });
});
