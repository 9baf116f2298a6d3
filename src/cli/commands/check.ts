import type { Command } from 'commander';
import type { SideValidation } from '../../app/diff.js';
import { EXIT_ERROR } from '../exit-codes.js';
import { addLiveOptions, type LiveOptions, liveServerOptions, sessionRunner } from '../live.js';
import { appContext } from '../options.js';
import { useColor, writeMessage } from '../output.js';
import { action } from '../run.js';
import { addDiffOptions, type DiffCommandOptions, resolveDiffTargets } from './diff.js';

type CheckOptions = LiveOptions & DiffCommandOptions;

export function registerCheck(program: Command): void {
  const check = program
    .command('check')
    .description(
      'check a running MCP server against its description: dump it and diff the description (old) against the server (new); exit 1 when the server breaks the description',
    )
    .argument('<description>', 'the description: a file, - for stdin, or REV:path from git')
    .argument('[command...]', 'the server command and its arguments, after --');
  addDiffOptions(addLiveOptions(check)).action(
    action(async (descriptionSpec: string, operands: string[], options: CheckOptions, command: Command) => {
      const targets = await resolveDiffTargets(options, [descriptionSpec]);
      const [app, { printValidation, refuseInvalid, writeDiffReport }, { formatStylish }] = await Promise.all(
        [import('../../app/check.js'), import('./diff.js'), import('../../report/stylish.js')],
      );
      const color = useColor(command.optsWithGlobals().color as boolean | undefined);
      const run = await app.checkServer(descriptionSpec, operands, {
        ...appContext(command.optsWithGlobals()),
        ...liveServerOptions(options),
        runSession: sessionRunner(options),
        ...(options.protocolVersion !== undefined ? { protocolVersion: options.protocolVersion } : {}),
        ...(options.validate !== undefined ? { validate: options.validate } : {}),
        ...(options.ignore !== undefined ? { ignore: options.ignore } : {}),
        ...(options.schemaSemantics !== undefined ? { schemaSemantics: options.schemaSemantics } : {}),
        onNote: (line) => writeMessage(`mcpdesc: note: ${line}`),
        onDetail: (line) => {
          if (options.verbose) writeMessage(`mcpdesc: note: ${line}`);
        },
        // Printed as each validation happens: the description's findings before the server starts.
        onValidation: (files: readonly SideValidation[]) => printValidation(files, color, formatStylish),
      });
      if (run.kind === 'invalid') {
        refuseInvalid(run.invalid);
        return EXIT_ERROR;
      }
      for (const note of run.result.notes) writeMessage(`mcpdesc: note: ${note.message}`);
      // SARIF, annotations and JUnit point into the description: the server is not a file.
      return writeDiffReport(
        { result: run.result, old: run.old, new: run.new },
        options,
        color,
        targets,
        'old',
      );
    }),
  );
}
