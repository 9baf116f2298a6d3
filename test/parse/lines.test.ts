import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../src/parse/lines.js';

/** The reference: count the line breaks before the offset. */
function naive(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lastBreak = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: offset - lastBreak };
}

describe('LineIndex', () => {
  it.each([
    ['', 0, { line: 1, column: 1 }],
    ['abc', 2, { line: 1, column: 3 }],
    ['a\nb', 1, { line: 1, column: 2 }],
    ['a\nb', 2, { line: 2, column: 1 }],
    ['a\r\nb', 3, { line: 2, column: 1 }],
    ['\n\n\n', 3, { line: 4, column: 1 }],
  ])('%j at %i', (text, offset, expected) => {
    expect(new LineIndex(text).position(offset)).toEqual(expected);
  });

  it('places offsets in texts with more lines than its first guess (one per 32 characters)', () => {
    // 5,000 empty lines in a 5,000-character text: the table grows several times.
    const text = '\n'.repeat(5000);
    const lines = new LineIndex(text);
    for (const offset of [0, 1, 31, 32, 33, 1000, 4095, 4096, 4999, 5000])
      expect(lines.position(offset)).toEqual(naive(text, offset));
  });

  it('agrees with counting line breaks, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant('\n'), fc.string({ maxLength: 40 })), { maxLength: 200 }),
        fc.nat(),
        (parts, seed) => {
          const text = parts.join('');
          const offset = text.length === 0 ? 0 : seed % (text.length + 1);
          expect(new LineIndex(text).position(offset)).toEqual(naive(text, offset));
        },
      ),
    );
  });
});
