/**
 * The one entry point through which every command reads a description: a 0.8.0 document is
 * returned as loaded; a 0.7.0 document is migrated in memory first (`migratedFrom: '0.7.0'`), and
 * its positions (for findings, changes, annotations) are mapped back to the 0.7.0 source text.
 *
 * In memory the migration is lenient where the consumer can judge the result itself: a Tool
 * without `inputSchema` stays without one (validate and lint then report it), nothing is invented.
 * Only when no root `protocolVersions` can be made (the source has no `info.protocolVersion` and
 * none was given) does loading fail, with a MigrationError (exit 2, like an unreadable file) that
 * names the option and `mcpdesc migrate`.
 */

import {
  type LoadedDocument,
  type LoadSourceOptions,
  loadSource,
  nearestPresent,
  type SourceMap,
} from '../parse/index.js';
import { isJsonObject } from '../util/json.js';
import { PositionedError } from '../util/positioned-error.js';
import { isMcpdesc07 } from './detect.js';
import { type MigrateOptions, migrateValue } from './migrate.js';
import { locateEntries, type MigrationReport } from './report.js';
import { SCHEMA_URI_080 } from './steps/version.js';

export interface LoadedDescription {
  /** The 0.8.0 document (migrated when the source was 0.7.0); positions refer to the source text. */
  document: LoadedDocument;
  migratedFrom?: '0.7.0';
  /** The migration report (0.7.0 sources only), with source positions. */
  report?: MigrationReport;
}

export interface LoadDescriptionOptions extends LoadSourceOptions {
  /** Migration options (protocol revision, scheme name hints…). `validateResult` defaults to false here. */
  migrate?: Omit<MigrateOptions, 'file'>;
  /** Refuse (MigrationError) when the migration leaves any decision to the author. */
  strict?: boolean;
}

/** Why a document could not be read as migrated: a decision the migration leaves to the author. */
export type MigrationErrorCode = 'migration-decision-needed';

/** A 0.7.0 document that cannot be migrated in memory; `report` says why. */
export class MigrationError extends PositionedError<MigrationErrorCode> {
  override readonly name = 'MigrationError';
  constructor(
    message: string,
    file: string,
    readonly report: MigrationReport,
    line = 0,
    column = 0,
  ) {
    super('migration-decision-needed', message, file, line, column);
  }
}

/** Positions of the migrated value, mapped back to the 0.7.0 source. */
function mappedSourceMap(source: SourceMap, mapPointer: (p: string) => string): SourceMap {
  return {
    locate: (pointer) => source.locate(mapPointer(pointer)),
    locateKey: (pointer) => {
      const from = mapPointer(pointer);
      // A moved value has no key of its own in the source: point at the value that moved.
      return from === pointer ? source.locateKey(pointer) : source.locate(from);
    },
    has: (pointer) => source.has(mapPointer(pointer)),
    nearest: (pointer) => nearestPresent(pointer, (candidate) => source.has(mapPointer(candidate))),
  };
}

/** Migrates an already loaded document when it is 0.7.0; returns it unchanged otherwise. */
export function describeLoaded(
  loaded: LoadedDocument,
  options: Omit<LoadDescriptionOptions, keyof LoadSourceOptions> = {},
): LoadedDescription {
  if (!isMcpdesc07(loaded.value)) return { document: loaded };
  const result = migrateValue(loaded.value, { validateResult: false, ...options.migrate, file: loaded.file });
  const report: MigrationReport = {
    ...result.report,
    entries: locateEntries(result.report.entries, loaded.sourceMap, undefined),
  };
  const firstDecision = report.entries.find((e) => e.kind === 'decision');
  if (firstDecision && (result.blocked || options.strict)) {
    const more = report.entries.filter((e) => e.kind === 'decision').length - 1;
    throw new MigrationError(
      `this mcpdesc 0.7.0 document cannot be read as 0.8.0 in memory: ${firstDecision.message}${more > 0 ? ` (and ${more} more)` : ''}. Run \`mcpdesc migrate ${loaded.file}\` (with the options it names) to make a 0.8.0 copy and see the full report`,
      loaded.file,
      report,
      firstDecision.source?.line ?? 0,
      firstDecision.source?.column ?? 0,
    );
  }
  return {
    document: {
      file: loaded.file,
      format: loaded.format,
      // The source text: every position of this document refers to it.
      text: loaded.text,
      value: result.value,
      sourceMap: mappedSourceMap(loaded.sourceMap, result.mapPointer),
      // Migration moves and renames values but makes no numbers: the source's scan holds.
      mayHoldUnsafeIntegers: loaded.mayHoldUnsafeIntegers,
    },
    migratedFrom: '0.7.0',
    report,
  };
}

/** Loads a command-line operand (path, `-`, `REV:path`) or takes a loaded document, migrating 0.7.0. */
export async function loadDescription(
  spec: string | LoadedDocument,
  options: LoadDescriptionOptions = {},
): Promise<LoadedDescription> {
  const { migrate, strict, ...sourceOptions } = options;
  const loaded = typeof spec === 'string' ? await loadSource(spec, sourceOptions) : spec;
  const rest: Omit<LoadDescriptionOptions, keyof LoadSourceOptions> = {};
  if (migrate) rest.migrate = migrate;
  if (strict !== undefined) rest.strict = strict;
  return describeLoaded(loaded, rest);
}

/**
 * The one line a command prints for a migrated input, e.g. `old: migrated from 0.7.0` (with the
 * number of open decisions when there are some).
 */
export function migrationNotice(label: string, description: LoadedDescription): string | undefined {
  if (!description.migratedFrom) return undefined;
  const decisions = description.report?.entries.filter((e) => e.kind === 'decision').length ?? 0;
  const open =
    decisions > 0
      ? ` (${decisions} decision${decisions === 1 ? '' : 's'} left to the author: run mcpdesc migrate ${description.document.file})`
      : '';
  return `${label}: migrated from ${description.migratedFrom}${open}`;
}

/** The security schemes of a 0.8.0 document, as naming hints for migrating the other side. */
function hintsFrom(loaded: LoadedDocument): Omit<MigrateOptions, 'file'> {
  const value = loaded.value;
  const hints: Omit<MigrateOptions, 'file'> = {};
  if (!isJsonObject(value) || value.mcpdesc !== '0.8.0') return hints;
  if (isJsonObject(value.securitySchemes)) hints.preferSchemeNames = value.securitySchemes;
  // `$schema` only names the format's schema: mirror the other side so the upgrade is no change.
  if (value.$schema === SCHEMA_URI_080) hints.emitSchema = true;
  return hints;
}

/**
 * Both sides of a diff (or changelog, or the Action's base/head): each 0.7.0 side is migrated in
 * memory, taking the security scheme names of the 0.8.0 side where the definitions are identical
 * (and its `$schema` when that is the canonical 0.8.0 URI), so that format-only changes are not
 * reported; a side that cannot be migrated throws MigrationError; and `notify` gets one line per
 * migrated side (`old: migrated from 0.7.0`). A missing side (an added or removed file) stays missing.
 */
export function migrateSides<O extends LoadedDocument | undefined, N extends LoadedDocument | undefined>(
  oldLoaded: O,
  newLoaded: N,
  notify: (line: string) => void,
  labels: readonly [string, string] = ['old', 'new'],
): { oldDoc: O; newDoc: N } {
  const side = <T extends LoadedDocument | undefined>(
    loaded: T,
    other: LoadedDocument | undefined,
    label: string,
  ): T => {
    if (!loaded) return loaded;
    const described = describeLoaded(loaded, { migrate: other ? hintsFrom(other) : {} });
    const notice = migrationNotice(label, described);
    if (notice) notify(notice);
    return described.document as T;
  };
  return { oldDoc: side(oldLoaded, newLoaded, labels[0]), newDoc: side(newLoaded, oldLoaded, labels[1]) };
}

/**
 * `merge`: every 0.7.0 input migrated in memory, its security schemes named like those of the first
 * 0.8.0 input (so the format upgrade does not read as a metadata conflict); `notify` gets one line
 * per migrated input. Throws MigrationError when an input cannot be migrated.
 */
export function migrateInputs(
  loaded: readonly LoadedDocument[],
  notify: (line: string) => void,
): LoadedDocument[] {
  const current = loaded.find((doc) => !isMcpdesc07(doc.value));
  return loaded.map((doc) => {
    const described = describeLoaded(doc, { migrate: current ? hintsFrom(current) : {} });
    const notice = migrationNotice(doc.file, described);
    if (notice) notify(notice);
    return described.document;
  });
}

/** `diff`/`changelog`: both sides present. */
export function loadDiffSides(
  oldLoaded: LoadedDocument,
  newLoaded: LoadedDocument,
  notify: (line: string) => void,
): { oldDoc: LoadedDocument; newDoc: LoadedDocument } {
  return migrateSides(oldLoaded, newLoaded, notify);
}

/**
 * `validate`/`lint`: one document. A 0.7.0 document is migrated in memory (findings point into the
 * 0.7.0 text) and `notify` gets `<file>: migrated from 0.7.0`. Throws MigrationError when it cannot be.
 */
export function readAsCurrent(loaded: LoadedDocument, notify: (line: string) => void): LoadedDocument {
  const described = describeLoaded(loaded);
  const notice = migrationNotice(loaded.file, described);
  if (notice) notify(notice);
  return described.document;
}
