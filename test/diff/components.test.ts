import { describe, expect, it } from 'vitest';
import { parseIgnoreFile } from '../../src/diff/ignore.js';
import type { Change } from '../../src/diff/types.js';
import { buildChangesJson } from '../../src/report/changes-json.js';
import { formatChangesMarkdown } from '../../src/report/changes-markdown.js';
import { formatChangesText } from '../../src/report/changes-text.js';
import type { JsonObject } from '../../src/util/json.js';
import { diff, doc } from './helpers.js';

const REVISIONS = ['2025-06-18', '2025-11-25'];
const ref = { $componentRef: '#/components/schemas/In' };

/** `tools` reach the `In` component; `only` (when given) limits a tool to one revision. */
function shared(schema: JsonObject, tools: string[], only: Record<string, string[]> = {}): JsonObject {
  return doc({
    protocolVersions: REVISIONS,
    components: { schemas: { In: schema } },
    tools: tools.map((name) => ({
      name,
      inputSchema: ref,
      ...(only[name] ? { protocolVersions: only[name] } : {}),
    })),
  });
}

const before = { type: 'object', properties: { q: { type: 'string' } } };
const required = { ...before, required: ['q'] };
const optional = { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } } };

function line(c: Change): string {
  const affected = c.affected?.map((a) => `${a.kind}:${a.key}`).join(',') ?? '-';
  return `${c.level}|${c.ruleId}|${c.subject.kind}:${c.subject.key}|${c.via ?? '-'}|${affected}|${c.after?.pointer ?? '-'}|${c.message}`;
}

interface Row {
  name: string;
  old: JsonObject;
  new: JsonObject;
  expected: { api: string[]; 'json-schema': string[] };
}

const ROWS: Row[] = [
  {
    name: 'a property made required in a component three tools use: one change',
    old: shared(before, ['a', 'b', 'c']),
    new: shared(required, ['a', 'b', 'c']),
    expected: {
      api: [
        'breaking|input-schema-narrowed|component:schemas/In|#/components/schemas/In|tool:a,tool:b,tool:c|/components/schemas/In/required/0|inputSchema at /required/0: property "q" became required',
      ],
      'json-schema': [
        'breaking|input-schema-narrowed|component:schemas/In|#/components/schemas/In|tool:a,tool:b,tool:c|/components/schemas/In/required/0|inputSchema at /required/0: property "q" became required',
      ],
    },
  },
  {
    name: 'an optional property added to a shared component: the level follows the semantics',
    old: shared(before, ['a', 'b']),
    new: shared(optional, ['a', 'b']),
    expected: {
      api: [
        'info|input-schema-property-added|component:schemas/In|#/components/schemas/In|tool:a,tool:b|/components/schemas/In/properties/limit|inputSchema at /properties/limit: property "limit" added to an open object (type-constraint-added)',
      ],
      'json-schema': [
        'breaking|input-schema-narrowed|component:schemas/In|#/components/schemas/In|tool:a,tool:b|/components/schemas/In/properties/limit|inputSchema at /properties/limit: property "limit" added to an open object (type-constraint-added)',
      ],
    },
  },
  {
    name: 'a component one tool uses stays that tool’s change',
    old: shared(before, ['a']),
    new: shared(required, ['a']),
    expected: {
      api: [
        'breaking|input-schema-narrowed|tool:a|-|-|/components/schemas/In/required/0|inputSchema at /required/0: property "q" became required',
      ],
      'json-schema': [
        'breaking|input-schema-narrowed|tool:a|-|-|/components/schemas/In/required/0|inputSchema at /required/0: property "q" became required',
      ],
    },
  },
];

describe('shared components: one change via the component', () => {
  for (const semantics of ['api', 'json-schema'] as const) {
    it.each(ROWS.map((r) => [`${semantics}: ${r.name}`, r] as const))('%s', (_name, r) => {
      const result = diff(r.old, r.new, { schemaSemantics: semantics });
      expect(result.changes.map(line)).toEqual(r.expected[semantics]);
    });
  }

  it('lists each tool with its revisions when they differ', () => {
    const only = { b: ['2025-11-25'] };
    const [change] = diff(shared(before, ['a', 'b'], only), shared(required, ['a', 'b'], only)).changes;
    expect(change?.revisions).toEqual(REVISIONS);
    expect(change?.affected?.map((a) => [a.key, a.revisions])).toEqual([
      ['a', REVISIONS],
      ['b', ['2025-11-25']],
    ]);
  });

  it('renders "via component" and the tools in text, Markdown and JSON', () => {
    const result = diff(shared(before, ['a', 'b', 'c']), shared(required, ['a', 'b', 'c']));
    const via = 'via component schemas/In: tool a, tool b, tool c';
    const text = formatChangesText(result, { color: false });
    expect(text).toContain('component schemas/In');
    expect(text).toContain(via);
    // Markdown escapes the colon, as it does every `:` (a scheme could follow)
    expect(formatChangesMarkdown(result, { oldName: 'old', newName: 'new' })).toContain(
      'via component schemas/In\\: tool a, tool b, tool c',
    );
    const json = buildChangesJson(result) as { changes: Record<string, unknown>[] };
    expect(json.changes[0]?.via).toBe('#/components/schemas/In');
    expect((json.changes[0]?.affected as { key: string }[] | undefined)?.map((a) => a.key)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('escapes tool names in Markdown', () => {
    const result = diff(shared(before, ['a*b', 'c']), shared(required, ['a*b', 'c']));
    expect(formatChangesMarkdown(result, { oldName: 'old', newName: 'new' })).toContain('tool a\\*b');
  });
});

describe('ignore files and shared-component changes', () => {
  const old = shared(before, ['a', 'b', 'c']);
  const changed = shared(required, ['a', 'b', 'c']);
  const perTool = diff(old, changed).changes[0]?.affected ?? [];
  type IgnoreRow = [name: string, file: string, kept: string[] | 'ignored'];
  const rows: IgnoreRow[] = [
    [
      'the component as subject',
      'ignore:\n  - rule: input-schema-narrowed\n    subject: component:schemas/In\n',
      'ignored',
    ],
    [
      'one tool named: it leaves the list',
      'ignore:\n  - rule: input-schema-narrowed\n    subject: tool:b\n',
      ['a', 'c'],
    ],
    [
      'every tool named: the change is ignored',
      'ignore:\n  - {rule: input-schema-narrowed, subject: "tool:a"}\n  - {rule: input-schema-narrowed, subject: "tool:b"}\n  - {rule: input-schema-narrowed, subject: "tool:c"}\n',
      'ignored',
    ],
    ['a tool’s own fingerprint', `ignore:\n  - fingerprint: ${perTool[0]?.fingerprint}\n`, ['b', 'c']],
  ];
  it.each(rows)('%s', (_name, file, kept) => {
    const result = diff(old, changed, { ignore: parseIgnoreFile(file) });
    if (kept === 'ignored') {
      expect(result.changes).toEqual([]);
      expect(result.summary.ignored).toBe(1);
    } else {
      expect(result.changes[0]?.affected?.map((a) => a.key)).toEqual(kept);
      expect(result.notes.filter((n) => n.kind === 'ignore-unused')).toEqual([]);
    }
  });
});
