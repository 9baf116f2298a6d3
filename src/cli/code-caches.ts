/**
 * Which code cache of the command line bundle a run loads (src/util/precompiled.ts).
 *
 * V8 reads a code cache whole before the bundle runs, and deserialising it is a large part of a
 * cold start: the cache warmed by every common command is ≈ 0.8 MB, ≈ 15 ms on a two-core
 * machine. The commands users run most, often on small files in hooks, therefore each get a cache
 * warmed by themselves alone (`validate`'s is half the size); any other command line gets the
 * cache warmed by all of them.
 */
export const COMMANDS_WITH_OWN_CODE_CACHE: readonly string[] = ['validate', 'lint', 'diff', 'merge'];

/** The cache flavour for a command line (its arguments after `node mcpdesc`), or undefined for the shared one. */
export function codeCacheFlavour(args: readonly string[]): string | undefined {
  const command = args[0];
  return command !== undefined && COMMANDS_WITH_OWN_CODE_CACHE.includes(command) ? command : undefined;
}
