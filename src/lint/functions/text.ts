/** Text helpers shared by the functions: safe short renderings of untrusted document values. */
import { codePointEscape } from '../../util/code-point.js';
import type { JsonValue } from '../../util/json.js';

const MAX_SHOWN = 60;

/** A short JSON rendering for messages: long strings are cut, control/invisible characters escaped. */
export function describeValue(value: JsonValue | undefined): string {
  if (value === undefined) return 'undefined';
  let text: string;
  if (typeof value === 'string') {
    // Cut by code points, so a pair is never split; a string of few code units has few points.
    const cut = value.length > MAX_SHOWN ? [...value] : undefined;
    text = JSON.stringify(cut && cut.length > MAX_SHOWN ? `${cut.slice(0, MAX_SHOWN).join('')}…` : value);
  } else if (value !== null && typeof value === 'object') {
    text = Array.isArray(value) ? `array(${value.length})` : 'object';
  } else text = JSON.stringify(value);
  return escapeInvisible(text);
}

/** Replaces invisible and bidi control characters by `\u{...}` so a message cannot hide or reorder text. */
export function escapeInvisible(text: string): string {
  // Every message goes through here, and almost none has one: test before replacing.
  if (!INVISIBLE_ANY.test(text)) return text;
  return text.replace(INVISIBLE_GLOBAL, codePointEscape);
}

/** Zero-width, bidi control and Unicode tag characters (invisible to a reader, visible to a model). */
export const INVISIBLE_SOURCE =
  '[\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\u061C\\uFEFF\\u00AD\\u180E]|\\uDB40[\\uDC00-\\uDC7F]';
const INVISIBLE_GLOBAL = new RegExp(INVISIBLE_SOURCE, 'g');
/** Whether a text has any (not global: no `lastIndex` state between texts). */
export const INVISIBLE_ANY = new RegExp(INVISIBLE_SOURCE);
