/**
 * A short word diff of two texts (descriptions, titles): the changed words with a few words of
 * context on each side, long unchanged stretches elided. A reader sees what the edit is, where a
 * prefix of each side would often look the same.
 */
import { diffWords } from 'diff';

export interface WordDiffPart {
  kind: 'same' | 'removed' | 'added' | 'elided';
  text: string;
}

/** Words of context kept on each side of a change. */
const CONTEXT_WORDS = 6;
/** Longest text the diff is computed for; beyond it the edit is shown as before → after heads. */
const MAX_DIFF_CHARS = 20_000;
/** Cap on the edit script (diff gives up and returns undefined beyond it). */
const MAX_EDITS = 400;
/** Longest changed run shown; the rest of it is elided. */
const MAX_RUN_CHARS = 160;

/** The word diff of `before` → `after`: runs of equal, removed and added text, with elisions. */
export function wordDiff(before: string, after: string): WordDiffPart[] {
  const parts =
    before.length + after.length <= MAX_DIFF_CHARS
      ? diffWords(before, after, { maxEditLength: MAX_EDITS })
      : undefined;
  if (parts === undefined) {
    return [
      { kind: 'removed', text: cutRun(before) },
      { kind: 'added', text: cutRun(after) },
    ];
  }
  const out: WordDiffPart[] = [];
  parts.forEach((part, index) => {
    if (part.added) out.push({ kind: 'added', text: cutRun(part.value) });
    else if (part.removed) out.push({ kind: 'removed', text: cutRun(part.value) });
    else out.push(...context(part.value, index > 0, index < parts.length - 1));
  });
  return out;
}

/** An unchanged stretch: its first words after a change, its last words before one. */
function context(text: string, afterChange: boolean, beforeChange: boolean): WordDiffPart[] {
  const words = text.split(/(\s+)/);
  // tokens alternate word, space, word...: 2 * n - 1 tokens hold n words
  const keep = 2 * CONTEXT_WORDS;
  if (words.length <= (afterChange && beforeChange ? 2 * keep + 1 : keep + 1))
    return [{ kind: 'same', text }];
  const out: WordDiffPart[] = [];
  if (afterChange) out.push({ kind: 'same', text: words.slice(0, keep).join('') });
  out.push({ kind: 'elided', text: '…' });
  if (beforeChange) out.push({ kind: 'same', text: words.slice(words.length - keep).join('') });
  return out;
}

function cutRun(text: string): string {
  if (text.length <= MAX_RUN_CHARS) return text;
  const end = MAX_RUN_CHARS - (/[\uD800-\uDBFF]/.test(text.charAt(MAX_RUN_CHARS - 1)) ? 1 : 0);
  return `${text.slice(0, end)}…`;
}

/** Plain-text rendering: `[-removed-]{+added+}`, as `git diff --word-diff` writes it. */
export function wordDiffText(parts: readonly WordDiffPart[]): string {
  return parts
    .map((p) => (p.kind === 'removed' ? `[-${p.text}-]` : p.kind === 'added' ? `{+${p.text}+}` : p.text))
    .join('');
}
