import type { Changelog, ChangelogSections } from '../diff/changelog.js';
import { escapeMarkdown, subjectLabel } from './changes-markdown.js';

const TITLES: [keyof ChangelogSections, string][] = [
  ['breaking', 'Breaking'],
  ['deprecated', 'Deprecated'],
  ['added', 'Added'],
  ['changed', 'Changed'],
  ['removed', 'Removed'],
];

/** Keep-a-Changelog style release notes; every piece of document text is escaped. */
export function formatChangelogMarkdown(log: Changelog): string {
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
    for (const c of changes)
      out += `- **${escapeMarkdown(subjectLabel(c))}**: ${escapeMarkdown(c.message)}\n`;
  }
  if (!any) out += '\nNo changes to the described surface.\n';
  return out;
}

export function formatChangelogJson(log: Changelog): string {
  return `${JSON.stringify(log, null, 2)}\n`;
}
