import { describe, expect, it } from 'vitest';
import { nextLink } from '../../src/action/github-api.js';
import { trimEndOf, trimOf } from '../../src/util/trim.js';

describe('trimEndOf / trimOf', () => {
  it.each([
    ['dir///', '/', 'dir'],
    ['dir\\/\\', '\\/', 'dir'],
    ['///', '/', ''],
    ['', '/', ''],
    ['a/b', '/', 'a/b'],
  ])('trimEndOf(%j, %j) is %j', (text, chars, expected) => {
    expect(trimEndOf(text, chars)).toBe(expected);
  });

  it.each([
    ['--a-b--', '-', 'a-b'],
    ['----', '-', ''],
    ['"next"', '"', 'next'],
    ['x', '-', 'x'],
  ])('trimOf(%j, %j) is %j', (text, chars, expected) => {
    expect(trimOf(text, chars)).toBe(expected);
  });

  it('handles long runs (`/\\/+$/` took ≈ 20 s on this one, past the test timeout)', () => {
    const run = `${'/'.repeat(200_000)}x`;
    expect(trimEndOf(run, '/')).toBe(run);
    expect(trimOf(`${'-'.repeat(200_000)}x`, '-')).toBe('x');
  });
});

describe('nextLink', () => {
  it.each([
    ['<https://a/x?page=2>; rel="next", <https://a/x?page=9>; rel="last"', 'https://a/x?page=2'],
    ['<https://a/x?page=9>; rel="last", <https://a/x?page=3>; rel=next', 'https://a/x?page=3'],
    ['<https://a/x?page=3>; title="next one"; rel="prev next"', 'https://a/x?page=3'],
    ['<https://a/x?page=3>; REL="Next"', 'https://a/x?page=3'],
    ['<https://a/x?page=1>; rel="prev"', undefined],
    ['<https://a/x?page=1>; rel="nextish"', undefined],
    ['https://a/x; rel="next"', undefined],
    ['', undefined],
  ])('%j → %j', (header, expected) => {
    expect(nextLink(header)).toBe(expected);
  });

  it('handles hostile headers (the old expressions took seconds on the first)', () => {
    expect(nextLink('<'.repeat(100_000))).toBeUndefined();
    expect(nextLink(`<x>; rel="${' '.repeat(100_000)}x`)).toBeUndefined();
  });
});
