import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/parse/index.js';
import { validateDocument } from '../../src/validate/index.js';

const document = (maximum: string) =>
  `{"mcpdesc":"0.8.0","info":{"name":"n","version":"1.0.0"},"protocolVersions":["2025-11-25"],"transports":[{"type":"stdio","command":"n"}],"tools":[{"name":"t","description":"d","inputSchema":{"type":"object","properties":{"n":{"type":"integer","maximum":${maximum}}}}}]}`;

const reported = (text: string) =>
  validateDocument(loadDocument(text, { file: 'n.json', format: 'json' })).findings.some(
    (f) => f.code === 'integer-precision-loss',
  );

describe('integer-precision-loss from JSON text', () => {
  it.each([
    // [number as written, beyond ±2^53]
    ['9007199254740991', false],
    ['-9007199254740991', false],
    ['9007199254740993', true],
    ['-9007199254740993', true],
    ['12345678901234567890', true],
    ['1e16', true],
    ['-1E+20', true],
    ['0.5e20', true],
    ['9007199254740991.9', true],
    ['1.5e3', false],
    ['999999999999999', false],
    ['123.45678901234567890', false],
    ['[1, 2, 1e300]', true],
  ])('%s: reported %s, as the walk over the parsed value reports it', (written, beyond) => {
    expect(reported(document(written))).toBe(beyond);
    expect(loadDocument(document(written), { file: 'n.json', format: 'json' }).mayHoldUnsafeIntegers).toBe(
      beyond,
    );
  });

  it("skips the walk only on a JSON text that rules such integers out, or on the caller's word", () => {
    const value = loadDocument(document('9007199254740993'), { file: 'n.json', format: 'json' }).value;
    const codes = (input: Parameters<typeof validateDocument>[0]) =>
      validateDocument(input).findings.map((f) => f.code);
    expect(codes({ value, file: 'n.json' })).toContain('integer-precision-loss');
    // YAML is not scanned: its numbers are always walked.
    expect(codes(loadDocument(document('9007199254740993'), { file: 'n.yaml', format: 'yaml' }))).toContain(
      'integer-precision-loss',
    );
    // (Merge passes this for a result built from JSON texts that hold no such integer.)
    expect(codes({ value, file: 'n.json', mayHoldUnsafeIntegers: false })).not.toContain(
      'integer-precision-loss',
    );
  });

  it('a JSON load notes exactly what the walk finds (any JSON with any numbers)', () => {
    const numbers = fc.oneof(
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((n) => Number(n)),
    );
    const values = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        numbers,
        fc.string(),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(values, fc.boolean(), (value, pretty) => {
        const text = JSON.stringify({ value }, null, pretty ? 2 : undefined);
        let unsafe = false;
        JSON.parse(text, (_key, v) => {
          if (typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v)) unsafe = true;
          return v;
        });
        expect(loadDocument(text, { file: 'n.json', format: 'json' }).mayHoldUnsafeIntegers).toBe(unsafe);
      }),
      { numRuns: 500 },
    );
  });
});
