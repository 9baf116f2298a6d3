import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/parse/index.js';
import { CODES, type ValidateCode } from '../../src/validate/codes.js';
import { renderCodeTable } from '../../src/validate/docs.js';
import { validateDocument } from '../../src/validate/index.js';
import { CASES } from './cases.js';

const codes = Object.keys(CODES) as ValidateCode[];
const run = (value: unknown) => validateDocument({ value: value as never, file: 'case.json' });

describe('diagnostic code registry', () => {
  it('has a failing and a passing case for every code', () => {
    expect(Object.keys(CASES).sort()).toEqual([...codes].sort());
  });

  it.each(codes)('%s: the failing case reports it, the passing case does not', (code) => {
    const { fail, pass } = CASES[code];
    const failing = run(fail);
    expect(failing.findings.map((f) => f.code)).toContain(code);
    const reported = failing.findings.find((f) => f.code === code);
    expect(reported?.severity).toBe(CODES[code].severity);
    if (CODES[code].severity === 'error') expect(failing.valid).toBe(false);
    const passing = run(pass);
    expect(passing.findings.map((f) => f.code)).not.toContain(code);
  });

  it.each(codes)('%s: the same from JSON text (checks may use the text to skip work)', (code) => {
    const { fail, pass } = CASES[code];
    const fromText = (value: unknown) =>
      validateDocument(loadDocument(JSON.stringify(value), { file: 'case.json', format: 'json' }));
    expect(fromText(fail).findings.map((f) => f.code)).toContain(code);
    expect(fromText(pass).findings.map((f) => f.code)).not.toContain(code);
  });

  it('docs/validate.md lists exactly the registry (regenerate the table from renderCodeTable())', () => {
    const docs = readFileSync(new URL('../../docs/validate.md', import.meta.url), 'utf8');
    expect(docs).toContain(renderCodeTable());
  });
});
