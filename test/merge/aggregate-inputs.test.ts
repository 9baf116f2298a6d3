/**
 * Aggregate merge: every input validated and reported; JSON pointers escaped (RFC 6901) wherever a
 * conflict, a diff change or a finding names a member; a 0.7.0 input migrated in memory by the CLI;
 * a transport that differs in one field reported once.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { diffDocuments } from '../../src/diff/index.js';
import { parseJsonPath, queryJsonPath } from '../../src/lint/jsonpath.js';
import { mergeAggregate } from '../../src/merge/aggregate.js';
import type { Conflict } from '../../src/merge/conflicts.js';
import { loadDocument } from '../../src/parse/index.js';
import { parsePointer } from '../../src/util/pointer.js';
import { validateDocument } from '../../src/validate/index.js';
import { runCli } from '../support/cli.js';
import { load } from './helpers.js';

const DOC = (extra: Record<string, unknown> = {}, version = '2025-11-25') => ({
  mcpdesc: '0.8.0',
  info: { name: 'chess', version: '1.0.0' },
  protocolVersions: [version],
  tools: [{ name: 'search', description: 'Search', inputSchema: { type: 'object' } }],
  ...extra,
});
const yaml = (value: unknown) => stringify(value, { lineWidth: 0 });
const refused = (...texts: [string, string][]): Conflict[] => {
  const result = mergeAggregate(
    texts.map(([file, text]) => load(text, file)),
    { validate: validateDocument },
  );
  if (result.ok) throw new Error('merge should have been refused');
  return result.conflicts;
};

describe('aggregate merge: every input is validated and reported', () => {
  it('two invalid inputs: both named, each at its own place', () => {
    const conflicts = refused(
      ['a.yaml', yaml({ ...DOC(), tools: [{ name: 'search' }] })],
      ['b.yaml', yaml(DOC())],
      ['c.yaml', yaml({ ...DOC(), info: { name: 'chess' } })],
    );
    expect(conflicts.map((c) => c.code)).toEqual(['invalid-input', 'invalid-input']);
    expect(conflicts.map((c) => `${c.locations[0]?.file} ${c.locations[0]?.pointer}`)).toEqual([
      'a.yaml /tools/0',
      'c.yaml /info',
    ]);
  });

  it('a shape problem in one input does not hide the validator’s findings in another', () => {
    const conflicts = refused(
      ['a.yaml', yaml({ ...DOC(), protocolVersions: [] })],
      ['b.yaml', yaml({ ...DOC(), info: { name: 'chess' } })],
    );
    expect(conflicts.map((c) => c.locations[0]?.file)).toEqual(['a.yaml', 'b.yaml']);
  });

  it('a 0.7.0 input given to the library is named as 0.7.0, with the migrate hint', () => {
    const conflicts = refused(
      ['old.yaml', 'mcpdesc: 0.7.0\ninfo:\n  name: chess\n  version: 1.0.0\n'],
      ['b.yaml', yaml(DOC())],
    );
    expect(conflicts.map((c) => c.message)).toEqual([
      'old.yaml is not a valid mcpdesc 0.8.0 document: it is an mcpdesc 0.7.0 document; migrate it first (mcpdesc migrate old.yaml)',
    ]);
  });
});

describe('aggregate merge: a transport differing in args is one conflict', () => {
  it('reports the field once for the pair, at both inputs’ transports', () => {
    const transport = (args: string[]) => ({ transports: [{ type: 'stdio', command: 'chess', args }] });
    const conflicts = refused(
      ['a.yaml', yaml(DOC(transport(['--fast'])))],
      ['b.yaml', yaml(DOC(transport(['--slow'])))],
    );
    expect(conflicts.map((c) => [c.code, c.message, c.locations.map((l) => l.pointer)])).toEqual([
      [
        'revision-view-conflict',
        'MCP 2025-11-25: transport stdio chess differs in args',
        ['/transports/0/args', '/transports/0/args'],
      ],
    ]);
  });
});

/** Keys with every character RFC 6901 escapes, and others a naive pointer would mangle. */
const awkwardKey = fc
  .array(fc.constantFrom('/', '~', '~1', '~0', 'a', 'é', ' ', '.', '%', '"', '\\', '#'), {
    minLength: 1,
    maxLength: 6,
  })
  .map((parts) => parts.join(''));

describe('JSON pointers are escaped (RFC 6901) for any key (property)', () => {
  it('aggregate merge: a differing root x-* value is reported at its own pointer, with its position', () => {
    fc.assert(
      fc.property(awkwardKey, (suffix) => {
        const key = `x-${suffix}`;
        const conflicts = refused(
          ['a.json', JSON.stringify(DOC({ [key]: 1 }), null, 2)],
          ['b.json', JSON.stringify(DOC({ [key]: 2 }), null, 2)],
        );
        expect(conflicts).toHaveLength(1);
        const [conflict] = conflicts as [Conflict];
        expect(conflict.code).toBe('unscoped-metadata-conflict');
        for (const location of conflict.locations) {
          expect(parsePointer(location.pointer)).toEqual([key]);
          // The key's own line, not the document's start.
          expect(location.line).toBe(19);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('diff: a changed root x-* value is reported at its own pointer', () => {
    fc.assert(
      fc.property(awkwardKey, (suffix) => {
        const key = `x-${suffix}`;
        const result = diffDocuments(
          { value: DOC({ [key]: 1 }), file: 'old.json' },
          { value: DOC({ [key]: 2 }), file: 'new.json' },
        );
        expect(result.changes).toHaveLength(1);
        const [change] = result.changes;
        expect(parsePointer(change?.before?.pointer as string)).toEqual([key]);
        expect(parsePointer(change?.after?.pointer as string)).toEqual([key]);
      }),
      { numRuns: 40 },
    );
  });

  it('lint: a rule’s JSONPath selects each member at its own pointer', () => {
    fc.assert(
      fc.property(awkwardKey, (key) => {
        const doc = DOC({ info: { name: 'chess', version: '1.0.0', [key]: 1 } });
        const pointers = queryJsonPath(doc, parseJsonPath('$.info.*')).map((m) => parsePointer(m.pointer));
        expect(pointers).toContainEqual(['info', key]);
      }),
      { numRuns: 40 },
    );
  });

  it('validate: an unknown member is reported at its own pointer', () => {
    fc.assert(
      fc.property(awkwardKey, (key) => {
        const doc = DOC({ info: { name: 'chess', version: '1.0.0', [`bad${key}`]: 1 } });
        const result = validateDocument({ value: doc, file: 'd.json' });
        const pointers = result.findings.map((f) => f.location.pointer);
        expect(pointers.map((p) => parsePointer(p))).toContainEqual(['info', `bad${key}`]);
      }),
      { numRuns: 40 },
    );
  });
});

describe('mcpdesc merge with a 0.7.0 input (built CLI)', () => {
  it('migrates it in memory, says so, and merges', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-merge-070-'));
    const old = readFileSync(join(import.meta.dirname, '../fixtures/migrate/old-0.7.yaml'), 'utf8');
    writeFileSync(join(dir, 'old.yaml'), old);
    const migrated = runCli(['migrate', 'old.yaml', '-o', 'new.yaml'], { cwd: dir });
    expect(migrated.code, migrated.stderr).toBe(0);
    const result = runCli(['merge', 'old.yaml', 'new.yaml', '--format', 'json'], { cwd: dir });
    expect(result.stderr).toContain('mcpdesc: note: old.yaml: migrated from 0.7.0');
    expect(result.stderr).not.toContain('protocolVersions must be');
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).mcpdesc).toBe('0.8.0');
  }, 60_000);
});

describe('aggregate merge: integers beyond ±2^53', () => {
  // Both literals decode to 9007199254740992: compared as values they are one.
  const big = (literal: string, file: string, name = 'chess') =>
    [
      file,
      `mcpdesc: 0.8.0\ninfo: { name: ${name}, version: 1.0.0 }\nprotocolVersions: ['2025-11-25']\nx-limit: ${literal}\ntools:\n  - { name: search, description: Search, inputSchema: { type: object } }\n`,
    ] as [string, string];
  const withText = ([file, text]: [string, string]) => ({ ...load(text, file), text });

  it.each([
    { name: 'different literals that read as one double: refused', b: '9007199254740993', refused: true },
    { name: 'the same literal: merged', b: '9007199254740992', refused: false },
  ])('$name', ({ b, refused: expectRefused }) => {
    const result = mergeAggregate([withText(big('9007199254740992', 'a.yaml')), withText(big(b, 'b.yaml'))], {
      validate: validateDocument,
    });
    expect(result.ok).toBe(!expectRefused);
    if (!result.ok) {
      expect(result.conflicts.map((c) => c.code)).toEqual(['integer-precision-conflict']);
      expect(result.conflicts[0]?.message).toBe(
        '/x-limit: a.yaml and b.yaml hold integers beyond ±2^53 that differ (9007199254740992 and 9007199254740993); they read as 9007199254740992 and 9007199254740992',
      );
      expect(result.conflicts[0]?.locations.map((l) => `${l.file}:${l.line}`)).toEqual([
        'a.yaml:4',
        'b.yaml:4',
      ]);
    }
  });

  it('from JSON texts too (a scan of the text rules integers out before any walk)', () => {
    const json = (literal: string, file: string) => {
      const text = `{"mcpdesc": "0.8.0", "info": {"name": "chess", "version": "1.0.0"}, "protocolVersions": ["2025-11-25"],\n "x-limit": ${literal}, "tools": [{"name": "search", "description": "Search", "inputSchema": {"type": "object"}}]}`;
      const doc = loadDocument(text, { file, format: 'json' });
      return {
        file,
        value: doc.value,
        sourceMap: doc.sourceMap,
        text,
        mayHoldUnsafeIntegers: doc.mayHoldUnsafeIntegers,
      };
    };
    const refused = mergeAggregate([json('9007199254740992', 'a.json'), json('9007199254740993', 'b.json')], {
      validate: validateDocument,
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.conflicts.map((c) => c.code)).toEqual(['integer-precision-conflict']);
      expect(refused.conflicts[0]?.locations.map((l) => `${l.file}:${l.line}`)).toEqual([
        'a.json:2',
        'b.json:2',
      ]);
    }
    expect(
      mergeAggregate([json('12', 'a.json'), json('12', 'b.json')], { validate: validateDocument }).ok,
    ).toBe(true);
  });

  it('the built CLI refuses them with exit 1 and writes nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-bigint-'));
    for (const [file, text] of [big('9007199254740992', 'a.yaml'), big('9007199254740993', 'b.yaml')])
      writeFileSync(join(dir, file), text);
    const result = runCli(['merge', 'a.yaml', 'b.yaml', '-o', 'out.yaml'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('integer-precision-conflict');
    expect(() => readFileSync(join(dir, 'out.yaml'))).toThrow();
  });
});
