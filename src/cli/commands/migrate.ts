import { type Command, Option } from 'commander';
import { EXIT_FINDINGS, EXIT_OK } from '../exit-codes.js';
import { appContext, formatOption } from '../options.js';
import { emit, writeMessage } from '../output.js';
import { action } from '../run.js';
import { stderr, stdout } from '../streams.js';

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
      action(async (file: string, options: MigrateCliOptions, command: Command) => {
        const [app, migrate, { writeFileAtomic, refuseReportOverInput }] = await Promise.all([
          import('../../app/migrate.js'),
          import('../../migrate/index.js'),
          import('../output.js'),
        ]);
        // The migrated document may replace the input (-o, or --write); the report may not.
        refuseReportOverInput([options.report], [file]);
        const reportFormat =
          options.reportFormat ?? (options.report?.toLowerCase().endsWith('.json') ? 'json' : 'text');
        const outFormat =
          options.format === 'json' || options.format === 'yaml'
            ? options.format
            : options.output && /\.json$/i.test(options.output)
              ? 'json'
              : options.output && /\.ya?ml$/i.test(options.output)
                ? 'yaml'
                : undefined;
        const run = await app.migrateFile(file, {
          ...appContext(command.optsWithGlobals()),
          ...(outFormat ? { format: outFormat } : {}),
          outputName: options.output && options.output !== '-' ? options.output : '<stdout>',
          ...(options.protocolVersion !== undefined ? { protocolVersion: options.protocolVersion } : {}),
          ...(options.defaultProtocolVersion !== undefined
            ? { defaultProtocolVersion: options.defaultProtocolVersion }
            : {}),
          ...(options.schema ? { emitSchema: true } : {}),
        });
        if (run.kind === 'current') {
          writeMessage(`mcpdesc: ${run.file} is already mcpdesc 0.8.0: nothing to migrate`);
          emit(run.text, options.output);
          return EXIT_OK;
        }
        if (run.text !== undefined) emit(run.text, options.output);
        const located = run.report;
        const rendered =
          reportFormat === 'json' ? migrate.formatReportJson(located) : migrate.formatReportText(located);
        if (options.report === '-') stdout().write(rendered);
        else if (options.report) writeFileAtomic(options.report, rendered);
        else stderr().write(rendered);
        return run.needsAuthor ? EXIT_FINDINGS : EXIT_OK;
      }),
    );
}
