/**
 * ESLint-style "stylish" report for Finding[] grouped per file (validate today, lint later):
 *
 *   path/to/file.json
 *     12:5  error    message  code
 *
 *   ✖ 3 problems (2 errors, 1 warning)
 */
import { Chalk } from 'chalk';
import type { Finding } from '../model/finding.js';
import { showControls, showControlsInLine } from './controls.js';

export interface FileFindings {
  file: string;
  findings: readonly Finding[];
  /** Set when the file could not be read or decoded; it then has no findings. */
  loadError?: { code: string; message: string; line: number; column: number };
  /** False when some check could not be completed (the report says so; never claimed complete). */
  complete?: boolean;
}

export interface StylishOptions {
  color: boolean;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function formatStylish(files: readonly FileFindings[], options: StylishOptions): string {
  return Array.from(formatStylishChunks(files, options)).join('');
}

/**
 * Rows joined per chunk of this many (≈ 40 KB of text): a 50,000-tool gateway's report is over
 * 100,000 rows. Kept below V8's large-object size (128 KB), so a chunk and its UTF-8 copy reuse
 * memory the young generation already has: each string of several hundred kilobytes was fresh
 * memory from the system, and a catalog's 1.6 MB report spent ≈ 20 ms faulting it in.
 */
const ROWS_PER_CHUNK = 256;

/** `formatStylish` in chunks of a few thousand rows, to write one after the other. */
export function* formatStylishChunks(
  files: readonly FileFindings[],
  options: StylishOptions,
): Generator<string> {
  const c = new Chalk({ level: options.color ? 1 : 0 });
  // Without colour a chunk holds no escape of ours, so its control characters (from messages, or a
  // rule id) are shown in one pass over the chunk instead of one per row.
  // The rows end with an empty one, so the joined text ends with a line break and is one flat
  // string: adding it after the join made a second string that the control test then copied.
  const shown = (rows: string[]): string => {
    rows.push('');
    return options.color ? rows.join('\n') : showControls(rows.join('\n'));
  };
  let out = '';
  let errors = 0;
  let warnings = 0;
  let others = 0;
  let incomplete = 0;
  let unreadable = 0;
  for (const file of files) {
    if (file.loadError) unreadable++;
    else if (file.complete === false) incomplete++;
    if (file.findings.length === 0) continue;
    out += `\n${c.underline(showControlsInLine(file.file))}\n`;
    // Thousands of rows on a catalog: one pass for the column widths, then each severity and code
    // painted once (chalk is a chain of calls per string, even with colour off).
    const findings = file.findings;
    const positions: string[] = [];
    let w0 = 0;
    let w1 = 0;
    for (let i = 0; i < findings.length; i++) {
      const f = findings[i] as Finding;
      if (f.severity === 'error') errors++;
      else if (f.severity === 'warning') warnings++;
      else others++;
      const pos = `${f.location.line}:${f.location.column}`;
      positions.push(pos);
      if (pos.length > w0) w0 = pos.length;
      if (f.severity.length > w1) w1 = f.severity.length;
    }
    const severityLabels = new Map<string, string>();
    const codeLabels = new Map<string, string>();
    yield out;
    out = '';
    let rows: string[] = [];
    for (let i = 0; i < findings.length; i++) {
      const f = findings[i] as Finding;
      const pos = (positions[i] as string).padEnd(w0);
      let severity = severityLabels.get(f.severity);
      if (severity === undefined) {
        const padded = f.severity.padEnd(w1);
        severity =
          f.severity === 'error'
            ? c.red(padded)
            : f.severity === 'warning'
              ? c.yellow(padded)
              : c.blue(padded);
        severityLabels.set(f.severity, severity);
      }
      let code = codeLabels.get(f.code);
      if (code === undefined) codeLabels.set(f.code, (code = c.dim(f.code)));
      const message = f.message.includes('\n') ? oneLine(f.message) : f.message;
      rows.push(
        `  ${options.color ? c.dim(pos) : pos}  ${severity}  ${options.color ? showControls(message) : message}  ${code}`,
      );
      if (rows.length === ROWS_PER_CHUNK) {
        yield shown(rows);
        rows = [];
      }
    }
    if (rows.length > 0) yield shown(rows);
  }
  const problems = errors + warnings + others;
  if (problems > 0) {
    const mark = errors > 0 ? c.red.bold('✖') : c.yellow.bold('⚠');
    const parts = [plural(errors, 'error'), plural(warnings, 'warning')];
    if (others > 0) parts.push(`${others} other`);
    out += `\n${mark} ${c.bold(`${plural(problems, 'problem')} (${parts.join(', ')})`)}\n`;
  }
  if (unreadable > 0)
    out += `${c.red(`${plural(unreadable, 'file')} could not be read (see the messages above)`)}\n`;
  if (incomplete > 0) {
    out += `${c.yellow(`validation incomplete for ${plural(incomplete, 'file')}: see the warnings above`)}\n`;
  }
  yield out;
}

/**
 * The text on one line: each line break and the spaces around it become one space. (A regular
 * expression of spaces, a line break and spaces took time squared over a long run of spaces.)
 */
export function oneLine(text: string): string {
  const lines = text.split('\n');
  if (lines.length === 1) return text;
  let out = (lines[0] as string).trimEnd();
  for (let i = 1; i < lines.length; i++) {
    const last = i === lines.length - 1;
    const line = last ? (lines[i] as string).trimStart() : (lines[i] as string).trim();
    if (line !== '' || last) out += ` ${line}`;
  }
  return out;
}
