import type { Change, ChangeLevel, DiffResult } from '../diff/types.js';
import { showControls } from './controls.js';
import { CHUNK_CHARS } from './json-chunks.js';

/**
 * Makes untrusted document text inert in GitHub-flavoured Markdown: Markdown punctuation is
 * backslash-escaped, HTML is entity-escaped, and `@mentions`, autolinks (`https://`, `www.`) and
 * `#123` references are broken with a zero-width joiner, so a description cannot ping people,
 * inject links or images, or close our formatting. Newlines become spaces, and other control
 * characters (a terminal's escape sequences: the notes are also read in one) show as `\u{1B}`.
 */
export function escapeMarkdown(text: string): string {
  return showControls(text.replace(/[\r\n]+/g, ' '))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_{}[\]()!|~])/g, '\\$1')
    .replace(/[@#]/g, '$&\u200d')
    .replace(/(h)(ttps?:)/gi, '$1\u200d$2')
    .replace(/(w)(ww\.)/gi, '$1\u200d$2');
}

const HEADINGS: Record<ChangeLevel, string> = {
  breaking: 'Breaking changes',
  warning: 'Warnings',
  info: 'Other changes',
};

const KIND_LABEL: Record<string, string> = {
  tool: 'tool',
  prompt: 'prompt',
  resource: 'resource',
  resourceTemplate: 'resource template',
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

/**
 * For a change inside a shared component: `via component schemas/In: tool a, tool b (MCP 2025-06-18)`,
 * each declaration with its revisions when they differ from the change's own.
 */
export function affectedLabel(change: Change): string | undefined {
  if (!change.affected || change.via === undefined) return undefined;
  const all = change.revisions.join(',');
  const names = change.affected.map((a) => {
    const label = `${KIND_LABEL[a.kind] ?? a.kind} ${a.key}`;
    return a.revisions.join(',') === all ? label : `${label} (MCP ${a.revisions.join(', ')})`;
  });
  return `via component ${change.subject.key}: ${names.join(', ')}`;
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
      const affected = affectedLabel(c);
      if (affected !== undefined) out += `  ${escapeMarkdown(affected)}\n`;
    }
  }
  for (const note of result.notes) out += `\n> ${escapeMarkdown(note.message)}\n`;
  yield out;
}
