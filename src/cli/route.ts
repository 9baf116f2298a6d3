/**
 * Which bundle a command line starts (src/cli/bin.ts). `validate` — the command editors, hooks and
 * scripts run on one file at a time, where start-up is most of the run — and `lint` — what CI and
 * pre-commit run most — have start-up bundles of their own with only what they use
 * (dist/bin/cli-validate.cjs and cli-lint.cjs, 30 % and 44 % of the whole command line), so a start
 * reads and compiles less. Everything else, and any command line whose command is not certain,
 * starts the whole command line: the same program, so the answer never depends on the choice.
 */

/** Commands with a start-up bundle, dist/bin/cli-<name>.cjs. */
export const STARTUP_COMMANDS: ReadonlySet<string> = new Set(['validate', 'lint']);

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
  return command !== undefined && STARTUP_COMMANDS.has(command) ? `cli-${command}.cjs` : 'cli.cjs';
}
