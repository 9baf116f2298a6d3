import type { Command } from 'commander';
import { EXIT_ERROR, EXIT_OK } from '../exit-codes.js';
import { formatOption } from '../options.js';
import { emit, refuseReportOverInput, useColor, writeMessage } from '../output.js';
import { action } from '../run.js';

interface ProjectOptions {
  protocolVersion: string;
  output?: string;
  format?: 'json' | 'yaml';
  validate: boolean;
}

export function registerProject(program: Command): void {
  program
    .command('project')
    .description(
      'print the Effective Protocol View of one MCP revision (spec §4.12): the document as a client of that revision sees it',
    )
    .argument('<file>', 'description file, - for stdin, or REV:path from git')
    .requiredOption('--protocol-version <version>', 'MCP revision to project, e.g. 2025-11-25')
    .option('-o, --output <file>', 'write the view to a file (atomically) instead of stdout')
    .addOption(formatOption(['json', 'yaml'] as const))
    .option('--no-validate', 'skip validating the source and the view (spec §4.12 steps 1 and 8)')
    .action(
      action(async (file: string, options: ProjectOptions, command: Command) => {
        // A view of one revision written over its source would lose every other revision.
        refuseReportOverInput([options.output], [file]);
        const [
          { loadInput },
          { projectView, ProjectionError },
          { serialize },
          { UsageError },
          { validateDocument },
          { formatStylish },
        ] = await Promise.all([
          import('../load-input.js'),
          import('../../model/project.js'),
          import('../../model/serialize.js'),
          import('../errors.js'),
          import('../../validate/index.js'),
          import('../../report/stylish.js'),
        ]);
        const color = useColor(command.optsWithGlobals().color as boolean | undefined, process.stderr);
        const loaded = await loadInput(file);
        if (options.validate) {
          // A projection of an invalid document would be a guess: refuse it, like every other command.
          const result = validateDocument(loaded);
          if (!result.valid) {
            process.stderr.write(
              formatStylish([{ file: loaded.file, findings: result.findings }], { color }),
            );
            writeMessage(`mcpdesc: ${loaded.file} is not a valid description; nothing projected`);
            return EXIT_ERROR;
          }
        }
        let view: ReturnType<typeof projectView>;
        try {
          view = projectView(loaded.value, options.protocolVersion);
        } catch (error) {
          if (error instanceof ProjectionError) throw new UsageError(`${loaded.file}: ${error.message}`);
          throw error;
        }
        if (options.validate) {
          const result = validateDocument({
            value: view,
            file: `${loaded.file} (view ${options.protocolVersion})`,
          });
          if (!result.valid) {
            process.stderr.write(
              formatStylish(
                [{ file: `${loaded.file} (view ${options.protocolVersion})`, findings: result.findings }],
                { color },
              ),
            );
            process.stderr.write('mcpdesc: the projected view does not validate; nothing written\n');
            return EXIT_ERROR;
          }
        }
        emit(serialize(view, options.format ?? loaded.format), options.output);
        return EXIT_OK;
      }),
    );
}
