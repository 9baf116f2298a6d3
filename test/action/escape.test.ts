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
} from '../../src/action/escape.js';

const ZWSP = '&#8203;';

describe('escapeMarkdown', () => {
  it('turns HTML into text', () => {
    expect(escapeMarkdown('<img src=x onerror="alert(1)"> & <script>x</script>')).toBe(
      '&lt;img src=x onerror=&quot;alert\\(1\\)&quot;&gt; &amp; &lt;script&gt;x&lt;/script&gt;',
    );
  });

  it('breaks Markdown links, images, emphasis, code, tables and math', () => {
    const out = escapeMarkdown(
      '![pic](https://evil.example/p.png) [click](javascript:alert(1)) **b** `c` a|b $x$ ~~s~~',
    );
    expect(out).not.toMatch(/(^|[^\\])[[\]()*`|$~]/);
    expect(out).toContain('\\!\\[pic\\]\\(https');
  });

  it('neutralises mentions, team mentions, cross-references and autolinks', () => {
    const out = escapeMarkdown(
      '@octocat @org/team #12 octo/repo#34 GH-56 https://evil.example www.evil.example me@evil.example',
    );
    expect(out).toBe(
      `@${ZWSP}octocat @${ZWSP}org/team \\#${ZWSP}12 octo/repo\\#${ZWSP}34 GH${ZWSP}-56 https${ZWSP}\\://evil.example www${ZWSP}.evil.example me@${ZWSP}evil.example`,
    );
    expect(out).not.toMatch(/@[A-Za-z]/);
    expect(out).not.toMatch(/(?<!&)#\d/);
    expect(out).not.toMatch(/https?\\?:\/\//);
  });

  it('keeps table rows on one line and cuts long text', () => {
    expect(escapeMarkdown('a\nb\r\n\tc\u2028d')).toBe('a b c d');
    const long = escapeMarkdown('x'.repeat(1000), 50);
    expect(long).toBe(`${'x'.repeat(49)}…`);
  });

  it('never splits a surrogate pair', () => {
    expect(cutAtCodePoint('ab😀', 3)).toBe('ab');
    expect(cutAtCodePoint('ab😀', 4)).toBe('ab😀');
  });
});

describe('escapeMessage', () => {
  it('renders backquoted spans as <code> with escaped content', () => {
    expect(escapeMessage('tool `get_alerts` removed')).toBe('tool <code>get\\_alerts</code> removed');
    expect(escapeMessage('tool `<b>@x</b>` removed')).toBe(
      `tool <code>&lt;b&gt;@${ZWSP}x&lt;/b&gt;</code> removed`,
    );
    expect(escapeMessage('unbalanced ` quote')).toBe('unbalanced \\` quote');
  });
});

describe('links and paths', () => {
  it('escapes identifiers and percent-encodes URL characters that could end a link', () => {
    expect(escapeCode('a_b')).toBe('<code>a\\_b</code>');
    expect(markdownLink('t', 'https://github.com/o/r/blob/s/a (1).yaml#L2')).toBe(
      '[t](https://github.com/o/r/blob/s/a%20%281%29.yaml#L2)',
    );
    expect(encodePath('dir/a b(1)#.yaml')).toBe('dir/a%20b%281%29%23.yaml');
  });

  it('keeps HTML comments closed', () => {
    expect(escapeHtmlComment('CI --> <b>')).toBe('CI - b');
  });
});

describe('scheme breaking (`https\\://`)', () => {
  // The replacement before a linear rewrite: it is the specification of what the new one does.
  const quadratic = (text: string) => text.replace(/([A-Za-z][A-Za-z0-9+.-]*)\\:(?=\/\/)/g, `$1${ZWSP}\\:`);
  const linear = (text: string) => text.replace(/\\:(?<=[A-Za-z][A-Za-z0-9+.-]*\\:)(?=\/\/)/g, `${ZWSP}\\:`);
  it('rewrites exactly what the quadratic expression did (property)', () => {
    const piece = fc.constantFrom('a', 'Z', '1', '+', '.', '-', '\\', ':', '/', ' ', 'é', 'https');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(linear(text)).toBe(quadratic(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('escapes a long run of scheme characters in linear time (a regression takes minutes)', () => {
    const text = `${'a1'.repeat(200_000)}://x`;
    const out = escapeMarkdown(text, text.length + 10);
    expect(out.startsWith('a1a1')).toBe(true);
    expect(out).toContain('://');
    expect(linear(`${'a1'.repeat(200_000)}\\://x`)).toBe(`${'a1'.repeat(200_000)}${ZWSP}\\://x`);
  });
});
