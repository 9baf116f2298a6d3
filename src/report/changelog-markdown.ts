import type { Changelog, ChangelogSections } from '../diff/changelog.js';
import type { Change } from '../diff/types.js';
import { affectedLabel, markdownMessage, subjectLabel, where } from './changes-markdown.js';
import { showControls } from './controls.js';
import { escapeCode, escapeMarkdown, escapeMessage } from './escape.js';
import { CHUNK_CHARS, prettyJsonChunks, StreamedArray } from './json-chunks.js';
import { decodeQuoted } from './quoted.js';

const TITLES: [keyof ChangelogSections, string][] = [
  ['breaking', 'Breaking'],
  ['deprecated', 'Deprecated'],
  ['added', 'Added'],
  ['changed', 'Changed'],
  ['removed', 'Removed'],
];

/** Keep-a-Changelog style release notes; every piece of document text is escaped. */
export function formatChangelogMarkdown(log: Changelog, root?: string): string {
  return Array.from(formatChangelogMarkdownChunks(log, CHUNK_CHARS, root)).join('');
}

/**
 * The notes in chunks of about a megabyte: those of tens of thousands of deeply nested changes are
 * hundreds of megabytes (see formatChangesJsonChunks).
 */
export function* formatChangelogMarkdownChunks(
  log: Changelog,
  chunkChars = CHUNK_CHARS,
  /** The working directory: absolute file names inside it are linked relative to it. */
  root?: string,
): Generator<string> {
  const version = log.newVersion ?? log.suggestedVersion ?? 'next';
  let out = `## ${log.name ? `${escapeMarkdown(log.name)} ` : ''}${escapeMarkdown(version)}\n\n`;
  if (log.suggestedVersion) {
    out += `Suggested version: **${escapeMarkdown(log.suggestedVersion)}** (${log.bump === 'none' ? 'no changes' : `${log.bump} bump`} from ${escapeMarkdown(log.oldVersion ?? '?')}).\n`;
  }
  for (const warning of log.warnings) out += `\n> **Warning:** ${markdownMessage(warning)}\n`;
  let any = false;
  for (const [key, title] of TITLES) {
    const changes = log.sections[key];
    if (changes.length === 0) continue;
    any = true;
    out += `\n### ${title}\n\n`;
    for (const c of changes) {
      if (out.length >= chunkChars) {
        yield out;
        out = '';
      }
      const at = where(c, root);
      out += `- **${escapeMarkdown(subjectLabel(c))}**: ${markdownMessage(c.message)}${at ? ` (${at})` : ''}\n`;
      const affected = affectedLabel(c);
      if (affected !== undefined) out += `  ${escapeMarkdown(affected)}\n`;
    }
  }
  if (!any) out += '\nNo changes to the described surface.\n';
  yield out;
}

/**
 * The same notes as plain text for a terminal or a log: no Markdown markup, document text as it is
 * apart from control characters, which are shown (`\u{1B}`), never sent.
 */
export function* formatChangelogTextChunks(log: Changelog, chunkChars = CHUNK_CHARS): Generator<string> {
  const line = (text: string) => `${showControls(text.replace(/[\r\n]+/g, ' '))}\n`;
  const version = log.newVersion ?? log.suggestedVersion ?? 'next';
  let out = line(`${log.name ? `${log.name} ` : ''}${version}`);
  if (log.suggestedVersion)
    out += line(
      `Suggested version: ${log.suggestedVersion} (${log.bump === 'none' ? 'no changes' : `${log.bump} bump`} from ${log.oldVersion ?? '?'}).`,
    );
  for (const warning of log.warnings) out += line(`Warning: ${warning}`);
  let any = false;
  for (const [key, title] of TITLES) {
    const changes = log.sections[key];
    if (changes.length === 0) continue;
    any = true;
    out += `\n${title}\n`;
    for (const c of changes) {
      if (out.length >= chunkChars) {
        yield out;
        out = '';
      }
      out += line(`  - ${subjectLabel(c)}: ${c.message}`);
      const affected = affectedLabel(c);
      if (affected !== undefined) out += line(`    ${affected}`);
    }
  }
  if (!any) out += '\nNo changes to the described surface.\n';
  yield out;
}

export function formatChangelogJson(log: Changelog): string {
  return Array.from(formatChangelogJsonChunks(log)).join('');
}

/** `JSON.stringify(log, null, 2)` in chunks, each section's changes serialised as they are written. */
export function formatChangelogJsonChunks(log: Changelog, chunkChars?: number): Iterable<string> {
  const sections: Record<string, unknown> = {};
  for (const [key, changes] of Object.entries(log.sections)) sections[key] = new StreamedArray(changes);
  return prettyJsonChunks({ ...log, sections }, chunkChars);
}

/** At most this many entries per section in the compact notes (a comment has a size budget). */
const COMPACT_MAX_ENTRIES = 50;
/** Longest untrusted value in the compact notes. */
const COMPACT_MAX_TEXT = 400;

export interface CompactOptions {
  /**
   * One entry's text, already Markdown (the Action words changes in plain language); the default
   * is the change's message, its quoted values decoded and escaped.
   */
  entry?: (change: Change) => string;
}

/**
 * The same notes, compact, for one file's section of the Action's comment: bold section names
 * instead of headings, a version line, at most 50 entries per section, each naming its subject.
 */
export function formatChangelogCompact(log: Changelog, options: CompactOptions = {}): string {
  const out: string[] = [];
  const version = (v: string) => escapeCode(v, { maxLength: 40 });
  if (log.oldVersion !== undefined || log.suggestedVersion !== undefined) {
    const from = log.oldVersion !== undefined ? version(log.oldVersion) : 'unversioned';
    const to = log.suggestedVersion !== undefined ? ` → suggested ${version(log.suggestedVersion)}` : '';
    const now =
      log.newVersion !== undefined && log.newVersion !== log.oldVersion
        ? ` (this change sets ${version(log.newVersion)})`
        : '';
    out.push(`Version ${from}${to}${now}`);
  }
  for (const [key, title] of TITLES) {
    const changes = log.sections[key];
    if (changes.length === 0) continue;
    out.push(`**${title}**`);
    const lines = changes
      .slice(0, COMPACT_MAX_ENTRIES)
      .map((change) => `- ${compactEntry(change, options.entry)}`);
    if (changes.length > COMPACT_MAX_ENTRIES)
      lines.push(`- … and ${changes.length - COMPACT_MAX_ENTRIES} more`);
    out.push(lines.join('\n'));
  }
  for (const warning of log.warnings)
    out.push(`> ${escapeMessage(warning, { maxLength: COMPACT_MAX_TEXT })}`);
  return out.join('\n\n');
}

/**
 * One entry: the subject first unless the message names it already (schema messages do not: eight
 * identical bullets would not say which tools they are about).
 */
function compactEntry(change: Change, entry: CompactOptions['entry']): string {
  const { kind, key } = change.subject;
  const named = kind === 'document' || kind === 'info' || change.message.includes(`\`${key}\``);
  const message = entry
    ? entry(change)
    : escapeMessage(decodeQuoted(change.message), { maxLength: COMPACT_MAX_TEXT });
  return named ? message : `${escapeCode(key, { maxLength: 120 })}: ${message}`;
}
