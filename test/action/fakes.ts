/** Small builders for the Action's unit tests: changes, findings and reports without the engines. */

import { countAll, type FileReport, type Report } from '../../src/action/report.js';
import type { Change, ChangeLevel } from '../../src/diff/types.js';
import type { Finding, Severity } from '../../src/model/finding.js';

export function change(level: ChangeLevel, line: number, extra: Partial<Change> = {}): Change {
  return {
    ruleId: extra.ruleId ?? `rule-${level}`,
    level,
    message: extra.message ?? `a ${level} change at ${line}`,
    subject: extra.subject ?? { kind: 'tool', key: `tool${line}` },
    revisions: extra.revisions ?? ['2025-11-25'],
    after: extra.after ?? { file: 'a.mcpdesc.yaml', pointer: `/tools/${line}`, line, column: 3 },
    fingerprint: extra.fingerprint ?? `fp${line}`,
    ...(extra.before ? { before: extra.before } : {}),
    ...(extra.details ? { details: extra.details } : {}),
    ...(extra.via !== undefined ? { via: extra.via } : {}),
    ...(extra.affected ? { affected: extra.affected } : {}),
  };
}

export function finding(severity: Severity, line: number, extra: Partial<Finding> = {}): Finding {
  return {
    code: extra.code ?? `lint-${severity}`,
    severity,
    message: extra.message ?? `a ${severity} finding at ${line}`,
    location: extra.location ?? { file: 'a.mcpdesc.yaml', pointer: `/x/${line}`, line, column: 1 },
  };
}

export function fileReport(partial: Partial<FileReport> & { path?: string } = {}): FileReport {
  return {
    status: partial.status ?? 'modified',
    path: partial.path ?? 'a.mcpdesc.yaml',
    changes: partial.changes ?? [],
    findings: partial.findings ?? [],
    newFindings: partial.newFindings ?? partial.findings ?? [],
    problems: partial.problems ?? [],
    notes: partial.notes ?? [],
    ...(partial.basePath ? { basePath: partial.basePath } : {}),
    ...(partial.changelog ? { changelog: partial.changelog } : {}),
  };
}

export function report(files: FileReport[], bump: Report['bump'] = 'none'): Report {
  return {
    files,
    counts: countAll(files),
    bump,
    base: { ref: 'main', sha: 'b'.repeat(40) },
    head: { sha: 'h'.repeat(40) },
  };
}
