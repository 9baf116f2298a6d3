/**
 * Control characters from document text, made visible: C0 controls other than tab and line feed,
 * DEL, the C1 controls, the Unicode line and paragraph separators and the bidirectional controls.
 * Printed raw, `ESC [ 2 J` clears a reader's terminal and `ESC ] 8` makes a link of other text;
 * `U+009B` is the same escape in one character, which JSON.stringify leaves as it is; U+2028 ends a
 * line for some readers; U+202E shows the text after it reversed. Reports meant for terminals and
 * logs show each as `\u{1B}`.
 *
 * A CI runner also reads its log: GitHub Actions runs a line that starts with `::` as a workflow
 * command (`::error …`, `::add-mask::`, `::stop-commands::`). Text that is one field of an output
 * line (a file name, a message) therefore shows its line breaks too (`showControlsInLine`), and
 * everything the command line prints passes `neutraliseWorkflowCommands`, which lets through only
 * the annotation lines the `github` format means to print (`intendAnnotation`).
 */
import { codePointEscape } from '../util/code-point.js';

/** Unicode's line separators and bidirectional controls: shown in every report. */
const LAYOUT = '\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069';
const CONTROL = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${LAYOUT}]`);
const CONTROLS = new RegExp(CONTROL.source, 'g');
const LINE_CONTROL = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${LAYOUT}]`);
const LINE_CONTROLS = new RegExp(LINE_CONTROL.source, 'g');

export function showControls(text: string): string {
  // Most texts have none: a test is cheaper than a replace that copies.
  if (!CONTROL.test(text)) return text;
  return text.replace(CONTROLS, codePointEscape);
}

/** showControls for text that must stay on one line: line feed and tab shown as well. */
export function showControlsInLine(text: string): string {
  if (!LINE_CONTROL.test(text)) return text;
  return text.replace(LINE_CONTROLS, codePointEscape);
}

/** Annotation lines the `github` format made (see report/github.ts), each allowed out once. */
const intended = new Map<string, number>();

/** Lets one line starting with `::` through neutraliseWorkflowCommands: an annotation we mean. */
export function intendAnnotation(line: string): void {
  intended.set(line, (intended.get(line) ?? 0) + 1);
}

/** A workflow command at a line start: the runner trims the line before it looks. */
const COMMAND_LINE = /^[ \t]*::/;

/**
 * `text` with every line that a runner would take as a workflow command (it starts with `::`,
 * after blanks) shown with its first colon escaped (`\u{3A}:error …`), unless it is an annotation
 * the toolkit means to print. `atLineStart`: whether the text starts a line (false when it
 * continues a line begun by an earlier write).
 */
export function neutraliseWorkflowCommands(text: string, atLineStart = true): string {
  if (!text.includes('::')) return text;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if ((i === 0 && !atLineStart) || !COMMAND_LINE.test(line)) continue;
    const allowed = intended.get(line);
    if (allowed !== undefined) {
      if (allowed <= 1) intended.delete(line);
      else intended.set(line, allowed - 1);
      continue;
    }
    const colon = line.indexOf(':');
    lines[i] = `${line.slice(0, colon)}${codePointEscape(':')}${line.slice(colon + 1)}`;
  }
  return lines.join('\n');
}
