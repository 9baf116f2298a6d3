import { type Command, Option } from 'commander';
import { EXIT_FINDINGS, EXIT_OK } from '../exit-codes.js';
import { appContext, formatOption, stdinAtMostOnce } from '../options.js';
import { emit, useColor, writeMessage } from '../output.js';
import { action } from '../run.js';
import { stderr, stdout } from '../streams.js';

interface MergeOptions {
  output?: string;
  format?: 'json' | 'yaml';
  renameComponents?: boolean;
  reportFormat: 'text' | 'json';
  color?: boolean;
}

export function registerMerge(program: Command): void {
  program
    .command('merge')
    .description(
      'combine descriptions of one server for different MCP revisions into one document (spec §4.13), or name every conflict',
    )
    .argument('<inputs...>', 'description files (path, - for stdin, or REV:path from git)')
    .option(
      '-o, --output <file>',
      'write the merged document here (atomically; only when the merge succeeds)',
    )
    .addOption(formatOption(['json', 'yaml'] as const))
    .option('--rename-components', 'rename colliding components deterministically instead of refusing')
    .addOption(
      new Option('--report-format <format>', 'conflict report: text on stderr, or json on stdout')
        .choices(['text', 'json'])
        .default('text'),
    )
    .action(
      action(async (files: string[], options: MergeOptions, command: Command) => {
        stdinAtMostOnce(files);
        const [app, { serializeChunks }, report] = await Promise.all([
          import('../../app/merge.js'),
          import('../../model/serialize.js'),
          import('../../report/conflicts.js'),
        ]);
        // A LoadError or MigrationError is a PositionedError: printed as file:line:col, exit 2.
        const result = await app.mergeFiles(files, {
          ...appContext(command.optsWithGlobals()),
          renameComponents: options.renameComponents === true,
          outputName: options.output ?? '<stdout>',
          onNote: (line) => writeMessage(`mcpdesc: note: ${line}`),
        });
        if (!result.ok) {
          if (options.reportFormat === 'json') {
            stdout().write(report.formatConflictsJson(result.conflicts, { version: 1, merged: false }));
          } else {
            const color = useColor(command.optsWithGlobals().color, 'stderr');
            stderr().write(
              report.formatConflictsText(result.conflicts, {
                color,
                title: `mcpdesc merge: ${report.conflictSummary(result.conflicts.length)}, nothing written`,
                max: report.CONFLICTS_SHOWN,
                fullList: '--report-format json lists every one',
              }),
            );
          }
          return EXIT_FINDINGS;
        }
        for (const rename of result.renames) {
          writeMessage(
            `mcpdesc merge: renamed component ${rename.namespace}/${rename.from} of ${rename.input} to ${rename.namespace}/${rename.to}`,
          );
        }
        const format = options.format ?? formatOf(options.output) ?? result.firstFormat ?? 'yaml';
        emit(serializeChunks(result.document, format), options.output);
        return EXIT_OK;
      }),
    );
}

function formatOf(path: string | undefined): 'json' | 'yaml' | undefined {
  if (!path || path === '-') return undefined;
  const lower = path.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
  return undefined;
}
