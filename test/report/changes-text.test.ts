/** The word diff of changed prose in `diff`'s text report, and its bounds. */
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { MAX_WORD_DIFF_CHARS, MAX_WORD_EDITS, wordDiff } from '../../src/report/changes-text.js';

const plain = new Chalk({ level: 0 });
const diff = (a: string, b: string) => wordDiff(a, b, plain, false);
const words = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => `${prefix}${i}`).join(' ');

describe('wordDiff', () => {
  it.each([
    [
      'one word changed',
      'Daily forecast for a city.',
      'Hourly forecast for a city.',
      '[-Daily-]{+Hourly+} forecast for a city.',
    ],
    [
      'a word added',
      'Current temperature.',
      'Current temperature and sky.',
      'Current temperature {+and sky+}.',
    ],
    ['equal texts', 'Same words.', 'Same words.', 'Same words.'],
    [
      'a long unchanged stretch keeps context around the change',
      `${'a '.repeat(100)}old end`,
      `${'a '.repeat(100)}new end`,
      ` … ${'a '.repeat(20)}[-old-]{+new+} end`,
    ],
    ['control characters from the document are shown', 'a\u001b[31m b', 'a c', 'a[-\\u{1B}[31m b-]{+ c+}'],
  ])('%s', (_name, before, after, expected) => {
    expect(diff(before, after)).toBe(expected);
  });

  it('shows two texts too long to compare as old then new, each cut to a head', () => {
    const before = words(MAX_WORD_DIFF_CHARS, 'o');
    const after = words(MAX_WORD_DIFF_CHARS, 'n');
    const out = diff(before, after);
    expect(out).toMatch(
      /^\[-o0 o1 .* … \(\d+ more characters\)-\] \{\+n0 n1 .* … \(\d+ more characters\)\+\}$/,
    );
    expect(out.length).toBeLessThan(600);
  });

  it('shows texts that differ in more words than it looks for the same way', () => {
    // Short enough to compare, but every word differs.
    const before = words(MAX_WORD_EDITS + 100, 'o');
    const after = words(MAX_WORD_EDITS + 100, 'n');
    expect(before.length + after.length).toBeLessThan(MAX_WORD_DIFF_CHARS);
    expect(diff(before, after)).toMatch(/^\[-o0 o1 .*-\] \{\+n0 n1 .*\+\}$/);
  });

  it('never cuts a surrogate pair in half', () => {
    const before = `${'x'.repeat(199)}😀${'y'.repeat(30_000)}`;
    const out = diff(before, 'short');
    expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(out.startsWith(`[-${'x'.repeat(199)} … (`)).toBe(true);
  });
});
