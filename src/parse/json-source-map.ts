import { unescapeSegment } from '../util/pointer.js';
import type { LineIndex } from './lines.js';
import type { SourceMap, SourcePosition } from './source-map.js';

/** Offsets of one direct child: its value, and its key when the parent is an object (else -1). */
interface Slot {
  key: number;
  value: number;
}

interface Resolved extends Slot {
  found: boolean;
  /** Segments of the pointer that were found (all of them when `found`). */
  depth: number;
}

type Children = { isArray: true; items: number[] } | { isArray: false; members: Map<string, Slot> };

/** In `known`, a container searched once and not listed. */
const SEARCHED_ONCE = 0;

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;
/** A run of characters that are neither a quote nor a bracket (sticky: matched from `lastIndex`). */
const NOT_STRUCTURAL = /[^"[\]{}]*/y;

/** Containers whose search ran over more text than this have their children listed and kept. */
const LARGE_SPAN = 16 * 1024;
/** A container searched a second time, over more text than this, has its children listed and kept. */
const REVISITED_SPAN = 256;

/**
 * Source positions in a JSON text that is already known to be valid, found on demand, in little
 * memory: a lookup walks the pointer down from the root, scanning each container on its path for
 * the one child it needs and skipping over everything else. Only large containers (the root, the
 * `tools` array of a catalog), and containers searched again over more than a few hundred
 * characters (a tool with several findings), get their children listed and kept. The JSON prescan
 * lists a catalog's `tools` array on its way, so positions never scan it. The previous lookup's path is
 * remembered: findings come in runs under one tool or schema, so a lookup usually starts from its
 * parent. Indexing every pointer of a 2.9 MB catalog took ~0.2 s, and most of the memory on very
 * large documents.
 */
export class JsonSourceMap implements SourceMap {
  /**
   * Containers by offset: the children of the large ones, SEARCHED_ONCE for the others searched
   * so far (lint looks up several members of one tool, one finding at a time). One map, so a step
   * costs one lookup.
   */
  private readonly known = new Map<number, Children | typeof SEARCHED_ONCE>();
  /**
   * The last pointer resolved: `prefixes[i]` is its first i segments (`prefixes[0]` the root's ''),
   * `slots[i]` what they resolved to.
   */
  private readonly last: { pointer: string; prefixes: string[]; slots: Resolved[] };

  /** `arrayItems`: item offsets of arrays the JSON prescan listed (see prescanJson). */
  constructor(
    private readonly text: string,
    private readonly lines: LineIndex,
    arrayItems?: ReadonlyMap<number, number[]>,
  ) {
    if (arrayItems) for (const [start, items] of arrayItems) this.known.set(start, { isArray: true, items });
    const root = this.skipWhitespace(0);
    const slot: Resolved = { key: -1, value: root, found: root < text.length, depth: 0 };
    this.last = { pointer: '', prefixes: [''], slots: [slot] };
  }

  locate(pointer: string): SourcePosition {
    return this.lines.position(this.resolve(pointer).value);
  }

  locateKey(pointer: string): SourcePosition {
    const slot = this.resolve(pointer);
    return this.lines.position(slot.found && slot.key >= 0 ? slot.key : slot.value);
  }

  /** As findingPosition (source-map.ts) with nearest, locate and locateKey, in one lookup. */
  place(pointer: string, atKey: boolean): SourcePosition {
    const slot = this.resolve(pointer);
    // Present: its key (atKey) or value. Absent: `slot` is the nearest ancestor's, placed at its
    // key, except for a finding at a key, which is placed at the ancestor's value.
    const offset = slot.found === atKey && slot.key >= 0 ? slot.key : slot.value;
    return this.lines.position(offset);
  }

  has(pointer: string): boolean {
    return this.resolve(pointer).found;
  }

  nearest(pointer: string): string {
    const { found, depth } = this.resolve(pointer);
    if (found) return pointer;
    if (depth === 0) return '';
    // the ancestor is the first `depth` segments: cut at the '/' that starts the next one
    let cut = 0;
    for (let i = 0; i < depth; i++) cut = pointer.indexOf('/', cut + 1);
    return pointer.slice(0, cut);
  }

  /** The slot of `pointer`, or (found: false) of its nearest ancestor present in the text. */
  private resolve(pointer: string): Resolved {
    const last = this.last;
    if (pointer === last.pointer) return last.slots[last.slots.length - 1] as Resolved;
    const root = last.slots[0] as Resolved;
    if (pointer !== '' && pointer.charCodeAt(0) !== 0x2f) return { ...root, found: false };
    // Reuse the longest run of whole segments this pointer shares with the last one, tried from
    // the deepest: in pointer order, it is usually one of the last two.
    const { prefixes, slots } = last;
    let reuse = prefixes.length - 1;
    for (; reuse > 0; reuse--) {
      const prefix = prefixes[reuse] as string;
      if (
        pointer.startsWith(prefix) &&
        (pointer.length === prefix.length || pointer.charCodeAt(prefix.length) === 0x2f)
      )
        break;
    }
    // The last path is not needed again: cut it back and extend it in place.
    // (Popped, not cut by setting `length`: that is a call into the runtime per lookup.)
    while (prefixes.length > reuse + 1) {
      prefixes.pop();
      slots.pop();
    }
    let slot = slots[reuse] as Resolved;
    let cut = (prefixes[reuse] as string).length;
    while (cut < pointer.length) {
      const next = pointer.indexOf('/', cut + 1);
      const end = next === -1 ? pointer.length : next;
      if (slot.found) slot = this.step(slot, unescapeSegment(pointer.slice(cut + 1, end)));
      prefixes.push(next === -1 ? pointer : pointer.slice(0, end));
      slots.push(slot);
      cut = end;
    }
    last.pointer = pointer;
    return slot;
  }

  /** The child `segment` of a slot that was found; the slot itself (found: false) when there is none. */
  private step(slot: Resolved, segment: string): Resolved {
    const opener = this.text.charCodeAt(slot.value);
    const next = opener === 0x7b || opener === 0x5b ? this.child(slot.value, segment) : undefined;
    return next
      ? { key: next.key, value: next.value, found: true, depth: slot.depth + 1 }
      : { key: slot.key, value: slot.value, found: false, depth: slot.depth };
  }

  /** The child named `segment` of the container at `start`, searching it unless it is large. */
  private child(start: number, segment: string): Slot | undefined {
    const known = this.known.get(start);
    const isArray = this.text.charCodeAt(start) === 0x5b;
    let index = -1;
    if (isArray) {
      if (!ARRAY_INDEX.test(segment)) return undefined;
      index = Number(segment);
    }
    if (known !== undefined && known !== SEARCHED_ONCE) {
      if (known.isArray) {
        const value = known.items[index];
        return value === undefined ? undefined : { key: -1, value };
      }
      return known.members.get(segment);
    }
    const found = this.search(start, isArray, index, segment);
    const span = this.searchEnd - start;
    if (span > LARGE_SPAN || (span > REVISITED_SPAN && known === SEARCHED_ONCE))
      this.known.set(start, this.children(start));
    else if (known === undefined) this.known.set(start, SEARCHED_ONCE);
    return found;
  }

  /** Where the last `search` stopped. */
  private searchEnd = 0;

  /**
   * The child at `index` (array) or named `segment` (object) of the container at `start`, skipping
   * over the values before it; `searchEnd` is left where the search stopped. One loop with the
   * whitespace, key and string steps written out, no callback and no object per member: this runs
   * for every position lint reports (thousands on a catalog), mostly before V8 has optimised it,
   * where each call costs more than the few characters it looks at.
   */
  private search(start: number, isArray: boolean, index: number, segment: string): Slot | undefined {
    const text = this.text;
    const length = text.length;
    const close = isArray ? 0x5d : 0x7d;
    let i = start + 1;
    let c = text.charCodeAt(i);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++i);
    for (let n = 0; i < length && c !== close; n++) {
      let value = i;
      if (isArray) {
        if (n === index) {
          this.searchEnd = i;
          return { key: -1, value };
        }
      } else {
        // The key: a string (its end found natively), then the colon between blanks.
        let keyEnd = text.indexOf('"', i + 1);
        if (keyEnd === -1) keyEnd = length;
        else if (text.charCodeAt(keyEnd - 1) === 0x5c) keyEnd = this.stringEnd(i);
        value = keyEnd + 1;
        c = text.charCodeAt(value);
        while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++value);
        c = text.charCodeAt(++value);
        while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++value);
        if (keyEnd - i - 1 >= segment.length && this.keyIs(i, keyEnd, segment)) {
          this.searchEnd = i;
          return { key: i, value };
        }
      }
      // Past the value: a string natively, a container by valueEnd, anything else to its end.
      c = text.charCodeAt(value);
      if (c === 0x22) {
        let end = text.indexOf('"', value + 1);
        if (end === -1) end = length;
        else if (text.charCodeAt(end - 1) === 0x5c) end = this.stringEnd(value);
        i = end + 1;
      } else i = this.valueEnd(value);
      c = text.charCodeAt(i);
      if (c === 0x2c && !isArray) {
        // A comma right after the value (as JSON.stringify writes it). (The indentation, crossed
        // a character at a time, was most of what a search cost.)
        i = this.keyAfterComma(i);
        c = 0x22;
        continue;
      }
      while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++i);
      if (c === 0x2c) {
        c = text.charCodeAt(++i);
        while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++i);
      }
    }
    this.searchEnd = i;
    return undefined;
  }

  /**
   * True when the key string from `start` to `end` (its quotes) decodes to `name`. An escape
   * always decodes to fewer characters than it is written with, so a key written with exactly as
   * many characters as `name` matches only if it is `name` written without escapes, and one
   * written with fewer never does: only a longer key needs a look for escapes.
   */
  private keyIs(start: number, end: number, name: string): boolean {
    const text = this.text;
    const written = end - start - 1;
    if (written === name.length) return text.startsWith(name, start + 1) && !name.includes('\\');
    if (written < name.length) return false;
    for (let k = start + 1; k < end; k++) {
      if (text.charCodeAt(k) === 0x5c) return (JSON.parse(text.slice(start, end + 1)) as string) === name;
    }
    return false;
  }

  /** Every direct child of the container at `start` (kept for large containers). */
  private children(start: number): Children {
    const text = this.text;
    const isArray = text.charCodeAt(start) === 0x5b;
    const close = isArray ? 0x5d : 0x7d;
    const items: number[] = [];
    const members = new Map<string, Slot>();
    let i = this.skipWhitespace(start + 1);
    while (i < text.length && text.charCodeAt(i) !== close) {
      let value = i;
      if (isArray) items.push(value);
      else {
        const keyEnd = this.stringEnd(i);
        value = this.valueAfterKey(keyEnd);
        const raw = text.slice(i + 1, keyEnd);
        members.set(raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd + 1)) as string) : raw, {
          key: i,
          value,
        });
      }
      i = this.nextChild(value, !isArray);
    }
    return isArray ? { isArray: true, items } : { isArray: false, members };
  }

  /** Offset of a member's value, from the closing quote of its key (past the colon). */
  private valueAfterKey(keyEnd: number): number {
    return this.skipWhitespace(this.skipWhitespace(keyEnd + 1) + 1);
  }

  /** Offset of the child after the value at `value`, or of the container's closing bracket. */
  private nextChild(value: number, inObject: boolean): number {
    const end = this.valueEnd(value);
    if (inObject && this.text.charCodeAt(end) === 0x2c) return this.keyAfterComma(end);
    const i = this.skipWhitespace(end);
    return this.text.charCodeAt(i) === 0x2c ? this.skipWhitespace(i + 1) : i;
  }

  /**
   * The next key's quote after the comma at `comma` in an object of valid JSON, where only blanks
   * lie between them: found natively.
   */
  private keyAfterComma(comma: number): number {
    const key = this.text.indexOf('"', comma + 1);
    return key === -1 ? this.text.length : key;
  }

  private skipWhitespace(from: number): number {
    const text = this.text;
    let i = from;
    let c = text.charCodeAt(i);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(++i);
    return i;
  }

  /** Offset of the quote that closes the string opening at `start`. */
  private stringEnd(start: number): number {
    const text = this.text;
    let end = text.indexOf('"', start + 1);
    while (end !== -1 && text.charCodeAt(end - 1) === 0x5c) {
      let slashes = 0;
      for (let k = end - 1; text.charCodeAt(k) === 0x5c; k--) slashes++;
      if (slashes % 2 === 0) break;
      end = text.indexOf('"', end + 1);
    }
    return end === -1 ? text.length : end;
  }

  /** Offset just past the value starting at `start`. */
  private valueEnd(start: number): number {
    const text = this.text;
    const first = text.charCodeAt(start);
    if (first === 0x22) return this.stringEnd(start) + 1;
    if (first !== 0x7b && first !== 0x5b) {
      let i = start;
      let c = first;
      while (
        i < text.length &&
        c !== 0x2c &&
        c !== 0x5d &&
        c !== 0x7d &&
        c !== 0x20 &&
        c !== 0x0a &&
        c !== 0x0d &&
        c !== 0x09
      )
        c = text.charCodeAt(++i);
      return i;
    }
    // Between brackets and strings, the expression crosses the rest (indentation, most of it)
    // natively: stepping over it one character at a time was most of what a lookup cost.
    const skip = NOT_STRUCTURAL;
    let depth = 0;
    let i = start;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i = this.stringEnd(i) + 1;
      } else {
        if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) {
          depth--;
          if (depth === 0) return i + 1;
        }
        i++;
      }
      skip.lastIndex = i;
      skip.test(text);
      i = skip.lastIndex;
    }
    return i;
  }
}
