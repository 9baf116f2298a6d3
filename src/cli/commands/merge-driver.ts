import type { Command } from 'commander';
import { EXIT_FINDINGS, EXIT_OK } from '../exit-codes.js';
import { useColor, writeFileAtomic } from '../output.js';
import { action } from '../run.js';

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
            { mergeThreeWay },
            { validateDocument },
            { serialize },
            report,
            setup,
            json,
          ] = await Promise.all([
            import('../../parse/index.js'),
            import('../../merge/three-way.js'),
            import('../../validate/index.js'),
            import('../../model/serialize.js'),
            import('../../report/conflicts.js'),
            import('../../merge/git-setup.js'),
            import('../../util/json.js'),
          ]);
          const name = path ?? oursPath;
          // Read as every operand is: bounded by --max-bytes, and strict UTF-8 (a lenient read turned
          // an invalid byte into U+FFFD, which a clean merge then wrote into ours).
          const maxBytes = resolveLimits(undefined).maxBytes;
          const read = async (file: string, label: string) => {
            const { bytes } = await readSourceBytes(file, maxBytes);
            return { bytes, text: decodeUtf8(bytes, `${name} (${label})`) };
          };
          const { text: oursText } = await read(oursPath, 'ours');
          const format = detectFormat(path, oursText);
          // The three sides are held at once: their memory is bounded together.
          const memory = new MemoryLedger();
          const load = (text: string, label: string) => {
            const doc = loadDocument(text, {
              file: `${name} (${label})`,
              format: detectFormat(path, text),
              memory,
            });
            return { file: doc.file, value: doc.value, sourceMap: doc.sourceMap };
          };
          const { text: baseText } = await read(basePath, 'base');
          const { bytes: theirsBytes, text: theirsText } = await read(theirsPath, 'theirs');
          const ours = load(oursText, 'ours');
          const theirs = load(theirsText, 'theirs');
          const base = baseText.trim() === '' ? undefined : load(baseText, 'base');
          const result = mergeThreeWay(base ? { base, ours, theirs } : { ours, theirs }, {
            validate: validateDocument,
          });
          if (result.clean) {
            if (json.jsonEqual(result.merged, ours.value)) return EXIT_OK;
            // Theirs byte for byte when the merge is theirs (its byte-order mark included).
            // %A is git's own temporary file; a link there was not made by git: never written through.
            writeFileAtomic(
              oursPath,
              json.jsonEqual(result.merged, theirs.value) ? theirsBytes : serialize(result.merged, format),
              { noFollow: true },
            );
            return EXIT_OK;
          }
          const sidecar = setup.sidecarPath(name);
          const details = result.conflicts.map((conflict) => ({
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
            `${JSON.stringify({ version: 1, path: name, kept: 'ours', conflicts: details, proposal: result.merged }, null, 2)}\n`,
            { noFollow: true, within: process.cwd() },
          );
          const color = useColor(command.optsWithGlobals().color, process.stderr);
          process.stderr.write(
            report.formatConflictsText(result.conflicts, {
              color,
              title: `mcpdesc merge-driver: ${name}: ${report.conflictSummary(result.conflicts.length)}; kept ours, details in ${sidecar}`,
            }),
          );
          return EXIT_FINDINGS;
        },
      ),
    );
}
