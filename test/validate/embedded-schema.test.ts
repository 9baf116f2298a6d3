import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  checkInstance,
  compileSchema,
  MAX_COMPILED_SCHEMA_VALUES,
} from '../../src/validate/embedded-schema.js';

const objectWith = (count: number) => ({
  type: 'object',
  properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, { type: 'string' }])),
});

describe('compileSchema', () => {
  it.each([
    // 1 + type + properties + 2 per property: 2 + 1 + 2n values
    ['just under the limit', (MAX_COMPILED_SCHEMA_VALUES - 3) / 2 - 1, true],
    ['past the limit', MAX_COMPILED_SCHEMA_VALUES / 2, false],
  ])('%s: compiled = %s', (_name, count, compiled) => {
    const result = compileSchema(objectWith(Math.floor(count)));
    expect(result.ok).toBe(compiled);
    if (!result.ok) {
      expect(result.tooLarge).toBe(true);
      expect(result.error).toContain(`more than ${MAX_COMPILED_SCHEMA_VALUES} values`);
    }
  });

  it('still reports a schema that does not compile as an error, not as too large', () => {
    const result = compileSchema({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.tooLarge).toBeUndefined();
  });
});

describe('checkInstance', () => {
  it('a validator that overflows the stack makes the check incomplete, not a crash', () => {
    const overflowing = (() => {
      throw new RangeError('Maximum call stack size exceeded');
    }) as unknown as ValidateFunction;
    expect(checkInstance(overflowing, {})).toMatchObject({
      errors: [],
      incomplete: true,
      why: expect.stringContaining('nests too deeply'),
    });
  });

  it('other errors still propagate (a bug is not an incomplete check)', () => {
    const broken = (() => {
      throw new TypeError('bug');
    }) as unknown as ValidateFunction;
    expect(() => checkInstance(broken, {})).toThrow(TypeError);
  });
});
