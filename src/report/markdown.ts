/**
 * Markdown report (pull request comments, job summaries). Document text is untrusted: every ASCII
 * punctuation character in it is backslash-escaped (so no link, image, HTML tag, table break, code
 * span, heading or autolink can be injected), `@` mentions are defused, line breaks are flattened
 * and invisible/bidi characters are shown as `\u{...}`.
 */
import { SEVERITY_RANK, type Severity } from '../model/finding.js';
import { codePointEscape } from '../util/code-point.js';
import type { FileFindings } from './stylish.js';

// Invisible and bidi characters, and control characters other than tab and line breaks (a
// terminal's escape sequences, when the report is read in one).
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is made visible
  /[\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u2069\u061C\uFEFF\u00AD\u180E\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\uDB40[\uDC00-\uDC7F]/g;

export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(INVISIBLE, codePointEscape)
    .replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`)
    .replace(/\\@/g, '@\u2060');
}

export interface MarkdownOptions {
  title?: string;
}

const ICON: Record<Severity, string> = { error: '❌', warning: '⚠️', info: 'ℹ️', hint: '💡' };

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function formatMarkdown(files: readonly FileFindings[], options: MarkdownOptions = {}): string {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0, hint: 0 };
  let unreadable = 0;
  const rows: string[] = [];
  for (const file of files) {
    if (file.loadError) {
      unreadable++;
      const e = file.loadError;
      rows.push(
        `| ${ICON.error} error | ${escapeMarkdown(`${file.file}:${e.line}:${e.column}`)} | ${escapeMarkdown(e.code)} | ${escapeMarkdown(e.message)} |`,
      );
    }
    const sorted = [...file.findings].sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity]);
    for (const f of sorted) {
      counts[f.severity]++;
      const l = f.location;
      rows.push(
        `| ${ICON[f.severity]} ${f.severity} | ${escapeMarkdown(`${l.file}:${l.line}:${l.column}`)} | ${escapeMarkdown(f.code)} | ${escapeMarkdown(f.message)} |`,
      );
    }
  }
  const title = options.title ?? 'mcpdesc';
  const total = counts.error + counts.warning + counts.info + counts.hint;
  let out = `### ${escapeMarkdown(title)}\n\n`;
  if (total === 0 && unreadable === 0) return `${out}✅ No problems in ${plural(files.length, 'file')}.\n`;
  const parts = [plural(counts.error, 'error'), plural(counts.warning, 'warning')];
  if (counts.info + counts.hint > 0) parts.push(`${counts.info + counts.hint} info/hint`);
  if (unreadable > 0) parts.push(`${plural(unreadable, 'unreadable file')}`);
  out += `${plural(total, 'problem')} (${parts.join(', ')}) in ${plural(files.length, 'file')}.\n\n`;
  out += '| Severity | Location | Rule | Message |\n|---|---|---|---|\n';
  out += `${rows.join('\n')}\n`;
  return out;
}
