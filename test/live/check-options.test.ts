import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main.js';

describe('check takes every diff option', () => {
  it('from the same definitions, so an option added to diff reaches check', () => {
    const program = buildProgram();
    const command = (name: string) => {
      const found = program.commands.find((c) => c.name() === name);
      if (!found) throw new Error(`no ${name} command`);
      return found;
    };
    const flags = (name: string) => command(name).options.map((o) => o.flags);
    const diff = flags('diff');
    expect(diff.length).toBeGreaterThan(0);
    expect(flags('check')).toEqual(expect.arrayContaining(diff));
    // Same defaults and choices, not just the same names.
    for (const option of command('diff').options) {
      const twin = command('check').options.find((o) => o.flags === option.flags);
      expect(twin?.defaultValue).toEqual(option.defaultValue);
      expect(twin?.argChoices).toEqual(option.argChoices);
    }
  });
});
