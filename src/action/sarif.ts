/**
 * The Action's SARIF for GitHub code scanning (`github/codeql-action/upload-sarif`), written by the
 * one SARIF writer of src/report/: the same tool name, rule ids and fingerprints as `mcpdesc lint -f
 * sarif` and `mcpdesc diff -f sarif`, so an alert keeps its identity whichever produced it. This
 * module only says where each result sits: lint findings on head lines, diff changes where the
 * changed thing is, and a removed file's changes on the path it had (a file-level alert). Lint
 * findings carry `baselineState`: `new` when the pull request introduces them, else `unchanged`.
 */
import { changeAsFinding, diffRuleMetas } from '../report/diff-formats.js';
import { formatSarif, type SarifFinding } from '../report/sarif.js';
import type { FileFindings } from '../report/stylish.js';
import type { Report } from './report.js';

export interface ActionSarifOptions {
  toolVersion: string;
  /** The workspace: relative paths are relative to it (`%SRCROOT%`). */
  srcRoot: string;
  repositoryUri?: string;
}

export function renderSarif(report: Report, options: ActionSarifOptions): string {
  const files: FileFindings[] = report.files.map((file) => {
    const fresh = new Set(file.newFindings);
    return {
      file: file.path,
      findings: [
        ...file.changes.map((change) =>
          changeAsFinding(change, {
            fallbackFile: file.path,
            ...(file.status === 'removed' ? { onlyFile: file.path } : {}),
          }),
        ),
        ...file.findings.map(
          (finding): SarifFinding => ({
            ...finding,
            baselineState: fresh.has(finding) ? 'new' : 'unchanged',
          }),
        ),
      ],
    };
  });
  return formatSarif(files, {
    toolVersion: options.toolVersion,
    srcRoot: options.srcRoot,
    rules: diffRuleMetas(),
    ...(options.repositoryUri && report.head.sha
      ? { versionControl: { repositoryUri: options.repositoryUri, revisionId: report.head.sha } }
      : {}),
  });
}
