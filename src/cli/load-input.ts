/**
 * How the commands read their operands: `loadSource`, and garbage collection tuned for memory once
 * the inputs are large.
 *
 * V8 lets the heap of a batch job grow to about four times what survived its last full
 * collection. On a 50,000-tool document that put lint's peak RSS near 530 MB with about 200 MB
 * live. From a few megabytes of input on, each command switches V8 to grow the heap by half
 * instead: that peak drops to about 430 MB for a few per cent more time. Smaller inputs keep V8's
 * default, which is faster for them.
 *
 * Large inputs also let the young generation grow again, as V8 would. The executable keeps it at
 * its starting 1 MB (src/util/v8-tuning.ts), which is faster for a catalog, but a 50,000-tool diff
 * then collected it ≈ 980 times instead of ≈ 60, ≈ 0.4 s more; against a run of seconds, the
 * memory the growth touches costs little.
 */
import { setFlagsFromString } from 'node:v8';
import {
  type LoadedDocument,
  type LoadSourceOptions,
  loadSource,
  readSourceBytes,
  resolveLimits,
  type SourceBytes,
} from '../parse/index.js';

/** Bytes of input from which the heap grows by half instead of V8's own factor. */
export const LARGE_INPUT_BYTES = 8 * 1024 * 1024;
const HEAP_GROWING_PERCENT = 50;
/** V8's own semi-space growth factor. */
const SEMI_SPACE_GROWTH_FACTOR = 2;

let inputBytes = 0;
let tuned = false;

/**
 * Counts `bytes` of input read by this process, and tunes the heap once they are many. Called
 * before parsing: V8 sets the next collection's threshold at each full collection, and the first
 * one comes during the parse of a large document.
 */
export function noteInputSize(bytes: number): void {
  inputBytes += bytes;
  if (tuned || inputBytes < LARGE_INPUT_BYTES) return;
  tuned = true;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  setFlagsFromString(`--semi-space-growth-factor=${SEMI_SPACE_GROWTH_FACTOR}`);
}

/** True once this process tuned its heap for large inputs (for tests). */
export function heapTunedForLargeInput(): boolean {
  return tuned;
}

export { MemoryLedger } from '../parse/index.js';

/** `loadSource` for a command operand. */
export async function loadInput(spec: string, options?: LoadSourceOptions): Promise<LoadedDocument> {
  return loadSource(spec, { ...options, onRead: noteInputSize });
}

/** The bytes of a command operand, counted as `loadInput` counts them (parse them with `loadBytes`). */
export async function readInput(spec: string): Promise<SourceBytes> {
  const source = await readSourceBytes(spec, resolveLimits(undefined).maxBytes);
  noteInputSize(source.bytes.length);
  return source;
}
