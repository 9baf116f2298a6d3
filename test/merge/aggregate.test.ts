import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergeAggregate, roundTrips } from '../../src/merge/aggregate.js';
import type { Conflict } from '../../src/merge/conflicts.js';
import type { MergeInput } from '../../src/merge/support.js';
import { semanticallyEquivalent } from '../../src/model/canonical.js';
import { projectView } from '../../src/model/project.js';
import { serialize } from '../../src/model/serialize.js';
import { formatConflictsText } from '../../src/report/conflicts.js';
import { validateDocument } from '../../src/validate/index.js';
import { FIXTURES, fixture, load } from './helpers.js';

const A = readFileSync(join(FIXTURES, 'search-a.yaml'), 'utf8');
const merge = (inputs: MergeInput[], renameComponents = false) =>
  mergeAggregate(inputs, { validate: validateDocument, renameComponents });
const refused = (inputs: MergeInput[], renameComponents = false): Conflict[] => {
  const result = merge(inputs, renameComponents);
  if (result.ok) throw new Error(`merge should have been refused:\n${serialize(result.document, 'yaml')}`);
  return result.conflicts;
};
const brief = (conflicts: Conflict[]) =>
  conflicts.map((c) => ({
    code: c.code,
    at: c.locations.map((l) => `${l.file}:${l.line}:${l.column} ${l.pointer}`),
  }));

/** search-a.yaml edited: `edit` pairs of (from, to) applied to its text. */
const variant = (file: string, ...edits: [string, string][]) => {
  let text = A;
  for (const [from, to] of edits) {
    if (!text.includes(from)) throw new Error(`fixture has no ${from}`);
    text = text.replace(from, to);
  }
  return load(text, file);
};

describe('aggregate merge: refusals name every conflict with positions in every input', () => {
  it('the text report lists at most `max` conflicts, then one line for the rest', () => {
    const one = {
      code: 'concurrent-edit' as const,
      message: 'x',
      locations: [{ file: 'a.yaml', pointer: '/x', line: 1, column: 1 }],
    };
    const text = formatConflictsText(
      Array.from({ length: 53 }, () => one),
      {
        max: 50,
        fullList: '--report-format json lists every one',
      },
    );
    expect(text.match(/^conflict /gm)).toHaveLength(50);
    expect(text.endsWith('\n… and 3 conflicts more (--report-format json lists every one)\n')).toBe(true);
    expect(formatConflictsText([one, one], { max: 2 })).not.toContain('more');
  });

  it('conflicting unscoped metadata and non-equivalent same-revision views (YAML + JSON positions)', () => {
    const conflicts = refused([fixture('search-a.yaml'), fixture('search-b.json')]);
    expect(brief(conflicts)).toEqual([
      {
        code: 'unscoped-metadata-conflict',
        at: ['search-a.yaml:4:3 /info/version', 'search-b.json:5:5 /info/version'],
      },
      {
        code: 'unscoped-metadata-conflict',
        at: ['search-a.yaml:1:1 /instructions', 'search-b.json:8:3 /instructions'],
      },
      {
        code: 'revision-view-conflict',
        at: ['search-a.yaml:9:5 /tools/0/description', 'search-b.json:12:7 /tools/0/description'],
      },
      {
        code: 'client-requirements-conflict',
        at: [
          'search-a.yaml:13:5 /tools/0/clientRequirements',
          'search-b.json:10:5 /tools/0/clientRequirements',
        ],
      },
      {
        code: 'meta-conflict',
        at: ['search-a.yaml:16:5 /tools/0/_meta', 'search-b.json:10:5 /tools/0/_meta'],
      },
      {
        code: 'extension-conflict',
        at: ['search-a.yaml:18:5 /tools/0/x-owner', 'search-b.json:10:5 /tools/0/x-owner'],
      },
      {
        code: 'example-map-conflict',
        at: ['search-a.yaml:20:7 /tools/0/examples/basic', 'search-b.json:10:5 /tools/0/examples/basic'],
      },
      {
        code: 'example-map-conflict',
        at: [
          'search-a.yaml:27:7 /tools/0/interactionExamples/pick',
          'search-b.json:10:5 /tools/0/interactionExamples/pick',
        ],
      },
    ]);
    expect(conflicts[0]?.values).toEqual([
      { present: true, value: '1.0.0' },
      { present: true, value: '1.1.0' },
    ]);
    expect(conflicts[2]?.subject).toEqual({ kind: 'tool', key: 'search', revisions: ['2025-11-25'] });
    expect(
      formatConflictsText(conflicts.slice(0, 1), { title: 'mcpdesc merge: 8 conflicts, nothing written' }),
    ).toBe(`mcpdesc merge: 8 conflicts, nothing written

conflict unscoped-metadata-conflict  unscoped /info/version differs between inputs
  search-a.yaml:4:3  /info/version  "1.0.0"
  search-b.json:5:5  /info/version  "1.1.0"
`);
  });

  it('unequal same-name interaction scenarios are refused, never concatenated or picked', () => {
    const b = variant('b.yaml', ['uri: file:///games', 'uri: file:///archive']);
    const conflicts = refused([fixture('search-a.yaml'), b]);
    expect(brief(conflicts)).toEqual([
      {
        code: 'interaction-scenario-conflict',
        at: [
          'search-a.yaml:27:7 /tools/0/interactionExamples/pick',
          'b.yaml:27:7 /tools/0/interactionExamples/pick',
        ],
      },
    ]);
    expect(conflicts[0]?.message).toBe(
      'MCP 2025-11-25: tool "search" has unequal interaction scenarios named "pick" (steps are never concatenated and no side is picked)',
    );
  });

  it('example maps over overlapping scope are never merged', () => {
    const b = variant('b.yaml', ['      basic:\n', '      other:\n']);
    expect(brief(refused([fixture('search-a.yaml'), b]))).toEqual([
      {
        code: 'example-map-conflict',
        at: ['search-a.yaml:20:7 /tools/0/examples/basic', 'b.yaml:20:7 /tools/0/examples/basic'],
      },
      {
        code: 'example-map-conflict',
        at: ['search-a.yaml:20:7 /tools/0/examples/other', 'b.yaml:20:7 /tools/0/examples/other'],
      },
    ]);
  });

  it('materially different clientRequirements, _meta and x-* over overlapping scope', () => {
    const b = variant(
      'b.yaml',
      ['listChanged: true', 'listChanged: false'],
      ['example.com/k: a', 'example.com/k: b'],
      ['x-owner: team-a', 'x-owner: team-b'],
    );
    const conflicts = refused([fixture('search-a.yaml'), b]);
    expect(conflicts.map((c) => [c.code, c.message])).toEqual([
      ['client-requirements-conflict', 'MCP 2025-11-25: tool "search" differs in clientRequirements'],
      ['meta-conflict', 'MCP 2025-11-25: tool "search" differs in _meta'],
      ['extension-conflict', 'MCP 2025-11-25: tool "search" differs in x-owner'],
    ]);
    expect(conflicts[2]?.values).toEqual([
      { present: true, value: 'team-a' },
      { present: true, value: 'team-b' },
    ]);
  });

  it('a conflict seen in several revisions is reported once, listing them', () => {
    const two = (file: string, description: string) =>
      load(
        `mcpdesc: 0.8.0\ninfo: {name: s, version: '1'}\nprotocolVersions: ['2025-11-25', '2026-07-28']\ntools:\n  - name: t\n    description: ${description}\n    inputSchema: {type: object}\n`,
        file,
      );
    const conflicts = refused([two('a.yaml', 'one'), two('b.yaml', 'two')]);
    expect(conflicts.map((c) => c.message)).toEqual([
      'MCP 2025-11-25, 2026-07-28: tool "t" differs in description',
    ]);
    expect(conflicts[0]?.subject?.revisions).toEqual(['2025-11-25', '2026-07-28']);
  });

  it('a declaration only one view of a revision has', () => {
    const b = load(
      "mcpdesc: 0.8.0\ninfo:\n  name: chess\n  version: 1.0.0\nprotocolVersions:\n  - '2025-11-25'\n",
      'b.yaml',
    );
    const conflicts = refused([fixture('search-a.yaml'), b]);
    expect(conflicts.map((c) => c.message)).toEqual([
      'MCP 2025-11-25: tool "search" is described by search-a.yaml but not by b.yaml',
    ]);
    expect(brief(conflicts)[0]?.at).toEqual(['search-a.yaml:8:5 /tools/0', 'b.yaml:6:5 /protocolVersions/0']);
  });

  const componentDoc = (file: string, version: string, type: string) =>
    load(
      `mcpdesc: 0.8.0
info: {name: s, version: '1'}
protocolVersions: ['${version}']
components:
  schemas:
    Input:
      type: object
      properties:
        q: {type: ${type}}
tools:
  - name: t
    inputSchema:
      $componentRef: '#/components/schemas/Input'
`,
      file,
    );

  it('component name collisions with different values are refused...', () => {
    const conflicts = refused([
      componentDoc('a.yaml', '2025-11-25', 'string'),
      componentDoc('b.yaml', '2026-07-28', 'integer'),
    ]);
    expect(brief(conflicts)).toEqual([
      {
        code: 'component-collision',
        at: ['a.yaml:6:5 /components/schemas/Input', 'b.yaml:6:5 /components/schemas/Input'],
      },
    ]);
  });

  it('...or, with --rename-components, renamed deterministically with every reference rewritten', () => {
    const inputs = [
      componentDoc('a.yaml', '2025-11-25', 'string'),
      componentDoc('b.yaml', '2026-07-28', 'integer'),
    ];
    const result = merge(inputs, true);
    if (!result.ok) throw new Error(JSON.stringify(result.conflicts));
    expect(result.renames).toEqual([{ input: 'b.yaml', namespace: 'schemas', from: 'Input', to: 'Input.2' }]);
    expect(Object.keys((result.document.components as { schemas: object }).schemas)).toEqual([
      'Input',
      'Input.2',
    ]);
    expect(result.document.tools).toEqual([
      {
        name: 't',
        protocolVersions: ['2025-11-25'],
        inputSchema: { $componentRef: '#/components/schemas/Input' },
      },
      {
        name: 't',
        protocolVersions: ['2026-07-28'],
        inputSchema: { $componentRef: '#/components/schemas/Input.2' },
      },
    ]);
    expect(
      roundTrips(
        inputs.map((i) => i.value),
        result.document,
      ),
    ).toBe(true);
    expect(validateDocument({ value: result.document, file: 'out' }).valid).toBe(true);
  });

  it('equal components are deduplicated', () => {
    const result = merge([
      componentDoc('a.yaml', '2025-11-25', 'string'),
      componentDoc('b.yaml', '2026-07-28', 'string'),
    ]);
    expect(result.ok && result.document).toMatchObject({
      tools: [{ name: 't', inputSchema: { $componentRef: '#/components/schemas/Input' } }],
      components: { schemas: { Input: { type: 'object' } } },
    });
  });

  it('a result that would fail validation: transport coverage', () => {
    const a = load(
      "mcpdesc: 0.8.0\ninfo: {name: s, version: '1'}\nprotocolVersions: ['2025-11-25']\ntransports:\n  - type: stdio\n    command: s\n",
      'a.yaml',
    );
    const b = load(
      "mcpdesc: 0.8.0\ninfo: {name: s, version: '1'}\nprotocolVersions: ['2026-07-28']\n",
      'b.yaml',
    );
    const conflicts = refused([a, b]);
    expect(conflicts.map((c) => [c.code, c.message])).toEqual([
      [
        'invalid-result',
        'the merged document would be invalid: [transport-coverage-gap] merged transports cover 2025-11-25 but not 2026-07-28 (b.yaml declares no transports)',
      ],
    ]);
    expect(brief(conflicts)[0]?.at).toEqual(['a.yaml:4:1 /transports', 'b.yaml:3:20 /protocolVersions/0']);
  });

  it('an invalid input is refused with the validator finding', () => {
    const bad = load(
      "mcpdesc: 0.8.0\ninfo: {name: s, version: '1'}\nprotocolVersions: ['2025-11-25']\ntools: []\n",
      'bad.yaml',
    );
    const conflicts = refused([fixture('search-a.yaml'), bad]);
    expect(conflicts.length).toBeGreaterThan(0);
    expect(conflicts.every((c) => c.code === 'invalid-input' && c.locations[0]?.file === 'bad.yaml')).toBe(
      true,
    );
  });
});

describe('aggregate merge: results', () => {
  it('keeps the first input order, puts later additions after, and is deterministic', () => {
    const a = load(
      "mcpdesc: 0.8.0\ninfo: {name: s, version: '1'}\nprotocolVersions: ['2026-07-28']\ntools:\n  - name: zeta\n    inputSchema: {type: object}\n  - name: alpha\n    inputSchema: {type: object}\n",
      'a.yaml',
    );
    const b = load(
      "protocolVersions: ['2025-11-25']\ninfo: {version: '1', name: s}\nmcpdesc: 0.8.0\ntools:\n  - name: beta\n    inputSchema: {type: object}\n  - name: zeta\n    inputSchema: {type: object}\n",
      'b.yaml',
    );
    const first = merge([a, b]);
    const second = merge([a, b]);
    if (!first.ok || !second.ok) throw new Error('merge failed');
    const text = serialize(first.document, 'yaml');
    expect(serialize(second.document, 'yaml')).toBe(text);
    expect(text).toBe(`mcpdesc: 0.8.0
info:
  name: s
  version: "1"
protocolVersions:
  - "2026-07-28"
  - "2025-11-25"
tools:
  - name: zeta
    inputSchema:
      type: object
  - name: alpha
    protocolVersions:
      - "2026-07-28"
    inputSchema:
      type: object
  - name: beta
    protocolVersions:
      - "2025-11-25"
    inputSchema:
      type: object
`);
  });

  it('copies the inputs into the result unless asked to share them', () => {
    const a = fixture('search-b.json');
    const b = { file: 'v.json', value: projectView(a.value, '2026-07-28') };
    const before = JSON.stringify(a.value);
    const copied = mergeAggregate([a, b], { validate: validateDocument });
    const shared = mergeAggregate([a, b], { validate: validateDocument, share: true });
    if (!copied.ok || !shared.ok) throw new Error('merge failed');
    expect(serialize(shared.document, 'json')).toBe(serialize(copied.document, 'json'));
    const inputTools = (a.value as { tools: object[] }).tools;
    const tools = (document: object) => (document as { tools: { inputSchema: object }[] }).tools;
    expect(
      tools(shared.document).some((tool) =>
        inputTools.some((t) => Object.values(t).includes(tool.inputSchema)),
      ),
    ).toBe(true);
    // Editing a copied result leaves the inputs alone.
    for (const tool of tools(copied.document)) (tool.inputSchema as Record<string, unknown>).edited = true;
    expect(JSON.stringify(a.value)).toBe(before);
  });

  it('merging a document with itself or with its own projections gives it back', () => {
    const doc = fixture('search-b.json');
    for (const inputs of [
      [doc, doc],
      [doc, { file: 'v.json', value: projectView(doc.value, '2026-07-28') }],
    ]) {
      const result = merge(inputs);
      if (!result.ok) throw new Error(JSON.stringify(result.conflicts));
      expect(semanticallyEquivalent(result.document, doc.value)).toBe(true);
    }
  });
});
