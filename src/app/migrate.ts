/**
 * The migrate task (`mcpdesc migrate`): a 0.7.0 document to 0.8.0, as text in the format asked for
 * (a YAML source keeps its comments and layout), with the report located in the source and in the
 * result. The CLI writes the text and renders the report.
 */
import {
  declaredVersion,
  isMcpdesc07,
  type MigrateOptions,
  type MigrationReport,
  migrateValue,
  type ReportEntry,
  renderYamlPreserving,
} from '../migrate/index.js';
import { serialize } from '../model/serialize.js';
import { type DocumentFormat, loadDocument, loadSource, type SourceMap } from '../parse/index.js';
import type { AppContext } from './context.js';
import { UsageError } from './errors.js';

export interface MigrateFileOptions extends AppContext {
  /** The output format (default: the source's). */
  format?: DocumentFormat;
  /** The output's name in the report (`<stdout>` when written there). */
  outputName: string;
  protocolVersion?: string;
  defaultProtocolVersion?: string;
  emitSchema?: boolean;
}

export type MigrateRun =
  /** Already 0.8.0: the text to write as it is (or reserialised in another format). */
  | { kind: 'current'; file: string; text: string }
  /** `text` is undefined when the migration needs the author (exit 1); the report says why. */
  | {
      kind: 'migrated';
      file: string;
      text: string | undefined;
      report: MigrationReport;
      needsAuthor: boolean;
    };

export async function migrateFile(spec: string, options: MigrateFileOptions): Promise<MigrateRun> {
  const loaded = await loadSource(spec, options.limits ? { limits: options.limits } : {});
  const outFormat = options.format ?? loaded.format;
  const version = declaredVersion(loaded.value);
  if (version === '0.8.0')
    return {
      kind: 'current',
      file: loaded.file,
      text: outFormat === loaded.format ? loaded.text : serialize(loaded.value, outFormat),
    };
  if (!isMcpdesc07(loaded.value))
    throw new UsageError(
      `${loaded.file}: ${version === undefined ? 'not an mcpdesc document (no mcpdesc version)' : `mcpdesc ${JSON.stringify(version)} cannot be migrated: only 0.7.0 documents can`}`,
    );
  const migrateOptions: MigrateOptions = { file: loaded.file };
  if (options.protocolVersion !== undefined) migrateOptions.protocolVersion = options.protocolVersion;
  if (options.defaultProtocolVersion !== undefined)
    migrateOptions.defaultProtocolVersion = options.defaultProtocolVersion;
  if (options.emitSchema) migrateOptions.emitSchema = true;
  const result = migrateValue(loaded.value, migrateOptions);
  const report = result.report;
  let resultMap: SourceMap | undefined;
  let text: string | undefined;
  if (!result.needsAuthor) {
    if (outFormat === 'yaml' && loaded.format === 'yaml') {
      const rendered = renderYamlPreserving(loaded.text, result.value, result.moves);
      text = rendered.text;
      for (const note of rendered.notes) report.entries.push(note);
    } else text = serialize(result.value, outFormat);
    resultMap = loadDocument(text, {
      file: options.outputName,
      format: outFormat,
      ...(options.limits ? { limits: options.limits } : {}),
    }).sourceMap;
    report.output = options.outputName;
  }
  return {
    kind: 'migrated',
    file: loaded.file,
    text,
    report: { ...report, entries: locateEntries(report.entries, loaded.sourceMap, resultMap) },
    needsAuthor: result.needsAuthor,
  };
}

function locateEntries(
  entries: ReportEntry[],
  sourceMap: SourceMap,
  resultMap: SourceMap | undefined,
): ReportEntry[] {
  return entries.map((e) => {
    const out = { ...e };
    if (e.source && e.source.line === undefined)
      out.source = { pointer: e.source.pointer, ...sourceMap.locate(e.source.pointer) };
    if (e.result && resultMap)
      out.result = { pointer: e.result.pointer, ...resultMap.locate(e.result.pointer) };
    else if (e.result) out.result = { pointer: e.result.pointer };
    return out;
  });
}
