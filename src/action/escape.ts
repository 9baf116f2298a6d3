/**
 * The Action's use of the one Markdown escape (src/report/escape.ts): the same policy as every
 * Markdown output, with a length cut by default, since a huge description must not eat the
 * comment's budget; and the comment's word diffs.
 */
import {
  escapeCode as escapeCodeOf,
  escapeFragment,
  escapeMarkdown as escapeMarkdownOf,
  escapeMessage as escapeMessageOf,
} from '../report/escape.js';
import type { WordDiffPart } from './word-diff.js';

export {
  cutAtCodePoint,
  encodePath,
  escapeFragment,
  escapeHtmlComment,
  markdownLink,
} from '../report/escape.js';

/** Longest text kept from one untrusted value. */
export const MAX_TEXT = 400;

export function escapeMarkdown(text: string, maxLength = MAX_TEXT): string {
  return escapeMarkdownOf(text, { maxLength });
}

export function escapeMessage(text: string, maxLength = MAX_TEXT): string {
  return escapeMessageOf(text, { maxLength });
}

export function escapeCode(text: string, maxLength = MAX_TEXT): string {
  return escapeCodeOf(text, { maxLength });
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
