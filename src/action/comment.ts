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
import {
  encodePath,
  escapeCode,
  escapeHtmlComment,
  escapeMarkdown,
  escapeMessage,
  markdownLink,
} from './escape.js';
import { type GitHubApi, GitHubApiError, type IssueComment } from './github-api.js';
import type { FileReport, Report } from './report.js';

/** GitHub refuses comment bodies over 65,536 characters. */
export const COMMENT_LIMIT = 65_536;
/** Kept free below the limit (byte counting is already stricter than GitHub's character count). */
export const COMMENT_MARGIN = 1_536;
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

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The verdict line: what a reviewer reads first. */
export function verdictLine(report: Report, ctx: RenderContext): string {
  const { counts } = report;
  const failedFiles = report.files.filter((f) => f.problems.length > 0).length;
  const parts: string[] = [];
  const fileCount = plural(report.files.length, 'description file', 'description files');
  if (report.files.length === 0) return '✅ No MCP description file changed in this pull request.';
  const total = counts.breaking + counts.warning + counts.info;
  const lint = counts.lintError + counts.lintWarning + counts.lintInfo;
  if (total === 0 && lint === 0 && failedFiles === 0)
    return `✅ ${fileCount} changed, with no change that matters to clients and no lint finding.`;
  let head: string;
  if (counts.breaking > 0) head = `❌ **${plural(counts.breaking, 'breaking change', 'breaking changes')}**`;
  else if (failedFiles > 0) head = `❌ **analysis failed for ${plural(failedFiles, 'file', 'files')}**`;
  else if (ctx.verdict.failed) head = '❌ **No breaking changes**, but the check fails';
  else if (counts.warning > 0) head = '⚠️ **No breaking changes**';
  else head = '✅ **No breaking changes**';
  parts.push(`${head} in ${fileCount}`);
  if (counts.warning > 0) parts.push(plural(counts.warning, 'warning', 'warnings'));
  if (counts.info > 0) parts.push(plural(counts.info, 'info change', 'info changes'));
  if (ctx.lint) parts.push(plural(lint, 'lint finding', 'lint findings'));
  if (report.bump !== 'none') parts.push(`suggested version bump: **${report.bump}**`);
  let line = parts.join(' · ');
  if (ctx.verdict.failed && ctx.verdict.reason) line += `\n\n> [!CAUTION]\n> ${ctx.verdict.reason}`;
  return line;
}

interface Section {
  /** Renders the section showing at most `rows` rows per table. */
  render(rows: number): string;
  /** Dropped entirely when even zero rows do not fit. */
  optional: boolean;
}

/** Renders the report within `options.limit`, cutting tables (and then optional sections) with a note. */
export function renderReport(report: Report, ctx: RenderContext, options: RenderOptions): string {
  rowCache = new WeakMap();
  const top = [
    ...(options.marker ? [options.marker] : []),
    '### MCP description check',
    '',
    verdictLine(report, ctx),
    '',
  ].join('\n');
  const footer = renderFooter(report, ctx);
  const sections = buildSections(report, ctx);
  const truncatedNote = `> [!NOTE]\n> This report is shortened to stay under GitHub's size limit. The full report is in the ${ctx.runUrl ? markdownLink('job summary', ctx.runUrl) : 'job summary'}.\n`;

  const assemble = (rows: number, drop: number, truncated: boolean): string => {
    const parts = [top];
    if (truncated) parts.push(truncatedNote);
    const kept = sections.filter((s, index) => !(s.optional && index >= sections.length - drop));
    for (const section of kept) {
      const text = section.render(rows);
      if (text) parts.push(text);
    }
    parts.push(footer);
    return parts.join('\n');
  };

  const full = assemble(Number.POSITIVE_INFINITY, 0, false);
  if (bytes(full) <= options.limit) return full;
  const optionalCount = sections.filter((s) => s.optional).length;
  for (let drop = 0; drop <= optionalCount; drop++) {
    for (const rows of [500, 200, 100, 50, 25, 10, 5, 0]) {
      const text = assemble(rows, drop, true);
      if (bytes(text) <= options.limit) return text;
    }
  }
  // Even the skeleton does not fit (thousands of changed files): verdict and the note only.
  return [top, truncatedNote, footer].join('\n');
}

function buildSections(report: Report, ctx: RenderContext): Section[] {
  const sections: Section[] = [];
  if (report.files.length > 0)
    sections.push({ optional: false, render: (rows) => filesTable(report, ctx, rows) });
  const problems = report.files.filter((f) => f.problems.length > 0 || f.notes.length > 0);
  if (problems.length > 0) sections.push({ optional: false, render: (rows) => problemsList(problems, rows) });
  const byLevel = (level: ChangeLevel) =>
    report.files.flatMap((file) =>
      file.changes.filter((c) => c.level === level).map((change) => ({ file, change })),
    );
  const breaking = byLevel('breaking');
  if (breaking.length > 0)
    sections.push({
      optional: false,
      render: (rows) =>
        `#### ${LEVEL_TITLE.breaking.icon} Breaking changes\n\n${changesTable(breaking, report, ctx, rows)}`,
    });
  for (const level of ['warning', 'info'] as const) {
    const entries = byLevel(level);
    if (entries.length === 0) continue;
    const title = LEVEL_TITLE[level];
    sections.push({
      optional: false,
      render: (rows) =>
        details(
          `${title.icon} ${plural(entries.length, title.one, title.many)}`,
          changesTable(entries, report, ctx, rows),
        ),
    });
  }
  const findings = report.files.flatMap((file) => file.findings.map((finding) => ({ file, finding })));
  if (findings.length > 0) {
    const { lintError, lintWarning, lintInfo } = report.counts;
    const breakdown = [
      lintError ? plural(lintError, 'error', 'errors') : '',
      lintWarning ? plural(lintWarning, 'warning', 'warnings') : '',
      lintInfo ? `${lintInfo} info` : '',
    ]
      .filter(Boolean)
      .join(', ');
    sections.push({
      optional: false,
      render: (rows) =>
        details(
          `🔎 ${plural(findings.length, 'lint finding', 'lint findings')} (${breakdown})`,
          findingsTable(findings, report, ctx, rows),
        ),
    });
  }
  const changelogs = report.files.filter((f) => f.changelog && f.changelog.markdown.trim() !== '');
  if (changelogs.length > 0) {
    sections.push({
      optional: true,
      render: () =>
        details(
          `📝 Changelog${report.bump !== 'none' ? ` — suggested version bump: ${report.bump}` : ''}`,
          changelogs.map((file) => changelogBlock(file)).join('\n\n'),
        ),
    });
  }
  return sections;
}

function details(summary: string, body: string): string {
  return `<details><summary>${summary}</summary>\n\n${body}\n\n</details>\n`;
}

function fileLabel(file: FileReport): string {
  return file.basePath && file.basePath !== file.path
    ? `${escapeCode(file.basePath)} → ${escapeCode(file.path)}`
    : escapeCode(file.path);
}

function filesTable(report: Report, ctx: RenderContext, rows: number): string {
  const lines = [
    `| File | Status | Breaking | Warnings | Info |${ctx.lint ? ' Lint |' : ''}`,
    `|---|---|--:|--:|--:|${ctx.lint ? '--:|' : ''}`,
  ];
  const shown = report.files.slice(0, Math.max(rows, 5));
  for (const file of shown) {
    const count = (level: ChangeLevel) => file.changes.filter((c) => c.level === level).length;
    const status =
      file.problems.length > 0 ? `${STATUS_TEXT[file.status]} (analysis failed)` : STATUS_TEXT[file.status];
    lines.push(
      `| ${fileLabel(file)} | ${status} | ${count('breaking')} | ${count('warning')} | ${count('info')} |${ctx.lint ? ` ${file.findings.length} |` : ''}`,
    );
  }
  return `${lines.join('\n')}\n${moreRows(report.files.length - shown.length)}`;
}

function problemsList(files: FileReport[], rows: number): string {
  const lines: string[] = [];
  for (const file of files.slice(0, Math.max(rows, 5))) {
    for (const problem of file.problems)
      lines.push(`- ❗ ${escapeCode(file.path)}: ${escapeMessage(problem)}`);
    for (const note of file.notes) lines.push(`- ${escapeCode(file.path)}: ${escapeMessage(note)}`);
  }
  return `${lines.join('\n')}\n`;
}

function moreRows(hidden: number): string {
  return hidden > 0 ? `\n_… and ${hidden} more (not shown here; see the job summary)._\n` : '';
}

/** A link to the line in the head commit (or, for a removed file, in the base commit). */
function lineLink(
  report: Report,
  ctx: RenderContext,
  file: FileReport,
  location: { line: number } | undefined,
  side: 'head' | 'base',
): string {
  const sha = side === 'head' ? report.head.sha : report.base.sha;
  const path = side === 'head' ? file.path : (file.basePath ?? file.path);
  const line = location?.line ?? 1;
  const url = `${ctx.serverUrl}/${ctx.repository}/blob/${sha}/${encodePath(path)}#L${line}`;
  return markdownLink(`${escapeCode(path)}:${line}`, url);
}

function changeWhere(report: Report, ctx: RenderContext, file: FileReport, change: Change): string {
  if (file.status === 'removed') return `${lineLink(report, ctx, file, change.before, 'base')} (removed)`;
  const anchored = change.details?.anchored === true ? ' (removed here)' : '';
  return `${lineLink(report, ctx, file, change.after ?? change.before, 'head')}${anchored}`;
}

/** Rendered rows, so that trying smaller row limits does not escape the same text again. */
let rowCache = new WeakMap<object, string>();

function cachedRow(key: object, render: () => string): string {
  let row = rowCache.get(key);
  if (row === undefined) {
    row = render();
    rowCache.set(key, row);
  }
  return row;
}

function changesTable(
  entries: { file: FileReport; change: Change }[],
  report: Report,
  ctx: RenderContext,
  rows: number,
): string {
  const lines = ['| Where | Change | Subject | Revisions | Rule |', '|---|---|---|---|---|'];
  const shown = entries.slice(0, rows);
  for (const entry of shown) {
    lines.push(
      cachedRow(entry.change, () => {
        const { file, change } = entry;
        const subject =
          change.subject.kind === 'document'
            ? 'document'
            : `${escapeMarkdown(change.subject.kind)} ${escapeCode(change.subject.key, 120)}`;
        const revisions =
          change.revisions.length > 0 ? escapeMarkdown(change.revisions.join(', '), 120) : 'all';
        return `| ${changeWhere(report, ctx, file, change)} | ${escapeMessage(change.message)} | ${subject} | ${revisions} | ${escapeCode(change.ruleId, 80)} |`;
      }),
    );
  }
  if (shown.length === 0) return moreRows(entries.length);
  return `${lines.join('\n')}\n${moreRows(entries.length - shown.length)}`;
}

const SEVERITY_ICON: Record<Finding['severity'], string> = {
  error: '❌ error',
  warning: '⚠️ warning',
  info: 'ℹ️ info',
  hint: '💡 hint',
};

function findingsTable(
  entries: { file: FileReport; finding: Finding }[],
  report: Report,
  ctx: RenderContext,
  rows: number,
): string {
  const lines = ['| Where | Severity | Finding | Rule |', '|---|---|---|---|'];
  const shown = entries.slice(0, rows);
  for (const { file, finding } of shown) {
    lines.push(
      cachedRow(
        finding,
        () =>
          `| ${lineLink(report, ctx, file, finding.location, 'head')} | ${SEVERITY_ICON[finding.severity]} | ${escapeMessage(finding.message)} | ${escapeCode(finding.code, 80)} |`,
      ),
    );
  }
  if (shown.length === 0) return moreRows(entries.length);
  return `${lines.join('\n')}\n${moreRows(entries.length - shown.length)}`;
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
