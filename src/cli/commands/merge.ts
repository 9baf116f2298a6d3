import { type Command, Option } from 'commander';
import { EXIT_FINDINGS, EXIT_OK } from '../exit-codes.js';
import { formatOption, stdinAtMostOnce } from '../options.js';
import { emit, useColor, writeMessage } from '../output.js';
import { action } from '../run.js';

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
        const [
          { loadInput, MemoryLedger },
          { mergeAggregate },
          { validateDocument },
          { serialize },
          report,
          migrate,
        ] = await Promise.all([
          import('../load-input.js'),
          import('../../merge/aggregate.js'),
          import('../../validate/index.js'),
          import('../../model/serialize.js'),
          import('../../report/conflicts.js'),
          import('../../migrate/load.js'),
        ]);
        const sources: Awaited<ReturnType<typeof loadInput>>[] = [];
        // Every input is held until the merge: their memory is bounded together.
        const memory = new MemoryLedger();
        for (const file of files) sources.push(await loadInput(file, { memory }));
        // A 0.7.0 input is migrated in memory, as `diff` does, and the run says so.
        // A MigrationError is a PositionedError: printed as file:line:col, exit 2.
        const loaded = migrate.migrateInputs(sources, (line) => writeMessage(`mcpdesc: note: ${line}`));
        const result = mergeAggregate(
          // The text lets the merge read number literals as written; a migrated input's text is the
          // 0.7.0 one, which its pointers no longer match.
          loaded.map((doc, i) =>
            doc === sources[i]
              ? { file: doc.file, value: doc.value, sourceMap: doc.sourceMap, text: doc.text }
              : { file: doc.file, value: doc.value, sourceMap: doc.sourceMap },
          ),
          {
            renameComponents: options.renameComponents === true,
            validate: validateDocument,
            outputName: options.output ?? '<stdout>',
            share: true,
          },
        );
        if (!result.ok) {
          if (options.reportFormat === 'json') {
            process.stdout.write(report.formatConflictsJson(result.conflicts, { version: 1, merged: false }));
          } else {
            const color = useColor(command.optsWithGlobals().color, process.stderr);
            process.stderr.write(
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
        const format = options.format ?? formatOf(options.output) ?? loaded[0]?.format ?? 'yaml';
        emit(serialize(result.document, format), options.output);
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
