import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gitConfigEntries, updateExclude, updateGitattributes } from '../../src/merge/git-setup.js';
import { mergedOrder, mergeThreeWay } from '../../src/merge/three-way.js';
import { validateDocument } from '../../src/validate/index.js';
import { load } from './helpers.js';

const BASE = `mcpdesc: 0.8.0
info:
  name: chess
  version: 1.0.0
protocolVersions:
  - '2025-11-25'
tools:
  - name: search
    description: Search games
    inputSchema:
      type: object
  - name: rate
    description: Rate a player
    inputSchema:
      type: object
`;
const edit = (...edits: [string, string][]) =>
  edits.reduce((text, [from, to]) => text.replace(from, to), BASE);
const three = (ours: string, theirs: string, base: string | null = BASE) =>
  mergeThreeWay(
    {
      ...(base === null ? {} : { base: load(base, 'd.yaml (base)') }),
      ours: load(ours, 'd.yaml (ours)'),
      theirs: load(theirs, 'd.yaml (theirs)'),
    },
    { validate: validateDocument },
  );

describe('three-way merge by the spec’s units', () => {
  const doc = (tool: string, root = "['2025-06-18', '2025-11-25']", extra = '') => `mcpdesc: 0.8.0
info:
  name: chess
  version: 1.0.0
protocolVersions: ${root}
${extra}tools:
  - name: search
    description: Search games
    inputSchema:
      type: object
${tool}`;
  const codes = (result: ReturnType<typeof three>) =>
    result.conflicts.map((c) => [c.code, c.locations[0]?.pointer]);

  const cases: { name: string; base: string; ours: string; theirs: string; conflicts: [string, string][] }[] =
    [
      {
        name: 'root revisions changed differently on both sides',
        base: doc(''),
        ours: doc('', "['2025-06-18', '2025-11-25', '2026-07-28']"),
        theirs: doc('', "['2025-11-25']"),
        conflicts: [['concurrent-edit', '/protocolVersions']],
      },
      {
        name: 'root revisions reordered on one side, extended on the other',
        base: doc(''),
        ours: doc('', "['2025-11-25', '2025-06-18']"),
        theirs: doc('', "['2025-06-18', '2025-11-25', '2026-07-28']"),
        conflicts: [],
      },
      {
        name: 'an elicitation scope spelled out as its tool’s scope is no change',
        base: doc(`    elicitations:
      - name: confirm
        mode: form
        message: Confirm
        requestedSchema: { type: object, properties: {} }
`),
        ours: doc(`    protocolVersions: ['2025-11-25']
    elicitations:
      - name: confirm
        mode: form
        message: Confirm
        requestedSchema: { type: object, properties: {} }
`),
        theirs: doc(`    elicitations:
      - name: confirm
        mode: form
        message: Confirm
        requestedSchema: { type: object, properties: {} }
        protocolVersions: ['2025-06-18', '2025-11-25']
`),
        conflicts: [],
      },
      {
        name: 'a property called protocolVersions in a schema merges as schema members',
        base: doc('').replace(
          'type: object\n',
          'type: object\n      properties:\n        protocolVersions: { type: array }\n',
        ),
        ours: doc('').replace(
          'type: object\n',
          'type: object\n      properties:\n        protocolVersions: { type: array, minItems: 1 }\n',
        ),
        theirs: doc('').replace(
          'type: object\n',
          'type: object\n      properties:\n        protocolVersions: { type: array, description: Revisions }\n',
        ),
        conflicts: [],
      },
      {
        name: 'one _meta member changed differently',
        base: doc('    _meta:\n      com.example/ui: { width: 1 }\n'),
        ours: doc('    _meta:\n      com.example/ui: { width: 2 }\n'),
        theirs: doc('    _meta:\n      com.example/ui: { width: 1, height: 3 }\n'),
        conflicts: [['concurrent-edit', '/tools/1/_meta/com.example~1ui']],
      },
      {
        name: 'different _meta members changed',
        base: doc('    _meta:\n      com.example/a: 1\n      com.example/b: 1\n'),
        ours: doc('    _meta:\n      com.example/a: 2\n      com.example/b: 1\n'),
        theirs: doc('    _meta:\n      com.example/a: 1\n      com.example/b: 2\n'),
        conflicts: [],
      },
      {
        name: 'an x-* value changed in different members',
        base: doc('    x-ui: { width: 1, height: 1 }\n'),
        ours: doc('    x-ui: { width: 2, height: 1 }\n'),
        theirs: doc('    x-ui: { width: 1, height: 2 }\n'),
        conflicts: [['concurrent-edit', '/tools/1/x-ui']],
      },
      {
        name: 'a security scheme whose type one side changed',
        base: doc('', undefined, 'securitySchemes:\n  key:\n    type: http\n    scheme: bearer\n'),
        ours: doc(
          '',
          undefined,
          'securitySchemes:\n  key:\n    type: apiKey\n    in: header\n    name: X-Key\n',
        ),
        theirs: doc(
          '',
          undefined,
          'securitySchemes:\n  key:\n    type: http\n    scheme: bearer\n    description: Token\n',
        ),
        conflicts: [['concurrent-edit', '/securitySchemes/key']],
      },
      {
        name: 'a component example changed in different members',
        base: doc(
          '',
          undefined,
          'components:\n  toolExamples:\n    one: { input: { q: a }, result: { content: [] } }\n',
        ),
        ours: doc(
          '',
          undefined,
          'components:\n  toolExamples:\n    one: { input: { q: b }, result: { content: [] } }\n',
        ),
        theirs: doc(
          '',
          undefined,
          'components:\n  toolExamples:\n    one: { input: { q: a }, result: { content: [{ type: text, text: A }] } }\n',
        ),
        conflicts: [['concurrent-edit', '/components/toolExamples/one']],
      },
    ];
  const rate = '  - name: rate\n    description: Rate\n    inputSchema:\n      type: object\n';
  for (const c of cases) {
    it(c.name, () => {
      const withRate = (text: string) => text.replace('tools:\n', `tools:\n${rate}`);
      const result = three(withRate(c.ours), withRate(c.theirs), withRate(c.base));
      expect(codes(result)).toEqual(c.conflicts);
    });
  }
});

describe('three-way merge', () => {
  it('edits on different declarations merge cleanly', () => {
    const result = three(
      edit(['Search games', 'Search all games']),
      edit(['Rate a player', 'Rate one player']),
    );
    expect(result.conflicts).toEqual([]);
    expect(result.clean).toBe(true);
    expect(result.merged).toMatchObject({
      tools: [
        { name: 'search', description: 'Search all games' },
        { name: 'rate', description: 'Rate one player' },
      ],
    });
  });

  it('declarations are matched by identity, not position', () => {
    // Ours reorders the tools; theirs edits the second one.
    const ours = `mcpdesc: 0.8.0
info:
  name: chess
  version: 1.0.0
protocolVersions:
  - '2025-11-25'
tools:
  - name: rate
    description: Rate a player
    inputSchema:
      type: object
  - name: search
    description: Search games
    inputSchema:
      type: object
`;
    const result = three(ours, edit(['Search games', 'Search everything']));
    expect(result.clean).toBe(true);
    expect(result.merged).toMatchObject({
      tools: [{ name: 'rate' }, { name: 'search', description: 'Search everything' }],
    });
  });

  it('different fields of one declaration, additions on both sides, revision sets', () => {
    const ours = edit(
      ['Search games', 'Search all games'],
      ["  - '2025-11-25'\n", "  - '2025-11-25'\n  - '2026-07-28'\n"],
    );
    const theirs = `${edit([
      '    inputSchema:\n      type: object\n  - name: rate',
      '    inputSchema:\n      type: object\n      additionalProperties: false\n  - name: rate',
    ])}  - name: new\n    inputSchema:\n      type: object\n`;
    const result = three(ours, theirs);
    expect(result.conflicts).toEqual([]);
    expect(result.merged).toMatchObject({
      protocolVersions: ['2025-11-25', '2026-07-28'],
      tools: [
        {
          name: 'search',
          description: 'Search all games',
          inputSchema: { type: 'object', additionalProperties: false },
        },
        { name: 'rate' },
        { name: 'new' },
      ],
    });
    expect(result.warnings).toEqual([
      'tool "new" was added by theirs without protocolVersions and now also claims 2026-07-28: ours changed the root protocolVersions; give it protocolVersions if it describes only 2025-11-25',
    ]);
  });

  it('the same field changed differently is a conflict: ours kept there, both values and positions reported', () => {
    const result = three(edit(['Search games', 'Find games']), edit(['Search games', 'Look up games']));
    expect(result.clean).toBe(false);
    expect(result.conflicts).toEqual([
      {
        code: 'concurrent-edit',
        message: '/tools/0/description (tool "search"): both sides changed it differently',
        subject: { kind: 'tool', key: 'search' },
        locations: [
          { file: 'd.yaml (base)', pointer: '/tools/0/description', line: 9, column: 5 },
          { file: 'd.yaml (ours)', pointer: '/tools/0/description', line: 9, column: 5 },
          { file: 'd.yaml (theirs)', pointer: '/tools/0/description', line: 9, column: 5 },
        ],
        values: [
          { present: true, value: 'Search games' },
          { present: true, value: 'Find games' },
          { present: true, value: 'Look up games' },
        ],
      },
    ]);
    expect(result.merged).toMatchObject({ tools: [{ description: 'Find games' }, { name: 'rate' }] });
  });

  it('modify/delete and add/add conflicts', () => {
    const deleted = BASE.replace(/ {2}- name: rate[\s\S]*$/, '');
    const modifyDelete = three(deleted, edit(['Rate a player', 'Rate anyone']));
    expect(modifyDelete.conflicts.map((c) => [c.code, c.message])).toEqual([
      ['modify-delete', '/tools/1 (tool "rate"): ours deleted what theirs changed'],
    ]);
    const addAdd = three(
      `${BASE}  - name: new\n    description: one\n    inputSchema:\n      type: object\n`,
      `${BASE}  - name: new\n    description: two\n    inputSchema:\n      type: object\n`,
    );
    expect(addAdd.conflicts.map((c) => [c.code, c.message])).toEqual([
      ['add-add', '/tools/2/description (tool "new"): both sides added different values'],
    ]);
  });

  it('a clean merge that would be invalid is a conflict', () => {
    // Ours adds a revision the unscoped transport covers; theirs splits the transport between the
    // revisions the root had (scoping it to a part of the root is a change of meaning).
    const base = BASE.replace("  - '2025-11-25'\n", "  - '2025-06-18'\n  - '2025-11-25'\n").replace(
      'tools:\n',
      'transports:\n  - type: stdio\n    command: chess\ntools:\n',
    );
    const ours = base.replace("  - '2025-11-25'\n", "  - '2025-11-25'\n  - '2026-07-28'\n");
    const theirs = base.replace(
      '    command: chess\n',
      "    command: chess\n    protocolVersions: ['2025-11-25']\n  - type: stdio\n    command: chess-legacy\n    protocolVersions: ['2025-06-18']\n",
    );
    const result = three(ours, theirs, base);
    expect(result.clean).toBe(false);
    expect(result.conflicts.map((c) => [c.code, c.message])).toEqual([
      [
        'invalid-result',
        'the merged document would be invalid: [transport-coverage-gap] no transport applies to 2026-07-28',
      ],
    ]);
    expect(result.conflicts[0]?.locations.map((l) => `${l.file}:${l.line}:${l.column}`)).toEqual([
      'd.yaml (ours):9:1',
      'd.yaml (theirs):8:1',
    ]);
  });

  it('without a base (both added the file): equal parts merge, differing parts conflict', () => {
    const result = three(edit(['Search games', 'A']), edit(['Rate a player', 'B']), null);
    expect(result.conflicts.map((c) => c.code)).toEqual(['add-add', 'add-add']);
  });
});

describe('git-setup (pure parts)', () => {
  it('adds the attribute lines once', () => {
    const first = updateGitattributes('*.png binary', ['*.mcpdesc.yaml']);
    expect(first).toEqual({
      content: '*.png binary\n*.mcpdesc.yaml merge=mcpdesc\n',
      added: ['*.mcpdesc.yaml merge=mcpdesc'],
    });
    expect(updateGitattributes(first.content, ['*.mcpdesc.yaml'])).toEqual({
      content: first.content,
      added: [],
    });
    expect(updateExclude('').content).toBe('*.mcpdesc-conflict.json\n');
    expect(updateExclude('*.mcpdesc-conflict.json\n').added).toEqual([]);
  });

  it('config entries', () => {
    expect(gitConfigEntries('node cli.js')).toEqual([
      ['merge.mcpdesc.name', 'mcpdesc: three-way merge of MCP Description documents'],
      ['merge.mcpdesc.driver', 'node cli.js merge-driver %O %A %B %P'],
    ]);
  });
});

describe('mergedOrder', () => {
  /** The order as first written: list searches and splices, quadratic on long lists. */
  function referenceOrder(ours: string[], theirs: string[], base: string[]): string[] {
    const order = [...ours];
    let previous: string | undefined;
    for (const id of theirs) {
      if (!order.includes(id)) order.splice(previous === undefined ? 0 : order.indexOf(previous) + 1, 0, id);
      previous = id;
    }
    for (const id of base) if (!order.includes(id)) order.push(id);
    return order;
  }
  const ids = fc.uniqueArray(fc.constantFrom(...'abcdefghijklmnop'), { maxLength: 12 });

  it('keeps ours, places what only theirs has after its predecessor there, then what only base has (property)', () => {
    fc.assert(
      fc.property(ids, ids, ids, (ours, theirs, base) => {
        expect(mergedOrder(ours, theirs, base)).toEqual(referenceOrder(ours, theirs, base));
      }),
      { numRuns: 2000, seed: 20261202 },
    );
  });

  it('orders 100,000 members (the reference is quadratic)', () => {
    const ours = Array.from({ length: 100_000 }, (_, i) => `o${i}`);
    const theirs = Array.from({ length: 100_000 }, (_, i) => (i % 2 === 0 ? `o${i}` : `t${i}`));
    const order = mergedOrder(ours, theirs, ['b']);
    expect(order).toHaveLength(150_001);
    expect(order.slice(0, 4)).toEqual(['o0', 't1', 'o1', 'o2']);
    expect(order.at(-1)).toBe('b');
  });
});

describe('three-way merge: integers beyond ±2^53', () => {
  const doc = (maximum: string) => `${BASE}    x-limit: ${maximum}\n`;
  const withText = (text: string, file: string) => ({ ...load(text, file), text });
  it('refuses two different literals even where they decode to one double', () => {
    const result = mergeThreeWay({
      base: withText(doc('1'), 'd.yaml (base)'),
      ours: withText(doc('9007199254740993'), 'd.yaml (ours)'),
      theirs: withText(doc('9007199254740992'), 'd.yaml (theirs)'),
    });
    expect(result.conflicts.map((c) => [c.code, c.message])).toEqual([
      [
        'integer-precision-conflict',
        '/tools/1/x-limit: both sides hold integers beyond ±2^53 that differ (9007199254740993 and 9007199254740992); they read as 9007199254740992 and 9007199254740992',
      ],
    ]);
  });
  it('without the texts, compares the decoded values', () => {
    const result = three(doc('9007199254740993'), doc('9007199254740993'), doc('1'));
    expect(result.conflicts).toEqual([]);
  });
});
