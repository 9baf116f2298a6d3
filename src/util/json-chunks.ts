/**
 * `JSON.stringify(value, null, 2)` followed by a newline, made as a series of chunks: the lists
 * wrapped in a `StreamedArray` are written item by item, everything else is one `JSON.stringify`
 * re-indented to its depth. Neither the whole text nor (for a StreamedArray over a generator) the
 * whole tree is held at once, and no single `JSON.stringify` runs over a whole large document,
 * which Node 24 does three to four times as slowly as Node 20 (src/model/serialize.ts).
 */

/** An array whose items are produced only while it is serialised (once). */
export class StreamedArray {
  constructor(readonly items: Iterable<unknown>) {}

  /** Inside a streamed item, `JSON.stringify` writes it as the array it stands for. */
  toJSON(): unknown[] {
    return [...this.items];
  }
}

/** What a chunk's JSON text goes through before it is written (the identity for a document). */
export type TextEscape = (text: string) => string;

const unchanged: TextEscape = (text) => text;

/**
 * The chunks, each at least `chunkChars` long but the last. `escapeText` is applied to every piece
 * of JSON text made (keys and values), so it must keep the text's JSON value.
 */
export function* jsonTextChunks(
  value: unknown,
  chunkChars: number,
  escapeText: TextEscape = unchanged,
): Generator<string> {
  let buffer = '';
  for (const part of pieces(value, '', escapeText)) {
    buffer += part;
    if (buffer.length >= chunkChars) {
      yield buffer;
      buffer = '';
    }
  }
  yield `${buffer}\n`;
}

/**
 * The text of `value` at nesting `indent`, in pieces. Only containers that hold a StreamedArray
 * are walked here (the envelope of a report, the root of a document); everything else, such as
 * each item of a streamed list, is one `JSON.stringify` re-indented to its depth (JSON text has no
 * raw newline inside a string; a streamed list inside an item is written whole, through `toJSON`).
 */
function* pieces(value: unknown, indent: string, escapeText: TextEscape): Generator<string> {
  if (value instanceof StreamedArray) {
    const inner = `${indent}  `;
    let first = true;
    for (const item of value.items) {
      yield first ? `[\n${inner}` : `,\n${inner}`;
      first = false;
      // Each item at once: walking it for streamed lists first would read every item twice.
      yield leaf(item === undefined || typeof item === 'function' ? null : item, inner, escapeText);
    }
    yield first ? '[]' : `\n${indent}]`;
    return;
  }
  if (value === null || typeof value !== 'object' || !holdsStreamed(value)) {
    yield leaf(value, indent, escapeText);
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
      yield* pieces(item === undefined || typeof item === 'function' ? null : item, inner, escapeText);
    }
    yield `\n${indent}]`;
    return;
  }
  let first = true;
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    if (member === undefined || typeof member === 'function') continue;
    yield `${first ? '{' : ','}\n${inner}${escapeText(JSON.stringify(key))}: `;
    first = false;
    yield* pieces(member, inner, escapeText);
  }
  yield first ? '{}' : `\n${indent}}`;
}

function leaf(value: unknown, indent: string, escapeText: TextEscape): string {
  const raw = JSON.stringify(value, null, 2) as string | undefined;
  if (raw === undefined) return 'null';
  const text = escapeText(raw);
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
