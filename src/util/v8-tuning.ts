import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags the `mcpdesc` executable sets for itself before it runs any of its own code.
 *
 * A command is over in well under a second, while V8 is still optimising the functions it found
 * hot. On a two-core machine one core runs the command and the other compiles, and TurboFan was the
 * bottleneck: ≈ 190 functions per catalog lint, most of its time spent compiling the callees it
 * inlines into them, so the optimised code of the lint rules, source positions and report arrived
 * late or after the run.
 * - `--no-turbo-inlining`: each compile is several times cheaper (a catalog lint ≈ 8 % faster).
 * - `--interrupt-budget=300000` (V8's default is 67,584): a function must run about four times as
 *   long before V8 considers optimising it, so fewer functions that are hot only for a moment take
 *   the compiler's time (a catalog lint ≈ 5 % faster again, validate ≈ 10 %).
 * - `--semi-space-growth-factor=1`: the young generation keeps the 1 MB semi-spaces it starts with
 *   instead of growing them to 16 MB. Memory the process has not touched before is expensive: on
 *   the two-core machine of docs/performance.md a page fault cost ≈ 10 µs, and a catalog lint took
 *   ≈ 17,500 of them, ≈ 5,000 for the young generation's growth alone. With the semi-spaces kept
 *   small, collections are more frequent but run in memory already mapped: a catalog lint ≈ 12 %
 *   faster (≈ 480 → 420 ms) with a quarter less peak RSS, diff and merge alike, a 300-tool YAML
 *   file ≈ 10 %. The catalog as YAML (2.4 MB) is ≈ 7 % slower: its parser's short-lived objects
 *   survive a 1 MB space more often. Setting the factor back for YAML did not help, since changing
 *   a flag makes V8 refuse the code caches loaded after it (≈ 75 ms). A command that
 *   reads a large input sets the factor back to V8's (src/cli/load-input.ts): a 50,000-tool diff
 *   collected ≈ 980 times instead of ≈ 60 with it. (`--max-semi-space-size` would bound the space
 *   instead, but V8 reads it only when the heap is set up; the growth factor is read each time
 *   the space would grow.) Some V8s later than Node 20's raise a factor below 2 to 2: there the flag
 *   is accepted and does nothing.
 * With the first two flags alone, diff, merge and the 50,000-tool runs were unchanged within the
 * noise.
 */
export const COMMAND_LINE_V8_FLAGS: readonly string[] = [
  '--no-turbo-inlining',
  '--interrupt-budget=300000',
  '--semi-space-growth-factor=1',
];

// A global symbol, not a module variable: the executable and its command-line bundle each carry
// their own copy of this module and of the code-cache loader that asks.
const TUNED = Symbol.for('mcpdesc.v8-flags');

/**
 * Sets COMMAND_LINE_V8_FLAGS. V8 accepts a code cache only from a process with the same flags, so
 * the caches the command line loads are taken by a build step that calls this first too
 * (see src/util/precompiled.ts); library callers, whose flags are their own, get the other caches.
 */
export function useCommandLineV8Flags(): void {
  for (const flag of COMMAND_LINE_V8_FLAGS) setFlagsFromString(flag);
  (globalThis as Record<symbol, unknown>)[TUNED] = true;
}

/** True once useCommandLineV8Flags has run in this process. */
export function usesCommandLineV8Flags(): boolean {
  return (globalThis as Record<symbol, unknown>)[TUNED] === true;
}
