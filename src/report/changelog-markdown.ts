import type { Changelog, ChangelogSections } from '../diff/changelog.js';
import { affectedLabel, escapeMarkdown, subjectLabel } from './changes-markdown.js';
import { CHUNK_CHARS, prettyJsonChunks, StreamedArray } from './json-chunks.js';

const TITLES: [keyof ChangelogSections, string][] = [
  ['breaking', 'Breaking'],
  ['deprecated', 'Deprecated'],
  ['added', 'Added'],
  ['changed', 'Changed'],
  ['removed', 'Removed'],
];

/** Keep-a-Changelog style release notes; every piece of document text is escaped. */
export function formatChangelogMarkdown(log: Changelog): string {
  return Array.from(formatChangelogMarkdownChunks(log)).join('');
}

/**
 * The notes in chunks of about a megabyte: those of tens of thousands of deeply nested changes are
 * hundreds of megabytes (see formatChangesJsonChunks).
 */
export function* formatChangelogMarkdownChunks(log: Changelog, chunkChars = CHUNK_CHARS): Generator<string> {
  const version = log.newVersion ?? log.suggestedVersion ?? 'next';
  let out = `## ${log.name ? `${escapeMarkdown(log.name)} ` : ''}${escapeMarkdown(version)}\n\n`;
  if (log.suggestedVersion) {
    out += `Suggested version: **${escapeMarkdown(log.suggestedVersion)}** (${log.bump === 'none' ? 'no changes' : `${log.bump} bump`} from ${escapeMarkdown(log.oldVersion ?? '?')}).\n`;
  }
  for (const warning of log.warnings) out += `\n> **Warning:** ${escapeMarkdown(warning)}\n`;
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
      out += `- **${escapeMarkdown(subjectLabel(c))}**: ${escapeMarkdown(c.message)}\n`;
      const affected = affectedLabel(c);
      if (affected !== undefined) out += `  ${escapeMarkdown(affected)}\n`;
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
