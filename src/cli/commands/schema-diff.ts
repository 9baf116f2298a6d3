import { type Command, Option } from 'commander';
import { EXIT_ERROR } from '../exit-codes.js';
import { formatOption, resolveSchemaSemantics, schemaSemanticsOption, stdinAtMostOnce } from '../options.js';
import { writeMessage } from '../output.js';
import { action } from '../run.js';

interface SchemaDiffCommandOptions {
  direction: 'input' | 'output';
  format: 'text' | 'json';
  schemaSemantics?: 'api' | 'json-schema';
}

export function registerSchemaDiff(program: Command): void {
  program
    .command('schema-diff')
    .description(
      'compare two plain JSON Schema files (JSON or YAML): input narrowing and output widening are breaking (exit 1)',
    )
    .argument('<old>', 'old schema: a file, - for stdin, or REV:path from git')
    .argument('<new>', 'new schema: a file, - for stdin, or REV:path from git')
    .addOption(
      new Option(
        '--direction <direction>',
        'input: narrowing breaks callers; output: widening breaks consumers',
      )
        .choices(['input', 'output'])
        .default('input'),
    )
    .addOption(formatOption(['text', 'json'] as const, 'text'))
    .addOption(schemaSemanticsOption())
    .action(
      action(async (oldSpec: string, newSpec: string, options: SchemaDiffCommandOptions) => {
        stdinAtMostOnce([oldSpec, newSpec]);
        const semantics = await resolveSchemaSemantics(options.schemaSemantics);
        const [{ loadInput, MemoryLedger }, { runSchemaDiff }] = await Promise.all([
          import('../load-input.js'),
          import('../../schema/index.js'),
        ]);
        const memory = new MemoryLedger();
        const [before, after] = await Promise.all([
          loadInput(oldSpec, { memory }),
          loadInput(newSpec, { memory }),
        ]);
        const result = runSchemaDiff(before.value, after.value, {
          direction: options.direction,
          format: options.format,
          semantics,
        });
        if (result.error !== undefined) {
          writeMessage(`mcpdesc: ${result.error}`);
          return EXIT_ERROR;
        }
        process.stdout.write(result.output);
        return result.exitCode;
      }),
    );
}
