/**
 * `JSON.stringify(value, null, 2)` followed by a newline, written as chunks of about a megabyte,
 * with the characters that act on a reader escaped. A SARIF or JSON report of a 50,000-tool
 * gateway holds 100,000+ findings: built as one object tree and then one string, it peaked near
 * 1 GB. Here the large lists are `StreamedArray`s whose items are made one at a time while the
 * chunks are written, so neither the tree of result objects nor the whole text is ever held at once.
 */
import { jsonTextChunks } from '../util/json-chunks.js';

export { StreamedArray } from '../util/json-chunks.js';

/** About a megabyte: how much of a report is made before it is written. */
export const CHUNK_CHARS = 1 << 20;

export function prettyJsonChunks(value: unknown, chunkChars = CHUNK_CHARS): Generator<string> {
  return jsonTextChunks(value, chunkChars, escapeLayout);
}

/** The whole text at once: what `prettyJsonChunks` writes, joined. */
export function prettyJson(value: unknown): string {
  return Array.from(prettyJsonChunks(value)).join('');
}

/**
 * Characters JSON.stringify leaves raw that act on a reader of the text (a terminal, a CI log):
 * DEL and the C1 controls (`U+009B` is CSI), the line and paragraph separators, bidirectional
 * controls. Written as `\uXXXX` escapes: the same JSON value, inert as text.
 */
const LAYOUT_CHARACTERS = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const HAS_LAYOUT_CHARACTER = new RegExp(LAYOUT_CHARACTERS.source);

function escapeLayout(text: string): string {
  if (!HAS_LAYOUT_CHARACTER.test(text)) return text;
  return text.replace(LAYOUT_CHARACTERS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
