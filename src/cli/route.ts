/**
 * Which bundle a command line starts (src/cli/bin.ts). `validate` — the command editors, hooks and
 * scripts run on one file at a time, where start-up is most of the run —, `lint` — what CI and
 * pre-commit run most — and `merge` with `merge-driver` — which git starts once per conflicted
 * description — have start-up bundles of their own with only what they use
 * (dist/bin/cli-validate.cjs, cli-lint.cjs and cli-merge.cjs, 30 %, 44 % and 42 % of the whole
 * command line), so a start reads and compiles less. Everything else, and any command line whose
 * command is not certain, starts the whole command line: the same program, so the answer never
 * depends on the choice.
 */

/** Commands with a start-up bundle, and that bundle (in dist/bin/). */
export const STARTUP_COMMANDS: ReadonlyMap<string, string> = new Map([
  ['validate', 'cli-validate.cjs'],
  ['lint', 'cli-lint.cjs'],
  ['merge', 'cli-merge.cjs'],
  ['merge-driver', 'cli-merge.cjs'],
]);

/** The program's global options (src/cli/program.ts): those that take a value, and those that don't. */
export const GLOBAL_VALUE_OPTIONS: ReadonlySet<string> = new Set([
  '--max-bytes',
  '--max-depth',
  '--max-nodes',
  '--max-scalar-length',
]);
export const GLOBAL_FLAGS: ReadonlySet<string> = new Set(['--debug', '--no-color']);

/**
 * The command a command line (`process.argv.slice(2)`) runs, when the global options before it are
 * all known; otherwise undefined (`--help`, an unknown or misspelt option, no command at all).
 */
export function commandOf(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith('-')) return arg;
    if (GLOBAL_FLAGS.has(arg)) continue;
    const name = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
    if (!GLOBAL_VALUE_OPTIONS.has(name)) return undefined;
    if (name === arg) i++;
  }
  return undefined;
}

/** The bundle, relative to dist/bin/, that runs this command line. */
export function bundleFor(args: readonly string[]): string {
  const command = commandOf(args);
  return (command !== undefined && STARTUP_COMMANDS.get(command)) || 'cli.cjs';
}
