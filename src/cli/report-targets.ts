import type { FormatTarget } from '../report/multi-format.js';
import { UsageError } from './errors.js';
import { refuseReportOverInput } from './output.js';

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
