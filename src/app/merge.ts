/**
 * The merge task (`mcpdesc merge`): every input loaded (their memory bounded together), a 0.7.0 one
 * migrated in memory, then the aggregate merge with the validator. The CLI writes the document or
 * prints the conflicts through src/report/.
 */

import { type AggregateResult, mergeAggregate } from '../merge/aggregate.js';
import { migrateInputs } from '../migrate/load.js';
import type { DocumentFormat } from '../parse/index.js';
import { type LoadedDocument, loadSource, MemoryLedger } from '../parse/index.js';
import { validateDocument } from '../validate/index.js';
import type { AppContext } from './context.js';

export interface MergeFilesOptions extends AppContext {
  renameComponents?: boolean;
  /** Name of the result in result-validation findings (default `<merged>`). */
  outputName?: string;
  onNote?: (line: string) => void;
}

export type MergeRun = AggregateResult & {
  /** The first input's format (the default output format). */
  firstFormat: DocumentFormat | undefined;
};

/** Throws LoadError or MigrationError (PositionedErrors) for an input that cannot be read. */
export async function mergeFiles(
  specs: readonly string[],
  options: MergeFilesOptions = {},
): Promise<MergeRun> {
  const sources: LoadedDocument[] = [];
  // Every input is held until the merge: their memory is bounded together.
  const memory = new MemoryLedger();
  for (const spec of specs)
    sources.push(await loadSource(spec, { memory, ...(options.limits ? { limits: options.limits } : {}) }));
  // A 0.7.0 input is migrated in memory, as `diff` does, and the run says so.
  const loaded = migrateInputs(sources, options.onNote ?? (() => {}));
  const result = mergeAggregate(
    // The text lets the merge read number literals as written; a migrated input's text is the
    // 0.7.0 one, which its pointers no longer match.
    loaded.map((doc, i) =>
      doc === sources[i]
        ? {
            file: doc.file,
            value: doc.value,
            sourceMap: doc.sourceMap,
            text: doc.text,
            mayHoldUnsafeIntegers: doc.mayHoldUnsafeIntegers,
          }
        : { file: doc.file, value: doc.value, sourceMap: doc.sourceMap },
    ),
    {
      renameComponents: options.renameComponents === true,
      validate: validateDocument,
      outputName: options.outputName ?? '<merged>',
      // The CLI only writes the result out.
      share: true,
    },
  );
  return { ...result, firstFormat: loaded[0]?.format };
}
