import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/model/finding.js';
import { formatStylish } from '../../src/report/stylish.js';
import { FILES } from './fixtures.js';

describe('stylish report', () => {
  it('aligns positions and severities per file, and sums up', () => {
    const out = formatStylish(FILES, { color: false });
    expect(out).toContain(
      '\ndocs/a.mcpdesc.yaml\n  7:5    warning  Tool "t": description is missing  tool-description\n',
    );
    expect(out).toContain('  30:1   hint     hint  write-tool-hints\n');
    expect(out).toMatch(/\n✖ \d+ problems \(1 error, \d+ warnings, \d+ other\)\n/);
  });

  // Lint of a 100,000-tool document reports about 250,000 findings.
  it('reports more findings than V8 takes as arguments of one call', () => {
    const findings: Finding[] = Array.from({ length: 300_000 }, (_, i) => ({
      code: 'tool-description',
      severity: 'warning',
      message: 'm',
      location: { file: 'big.json', pointer: `/tools/${i}`, line: 1, column: i + 1 },
    }));
    const out = formatStylish([{ file: 'big.json', findings }], { color: false });
    expect(out).toContain('\n  1:300000  warning  m  tool-description\n');
    expect(out).toContain('  1:1       warning  m  tool-description\n');
    expect(out).toContain('⚠ 300000 problems (0 errors, 300000 warnings)');
  });
});
