/**
 * Release notes of one description file as Markdown for the comment's changelog section. Every
 * message and name is escaped (escape.ts): the notes quote the pull request's own text.
 */
import type { Changelog, ChangelogSections } from '../diff/changelog.js';
import { escapeCode, escapeMessage } from './escape.js';

const TITLES: Record<keyof ChangelogSections, string> = {
  breaking: 'Breaking',
  deprecated: 'Deprecated',
  added: 'Added',
  changed: 'Changed',
  removed: 'Removed',
};

/** At most this many entries per section (the comment has a size budget). */
const MAX_ENTRIES = 50;

export function renderChangelog(log: Changelog): string {
  const out: string[] = [];
  if (log.oldVersion !== undefined || log.suggestedVersion !== undefined) {
    const from = log.oldVersion !== undefined ? escapeCode(log.oldVersion, 40) : 'unversioned';
    const to =
      log.suggestedVersion !== undefined ? ` → suggested ${escapeCode(log.suggestedVersion, 40)}` : '';
    const now =
      log.newVersion !== undefined && log.newVersion !== log.oldVersion
        ? ` (this change sets ${escapeCode(log.newVersion, 40)})`
        : '';
    out.push(`Version ${from}${to}${now}`);
  }
  for (const key of Object.keys(TITLES) as (keyof ChangelogSections)[]) {
    const changes = log.sections[key];
    if (changes.length === 0) continue;
    out.push(`**${TITLES[key]}**`);
    const lines = changes.slice(0, MAX_ENTRIES).map((change) => `- ${escapeMessage(change.message)}`);
    if (changes.length > MAX_ENTRIES) lines.push(`- … and ${changes.length - MAX_ENTRIES} more`);
    out.push(lines.join('\n'));
  }
  for (const warning of log.warnings) out.push(`> ${escapeMessage(warning)}`);
  return out.join('\n\n');
}
