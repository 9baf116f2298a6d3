import { describe, expect, it } from 'vitest';
import { RULES, ruleMeta } from '../../src/diff/rules.js';
import { loadFileRows, loadRows, observe, runFileRow, runRow } from './rule-tester.js';

const rows = loadRows();
const fileRows = loadFileRows();

describe('diff rule tester: coverage', () => {
  it('every registered rule has a reporting row with an expectation', () => {
    const covered = new Set(
      [...rows, ...fileRows].filter((row) => !row.passes && row.expect?.level).map((row) => row.rule),
    );
    expect(RULES.map((rule) => rule.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  it('every row names a registered rule and states its expectation', () => {
    for (const row of [...rows, ...fileRows]) {
      expect(() => ruleMeta(row.rule), row.rule).not.toThrow();
      expect(row.expect, `${row.rule}: no expect`).toBeDefined();
    }
  });

  it('rules whose level the schema engine decides have their json-schema outcome', () => {
    for (const row of rows)
      if (!row.passes && ruleMeta(row.rule).levelFromEngine)
        expect(row['json-schema'], `${row.rule}: no json-schema`).toBeDefined();
  });
});

describe.each(
  rows.map((row, i) => [`${row.family}: ${row.passes ? 'passes ' : ''}${row.rule} #${i}`, row] as const),
)('%s', (_name, row) => {
  it('reports exactly the expected rules, level, message and positions (api)', () => {
    const seen = observe(runRow(row), row.rule);
    expect(seen).toEqual(row.expect);
    if (row.passes) expect(seen.ids).not.toContain(row.rule);
    // the registry level is the reported one, except where the schema engine decides it per keyword
    else if (!ruleMeta(row.rule).levelFromEngine) expect(seen.level).toBe(ruleMeta(row.rule).level);
  });
  if (row['json-schema'])
    it('reports the expected outcome under --schema-semantics json-schema', () => {
      expect(observe(runRow(row, 'json-schema'), row.rule)).toEqual(row['json-schema']);
    });
});

describe.each(
  fileRows.map((row, i) => [`files: ${row.passes ? 'passes ' : ''}${row.rule} #${i}`, row] as const),
)('%s', (_name, row) => {
  it('the Action reports exactly the expected file-level event', async () => {
    const seen = observe(await runFileRow(row), row.rule);
    expect(seen).toEqual(row.expect);
    if (row.passes) expect(seen.ids).not.toContain(row.rule);
    else expect(seen.level).toBe(ruleMeta(row.rule).level);
  });
});
