import { describe, expect, it } from 'vitest';
import { wordDiff, wordDiffText } from '../../src/action/word-diff.js';
import { decodeQuoted } from '../../src/report/quoted.js';

describe('wordDiff', () => {
  it.each([
    ['one word replaced', 'Comment content', 'Comment body', 'Comment [-content-]{+body+}'],
    [
      'an addition at the end',
      'Issue number',
      'Issue number to comment on',
      'Issue number {+to comment on+}',
    ],
    [
      'a change in a long text keeps a few words of context each side',
      'a b c d e f g h i j k l m n o p q r s t',
      'a b c d e f g h i j X l m n o p q r s t',
      '… f g h i j [-k-]{+X+} l m n o p …',
    ],
    ['equal texts', 'same', 'same', 'same'],
  ])('%s', (_name, before, after, expected) => {
    expect(wordDiffText(wordDiff(before, after))).toBe(expected);
  });

  it('cuts a long changed run', () => {
    const parts = wordDiff('short', 'x'.repeat(1000));
    expect(parts.every((p) => p.text.length <= 161)).toBe(true);
    expect(parts.some((p) => p.kind === 'added' && p.text.endsWith('…'))).toBe(true);
  });
});

describe('decodeQuoted', () => {
  it.each([
    ['property "body" is no longer required', 'property `body` is no longer required'],
    ['description "a\\nb \\"c\\"" → "d"', 'description `a\nb "c"` → `d`'],
    ['description "abc..." → "a\\nbc...', 'description `abc...` → `a\nbc...`'],
    ['a `code` span "x`y"', "a `code` span `x'y`"],
    ['no quotes', 'no quotes'],
  ])('%s', (message, expected) => {
    expect(decodeQuoted(message)).toBe(expected);
  });
});
