/** Regular expressions from documents run within a time budget: stopped, skipped, never hung. */
import { describe, expect, it } from 'vitest';
import { compareSchemas } from '../../src/schema/index.js';
import {
  guardedFormat,
  guardedTest,
  isSimplePattern,
  MAX_REGEX_INPUT,
  takeRegexSkipped,
  tryGuardedTest,
  withRegexBudget,
} from '../../src/util/regex-guard.js';

describe('isSimplePattern', () => {
  it.each([
    ['^[a-z]+$', true],
    ['^\\d{4}-\\d{2}$', false],
    ['abc', true],
    ['[*+?{}]x', true],
    ['\\*\\+x', true],
    ['(?:ab)c?', true],
    ['(?<year>\\d)x', true],
    ['\\s*\\s*x', false],
    ['a*?b', true],
    ['a{2,}?b', true],
    ['(?=a)b', false],
    ['(?!a)b', false],
    ['(?<=a)b', false],
    ['(?<!a)b', false],
  ])('%s → %s', (source, simple) => {
    expect(isSimplePattern(source)).toBe(simple);
  });
});

describe('guardedTest', () => {
  it('matches as the expression does, and skips nothing', () => {
    withRegexBudget(() => {
      takeRegexSkipped();
      expect(guardedTest(/^[a-z]+$/u, 'abc', true)).toBe(true);
      expect(guardedTest(/^[a-z]+$/u, 'ab1', true)).toBe(false);
      expect(guardedTest(/^\d+-\d+$/u, '12-34', false)).toBe(true);
      expect(guardedTest(/^\d+-\d+$/u, '12-x', false)).toBe(false);
      expect(takeRegexSkipped()).toBe(false);
    });
  });

  it('stops a polynomial expression (40 s on 600 spaces) within the budget, and says it skipped', () => {
    withRegexBudget(() => {
      takeRegexSkipped();
      // Unstopped this takes hours: a regression fails as this test's timeout.
      expect(guardedTest(/\s*\s*\s*\s*x/u, ' '.repeat(5000), false)).toBe(true);
      expect(takeRegexSkipped()).toBe(true);
      // The budget is spent: the next check is skipped at once, even a cheap one.
      expect(guardedTest(/^a$/u, 'b', true)).toBe(true);
      expect(takeRegexSkipped()).toBe(true);
      // A call inside (a diff's schema comparison) shares the spent budget.
      withRegexBudget(() => expect(guardedTest(/^a$/u, 'b', true)).toBe(true));
      expect(takeRegexSkipped()).toBe(true);
    });
    // A new document has a new budget.
    withRegexBudget(() => expect(guardedTest(/^a$/u, 'b', true)).toBe(false));
    expect(takeRegexSkipped()).toBe(false);
  });

  it('gives each compareSchemas call of a library caller its own budget', () => {
    const governed = (pattern: string, type: string) => ({
      type: 'object',
      properties: { [' '.repeat(3000)]: {}, xa: { type } },
      patternProperties: { [pattern]: {} },
    });
    // Four adjacent \s* against 3,000 spaces: stopped, and the budget of this call is spent.
    const first = compareSchemas(
      governed('\\s*\\s*\\s*\\s*x', 'string'),
      governed('\\s*\\s*\\s*\\s*x', 'integer'),
      {
        direction: 'input',
      },
    );
    expect(first.map((c) => c.kind)).toContain('pattern-property-unresolved');
    // The next call matches its own keys again (a spent budget left them unresolved).
    const next = compareSchemas(governed('^x', 'string'), governed('^x', 'integer'), { direction: 'input' });
    expect(next.map((c) => c.kind)).toEqual(['type-constraint-removed', 'type-constraint-added']);
  });

  it('skips inputs over the length limit', () => {
    withRegexBudget(() => {
      takeRegexSkipped();
      expect(guardedTest(/^b$/u, 'a'.repeat(MAX_REGEX_INPUT + 1), true)).toBe(true);
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
      expect(tryGuardedTest(/^a$/u, 'a', true)).toBe(true);
      expect(tryGuardedTest(/^a$/u, 'a'.repeat(MAX_REGEX_INPUT + 1), true)).toBeUndefined();
      expect(tryGuardedTest(/\s*\s*\s*\s*x/u, ' '.repeat(5000), false)).toBeUndefined();
      expect(takeRegexSkipped()).toBe(false);
    });
  });
});
