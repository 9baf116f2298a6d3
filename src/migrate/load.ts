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
import { type LoadedDocument, type LoadSourceOptions, loadSource, type SourceMap } from '../parse/index.js';
import { isMcpdesc07 } from './detect.js';
import { type MigrateOptions, migrateValue } from './migrate.js';
import { locateEntries, type MigrationReport } from './report.js';

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

/** A 0.7.0 document that cannot be migrated in memory; `report` says why. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
  constructor(
    message: string,
    readonly file: string,
    readonly report: MigrationReport,
    readonly line = 0,
    readonly column = 0,
  ) {
    super(message);
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
      `cannot read this mcpdesc 0.7.0 document as 0.8.0: ${firstDecision.message}${more > 0 ? ` (and ${more} more; run mcpdesc migrate for the full report)` : ' (see mcpdesc migrate)'}`,
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
