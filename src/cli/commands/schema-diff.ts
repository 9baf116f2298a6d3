import { type Command, Option } from 'commander';
import { EXIT_ERROR } from '../exit-codes.js';
import { appContext, collectRepeated, schemaSemanticsOption, stdinAtMostOnce } from '../options.js';
import { writeMessage } from '../output.js';
import { writeTargets } from '../report-targets.js';
import { action } from '../run.js';

interface SchemaDiffCommandOptions {
  direction: 'input' | 'output';
  format: string[];
  quiet?: boolean;
  output?: string;
  schemaSemantics?: 'api' | 'json-schema';
}

export function registerSchemaDiff(program: Command): void {
  program
    .command('schema-diff')
    .description(
      'compare two plain JSON Schema files (JSON or YAML): input narrowing and output widening are breaking (exit 1)',
    )
    .argument('<old>', 'old schema: a file, - for stdin, or REV:path from git')
    .argument('<new>', 'new schema: a file, - for stdin, or REV:path from git')
    .addOption(
      new Option(
        '--direction <direction>',
        'input: narrowing breaks callers; output: widening breaks consumers',
      )
        .choices(['input', 'output'])
        .default('input'),
    )
    .option(
      '-f, --format <name[:path]>',
      'text, json, sarif, github (or github-actions) or junit; NAME:PATH writes a file; repeatable',
      collectRepeated,
      [],
    )
    .option('-q, --quiet', 'report only breaking changes')
    .option('-o, --output <file>', 'write the report to a file (atomically) instead of stdout')
    .addOption(schemaSemanticsOption())
    .action(
      action(
        async (oldSpec: string, newSpec: string, options: SchemaDiffCommandOptions, command: Command) => {
          stdinAtMostOnce([oldSpec, newSpec]);
          const [
            app,
            { formatSchemaChangesJson, formatSchemaChangesText },
            { resolveReportTargets },
            formats,
            { formatSarif },
            { formatGithub },
            { formatJunit },
            { packageVersion },
          ] = await Promise.all([
            import('../../app/schema-diff.js'),
            import('../../schema/index.js'),
            import('../report-targets.js'),
            import('../../report/schema-formats.js'),
            import('../../report/sarif.js'),
            import('../../report/github.js'),
            import('../../report/junit.js'),
            import('../version.js'),
          ]);
          const targets = await resolveReportTargets(
            options,
            [oldSpec, newSpec],
            formats.SCHEMA_DIFF_FORMATS,
            'text',
          );
          const run = await app.schemaDiffFiles(oldSpec, newSpec, {
            ...appContext(command.optsWithGlobals()),
            direction: options.direction,
            ...(options.schemaSemantics !== undefined ? { schemaSemantics: options.schemaSemantics } : {}),
            quiet: options.quiet === true,
          });
          if (run.error !== undefined) {
            writeMessage(`mcpdesc: ${run.error}`);
            return EXIT_ERROR;
          }
          const { changes, before, after } = run;
          const render = (format: (typeof targets)[number]['format']): string => {
            if (format === 'text') return formatSchemaChangesText(changes, options.direction);
            if (format === 'json') return formatSchemaChangesJson(changes);
            const files = formats.schemaChangesAsFileFindings(changes, before, after);
            if (format === 'sarif')
              return formatSarif(files, {
                toolVersion: packageVersion(),
                rules: formats.schemaKindMetas(),
                srcRoot: process.cwd(),
              });
            if (format === 'github') return formatGithub(files);
            return formatJunit(files, { name: 'mcpdesc schema-diff', failSeverity: 'error' });
          };
          await writeTargets(targets, (target) => render(target.format));
          return run.exitCode;
        },
      ),
    );
}
