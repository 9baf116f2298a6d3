/**
 * A direct reader for the plain shape most YAML descriptions and lint configs are written in:
 * block mappings and sequences, one-line flow collections, one-line plain and quoted scalars, and
 * comments. Composing a document with the yaml package costs ≈ 25 ms before its code is warm
 * (every lint run with a YAML config paid it) and ≈ 0.3 s per megabyte after; this reads the same
 * text in one pass.
 *
 * It is a fast path, never a second authority: anything outside that shape (tabs, anchors, tags,
 * block scalars, multi-line scalars or collections, empty values, duplicate keys, document markers,
 * any construct whose reading needs YAML's finer rules) makes it return undefined, and the yaml
 * package reads the text, errors and all. What it accepts, it reads exactly as the yaml package
 * under the profile of parse/yaml.ts does: same values, same positions (test/parse/yaml-simple.test.ts
 * compares both on generated and on mutated texts).
 */
import { type JsonValue, setOwn } from '../util/json.js';
import { escapeSegment } from '../util/pointer.js';
import type { Limits } from './limits.js';
import type { PointerEntry } from './source-map.js';

export interface SimpleYaml {
  value: JsonValue;
  /** Values and mapping entries, counted as parse/yaml.ts counts them for the memory ledger. */
  nodes: number;
}

/** Thrown inside the reader when the text leaves the subset; caught in readSimpleYaml. */
class Outside {}
const OUTSIDE = new Outside();

/** The scalar rules of yaml's JSON schema (parse/yaml.ts reads plain scalars with it). */
const JSON_INT = /^-?(?:0|[1-9][0-9]*)$/;
const JSON_FLOAT = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/;
/** Spellings parse/yaml.ts refuses as non-finite numbers: the yaml package gives their error. */
const NON_FINITE = /^[-+]?\.(?:inf|Inf|INF)$|^\.(?:nan|NaN|NAN)$/;

const SPACE = 0x20;
const HASH = 0x23;
const COLON = 0x3a;
const DASH = 0x2d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const BACKSLASH = 0x5c;

const isLetterOrDigit = (c: number): boolean =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/** First characters of plain keys: none of them is a YAML indicator. */
const isKeyStart = (c: number): boolean => isLetterOrDigit(c) || c === 0x5f || c === 0x24;
/** Characters of plain keys: no space, colon, comment, quote, flow or other indicator. */
const isKeyChar = (c: number): boolean =>
  isKeyStart(c) || c === DASH || c === 0x2e || c === 0x2f || c === 0x40 || c === 0x2b;

/**
 * First characters of plain values the yaml package reads as the rest of the line: letters, digits
 * and a few punctuation marks that are no indicator; `-` and `.` only before a letter or digit (so
 * `- x`, `---`, `...` and `.inf` stay with the package).
 */
function isPlainStart(c: number, next: number): boolean {
  if (isLetterOrDigit(c)) return true;
  if (c === DASH || c === 0x2e) return isLetterOrDigit(next) || (c === 0x2e && next === 0x2f);
  // _ $ / ( ^ \ + = ~ ; <
  return (
    c === 0x5f ||
    c === 0x24 ||
    c === 0x2f ||
    c === 0x28 ||
    c === 0x5e ||
    c === BACKSLASH ||
    c === 0x2b ||
    c === 0x3d ||
    c === 0x7e ||
    c === 0x3b ||
    c === 0x3c
  );
}

/** Escapes of double-quoted YAML that mean the same in JSON (decoded with JSON.parse). */
const isJsonEscape = (c: number): boolean =>
  c === DOUBLE_QUOTE ||
  c === BACKSLASH ||
  c === 0x2f ||
  c === 0x62 ||
  c === 0x66 ||
  c === 0x6e ||
  c === 0x72 ||
  c === 0x74 ||
  c === 0x75;

const isHexDigit = (c: number): boolean =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/**
 * The text read as the simple subset, or undefined when it is outside it. With `table`, also the
 * position of every value (and of its key) as parse/yaml.ts's table has them.
 */
export function readSimpleYaml(
  text: string,
  limits: Limits,
  table?: Map<string, PointerEntry>,
): SimpleYaml | undefined {
  // Tabs (indentation and separation rules), lone carriage returns (line breaks of their own) and
  // byte-order marks inside the text: the package's rules.
  if (text.includes('\t') || text.includes('\uFEFF') || /\r(?!\n)/.test(text)) return undefined;
  const reader = new SimpleYamlReader(text, limits, table);
  try {
    return reader.read();
  } catch (error) {
    if (error === OUTSIDE) return undefined;
    throw error;
  }
}

class SimpleYamlReader {
  private nodes = 0;
  /** The current line: where it starts, its indentation, first character, end and end of content. */
  private lineStart = 0;
  private indent = 0;
  private content = 0;
  private lineEnd = 0;
  private contentEnd = 0;
  private atEnd = false;

  constructor(
    private readonly text: string,
    private readonly limits: Limits,
    private readonly table: Map<string, PointerEntry> | undefined,
  ) {}

  read(): SimpleYaml {
    this.lineAt(0);
    if (this.atEnd || this.indent !== 0) throw OUTSIDE;
    const value = this.block(0, '', 1, -1);
    if (!this.atEnd) throw OUTSIDE;
    return { value, nodes: this.nodes };
  }

  /** Moves to the first line from `from` with content (not blank, not only a comment). */
  private lineAt(from: number): void {
    const text = this.text;
    let start = from;
    for (;;) {
      if (start >= text.length) {
        this.atEnd = true;
        return;
      }
      let content = start;
      while (text.charCodeAt(content) === SPACE) content++;
      let lineEnd = text.indexOf('\n', start);
      if (lineEnd === -1) lineEnd = text.length;
      const contentEnd = text.charCodeAt(lineEnd - 1) === 0x0d && lineEnd > content ? lineEnd - 1 : lineEnd;
      const first = text.charCodeAt(content);
      if (content < contentEnd && first !== HASH) {
        // Directives and document markers.
        if (content === start && (first === 0x25 || this.isMarker(content, contentEnd))) throw OUTSIDE;
        this.lineStart = start;
        this.indent = content - start;
        this.content = content;
        this.lineEnd = lineEnd;
        this.contentEnd = contentEnd;
        return;
      }
      start = lineEnd + 1;
    }
  }

  private isMarker(at: number, end: number): boolean {
    const text = this.text;
    if (!text.startsWith('---', at) && !text.startsWith('...', at)) return false;
    return at + 3 === end || text.charCodeAt(at + 3) === SPACE;
  }

  private nextLine(): void {
    this.lineAt(this.lineEnd + 1);
  }

  private count(): void {
    this.nodes++;
    if (this.nodes > this.limits.maxNodes) throw OUTSIDE;
  }

  private place(pointer: string, value: number, key: number): void {
    if (this.table) this.table.set(pointer, key >= 0 ? { value, key } : { value });
  }

  private isSeqItem(): boolean {
    return this.startsItem(this.content);
  }

  /** `-` followed by a blank or the end of the line. */
  private startsItem(at: number): boolean {
    return (
      this.text.charCodeAt(at) === DASH &&
      (at + 1 === this.contentEnd || this.text.charCodeAt(at + 1) === SPACE)
    );
  }

  /** The block collection whose first line is the current one, at indentation `indent`. */
  private block(indent: number, pointer: string, depth: number, key: number): JsonValue {
    return this.isSeqItem()
      ? this.sequence(indent, pointer, depth, key)
      : this.mapping(indent, pointer, depth, key);
  }

  private mapping(indent: number, pointer: string, depth: number, keyAt: number): JsonValue {
    this.count();
    if (depth > this.limits.maxDepth) throw OUTSIDE;
    this.place(pointer, this.content, keyAt);
    const out: Record<string, JsonValue> = {};
    for (;;) {
      if (this.isSeqItem()) throw OUTSIDE;
      const keyStart = this.content;
      const colon = this.keyEnd(keyStart, this.contentEnd);
      if (colon < 0) throw OUTSIDE;
      const key = this.keyText(keyStart, colon);
      if (Object.hasOwn(out, key)) throw OUTSIDE;
      this.count();
      const at = `${pointer}/${escapeSegment(key)}`;
      const valueStart = this.skipSpaces(colon + 1);
      let value: JsonValue;
      if (valueStart === this.contentEnd || this.text.charCodeAt(valueStart) === HASH) {
        this.nextLine();
        if (this.atEnd || this.indent < indent) throw OUTSIDE;
        if (this.indent > indent) value = this.block(this.indent, at, depth + 1, keyStart);
        else if (this.isSeqItem()) value = this.sequence(indent, at, depth + 1, keyStart);
        else throw OUTSIDE;
      } else {
        value = this.inline(valueStart, at, depth + 1, keyStart);
        this.nextLine();
      }
      setOwn(out, key, value);
      if (this.atEnd || this.indent < indent) return out;
      if (this.indent > indent) throw OUTSIDE;
    }
  }

  private sequence(indent: number, pointer: string, depth: number, keyAt: number): JsonValue {
    this.count();
    if (depth > this.limits.maxDepth) throw OUTSIDE;
    this.place(pointer, this.content, keyAt);
    const out: JsonValue[] = [];
    while (!this.atEnd && this.indent === indent && this.isSeqItem()) {
      const at = `${pointer}/${out.length}`;
      const itemStart = this.skipSpaces(this.content + 1);
      const text = this.text;
      let value: JsonValue;
      if (itemStart === this.contentEnd || text.charCodeAt(itemStart) === HASH) {
        this.nextLine();
        if (this.atEnd || this.indent <= indent) throw OUTSIDE;
        value = this.block(this.indent, at, depth + 1, -1);
      } else if (this.startsItem(itemStart) || this.keyEnd(itemStart, this.contentEnd) >= 0) {
        // `- key: value` or `- - item`: a collection whose entries line up with this first one.
        this.indent = itemStart - this.lineStart;
        this.content = itemStart;
        value = this.block(this.indent, at, depth + 1, -1);
      } else {
        const first = text.charCodeAt(itemStart);
        if (first === 0x3f || first === COLON) throw OUTSIDE;
        value = this.inline(itemStart, at, depth + 1, -1);
        this.nextLine();
      }
      out.push(value);
      if (!this.atEnd && this.indent > indent) throw OUTSIDE;
    }
    return out;
  }

  /**
   * Where the colon of a `key:` (followed by a space or the end of the line) starting at `at` is,
   * or -1 when the text there is not such a key.
   */
  private keyEnd(at: number, end: number): number {
    const text = this.text;
    const first = text.charCodeAt(at);
    let colon: number;
    if (first === DOUBLE_QUOTE || first === SINGLE_QUOTE) colon = this.quotedEnd(at, end);
    else {
      if (!isKeyStart(first)) return -1;
      colon = at + 1;
      while (colon < end && isKeyChar(text.charCodeAt(colon))) colon++;
    }
    if (colon < 0 || text.charCodeAt(colon) !== COLON) return -1;
    return colon + 1 === end || text.charCodeAt(colon + 1) === SPACE ? colon : -1;
  }

  /** A key's text: quoted, or plain and read by the JSON schema as a string (`1:` and `null:` are not). */
  private keyText(start: number, end: number): string {
    const first = this.text.charCodeAt(start);
    const key =
      first === DOUBLE_QUOTE || first === SINGLE_QUOTE
        ? this.quoted(start, end)
        : this.plain(this.text.slice(start, end));
    if (typeof key !== 'string') throw OUTSIDE;
    return key;
  }

  /** A value that starts at `start` and ends on the current line (a comment may follow). */
  private inline(start: number, pointer: string, depth: number, keyAt: number): JsonValue {
    const text = this.text;
    const end = this.contentEnd;
    const first = text.charCodeAt(start);
    let value: JsonValue;
    let after: number;
    if (first === DOUBLE_QUOTE || first === SINGLE_QUOTE || first === 0x5b || first === 0x7b) {
      const read =
        first === 0x5b || first === 0x7b
          ? this.flow(start, end, pointer, depth, keyAt)
          : this.quotedScalar(start, end, pointer, keyAt);
      value = read.value;
      after = read.end;
    } else {
      if (!isPlainStart(first, text.charCodeAt(start + 1))) throw OUTSIDE;
      // The value runs to a comment (`#` after a blank) or the end of the line.
      let stop = start;
      while (stop < end && !(text.charCodeAt(stop) === HASH && text.charCodeAt(stop - 1) === SPACE)) stop++;
      while (text.charCodeAt(stop - 1) === SPACE) stop--;
      const source = text.slice(start, stop);
      // `a: b` and a trailing colon are mappings the package refuses inside a value.
      if (source.includes(': ') || source.charCodeAt(source.length - 1) === COLON) throw OUTSIDE;
      this.count();
      this.place(pointer, start, keyAt);
      return this.plain(source);
    }
    // After a quoted or flow value: blanks, then the end of the line or a comment after a blank.
    const rest = this.skipSpaces(after);
    if (rest !== end && !(text.charCodeAt(rest) === HASH && rest > after)) throw OUTSIDE;
    return value;
  }

  /** A flow collection on one line, from its bracket at `start`; `end` is the end of the line's content. */
  private flow(
    start: number,
    end: number,
    pointer: string,
    depth: number,
    keyAt: number,
  ): { value: JsonValue; end: number } {
    const text = this.text;
    this.count();
    if (depth > this.limits.maxDepth) throw OUTSIDE;
    this.place(pointer, start, keyAt);
    const isSequence = text.charCodeAt(start) === 0x5b;
    const close = isSequence ? 0x5d : 0x7d;
    let at = this.skipSpaces(start + 1);
    if (text.charCodeAt(at) === close) return { value: isSequence ? [] : {}, end: at + 1 };
    const items: JsonValue[] = [];
    const members: Record<string, JsonValue> = {};
    for (;;) {
      if (at >= end) throw OUTSIDE;
      let item: { value: JsonValue; end: number };
      if (isSequence) {
        item = this.flowValue(at, end, `${pointer}/${items.length}`, depth + 1, -1);
        items.push(item.value);
      } else {
        const colon = this.keyEnd(at, end);
        if (colon < 0) throw OUTSIDE;
        const key = this.keyText(at, colon);
        if (Object.hasOwn(members, key)) throw OUTSIDE;
        this.count();
        item = this.flowValue(
          this.skipSpaces(colon + 1),
          end,
          `${pointer}/${escapeSegment(key)}`,
          depth + 1,
          at,
        );
        setOwn(members, key, item.value);
      }
      at = this.skipSpaces(item.end);
      const c = text.charCodeAt(at);
      if (c === close) return { value: isSequence ? items : members, end: at + 1 };
      if (c !== 0x2c) throw OUTSIDE;
      at = this.skipSpaces(at + 1);
      // A trailing comma, an empty entry.
      const next = text.charCodeAt(at);
      if (next === close || next === 0x2c) throw OUTSIDE;
    }
  }

  private flowValue(
    start: number,
    end: number,
    pointer: string,
    depth: number,
    keyAt: number,
  ): { value: JsonValue; end: number } {
    const text = this.text;
    const first = text.charCodeAt(start);
    if (first === 0x5b || first === 0x7b) return this.flow(start, end, pointer, depth, keyAt);
    if (first === DOUBLE_QUOTE || first === SINGLE_QUOTE)
      return this.quotedScalar(start, end, pointer, keyAt);
    if (!isPlainStart(first, text.charCodeAt(start + 1))) throw OUTSIDE;
    let stop = start;
    for (; stop < end; stop++) {
      const c = text.charCodeAt(stop);
      if (c === 0x2c || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d) break;
      // A comment or a `key: value` pair inside the brackets: the package's to read.
      if (c === HASH && text.charCodeAt(stop - 1) === SPACE) throw OUTSIDE;
      if (c === COLON) throw OUTSIDE;
    }
    let last = stop;
    while (text.charCodeAt(last - 1) === SPACE) last--;
    this.count();
    this.place(pointer, start, keyAt);
    return { value: this.plain(text.slice(start, last)), end: stop };
  }

  /** A plain scalar as yaml's JSON schema with every other spelling a string (parse/yaml.ts). */
  private plain(source: string): JsonValue {
    if (source.length > this.limits.maxScalarLength) throw OUTSIDE;
    if (source === 'null') return null;
    if (source === 'true') return true;
    if (source === 'false') return false;
    let number: number | undefined;
    if (JSON_INT.test(source)) number = Number.parseInt(source, 10);
    else if (JSON_FLOAT.test(source)) number = Number.parseFloat(source);
    if (number !== undefined) {
      if (!Number.isFinite(number)) throw OUTSIDE;
      return number;
    }
    if (NON_FINITE.test(source)) throw OUTSIDE;
    return source;
  }

  /** The one-line quoted scalar at `start` as a value, and where it ends. */
  private quotedScalar(
    start: number,
    end: number,
    pointer: string,
    keyAt: number,
  ): { value: JsonValue; end: number } {
    const after = this.quotedEnd(start, end);
    if (after < 0) throw OUTSIDE;
    this.count();
    this.place(pointer, start, keyAt);
    return { value: this.quoted(start, after), end: after };
  }

  /** Just past the closing quote of the one-line quoted scalar at `start`, or -1. */
  private quotedEnd(start: number, end: number): number {
    const text = this.text;
    if (text.charCodeAt(start) === SINGLE_QUOTE) {
      let at = start + 1;
      for (;;) {
        const quote = text.indexOf("'", at);
        if (quote === -1 || quote >= end) return -1;
        if (text.charCodeAt(quote + 1) !== SINGLE_QUOTE) return quote + 1;
        at = quote + 2;
      }
    }
    for (let at = start + 1; at < end; at++) {
      const c = text.charCodeAt(at);
      if (c === DOUBLE_QUOTE) return at + 1;
      if (c < 0x20) return -1;
      if (c === BACKSLASH) {
        const escaped = text.charCodeAt(at + 1);
        if (!isJsonEscape(escaped)) throw OUTSIDE;
        if (escaped === 0x75) {
          for (let k = 2; k <= 5; k++) if (!isHexDigit(text.charCodeAt(at + k))) throw OUTSIDE;
          at += 5;
        } else at++;
      }
    }
    return -1;
  }

  /** The value of the quoted scalar from `start` to just past its closing quote. */
  private quoted(start: number, after: number): string {
    const text = this.text;
    const inner = text.slice(start + 1, after - 1);
    const value =
      text.charCodeAt(start) === SINGLE_QUOTE
        ? inner.replaceAll("''", "'")
        : inner.includes('\\')
          ? (JSON.parse(text.slice(start, after)) as string)
          : inner;
    if (value.length > this.limits.maxScalarLength) throw OUTSIDE;
    return value;
  }

  private skipSpaces(from: number): number {
    let at = from;
    while (this.text.charCodeAt(at) === SPACE) at++;
    return at;
  }
}
