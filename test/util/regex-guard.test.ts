/** Regular expressions from documents run in linear time or within a time budget: never hung. */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareSchemas } from '../../src/schema/index.js';
import {
  compilePattern,
  guardedFormat,
  guardedMatch,
  MAX_REGEX_INPUT,
  takeRegexSkipped,
  toLinearSyntax,
  tryGuardedTest,
  withRegexBudget,
} from '../../src/util/regex-guard.js';

/** Compiles as validation and schema comparison do (ECMA-262 with the `u` flag). */
const guarded = (source: string) => compilePattern(source, 'u');

describe('toLinearSyntax', () => {
  it.each([
    ['^[a-z]+$', '^[a-z]+$'],
    ['^\\d{4}-\\d{2}$', '^\\d{4}-\\d{2}$'],
    ['(?<year>\\d)x', '(?:\\d)x'],
    ['a.b', 'a[^\\n\\r\\x{2028}\\x{2029}]b'],
    ['[[:alpha:]]', '[\\[:alpha:]]'],
    ['[\\b]', '[\\x{8}]'],
    ['\\u00e9\\u{1F600}\\x41', '\\x{00e9}\\x{1F600}\\x{41}'],
    ['(?=a)b', undefined],
    ['(?<!a)b', undefined],
    ['(a)\\1', undefined],
    ['\\p{L}', undefined],
    ['[^]', undefined],
    ['[]', undefined],
    ['[\\S]', undefined],
    ['\\uD83D\\uDE00', undefined],
    ['\\cA', undefined],
  ])('%s → %s', (source, linear) => {
    expect(toLinearSyntax(source)).toBe(linear);
  });

  it('matches exactly as V8 does, on every pattern it accepts', () => {
    const atom = fc.constantFrom(
      'a',
      'b',
      '.',
      '\\d',
      '\\D',
      '\\w',
      '\\W',
      '\\s',
      '\\S',
      '\\b',
      '\\B',
      '[ab]',
      '[^a]',
      '[\\s\\d]',
      '[a-c\\b]',
      '\\.',
      '\\u00e9',
      '\\x20',
      '\\n',
      '\\t',
      '\\v',
      '\\0',
      '[[]',
      'é',
      '😀',
    );
    const quantifier = fc.constantFrom('', '', '*', '+', '?', '{2}', '{1,3}', '*?', '{0,}');
    const piece = fc.tuple(atom, quantifier).map(([a, q]) => a + q);
    const sequence = fc.array(piece, { maxLength: 4 }).map((pieces) => pieces.join(''));
    const pattern = fc
      .tuple(fc.boolean(), fc.array(sequence, { minLength: 1, maxLength: 3 }), fc.boolean(), fc.boolean())
      .map(([start, alternatives, group, end]) => {
        const body = alternatives.join('|');
        return `${start ? '^' : ''}${group ? `(?:${body})` : `(${body})`}${end ? '$' : ''}`;
      });
    const input = fc
      .array(
        fc.constantFrom(
          'a',
          'b',
          'c',
          '1',
          ' ',
          '\n',
          '\r',
          '\u2028',
          '\u00a0',
          '\ufeff',
          '\u000b',
          'é',
          '😀',
          '\b',
          '\0',
          '_',
          '[',
        ),
        {
          maxLength: 8,
        },
      )
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(pattern, input, (source, text) => {
        let valid = true;
        try {
          new RegExp(source, 'u');
        } catch {
          valid = false; // a quantified assertion (`\\b*`)
        }
        fc.pre(valid);
        const compiled = guarded(source);
        expect(compiled.linear).toBeDefined();
        expect(compiled.linear?.test(text)).toBe(new RegExp(source, 'u').test(text));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('guardedMatch', () => {
  it('matches as the expression does, and skips nothing', () => {
    withRegexBudget(() => {
      takeRegexSkipped();
      expect(guardedMatch(guarded('^[a-z]+$'), 'abc')).toBe(true);
      expect(guardedMatch(guarded('^[a-z]+$'), 'ab1')).toBe(false);
      expect(guardedMatch(guarded('^\\d+-\\d+$'), '12-34')).toBe(true);
      expect(guardedMatch(guarded('(?<=1)2'), '12')).toBe(true);
      expect(guardedMatch(guarded('(?<=1)2'), '32')).toBe(false);
      expect(takeRegexSkipped()).toBe(false);
    });
  });

  it('runs an exponential pattern with one quantifier (`^(a|a)*$`) in linear time, to its answer', () => {
    withRegexBudget(() => {
      takeRegexSkipped();
      // In V8 this takes longer than the universe's age; a regression fails as the test's timeout.
      expect(guardedMatch(guarded('^(a|a)*$'), `${'a'.repeat(5000)}!`)).toBe(false);
      expect(guardedMatch(guarded('^(a|a)*$'), 'a'.repeat(5000))).toBe(true);
      expect(guardedMatch(guarded('(a+)+b'), 'a'.repeat(5000))).toBe(false);
      expect(guardedMatch(guarded('\\s*\\s*\\s*\\s*x'), ' '.repeat(5000))).toBe(false);
      expect(takeRegexSkipped()).toBe(false);
    });
  });

  it('stops what only V8 can run (lookaround) within the budget, and says it skipped', () => {
    withRegexBudget(() => {
      takeRegexSkipped();
      // Anchored: V8 12+ (Node 24) rejects an unanchored `(?=…)b` at once by looking for the `b`.
      const slow = guarded('^(?=(a|a?)+$)');
      expect(slow.linear).toBeUndefined();
      // Unstopped this takes hours: a regression fails as this test's timeout.
      expect(guardedMatch(slow, `${'a'.repeat(40)}!`)).toBe(true);
      expect(takeRegexSkipped()).toBe(true);
      // The budget is spent: the next V8 check is skipped at once, even a cheap one.
      expect(guardedMatch(guarded('(?=a)a'), 'b')).toBe(true);
      expect(takeRegexSkipped()).toBe(true);
      // A call inside (a diff's schema comparison) shares the spent budget.
      withRegexBudget(() => expect(guardedMatch(guarded('(?=a)a'), 'b')).toBe(true));
      expect(takeRegexSkipped()).toBe(true);
      // The budget bounds the sum of linear matches too (10,000 patterns × 10,000 names).
      expect(guardedMatch(guarded('^a$'), 'b')).toBe(true);
      expect(takeRegexSkipped()).toBe(true);
    });
    // A new command has a new budget.
    withRegexBudget(() => expect(guardedMatch(guarded('(?=a)a'), 'b')).toBe(false));
    expect(takeRegexSkipped()).toBe(false);
  });

  it('gives each compareSchemas call of a library caller its own budget', () => {
    const governed = (pattern: string, type: string) => ({
      type: 'object',
      properties: { [' '.repeat(3000)]: {}, xa: { type } },
      patternProperties: { [pattern]: {} },
    });
    // A lookahead over four adjacent \s* against 3,000 spaces: stopped, this call's budget spent.
    const first = compareSchemas(
      governed('(?=\\s*\\s*\\s*\\s*x)', 'string'),
      governed('(?=\\s*\\s*\\s*\\s*x)', 'integer'),
      { direction: 'input' },
    );
    expect(first.map((c) => c.kind)).toContain('pattern-property-unresolved');
    // The next call matches its own keys again (a spent budget left them unresolved).
    const next = compareSchemas(governed('(?=x)', 'string'), governed('(?=x)', 'integer'), {
      direction: 'input',
    });
    expect(next.map((c) => c.kind)).toEqual(['type-constraint-removed', 'type-constraint-added']);
  });

  it('skips inputs over the length limit', () => {
    withRegexBudget(() => {
      takeRegexSkipped();
      expect(guardedMatch(guarded('^b$'), 'a'.repeat(MAX_REGEX_INPUT + 1))).toBe(true);
      expect(takeRegexSkipped()).toBe(true);
    });
  });
});

describe('guardedFormat', () => {
  it('checks, and skips an expression format’s over-long input (url took minutes on a megabyte)', () => {
    takeRegexSkipped();
    expect(guardedFormat(/^a+$/, 'aaa')).toBe(true);
    expect(guardedFormat(/^a+$/, 'aab')).toBe(false);
    expect(guardedFormat((value: number) => value > 1, 2 as never)).toBe(true);
    expect(takeRegexSkipped()).toBe(false);
    expect(guardedFormat(/^a+$/, 'b'.repeat(MAX_REGEX_INPUT + 1))).toBe(true);
    expect(takeRegexSkipped()).toBe(true);
    // A function format is never cut by length (a long base64 `byte` string is fine).
    expect(
      guardedFormat(
        (value: string) => value.length > MAX_REGEX_INPUT,
        'x'.repeat(MAX_REGEX_INPUT + 1) as never,
      ),
    ).toBe(true);
    expect(takeRegexSkipped()).toBe(false);
  });
});

describe('tryGuardedTest', () => {
  it('says it could not run (undefined) without marking a validation check skipped', () => {
    withRegexBudget(() => {
      takeRegexSkipped();
      expect(tryGuardedTest(/^a$/u, 'a')).toBe(true);
      expect(tryGuardedTest(/^a$/u, 'a'.repeat(MAX_REGEX_INPUT + 1))).toBeUndefined();
      expect(tryGuardedTest(/\s*\s*\s*\s*x/u, ' '.repeat(5000))).toBeUndefined();
      expect(takeRegexSkipped()).toBe(false);
    });
  });
});
