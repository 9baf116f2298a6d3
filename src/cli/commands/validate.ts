import type { Command } from 'commander';
import { EXIT_ERROR, EXIT_FINDINGS, EXIT_OK } from '../exit-codes.js';
import { appContext, collectRepeated, stdinAtMostOnce } from '../options.js';
import { refuseReportOverInput, useColor, writeMessage } from '../output.js';
import { action } from '../run.js';

interface ValidateOptions {
  format: string[];
  quiet?: boolean;
  color?: boolean;
}

export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('check documents against the mcpdesc 0.8.0 JSON Schema and the spec’s semantic rules')
    .argument('<file...>', 'description files, - for stdin, or REV:path from git')
    .option(
      '-f, --format <name[:path]>',
      'stylish, json, sarif, junit, github (or github-actions) or markdown; NAME:PATH writes a file (atomically); repeatable',
      collectRepeated,
      [],
    )
    .option('-q, --quiet', 'report errors only (warnings are hidden and never fail the run anyway)')
    .action(
      action(async (files: string[], options: ValidateOptions, command: Command) => {
        stdinAtMostOnce(files);
        const [
          app,
          { parseFormatSpecs, writeReports, FormatSpecError },
          { UsageError },
          { writeReportFile, writeStdout },
          { packageVersion },
          { unreadableEntry },
        ] = await Promise.all([
          import('../../app/validate.js'),
          import('../../report/multi-format.js'),
          import('../errors.js'),
          import('../output.js'),
          import('../version.js'),
          import('../input-errors.js'),
        ]);
        let targets: ReturnType<typeof parseFormatSpecs>;
        try {
          targets = parseFormatSpecs(options.format);
        } catch (error) {
          if (error instanceof FormatSpecError) throw new UsageError(error.message);
          throw error;
        }
        refuseReportOverInput(
          targets.map((target) => target.path),
          files,
        );
        const run = await app.validateFiles(files, {
          ...appContext(command.optsWithGlobals()),
          quiet: options.quiet === true,
          onNote: (line) => writeMessage(`mcpdesc: note: ${line}`),
          onUnreadable: unreadableEntry,
        });
        const color = useColor(command.optsWithGlobals().color as boolean | undefined);
        await writeReports(
          targets,
          run.results,
          {
            color,
            toolVersion: packageVersion(),
            rules: run.rules,
            failSeverity: 'error',
            title: 'mcpdesc validate',
            srcRoot: process.cwd(),
          },
          {
            stdout: writeStdout,
            file: (path, chunks) => writeReportFile(path, chunks),
          },
        );
        return run.unreadable ? EXIT_ERROR : run.invalid ? EXIT_FINDINGS : EXIT_OK;
      }),
    );
}
