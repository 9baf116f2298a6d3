import type { Command } from 'commander';
import { EXIT_ERROR, EXIT_OK } from '../exit-codes.js';
import { addLiveOptions, type LiveOptions, liveServerOptions, sessionRunner } from '../live.js';
import { appContext, formatOption } from '../options.js';
import { emit, useColor, writeMessage } from '../output.js';
import { action } from '../run.js';
import { stderr } from '../streams.js';

interface DumpOptions extends LiveOptions {
  output?: string;
  format?: 'json' | 'yaml';
  protocolVersion?: string;
  validate: boolean;
}

export function registerDump(program: Command): void {
  const dump = program
    .command('dump')
    .description(
      'describe a running MCP server: start it (-- COMMAND ARGS...) or reach it (--url), list its tools, prompts and resources, and write an mcpdesc 0.8.0 document',
    )
    .argument('[command...]', 'the server command and its arguments, after --');
  addLiveOptions(dump)
    .option('-o, --output <file>', 'write the description to a file (atomically) instead of stdout')
    .addOption(formatOption(['json', 'yaml'] as const))
    .option('--protocol-version <version>', "MCP revision to ask for (default: the SDK client's newest)")
    .option('--no-validate', 'write the description even when it does not validate')
    .action(
      action(async (operands: string[], options: DumpOptions, command: Command) => {
        const app = await import('../../app/dump.js');
        const toFile = options.output !== undefined && options.output !== '-';
        const run = await app.dumpServer(operands, {
          ...appContext(command.optsWithGlobals()),
          ...liveServerOptions(options),
          runSession: sessionRunner(options),
          ...(options.protocolVersion !== undefined ? { protocolVersion: options.protocolVersion } : {}),
          outputName: toFile ? (options.output as string) : '<dump>',
          ...(options.format !== undefined ? { format: options.format } : {}),
          validate: options.validate,
          onWarning: (line) => writeMessage(`mcpdesc: warning: ${line}`),
          onNote: (line) => writeMessage(`mcpdesc: note: ${line}`),
        });
        const validation = run.validation;
        if (validation) {
          if (validation.findings.length > 0) {
            const { formatStylish } = await import('../../report/stylish.js');
            const color = useColor(command.optsWithGlobals().color as boolean | undefined, 'stderr');
            stderr().write(
              formatStylish([{ file: validation.file, findings: validation.findings }], { color }),
            );
          }
          if (!validation.valid) {
            writeMessage(
              'mcpdesc: what the server reported is not a valid description (see above); nothing written (--no-validate writes it anyway)',
            );
            return EXIT_ERROR;
          }
        }
        emit(run.text, options.output);
        return EXIT_OK;
      }),
    );
}
