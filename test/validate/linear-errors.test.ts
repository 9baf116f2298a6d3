import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINEAR_ERRORS_CODE, linearErrorConcat } from '../../src/validate/linear-errors.js';

describe('linearErrorConcat', () => {
  it.each([
    [
      'a $ref call',
      'if(!(validate12(data))){vErrors = vErrors === null ? validate12.errors : vErrors.concat(validate12.errors);errors = vErrors.length;}',
      'if(!(validate12(data))){vErrors = mcpdescAppendErrors(vErrors, validate12.errors);errors = vErrors.length;}',
    ],
    [
      'a wrapped recursive call',
      'vErrors = vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);',
      'vErrors = mcpdescAppendErrors(vErrors, wrapper0.validate.errors);',
    ],
  ])('rewrites %s to append in place', (_name, code, expected) => {
    const out = linearErrorConcat(code);
    expect(out.startsWith(expected)).toBe(true);
    expect(out.match(/function mcpdescAppendErrors/g)).toHaveLength(1);
    expect(out).not.toContain('.concat(');
  });

  it.each([
    ['no concatenation', 'const a = 1;'],
    [
      'a concatenation of something else',
      'vErrors = vErrors === null ? a.errors : vErrors.concat(b.errors);',
    ],
  ])('leaves %s alone', (_name, code) => {
    expect(linearErrorConcat(code)).toBe(code);
  });

  it('gives the same errors as Ajv’s own code, for a schema of references (property)', () => {
    const schema = {
      $defs: {
        leaf: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 0 } } },
        node: {
          type: 'object',
          properties: {
            leaf: { $ref: '#/$defs/leaf' },
            children: { type: 'array', items: { $ref: '#/$defs/node' } },
          },
        },
      },
      type: 'array',
      items: { anyOf: [{ $ref: '#/$defs/node' }, { $ref: '#/$defs/leaf' }] },
    };
    const plain = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const linear = new Ajv({ allErrors: true, strict: false, code: LINEAR_ERRORS_CODE }).compile(schema);
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), (data) => {
        expect(linear(data)).toBe(plain(data));
        expect(linear.errors ?? null).toEqual(plain.errors ?? null);
      }),
      { numRuns: 500 },
    );
  });

  // npm test builds first; the standalone modules are written from Ajv's code before `code.process`.
  it('left no error concatenation in the validators the build precompiled', () => {
    const dist = join(import.meta.dirname, '../../dist');
    const modules = ['validate', 'lint'].flatMap((folder) =>
      readdirSync(join(dist, folder))
        .filter((name) => name.endsWith('.precompiled.cjs'))
        .map((name) => join(dist, folder, name)),
    );
    expect(modules.length).toBeGreaterThanOrEqual(5);
    for (const file of modules) expect(readFileSync(file, 'utf8')).not.toMatch(/\.concat\(/);
  });
});
