import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { bundleFor, commandOf, GLOBAL_FLAGS, GLOBAL_VALUE_OPTIONS } from '../../src/cli/route.js';

describe('the bundle a command line starts', () => {
  it.each([
    { args: ['validate', 'a.yaml'], command: 'validate', bundle: 'cli-validate.cjs' },
    {
      args: ['--debug', '--no-color', 'validate', 'a.yaml'],
      command: 'validate',
      bundle: 'cli-validate.cjs',
    },
    { args: ['--max-bytes', '10', 'validate', '-'], command: 'validate', bundle: 'cli-validate.cjs' },
    { args: ['--max-depth=3', 'validate', 'a.yaml'], command: 'validate', bundle: 'cli-validate.cjs' },
    { args: ['validate', '--help'], command: 'validate', bundle: 'cli-validate.cjs' },
    { args: ['lint', 'a.yaml'], command: 'lint', bundle: 'cli-lint.cjs' },
    { args: ['--no-color', 'lint', '-f', 'json', 'a.yaml'], command: 'lint', bundle: 'cli-lint.cjs' },
    { args: ['merge', 'a.yaml', 'b.yaml', '-o', 'c.yaml'], command: 'merge', bundle: 'cli-merge.cjs' },
    { args: ['merge-driver', '%O', '%A', '%B', '%P'], command: 'merge-driver', bundle: 'cli-merge.cjs' },
    { args: ['--max-nodes', '5', 'diff', 'a', 'b'], command: 'diff', bundle: 'cli.cjs' },
    // The value of a global option is not the command.
    { args: ['--max-bytes', 'validate', 'lint'], command: 'lint', bundle: 'cli-lint.cjs' },
    // Not certain: the whole command line answers.
    { args: ['help', 'validate'], command: 'help', bundle: 'cli.cjs' },
    { args: ['--help'], command: undefined, bundle: 'cli.cjs' },
    { args: ['--colour', 'validate', 'a.yaml'], command: undefined, bundle: 'cli.cjs' },
    { args: ['-q', 'validate', 'a.yaml'], command: undefined, bundle: 'cli.cjs' },
    { args: [], command: undefined, bundle: 'cli.cjs' },
  ])('$args → $bundle', ({ args, command, bundle }) => {
    expect(commandOf(args)).toBe(command);
    expect(bundleFor(args)).toBe(bundle);
  });
});

describe("the router's global options", () => {
  // bin.ts routes without loading commander: its lists must be the program's own.
  it('are the options of the program (but --version, which bin.ts answers itself)', () => {
    const options = buildProgram([]).options.filter((option) => option.long !== '--version');
    const valued = options.filter((option) => option.required || option.optional);
    expect(new Set(valued.map((option) => option.long))).toEqual(GLOBAL_VALUE_OPTIONS);
    expect(new Set(options.filter((o) => !valued.includes(o)).map((option) => option.long))).toEqual(
      GLOBAL_FLAGS,
    );
  });
});
