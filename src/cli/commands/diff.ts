import type { Command } from 'commander';
import { Option } from 'commander';
import type { AppContext } from '../../app/context.js';
import type { SideValidation } from '../../app/diff.js';
import type { DiffResult } from '../../diff/types.js';
import type { LoadedDocument } from '../../parse/index.js';
import { EXIT_ERROR, EXIT_FINDINGS, EXIT_OK } from '../exit-codes.js';
import { appContext, collectRepeated, schemaSemanticsOption, stdinAtMostOnce } from '../options.js';
import { useColor, writeMessage } from '../output.js';
import { writeTargets } from '../report-targets.js';
import { action } from '../run.js';
import { stderr } from '../streams.js';

export interface DiffCommandOptions {
  /** `-f NAME[:PATH]` values, repeatable (see resolveDiffTargets). */
  format?: string[];
  failOn?: 'breaking' | 'warning' | 'info' | 'none';
  quiet?: boolean;
  protocolVersion?: string;
  ignore?: string;
  validate?: boolean;
  output?: string;
  schemaSemantics?: 'api' | 'json-schema';
}

export interface PreparedDiff {
  result: DiffResult;
  old: LoadedDocument;
  new: LoadedDocument;
}

/**
 * Shared by `diff` and `changelog`: load both sides, validate them (a side with errors stops the run
 * with its diagnostics and exit 2; warnings are shown on stderr), apply the ignore file and diff.
 * Returns a number (the exit code) when the run must stop.
 */
export async function prepareDiff(
  oldSpec: string,
  newSpec: string,
  options: DiffCommandOptions,
  color: boolean,
  context: AppContext = {},
): Promise<PreparedDiff | number> {
  stdinAtMostOnce([oldSpec, newSpec]);
  const app = await import('../../app/diff.js');
  // A LoadError or MigrationError is a PositionedError: printed as file:line:col, exit 2.
  const sides = await app.loadDiffSources(oldSpec, newSpec, {
    ...context,
    ...(options.protocolVersion !== undefined ? { protocolVersion: options.protocolVersion } : {}),
    onNote: (line) => writeMessage(`mcpdesc: note: ${line}`),
  });
  return compareLoaded(sides.old, sides.new, options, color, [oldSpec, newSpec], context);
}

/**
 * Validates documents before a diff: findings go to stderr; false (after a one-line message) when
 * one has errors.
 */
export async function validateForDiff(docs: readonly LoadedDocument[], color: boolean): Promise<boolean> {
  const [app, { formatStylish }] = await Promise.all([
    import('../../app/diff.js'),
    import('../../report/stylish.js'),
  ]);
  const files = app.validateDiffSides(docs);
  printValidation(files, color, formatStylish);
  const invalid = files.filter((f) => !f.valid);
  if (invalid.length > 0) {
    refuseInvalid(invalid);
    return false;
  }
  return true;
}

/** The findings of a validation before a diff, on stderr (nothing when there are none). */
export function printValidation(
  files: readonly SideValidation[],
  color: boolean,
  formatStylish: typeof import('../../report/stylish.js').formatStylish,
): void {
  const shown = files.filter((f) => f.findings.length > 0);
  if (shown.length > 0) stderr().write(formatStylish(shown, { color: useColor(color, 'stderr') }));
}

/** The one line that stops a diff of invalid documents (exit 2 follows). */
export function refuseInvalid(invalid: readonly SideValidation[]): void {
  writeMessage(
    `mcpdesc: ${invalid.map((f) => f.file).join(' and ')} ${invalid.length === 1 ? 'is' : 'are'} not valid; fix the errors above or pass --no-validate`,
  );
}

/**
 * The second half of `prepareDiff`, for documents already in memory (`check` diffs a description
 * against a live server's dump): validate both (unless --no-validate), apply the ignore file and
 * the diff options, diff. Every option `diff` takes is honoured here, so `check` gets each new one.
 */
export async function compareLoaded(
  oldDoc: LoadedDocument,
  newDoc: LoadedDocument,
  options: DiffCommandOptions,
  color: boolean,
  specs: readonly [string, string] = [oldDoc.file, newDoc.file],
  context: AppContext = {},
): Promise<PreparedDiff | number> {
  if (options.validate !== false && !(await validateForDiff([oldDoc, newDoc], color))) return EXIT_ERROR;
  const app = await import('../../app/diff.js');
  const result = await app.compareSides(
    { old: oldDoc, new: newDoc },
    {
      ...context,
      specs,
      ...(options.protocolVersion !== undefined ? { protocolVersion: options.protocolVersion } : {}),
      ...(options.ignore !== undefined ? { ignore: options.ignore } : {}),
      ...(options.schemaSemantics !== undefined ? { schemaSemantics: options.schemaSemantics } : {}),
    },
  );
  for (const note of result.notes) writeMessage(`mcpdesc: note: ${note.message}`);
  return { result, old: oldDoc, new: newDoc };
}

const RANK = { breaking: 3, warning: 2, info: 1 } as const;

export function exitCodeFor(result: DiffResult, failOn: DiffCommandOptions['failOn']): number {
  if (failOn === 'none') return EXIT_OK;
  const threshold = RANK[failOn ?? 'breaking'];
  return result.changes.some((c) => RANK[c.level] >= threshold) ? EXIT_FINDINGS : EXIT_OK;
}

export function registerDiff(program: Command): void {
  const diff = program
    .command('diff')
    .description(
      'classify the changes between two descriptions (breaking / warning / info), per MCP revision; exit 1 when a change at or above --fail-on exists',
    )
    .argument('<old>', 'old description: a file, - for stdin, or REV:path from git')
    .argument('<new>', 'new description: a file, - for stdin, or REV:path from git');
  addDiffOptions(diff).action(
    action(async (oldSpec: string, newSpec: string, options: DiffCommandOptions, command: Command) => {
      const targets = await resolveDiffTargets(options, [oldSpec, newSpec]);
      const color = useColor(command.optsWithGlobals().color as boolean | undefined);
      const prepared = await prepareDiff(
        oldSpec,
        newSpec,
        options,
        color,
        appContext(command.optsWithGlobals()),
      );
      if (typeof prepared === 'number') return prepared;
      return writeDiffReport(prepared, options, color, targets);
    }),
  );
}

/**
 * The options of `diff` (report formats, threshold, revision, ignore file, validation, output), on
 * any command that ends in a diff report: `check` takes them from here, so an option added for
 * `diff` works there too.
 */
export function addDiffOptions(command: Command): Command {
  return command
    .option(
      '-f, --format <name[:path]>',
      'text, markdown, json, sarif, github (or github-actions) or junit; NAME:PATH writes a file; repeatable',
      collectRepeated,
      [],
    )
    .addOption(
      new Option('--fail-on <level>', 'exit 1 when a change at or above this level exists')
        .choices(['breaking', 'warning', 'info', 'none'])
        .default('breaking'),
    )
    .option('-q, --quiet', 'report only changes at or above --fail-on (breaking with --fail-on none)')
    .option('--protocol-version <version>', 'compare one MCP revision only, e.g. 2025-11-25')
    .addOption(schemaSemanticsOption())
    .option(
      '--ignore <file>',
      'ignore file: changes to suppress by fingerprint or rule + subject (see docs/diff.md)',
    )
    .option('--no-validate', 'diff without validating both documents first')
    .option('-o, --output <file>', 'write the report to a file (atomically) instead of stdout');
}

export type DiffTarget = import('../../report/multi-format.js').FormatTarget<
  import('../../report/diff-formats.js').DiffFormat
>;

/** The reports a diff run writes (see resolveReportTargets), `text` unless `-f` says otherwise. */
export async function resolveDiffTargets(
  options: { format?: string[]; output?: string },
  inputs: readonly string[],
  defaultFormat: import('../../report/diff-formats.js').DiffFormat = 'text',
): Promise<DiffTarget[]> {
  const [{ DIFF_FORMATS }, { resolveReportTargets }] = await Promise.all([
    import('../../report/diff-formats.js'),
    import('../report-targets.js'),
  ]);
  return resolveReportTargets(options, inputs, DIFF_FORMATS, defaultFormat);
}

/** `--quiet`: the changes at or above `--fail-on` (breaking with `none`), counted again. */
function quieted(result: DiffResult, failOn: DiffCommandOptions['failOn']): DiffResult {
  const threshold = RANK[failOn === undefined || failOn === 'none' ? 'breaking' : failOn];
  const changes = result.changes.filter((c) => RANK[c.level] >= threshold);
  const count = (level: keyof typeof RANK) => changes.filter((c) => c.level === level).length;
  return {
    ...result,
    changes,
    summary: {
      ...result.summary,
      breaking: count('breaking'),
      warning: count('warning'),
      info: count('info'),
      total: changes.length,
    },
  };
}

/** Writes a diff's reports in the formats asked for and returns the exit code `--fail-on` gives. */
export async function writeDiffReport(
  prepared: PreparedDiff,
  options: DiffCommandOptions,
  color: boolean,
  targets: readonly DiffTarget[],
  side: 'old' | 'new' = 'new',
): Promise<number> {
  const [{ renderDiffChunks }, { packageVersion }] = await Promise.all([
    import('../../report/diff-formats.js'),
    import('../version.js'),
  ]);
  const shown = options.quiet ? quieted(prepared.result, options.failOn) : prepared.result;
  const context = {
    color,
    toolVersion: packageVersion(),
    oldName: prepared.old.file,
    newName: prepared.new.file,
    failOn: options.failOn ?? 'breaking',
    side,
    srcRoot: process.cwd(),
  };
  // In chunks: a report of tens of thousands of deeply nested changes is longer than V8's
  // longest string.
  await writeTargets(targets, (target) =>
    renderDiffChunks(target.format, shown, context, target.path !== undefined),
  );
  return exitCodeFor(prepared.result, options.failOn);
}
