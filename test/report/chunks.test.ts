/** Reports written in chunks: the same text as in one piece, whatever the chunk boundaries. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/cli/output.js';
import { buildChangelog } from '../../src/diff/changelog.js';
import { diffDocuments } from '../../src/diff/engine.js';
import type { Finding } from '../../src/model/finding.js';
import {
  formatChangelogJsonChunks,
  formatChangelogMarkdown,
  formatChangelogMarkdownChunks,
} from '../../src/report/changelog-markdown.js';
import {
  buildChangesJson,
  formatChangesJson,
  formatChangesJsonChunks,
} from '../../src/report/changes-json.js';
import { formatChangesMarkdown, formatChangesMarkdownChunks } from '../../src/report/changes-markdown.js';
import { formatChangesText, formatChangesTextChunks } from '../../src/report/changes-text.js';
import { buildJsonReport, formatJson, formatJsonChunks } from '../../src/report/json.js';
import { prettyJson, prettyJsonChunks, StreamedArray } from '../../src/report/json-chunks.js';
import { renderReport, renderReportChunks, writeReports } from '../../src/report/multi-format.js';
import { buildSarif, formatSarif, formatSarifChunks } from '../../src/report/sarif.js';
import { type FileFindings, formatStylishChunks } from '../../src/report/stylish.js';
import type { JsonValue } from '../../src/util/json.js';
import { FILES } from './fixtures.js';

/** JSON.stringify's text, with the characters that act on a log or terminal (C1, U+2028/2029, bidi) as `\uXXXX`. */
const expected = (value: unknown) =>
  `${JSON.stringify(value, null, 2).replace(/[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;

/** Every array of `value`, at any depth, streamed or not as `streamed` decides. */
function streamArrays(value: unknown, streamed: () => boolean): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => streamArrays(item, streamed));
    return streamed() ? new StreamedArray(items) : items;
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    // defineProperty: a `__proto__` key (fast-check makes them) stays an own member, as in JSON.
    for (const [key, member] of Object.entries(value))
      Object.defineProperty(out, key, {
        value: streamArrays(member, streamed),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return out;
  }
  return value;
}

describe('prettyJsonChunks', () => {
  it('writes what JSON.stringify(value, null, 2) writes, with streamed arrays anywhere (property)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.infiniteStream(fc.boolean()),
        fc.integer({ min: 1, max: 64 }),
        (value, coins, size) => {
          const iterator = coins[Symbol.iterator]();
          const withStreams = streamArrays(value, () => iterator.next().value === true);
          // Streams items only inside streamed arrays: a plain value serialises as JSON.stringify does.
          const plain = JSON.parse(JSON.stringify(value));
          expect([...prettyJsonChunks(withStreams, size)].join('')).toBe(expected(plain));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('writes a `__proto__` member as data, streamed or not', () => {
    const value = JSON.parse('{"__proto__": [1, {"__proto__": 2}], "a": 1}');
    expect(prettyJson(value)).toBe(expected(value));
    const streamed = { ...value };
    Object.defineProperty(streamed, '__proto__', {
      value: new StreamedArray([1, JSON.parse('{"__proto__": 2}')]),
      enumerable: true,
    });
    expect(prettyJson(streamed)).toBe(expected(value));
  });

  it('skips undefined members and writes undefined items as null, as JSON.stringify does', () => {
    const value = { a: undefined, b: new StreamedArray([1, undefined]), c: [undefined], d: 'x' };
    expect(prettyJson(value)).toBe(expected({ b: [1, null], c: [null], d: 'x' }));
    expect(prettyJson({ list: new StreamedArray([]) })).toBe(expected({ list: [] }));
  });

  it('yields chunks of about the size asked for, the last one ending the text', () => {
    const value = {
      items: new StreamedArray(Array.from({ length: 1000 }, (_, i) => ({ i, text: 'x'.repeat(50) }))),
    };
    const chunks = [...prettyJsonChunks(value, 4096)];
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(4096);
    expect(chunks.at(-1)?.endsWith('\n')).toBe(true);
  });
});

/** Many findings over several files, with related locations in other files (SARIF artifacts). */
function manyFiles(count: number): FileFindings[] {
  const findings = (file: string, other: string): Finding[] =>
    Array.from({ length: count }, (_, i) => ({
      code: i % 3 === 0 ? 'tool-description' : 'input-additional-properties',
      severity: i % 5 === 0 ? 'error' : 'warning',
      message: `Tool "t${i}": message ${i}`,
      location: { file, line: i + 1, column: 3, pointer: `/tools/${i}` },
      ...(i % 7 === 0 ? { related: [{ file: other, line: 1, column: 1, pointer: `/tools/${i}` }] } : {}),
    }));
  return [
    { file: 'a.json', findings: findings('a.json', 'c.json') },
    { file: 'b.json', findings: findings('b.json', 'a.json') },
  ];
}

describe('chunked report formats', () => {
  it('json and sarif write what stringifying the whole report writes', () => {
    for (const files of [FILES, manyFiles(3000), []]) {
      expect(formatJson(files)).toBe(expected(buildJsonReport(files)));
      // The same value: only its spelling differs from JSON.stringify's.
      expect(JSON.parse(formatJson(files))).toEqual(JSON.parse(JSON.stringify(buildJsonReport(files))));
      expect([...formatJsonChunks(files)].join('')).toBe(expected(buildJsonReport(files)));
      const options = { toolVersion: '0.1.0', srcRoot: '/work/repo' };
      expect(formatSarif(files, options)).toBe(expected(buildSarif(files, options)));
      expect([...formatSarifChunks(files, options)].join('')).toBe(expected(buildSarif(files, options)));
    }
  });

  it('a large report comes in several chunks, each format the same text as in one piece', () => {
    const files = manyFiles(10_000);
    const context = { color: false, toolVersion: '0.1.0' };
    for (const format of ['stylish', 'json', 'sarif'] as const) {
      const chunks = [...renderReportChunks(format, files, context)];
      expect(chunks.length).toBeGreaterThan(2);
      expect(chunks.join('')).toBe(renderReport(format, files, context));
    }
    const rows = [...formatStylishChunks(files, { color: false })].join('').split('\n');
    expect(rows.filter((row) => row.startsWith('  '))).toHaveLength(20_000);
  });
});

describe('writeReports to standard output', () => {
  it('makes the next chunk only once the last one is written (backpressure)', async () => {
    const files = manyFiles(10_000);
    const written: string[] = [];
    let pending = 0;
    let overlapped = false;
    await writeReports(
      [{ format: 'sarif' }],
      files,
      { color: false, toolVersion: '0.1.0' },
      {
        stdout: (text) => {
          if (pending > 0) overlapped = true;
          pending++;
          written.push(text);
          return new Promise((resolve) =>
            setTimeout(() => {
              pending--;
              resolve();
            }, 1),
          );
        },
        file: () => {
          throw new Error('no file target');
        },
      },
    );
    expect(overlapped).toBe(false);
    expect(written.length).toBeGreaterThan(2);
    expect(written.join('')).toBe(renderReport('sarif', files, { color: false, toolVersion: '0.1.0' }));
  });
});

describe('writeFileAtomic with chunks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-chunks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes every chunk, in order', () => {
    const path = join(dir, 'out.txt');
    writeFileAtomic(path, ['a', 'b', 'c']);
    expect(readFileSync(path, 'utf8')).toBe('abc');
  });

  it('leaves the old file and no temporary file when making a chunk fails', () => {
    const path = join(dir, 'kept.txt');
    writeFileSync(path, 'old');
    function* failing(): Generator<string> {
      yield 'new ';
      throw new Error('render failed');
    }
    expect(() => writeFileAtomic(path, failing())).toThrow('render failed');
    expect(readFileSync(path, 'utf8')).toBe('old');
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    expect(existsSync(path)).toBe(true);
  });
});

describe('diff reports in chunks', () => {
  // A tool whose 3,000 properties all change type: a few megabytes of report.
  const properties = (type: string) =>
    Object.fromEntries(
      Array.from({ length: 3000 }, (_, i) => [`property_${i}`, { type, description: 'x'.repeat(200) }]),
    );
  const document = (type: string): JsonValue => ({
    mcpdesc: '0.8.0',
    info: { name: 'chunks', version: '1.0.0' },
    protocolVersions: ['2025-11-25'],
    transports: [{ type: 'stdio', command: 'x' }],
    tools: [{ name: 't', description: 'd', inputSchema: { type: 'object', properties: properties(type) } }],
  });
  const result = diffDocuments(
    { file: 'old.json', value: document('string') },
    { file: 'new.json', value: document('integer') },
  );

  it('has a large result to split', () => {
    expect(result.changes.length).toBeGreaterThanOrEqual(3000);
  });
  it.each([
    [
      'json',
      () => formatChangesJsonChunks(result, 4096),
      () => `${JSON.stringify(buildChangesJson(result), null, 2)}\n`,
    ],
    [
      'text',
      () => formatChangesTextChunks(result, { color: false }, 4096),
      () => formatChangesText(result, { color: false }),
    ],
    [
      'markdown',
      () => formatChangesMarkdownChunks(result, { oldName: 'a', newName: 'b' }, 4096),
      () => formatChangesMarkdown(result, { oldName: 'a', newName: 'b' }),
    ],
  ])('%s: several chunks, the same text as in one piece', (_format, chunked, whole) => {
    const chunks = Array.from(chunked());
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(whole());
  });
  it('json: the text JSON.stringify makes', () => {
    expect(formatChangesJson(result)).toBe(`${JSON.stringify(buildChangesJson(result), null, 2)}\n`);
  });
  it('changelog: several chunks, the same text as in one piece, JSON as JSON.stringify makes it', () => {
    const log = buildChangelog(result, { name: 'chunks', oldVersion: '1.0.0', newVersion: '2.0.0' });
    const markdown = Array.from(formatChangelogMarkdownChunks(log, 4096));
    expect(markdown.length).toBeGreaterThan(1);
    expect(markdown.join('')).toBe(formatChangelogMarkdown(log));
    const json = Array.from(formatChangelogJsonChunks(log, 4096));
    expect(json.length).toBeGreaterThan(1);
    expect(json.join('')).toBe(`${JSON.stringify(log, null, 2)}\n`);
  });
});
