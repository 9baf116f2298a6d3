import type { FormatTarget } from '../report/multi-format.js';
import { UsageError } from './errors.js';
import { refuseReportOverInput, writeReportFile, writeStdout } from './output.js';

/**
 * The reports a run writes, from its `-f NAME[:PATH]` values and `-o`: checked before any work, so
 * a mistyped format or a report that would replace an input stops the run at once. `-o FILE` is
 * where the one format without a path goes (two such formats would write the same file).
 */
export async function resolveReportTargets<F extends string>(
  options: { format?: string[]; output?: string },
  inputs: readonly string[],
  formats: readonly F[],
  defaultFormat: F,
): Promise<FormatTarget<F>[]> {
  const { parseFormatTargets, FormatSpecError } = await import('../report/multi-format.js');
  let targets: FormatTarget<F>[];
  try {
    targets = parseFormatTargets(options.format ?? [], formats, defaultFormat);
  } catch (error) {
    if (error instanceof FormatSpecError) throw new UsageError(error.message);
    throw error;
  }
  if (options.output !== undefined && options.output !== '-') {
    const unplaced = targets.filter((t) => t.path === undefined);
    if (unplaced.length > 1)
      throw new UsageError(
        `-o ${options.output} names one file, and ${unplaced.length} formats have no path: give them NAME:PATH`,
      );
    if (targets.some((t) => t.path === options.output))
      throw new UsageError(`two formats write to ${options.output}`);
    for (const target of unplaced) target.path = options.output;
  }
  refuseReportOverInput(
    targets.map((t) => t.path),
    inputs,
  );
  return targets;
}

/**
 * Writes each target's report as `render` makes it: a file atomically (its folder created), the
 * rest to standard output chunk by chunk, each chunk made only once the previous one is out.
 */
export async function writeTargets<F extends string>(
  targets: readonly FormatTarget<F>[],
  render: (target: FormatTarget<F>) => string | Iterable<string>,
): Promise<void> {
  for (const target of targets) {
    const report = render(target);
    if (target.path !== undefined) writeReportFile(target.path, report);
    else for (const chunk of typeof report === 'string' ? [report] : report) await writeStdout(chunk);
  }
}
