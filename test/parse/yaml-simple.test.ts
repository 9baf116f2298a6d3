import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify as stringifyYaml } from 'yaml';
import { resolveLimits } from '../../src/parse/limits.js';
import type { PointerEntry } from '../../src/parse/source-map.js';
import { parseYaml } from '../../src/parse/yaml.js';
import { readSimpleYaml } from '../../src/parse/yaml-simple.js';

const limits = resolveLimits({});

type Outcome = { value: unknown; positions: Map<string, string> } | { error: string };

/** What a reader makes of `text`: the value and every listed pointer's positions, or the error. */
function outcome(text: string, reader: 'auto' | 'package', pointers: Iterable<string>): Outcome {
  let parsed: ReturnType<typeof parseYaml>;
  try {
    parsed = parseYaml(text, 'x.yaml', limits, undefined, reader);
  } catch (error) {
    return { error: (error as Error).message };
  }
  const positions = new Map<string, string>();
  for (const pointer of pointers) {
    const at = parsed.sourceMap.locate(pointer);
    const key = parsed.sourceMap.locateKey(pointer);
    positions.set(
      pointer,
      `${at.line}:${at.column} ${key.line}:${key.column} ${parsed.sourceMap.has(pointer)}`,
    );
  }
  return { value: parsed.value, positions };
}

/**
 * When the simple reader accepts `text`, the yaml package must read it the same: same value, same
 * position of every value and key (and of a pointer that is not there). True when it was accepted.
 */
function agreesWithPackage(text: string): boolean {
  const table = new Map<string, PointerEntry>();
  const simple = readSimpleYaml(text, limits, table);
  if (simple === undefined) return false;
  const pointers = [...table.keys(), '/no/such/pointer'];
  const viaPackage = outcome(text, 'package', pointers);
  expect(viaPackage, text).not.toHaveProperty('error');
  expect(outcome(text, 'auto', pointers), text).toEqual(viaPackage);
  expect(simple.value, text).toEqual((viaPackage as { value: unknown }).value);
  return true;
}

describe('readSimpleYaml: what it reads, it reads as the yaml package does', () => {
  const accepted: [string, string, unknown][] = [
    ['nested mappings', 'a:\n  b:\n    c: 1\n  d: x\ne: true\n', { a: { b: { c: 1 }, d: 'x' }, e: true }],
    ['a sequence at its key’s indentation', 'a:\n- 1\n- two\nb: null\n', { a: [1, 'two'], b: null }],
    ['a sequence indented under its key', 'a:\n  - 1\n  - 2\n', { a: [1, 2] }],
    [
      'mappings inside sequence items',
      'tools:\n  - name: a\n    inputSchema:\n      type: object\n  - name: b\n',
      { tools: [{ name: 'a', inputSchema: { type: 'object' } }, { name: 'b' }] },
    ],
    ['a sequence value inside an item’s mapping', '- a:\n  - x\n  b: 1\n', [{ a: ['x'], b: 1 }]],
    ['a nested block under an item', '-\n  a: 1\n- x\n', [{ a: 1 }, 'x']],
    ['sequences inside sequence items', '- - a\n  - - b\n    - c\n- d\n', [['a', ['b', 'c']], 'd']],
    [
      'flow collections',
      'a: { options: { min: 20 }, list: [Tool, "b c", \'d\'] }\nb: []\nc: {}\n',
      { a: { options: { min: 20 }, list: ['Tool', 'b c', 'd'] }, b: [], c: {} },
    ],
    [
      'quoted keys and values with JSON escapes',
      '"mcpdesc": "0.8.0"\n"a b": "x\\"y\\\\z\\u00e9\\n\\/"\n\'it\'\'s\': \'a \'\' b\'\n"": empty\n',
      { mcpdesc: '0.8.0', 'a b': 'x"y\\zé\n/', "it's": "a ' b", '': 'empty' },
    ],
    [
      'JSON-schema scalars; everything else a string',
      'a: 12\nb: -0.5e3\nc: 1.\nd: 0x1F\ne: .5\nf: +1\ng: ~\nh: True\ni: yes\nj: -x\nk: 007\nl: 1_000\n',
      {
        a: 12,
        b: -500,
        c: 1,
        d: '0x1F',
        e: '.5',
        f: '+1',
        g: '~',
        h: 'True',
        i: 'yes',
        j: '-x',
        k: '007',
        l: '1_000',
      },
    ],
    [
      'plain values with colons, hashes, brackets and quotes inside',
      'url: http://x.test/a#b\nexpr: a, [b] {c}\nsay: it\'s "so"\nratio: 1:2\n',
      { url: 'http://x.test/a#b', expr: 'a, [b] {c}', say: 'it\'s "so"', ratio: '1:2' },
    ],
    [
      'comments and blank lines anywhere',
      '# head\na: 1 # one\n\n   # indented comment\nb: # nested below\n  c: "x" # after quote\nd: [1, 2] # after flow\n',
      { a: 1, b: { c: 'x' }, d: [1, 2] },
    ],
    ['Windows line ends', 'a:\r\n  b: c\r\n  d:\r\n    - 1\r\n', { a: { b: 'c', d: [1] } }],
    [
      'keys with dashes, dots, slashes and digits',
      'x-a.b/c: 1\n2025-06-18: d\n',
      { 'x-a.b/c': 1, '2025-06-18': 'd' },
    ],
    ['a root sequence', '- a\n- b: 1\n', ['a', { b: 1 }]],
    ['trailing blanks after values and keys', 'a: x   \nb:   \n  c: 1\n', { a: 'x', b: { c: 1 } }],
  ];
  it.each(accepted)('%s', (_name, text, value) => {
    expect(readSimpleYaml(text, limits)?.value).toEqual(value);
    expect(agreesWithPackage(text)).toBe(true);
  });

  it('keeps `__proto__` an ordinary key', () => {
    const read = readSimpleYaml('__proto__:\n  polluted: 1\n', limits);
    expect(Object.hasOwn(read?.value as object, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('counts values and entries as the package reading does', () => {
    // the mapping, 2 entries, a scalar, the sequence, 2 items
    expect(readSimpleYaml('a: 1\nb:\n  - x\n  - y\n', limits)?.nodes).toBe(7);
  });
});

describe('readSimpleYaml: everything else is left to the yaml package', () => {
  const declined: [string, string][] = [
    ['a tab', 'a:\n\tb: 1\n'],
    ['an anchor and an alias', 'a: &x 1\nb: *x\n'],
    ['a tag', 'a: !!str 1\n'],
    ['a literal block scalar', 'a: |\n  text\n'],
    ['a folded block scalar', 'a: >-\n  text\n'],
    ['a multi-line plain scalar', 'a: one\n  two\n'],
    ['a multi-line plain sequence item', '- one\n  two\n'],
    ['an empty nested sequence item', '- -\n- a\n'],
    ['a line between an item and its nested sequence', '- - a\n - b\n'],
    ['a multi-line quoted scalar', 'a: "one\n  two"\n'],
    ['a multi-line flow collection', 'a: [1,\n  2]\n'],
    ['an empty value', 'a:\nb: 1\n'],
    ['an empty value at the end', 'a: 1\nb:\n'],
    ['an empty sequence item', '- \n- a\n'],
    ['a duplicate key', 'a: 1\na: 2\n'],
    ['a duplicate flow key', 'a: { b: 1, b: 2 }\n'],
    ['a document marker', '---\na: 1\n'],
    ['a document end marker', 'a: 1\n...\n'],
    ['a directive', '%YAML 1.2\n---\na: 1\n'],
    ['a complex key', '? a\n: 1\n'],
    ['a number key', '1: a\n'],
    ['a null key', 'null: a\n'],
    ['a non-finite number', 'a: .inf\n'],
    ['a number too large for a double', `a: 1${'0'.repeat(400)}\n`],
    ['a trailing comma in a flow sequence', 'a: [1, 2,]\n'],
    ['an adjacent flow value', 'a: {"b":1}\n'],
    ['a pair in a flow sequence', 'a: [b: 1]\n'],
    ['a comment inside brackets', 'a: [1 # c\n'],
    ['a mapping inside a value', 'a: b: c\n'],
    ['a trailing colon', 'a: b:\n'],
    ['a YAML-only escape', 'a: "\\x41"\n'],
    ['an escaped line break', 'a: "\\\n"\n'],
    ['an indented root', '  a: 1\n'],
    ['a scalar root', 'hello\n'],
    ['an empty text', ''],
    ['only comments', '# nothing\n'],
    ['a lone carriage return', 'a: 1\rb: 2\n'],
    ['a key with a space', 'a b: 1\n'],
    ['a key before a blank and colon', 'a : 1\n'],
    ['a colon without a blank', 'a:1\n'],
    ['text after a quoted value', 'a: "x" y\n'],
    ['a hash right after a quoted value', 'a: "x"#c\n'],
    ['a sequence item inside a mapping', 'a: 1\n- b\n'],
    ['a line indented between levels', 'a:\n    b: 1\n  c: 2\n'],
    ['a deeper line after a value', 'a: 1\n  b: 2\n'],
    ['a reserved indicator', 'a: @x\n'],
    ['a plain value starting with a dash and blank', 'a: - b\n'],
    ['a byte-order mark inside', 'a: \uFEFFx\n'],
  ];
  it.each(declined)('%s', (_name, text) => {
    expect(readSimpleYaml(text, limits)).toBeUndefined();
    // And the command reads it exactly as the package does.
    const pointers = ['', '/a', '/b', '/0'];
    expect(outcome(text, 'auto', pointers)).toEqual(outcome(text, 'package', pointers));
  });

  it('leaves a text over the node, depth or string limits to the package (which reports it)', () => {
    expect(readSimpleYaml('a: [1, 2, 3]\n', resolveLimits({ maxNodes: 4 }))).toBeUndefined();
    expect(readSimpleYaml('a:\n  b:\n    c: 1\n', resolveLimits({ maxDepth: 2 }))).toBeUndefined();
    expect(readSimpleYaml('a: "long"\n', resolveLimits({ maxScalarLength: 3 }))).toBeUndefined();
    expect(readSimpleYaml('a: long\n', resolveLimits({ maxScalarLength: 3 }))).toBeUndefined();
    expect(() => parseYaml('a: [1, 2, 3]\n', 'x.yaml', resolveLimits({ maxNodes: 4 }))).toThrow(
      /More than 4 values/,
    );
  });
});

/** JSON values whose objects are never empty at the root (a description or config is a mapping). */
const documents = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 4 }), {
  minKeys: 1,
  maxKeys: 6,
});

/** Values as descriptions and configs have them: identifier keys, words, numbers, short lists. */
const names = fc.stringMatching(/^[a-z][a-zA-Z0-9_-]{0,10}$/);
const realistic: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(
      names,
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.boolean(),
      fc.constant(null),
    ),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(names, tie('value'), { maxKeys: 4 }),
  ),
})).value;
const realisticDocuments = fc.dictionary(names, realistic, { minKeys: 1, maxKeys: 6 });

/** The block YAML a JSON-to-YAML dump writes: every key and string double-quoted, JSON escapes. */
function jsonStyleYaml(value: unknown, indent = ''): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return value
      .map((item) => {
        const inner = jsonStyleYaml(item, `${indent}  `);
        return `\n${indent}- ${isBlock(item) ? inner.trimStart() : inner}`;
      })
      .join('');
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return entries
      .map(([key, item]) => `\n${indent}${JSON.stringify(key)}: ${jsonStyleYaml(item, `${indent}  `)}`)
      .join('')
      .replaceAll(': \n', ':\n');
  }
  return JSON.stringify(value);
}
const isBlock = (value: unknown): boolean =>
  value !== null && typeof value === 'object' && Object.keys(value as object).length > 0;

describe('readSimpleYaml and the yaml package, on generated texts', () => {
  it('reads every JSON-style dump, as the package does', () => {
    fc.assert(
      fc.property(documents, (value) => {
        const text = `${jsonStyleYaml(value).trimStart()}\n`;
        expect(agreesWithPackage(text)).toBe(true);
        // What the dump holds (JSON writes -0 as 0).
        expect(readSimpleYaml(text, limits)?.value).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 300 },
    );
  });

  it('reads what the package writes the same as the package, when it reads it at all', () => {
    let read = 0;
    fc.assert(
      fc.property(realisticDocuments, fc.boolean(), (value, flow) => {
        const text = stringifyYaml(value, { collectionStyle: flow ? 'flow' : 'any', lineWidth: 0 });
        if (agreesWithPackage(text)) read++;
      }),
      { numRuns: 300 },
    );
    // A good part of it: random strings often start with an indicator, need a YAML escape or fold.
    expect(read).toBeGreaterThan(100);
  });

  it('never reads a mutated text differently from the package', () => {
    // YAML_MUTATIONS=30000 for a longer search.
    const numRuns = Number(process.env.YAML_MUTATIONS ?? 1500);
    let read = 0;
    const alphabet = [
      ' ',
      '  ',
      '\n',
      '-',
      '- ',
      ':',
      ': ',
      '#',
      ' #',
      "'",
      '"',
      '[',
      ']',
      '{',
      '}',
      ',',
      '&',
      '*',
    ];
    const edits = fc.array(
      fc.record({
        at: fc.nat(),
        remove: fc.nat(3),
        insert: fc.constantFrom(...alphabet, '!', '|', '>', '?', '\\', 'a', '1', '.', '\r'),
      }),
      { minLength: 1, maxLength: 4 },
    );
    fc.assert(
      fc.property(
        fc.oneof(documents, realisticDocuments),
        edits,
        fc.boolean(),
        (value, changes, jsonStyle) => {
          let text = jsonStyle
            ? `${jsonStyleYaml(value).trimStart()}\n`
            : stringifyYaml(value, { lineWidth: 0 });
          for (const { at, remove, insert } of changes) {
            const position = at % (text.length + 1);
            text = text.slice(0, position) + insert + text.slice(position + remove);
          }
          if (agreesWithPackage(text)) read++;
        },
      ),
      { numRuns },
    );
    // Not vacuous: many mutated texts stay inside the subset (and were compared).
    expect(read).toBeGreaterThan(numRuns / 10);
  });
});
