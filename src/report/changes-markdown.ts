import { isAbsolute, relative, sep } from 'node:path';
import type { Change, ChangeLevel, DiffResult } from '../diff/types.js';
import { PRIMITIVE_KIND_LABEL } from '../model/identity.js';
import type { Location } from '../util/location.js';
import { showControls } from './controls.js';
import { encodePath, escapeFragment, escapeMarkdown } from './escape.js';
import { CHUNK_CHARS } from './json-chunks.js';
import { decodeQuoted } from './quoted.js';

/**
 * An engine message: its `backquoted` names and values as code spans (inert in Markdown: no
 * emphasis, link, mention or HTML inside one), JSON-quoted values decoded, the rest escaped.
 */
export function markdownMessage(message: string): string {
  return decodeQuoted(message)
    .split(/`([^`]+)`/)
    .map((part, index) => (index % 2 === 1 ? codeSpan(part) : escapeFragment(part)))
    .join('');
}

function codeSpan(text: string): string {
  // a backquote inside would end the span early; a leading or trailing space would be trimmed
  const inner = showControls(text.replace(/[\r\n]+/g, ' ')).replace(/`/g, "'");
  return /^ | $/.test(inner) ? `\` ${inner} \`` : `\`${inner}\``;
}

/**
 * A file name as the reader's repository knows it: relative to `root` (the command's working
 * directory) when it lies inside it; `REV:path`, `<stdin>` and names outside stay as they are.
 */
export function repositoryPath(file: string, root?: string): string {
  if (!isAbsolute(file)) return file.split(sep).join('/');
  if (root === undefined) return file;
  const path = relative(root, file);
  return path === '' || path.startsWith('..') || isAbsolute(path) ? file : path.split(sep).join('/');
}

/** `path:line` linked to the line (`path#L12`, relative: it resolves in a repository's Markdown). */
export function lineLink(location: Location, root?: string): string {
  const path = repositoryPath(location.file, root);
  const text = `${escapeMarkdown(path)}:${location.line}`;
  // a git revision (`HEAD:x`), standard input or a path outside the repository has no link
  if (isAbsolute(path) || path.startsWith('<') || /^[^/]*:/.test(path) || path.startsWith('../')) return text;
  return `[${text}](${encodePath(path)}#L${location.line})`;
}

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

/** Where a change is, as a line link: its new place, else (a removal) where it was. */
export function where(change: Change, root?: string): string {
  if (change.after) return lineLink(change.after, root);
  return change.before ? `was ${lineLink(change.before, root)}` : '';
}

export interface MarkdownOptions {
  oldName: string;
  newName: string;
  /** The working directory: absolute file names inside it are shown (and linked) relative to it. */
  root?: string;
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
  out += `Comparing ${escapeMarkdown(repositoryPath(options.oldName, options.root))} → ${escapeMarkdown(repositoryPath(options.newName, options.root))}`;
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
      const loc = where(c, options.root);
      out += `- **${escapeMarkdown(subjectLabel(c))}**: ${markdownMessage(c.message)} (\`${c.ruleId}\`${revisions}${loc ? `; ${loc}` : ''})\n`;
      const affected = affectedLabel(c);
      if (affected !== undefined) out += `  ${escapeMarkdown(affected)}\n`;
    }
  }
  for (const note of result.notes) out += `\n> ${escapeMarkdown(note.message)}\n`;
  yield out;
}
