/**
 * Release notes of one description file as Markdown for the comment's changelog section. Every
 * message and name is escaped (escape.ts): the notes quote the pull request's own text.
 */
import type { Changelog, ChangelogSections } from '../diff/changelog.js';
import type { Change } from '../diff/types.js';
import { decodeQuoted } from '../report/quoted.js';
import { escapeCode, escapeMessage, escapeWordDiff } from './escape.js';
import { plainLanguage } from './plain-language.js';

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
    const lines = changes.slice(0, MAX_ENTRIES).map((change) => `- ${entryText(change)}`);
    if (changes.length > MAX_ENTRIES) lines.push(`- … and ${changes.length - MAX_ENTRIES} more`);
    out.push(lines.join('\n'));
  }
  for (const warning of log.warnings) out.push(`> ${escapeMessage(warning)}`);
  return out.join('\n\n');
}

/**
 * One entry: the subject first unless the message names it already (schema messages do not: eight
 * identical bullets would not say which tools they are about); JSON-quoted values decoded.
 */
function entryText(change: Change): string {
  const { kind, key } = change.subject;
  const named = kind === 'document' || kind === 'info' || change.message.includes(`\`${key}\``);
  const plain = plainLanguage(change);
  // an edited text as its word diff: the message quotes both texts cut short
  const message = plain.diff
    ? `${escapeMessage(plain.what)}<br>${escapeWordDiff(plain.diff)}`
    : escapeMessage(decodeQuoted(change.message));
  return named ? message : `${escapeCode(key, 120)}: ${message}`;
}
