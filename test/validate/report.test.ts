import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/model/finding.js';
import { buildJsonReport, formatJson } from '../../src/report/json.js';
import { formatStylish } from '../../src/report/stylish.js';

const finding = (code: string, severity: 'error' | 'warning', line: number, related = false): Finding => ({
  code,
  severity,
  message: `${code} message`,
  location: { file: 'a.json', pointer: '/tools/0', line, column: 3 },
  ...(related ? { related: [{ file: 'a.json', pointer: '/components/schemas/X', line: 2, column: 5 }] } : {}),
});

const files = [
  {
    file: 'a.json',
    findings: [
      finding('unknown-property', 'error', 12, true),
      finding('logging-deprecated-in-2026', 'warning', 130),
    ],
  },
  { file: 'b.json', findings: [], complete: false },
  {
    file: 'c.json',
    findings: [],
    loadError: { code: 'json-syntax', message: 'Unexpected end', line: 2, column: 1 },
  },
];

describe('json report (stable shape)', () => {
  it('is pinned', () => {
    expect(buildJsonReport(files)).toEqual({
      version: 1,
      files: [
        {
          file: 'a.json',
          valid: false,
          complete: true,
          errorCount: 1,
          warningCount: 1,
          findings: [
            {
              code: 'unknown-property',
              severity: 'error',
              message: 'unknown-property message',
              location: { file: 'a.json', pointer: '/tools/0', line: 12, column: 3 },
              related: [{ file: 'a.json', pointer: '/components/schemas/X', line: 2, column: 5 }],
            },
            {
              code: 'logging-deprecated-in-2026',
              severity: 'warning',
              message: 'logging-deprecated-in-2026 message',
              location: { file: 'a.json', pointer: '/tools/0', line: 130, column: 3 },
            },
          ],
        },
        { file: 'b.json', valid: true, complete: false, errorCount: 0, warningCount: 0, findings: [] },
        {
          file: 'c.json',
          valid: false,
          complete: false,
          errorCount: 0,
          warningCount: 0,
          findings: [],
          loadError: { code: 'json-syntax', message: 'Unexpected end', line: 2, column: 1 },
        },
      ],
      summary: {
        fileCount: 3,
        validCount: 1,
        invalidCount: 1,
        unreadableCount: 1,
        errorCount: 1,
        warningCount: 1,
      },
    });
    expect(JSON.parse(formatJson(files))).toEqual(buildJsonReport(files));
  });
});

describe('stylish report', () => {
  it('groups by file with aligned line:col, severity, message and code, then a summary', () => {
    expect(formatStylish(files, { color: false })).toBe(
      [
        '',
        'a.json',
        '  12:3   error    unknown-property message  unknown-property',
        '  130:3  warning  logging-deprecated-in-2026 message  logging-deprecated-in-2026',
        '',
        '✖ 2 problems (1 error, 1 warning)',
        '1 file could not be read (see the messages above)',
        'validation incomplete for 1 file: see the warnings above',
        '',
      ].join('\n'),
    );
  });

  it('prints nothing for clean, complete files and colours only on request', () => {
    expect(formatStylish([{ file: 'x', findings: [] }], { color: false })).toBe('');
    const coloured = formatStylish(files.slice(0, 1), { color: true });
    expect(coloured).toContain('\u001b[');
    expect(formatStylish(files.slice(0, 1), { color: false })).not.toContain('\u001b[');
  });
});
