import type { Command } from 'commander';
import { EXIT_ERROR, EXIT_OK } from '../exit-codes.js';
import { addLiveOptions, type LiveOptions } from '../live.js';
import { formatOption } from '../options.js';
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
        const [
          { resolveTarget, runSession, clientRevisions },
          { describeSurface },
          { serialize },
          { UsageError },
        ] = await Promise.all([
          import('../live.js'),
          import('../../live/document.js'),
          import('../../model/serialize.js'),
          import('../errors.js'),
        ]);
        if (options.protocolVersion !== undefined) {
          const known = await clientRevisions();
          if (!known.includes(options.protocolVersion))
            throw new UsageError(
              `--protocol-version ${options.protocolVersion} is not a revision the MCP client can ask for (${known.join(', ')})`,
            );
        }
        const resolved = await resolveTarget(operands, options);
        for (const warning of resolved.warnings) writeMessage(`mcpdesc: warning: ${warning}`);
        const surface = await runSession(resolved.target, options, options.protocolVersion);
        const { document, notes } = describeSurface(surface, resolved.recorded);
        for (const note of notes) writeMessage(`mcpdesc: note: ${note}`);
        const toFile = options.output !== undefined && options.output !== '-';
        const name = toFile ? (options.output as string) : '<dump>';
        const format = options.format ?? (toFile && /\.json$/i.test(name) ? 'json' : 'yaml');
        const text = serialize(document, format);
        if (options.validate) {
          const [{ validateDocument }, { formatStylish }, { loadDocument }] = await Promise.all([
            import('../../validate/index.js'),
            import('../../report/stylish.js'),
            import('../../parse/index.js'),
          ]);
          // Validated as written, so findings point at lines of the output.
          const result = validateDocument(loadDocument(text, { file: name, format }));
          if (result.findings.length > 0) {
            const color = useColor(command.optsWithGlobals().color as boolean | undefined, 'stderr');
            stderr().write(formatStylish([{ file: name, findings: result.findings }], { color }));
          }
          if (!result.valid) {
            writeMessage(
              'mcpdesc: what the server reported is not a valid description (see above); nothing written (--no-validate writes it anyway)',
            );
            return EXIT_ERROR;
          }
        }
        emit(text, options.output);
        return EXIT_OK;
      }),
    );
}
