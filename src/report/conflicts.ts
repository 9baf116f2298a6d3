/**
 * Formatters for merge conflicts: a text report for people (one block per conflict, one line per
 * participating input with file:line:col, pointer and value) and a JSON report for tools. Pure.
 */
import { Chalk } from 'chalk';
import type { Conflict, ConflictValue } from '../merge/conflicts.js';
import { maxOf } from '../util/arrays.js';
import type { Location } from '../util/location.js';
import { showControls, showControlsInLine } from './controls.js';

export interface ConflictTextOptions {
  color?: boolean;
  /** First line, e.g. "mcpdesc merge: 2 conflicts, nothing written". */
  title?: string;
  /**
   * Show at most this many conflicts, then one line for the rest: inputs built to conflict
   * everywhere (two 10,000-link alias chains) would otherwise print a line per conflict.
   */
  max?: number;
  /** Where the full list is, for that line (e.g. "--report-format json lists every one"). */
  fullList?: string;
}

/** How many conflicts the command line prints before one line for the rest. */
export const CONFLICTS_SHOWN = 25;

export function formatLocation(location: Location): string {
  const file = showControlsInLine(location.file);
  return location.line > 0 ? `${file}:${location.line}:${location.column}` : file;
}

function renderValue(value: ConflictValue | undefined): string {
  if (value === undefined) return '';
  if (!value.present) return '(absent)';
  const text = showControls(JSON.stringify(value.value) ?? 'null');
  return text.length > 100 ? `${text.slice(0, 97)}...` : text;
}

export function formatConflictsText(
  conflicts: readonly Conflict[],
  options: ConflictTextOptions = {},
): string {
  const chalk = new Chalk({ level: options.color ? 1 : 0 });
  const lines: string[] = [];
  if (options.title) lines.push(chalk.bold(showControls(options.title)), '');
  const shown =
    options.max !== undefined && conflicts.length > options.max ? conflicts.slice(0, options.max) : conflicts;
  shown.forEach((conflict, index) => {
    lines.push(`${chalk.red('conflict')} ${chalk.bold(conflict.code)}  ${showControls(conflict.message)}`);
    const where = conflict.locations.map(formatLocation);
    const width = maxOf(where, (w) => w.length);
    conflict.locations.forEach((location, i) => {
      const value = renderValue(conflict.values?.[i]);
      const pointer = location.pointer === '' ? '(root)' : location.pointer;
      lines.push(`  ${chalk.dim((where[i] ?? '').padEnd(width))}  ${pointer}${value ? `  ${value}` : ''}`);
    });
    if (index < shown.length - 1) lines.push('');
  });
  const rest = conflicts.length - shown.length;
  if (rest > 0)
    lines.push('', `… and ${conflictSummary(rest)} more${options.fullList ? ` (${options.fullList})` : ''}`);
  return `${lines.join('\n')}\n`;
}

/** A stable JSON document: `{conflicts: [...]}` plus any extra members given. */
export function formatConflictsJson(
  conflicts: readonly Conflict[],
  extra: Record<string, unknown> = {},
): string {
  return `${JSON.stringify({ ...extra, conflicts }, null, 2)}\n`;
}

export function conflictSummary(count: number): string {
  return `${count} conflict${count === 1 ? '' : 's'}`;
}
