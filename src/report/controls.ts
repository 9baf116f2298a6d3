/**
 * Control characters from document text, made visible: C0 controls other than tab and line feed,
 * DEL and the C1 controls. Printed raw, `ESC [ 2 J` clears a reader's terminal and `ESC ] 8` makes a
 * link of other text; `U+009B` is the same escape in one character, which JSON.stringify leaves
 * as it is. Reports meant for terminals and logs show each as `\u{1B}`.
 */
import { codePointEscape } from '../util/code-point.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is made visible
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

export function showControls(text: string): string {
  // Most texts have none: a test is cheaper than a replace that copies.
  if (!CONTROL.test(text)) return text;
  return text.replace(CONTROLS, codePointEscape);
}
