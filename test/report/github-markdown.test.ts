import { describe, expect, it } from 'vitest';
import { escapeMarkdown } from '../../src/report/escape.js';
import { formatGithub } from '../../src/report/github.js';
import { formatMarkdown } from '../../src/report/markdown.js';
import { exceedsThreshold, FormatSpecError, parseFormatSpecs } from '../../src/report/multi-format.js';
import { FILES } from './fixtures.js';

describe('github workflow commands', () => {
  const out = formatGithub(FILES);
  const lines = out.trimEnd().split('\n');

  it('prints one annotation per finding and load error, one line each', () => {
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(
      '::warning file=docs/a.mcpdesc.yaml,line=7,col=5,title=mcpdesc tool-description::Tool "t": description is missing',
    );
    expect(lines[1]).toMatch(/^::error file=docs\/a\.mcpdesc\.yaml,line=12,col=9,/);
    expect(lines[2]).toMatch(/^::notice /);
    expect(lines[4]).toBe(
      '::error file=broken.mcpdesc.json,line=3,col=4,title=mcpdesc json-syntax::Unexpected token <',
    );
  });

  it('escapes newlines and % so document text cannot start a new command', () => {
    expect(lines[2]).toContain('@octocat%0A::error::injected %250A');
    for (const line of lines) expect(line.startsWith('::')).toBe(true);
  });
});

describe('markdown', () => {
  it('escapes Markdown and HTML from document text', () => {
    const text = escapeMarkdown('<img src=x onerror=alert(1)> [a](http://x) `c` | **b** @octocat\nnext');
    expect(text).not.toMatch(/(^|[^\\])[<[`|*]/);
    expect(text).not.toContain('\n');
    expect(text).toContain('@&#8203;octocat');
    expect(text).toContain('&lt;img');
    expect(text).toContain('http&#8203;\\://x');
  });

  it('renders a table with escaped cells and a summary', () => {
    const out = formatMarkdown(FILES, { title: 'mcpdesc lint' });
    expect(out).toContain('### mcpdesc lint');
    expect(out).toContain('5 problems (1 error, 2 warnings, 2 info/hint, 1 unreadable file) in 4 files.');
    const rows = out.split('\n').filter((l) => l.startsWith('| '));
    expect(rows).toHaveLength(7); // header + 6
    for (const row of rows) expect(row.split(/(?<!\\)\|/).length).toBe(6); // no unescaped pipes from the document
    expect(out).toContain('\\\\u\\{202E\\}'); // renders as \u{202E}
  });

  it('says so when there is nothing to report', () => {
    expect(formatMarkdown([{ file: 'a', findings: [] }])).toContain('No problems in 1 file.');
  });
});

describe('multi-format', () => {
  it('parses NAME and NAME:PATH', () => {
    expect(parseFormatSpecs([])).toEqual([{ format: 'stylish' }]);
    expect(parseFormatSpecs(['stylish', 'sarif:out/x.sarif', 'junit:-', 'json:C:\\x.json'])).toEqual([
      { format: 'stylish' },
      { format: 'sarif', path: 'out/x.sarif' },
      { format: 'junit' },
      { format: 'json', path: 'C:\\x.json' },
    ]);
  });

  it('rejects unknown formats, empty paths and two writers of one file', () => {
    expect(() => parseFormatSpecs(['html'])).toThrow(FormatSpecError);
    expect(() => parseFormatSpecs(['sarif:'])).toThrow(/empty path/);
    expect(() => parseFormatSpecs(['sarif:a', 'json:a'])).toThrow(/two formats/);
  });

  it('decides the exit threshold from --fail-severity and --max-warnings', () => {
    expect(exceedsThreshold(FILES, 'error')).toBe(true);
    const warningsOnly = [{ file: 'a', findings: FILES[0]!.findings.filter((f) => f.severity !== 'error') }];
    expect(exceedsThreshold(warningsOnly, 'error')).toBe(false);
    expect(exceedsThreshold(warningsOnly, 'warning')).toBe(true);
    expect(exceedsThreshold(warningsOnly, 'error', 0)).toBe(true);
    expect(exceedsThreshold(warningsOnly, 'error', 1)).toBe(false);
  });
});

describe('ruleMetasFromRegistry', () => {
  it('turns the validate code registry into SARIF rule metadata', async () => {
    const { ruleMetasFromRegistry } = await import('../../src/report/multi-format.js');
    const { CODES } = await import('../../src/validate/codes.js');
    const metas = ruleMetasFromRegistry(CODES);
    expect(metas.length).toBe(Object.keys(CODES).length);
    expect(metas.find((m) => m.id === 'schema-validation')).toMatchObject({
      severity: 'error',
      tags: ['validate', 'structure'],
    });
  });
});
