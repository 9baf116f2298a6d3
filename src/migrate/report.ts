/**
 * The migration report: every change made, every default applied and every decision left to the
 * author, each with the JSON pointer (and, once located, line and column) in the 0.7.0 source and
 * in the 0.8.0 result. Text and JSON renderings.
 */
import type { SourceMap } from '../parse/index.js';

/**
 * change   = something the migration rewrote (a format change, no change in meaning);
 * default  = a value the migration supplied because the source had none (only on request, e.g.
 *            `--default-protocol-version`);
 * decision = the author must decide: the migration refuses to guess (exit 1);
 * warning  = migrated, but worth a look (an interpretation of 0.7.0, a 0.8.0 validator warning);
 * note     = information (a comment that could not be kept, a name taken from another document).
 */
export type EntryKind = 'change' | 'default' | 'decision' | 'warning' | 'note';

export const ENTRY_KINDS: readonly EntryKind[] = ['decision', 'default', 'warning', 'change', 'note'];

export interface ReportPosition {
  pointer: string;
  line?: number;
  column?: number;
}

export interface ReportEntry {
  kind: EntryKind;
  /** Stable code, e.g. `capabilities-wrapped`, `tool-input-schema-missing`. */
  code: string;
  message: string;
  /** Where in the 0.7.0 source. */
  source?: ReportPosition;
  /** Where in the 0.8.0 result. */
  result?: ReportPosition;
}

export type MigrationStatus = 'migrated' | 'migrated-with-warnings' | 'needs-author-input';

export interface MigrationReport {
  file: string;
  from: '0.7.0';
  to: '0.8.0';
  status: MigrationStatus;
  /** Where the migrated document was written, when it was. */
  output?: string;
  entries: ReportEntry[];
}

export function entry(
  kind: EntryKind,
  code: string,
  message: string,
  source?: string,
  result?: string,
): ReportEntry {
  const out: ReportEntry = { kind, code, message };
  if (source !== undefined) out.source = { pointer: source };
  if (result !== undefined) out.result = { pointer: result };
  return out;
}

export function statusOf(entries: readonly ReportEntry[]): MigrationStatus {
  if (entries.some((e) => e.kind === 'decision')) return 'needs-author-input';
  if (entries.some((e) => e.kind === 'warning' || e.kind === 'default')) return 'migrated-with-warnings';
  return 'migrated';
}

/** Fills in line and column from the source map of each side (a side without a map keeps pointers only). */
export function locateEntries(
  entries: readonly ReportEntry[],
  sourceMap: SourceMap | undefined,
  resultMap: SourceMap | undefined,
): ReportEntry[] {
  return entries.map((e) => {
    const out: ReportEntry = { ...e };
    if (e.source && sourceMap)
      out.source = { pointer: e.source.pointer, ...sourceMap.locate(e.source.pointer) };
    if (e.result && resultMap)
      out.result = { pointer: e.result.pointer, ...resultMap.locate(e.result.pointer) };
    return out;
  });
}

export function countByKind(entries: readonly ReportEntry[]): Record<EntryKind, number> {
  const counts: Record<EntryKind, number> = { change: 0, default: 0, decision: 0, warning: 0, note: 0 };
  for (const e of entries) counts[e.kind]++;
  return counts;
}

const HEADINGS: Record<EntryKind, string> = {
  decision: 'Decisions left to the author',
  default: 'Defaults applied',
  warning: 'Warnings',
  change: 'Changes made',
  note: 'Notes',
};

function where(file: string, p: ReportPosition | undefined): string | undefined {
  if (!p) return undefined;
  const pointer = p.pointer === '' ? '/' : p.pointer;
  return p.line !== undefined ? `${file}:${p.line}:${p.column ?? 1} (${pointer})` : pointer;
}

/** Human-readable report, grouped by kind, decisions first. */
export function formatReportText(report: MigrationReport): string {
  const lines: string[] = [];
  const counts = countByKind(report.entries);
  lines.push(`${report.file}: mcpdesc ${report.from} → ${report.to}: ${report.status}`);
  lines.push(
    `  ${counts.change} changes, ${counts.default} defaults, ${counts.decision} decisions for the author, ${counts.warning} warnings, ${counts.note} notes`,
  );
  if (report.output) lines.push(`  written to ${report.output}`);
  else if (report.status === 'needs-author-input')
    lines.push('  nothing was written: resolve the decisions below first');
  for (const kind of ENTRY_KINDS) {
    const group = report.entries.filter((e) => e.kind === kind);
    if (group.length === 0) continue;
    lines.push('', `${HEADINGS[kind]}:`);
    for (const e of group) {
      lines.push(`  - [${e.code}] ${e.message}`);
      const from = where(report.file, e.source);
      const to = where(report.output ?? 'result', e.result);
      if (from) lines.push(`      source: ${from}`);
      if (to) lines.push(`      result: ${to}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Machine-readable report (stable shape; `entries` in the order the steps produced them). */
export function formatReportJson(report: MigrationReport): string {
  const counts = countByKind(report.entries);
  return `${JSON.stringify({ ...report, summary: counts }, null, 2)}\n`;
}
