/**
 * A bound on the memory the documents of one command take, so a document whose size and value
 * count are within the limits but too many for this machine's heap is refused with a one-line
 * `limit-memory` error instead of crashing Node (a native stack trace and signal 6). Three copies
 * of a 6 MB text of two million `{}` ran `merge-driver` out of a 384 MB heap; ten million values
 * (30 MB, under `--max-nodes`) take `merge-driver` 2.8 GB.
 *
 * The estimate is made before the parse (JSON: from the prescan's exact value count) and summed
 * over the documents a command holds at once (`diff` two, `merge-driver` three): see MemoryLedger.
 */

/**
 * Heap per value of a document and per character of its text, for the parsed value, its source
 * map and what a command builds from it (models, findings, a merged document), rounded up from
 * peaks measured on the commands: ≈ 125 bytes a value on lists of `{}` (`validate`), ≈ 105 a value
 * over three documents (`merge-driver`), and ≈ 2 bytes a character on a real 40 MB catalog.
 */
export const DOCUMENT_BYTES_PER_VALUE = 128;
export const DOCUMENT_BYTES_PER_CHAR = 4;
/** The documents of a command may take this share of Node's heap; the rest is the command's own. */
const HEAP_SHARE = 0.75;
/** Taken as the smallest heap Node runs with: a share of this fits that share of any heap. */
const ALWAYS_FITS = 64 * 1024 * 1024;

let heapLimit: number | undefined;

/** Node's heap limit (`--max-old-space-size`); node:v8 is loaded only when it is asked for. */
export function heapLimitBytes(): number {
  heapLimit ??= process.getBuiltinModule('node:v8').getHeapStatistics().heap_size_limit;
  return heapLimit;
}

/**
 * Node's heap limit when `bytes` are more than `share` of it, else undefined. Node is asked only
 * for amounts that could be (loading node:v8 costs ≈ 8 ms of a small config file's read).
 */
export function heapExceeded(bytes: number, share: number): number | undefined {
  if (bytes <= ALWAYS_FITS * share) return undefined;
  const heap = heapLimitBytes();
  return bytes > heap * share ? heap : undefined;
}

/** The estimated heap a document of `values` values and `chars` characters takes. */
export function documentCost(values: number, chars: number): number {
  return values * DOCUMENT_BYTES_PER_VALUE + chars * DOCUMENT_BYTES_PER_CHAR;
}

const mb = (bytes: number) => Math.ceil(bytes / 2 ** 20).toLocaleString('en-US');

/**
 * The documents one command holds at once. A command that loads several (diff, merge, the merge
 * driver) passes one ledger to every load; a load without one is checked on its own, as a command
 * that reads files one after the other (validate, lint) lets each go before the next.
 */
export class MemoryLedger {
  private held = 0;

  /**
   * Adds a document's estimate, or returns why it does not fit (and adds nothing): the documents
   * would pass HEAP_SHARE of the heap.
   */
  reserve(values: number, chars: number): string | undefined {
    const cost = documentCost(values, chars);
    const total = this.held + cost;
    const heap = heapExceeded(total, HEAP_SHARE);
    if (heap !== undefined) {
      const others =
        this.held > 0 ? ` besides the ${mb(this.held)} MB of the documents loaded before it` : '';
      return `Document too large for this machine's memory: its ${values.toLocaleString('en-US')} values would take about ${mb(cost)} MB${others}, over three quarters of Node's ${mb(heap)} MB heap; give Node more memory (NODE_OPTIONS=--max-old-space-size=<MB>)`;
    }
    this.held = total;
    return undefined;
  }

  /** The estimate of the documents reserved so far, in bytes. */
  get reserved(): number {
    return this.held;
  }
}
