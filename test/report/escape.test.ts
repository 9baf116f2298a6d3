import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cutAtCodePoint,
  encodePath,
  escapeCode,
  escapeHtmlComment,
  escapeMarkdown,
  escapeMessage,
  markdownLink,
} from '../../src/report/escape.js';

const ZWSP = '&#8203;';

describe('escapeMarkdown: the one Markdown escape', () => {
  it.each([
    ['HTML', '<img src=x onerror="a"> & <b>', '&lt;img src=x onerror=&quot;a&quot;&gt; &amp; &lt;b&gt;'],
    ['a link and an image', '![p](u) [c](j)', '\\!\\[p\\]\\(u\\) \\[c\\]\\(j\\)'],
    [
      'emphasis, code, table, math, strike',
      '**b** `c` a|b $x$ ~~s~~',
      '\\*\\*b\\*\\* \\`c\\` a\\|b \\$x\\$ \\~\\~s\\~\\~',
    ],
    ['a mention and a team mention', '@octocat @org/team', `@${ZWSP}octocat @${ZWSP}org/team`],
    [
      'issue references',
      '#12 octo/repo#34 GH-56 gh-7',
      `\\#${ZWSP}12 octo/repo\\#${ZWSP}34 GH${ZWSP}-56 gh${ZWSP}-7`,
    ],
    ['a URL', 'https://evil.example/x', `https${ZWSP}\\://evil.example/x`],
    ['www.', 'www.evil.example and xwww.y', `www${ZWSP}.evil.example and xwww${ZWSP}.y`],
    ['an e-mail address', 'me@evil.example', `me@${ZWSP}evil.example`],
    ['a list marker, rule or underline at the start', '- a', '\\- a'],
    ['an ordered list marker at the start', '1. a', '1\\. a'],
    ['a version at the start, a dash inside', '1.8.0 and -x', '1.8.0 and -x'],
    ['line breaks and whitespace runs', 'a\nb\r\n\tc\u2028d   e', 'a b c d e'],
    ['C0 and C1 controls', 'a\u001b[2Jb\u009bc\u0007', 'a\\\\u\\{1B\\}\\[2Jb\\\\u\\{9B\\}c\\\\u\\{7\\}'],
    ['bidi overrides', 'safe\u202Eexe.txt\u2066', 'safe\\\\u\\{202E\\}exe.txt\\\\u\\{2066\\}'],
    ['invisible characters', 'a\u200Bb\uFEFFc', 'a\\\\u\\{200B\\}b\\\\u\\{FEFF\\}c'],
  ])('%s', (_what, input, expected) => {
    expect(escapeMarkdown(input)).toBe(expected);
  });

  it('cuts long text with … when asked, never splitting a surrogate pair', () => {
    expect(escapeMarkdown('x'.repeat(1000), { maxLength: 50 })).toBe(`${'x'.repeat(49)}…`);
    expect(escapeMarkdown('x'.repeat(1000))).toHaveLength(1000);
    expect(cutAtCodePoint('ab😀', 3)).toBe('ab');
    expect(cutAtCodePoint('ab😀', 4)).toBe('ab😀');
  });

  it('leaves nothing GitHub would render as structure, a mention, a reference or a link (property)', () => {
    const piece = fc.constantFrom(
      '@',
      'octo',
      '#',
      '12',
      'GH-',
      '/',
      'https',
      'http',
      ':',
      '//',
      'www',
      '.',
      'a@b.c',
      '<',
      '>',
      '&',
      '"',
      '[',
      ']',
      '(',
      ')',
      '!',
      '`',
      '*',
      '_',
      '|',
      '~',
      '$',
      '\\',
      ' ',
      '\n',
      '\u202E',
      '\u001b',
      'é',
      '😀',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const out = escapeMarkdown(pieces.join(''));
        // biome-ignore lint/suspicious/noControlCharactersInRegex: a raw control character is what must not be left
        expect(out).not.toMatch(/[<>"\n\u202E\u001b]/);
        expect(out).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#8203;)/);
        expect(out).not.toMatch(/(^|[^\\])[[\]()!`*_|~$]/);
        expect(out).not.toMatch(/@(?!&#8203;)/);
        expect(out).not.toMatch(/(?<!&)#\d/);
        expect(out).not.toMatch(/https?\\?:\/\//i);
        expect(out).not.toMatch(/www\./i);
      }),
      { numRuns: 3000 },
    );
  });

  it('escapes a long run of scheme characters in linear time (a regression takes minutes)', () => {
    const text = `${'a1'.repeat(200_000)}://x`;
    const out = escapeMarkdown(text);
    expect(out.startsWith('a1a1')).toBe(true);
    expect(out.endsWith(`${ZWSP}\\://x`)).toBe(true);
  });
});

describe('escapeMessage, escapeCode, links', () => {
  it('renders backquoted spans as <code> with escaped content', () => {
    expect(escapeMessage('tool `get_alerts` removed')).toBe('tool <code>get\\_alerts</code> removed');
    expect(escapeMessage('tool `<b>@x</b>` removed')).toBe(
      `tool <code>&lt;b&gt;@${ZWSP}x&lt;/b&gt;</code> removed`,
    );
    expect(escapeMessage('unbalanced ` quote')).toBe('unbalanced \\` quote');
  });

  it('escapes identifiers and percent-encodes URL characters that could end a link', () => {
    expect(escapeCode('a_b')).toBe('<code>a\\_b</code>');
    expect(markdownLink('t', 'https://github.com/o/r/blob/s/a (1).yaml#L2')).toBe(
      '[t](https://github.com/o/r/blob/s/a%20%281%29.yaml#L2)',
    );
    expect(encodePath('dir/a b(1)#.yaml')).toBe('dir/a%20b%281%29%23.yaml');
    expect(escapeHtmlComment('CI --> <b>')).toBe('CI - b');
  });
});
