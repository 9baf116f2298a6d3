/**
 * The report as GitHub Markdown — the sticky PR comment and the job summary are the same document —
 * and the sticky-comment logic: one comment per workflow, found by a hidden marker, updated in place.
 *
 * Everything that comes from the pull request (paths, tool names, messages quoting descriptions,
 * lint rule ids from a config in the PR, the changelog's notes) goes through escape.ts. Only the
 * structure, our own words and the URLs we build are raw Markdown.
 */
import type { Change, ChangeLevel } from '../diff/types.js';
import type { Finding } from '../model/finding.js';
import { decodeQuoted } from '../report/quoted.js';
import { type ChangeGroup, groupChanges } from './change-groups.js';
import {
  encodePath,
  escapeCode,
  escapeHtmlComment,
  escapeMarkdown,
  escapeMessage,
  escapeWordDiff,
  markdownLink,
} from './escape.js';
import { type GitHubApi, GitHubApiError, type IssueComment } from './github-api.js';
import type { FileReport, Report } from './report.js';
import { versionVerdict } from './version-verdict.js';

/** GitHub refuses comment bodies over 65,536 characters. */
export const COMMENT_LIMIT = 65_536;
/** Kept free below the limit (byte counting is already stricter than GitHub's character count). */
export const COMMENT_MARGIN = 1_536;
/**
 * What the comment is designed to fit in (UTF-8 bytes, so never more characters): a reviewer reads
 * it on one or two screens; the job summary has the rest.
 */
export const COMMENT_BUDGET = 20_000;
/** GitHub refuses a step summary over 1 MiB. */
export const SUMMARY_LIMIT = 1024 * 1024 - 16 * 1024;

export function commentMarker(workflow: string): string {
  return `<!-- mcpdesc-toolkit:${escapeHtmlComment(workflow || 'default')} -->`;
}

export interface RenderContext {
  /** https://github.com (GITHUB_SERVER_URL) */
  serverUrl: string;
  /** owner/repo */
  repository: string;
  /** Link to the workflow run (the summary holds the full report). */
  runUrl?: string;
  version: string;
  lint: boolean;
  /** Whether the step fails, and why (from `fail-on`). */
  verdict: { failed: boolean; reason?: string };
}

export interface RenderOptions {
  /** Size budget in UTF-8 bytes (never more characters than that, whatever the text). */
  limit: number;
  /** The hidden marker line (comments only). */
  marker?: string;
  /** The job summary: every change and every lint finding (new ones marked), nothing collapsed away. */
  summary?: boolean;
}

const LEVEL_TITLE: Record<ChangeLevel, { icon: string; one: string; many: string }> = {
  breaking: { icon: '❌', one: 'breaking change', many: 'breaking changes' },
  warning: { icon: '⚠️', one: 'warning', many: 'warnings' },
  info: { icon: 'ℹ️', one: 'info change', many: 'info changes' },
};

const STATUS_TEXT: Record<FileReport['status'], string> = {
  added: 'added',
  modified: 'modified',
  removed: '**removed**',
  renamed: 'renamed',
};

/** Change rows shown open in the comment; the rest are in a collapsed section. */
export const OPEN_ROWS = 5;
/** Tools named in a compacted row. */
const COMPACT_TOOLS = 8;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** "149 already on main" — the findings the pull request did not introduce. */
function knownText(report: Report): string {
  return `${report.counts.lintKnown} already on ${escapeMarkdown(report.base.ref || 'the base', 100)}`;
}

/** The lint part of the headline: new findings only, old ones counted. */
function lintCount(report: Report): string {
  const { lintError, lintWarning, lintInfo, lintKnown } = report.counts;
  const fresh = plural(lintError + lintWarning + lintInfo, 'new lint finding', 'new lint findings');
  return lintKnown > 0 ? `${fresh} (${knownText(report)}; see the job summary)` : fresh;
}

/** "PR sets `1.8.0`; breaking changes need `2.0.0`", or undefined when no new version is needed. */
export function versionLine(report: Report): string | undefined {
  const verdict = versionVerdict(report);
  if (!verdict) return undefined;
  const v = (text: string) => escapeCode(text, 40);
  const needed =
    verdict.neededVersion !== undefined ? v(verdict.neededVersion) : `a ${report.bump} version bump`;
  if (verdict.satisfied === true) return `✅ version ${v(verdict.newVersion!)} (${verdict.need} ${needed})`;
  if (verdict.newVersion === undefined) return `${verdict.need} ${needed}`;
  return `${verdict.satisfied === false ? '❌ ' : ''}PR sets ${v(verdict.newVersion)}; ${verdict.need} ${needed}`;
}

/** The verdict lines: what a reviewer reads first. */
export function verdictLine(report: Report, ctx: RenderContext): string {
  const { counts } = report;
  const failedFiles = report.files.filter((f) => f.problems.length > 0).length;
  const fileCount = plural(report.files.length, 'description file', 'description files');
  if (report.files.length === 0) return '✅ No MCP description file changed in this pull request.';
  const total = counts.breaking + counts.warning + counts.info;
  const lint = counts.lintError + counts.lintWarning + counts.lintInfo;
  if (total === 0 && lint === 0 && failedFiles === 0) {
    const known = ctx.lint && counts.lintKnown > 0 ? ` (${knownText(report)}; see the job summary)` : '';
    return `✅ ${fileCount} changed, with no change that matters to clients and no new lint finding${known}.`;
  }
  let head: string;
  if (counts.breaking > 0) head = `❌ **${plural(counts.breaking, 'breaking change', 'breaking changes')}**`;
  else if (failedFiles > 0) head = `❌ **analysis failed for ${plural(failedFiles, 'file', 'files')}**`;
  else if (ctx.verdict.failed) head = '❌ **No breaking changes**, but the check fails';
  else if (counts.warning > 0) head = '⚠️ **No breaking changes**';
  else head = '✅ **No breaking changes**';
  const first = [`${head} in ${fileCount}`];
  const version = versionLine(report);
  if (version) first.push(version);
  const second: string[] = [];
  if (counts.warning > 0) second.push(plural(counts.warning, 'warning', 'warnings'));
  if (counts.info > 0) second.push(plural(counts.info, 'info change', 'info changes'));
  if (ctx.lint) second.push(lintCount(report));
  let line = first.join(' · ');
  if (second.length > 0) line += `\\\n${second.join(' · ')}`;
  if (ctx.verdict.failed && ctx.verdict.reason) line += `\n\n> [!CAUTION]\n> ${ctx.verdict.reason}`;
  return line;
}

/**
 * How much a section shows. Comments shrink step by step to fit their budget; the summary always
 * renders at level 0 with everything.
 */
interface Shrink {
  /** Drop the changelog (it repeats the change table). */
  dropChangelog: boolean;
  /** Info rows without line links. */
  unlinkInfo: boolean;
  /** Info rows without word diffs and long tool lists either. */
  compactInfo: boolean;
  /** Rows kept in collapsed sections (changes beyond the open ones; new lint findings). */
  collapsedRows: number;
}

const ALL = Number.POSITIVE_INFINITY;
const SHRINK_STEPS: Shrink[] = [
  { dropChangelog: false, unlinkInfo: false, compactInfo: false, collapsedRows: ALL },
  { dropChangelog: true, unlinkInfo: false, compactInfo: false, collapsedRows: ALL },
  { dropChangelog: true, unlinkInfo: true, compactInfo: false, collapsedRows: ALL },
  ...[ALL, 200, 100, 50, 20, 0].map((rows) => ({
    dropChangelog: true,
    unlinkInfo: true,
    compactInfo: true,
    collapsedRows: rows,
  })),
];

/**
 * Renders the report within `options.limit`. The comment shows changes grouped across tools and only
 * the lint findings the pull request introduces; the summary (`options.summary`) shows every change
 * and every finding, new ones marked. Over the budget, a comment drops the changelog (it repeats the
 * tables), then compacts info rows, then cuts collapsed rows — saying the job summary has it all.
 */
export function renderReport(report: Report, ctx: RenderContext, options: RenderOptions): string {
  rowCache = new Map();
  groupCache = undefined;
  const top = [
    ...(options.marker ? [options.marker] : []),
    '### MCP description check',
    '',
    verdictLine(report, ctx),
    '',
  ].join('\n');
  const footer = renderFooter(report, ctx);
  const summaryLink = ctx.runUrl ? markdownLink('job summary', ctx.runUrl) : 'job summary';
  const shortenedNote = `> [!NOTE]\n> Shortened to stay readable: the full report is in the ${summaryLink}.\n`;
  const movedNote = (shrink: Shrink) =>
    `<sub>${[
      hasChangelog(report) ? 'The changelog' : '',
      shrink.unlinkInfo ? 'the line links of info changes' : '',
    ]
      .filter(Boolean)
      .join(' and ')
      .replace(
        /^t/,
        'T',
      )} ${hasChangelog(report) && shrink.unlinkInfo ? 'are' : 'is'} in the ${summaryLink}.</sub>\n`;

  const assemble = (shrink: Shrink): string => {
    const parts = [top];
    if (shrink.compactInfo) parts.push(shortenedNote);
    parts.push(...sections(report, ctx, shrink, options.summary === true));
    if (!shrink.compactInfo && ((shrink.dropChangelog && hasChangelog(report)) || shrink.unlinkInfo))
      parts.push(movedNote(shrink));
    parts.push(footer);
    return parts.join('\n');
  };
  // the summary is the full report: it keeps its changelog and links, and cuts rows only past 1 MiB
  const steps = options.summary ? [SHRINK_STEPS[0] as Shrink, ...SHRINK_STEPS.slice(4)] : SHRINK_STEPS;
  for (const step of steps) {
    const text = assemble(step);
    if (bytes(text) <= options.limit) return text;
  }
  // Even the skeleton does not fit (thousands of changed files): verdict and the note only.
  return [top, shortenedNote, footer].join('\n');
}

function hasChangelog(report: Report): boolean {
  return report.files.some((f) => f.changelog && f.changelog.markdown.trim() !== '');
}

function sections(report: Report, ctx: RenderContext, shrink: Shrink, summary: boolean): string[] {
  const out: string[] = [];
  if (report.files.length > 1) out.push(filesTable(report, ctx, shrink));
  else if (report.files.length === 1) out.push(`${fileLine(report.files[0] as FileReport)}\n`);
  const problems = report.files.filter((f) => f.problems.length > 0 || f.notes.length > 0);
  if (problems.length > 0) out.push(problemsList(problems, shrink));
  const entries = report.files.flatMap((file) => file.changes.map((change) => ({ file, change })));
  if (entries.length > 0) out.push(changesSection(entries, report, ctx, shrink, summary));
  if (ctx.lint || report.files.some((f) => f.findings.length > 0)) {
    const lint = summary ? allFindingsSection(report, ctx, shrink) : newFindingsSection(report, ctx, shrink);
    if (lint) out.push(lint);
  }
  if (!shrink.dropChangelog && hasChangelog(report)) {
    const changelogs = report.files.filter((f) => f.changelog && f.changelog.markdown.trim() !== '');
    out.push(details('📝 Changelog', changelogs.map((file) => changelogBlock(file)).join('\n\n')));
  }
  return out;
}

function details(summary: string, body: string): string {
  return `<details><summary>${summary}</summary>\n\n${body}\n\n</details>\n`;
}

function fileLabel(file: FileReport): string {
  return file.basePath && file.basePath !== file.path
    ? `${escapeCode(file.basePath)} → ${escapeCode(file.path)}`
    : escapeCode(file.path);
}

function fileLine(file: FileReport): string {
  const failed = file.problems.length > 0 ? ' (analysis failed)' : '';
  return `${fileLabel(file)} · ${STATUS_TEXT[file.status]}${failed}`;
}

function filesTable(report: Report, ctx: RenderContext, shrink: Shrink): string {
  const lines = [
    `| File | Status | Breaking | Warnings | Info |${ctx.lint ? ' New lint |' : ''}`,
    `|---|---|--:|--:|--:|${ctx.lint ? '--:|' : ''}`,
  ];
  const shown = report.files.slice(0, Math.max(shrink.collapsedRows, 5));
  for (const file of shown) {
    const count = (level: ChangeLevel) => file.changes.filter((c) => c.level === level).length;
    const status =
      file.problems.length > 0 ? `${STATUS_TEXT[file.status]} (analysis failed)` : STATUS_TEXT[file.status];
    lines.push(
      `| ${fileLabel(file)} | ${status} | ${count('breaking')} | ${count('warning')} | ${count('info')} |${ctx.lint ? ` ${file.newFindings.length} |` : ''}`,
    );
  }
  return `${lines.join('\n')}\n${moreRows(report.files.length - shown.length)}`;
}

function problemsList(files: FileReport[], shrink: Shrink): string {
  const lines: string[] = [];
  for (const file of files.slice(0, Math.max(shrink.collapsedRows, 5))) {
    for (const problem of file.problems)
      lines.push(`- ❗ ${escapeCode(file.path)}: ${escapeMessage(problem)}`);
    for (const note of file.notes) lines.push(`- ${escapeCode(file.path)}: ${escapeMessage(note)}`);
  }
  return `${lines.join('\n')}\n`;
}

function moreRows(hidden: number): string {
  return hidden > 0 ? `\n_… and ${hidden} more (not shown here; see the job summary)._\n` : '';
}

/** The URL of a line in the head commit (or, for a removed file, in the base commit). */
function lineUrl(
  report: Report,
  ctx: RenderContext,
  file: FileReport,
  location: { line: number } | undefined,
  side: 'head' | 'base',
): string {
  const sha = side === 'head' ? report.head.sha : report.base.sha;
  const path = side === 'head' ? file.path : (file.basePath ?? file.path);
  return `${ctx.serverUrl}/${ctx.repository}/blob/${sha}/${encodePath(path)}#L${location?.line ?? 1}`;
}

/** A link to the line, named by its repository-relative path and line number. */
function lineLink(
  report: Report,
  ctx: RenderContext,
  file: FileReport,
  location: { line: number } | undefined,
  side: 'head' | 'base',
): string {
  const path = side === 'head' ? file.path : (file.basePath ?? file.path);
  return markdownLink(
    `${escapeCode(path)}:${location?.line ?? 1}`,
    lineUrl(report, ctx, file, location, side),
  );
}

/** Where a change is: its head line, or for a removed file its base line. */
function changeUrl(report: Report, ctx: RenderContext, file: FileReport, change: Change): string {
  if (file.status === 'removed') return lineUrl(report, ctx, file, change.before, 'base');
  return lineUrl(report, ctx, file, change.after ?? change.before, 'head');
}

/** The subject of a change as the Tool column names it: a tool by its name, anything else by kind. */
function subjectText(file: FileReport, change: Change): string {
  const { kind, key } = change.subject;
  if (kind === 'document') return escapeCode(file.path, 120);
  if (kind === 'tool') return escapeCode(key, 120);
  if (kind === 'info') return 'document info';
  // a change inside a shared component: the tools it reaches come first, the component after
  if (kind === 'component' && change.affected && change.affected.length > 0)
    return `${change.affected.map((a) => escapeCode(a.key, 120)).join(', ')} <sub>via ${escapeCode(key, 120)}</sub>`;
  return `${escapeMarkdown(kind)} ${escapeCode(key, 120)}`;
}

/** Rendered cells, so that trying a smaller budget does not escape the same text again. */
let rowCache = new Map<string, string>();
/** The groups of one rendering: every size tried shows the same groups. */
let groupCache: ChangeGroup<Entry>[] | undefined;

function cached(key: string, render: () => string): string {
  let text = rowCache.get(key);
  if (text === undefined) {
    text = render();
    rowCache.set(key, text);
  }
  return text;
}

type Entry = { file: FileReport; change: Change };

function changesSection(
  entries: Entry[],
  report: Report,
  ctx: RenderContext,
  shrink: Shrink,
  summary: boolean,
): string {
  groupCache ??= groupChanges(entries, (entry) => entry.file.path);
  const groups = groupCache;
  const revisions = new Set(entries.flatMap((e) => e.change.revisions));
  const withRevisions = revisions.size > 1;
  const header = withRevisions
    ? '| Tool | What changes | Revisions |\n|---|---|---|'
    : '| Tool | What changes |\n|---|---|';
  const rows = groups.map((group, index) =>
    changeRow(group, report, ctx, {
      compact: shrink.compactInfo && group.level === 'info',
      unlinked: shrink.unlinkInfo && group.level === 'info',
      withRevisions,
      withFile: report.files.length > 1,
      key: index,
    }),
  );
  const counts = (list: ChangeGroup<Entry>[]) =>
    (['breaking', 'warning', 'info'] as const)
      .map((level) => {
        const n = list.filter((g) => g.level === level).reduce((sum, g) => sum + g.members.length, 0);
        return n > 0 ? plural(n, LEVEL_TITLE[level].one, LEVEL_TITLE[level].many) : '';
      })
      .filter(Boolean)
      .join(', ');
  const title = `#### Changes\n\n`;
  if (summary) {
    const shown = rows.slice(0, shrink.collapsedRows);
    return `${title}${header}\n${shown.join('\n')}\n${moreRows(rows.length - shown.length)}`;
  }
  const open = rows.slice(0, OPEN_ROWS);
  let text = `${title}${header}\n${open.join('\n')}\n`;
  const rest = rows.slice(OPEN_ROWS);
  if (rest.length > 0) {
    const shown = rest.slice(0, shrink.collapsedRows);
    const more = groups.slice(OPEN_ROWS);
    const body =
      shown.length > 0
        ? `${header}\n${shown.join('\n')}\n${moreRows(rest.length - shown.length)}`
        : moreRows(rest.length);
    text += `\n${details(`${plural(more.length, 'more row', 'more rows')}: ${counts(more)}`, body)}`;
  }
  return text;
}

function changeRow(
  group: ChangeGroup<Entry>,
  report: Report,
  ctx: RenderContext,
  how: { compact: boolean; unlinked: boolean; withRevisions: boolean; withFile: boolean; key: number },
): string {
  return cached(`${how.key}:${how.compact}:${how.unlinked}`, () => {
    const members = how.compact ? group.members.slice(0, COMPACT_TOOLS) : group.members;
    const tools = members.map(({ file, change }) => {
      const name = subjectText(file, change);
      // a removal is linked to the nearest part that remains (or, for a whole file, to base)
      const removed =
        file.status === 'removed' ? ' (removed)' : change.details?.anchored === true ? ' (removed here)' : '';
      return `${how.unlinked ? name : markdownLink(name, changeUrl(report, ctx, file, change))}${removed}`;
    });
    const hidden = group.members.length - members.length;
    if (hidden > 0) tools.push(`and ${hidden} more`);
    let what = `${LEVEL_TITLE[group.level].icon} ${escapeMessage(group.plain.what, 600)}`;
    if (group.plain.diff && !how.compact) what += `<br>${escapeWordDiff(group.plain.diff)}`;
    if (group.plain.fix) what += `<br>**Fix:** ${escapeMessage(group.plain.fix, 600)}`;
    const file = how.withFile ? ` · ${escapeCode((group.members[0] as Entry).file.path, 120)}` : '';
    what += `<br><sub>${escapeMarkdown(group.ruleId, 80)}${file}</sub>`;
    const revisions = how.withRevisions
      ? ` ${group.revisions.length > 0 ? escapeMarkdown(group.revisions.join(', '), 120) : 'all'} |`
      : '';
    return `| ${tools.join(', ')} | ${what} |${revisions}`;
  });
}

const SEVERITY_ICON: Record<Finding['severity'], string> = {
  error: '❌ error',
  warning: '⚠️ warning',
  info: 'ℹ️ info',
  hint: '💡 hint',
};

function lintBreakdown(findings: readonly Finding[]): string {
  const count = (severity: Finding['severity']) => findings.filter((f) => f.severity === severity).length;
  return [
    count('error') ? plural(count('error'), 'error', 'errors') : '',
    count('warning') ? plural(count('warning'), 'warning', 'warnings') : '',
    count('info') + count('hint') ? `${count('info') + count('hint')} info` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** The comment's lint section: the new findings, and one line for those already on the base branch. */
function newFindingsSection(report: Report, ctx: RenderContext, shrink: Shrink): string | undefined {
  const findings = report.files.flatMap((file) => file.newFindings.map((finding) => ({ file, finding })));
  if (findings.length === 0) {
    return report.counts.lintKnown > 0 ? `🔎 ${lintCount(report)}\n` : undefined;
  }
  const shown = findings.slice(0, shrink.collapsedRows);
  const table =
    shown.length > 0
      ? `${findingsTable(shown, report, ctx, false)}${moreRows(findings.length - shown.length)}`
      : moreRows(findings.length);
  const known =
    report.counts.lintKnown > 0 ? `\n${knownText(report)}: not listed here; see the job summary.\n` : '';
  return details(
    `🔎 ${plural(findings.length, 'new lint finding', 'new lint findings')} (${lintBreakdown(findings.map((f) => f.finding))})`,
    `${table}${known}`,
  );
}

/** The summary's lint section: every finding of head, the new ones marked. */
function allFindingsSection(report: Report, ctx: RenderContext, shrink: Shrink): string | undefined {
  const findings = report.files.flatMap((file) => {
    const fresh = new Set(file.newFindings);
    return file.findings.map((finding) => ({ file, finding, fresh: fresh.has(finding) }));
  });
  if (findings.length === 0) return undefined;
  const newCount = findings.filter((f) => f.fresh).length;
  return details(
    `🔎 ${plural(findings.length, 'lint finding', 'lint findings')} (${lintBreakdown(findings.map((f) => f.finding))}): ${newCount} new, ${knownText(report)}`,
    `${findingsTable(findings.slice(0, shrink.collapsedRows), report, ctx, true)}${moreRows(findings.length - Math.min(findings.length, shrink.collapsedRows))}`,
  );
}

function findingsTable(
  entries: { file: FileReport; finding: Finding; fresh?: boolean }[],
  report: Report,
  ctx: RenderContext,
  markNew: boolean,
): string {
  const lines = markNew
    ? ['| Where | Severity | Finding | New |', '|---|---|---|---|']
    : ['| Where | Severity | Finding |', '|---|---|---|'];
  for (const { file, finding, fresh } of entries) {
    const where = lineLink(report, ctx, file, finding.location, 'head');
    const what = `${escapeMessage(decodeQuoted(finding.message))}<br><sub>${escapeMarkdown(finding.code, 80)}</sub>`;
    lines.push(
      `| ${where} | ${SEVERITY_ICON[finding.severity]} | ${what} |${markNew ? ` ${fresh ? '🆕 new' : ''} |` : ''}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function changelogBlock(file: FileReport): string {
  const entry = file.changelog!;
  const versions =
    entry.fromVersion && entry.toVersion
      ? ` (${escapeMarkdown(entry.fromVersion, 40)} → ${escapeMarkdown(entry.toVersion, 40)})`
      : '';
  return `**${escapeCode(file.path)}**${versions} — bump: **${entry.bump}**\n\n${entry.markdown.trim()}`;
}

function renderFooter(report: Report, ctx: RenderContext): string {
  const short = (sha: string) => sha.slice(0, 7);
  const base = report.base.sha
    ? `base ${escapeCode(short(report.base.sha))} (${escapeCode(report.base.ref, 100)})`
    : 'base';
  const head = report.head.sha ? `head ${escapeCode(short(report.head.sha))}` : 'head';
  const run = ctx.runUrl ? ` · ${markdownLink('workflow run', ctx.runUrl)}` : '';
  return `\n<sub>mcpdesc-toolkit ${escapeMarkdown(ctx.version, 40)} · ${base} → ${head}${run}</sub>\n`;
}

/** The comment body left when a later push leaves nothing to report. */
export function renderNothingLeft(report: Report, ctx: RenderContext, marker: string): string {
  return [marker, '### MCP description check', '', verdictLine(report, ctx), renderFooter(report, ctx)].join(
    '\n',
  );
}

// ---------------------------------------------------------------- sticky comment

export type CommentOutcome =
  | { action: 'created' | 'updated' | 'unchanged'; id: number; url?: string }
  | { action: 'none' }
  | { action: 'read-only'; error: GitHubApiError };

/** The identity the workflow's own GITHUB_TOKEN acts as (an installation token of GitHub Actions). */
export const ACTIONS_BOT_LOGIN = 'github-actions[bot]';

/**
 * Finds our comment and creates or updates it. Ours is a comment whose body starts with the marker
 * and whose author is the identity the token acts as: `author` when given (the `comment-author`
 * input, for a GitHub App's token), else the token's login, else `github-actions[bot]`. A comment
 * anyone else wrote with the marker is never adopted: editing it would publish our report under
 * their name, and a 403 on it would hide the report. The identity is asked only when a comment
 * carries the marker. `body === undefined` means "nothing to report": an existing comment is
 * updated with `emptyBody`, and none is created.
 */
export async function upsertComment(
  api: Pick<GitHubApi, 'listComments' | 'createComment' | 'updateComment' | 'tokenLogin'>,
  issue: number,
  marker: string,
  body: string | undefined,
  emptyBody: string,
  author?: string,
): Promise<CommentOutcome> {
  try {
    const comments = await api.listComments(issue);
    const marked = comments.some((c) => typeof c.body === 'string' && c.body.startsWith(marker));
    const login = marked ? author || (await api.tokenLogin()) || ACTIONS_BOT_LOGIN : ACTIONS_BOT_LOGIN;
    const existing = marked ? findOwnComment(comments, marker, login) : undefined;
    if (body === undefined) {
      if (!existing) return { action: 'none' };
      if (existing.body === emptyBody) return withUrl('unchanged', existing.id, existing);
      const updated = await api.updateComment(existing.id, emptyBody);
      return withUrl('updated', existing.id, updated);
    }
    if (existing) {
      if (existing.body === body) return withUrl('unchanged', existing.id, existing);
      const updated = await api.updateComment(existing.id, body);
      return withUrl('updated', existing.id, updated);
    }
    const created = await api.createComment(issue, body);
    return withUrl('created', created.id, created);
  } catch (error) {
    if (error instanceof GitHubApiError && error.readOnly) return { action: 'read-only', error };
    throw error;
  }
}

function withUrl(
  action: 'created' | 'updated' | 'unchanged',
  id: number,
  comment: IssueComment,
): CommentOutcome {
  return typeof comment.html_url === 'string' ? { action, id, url: comment.html_url } : { action, id };
}

/** The first comment `login` wrote (logins compare case-insensitively, as GitHub's do) with the marker. */
export function findOwnComment(
  comments: readonly IssueComment[],
  marker: string,
  login: string,
): IssueComment | undefined {
  const own = login.toLowerCase();
  return comments.find(
    (c) =>
      typeof c.body === 'string' &&
      c.body.startsWith(marker) &&
      typeof c.user?.login === 'string' &&
      c.user.login.toLowerCase() === own,
  );
}
