/**
 * GitHub Actions workflow commands (`::error file=...,line=...,col=...,title=...::message`), one per
 * finding, so findings show as annotations on the pull request diff. Values are escaped as the
 * runner expects (`%`, CR, LF everywhere; also `:` and `,` in properties), so document text can
 * never end a command early or start a new one.
 */
import type { Severity } from '../model/finding.js';
import { intendAnnotation, showControls } from './controls.js';
import type { FileFindings } from './stylish.js';

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(showControls(text)).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function command(severity: Severity): 'error' | 'warning' | 'notice' {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'notice';
}

function annotation(
  kind: string,
  file: string,
  line: number,
  column: number,
  title: string,
  message: string,
): string {
  const props = [`file=${escapeProperty(file)}`];
  if (line > 0) props.push(`line=${line}`, `col=${Math.max(1, column)}`);
  props.push(`title=${escapeProperty(title)}`);
  const command = `::${kind} ${props.join(',')}::${escapeData(showControls(message))}`;
  intendAnnotation(command);
  return `${command}\n`;
}

export function formatGithub(files: readonly FileFindings[]): string {
  let out = '';
  for (const file of files) {
    if (file.loadError) {
      const e = file.loadError;
      out += annotation('error', file.file, e.line, e.column, `mcpdesc ${e.code}`, e.message);
    }
    for (const f of file.findings)
      out += annotation(
        command(f.severity),
        f.location.file,
        f.location.line,
        f.location.column,
        `mcpdesc ${f.code}`,
        f.message,
      );
  }
  return out;
}
