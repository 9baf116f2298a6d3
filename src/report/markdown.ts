/**
 * Markdown report (pull request comments, job summaries). Document text is untrusted: it goes
 * through the one Markdown escape (src/report/escape.ts).
 */
import { SEVERITY_RANK, type Severity } from '../model/finding.js';
import { escapeMarkdown } from './escape.js';
import type { FileFindings } from './stylish.js';

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
