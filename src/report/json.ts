/**
 * Machine-readable report for Finding[] grouped per file. The shape is documented in
 * docs/validate.md and pinned by test/validate/report.test.ts; `version` changes on any breaking change.
 */
import type { Finding } from '../model/finding.js';
import { prettyJson, prettyJsonChunks, StreamedArray } from './json-chunks.js';
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
  return jsonReport(files, (findings) => findings.map((x) => ({ ...x })));
}

/** The report, its findings lists left as they come (copied, or streamed by `formatJsonChunks`). */
function jsonReport<List>(
  files: readonly FileFindings[],
  list: (findings: readonly Finding[]) => List,
): Omit<JsonReport, 'files'> & { files: (Omit<JsonReportFile, 'findings'> & { findings: List })[] } {
  const out = files.map((f) => {
    const errorCount = f.findings.filter((x) => x.severity === 'error').length;
    const warningCount = f.findings.filter((x) => x.severity === 'warning').length;
    const entry: Omit<JsonReportFile, 'findings'> & { findings: List } = {
      file: f.file,
      valid: f.loadError === undefined && errorCount === 0,
      complete: f.loadError === undefined && f.complete !== false,
      errorCount,
      warningCount,
      findings: list(f.findings),
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
  return prettyJson(jsonReport(files, (findings) => new StreamedArray(findings)));
}

/** `formatJson` in chunks: the findings are serialised one at a time as the chunks are written. */
export function formatJsonChunks(files: readonly FileFindings[]): Iterable<string> {
  return prettyJsonChunks(jsonReport(files, (findings) => new StreamedArray(findings)));
}
