/**
 * The Action's analysis: for every changed description file, diff base against head and lint both
 * (so that only the findings the pull request introduces count),
 * through the engines behind `Engines` (src/action/engines.ts binds the real ones). Pure apart from
 * reading the two sides from git, so unit tests drive it with fakes.
 */
import { createHash } from 'node:crypto';
import { splitByBaseline } from '../app/lint-baseline.js';
import type { FILES_RULES } from '../diff/rules/files.js';
import { renderMessage } from '../diff/rules.js';
import type { Change, ChangeLevel } from '../diff/types.js';
import { MigrationError, migrateSides } from '../migrate/load.js';
import type { Finding, Severity } from '../model/finding.js';
import { DEFAULT_LIMITS, LoadError, type LoadedDocument, loadDocument } from '../parse/index.js';
import type { Location } from '../util/location.js';
import { getAtPointer } from '../util/pointer.js';
import { survivingPointer } from './anchor.js';
import type { ChangedFile, FileStatus } from './git.js';

export type Bump = 'major' | 'minor' | 'patch' | 'none';
export const BUMP_RANK: Record<Bump, number> = { major: 3, minor: 2, patch: 1, none: 0 };

export interface ChangelogEntry {
  /** Markdown release notes for this file (already escaped by the renderer that produced them). */
  markdown: string;
  bump: Bump;
  /** Version in base and the suggested next one, when the document has `info.version`. */
  fromVersion?: string;
  toVersion?: string;
  /** `info.version` in head, as the pull request sets it. */
  newVersion?: string;
}

/** The engines the Action drives; src/action/engines.ts binds the real modules. */
export interface Engines {
  diff(base: LoadedDocument, head: LoadedDocument): Promise<Change[]>;
  /** Undefined when linting is off. */
  lint?(head: LoadedDocument): Promise<Finding[]>;
  changelog(
    base: LoadedDocument | undefined,
    head: LoadedDocument | undefined,
    changes: Change[],
  ): ChangelogEntry;
}

export interface FileReport {
  status: FileStatus;
  /** Path in head; for a removed file, the path it had in base. */
  path: string;
  basePath?: string;
  changes: Change[];
  /** Every lint finding of head (the job summary and SARIF list them all). */
  findings: Finding[];
  /**
   * The findings this pull request introduces: those of `findings` that base does not have (same
   * rule, primitive and pointer; src/lint/baseline.ts). All of them for an added file.
   */
  newFindings: Finding[];
  changelog?: ChangelogEntry;
  /** The diff, lint or changelog engine failed on this file: shown, and fails the step unless `fail-on: none`. */
  problems: string[];
  /** Information about the analysis itself, e.g. a base side that could not be read (treated as added). */
  notes: string[];
}

export interface Counts {
  breaking: number;
  warning: number;
  info: number;
  lintError: number;
  lintWarning: number;
  lintInfo: number;
  /** Lint findings already present in base (not counted above: they do not decide the verdict). */
  lintKnown: number;
}

export interface Report {
  files: FileReport[];
  counts: Counts;
  bump: Bump;
  base: { ref: string; sha: string };
  head: { sha: string };
}

/** Reads one side of a file (a commit and a path) or undefined when absent. */
export type ReadSide = (rev: string, path: string) => Promise<Buffer | undefined>;

export interface AnalyseOptions {
  files: readonly ChangedFile[];
  baseSha: string;
  headSha: string;
  baseRef: string;
  read: ReadSide;
  engines: Engines;
}

export async function analyse(options: AnalyseOptions): Promise<Report> {
  const files: FileReport[] = [];
  for (const file of options.files) files.push(await analyseFile(file, options));
  const counts = countAll(files);
  let bump: Bump = 'none';
  for (const file of files) {
    const fileBump = file.changelog?.bump ?? 'none';
    if (BUMP_RANK[fileBump] > BUMP_RANK[bump]) bump = fileBump;
  }
  return {
    files,
    counts,
    bump,
    base: { ref: options.baseRef, sha: options.baseSha },
    head: { sha: options.headSha },
  };
}

async function analyseFile(file: ChangedFile, options: AnalyseOptions): Promise<FileReport> {
  const report: FileReport = {
    status: file.status,
    path: file.path,
    changes: [],
    findings: [],
    newFindings: [],
    problems: [],
    notes: [],
  };
  if (file.basePath !== undefined && file.basePath !== file.path) report.basePath = file.basePath;

  let base =
    file.status === 'added' || file.basePath === undefined
      ? undefined
      : (await load(options.read, options.baseSha, file.basePath, report, 'base')).doc;
  if (file.status === 'removed') {
    report.changes.push(
      synthetic(
        'description-removed',
        'breaking',
        renderMessage('description-removed', { path: file.path }),
        file.path,
        {
          before: { file: file.path, pointer: '', line: 1, column: 1 },
        },
      ),
    );
    try {
      report.changelog = options.engines.changelog(base, undefined, report.changes);
    } catch (error) {
      report.problems.push(`changelog failed: ${messageOf(error)}`);
    }
    return report;
  }

  const loaded = await load(options.read, options.headSha, file.path, report, 'head');
  let head = loaded.doc;
  if (!head) {
    report.changes.push(
      synthetic(
        'description-unreadable',
        'breaking',
        renderMessage('description-unreadable', {
          error: (report.notes.pop() ?? 'unknown error').replace(/^head: /, ''),
        }),
        file.path,
        { after: problemLocation(file.path, loaded.at) },
      ),
    );
    return report;
  }
  // A 0.7.0 side is migrated in memory (named once in the notes), so the format upgrade itself is
  // not reported as a change of the server.
  try {
    ({ oldDoc: base, newDoc: head } = migrateSides(base, head, (line) => report.notes.push(line), [
      'base',
      'head',
    ]));
  } catch (error) {
    if (!(error instanceof MigrationError)) throw error;
    report.problems.push(error.format());
    return report;
  }
  if (!base) {
    const message =
      file.status === 'added'
        ? renderMessage('description-added', { path: file.path })
        : renderMessage('description-added', { variant: 'unreadable-base', path: file.path });
    report.changes.push(
      synthetic('description-added', 'info', message, file.path, {
        after: { file: file.path, pointer: '', line: 1, column: 1 },
      }),
    );
  } else {
    try {
      const changes = await options.engines.diff(base, head);
      for (const change of changes) report.changes.push(anchorChange(change, base, head));
    } catch (error) {
      report.problems.push(`diff failed: ${messageOf(error)}`);
    }
  }
  if (options.engines.lint) {
    try {
      report.findings = await options.engines.lint(head);
      report.newFindings = report.findings;
    } catch (error) {
      report.problems.push(`lint failed: ${messageOf(error)}`);
    }
    if (base && report.findings.length > 0) {
      try {
        const known = await options.engines.lint(base);
        report.newFindings = splitByBaseline(
          { findings: report.findings, document: head.value },
          { findings: known, document: base.value },
        ).fresh;
      } catch (error) {
        // Without a baseline every finding counts as new: stricter, never hides one.
        report.notes.push(`lint of base failed, so every finding is shown as new: ${messageOf(error)}`);
      }
    }
  }
  try {
    report.changelog = options.engines.changelog(base, head, report.changes);
  } catch (error) {
    report.problems.push(`changelog failed: ${messageOf(error)}`);
  }
  return report;
}

async function load(
  read: ReadSide,
  rev: string,
  path: string,
  report: FileReport,
  side: 'base' | 'head',
): Promise<{ doc?: LoadedDocument; at?: { line: number; column: number } }> {
  const problems = report.notes;
  let bytes: Buffer | undefined;
  try {
    bytes = await read(rev, path);
  } catch (error) {
    problems.push(`${side}: ${messageOf(error)}`);
    return {};
  }
  if (bytes === undefined) {
    problems.push(`${side}: ${path} not found at ${rev.slice(0, 12)}`);
    return {};
  }
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { doc: loadDocument(text, { file: path, limits: DEFAULT_LIMITS }) };
  } catch (error) {
    if (error instanceof LoadError) {
      problems.push(
        `${side}: ${error.message} (${error.code})${error.line > 0 ? ` at line ${error.line}` : ''}`,
      );
      return error.line > 0 ? { at: { line: error.line, column: error.column || 1 } } : {};
    }
    problems.push(`${side}: invalid UTF-8 or unreadable (${messageOf(error)})`);
    return {};
  }
}

function problemLocation(path: string, at: { line: number; column: number } | undefined): Location {
  return { file: path, pointer: '', line: at?.line ?? 1, column: at?.column ?? 1 };
}

/**
 * Gives every change a head position: its own `after`, or (removals) the nearest surviving ancestor
 * of its `before` pointer in head, flagged by `details.anchored`.
 */
export function anchorChange(change: Change, base: LoadedDocument, head: LoadedDocument): Change {
  change = withEditedTexts(change, base, head);
  if (change.after || !change.before) return change;
  const pointer = survivingPointer(base.value, head.value, change.before.pointer);
  const position = head.sourceMap.locateKey(pointer);
  return {
    ...change,
    after: { file: head.file, pointer, line: position.line, column: position.column },
    details: { ...(change.details ?? {}), anchored: true },
  };
}

/**
 * A schema's edited description or title carries both whole texts in `details.old`/`new` (as the
 * other prose rules do), read from the documents: the engine's message cuts them, and the comment
 * shows the edit as a word diff.
 */
function withEditedTexts(change: Change, base: LoadedDocument, head: LoadedDocument): Change {
  if (!/-schema-annotation-changed$/.test(change.ruleId) || !change.before || !change.after) return change;
  if (change.details?.old !== undefined || change.details?.new !== undefined) return change;
  let before: unknown;
  let after: unknown;
  try {
    before = getAtPointer(base.value, change.before.pointer);
    after = getAtPointer(head.value, change.after.pointer);
  } catch {
    return change; // not a pointer: the message stays the account
  }
  if (typeof before !== 'string' || typeof after !== 'string') return change;
  return { ...change, details: { ...(change.details ?? {}), old: before, new: after } };
}

function synthetic(
  ruleId: keyof typeof FILES_RULES,
  level: ChangeLevel,
  message: string,
  path: string,
  where: { before?: Location; after?: Location },
): Change {
  const change: Change = {
    ruleId,
    level,
    message,
    subject: { kind: 'document', key: path },
    revisions: [],
    fingerprint: createHash('sha256').update(`${ruleId}\0document\0${path}`).digest('hex').slice(0, 12),
  };
  if (where.before) change.before = where.before;
  if (where.after) change.after = where.after;
  return change;
}

export function countAll(files: readonly FileReport[]): Counts {
  const counts: Counts = {
    breaking: 0,
    warning: 0,
    info: 0,
    lintError: 0,
    lintWarning: 0,
    lintInfo: 0,
    lintKnown: 0,
  };
  for (const file of files) {
    for (const change of file.changes) counts[change.level] += 1;
    for (const finding of file.newFindings) counts[LINT_COUNT[finding.severity]] += 1;
    counts.lintKnown += file.findings.length - file.newFindings.length;
  }
  return counts;
}

const LINT_COUNT: Record<Severity, 'lintError' | 'lintWarning' | 'lintInfo'> = {
  error: 'lintError',
  warning: 'lintWarning',
  info: 'lintInfo',
  hint: 'lintInfo',
};

/** Nothing worth a comment: no change of any level, no new finding, no problem. */
export function isQuiet(report: Report): boolean {
  return report.files.every(
    (f) => f.changes.length === 0 && f.newFindings.length === 0 && f.problems.length === 0,
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
