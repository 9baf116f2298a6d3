import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareSchemas, verdictOf } from '../../src/schema/index.js';
import { FULL_MATCH_PAIRS, MATCH_WINDOW } from '../../src/schema/match.js';

/**
 * Lists past FULL_MATCH_PAIRS are matched within a window of each index. The result must stay
 * sound: a compatible verdict still means every old instance is accepted by the new schema.
 */
const ajv = new Ajv2020({ strict: false });
const LONG = Math.ceil(Math.sqrt(FULL_MATCH_PAIRS)) + 10;

const branch = (k: number) => ({ type: 'object', properties: { kind: { const: k } }, required: ['kind'] });

describe('composition lists longer than a full best-fit match', () => {
  it('a long anyOf compared with a permuted, edited copy: compatible verdicts are sound', () => {
    const arb = fc.record({
      keep: fc.array(fc.boolean(), { minLength: LONG, maxLength: LONG }),
      extra: fc.array(fc.integer({ min: 0, max: 3 * LONG }), { maxLength: 5 }),
      moves: fc.array(fc.tuple(fc.nat(LONG + 4), fc.nat(LONG + 4)), { maxLength: 12 }),
      keepAll: fc.boolean(),
    });
    let compatible = 0;
    fc.assert(
      fc.property(arb, ({ keep, extra, moves, keepAll }) => {
        const oldKinds = Array.from({ length: LONG }, (_, i) => i);
        const newKinds = [...oldKinds.filter((_, i) => keepAll || keep[i]), ...extra];
        for (const [a, b] of moves) {
          if (a >= newKinds.length || b >= newKinds.length) continue;
          [newKinds[a], newKinds[b]] = [newKinds[b] as number, newKinds[a] as number];
        }
        const oldSchema = { anyOf: oldKinds.map(branch) };
        const newSchema = { anyOf: newKinds.map(branch) };
        const verdict = verdictOf(compareSchemas(oldSchema, newSchema, { direction: 'input' }));
        const accepts = ajv.compile(newSchema);
        const allKept = oldKinds.every((k) => accepts({ kind: k }));
        if (verdict === 'compatible') {
          compatible++;
          expect(allKept).toBe(true);
        }
        if (!allKept) expect(verdict).toBe('breaking');
      }),
      { numRuns: 60, seed: 7 },
    );
    expect(compatible).toBeGreaterThan(0);
  });

  it('branches moved within the window are matched, farther ones are told as removed and added', () => {
    const kinds = Array.from({ length: LONG }, (_, i) => i);
    const near = [...kinds];
    [near[0], near[MATCH_WINDOW]] = [near[MATCH_WINDOW] as number, near[0] as number];
    expect(
      compareSchemas({ anyOf: kinds.map(branch) }, { anyOf: near.map(branch) }, { direction: 'input' }),
    ).toEqual([]);
    const far = [...kinds];
    [far[0], far[LONG - 1]] = [far[LONG - 1] as number, far[0] as number];
    const changes = compareSchemas(
      { anyOf: kinds.map(branch) },
      { anyOf: far.map(branch) },
      { direction: 'input' },
    );
    expect(changes.map((c) => c.kind).sort()).toEqual([
      'any-of-branch-added',
      'any-of-branch-added',
      'any-of-branch-removed',
      'any-of-branch-removed',
    ]);
  });

  it('a short list beside a long one meets every item', () => {
    const wide = { type: 'object' };
    const changes = compareSchemas(
      { anyOf: Array.from({ length: 5000 }, (_, i) => branch(i)) },
      { anyOf: [wide] },
      { direction: 'input' },
    );
    // Every old branch fits inside the one new branch: nothing was removed.
    expect(changes.filter((c) => c.kind === 'any-of-branch-removed')).toEqual([]);
    expect(verdictOf(changes)).toBe('compatible');
  });

  it('3,000 changed branches, and 300 × 300 nested, finish with every branch reported', () => {
    const long = (d: number) => ({ anyOf: Array.from({ length: 3000 }, (_, i) => ({ const: i + d })) });
    const changes = compareSchemas(long(0), long(100_000), { direction: 'input' });
    expect(verdictOf(changes)).toBe('breaking');
    expect(changes.filter((c) => c.kind === 'any-of-branch-removed')).toHaveLength(3000);
    const nested = (d: number) => ({
      anyOf: Array.from({ length: 300 }, (_, i) => ({
        anyOf: Array.from({ length: 300 }, (_, j) => ({ const: i * 1000 + j + d })),
      })),
    });
    expect(verdictOf(compareSchemas(nested(0), nested(1), { direction: 'input' }))).toBe('breaking');
  });
});
