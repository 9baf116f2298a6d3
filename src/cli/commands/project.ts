import type { Command } from 'commander';
import { EXIT_ERROR, EXIT_OK } from '../exit-codes.js';
import { appContext, formatOption } from '../options.js';
import { emit, refuseReportOverInput, useColor, writeMessage } from '../output.js';
import { action } from '../run.js';
import { stderr } from '../streams.js';

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
        const [app, { serializeChunks }, { formatStylish }] = await Promise.all([
          import('../../app/project.js'),
          import('../../model/serialize.js'),
          import('../../report/stylish.js'),
        ]);
        const color = useColor(command.optsWithGlobals().color as boolean | undefined, 'stderr');
        const run = await app.projectFile(file, {
          ...appContext(command.optsWithGlobals()),
          protocolVersion: options.protocolVersion,
          validate: options.validate,
        });
        if (!run.ok) {
          stderr().write(formatStylish([{ file: run.file, findings: run.findings }], { color }));
          if (run.stage === 'source')
            writeMessage(`mcpdesc: ${run.file} is not a valid description; nothing projected`);
          else stderr().write('mcpdesc: the projected view does not validate; nothing written\n');
          return EXIT_ERROR;
        }
        emit(serializeChunks(run.view, options.format ?? run.format), options.output);
        return EXIT_OK;
      }),
    );
}
