/**
 * The one escape of untrusted text (tool names, descriptions, messages quoting them, file paths)
 * for GitHub-flavoured Markdown, used by every Markdown output: `diff -f markdown`, `changelog`,
 * `lint -f markdown` and the Action's comment and job summary. The text is rendered as DATA: no HTML,
 * no Markdown structure, no @mention, no issue cross-reference (`#12`, `GH-12`, `owner/repo#12`),
 * no autolink (URLs, `www.`, e-mail), no image; GitHub shows the characters the author typed, with
 * invisible zero-width spaces where a mention or link would form. Line breaks become spaces (a
 * table row is one line); other control characters and bidirectional or invisible characters are
 * shown as `\u{…}`, so nothing in a review is hidden or reordered.
 */
import { codePointEscape } from '../util/code-point.js';

/** Zero-width space as an HTML entity: invisible, and GitHub never joins it into a mention or link. */
const ZWSP = '&#8203;';

/** C0/C1 controls other than line breaks and tab, bidi controls, and invisible characters. */
const HIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is made visible
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\udb40[\udc00-\udc7f]/g;

/**
 * Entities for the characters that open HTML, a zero-width space after `@`, and a backslash for
 * every other character with a meaning inside a CommonMark/GFM line. Punctuation that matters only
 * at the start of a line (`-`, `+`, `1.`) is escaped there (see escapeInline).
 */
const SPECIAL = /[\\`*_{}[\]()#!|~^$:<>&"@]/g;
const ENTITY: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export interface EscapeOptions {
  /** Longest text kept, in UTF-16 units, cut with `…` (a huge description must not eat a budget). */
  maxLength?: number;
}

/** Escapes one line of untrusted text for a Markdown paragraph or table cell. */
export function escapeMarkdown(text: string, options: EscapeOptions = {}): string {
  return escapeInline(oneLine(text, options.maxLength));
}

/** Line breaks and runs of whitespace become one space, hidden characters visible; cut with `…`. */
function oneLine(text: string, maxLength: number | undefined): string {
  const value = text
    .replace(/[\t\n\r\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .replace(HIDDEN, codePointEscape);
  return maxLength !== undefined && value.length > maxLength
    ? `${cutAtCodePoint(value, maxLength - 1)}…`
    : value;
}

/**
 * Like escapeMarkdown for a piece of a longer text (a word-diff run): whitespace collapses but is
 * kept at the ends, so pieces join with their spaces; no length cut, no line-start escapes.
 */
export function escapeFragment(text: string): string {
  return escapeInline(
    text
      .replace(/[\t\n\r\u2028\u2029]+/g, ' ')
      .replace(/ {2,}/g, ' ')
      .replace(HIDDEN, codePointEscape),
    false,
  );
}

function escapeInline(value: string, startsLine = true): string {
  // One pass: an entity's own `&`, `#` and `;` must not be escaped again.
  let escaped = value.replace(SPECIAL, (c) => ENTITY[c] ?? (c === '@' ? `@${ZWSP}` : `\\${c}`));
  // A list marker, thematic break or setext underline where the text starts a line (a quoted
  // warning, a list item's text).
  if (startsLine) escaped = escaped.replace(/^[-+=]/, '\\$&').replace(/^(\d{1,9})([.)])(?= |$)/, '$1\\$2');
  return (
    escaped
      // `#12`, `owner/repo#12`: the digit may not follow the (escaped) `#` directly.
      .replace(/\\#(?=\d)/g, `\\#${ZWSP}`)
      .replace(/\b(GH)-(?=\d)/gi, `$1${ZWSP}-`)
      // `https\://x` still autolinks on GitHub: break the scheme from its `:`.
      .replace(/\\:(?=\/\/)/g, `${ZWSP}\\:`)
      .replace(/(www)\./gi, `$1${ZWSP}.`)
  );
}

/**
 * An engine message: untrusted text in which `backquoted` spans (how the engines quote names and
 * values) become <code> elements, their content escaped like the rest.
 */
export function escapeMessage(text: string, options: EscapeOptions = {}): string {
  return oneLine(text, options.maxLength)
    .split(/`([^`]+)`/)
    .map((part, index) => (index % 2 === 1 ? `<code>${escapeInline(part)}</code>` : escapeInline(part)))
    .join('');
}

/** Untrusted text shown as an inline identifier (tool name, file path). */
export function escapeCode(text: string, options: EscapeOptions = {}): string {
  return `<code>${escapeMarkdown(text, options)}</code>`;
}

/**
 * A link whose target WE built (a blob URL) and whose text is untrusted (escape it first).
 * Characters that could end the Markdown link target early are percent-encoded.
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
