/**
 * Machine-readable report for Finding[] grouped per file. The shape is documented in
 * docs/validate.md and pinned by test/validate/report.test.ts; `version` changes on any breaking change.
 */
import type { Finding } from '../model/finding.js';
import type { FileFindings } from './stylish.js';

export interface JsonReportFile {
  file: string;
  valid: boolean;
  complete: boolean;
  errorCount: number;
  warningCount: number;
  findings: Finding[];
  loadError?: { code: string; message: string; line: number; column: number };
}

export interface JsonReport {
  version: 1;
  files: JsonReportFile[];
  summary: {
    fileCount: number;
    validCount: number;
    invalidCount: number;
    unreadableCount: number;
    errorCount: number;
    warningCount: number;
  };
}

export function buildJsonReport(files: readonly FileFindings[]): JsonReport {
  const out: JsonReportFile[] = files.map((f) => {
    const errorCount = f.findings.filter((x) => x.severity === 'error').length;
    const warningCount = f.findings.filter((x) => x.severity === 'warning').length;
    const entry: JsonReportFile = {
      file: f.file,
      valid: f.loadError === undefined && errorCount === 0,
      complete: f.loadError === undefined && f.complete !== false,
      errorCount,
      warningCount,
      findings: f.findings.map((x) => ({ ...x })),
    };
    if (f.loadError) entry.loadError = f.loadError;
    return entry;
  });
  return {
    version: 1,
    files: out,
    summary: {
      fileCount: out.length,
      validCount: out.filter((f) => f.valid).length,
      invalidCount: out.filter((f) => !f.valid && !f.loadError).length,
      unreadableCount: out.filter((f) => f.loadError).length,
      errorCount: out.reduce((n, f) => n + f.errorCount, 0),
      warningCount: out.reduce((n, f) => n + f.warningCount, 0),
    },
  };
}

export function formatJson(files: readonly FileFindings[]): string {
  return `${JSON.stringify(buildJsonReport(files), null, 2)}\n`;
}
