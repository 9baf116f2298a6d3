import { describe, expect, it, vi } from 'vitest';
import { formatError } from '../../src/cli/errors.js';
import { unreadableEntry } from '../../src/cli/input-errors.js';
import { ConfigError, type ConfigErrorCode } from '../../src/lint/config.js';
import { MigrationError } from '../../src/migrate/load.js';
import { LoadError } from '../../src/parse/errors.js';
import { PositionedError } from '../../src/util/positioned-error.js';

const report = { entries: [] } as unknown as ConstructorParameters<typeof MigrationError>[2];

describe('PositionedError: one type for every failure at a place in a file', () => {
  const rows: [string, PositionedError, string, string][] = [
    [
      'LoadError (adds its code)',
      new LoadError('yaml-syntax', 'bad indentation', 'a.yaml', 3, 5),
      'yaml-syntax',
      'mcpdesc: a.yaml:3:5: bad indentation (yaml-syntax)',
    ],
    [
      'ConfigError',
      new ConfigError('unknown rule "x"', '.mcpdesc.yaml', 2, 3),
      'config-invalid',
      'mcpdesc: .mcpdesc.yaml:2:3: unknown rule "x"',
    ],
    [
      'ConfigError without a position',
      new ConfigError('cannot read config: EACCES', 'c.yaml', 0, 0, 'config-unreadable'),
      'config-unreadable',
      'mcpdesc: c.yaml: cannot read config: EACCES',
    ],
    [
      'MigrationError',
      new MigrationError('cannot be read as 0.8.0', 'old.yaml', report, 7, 1),
      'migration-decision-needed',
      'mcpdesc: old.yaml:7:1: cannot be read as 0.8.0',
    ],
    [
      'PositionedError of the CLI',
      new PositionedError('ignore-file-invalid', 'not valid YAML/JSON', 'ignore.yaml'),
      'ignore-file-invalid',
      'mcpdesc: ignore.yaml: not valid YAML/JSON',
    ],
  ];
  it.each(rows)('%s', (_, error, code, line) => {
    expect(error).toBeInstanceOf(PositionedError);
    expect(error.code).toBe(code);
    expect(formatError(error, false)).toBe(line);
  });

  it('a file that cannot be migrated, without a position, is named alone (never file:0:0)', () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const entry = unreadableEntry(
        new MigrationError('cannot be read as 0.8.0', 'old.yaml', report),
        'old.yaml',
      );
      expect(write.mock.calls.map((call) => String(call[0])).join('')).toBe(
        'mcpdesc: old.yaml: cannot be read as 0.8.0\n',
      );
      expect(entry.loadError).toMatchObject({ code: 'migration', line: 0, column: 0 });
    } finally {
      write.mockRestore();
    }
  });

  it('config codes form a closed union', () => {
    const codes: ConfigErrorCode[] = [
      'config-unreadable',
      'config-syntax',
      'config-schema',
      'unknown-ruleset',
      'config-invalid',
    ];
    expect(new Set(codes).size).toBe(5);
    // @ts-expect-error: not a ConfigErrorCode
    new ConfigError('x', 'f', 0, 0, 'no-such-code');
  });
});
