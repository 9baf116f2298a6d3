import type { Command } from 'commander';
import { EXIT_OK } from '../exit-codes.js';
import { formatOption } from '../options.js';
import { emit } from '../output.js';
import { action } from '../run.js';

interface ProjectOptions {
  protocolVersion: string;
  output?: string;
  format?: 'json' | 'yaml';
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
    .action(
      action(async (file: string, options: ProjectOptions) => {
        const [{ loadSource }, { projectView, ProjectionError }, { serialize }, { UsageError }] =
          await Promise.all([
            import('../../parse/index.js'),
            import('../../model/project.js'),
            import('../../model/serialize.js'),
            import('../errors.js'),
          ]);
        const loaded = await loadSource(file);
        let view: ReturnType<typeof projectView>;
        try {
          view = projectView(loaded.value, options.protocolVersion);
        } catch (error) {
          if (error instanceof ProjectionError) throw new UsageError(`${loaded.file}: ${error.message}`);
          throw error;
        }
        emit(serialize(view, options.format ?? loaded.format), options.output);
        return EXIT_OK;
      }),
    );
}
