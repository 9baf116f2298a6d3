import { parentPointer } from '../util/pointer.js';
import type { LineIndex } from './lines.js';

export interface SourcePosition {
  line: number;
  column: number;
}

/** Where each JSON pointer of a document sits in its source text (1-based). */
export interface SourceMap {
  /** The value at `pointer`, or the nearest ancestor that exists in the source. */
  locate(pointer: string): SourcePosition;
  /** The property key of `pointer` when it is an object member, else the same as `locate`. */
  locateKey(pointer: string): SourcePosition;
  /** True when `pointer` names a value present in the source. */
  has(pointer: string): boolean;
  /** `pointer` when it is present in the source, else its nearest ancestor that is. */
  nearest(pointer: string): string;
  /** findingPosition in one lookup, where a map can do better than its three steps. */
  place?(pointer: string, atKey: boolean): SourcePosition;
}

/**
 * Where a finding about `pointer` is shown: its key (`atKey`) or its value when it is present;
 * else its nearest present ancestor's key (or that ancestor's value, for a finding at a key).
 */
export function findingPosition(map: SourceMap, pointer: string, atKey: boolean): SourcePosition {
  if (map.place !== undefined) return map.place(pointer, atKey);
  if (atKey) return map.locateKey(pointer);
  const present = map.nearest(pointer);
  return present === pointer ? map.locate(pointer) : map.locateKey(present);
}

/** Offsets into the text; converted to line and column only for the pointers actually asked about. */
export interface PointerEntry {
  value: number;
  key?: number;
}

/**
 * A SourceMap over a table that is built only when a position is first asked for: most runs of
 * `validate` or `diff` on a clean document never need one, and building it costs a second pass.
 */
export class LazySourceMap implements SourceMap {
  private table: Map<string, PointerEntry> | undefined;
  constructor(
    private readonly lines: LineIndex,
    private readonly build: () => Map<string, PointerEntry>,
  ) {}

  private entries(): Map<string, PointerEntry> {
    this.table ??= this.build();
    return this.table;
  }

  locate(pointer: string): SourcePosition {
    const entry = this.entries().get(this.nearest(pointer));
    return entry ? this.lines.position(entry.value) : { line: 1, column: 1 };
  }

  locateKey(pointer: string): SourcePosition {
    const exact = this.entries().get(pointer);
    if (exact) return this.lines.position(exact.key ?? exact.value);
    return this.locate(pointer);
  }

  has(pointer: string): boolean {
    return this.entries().has(pointer);
  }

  nearest(pointer: string): string {
    const table = this.entries();
    return nearestPresent(pointer, (candidate) => table.has(candidate));
  }
}

/** `pointer` when `has` it, else its nearest ancestor that `has`, else the root (''). */
export function nearestPresent(pointer: string, has: (pointer: string) => boolean): string {
  let current = pointer;
  while (current !== '' && !has(current)) current = parentPointer(current) ?? '';
  return current;
}
