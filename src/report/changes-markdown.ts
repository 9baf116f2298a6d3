import type { Change, ChangeLevel, DiffResult } from '../diff/types.js';
import { PRIMITIVE_KIND_LABEL } from '../model/identity.js';
import { escapeMarkdown } from './escape.js';
import { CHUNK_CHARS } from './json-chunks.js';

const HEADINGS: Record<ChangeLevel, string> = {
  breaking: 'Breaking changes',
  warning: 'Warnings',
  info: 'Other changes',
};

const KIND_LABEL: Record<string, string> = {
  ...PRIMITIVE_KIND_LABEL,
  transport: 'transport',
  capabilities: 'capabilities',
  security: 'security',
  securityScheme: 'security scheme',
  info: 'info',
  document: 'document',
  tag: 'tag',
  component: 'component',
};

export function subjectLabel(change: Change): string {
  const kind = KIND_LABEL[change.subject.kind] ?? change.subject.kind;
  if (
    change.subject.kind === change.subject.key ||
    ['document', 'info', 'capabilities'].includes(change.subject.kind)
  )
    return kind;
  return `${kind} ${change.subject.key}`;
}

function where(change: Change): string {
  const parts: string[] = [];
  if (change.before) parts.push(`old line ${change.before.line}`);
  if (change.after) parts.push(`new line ${change.after.line}`);
  return parts.join(', ');
}

export interface MarkdownOptions {
  oldName: string;
  newName: string;
}

export function formatChangesMarkdown(result: DiffResult, options: MarkdownOptions): string {
  return Array.from(formatChangesMarkdownChunks(result, options)).join('');
}

/** Markdown written as it is made, in chunks of about a megabyte: see formatChangesJsonChunks. */
export function* formatChangesMarkdownChunks(
  result: DiffResult,
  options: MarkdownOptions,
  chunkChars = CHUNK_CHARS,
): Generator<string> {
  const { summary } = result;
  let out = `## mcpdesc diff\n\n`;
  out += `Comparing ${escapeMarkdown(options.oldName)} → ${escapeMarkdown(options.newName)}`;
  out += ` (MCP ${summary.revisions.compared.join(', ') || 'no shared revision'}).\n\n`;
  out += `**${summary.breaking} breaking**, ${summary.warning} warning${summary.warning === 1 ? '' : 's'}, ${summary.info} info`;
  if (summary.ignored > 0) out += ` (${summary.ignored} ignored)`;
  out += '\n';
  for (const level of ['breaking', 'warning', 'info'] as const) {
    const changes = result.changes.filter((c) => c.level === level);
    if (changes.length === 0) continue;
    out += `\n### ${HEADINGS[level]} (${changes.length})\n\n`;
    for (const c of changes) {
      if (out.length >= chunkChars) {
        yield out;
        out = '';
      }
      const revisions = c.revisions.length ? ` — MCP ${c.revisions.join(', ')}` : '';
      const loc = where(c);
      out += `- **${escapeMarkdown(subjectLabel(c))}**: ${escapeMarkdown(c.message)} (\`${c.ruleId}\`${revisions}${loc ? `; ${loc}` : ''})\n`;
    }
  }
  for (const note of result.notes) out += `\n> ${escapeMarkdown(note.message)}\n`;
  yield out;
}
