import type { Command } from 'commander';
import { EXIT_FINDINGS, EXIT_OK } from '../exit-codes.js';
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
          const [
            { loadDocument, detectFormat, decodeUtf8, MemoryLedger, readSourceBytes, resolveLimits },
            { mergeThreeWay, textConflicts },
            { validateDocument },
            { mergeTexts },
            report,
            setup,
          ] = await Promise.all([
            import('../../parse/index.js'),
            import('../../merge/three-way.js'),
            import('../../validate/index.js'),
            import('../../merge/text-merge.js'),
            import('../../report/conflicts.js'),
            import('../../merge/git-setup.js'),
          ]);
          const name = path ?? oursPath;
          // Read as every operand is: bounded by --max-bytes, and strict UTF-8 (a lenient read turned
          // an invalid byte into U+FFFD, which a clean merge then wrote into ours).
          const maxBytes = resolveLimits(undefined).maxBytes;
          const read = async (file: string, label: string) => {
            const { bytes } = await readSourceBytes(file, maxBytes);
            return { bytes, text: decodeUtf8(bytes, `${name} (${label})`) };
          };
          const { bytes: oursBytes, text: oursText } = await read(oursPath, 'ours');
          const format = detectFormat(path, oursText);
          // The three sides are held at once: their memory is bounded together.
          const memory = new MemoryLedger();
          const load = (text: string, label: string) => {
            const doc = loadDocument(text, {
              file: `${name} (${label})`,
              format: detectFormat(path, text),
              memory,
            });
            return { file: doc.file, value: doc.value, sourceMap: doc.sourceMap, text };
          };
          const { bytes: baseBytes, text: baseText } = await read(basePath, 'base');
          const { bytes: theirsBytes, text: theirsText } = await read(theirsPath, 'theirs');
          const ours = load(oursText, 'ours');
          const theirs = load(theirsText, 'theirs');
          const base = baseText.trim() === '' ? undefined : load(baseText, 'base');
          const result = mergeThreeWay(base ? { base, ours, theirs } : { ours, theirs }, {
            validate: validateDocument,
          });
          let conflicts = result.conflicts;
          let proposal = result.merged;
          if (result.clean) {
            for (const warning of result.warnings)
              stderr().write(`mcpdesc merge-driver: ${name}: warning: ${warning}\n`);
            // One side unchanged: the other, byte for byte (its byte-order mark included), as git does.
            if (Buffer.compare(oursBytes, theirsBytes) === 0 || Buffer.compare(theirsBytes, baseBytes) === 0)
              return EXIT_OK;
            if (Buffer.compare(oursBytes, baseBytes) === 0) {
              writeFileAtomic(oursPath, theirsBytes, { noFollow: true });
              return EXIT_OK;
            }
            // Ours' file edited where the merge changed it; both sides' comment edits kept.
            const text = mergeTexts(
              format,
              result.merged,
              { text: oursText, value: ours.value },
              { text: theirsText, value: theirs.value },
              base ? { text: baseText, value: base.value } : undefined,
            );
            if (text.ok) {
              const bom =
                oursBytes[0] === 0xef && oursBytes[1] === 0xbb && oursBytes[2] === 0xbf ? '\ufeff' : '';
              // %A is git's own temporary file; a link there was not made by git: never written through.
              if (text.text !== oursText) writeFileAtomic(oursPath, `${bom}${text.text}`, { noFollow: true });
              return EXIT_OK;
            }
            conflicts = textConflicts(text, base ? { base, ours, theirs } : { ours, theirs });
            if (text.reason === 'overlap') proposal = text.proposal;
          }
          const sidecar = setup.sidecarPath(name);
          const details = conflicts.map((conflict) => ({
            code: conflict.code,
            message: conflict.message,
            ...(conflict.subject ? { subject: conflict.subject } : {}),
            sides: conflict.locations.map((location, i) => ({
              side: /\((base|ours|theirs)\)$/.exec(location.file)?.[1] ?? location.file,
              location,
              ...(conflict.values?.[i]?.present
                ? { value: (conflict.values[i] as { value: unknown }).value }
                : {}),
            })),
          }));
          // The sidecar's name comes from the repository (%P): a committed symbolic link there, or a
          // directory linked out of the tree, must not carry the write outside the working tree
          // (git runs the driver at its top level).
          writeFileAtomic(
            sidecar,
            `${JSON.stringify({ version: 1, path: name, kept: 'ours', conflicts: details, proposal }, null, 2)}\n`,
            { noFollow: true, within: process.cwd() },
          );
          const color = useColor(command.optsWithGlobals().color, 'stderr');
          stderr().write(
            report.formatConflictsText(conflicts, {
              color,
              title: `mcpdesc merge-driver: ${name}: ${report.conflictSummary(conflicts.length)}; kept ours, details in ${sidecar}`,
              max: report.CONFLICTS_SHOWN,
              fullList: `${sidecar} lists every one`,
            }),
          );
          return EXIT_FINDINGS;
        },
      ),
    );
}
