import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/model/finding.js';
import { formatStylish, oneLine } from '../../src/report/stylish.js';
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

  // Without colour the rows of a chunk are shown in one pass; with colour, each message on its own.
  it.each([false, true])(
    'shows control characters of messages, keeping its own colours (colour %s)',
    (color) => {
      const hostile = (i: number) => `t${i} \u001b[2J\u009b31m \u0007 line\nbreak`;
      const findings: Finding[] = Array.from({ length: 5000 }, (_, i) => ({
        code: 'tool-description',
        severity: 'warning',
        message: hostile(i),
        location: { file: 'x.json', pointer: `/tools/${i}`, line: i + 1, column: 1 },
      }));
      const out = formatStylish([{ file: 'x\u001b.json', findings }], { color });
      expect(out).toContain('t4999 \\u{1B}[2J\\u{9B}31m \\u{7} line break');
      expect(out).toContain('x\\u{1B}.json');
      // Left raw: the report's own colours only.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the colours are what is looked for
      const colours = /\u001b\[[0-9;]*m/g;
      // biome-ignore lint/suspicious/noControlCharactersInRegex: what must not be left raw
      const control = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
      const raw = out.match(colours) ?? [];
      expect(out.replace(colours, '')).not.toMatch(control);
      expect(raw.length > 0).toBe(color);
    },
  );
});

describe('oneLine', () => {
  it('does what replacing /\\s*\\n\\s*/g by a space did (property)', () => {
    const piece = fc.constantFrom('a', 'b c', ' ', '\t', '\n', '\r', '\u00a0', '\u2028', 'x\n y');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        expect(oneLine(text)).toBe(text.replace(/\s*\n\s*/g, ' '));
      }),
      { numRuns: 3000 },
    );
  });

  it('is linear over a long run of spaces (the expression took time squared)', () => {
    expect(oneLine(`a${' '.repeat(300_000)}b\nc`)).toBe(`a${' '.repeat(300_000)}b c`);
  });
});
