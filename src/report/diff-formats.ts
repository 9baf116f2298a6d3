/**
 * Every output format of the commands that end in a diff (`diff`, `changelog`, `check`): the diff's
 * own renderers (text, Markdown, JSON) and the finding formats lint and validate use (SARIF, GitHub
 * annotations, JUnit), which a diff reaches by reading each change as a finding located where the
 * changed thing sits. One writer per format: the Action's SARIF comes from here too.
 */
import { RULES } from '../diff/rules.js';
import type { Change, ChangeLevel, DiffResult } from '../diff/types.js';
import type { Finding, Severity } from '../model/finding.js';
import { formatChangesJsonChunks } from './changes-json.js';
import { formatChangesMarkdownChunks, subjectLabel } from './changes-markdown.js';
import { formatChangesTextChunks } from './changes-text.js';
import { formatGithub } from './github.js';
import { formatJunit } from './junit.js';
import { formatSarifChunks, type RuleMeta, type SarifFinding } from './sarif.js';
import type { FileFindings } from './stylish.js';

export const DIFF_FORMATS = ['text', 'markdown', 'json', 'sarif', 'github', 'junit'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

/** The severity a change has as a finding: breaking changes are errors, as code scanning shows them. */
export const CHANGE_SEVERITY: Record<ChangeLevel, Severity> = {
  breaking: 'error',
  warning: 'warning',
  info: 'info',
};

/** `--fail-on` as a finding severity (JUnit failures); `none` fails nothing. */
export function failSeverityOf(failOn: ChangeLevel | 'none'): Severity | 'none' {
  return failOn === 'none' ? 'none' : CHANGE_SEVERITY[failOn];
}

export interface ChangeFindingOptions {
  /** File name for a change that has no location on the side it is shown on. */
  fallbackFile: string;
  /**
   * The side whose file results point into: `new` (default) shows a change where the changed thing
   * is now, and a removal where it was; `old` only ever points into the old document (`check`,
   * whose new side is a live server, not a file).
   */
  side?: 'old' | 'new';
  /** Locate every change on this file, without a line (the Action's removed file). */
  onlyFile?: string;
}

const SELF_NAMED = new Set<Change['subject']['kind']>(['document', 'info']);

/**
 * A change as a finding, located as `options.side` says; its fingerprint is the change's own,
 * which ignores lines and file names.
 */
export function changeAsFinding(change: Change, options: ChangeFindingOptions): SarifFinding {
  const at = options.side === 'old' ? change.before : (change.after ?? change.before);
  const pointer = (at ?? change.after ?? change.before)?.pointer ?? '';
  const location =
    options.onlyFile !== undefined
      ? { file: options.onlyFile, pointer, line: 0, column: 0 }
      : (at ?? { file: options.fallbackFile, pointer, line: 0, column: 0 });
  const finding: SarifFinding = {
    code: change.ruleId,
    severity: CHANGE_SEVERITY[change.level],
    // Document-level messages name what changed themselves (`info.version …`).
    message: SELF_NAMED.has(change.subject.kind)
      ? change.message
      : `${subjectLabel(change)}: ${change.message}`,
    location,
    identity: change.fingerprint,
    properties: {
      level: change.level,
      subject: `${change.subject.kind}:${change.subject.key}`,
      revisions: change.revisions,
    },
  };
  if (options.side !== 'old' && change.before && change.after && change.before.file !== change.after.file)
    finding.related = [change.before];
  return finding;
}

/** A diff's changes grouped per file, as lint's reports take them. */
export function changesAsFileFindings(
  changes: readonly Change[],
  options: ChangeFindingOptions,
): FileFindings[] {
  const byFile = new Map<string, Finding[]>();
  for (const change of changes) {
    const finding = changeAsFinding(change, options);
    let list = byFile.get(finding.location.file);
    if (!list) byFile.set(finding.location.file, (list = []));
    list.push(finding);
  }
  if (byFile.size === 0) byFile.set(options.onlyFile ?? options.fallbackFile, []);
  return [...byFile].map(([file, findings]) => ({ file, findings }));
}

/** SARIF rule descriptors for every diff rule, from the registry (docs/rules.md is made from it too). */
export function diffRuleMetas(): RuleMeta[] {
  return RULES.map((rule) => ({
    id: rule.id,
    description: rule.rationale,
    severity: CHANGE_SEVERITY[rule.level],
    tags: ['diff', rule.surface, rule.kind],
  }));
}

export interface DiffRenderContext {
  color: boolean;
  toolVersion: string;
  oldName: string;
  newName: string;
  failOn: ChangeLevel | 'none';
  /** Which document finding formats point into (see ChangeFindingOptions.side). */
  side?: 'old' | 'new';
  /** Directory relative file names are relative to (SARIF %SRCROOT%). */
  srcRoot?: string;
}

/** One report of a diff, in chunks to write one after the other (large reports are never held whole). */
export function renderDiffChunks(
  format: DiffFormat,
  result: DiffResult,
  context: DiffRenderContext,
  toFile = false,
): Iterable<string> {
  switch (format) {
    case 'json':
      return formatChangesJsonChunks(result);
    case 'markdown':
      return formatChangesMarkdownChunks(result, {
        oldName: context.oldName,
        newName: context.newName,
        ...(context.srcRoot ? { root: context.srcRoot } : {}),
      });
    case 'text':
      return formatChangesTextChunks(result, { color: context.color && !toFile });
    default:
      break;
  }
  const side = context.side ?? 'new';
  const files = changesAsFileFindings(result.changes, {
    fallbackFile: side === 'old' ? context.oldName : context.newName,
    side,
  });
  switch (format) {
    case 'sarif':
      return formatSarifChunks(files, {
        toolVersion: context.toolVersion,
        rules: diffRuleMetas(),
        ...(context.srcRoot ? { srcRoot: context.srcRoot } : {}),
      });
    case 'github':
      return [formatGithub(files)];
    case 'junit':
      return [formatJunit(files, { failSeverity: failSeverityOf(context.failOn), name: 'mcpdesc diff' })];
  }
}
