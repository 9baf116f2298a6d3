import { describe, expect, it } from 'vitest';
import { compareSchemas, type Direction, type Effect, type Level } from '../../../src/schema/index.js';

/**
 * One row: a name, the old and new schema, and the expected changes as `kind:effect` tokens
 * (space separated, any order; '' for "no change"). Each row runs in both directions; the level
 * of every change must follow the direction rule, so a row states the effect once and both
 * verdicts are checked.
 */
export type Row = [name: string, oldSchema: unknown, newSchema: unknown, expected: string];

const RULE: Record<Direction, Record<Exclude<Effect, 'none'>, Level>> = {
  input: { narrowed: 'breaking', widened: 'info', changed: 'breaking', unknown: 'warning' },
  output: { narrowed: 'info', widened: 'breaking', changed: 'breaking', unknown: 'warning' },
};

const FIXED_WARNING = new Set(['default-added', 'default-removed', 'default-changed']);

export function table(family: string, rows: readonly Row[]): void {
  describe(family, () => {
    for (const direction of ['input', 'output'] as const) {
      describe(direction, () => {
        it.each(rows.map((row) => [row[0], row] as const))('%s', (_name, [, before, after, expected]) => {
          const changes = compareSchemas(before, after, { direction, semantics: 'json-schema' });
          const got = changes.map((c) => `${c.kind}:${c.effect}`).sort();
          const want = expected.split(/\s+/).filter(Boolean).sort();
          expect(got).toEqual(want);
          for (const change of changes) {
            const level =
              change.effect === 'none'
                ? FIXED_WARNING.has(change.kind)
                  ? 'warning'
                  : 'info'
                : RULE[direction][change.effect];
            expect(change.level, change.kind).toBe(level);
            expect(change.message.length).toBeGreaterThan(0);
          }
        });
      });
    }
  });
}

/** `{if, then, else}` without writing a literal `then` key (the linter flags thenables). */
export function conditional(
  ifSchema: unknown,
  thenSchema?: unknown,
  elseSchema?: unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = { if: ifSchema };
  // biome-ignore lint/suspicious/noThenProperty: `then` is a JSON Schema keyword here
  if (thenSchema !== undefined) out.then = thenSchema;
  if (elseSchema !== undefined) out.else = elseSchema;
  return out;
}
