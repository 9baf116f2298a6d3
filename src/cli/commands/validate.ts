import type { Command } from 'commander';
import { EXIT_ERROR, EXIT_FINDINGS, EXIT_OK } from '../exit-codes.js';
import { collectRepeated, stdinAtMostOnce } from '../options.js';
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
          { loadInput },
          { validateDocument },
          { CODES },
          { parseFormatSpecs, writeReports, ruleMetasFromRegistry, FormatSpecError },
          { UsageError },
          { writeReportFile, writeStdout },
          { packageVersion },
        ] = await Promise.all([
          import('../load-input.js'),
          import('../../validate/index.js'),
          import('../../validate/codes.js'),
          import('../../report/multi-format.js'),
          import('../errors.js'),
          import('../output.js'),
          import('../version.js'),
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
        const [migrate, { unreadableEntry }] = await Promise.all([
          import('../../migrate/load.js'),
          import('../input-errors.js'),
        ]);
        type Entry = import('../../report/stylish.js').FileFindings;
        const reports: Entry[] = [];
        let invalid = false;
        let unreadable = false;
        for (const spec of files) {
          try {
            // migrate: a 0.7.0 document is validated as its in-memory 0.8.0 migration.
            const loaded = migrate.readAsCurrent(await loadInput(spec), (line) =>
              writeMessage(`mcpdesc: note: ${line}`),
            );
            const result = validateDocument(loaded);
            if (!result.valid) invalid = true;
            const findings = options.quiet
              ? result.findings.filter((f) => f.severity === 'error')
              : result.findings;
            reports.push({ file: loaded.file, findings, complete: result.complete });
          } catch (error) {
            reports.push(unreadableEntry(error, spec));
            unreadable = true;
          }
        }
        const color = useColor(command.optsWithGlobals().color as boolean | undefined);
        await writeReports(
          targets,
          reports,
          {
            color,
            toolVersion: packageVersion(),
            rules: ruleMetasFromRegistry(CODES),
            failSeverity: 'error',
            title: 'mcpdesc validate',
            srcRoot: process.cwd(),
          },
          {
            stdout: writeStdout,
            file: (path, chunks) => writeReportFile(path, chunks),
          },
        );
        return unreadable ? EXIT_ERROR : invalid ? EXIT_FINDINGS : EXIT_OK;
      }),
    );
}
