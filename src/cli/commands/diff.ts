import type { Command } from 'commander';
import { Option } from 'commander';
import type { DiffResult } from '../../diff/types.js';
import type { LoadedDocument } from '../../parse/index.js';
import { EXIT_ERROR, EXIT_FINDINGS, EXIT_OK } from '../exit-codes.js';
import { formatOption, resolveSchemaSemantics, schemaSemanticsOption, stdinAtMostOnce } from '../options.js';
import { emitChunks, refuseReportOverInput, useColor, writeMessage } from '../output.js';
import { action } from '../run.js';

export interface DiffCommandOptions {
  format?: 'text' | 'markdown' | 'json';
  failOn?: 'breaking' | 'warning' | 'info' | 'none';
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
): Promise<PreparedDiff | number> {
  const [{ loadInput, MemoryLedger }, { UsageError, PositionedError }, versions] = await Promise.all([
    import('../load-input.js'),
    import('../errors.js'),
    import('../../model/versions.js'),
  ]);
  stdinAtMostOnce([oldSpec, newSpec]);
  if (options.protocolVersion !== undefined && !versions.isProtocolVersion(options.protocolVersion)) {
    throw new UsageError(
      `--protocol-version ${options.protocolVersion} is not an MCP revision mcpdesc 0.8.0 knows (${versions.PROTOCOL_VERSIONS.join(', ')})`,
    );
  }
  // migrate: a 0.7.0 side is migrated in memory (named like the other side's security schemes, so
  // the format upgrade is not reported as a change) and the run says so once per side.
  const migrate = await import('../../migrate/load.js');
  // Both sides are held at once: their memory is bounded together.
  const memory = new MemoryLedger();
  const [oldLoaded, newLoaded] = [await loadInput(oldSpec, { memory }), await loadInput(newSpec, { memory })];
  let sides: ReturnType<typeof migrate.loadDiffSides>;
  try {
    sides = migrate.loadDiffSides(oldLoaded, newLoaded, (line) => writeMessage(`mcpdesc: note: ${line}`));
  } catch (error) {
    if (error instanceof migrate.MigrationError)
      throw new PositionedError(error.message, error.file, error.line, error.column);
    throw error;
  }
  const { oldDoc, newDoc } = sides;
  return compareLoaded(oldDoc, newDoc, options, color, [oldSpec, newSpec]);
}

/**
 * Validates documents before a diff: findings go to stderr; false (after a one-line message) when
 * one has errors.
 */
export async function validateForDiff(docs: readonly LoadedDocument[], color: boolean): Promise<boolean> {
  const [{ validateDocument }, { formatStylish }] = await Promise.all([
    import('../../validate/index.js'),
    import('../../report/stylish.js'),
  ]);
  const files = docs.map((doc) => {
    const result = validateDocument({ value: doc.value, file: doc.file, sourceMap: doc.sourceMap });
    return { file: doc.file, findings: result.findings, valid: result.valid };
  });
  const shown = files.filter((f) => f.findings.length > 0);
  if (shown.length > 0)
    process.stderr.write(formatStylish(shown, { color: useColor(color, process.stderr) }));
  const invalid = files.filter((f) => !f.valid);
  if (invalid.length > 0) {
    writeMessage(
      `mcpdesc: ${invalid.map((f) => f.file).join(' and ')} ${invalid.length === 1 ? 'is' : 'are'} not valid; fix the errors above or pass --no-validate`,
    );
    return false;
  }
  return true;
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
): Promise<PreparedDiff | number> {
  const [{ diffDocuments, parseIgnoreFile, IgnoreFileError }, { UsageError, PositionedError }] =
    await Promise.all([import('../../diff/index.js'), import('../errors.js')]);
  const [oldSpec, newSpec] = specs;
  if (options.validate !== false && !(await validateForDiff([oldDoc, newDoc], color))) return EXIT_ERROR;

  for (const [doc, spec] of [
    [oldDoc, oldSpec],
    [newDoc, newSpec],
  ] as const) {
    if (typeof doc.value !== 'object' || doc.value === null || Array.isArray(doc.value))
      throw new UsageError(`${spec}: an MCP Description document must be a JSON object`);
  }
  if (options.protocolVersion !== undefined) {
    const pv = options.protocolVersion;
    const roots = [oldDoc, newDoc].map((d) => (d.value as { protocolVersions?: unknown }).protocolVersions);
    if (!roots.some((r) => Array.isArray(r) && r.includes(pv)))
      throw new UsageError(`MCP revision ${pv} is in neither document's protocolVersions`);
  }

  let ignore: ReturnType<typeof parseIgnoreFile> | undefined;
  if (options.ignore !== undefined) {
    const { readFileBounded, resolveLimits, LoadError } = await import('../../parse/index.js');
    let text: string;
    try {
      text = readFileBounded(options.ignore, resolveLimits(undefined).maxBytes).toString('utf8');
    } catch (error) {
      const reason = error instanceof LoadError ? error.message : String(error);
      throw new UsageError(`cannot read ignore file ${options.ignore}: ${reason}`);
    }
    try {
      ignore = parseIgnoreFile(text);
    } catch (error) {
      if (error instanceof IgnoreFileError) throw new PositionedError(error.message, options.ignore);
      throw error;
    }
  }
  const schemaSemantics = await resolveSchemaSemantics(options.schemaSemantics);
  const diffOptions: Parameters<typeof diffDocuments>[2] = { schemaSemantics };
  if (options.protocolVersion !== undefined) diffOptions.protocolVersion = options.protocolVersion;
  if (ignore) diffOptions.ignore = ignore;
  const result = diffDocuments(oldDoc, newDoc, diffOptions);
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
      refuseReportOverInput([options.output], [oldSpec, newSpec]);
      const color = useColor(command.optsWithGlobals().color as boolean | undefined);
      const prepared = await prepareDiff(oldSpec, newSpec, options, color);
      if (typeof prepared === 'number') return prepared;
      return writeDiffReport(prepared, options, color);
    }),
  );
}

/**
 * The options of `diff` (report format, threshold, revision, ignore file, validation, output), on
 * any command that ends in a diff report: `check` takes them from here, so an option added for
 * `diff` works there too.
 */
export function addDiffOptions(command: Command): Command {
  return command
    .addOption(formatOption(['text', 'markdown', 'json'] as const, 'text'))
    .addOption(
      new Option('--fail-on <level>', 'exit 1 when a change at or above this level exists')
        .choices(['breaking', 'warning', 'info', 'none'])
        .default('breaking'),
    )
    .option('--protocol-version <version>', 'compare one MCP revision only, e.g. 2025-11-25')
    .addOption(schemaSemanticsOption())
    .option(
      '--ignore <file>',
      'ignore file: changes to suppress by fingerprint or rule + subject (see docs/diff.md)',
    )
    .option('--no-validate', 'diff without validating both documents first')
    .option('-o, --output <file>', 'write the report to a file (atomically) instead of stdout');
}

/** Writes a diff's report in the format asked for and returns the exit code `--fail-on` gives. */
export async function writeDiffReport(
  prepared: PreparedDiff,
  options: DiffCommandOptions,
  color: boolean,
): Promise<number> {
  const { result } = prepared;
  // In chunks: a report of tens of thousands of deeply nested changes is longer than V8's
  // longest string.
  let chunks: Iterable<string>;
  if (options.format === 'json') {
    chunks = (await import('../../report/changes-json.js')).formatChangesJsonChunks(result);
  } else if (options.format === 'markdown') {
    chunks = (await import('../../report/changes-markdown.js')).formatChangesMarkdownChunks(result, {
      oldName: prepared.old.file,
      newName: prepared.new.file,
      root: process.cwd(),
    });
  } else {
    const toFile = options.output !== undefined && options.output !== '-';
    chunks = (await import('../../report/changes-text.js')).formatChangesTextChunks(result, {
      color: color && !toFile,
    });
  }
  await emitChunks(chunks, options.output);
  return exitCodeFor(result, options.failOn);
}
