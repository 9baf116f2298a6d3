/**
 * JUnit XML report for Finding[] grouped per file: one <testsuite> per file; one <testcase> per
 * finding (a <failure> when its severity is at or above `failSeverity`, else a passing case with the
 * finding in <system-out>); a file without findings is one passing case; a load error is an <error>.
 * Everything from the document is XML-escaped, and characters XML 1.0 cannot carry are replaced.
 */
import { type Finding, SEVERITY_RANK, type Severity } from '../model/finding.js';
import type { FileFindings } from './stylish.js';

export interface JunitOptions {
  /** Findings at or above this severity are failures (default `error`); `none`: no finding fails. */
  failSeverity?: Severity | 'none';
  /** Name of the <testsuites> element (default `mcpdesc`). */
  name?: string;
}

/** XML 1.0 text/attribute escape; characters outside the XML Char production become U+FFFD. */
export function escapeXml(text: string): string {
  return (
    text
      .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
      // Line breaks, C1, line separators and bidi controls as character references: the same value
      // for an XML reader, one inert line for a log or terminal that shows the file.
      .replace(
        /[\t\n\r\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
        (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`,
      )
  );
}

function where(finding: Finding): string {
  const l = finding.location;
  return `${l.file}:${l.line}:${l.column}`;
}

export function formatJunit(files: readonly FileFindings[], options: JunitOptions = {}): string {
  const fail = options.failSeverity ?? 'error';
  const threshold = fail === 'none' ? Number.POSITIVE_INFINITY : SEVERITY_RANK[fail];
  let tests = 0;
  let failures = 0;
  let errors = 0;
  const suites: string[] = [];
  for (const file of files) {
    const cases: string[] = [];
    let suiteFailures = 0;
    let suiteErrors = 0;
    const name = escapeXml(file.file);
    if (file.loadError) {
      const e = file.loadError;
      suiteErrors++;
      cases.push(
        `    <testcase classname="${name}" name="${escapeXml(`${e.code} ${e.line}:${e.column}`)}">\n` +
          `      <error type="${escapeXml(e.code)}" message="${escapeXml(e.message)}">${escapeXml(`${file.file}:${e.line}:${e.column}: ${e.message}`)}</error>\n` +
          '    </testcase>',
      );
    }
    for (const finding of file.findings) {
      const label = escapeXml(`${finding.code} ${finding.location.line}:${finding.location.column}`);
      const text = escapeXml(
        `${finding.severity}: ${finding.message}\n  at ${where(finding)} (${finding.location.pointer || '/'})`,
      );
      if (SEVERITY_RANK[finding.severity] >= threshold) {
        suiteFailures++;
        cases.push(
          `    <testcase classname="${name}" name="${label}">\n` +
            `      <failure type="${escapeXml(finding.code)}" message="${escapeXml(finding.message)}">${text}</failure>\n` +
            '    </testcase>',
        );
      } else {
        cases.push(
          `    <testcase classname="${name}" name="${label}">\n      <system-out>${text}</system-out>\n    </testcase>`,
        );
      }
    }
    if (cases.length === 0) cases.push(`    <testcase classname="${name}" name="${name}"/>`);
    tests += cases.length;
    failures += suiteFailures;
    errors += suiteErrors;
    suites.push(
      `  <testsuite name="${name}" tests="${cases.length}" failures="${suiteFailures}" errors="${suiteErrors}" skipped="0">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }
  const title = escapeXml(options.name ?? 'mcpdesc');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${title}" tests="${tests}" failures="${failures}" errors="${errors}">\n${suites.join('\n')}${suites.length ? '\n' : ''}</testsuites>\n`;
}
