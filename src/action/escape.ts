/**
 * The Action's use of the one Markdown escape (src/report/escape.ts): the same policy as every
 * Markdown output, with a length cut by default, since a huge description must not eat the
 * comment's budget.
 */
import {
  escapeCode as escapeCodeOf,
  escapeMarkdown as escapeMarkdownOf,
  escapeMessage as escapeMessageOf,
} from '../report/escape.js';

export {
  cutAtCodePoint,
  encodePath,
  escapeFragment,
  escapeHtmlComment,
  escapeWordDiff,
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
