import type { Command } from 'commander';
import { EXIT_FINDINGS, EXIT_OK } from '../exit-codes.js';
import { appContext } from '../options.js';
import { useColor, writeFileAtomic } from '../output.js';
import { action } from '../run.js';
import { stderr } from '../streams.js';

/**
 * `mcpdesc merge-driver %O %A %B %P`: git's merge driver protocol. The result goes into %A; exit 0
 * means merged cleanly, anything else means conflict. On conflict %A is left as it is (ours, byte for
 * byte), the report goes to stderr and, with base/ours/theirs of every conflicting field, into the
 * sidecar `<path>.mcpdesc-conflict.json`.
 */
export function registerMergeDriver(program: Command): void {
  program
    .command('merge-driver')
    .description('git merge driver: three-way merge of one description (see mcpdesc git-setup)')
    .argument('<base>', '%O: the common ancestor (empty when both sides added the file)')
    .argument('<ours>', '%A: our version; receives the result')
    .argument('<theirs>', '%B: their version')
    .argument('[path]', '%P: the path in the repository (names the file in reports and the sidecar)')
    .action(
      action(
        async (
          basePath: string,
          oursPath: string,
          theirsPath: string,
          path: string | undefined,
          _o,
          command: Command,
        ) => {
          const [app, report] = await Promise.all([
            import('../../app/merge-driver.js'),
            import('../../report/conflicts.js'),
          ]);
          const run = await app.mergeDriverFiles(basePath, oursPath, theirsPath, {
            ...appContext(command.optsWithGlobals()),
            ...(path !== undefined ? { path } : {}),
          });
          const { name } = run;
          for (const warning of run.warnings)
            stderr().write(`mcpdesc merge-driver: ${name}: warning: ${warning}\n`);
          if (run.kind === 'clean') {
            // %A is git's own temporary file; a link there was not made by git: never written through.
            if (run.write !== undefined) writeFileAtomic(oursPath, run.write, { noFollow: true });
            return EXIT_OK;
          }
          const { conflicts, sidecar } = run;
          // The sidecar's name comes from the repository (%P): a committed symbolic link there, or a
          // directory linked out of the tree, must not carry the write outside the working tree
          // (git runs the driver at its top level).
          writeFileAtomic(sidecar.path, sidecar.text, { noFollow: true, within: process.cwd() });
          const color = useColor(command.optsWithGlobals().color, 'stderr');
          stderr().write(
            report.formatConflictsText(conflicts, {
              color,
              title: `mcpdesc merge-driver: ${name}: ${report.conflictSummary(conflicts.length)}; kept ours, details in ${sidecar.path}`,
              max: report.CONFLICTS_SHOWN,
              fullList: `${sidecar.path} lists every one`,
            }),
          );
          return EXIT_FINDINGS;
        },
      ),
    );
}
