/** Minimal edits of a description's text (what the merge driver writes after a clean merge). */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { parse, stringify } from 'yaml';
import { editText } from '../../src/merge/text-edit.js';
import { MAX_LINE_EDITS, mergeLines, mergeTexts } from '../../src/merge/text-merge.js';

const YAML_SOURCE = `# Weather server
mcpdesc: 0.8.0
info:
  name: weather   # shown to users
  version: 1.0.0
protocolVersions: ['2025-06-18', '2025-11-25']
tools:
  # the forecast
  - name: forecast
    description: Forecast
    tags: [a, b]
    inputSchema: {type: object}
  - name: rate
    description: "Rate"
    inputSchema:
      type: object
`;

describe('editText (YAML)', () => {
  it('edits only what changed: scalars in their quoting, flow lists in flow, new members in the file’s style', () => {
    const target = parse(YAML_SOURCE);
    target.tools[0].description = 'Forecast for a city';
    target.tools[0].tags.push('c');
    target.tools[1].description = 'Rate it';
    target.tools.push({ name: 'new', inputSchema: { type: 'object' } });
    target.info.title = 'Weather';
    delete target.info.version;
    target.tools[0].protocolVersions = ['2025-11-25'];
    expect(editText(YAML_SOURCE, 'yaml', target)).toBe(`# Weather server
mcpdesc: 0.8.0
info:
  name: weather   # shown to users
  title: Weather
protocolVersions: ['2025-06-18', '2025-11-25']
tools:
  # the forecast
  - name: forecast
    description: Forecast for a city
    tags: [a, b, c]
    inputSchema: {type: object}
    protocolVersions: ['2025-11-25']
  - name: rate
    description: "Rate it"
    inputSchema:
      type: object
  - name: new
    inputSchema:
      type: object
`);
  });

  it('a string that reads as a YAML tag is quoted, and nothing is reported on the process', () => {
    const target = parse(YAML_SOURCE);
    target.tools[0].description = '!x marks the spot';
    target.tools[0].tags.push('!$');
    // The yaml package reports an unknown tag through process.emitWarning (stderr in the CLI).
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    try {
      const text = editText(YAML_SOURCE, 'yaml', target);
      expect(text).toContain("description: '!x marks the spot'");
      expect(text).toContain("tags: [a, b, '!$']");
      expect(warn).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
    }
  });

  it('a removed declaration takes its lines; the others keep their comments', () => {
    const target = parse(YAML_SOURCE);
    target.tools.splice(1, 1);
    expect(editText(YAML_SOURCE, 'yaml', target)).toBe(
      YAML_SOURCE.slice(0, YAML_SOURCE.indexOf('  - name: rate')),
    );
  });

  it('keeps CRLF line endings', () => {
    const source = YAML_SOURCE.replaceAll('\n', '\r\n');
    const target = parse(YAML_SOURCE);
    target.tools.push({ name: 'new', inputSchema: { type: 'object' } });
    expect(editText(source, 'yaml', target)).toBe(
      `${source}  - name: new\r\n    inputSchema:\r\n      type: object\r\n`,
    );
  });
});

describe('editText (JSON)', () => {
  it('keeps 4-space indentation and members it did not change', () => {
    const source = '{\n    "a": 1,\n    "tools": [\n        { "name": "x" }\n    ],\n    "z": [1, 2]\n}\n';
    const target = { a: 2, tools: [{ name: 'x' }], z: [1, 2] };
    expect(editText(source, 'json', target)).toBe(source.replace('"a": 1', '"a": 2'));
  });
});

/** Random edits of a description: the edited text always decodes to exactly the target. */
describe('editText (property)', () => {
  const tool = fc.record({
    name: fc.constantFrom('search', 'rate', 'list', 'get', 'put', 'ping'),
    description: fc.string({ maxLength: 12 }),
    tags: fc.option(
      fc.array(fc.constantFrom('a', 'b', 'c', '2025-11-25', 'yes', 'x: y', '#'), {
        minLength: 1,
        maxLength: 3,
      }),
      {
        nil: undefined,
      },
    ),
    inputSchema: fc.record({ type: fc.constant('object') }),
  });
  const docArb = fc.record({
    mcpdesc: fc.constant('0.8.0'),
    info: fc.record({
      name: fc.string({ minLength: 1, maxLength: 8 }),
      version: fc.constantFrom('1.0.0', '2.0'),
    }),
    tools: fc.uniqueArray(tool, { selector: (t) => t.name, minLength: 1, maxLength: 5 }),
  });
  const clean = (value: unknown) => JSON.parse(JSON.stringify(value));
  for (const [format, write] of [
    ['yaml', (v: unknown) => stringify(v, { lineWidth: 0 })],
    [
      'yaml (flow lists)',
      (v: unknown) =>
        stringify(v, { lineWidth: 0, collectionStyle: 'any', flowCollectionPadding: true }).replace(
          /^(\s*tags:)\n((?:\s*- .*\n)+)/gm,
          (_m, key: string, items: string) =>
            `${key} [${items
              .trim()
              .split(/\n\s*- /)
              .map((s) => s.replace(/^- /, ''))
              .join(', ')}]\n`,
        ),
    ],
    ['json', (v: unknown) => `${JSON.stringify(v, null, 4)}\n`],
  ] as const) {
    it(`${format}: any source edited towards any target decodes to the target`, () => {
      fc.assert(
        fc.property(docArb, docArb, (a, b) => {
          const source = write(clean(a));
          const target = clean(b);
          const kind = format === 'json' ? 'json' : 'yaml';
          const edited = editText(source, kind, target);
          expect(edited).toBeDefined();
          const decoded = kind === 'json' ? JSON.parse(edited as string) : parse(edited as string);
          expect(decoded).toEqual(target);
        }),
        { numRuns: 150 },
      );
    });
  }
});

describe('mergeTexts', () => {
  it('comment edits of both sides at different places survive; the same place edited differently does not merge', () => {
    const value = parse(YAML_SOURCE);
    const ours = YAML_SOURCE.replace('# Weather server', '# Weather server (data team)');
    const theirs = YAML_SOURCE.replace('# the forecast', '# the daily forecast');
    expect(mergeTexts('yaml', value, { text: ours }, { text: theirs }, { text: YAML_SOURCE })).toEqual({
      ok: true,
      text: ours.replace('# the forecast', '# the daily forecast'),
    });
    const clash = YAML_SOURCE.replace('# Weather server', '# Weather service');
    const result = mergeTexts('yaml', value, { text: ours }, { text: clash }, { text: YAML_SOURCE });
    expect(result).toMatchObject({
      ok: false,
      reason: 'overlap',
      conflicts: [{ ours: [1, 1], theirs: [1, 1] }],
    });
  });
});

describe('mergeLines on a side that rewrote more lines than the diff looks for', () => {
  // Every other line changed: twice the edits the diff looks for, between kept first and last lines.
  const base = Array.from({ length: 2 * MAX_LINE_EDITS + 2 }, (_, i) => `line ${i}\n`);
  const rewritten = base.map((line, i) =>
    i > 0 && i < base.length - 1 && i % 2 === 1 ? `new ${i}\n` : line,
  );
  it('still gives that side where the other kept the base', () => {
    const started = performance.now();
    expect(mergeLines(base, rewritten, base)).toEqual({ text: rewritten.join(''), conflicts: [] });
    expect(mergeLines(base, base, rewritten)).toEqual({ text: rewritten.join(''), conflicts: [] });
    // (Not a timed assertion: a bound that only a hang would cross. Unbounded, this took seconds.)
    expect(performance.now() - started).toBeLessThan(30_000);
  });
  it('keeps an edit of the other side outside the rewritten lines, and refuses one inside them', () => {
    const ours = [...rewritten];
    const outside = [...base];
    outside[0] = 'theirs first\n';
    expect(mergeLines(base, ours, outside)).toEqual({
      text: ['theirs first\n', ...rewritten.slice(1)].join(''),
      conflicts: [],
    });
    // A line ours kept, but inside the one coarse hunk: a conflict (finer hunks would have merged
    // it), never a line taken from the wrong side.
    const inside = [...base];
    inside[base.length - 4] = 'theirs inside\n';
    const merged = mergeLines(base, ours, inside);
    expect(merged.conflicts).toHaveLength(1);
    expect(merged.text).toBe(rewritten.join(''));
  });
});

describe('mergeLines (property)', () => {
  const line = fc.constantFrom<string>('a\n', 'b\n', 'c\n', '}\n', '  x: 1\n', '# note\n');
  const text = fc.array(line, { maxLength: 12 });
  it('one side unchanged gives the other; both sides equal gives that', () => {
    fc.assert(
      fc.property(text, text, (base, side) => {
        expect(mergeLines(base, side, base)).toEqual({ text: side.join(''), conflicts: [] });
        expect(mergeLines(base, base, side)).toEqual({ text: side.join(''), conflicts: [] });
        expect(mergeLines(base, side, side)).toEqual({ text: side.join(''), conflicts: [] });
      }),
    );
  });
  it('edits of different lines, far apart, both survive', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 6, maxLength: 12 }), line, line, (base, x, y) => {
        const ours = [...base];
        const theirs = [...base];
        ours[0] = `ours ${x}`;
        theirs[base.length - 1] = `theirs ${y}`;
        const expected = [...base];
        expected[0] = `ours ${x}`;
        expected[base.length - 1] = `theirs ${y}`;
        expect(mergeLines(base, ours, theirs)).toEqual({ text: expected.join(''), conflicts: [] });
      }),
    );
  });
});
