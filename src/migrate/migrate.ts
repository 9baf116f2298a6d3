/**
 * The 0.7.0 → 0.8.0 migration algorithm of the migration guide ("Recommended algorithm"):
 *
 *  1. validate the 0.7.0 source against the 0.7.0 JSON Schema (errors are decisions for the author);
 *  2. copy every unchanged field (the steps rebuild only what they change, in the author's key order);
 *  3. `mcpdesc: 0.8.0`, `$schema` rewritten or added on request            (steps/version.ts)
 *  4. `info.protocolVersion` → root `protocolVersions`                      (steps/protocol-versions.ts)
 *  5. inline security → named `securitySchemes` + requirements              (steps/security.ts)
 *  6. Tools without an object-rooted `inputSchema` → author review          (steps/input-schemas.ts)
 *  7. empty ordinary collections removed                                    (steps/empty-collections.ts)
 *  8. `capabilities` wrapped in a one-item array                            (steps/capabilities.ts)
 *  9. the result is validated as 0.8.0 (structural and semantic): errors are decisions, warnings
 *     are reported as warnings.
 *
 * Each step is pure (document in, new document + report entries + pointer moves out). Nothing is
 * invented: data the source lacks is either given by the caller (and reported) or left to the author.
 */

import { appendAll } from '../util/arrays.js';
import { isJsonObject, type JsonObject, type JsonValue } from '../util/json.js';
import { validateDocument } from '../validate/index.js';
import { declaredVersion, MCPDESC_070 } from './detect.js';
import { entry, type MigrationReport, type ReportEntry, statusOf } from './report.js';
import { validateSource070 } from './source-schema.js';
import { migrateCapabilities } from './steps/capabilities.js';
import { migrateEmptyCollections } from './steps/empty-collections.js';
import { checkInputSchemas } from './steps/input-schemas.js';
import { migrateProtocolVersions } from './steps/protocol-versions.js';
import { migrateSecurity } from './steps/security.js';
import type { PointerMove, Step, StepOptions } from './steps/types.js';
import { migrateVersion } from './steps/version.js';

export type { PointerMove, StepOptions } from './steps/types.js';

export interface MigrateOptions extends StepOptions {
  /** Name of the source in the report. */
  file?: string;
  /** Validate the result as 0.8.0 and report its findings (default true). */
  validateResult?: boolean;
}

export interface MigrationResult {
  /** The 0.8.0 document (also when decisions are pending: then it is not publishable). */
  value: JsonObject;
  report: MigrationReport;
  /** Result pointer → the source pointer it came from (identity where nothing moved). */
  mapPointer(resultPointer: string): string;
  /** The pointer moves behind `mapPointer` (for the YAML editor). */
  moves: PointerMove[];
  /** True when the author must decide something before the result can be used. */
  needsAuthor: boolean;
  /** True when not even a structurally complete document could be made (no root protocolVersions). */
  blocked: boolean;
}

/** Codes after which no root `protocolVersions` exists. */
const BLOCKING = new Set([
  'protocol-version-missing',
  'protocol-version-conflict',
  'protocol-version-unsupported',
]);

/** The migration steps in order (exported for the docs and tests). */
export const STEPS: ReadonlyArray<readonly [string, Step]> = [
  ['version', migrateVersion],
  ['protocol-versions', migrateProtocolVersions],
  ['security', migrateSecurity],
  ['input-schemas', (doc) => checkInputSchemas(doc)],
  ['empty-collections', (doc) => migrateEmptyCollections(doc)],
  ['capabilities', (doc) => migrateCapabilities(doc)],
];

export class NotMigratableError extends Error {
  override readonly name = 'NotMigratableError';
}

export function makePointerMapper(moves: readonly PointerMove[]): (pointer: string) => string {
  const sorted = [...moves].sort((a, b) => b.result.length - a.result.length);
  return (pointer: string) => {
    for (const m of sorted) {
      if (pointer === m.result) return m.source;
      if (pointer.startsWith(`${m.result}/`)) return m.source + pointer.slice(m.result.length);
    }
    return pointer;
  };
}

/** Migrates a decoded 0.7.0 document. Throws NotMigratableError when it is not one. */
export function migrateValue(source: JsonValue, options: MigrateOptions = {}): MigrationResult {
  const version = declaredVersion(source);
  if (!isJsonObject(source) || version !== MCPDESC_070) {
    throw new NotMigratableError(
      version === undefined
        ? 'not an mcpdesc document (no mcpdesc version)'
        : `mcpdesc ${JSON.stringify(version)} cannot be migrated: only 0.7.0 documents can`,
    );
  }
  const entries: ReportEntry[] = [];
  for (const issue of validateSource070(source)) {
    entries.push(
      entry(
        'decision',
        'source-invalid',
        `the 0.7.0 source is not valid 0.7.0: ${issue.message}`,
        issue.pointer,
      ),
    );
  }
  let value: JsonObject = source;
  const moves: PointerMove[] = [];
  for (const [, step] of STEPS) {
    const result = step(value, options);
    value = result.value;
    appendAll(entries, result.entries);
    appendAll(moves, result.moves);
  }
  const mapPointer = makePointerMapper(moves);
  const blocked = entries.some((e) => e.kind === 'decision' && BLOCKING.has(e.code));

  if (options.validateResult !== false && !blocked) {
    const decided = entries
      .filter((e) => e.kind === 'decision' && e.result !== undefined && e.result.pointer !== '')
      .map((e) => e.result?.pointer ?? '');
    const covered = (p: string) => decided.some((d) => p === d || p.startsWith(`${d}/`));
    const result = validateDocument({ value, file: options.file ?? '<migrated>' });
    for (const f of result.findings) {
      const p = f.location.pointer;
      if (f.severity === 'error') {
        if (covered(p)) continue;
        entries.push(
          entry(
            'decision',
            'result-invalid',
            `the migrated document is not valid 0.8.0 [${f.code}]: ${f.message}`,
            mapPointer(p),
            p,
          ),
        );
      } else {
        entries.push(
          entry(
            f.severity === 'warning' ? 'warning' : 'note',
            'result-finding',
            `0.8.0 validation [${f.code}]: ${f.message}`,
            mapPointer(p),
            p,
          ),
        );
      }
    }
  }

  const report: MigrationReport = {
    file: options.file ?? '<input>',
    from: '0.7.0',
    to: '0.8.0',
    status: statusOf(entries),
    entries,
  };
  return { value, report, mapPointer, moves, needsAuthor: report.status === 'needs-author-input', blocked };
}
