import type { Command } from 'commander';
import { EXIT_OK } from '../exit-codes.js';
import { appContext, collectRepeated, schemaSemanticsOption } from '../options.js';
import { useColor, writeMessage } from '../output.js';
import { writeTargets } from '../report-targets.js';
import { action } from '../run.js';
import { type DiffCommandOptions, prepareDiff, resolveDiffTargets } from './diff.js';

interface ChangelogOptions {
  format?: string[];
  quiet?: boolean;
  ignore?: string;
  validate?: boolean;
  output?: string;
  schemaSemantics?: 'api' | 'json-schema';
}

export function registerChangelog(program: Command): void {
  program
    .command('changelog')
    .description(
      'release notes between two descriptions (Breaking / Deprecated / Added / Changed / Removed) and a semver suggestion from the old info.version',
    )
    .argument('<old>', 'old description: a file, - for stdin, or REV:path from git')
    .argument('<new>', 'new description: a file, - for stdin, or REV:path from git')
    .option(
      '-f, --format <name[:path]>',
      'markdown (the notes), json (the notes), text (the notes, plain), or the changes as sarif, github (or github-actions) or junit; NAME:PATH writes a file; repeatable',
      collectRepeated,
      [],
    )
    .option('-q, --quiet', 'no warnings on stderr (the notes keep them)')
    .option('--ignore <file>', 'ignore file (see docs/diff.md)')
    .addOption(schemaSemanticsOption())
    .option('--no-validate', 'skip validating both documents first')
    .option('-o, --output <file>', 'write the notes to a file (atomically) instead of stdout')
    .action(
      action(async (oldSpec: string, newSpec: string, options: ChangelogOptions, command: Command) => {
        const targets = await resolveDiffTargets(options, [oldSpec, newSpec], 'markdown');
        const color = useColor(command.optsWithGlobals().color as boolean | undefined);
        const diffOptions: DiffCommandOptions = { failOn: 'none' };
        if (options.ignore !== undefined) diffOptions.ignore = options.ignore;
        if (options.validate !== undefined) diffOptions.validate = options.validate;
        if (options.schemaSemantics !== undefined) diffOptions.schemaSemantics = options.schemaSemantics;
        const prepared = await prepareDiff(
          oldSpec,
          newSpec,
          diffOptions,
          color,
          appContext(command.optsWithGlobals()),
        );
        if (typeof prepared === 'number') return prepared;
        const [app, report, { renderDiffChunks }, { packageVersion }] = await Promise.all([
          import('../../app/diff.js'),
          import('../../report/changelog-markdown.js'),
          import('../../report/diff-formats.js'),
          import('../version.js'),
        ]);
        const log = app.changelogOf(prepared, prepared.result);
        if (!options.quiet) for (const warning of log.warnings) writeMessage(`mcpdesc: warning: ${warning}`);
        const context = {
          color,
          toolVersion: packageVersion(),
          oldName: prepared.old.file,
          newName: prepared.new.file,
          failOn: 'breaking' as const,
          srcRoot: process.cwd(),
        };
        await writeTargets(targets, (target) =>
          target.format === 'json'
            ? report.formatChangelogJsonChunks(log)
            : target.format === 'markdown'
              ? report.formatChangelogMarkdownChunks(log, undefined, process.cwd())
              : target.format === 'text'
                ? report.formatChangelogTextChunks(log)
                : renderDiffChunks(target.format, prepared.result, context, target.path !== undefined),
        );
        return EXIT_OK;
      }),
    );
}
