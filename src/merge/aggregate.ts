/**
 * Aggregate merge (spec §4.13): one document from descriptions of the same server for different (or
 * overlapping) MCP revisions. Pure: documents in, a document or every conflict out.
 *
 *  1. validate every input;
 *  2. unite components (equal values deduplicated; a name bound to different values is a conflict,
 *     or, on request, renamed deterministically with every `$componentRef` rewritten);
 *  3. require the unscoped parts (info, instructions, securitySchemes, root security, tags, $schema,
 *     mcpdesc, root and components `x-*`) to agree;
 *  4. project each input into its Effective Protocol Views; views of one revision must be
 *     semantically equivalent (differences are reported per declaration and field, with the
 *     specific codes for examples, interaction scenarios, clientRequirements, `_meta` and `x-*`);
 *  5. collapse equal declarations by uniting their revisions, keep different ones as disjoint
 *     variants (no `protocolVersions` where a declaration covers every merged revision);
 *  6. check the result (transport coverage, the validator, and the round trip P_V(result) ≡ D_V).
 *
 * Steps 2 to 6 live in aggregate-components, aggregate-unscoped, aggregate-views and
 * aggregate-assembly; this module runs them in order.
 *
 * Output order follows the first input: its root key order, then its declarations in document
 * order, then what later inputs add, in their order. Same inputs, same output.
 */

import { declaredVersion, MCPDESC_070 } from '../migrate/detect.js';
import { appendAll } from '../util/arrays.js';
import { deepClone, isJsonObject, type JsonObject } from '../util/json.js';
import { assemble, coverageConflicts, resultLocations, roundTripConflicts } from './aggregate-assembly.js';
import { type ComponentRename, mergeComponents } from './aggregate-components.js';
import { compareUnscoped } from './aggregate-unscoped.js';
import { buildViews, compareSameRevisionViews } from './aggregate-views.js';
import type { Conflict } from './conflicts.js';
import { locate, type MergeInput } from './support.js';
import { integerLiteralConflicts } from './three-way.js';
import { type DocumentValidator, errorFindings } from './validation.js';

export { roundTrips } from './aggregate-assembly.js';
export type { ComponentRename } from './aggregate-components.js';
export type { MergeInput } from './support.js';

export interface AggregateOptions {
  /** Rename colliding components deterministically instead of refusing (spec §17.6). */
  renameComponents?: boolean;
  /** The document validator; merge validates every input and the result with it. */
  validate?: DocumentValidator;
  /** Name of the result in result-validation findings (default `<merged>`). */
  outputName?: string;
  /**
   * Let the result share values with the inputs instead of copying them (default false): for callers
   * that only write the result out, like the CLI. Neither may be edited afterwards.
   */
  share?: boolean;
}

export type AggregateResult =
  | { ok: true; document: JsonObject; renames: ComponentRename[] }
  | { ok: false; conflicts: Conflict[] };

export function mergeAggregate(
  inputs: readonly MergeInput[],
  options: AggregateOptions = {},
): AggregateResult {
  if (inputs.length === 0) throw new Error('merge needs at least one input');

  // 1. Every input must be a conforming document.
  const conflicts: Conflict[] = [];
  // Every input, not only the first invalid one (spec §4.13: merge validates every input).
  inputs.forEach((input) => {
    const shape = shapeProblems(input);
    appendAll(conflicts, shape);
    if (options.validate && shape.length === 0) {
      for (const finding of errorFindings(options.validate(input))) {
        conflicts.push({
          code: 'invalid-input',
          message: `${input.file} is not a valid mcpdesc 0.8.0 document: [${finding.code}] ${finding.message}`,
          locations: [finding.location],
        });
      }
    }
  });
  if (conflicts.length > 0) return { ok: false, conflicts };

  // Read-only from here on, except that renaming components copies the input it renames first.
  const docs = inputs.map((input) => input.value as JsonObject);

  // Integers beyond ±2^53 that differ as written but decode to one double: the comparisons below
  // would take them for one value and keep one literal.
  for (const [i, a] of inputs.entries())
    for (const b of inputs.slice(i + 1)) appendAll(conflicts, integerLiteralConflicts(a, b, true));

  // 2. Components.
  const components = mergeComponents(inputs, docs, options.renameComponents === true);
  appendAll(conflicts, components.conflicts);

  // 3. Unscoped metadata.
  appendAll(conflicts, compareUnscoped(inputs, docs));

  // 4. Views, and the revisions described by more than one input.
  const views = buildViews(docs);
  appendAll(conflicts, compareSameRevisionViews(inputs, views));
  if (conflicts.length > 0) return { ok: false, conflicts };

  // 5. The merged document.
  const { document, origins } = assemble(docs, views, components.merged);

  // 6. Result checks.
  const resultConflicts = [...coverageConflicts(inputs, docs, document)];
  if (resultConflicts.length === 0 && options.validate) {
    const name = options.outputName ?? '<merged>';
    // Its numbers are the inputs': when none holds an integer beyond ±2^53, neither does it.
    const integersSafe = inputs.every((input) => input.mayHoldUnsafeIntegers === false);
    const checked = integersSafe
      ? { value: document, file: name, mayHoldUnsafeIntegers: false }
      : { value: document, file: name };
    for (const finding of errorFindings(options.validate(checked))) {
      resultConflicts.push({
        code: 'invalid-result',
        message: `the merged document would be invalid: [${finding.code}] ${finding.message}`,
        locations: resultLocations(inputs, origins, finding.location.pointer),
      });
    }
  }
  if (resultConflicts.length === 0) appendAll(resultConflicts, roundTripConflicts(inputs, views, document));
  if (resultConflicts.length > 0) return { ok: false, conflicts: resultConflicts };
  // Built sharing the inputs' values, so the round trip above mostly compares by identity; a library
  // caller gets a copy it may edit.
  return {
    ok: true,
    document: options.share ? document : (deepClone(document) as JsonObject),
    renames: components.renames,
  };
}

// ─── 1. shape ──────────────────────────────────────────────────────────────────

function shapeProblems(input: MergeInput): Conflict[] {
  const doc = input.value;
  const invalid = (pointer: string, message: string): Conflict => ({
    code: 'invalid-input',
    message: `${input.file} is not a valid mcpdesc 0.8.0 document: ${message}`,
    locations: [locate(input, pointer)],
  });
  if (!isJsonObject(doc)) return [invalid('', 'a description must be an object')];
  if (declaredVersion(doc) === MCPDESC_070)
    return [
      invalid(
        '/mcpdesc',
        `it is an mcpdesc 0.7.0 document; migrate it first (mcpdesc migrate ${input.file})`,
      ),
    ];
  const versions = doc.protocolVersions;
  if (!Array.isArray(versions) || versions.length === 0 || !versions.every((v) => typeof v === 'string'))
    return [invalid('/protocolVersions', 'protocolVersions must be a non-empty array of MCP revisions')];
  return [];
}
