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

const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;

/**
 * Source positions in a JSON text that is already known to be valid, found on demand: a lookup walks
 * the pointer down from the root, listing the direct children of each container on its path once
 * (and remembering them) while skipping over everything else. A lint run that locates 9,000 findings
 * in a 2.9 MB description lists a few thousand containers instead of building a table of every one of
 * its ~1.5 million pointers, which took ~0.2 s and most of the memory on very large documents.
 */
export class JsonSourceMap implements SourceMap {
  private readonly containers = new Map<number, Children>();
  /** Findings ask `has`, then `locate` or `locateKey`, of one pointer: resolve it once. */
  private readonly resolved = new Map<string, Resolved>();
  private readonly root: number;

  constructor(
    private readonly text: string,
    private readonly lines: LineIndex,
  ) {
    this.root = this.skipWhitespace(0);
  }

  locate(pointer: string): SourcePosition {
    return this.lines.position(this.resolve(pointer).value);
  }

  locateKey(pointer: string): SourcePosition {
    const slot = this.resolve(pointer);
    return this.lines.position(slot.found && slot.key >= 0 ? slot.key : slot.value);
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

  /**
   * The slot of `pointer`, or (found: false) of its nearest ancestor present in the text. Every
   * prefix resolved is remembered: findings cluster under a few tools and schemas, so a lookup
   * usually starts from a remembered parent and takes one step.
   */
  private resolve(pointer: string): Resolved {
    const known = this.resolved.get(pointer);
    if (known) return known;
    if (pointer === '' || pointer.charCodeAt(0) !== 0x2f) {
      const root: Resolved = {
        key: -1,
        value: this.root,
        found: pointer === '' && this.root < this.text.length,
        depth: 0,
      };
      this.resolved.set(pointer, root);
      return root;
    }
    // The longest remembered prefix (at worst the root), then one step per remaining segment.
    let cut = pointer.length;
    let base: Resolved | undefined;
    while (!base) {
      cut = cut === 0 ? -1 : pointer.lastIndexOf('/', cut - 1);
      if (cut <= 0) {
        base = this.resolve('');
        cut = 0;
      } else base = this.resolved.get(pointer.slice(0, cut));
    }
    let slot = base;
    while (cut < pointer.length) {
      const next = pointer.indexOf('/', cut + 1);
      const end = next === -1 ? pointer.length : next;
      if (slot.found) slot = this.step(slot, unescapeSegment(pointer.slice(cut + 1, end)));
      this.resolved.set(pointer.slice(0, end), slot);
      cut = end;
    }
    return slot;
  }

  /** The child `segment` of a slot that was found; the slot itself (found: false) when there is none. */
  private step(slot: Resolved, segment: string): Resolved {
    const missing: Resolved = { key: slot.key, value: slot.value, found: false, depth: slot.depth };
    const opener = this.text.charCodeAt(slot.value);
    if (opener !== 0x7b && opener !== 0x5b) return missing;
    const children = this.children(slot.value);
    let next: Slot | undefined;
    if (children.isArray) {
      const offset = ARRAY_INDEX.test(segment) ? children.items[Number(segment)] : undefined;
      next = offset === undefined ? undefined : { key: -1, value: offset };
    } else {
      next = children.members.get(segment);
    }
    return next ? { key: next.key, value: next.value, found: true, depth: slot.depth + 1 } : missing;
  }

  private children(start: number): Children {
    const cached = this.containers.get(start);
    if (cached) return cached;
    const text = this.text;
    const isArray = text.charCodeAt(start) === 0x5b;
    const close = isArray ? 0x5d : 0x7d;
    const items: number[] = [];
    const members = new Map<string, Slot>();
    let i = this.skipWhitespace(start + 1);
    while (i < text.length && text.charCodeAt(i) !== close) {
      if (isArray) {
        items.push(i);
      } else {
        const keyEnd = this.stringEnd(i);
        const raw = text.slice(i + 1, keyEnd);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, keyEnd + 1)) as string) : raw;
        const colon = this.skipWhitespace(keyEnd + 1);
        const value = this.skipWhitespace(colon + 1);
        members.set(key, { key: i, value });
        i = value;
      }
      i = this.skipWhitespace(this.valueEnd(i));
      if (text.charCodeAt(i) === 0x2c) i = this.skipWhitespace(i + 1);
    }
    const children: Children = isArray ? { isArray, items } : { isArray, members };
    this.containers.set(start, children);
    return children;
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
    let depth = 0;
    let i = start;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i = this.stringEnd(i);
      } else if (c === 0x7b || c === 0x5b) {
        depth++;
      } else if (c === 0x7d || c === 0x5d) {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return i;
  }
}
