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
import { maxOf } from '../util/arrays.js';

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
  const c = new Chalk({ level: options.color ? 1 : 0 });
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
    out += `\n${c.underline(file.file)}\n`;
    const rows = file.findings.map((f) => {
      if (f.severity === 'error') errors++;
      else if (f.severity === 'warning') warnings++;
      else others++;
      return [
        `${f.location.line}:${f.location.column}`,
        f.severity,
        f.message.replace(/\s*\n\s*/g, ' '),
        f.code,
      ] as const;
    });
    const w0 = maxOf(rows, (r) => r[0].length);
    const w1 = maxOf(rows, (r) => r[1].length);
    for (const [pos, severity, message, code] of rows) {
      const sev =
        severity === 'error'
          ? c.red(severity.padEnd(w1))
          : severity === 'warning'
            ? c.yellow(severity.padEnd(w1))
            : c.blue(severity.padEnd(w1));
      out += `  ${c.dim(pos.padEnd(w0))}  ${sev}  ${message}  ${c.dim(code)}\n`;
    }
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
  return out;
}
