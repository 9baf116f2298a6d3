import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LoadError, type LoadErrorCode, loadDocument, loadSource } from '../../src/parse/index.js';
import { missing } from '../support/skips.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/serialization');

function loadError(file: string): LoadError {
  try {
    loadDocument(readFileSync(join(FIXTURES, file), 'utf8'), { file });
  } catch (error) {
    if (error instanceof LoadError) return error;
    throw error;
  }
  throw new Error(`${file} loaded but should have been rejected`);
}

describe('restricted serialization profile (spec §15): rejections with the specific reason', () => {
  const cases: Array<[string, LoadErrorCode, number, number]> = [
    ['invalid/alias.yaml', 'yaml-alias', 1, 7],
    ['invalid/custom-tag.yaml', 'yaml-custom-tag', 2, 9],
    ['invalid/duplicate-key.yaml', 'duplicate-key', 4, 3],
    ['invalid/empty-stream.yaml', 'yaml-document-count', 1, 1],
    ['invalid/merge-alias.yaml', 'yaml-alias', 1, 11],
    ['invalid/multiple-documents.yaml', 'yaml-document-count', 2, 1],
    ['invalid/negative-infinity.yaml', 'non-finite-number', 1, 7],
    ['invalid/non-finite-number.yaml', 'non-finite-number', 1, 7],
    ['invalid/positive-infinity.yaml', 'non-finite-number', 1, 7],
    ['invalid/tagged-non-finite-number.yaml', 'non-finite-number', 1, 15],
    ['invalid/non-string-key.yaml', 'yaml-non-string-key', 2, 3],
    ['invalid/complex-key.yaml', 'yaml-non-string-key', 2, 3],
    ['invalid/tab-indent.yaml', 'yaml-syntax', 2, 1],
    ['invalid/duplicate-key.json', 'duplicate-key', 1, 24],
    ['invalid/truncated.json', 'json-syntax', 2, 1],
    ['invalid/non-finite.json', 'non-finite-number', 1, 7],
  ];
  it.each(cases)('%s is rejected as %s at %i:%i', (file, code, line, column) => {
    const error = loadError(file);
    expect(error.code).toBe(code);
    expect([error.line, error.column]).toEqual([line, column]);
    expect(error.format()).toMatch(
      new RegExp(`^${file.replace(/[.]/g, '\\.')}:${line}:${column}: .+ \\(${code}\\)$`),
    );
    expect(error.format()).not.toContain('\n');
  });
});

describe('accepted documents', () => {
  it('reads plain scalars with the JSON schema: dates and hex stay strings, <<: is an ordinary key', () => {
    const doc = loadDocument(
      readFileSync(join(FIXTURES, 'valid/scalars-and-literal-merge-key.yaml'), 'utf8'),
      { file: 'x.yaml' },
    );
    expect(doc.value).toEqual({
      value: { '<<': { a: 1 } },
      scalars: [true, null, 0, -12, 1.5, 6.02e23, '2026-08-25', '.nan', '0x10', '~', 'yes'],
    });
  });

  it('reads plain scalars as strings in keys, flow collections and block sequences, and keeps explicit core tags', () => {
    const text = [
      'plain key: plain value',
      'flow: [a b, {c: d e}, 12, x12]',
      'block:',
      '  - on',
      '  - !!str 12',
      '  - ! 13',
      "  - 'quoted'",
    ].join('\n');
    expect(loadDocument(text, { file: 'x.yaml' }).value).toEqual({
      'plain key': 'plain value',
      flow: ['a b', { c: 'd e' }, 12, 'x12'],
      block: ['on', '12', '13', 'quoted'],
    });
    expect(() => loadDocument('a: !custom b', { file: 'x.yaml' })).toThrow(/custom YAML tag/i);
  });

  it('tolerates a byte-order mark and CRLF line ends', async () => {
    expect((await loadSource(join(FIXTURES, 'valid/bom.json'))).value).toEqual({ mcpdesc: '0.8.0' });
    const crlf = await loadSource(join(FIXTURES, 'valid/crlf.json'));
    expect(crlf.value).toEqual({ mcpdesc: '0.8.0', info: { name: 'crlf', version: '1.0.0' } });
    expect(crlf.sourceMap.locate('/info/name')).toEqual({ line: 2, column: 17 });
  });

  it('decodes a JSON document and its YAML twin to equal values', async () => {
    const json = await loadSource(join(FIXTURES, 'valid/document.json'));
    const yaml = await loadSource(join(FIXTURES, 'valid/document.yaml'));
    expect(json.format).toBe('json');
    expect(yaml.format).toBe('yaml');
    expect(yaml.value).toEqual(json.value);
  });
});

// The official fixtures beside the repository, when present (they are not needed by the suite).
const OFFICIAL = join(import.meta.dirname, '../../../shared/conformance/serialization');
const noOfficial = missing(OFFICIAL, 'test/parse/serialization.test.ts "official serialization fixtures"');
describe.skipIf(noOfficial)('official serialization fixtures', () => {
  const expectedCodes: Record<string, LoadErrorCode> = {
    'alias.yaml': 'yaml-alias',
    'custom-tag.yaml': 'yaml-custom-tag',
    'duplicate-key.yaml': 'duplicate-key',
    'empty-stream.yaml': 'yaml-document-count',
    'merge-alias.yaml': 'yaml-alias',
    'multiple-documents.yaml': 'yaml-document-count',
    'negative-infinity.yaml': 'non-finite-number',
    'non-finite-number.yaml': 'non-finite-number',
    'non-string-key.yaml': 'yaml-non-string-key',
    'positive-infinity.yaml': 'non-finite-number',
    'tagged-non-finite-number.yaml': 'non-finite-number',
  };
  const invalid = existsSync(OFFICIAL) ? readdirSync(join(OFFICIAL, 'expected-invalid')) : [];
  it.each(invalid)('expected-invalid/%s is rejected for its specific reason', async (name) => {
    await expect(loadSource(join(OFFICIAL, 'expected-invalid', name))).rejects.toMatchObject({
      code: expectedCodes[name],
    });
  });
  it('expected-valid files decode', async () => {
    for (const name of readdirSync(join(OFFICIAL, 'expected-valid'))) {
      await expect(loadSource(join(OFFICIAL, 'expected-valid', name))).resolves.toBeDefined();
    }
  });
  it('equivalent/document.json and .yaml decode to equal values', async () => {
    const json = await loadSource(join(OFFICIAL, 'equivalent/document.json'));
    const yaml = await loadSource(join(OFFICIAL, 'equivalent/document.yaml'));
    expect(yaml.value).toEqual(json.value);
  });
});
