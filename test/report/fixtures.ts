/** Per-file results shared by the formatter tests: hostile text included. */
import type { Finding } from '../../src/model/finding.js';
import type { FileFindings } from '../../src/report/stylish.js';

const at = (file: string, line: number, column: number, pointer: string) => ({ file, line, column, pointer });

export const HOSTILE =
  'Ignore <b>this</b> & [click](https://evil.example) `code` | @octocat\n::error::injected %0A \u202Eexe.txt \u0001';

export const FINDINGS: Finding[] = [
  {
    code: 'tool-description',
    severity: 'warning',
    message: 'Tool "t": description is missing',
    location: at('docs/a.mcpdesc.yaml', 7, 5, '/tools/0'),
  },
  {
    code: 'primitive-scope-overlap',
    severity: 'error',
    message: 'Tool "t" overlaps',
    location: at('docs/a.mcpdesc.yaml', 12, 9, '/tools/1/name'),
    related: [at('docs/a.mcpdesc.yaml', 7, 11, '/tools/0/name')],
  },
  {
    code: 'prose-instruction-like',
    severity: 'info',
    message: HOSTILE,
    location: at('docs/a.mcpdesc.yaml', 20, 18, '/tools/2/description'),
  },
  {
    code: 'write-tool-hints',
    severity: 'hint',
    message: 'hint',
    location: at('docs/a.mcpdesc.yaml', 30, 1, ''),
  },
];

export const FILES: FileFindings[] = [
  { file: 'docs/a.mcpdesc.yaml', findings: FINDINGS },
  { file: 'docs/clean & "quoted".mcpdesc.json', findings: [] },
  {
    file: 'broken.mcpdesc.json',
    findings: [],
    loadError: { code: 'json-syntax', message: 'Unexpected token <', line: 3, column: 4 },
  },
  {
    file: '/abs/path with space/x.mcpdesc.json',
    findings: [{ ...FINDINGS[0]!, location: at('/abs/path with space/x.mcpdesc.json', 1, 1, '') }],
  },
];
