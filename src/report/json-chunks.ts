/**
 * `JSON.stringify(value, null, 2)` followed by a newline, written as chunks of about a megabyte.
 * A SARIF or JSON report of a 50,000-tool gateway holds 100,000+ findings: built as one object
 * tree and then one string, it peaked near 1 GB. Here the large lists are `StreamedArray`s whose
 * items are made one at a time while the chunks are written, so neither the tree of result
 * objects nor the whole text is ever held at once.
 */

/** An array whose items are produced only while it is serialised (once). */
export class StreamedArray {
  constructor(readonly items: Iterable<unknown>) {}

  /** Inside a streamed item, `JSON.stringify` writes it as the array it stands for. */
  toJSON(): unknown[] {
    return [...this.items];
  }
}

/** About a megabyte: how much of a report is made before it is written. */
export const CHUNK_CHARS = 1 << 20;

export function* prettyJsonChunks(value: unknown, chunkChars = CHUNK_CHARS): Generator<string> {
  let buffer = '';
  for (const part of pieces(value, '')) {
    buffer += part;
    if (buffer.length >= chunkChars) {
      yield buffer;
      buffer = '';
    }
  }
  yield `${buffer}\n`;
}

/** The whole text at once: what `prettyJsonChunks` writes, joined. */
export function prettyJson(value: unknown): string {
  return Array.from(prettyJsonChunks(value)).join('');
}

/**
 * The text of `value` at nesting `indent`, in pieces. Only containers that hold a StreamedArray
 * are walked here (the envelope of a report); everything else, such as each result of a streamed
 * list, is one `JSON.stringify` re-indented to its depth (JSON text has no raw newline inside a
 * string; a streamed list inside a result is written whole, through `toJSON`).
 */
function* pieces(value: unknown, indent: string): Generator<string> {
  if (value instanceof StreamedArray) {
    const inner = `${indent}  `;
    let first = true;
    for (const item of value.items) {
      yield first ? `[\n${inner}` : `,\n${inner}`;
      first = false;
      // Each item at once: walking it for streamed lists first would read every item twice.
      yield leaf(item === undefined || typeof item === 'function' ? null : item, inner);
    }
    yield first ? '[]' : `\n${indent}]`;
    return;
  }
  if (value === null || typeof value !== 'object' || !holdsStreamed(value)) {
    yield leaf(value, indent);
    return;
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) {
      yield '[]';
      return;
    }
    for (let i = 0; i < value.length; i++) {
      yield i === 0 ? `[\n${inner}` : `,\n${inner}`;
      const item = value[i];
      yield* pieces(item === undefined || typeof item === 'function' ? null : item, inner);
    }
    yield `\n${indent}]`;
    return;
  }
  let first = true;
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    if (member === undefined || typeof member === 'function') continue;
    yield `${first ? '{' : ','}\n${inner}${escapeLayout(JSON.stringify(key))}: `;
    first = false;
    yield* pieces(member, inner);
  }
  yield first ? '{}' : `\n${indent}}`;
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

function leaf(value: unknown, indent: string): string {
  const raw = JSON.stringify(value, null, 2) as string | undefined;
  if (raw === undefined) return 'null';
  const text = escapeLayout(raw);
  return indent === '' ? text : text.replaceAll('\n', `\n${indent}`);
}

/** Whether a StreamedArray sits anywhere inside: only the envelope of a report is walked for it. */
function holdsStreamed(value: object): boolean {
  if (value instanceof StreamedArray) return true;
  const members = Array.isArray(value) ? value : Object.values(value);
  for (let i = 0; i < members.length; i++) {
    const member: unknown = members[i];
    if (member !== null && typeof member === 'object' && holdsStreamed(member)) return true;
  }
  return false;
}
