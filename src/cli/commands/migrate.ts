import { type Command, Option } from 'commander';
import { EXIT_FINDINGS, EXIT_OK } from '../exit-codes.js';
import { formatOption } from '../options.js';
import { emit, writeMessage } from '../output.js';
import { action } from '../run.js';

interface MigrateCliOptions {
  output?: string;
  format?: 'json' | 'yaml';
  protocolVersion?: string;
  defaultProtocolVersion?: string;
  report?: string;
  reportFormat?: 'text' | 'json';
  schema?: boolean;
}

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description(
      'migrate an mcpdesc 0.7.0 document to 0.8.0 (migration guide algorithm) and report every change, default and decision left to the author',
    )
    .argument('<file>', '0.7.0 description file, - for stdin, or REV:path from git')
    .option('-o, --output <file>', 'write the 0.8.0 document to a file (atomically) instead of stdout')
    .addOption(formatOption(['json', 'yaml'] as const))
    .option(
      '--protocol-version <version>',
      'MCP revision of the server (must agree with info.protocolVersion when the source has one)',
    )
    .option(
      '--default-protocol-version <version>',
      'MCP revision to use only when the source has no info.protocolVersion (reported as a default)',
    )
    .option('--schema', 'emit $schema with the canonical 0.8.0 schema URI')
    .option('--report <file>', 'write the migration report to a file (- for stdout) instead of stderr')
    .addOption(
      new Option(
        '--report-format <format>',
        'report format (text, json; default: json for a .json --report file)',
      ).choices(['text', 'json']),
    )
    .action(
      action(async (file: string, options: MigrateCliOptions) => {
        const [
          { loadDocument },
          { loadInput },
          migrate,
          { serialize },
          { UsageError },
          { writeFileAtomic, refuseReportOverInput },
        ] = await Promise.all([
          import('../../parse/index.js'),
          import('../load-input.js'),
          import('../../migrate/index.js'),
          import('../../model/serialize.js'),
          import('../errors.js'),
          import('../output.js'),
        ]);
        // The migrated document may replace the input (-o, or --write); the report may not.
        refuseReportOverInput([options.report], [file]);
        const reportFormat =
          options.reportFormat ?? (options.report?.toLowerCase().endsWith('.json') ? 'json' : 'text');
        const loaded = await loadInput(file);
        const outFormat =
          options.format === 'json' || options.format === 'yaml'
            ? options.format
            : options.output && /\.json$/i.test(options.output)
              ? 'json'
              : options.output && /\.ya?ml$/i.test(options.output)
                ? 'yaml'
                : loaded.format;
        const version = migrate.declaredVersion(loaded.value);
        if (version === '0.8.0') {
          writeMessage(`mcpdesc: ${loaded.file} is already mcpdesc 0.8.0: nothing to migrate`);
          emit(
            outFormat === loaded.format ? loaded.text : serialize(loaded.value, outFormat),
            options.output,
          );
          return EXIT_OK;
        }
        if (!migrate.isMcpdesc07(loaded.value)) {
          throw new UsageError(
            `${loaded.file}: ${version === undefined ? 'not an mcpdesc document (no mcpdesc version)' : `mcpdesc ${JSON.stringify(version)} cannot be migrated: only 0.7.0 documents can`}`,
          );
        }
        const migrateOptions: import('../../migrate/index.js').MigrateOptions = { file: loaded.file };
        if (options.protocolVersion !== undefined) migrateOptions.protocolVersion = options.protocolVersion;
        if (options.defaultProtocolVersion !== undefined)
          migrateOptions.defaultProtocolVersion = options.defaultProtocolVersion;
        if (options.schema) migrateOptions.emitSchema = true;
        const result = migrate.migrateValue(loaded.value, migrateOptions);
        const report = result.report;
        let resultMap: import('../../parse/index.js').SourceMap | undefined;
        if (!result.needsAuthor) {
          let text: string;
          if (outFormat === 'yaml' && loaded.format === 'yaml') {
            const rendered = migrate.renderYamlPreserving(loaded.text, result.value, result.moves);
            text = rendered.text;
            for (const note of rendered.notes) report.entries.push(note);
          } else {
            text = serialize(result.value, outFormat);
          }
          const outName = options.output && options.output !== '-' ? options.output : '<stdout>';
          resultMap = loadDocument(text, { file: outName, format: outFormat }).sourceMap;
          emit(text, options.output);
          report.output = outName;
        }
        const located = { ...report, entries: locateEntriesFor(report.entries, loaded.sourceMap, resultMap) };
        const rendered =
          reportFormat === 'json' ? migrate.formatReportJson(located) : migrate.formatReportText(located);
        if (options.report === '-') process.stdout.write(rendered);
        else if (options.report) writeFileAtomic(options.report, rendered);
        else process.stderr.write(rendered);
        return result.needsAuthor ? EXIT_FINDINGS : EXIT_OK;
      }),
    );
}

function locateEntriesFor(
  entries: import('../../migrate/index.js').ReportEntry[],
  sourceMap: import('../../parse/index.js').SourceMap,
  resultMap: import('../../parse/index.js').SourceMap | undefined,
): import('../../migrate/index.js').ReportEntry[] {
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
