/**
 * Untrusted text (tool names, descriptions, titles, messages quoting them, file paths from the pull
 * request) rendered into GitHub-flavoured Markdown as DATA: no HTML, no Markdown structure, no
 * @mention, no issue cross-reference, no autolink, no image. GitHub renders the result as the same
 * characters the author typed, with invisible zero-width spaces where a mention or link would form.
 */

import type { WordDiffPart } from './word-diff.js';

/** Zero-width space as an HTML entity: invisible, and GitHub never joins it into a mention or link. */
const ZWSP = '&#8203;';

/** Characters with a meaning in CommonMark/GFM inline or block syntax. */
const MARKDOWN_SPECIAL = /[\\`*_{}[\]()#!|~^$:]/g;

/** Longest text kept from one untrusted value (a huge description must not eat the comment budget). */
export const MAX_TEXT = 400;

/**
 * Escapes one line of untrusted text for a Markdown paragraph or table cell. Newlines and other
 * control characters collapse to spaces (a table row is one line), long text is cut with `…`.
 */
export function escapeMarkdown(text: string, maxLength = MAX_TEXT): string {
  return escapeInline(normalise(text, maxLength));
}

/** One line: control characters and runs of whitespace become one space; cut with `…`. */
function normalise(text: string, maxLength: number): string {
  const value = text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return value.length > maxLength ? `${cutAtCodePoint(value, maxLength - 1)}…` : value;
}

/**
 * Like escapeMarkdown for a piece of a longer text (a word-diff run): whitespace collapses but is
 * kept at the ends, so pieces join with their spaces; no length cut.
 */
export function escapeFragment(text: string): string {
  return escapeInline(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
    text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/\s+/g, ' '),
  );
}

function escapeInline(value: string): string {
  const escaped = value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(MARKDOWN_SPECIAL, (c) => `\\${c}`);
  return neutraliseReferences(escaped);
}

/**
 * Breaks what GitHub would turn into a notification or a link even in escaped text: `@user` and
 * `@org/team` mentions, `#123` / `owner/repo#123` / `GH-123` cross-references, and bare-URL,
 * `www.` and e-mail autolinks.
 */
function neutraliseReferences(text: string): string {
  return (
    text
      // `#` first: the entities inserted below contain `#8203` themselves
      .replace(/#(?=\d)/g, `#${ZWSP}`)
      .replace(/@/g, `@${ZWSP}`)
      .replace(/\b(GH)-(?=\d)/gi, `$1${ZWSP}-`)
      // `https\://x` still autolinks on GitHub: break the scheme itself
      // `\:` first, then a lookbehind over the scheme: a captured scheme was retried from every
      // letter of a long run of scheme characters (time squared); this reads one run per `\:`.
      .replace(/\\:(?<=[A-Za-z][A-Za-z0-9+.-]*\\:)(?=\/\/)/g, `${ZWSP}\\:`)
      .replace(/\b(www)\./gi, `$1${ZWSP}.`)
  );
}

/**
 * An engine message: untrusted text in which `backquoted` spans (how the engines quote names and
 * values) become <code> elements. Their content is escaped like the rest.
 */
export function escapeMessage(text: string, maxLength = MAX_TEXT): string {
  return normalise(text, maxLength)
    .split(/`([^`]+)`/)
    .map((part, index) => (index % 2 === 1 ? `<code>${escapeInline(part)}</code>` : escapeInline(part)))
    .join('');
}

/** Untrusted text shown as an inline identifier (tool name, file path). */
export function escapeCode(text: string, maxLength = MAX_TEXT): string {
  return `<code>${escapeMarkdown(text, maxLength)}</code>`;
}

/**
 * A link whose target WE built (a blob URL on the GitHub server of the run) and whose text is
 * untrusted. Characters that could end the Markdown link target early are percent-encoded.
 */
export function markdownLink(text: string, url: string): string {
  const safeUrl = url.replace(
    /[()<> "'`\\]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  return `[${text}](${safeUrl})`;
}

/** Encodes a repository path for a URL, one segment at a time. */
export function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}

/** Text for an HTML comment (the sticky-comment marker): nothing that could close or nest it. */
export function escapeHtmlComment(text: string): string {
  return text.replace(/-{2,}/g, '-').replace(/[<>]/g, '');
}

/** Cuts a string at most `length` UTF-16 units long without splitting a surrogate pair. */
export function cutAtCodePoint(text: string, length: number): string {
  if (text.length <= length) return text;
  let end = length;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/** A word diff as Markdown: removed words struck through, added words underlined. */
export function escapeWordDiff(parts: readonly WordDiffPart[]): string {
  return parts
    .map((part) => {
      // `code` spans of the text (Markdown in descriptions) as code, not as literal backquotes
      const text = part.text
        .split(/`([^`]+)`/)
        .map((piece, i) => (i % 2 === 1 ? `<code>${escapeFragment(piece)}</code>` : escapeFragment(piece)))
        .join('');
      if (part.kind === 'removed') return `<del>${text}</del>`;
      if (part.kind === 'added') return `<ins>${text}</ins>`;
      return text;
    })
    .join('');
}
