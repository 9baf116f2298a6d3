import { describe, expect, it } from 'vitest';
import { buildChangelog } from '../../src/diff/changelog.js';
import type { Change, DiffResult } from '../../src/diff/types.js';
import { formatChangelogMarkdown } from '../../src/report/changelog-markdown.js';
import {
  formatChangesMarkdown,
  lineLink,
  markdownMessage,
  repositoryPath,
} from '../../src/report/changes-markdown.js';

describe('markdownMessage (CLI Markdown: text renders as written)', () => {
  it.each([
    ['info.version `1.2.0` → `1.3.0`', 'info.version `1.2.0` → `1.3.0`'],
    ['property "a\\nb" is no longer required', 'property `a b` is no longer required'],
    ['tool `x<img>@octocat` added', 'tool `x<img>@octocat` added'],
    ['plain *emphasis* and <b>', 'plain \\*emphasis\\* and &lt;b&gt;'],
    ['a span ` starting with a space`', 'a span `  starting with a space `'],
  ])('%s', (message, expected) => {
    expect(markdownMessage(message)).toBe(expected);
  });
});

describe('repositoryPath and lineLink', () => {
  const root = '/repo';
  it.each([
    ['/repo/api/s.mcpdesc.yaml', 'api/s.mcpdesc.yaml'],
    ['api/s.mcpdesc.yaml', 'api/s.mcpdesc.yaml'],
    ['/elsewhere/s.yaml', '/elsewhere/s.yaml'],
    ['/repo/../repo/x.yaml', 'x.yaml'],
    ['HEAD~1:api/s.yaml', 'HEAD~1:api/s.yaml'],
  ])('%s → %s', (file, expected) => {
    expect(repositoryPath(file, root)).toBe(expected);
  });

  it('links a line of a repository file, and only names one elsewhere', () => {
    const at = (file: string) => ({ file, pointer: '', line: 12, column: 3 });
    expect(lineLink(at('/repo/api/my server (v2).yaml'), root)).toBe(
      '[api/my server \\(v2\\).yaml:12](api/my%20server%20%28v2%29.yaml#L12)',
    );
    expect(lineLink(at('HEAD:s.yaml'), root)).toBe('HEAD\\:s.yaml:12');
    expect(lineLink(at('<stdin>'), root)).toBe('&lt;stdin&gt;:12');
    expect(lineLink(at('/elsewhere/s.yaml'), root)).toBe('/elsewhere/s.yaml:12');
  });
});

describe('diff and changelog Markdown', () => {
  const change: Change = {
    ruleId: 'tool-removed',
    level: 'breaking',
    message: 'tool `get_alerts` removed',
    subject: { kind: 'tool', key: 'get_alerts' },
    revisions: ['2025-11-25'],
    before: { file: `${process.cwd()}/api/s.yaml`, pointer: '/tools/1', line: 9, column: 5 },
    fingerprint: 'f',
  };
  const result: DiffResult = {
    changes: [change],
    summary: {
      breaking: 1,
      warning: 0,
      info: 0,
      total: 1,
      ignored: 0,
      revisions: { old: [], new: [], compared: ['2025-11-25'] },
    },
    notes: [],
  };

  it('diff: names as code spans and the line as a relative link', () => {
    const out = formatChangesMarkdown(result, {
      oldName: `${process.cwd()}/api/s.yaml`,
      newName: 'api/t.yaml',
      root: process.cwd(),
    });
    expect(out).toContain('Comparing api/s.yaml → api/t.yaml');
    expect(out).toContain(
      '- **tool get\\_alerts**: tool `get_alerts` removed (`tool-removed` — MCP 2025-11-25; was [api/s.yaml:9](api/s.yaml#L9))',
    );
  });

  it('changelog: the same, per entry', () => {
    const out = formatChangelogMarkdown(
      buildChangelog(result, { name: 'x', oldVersion: '1.0.0' }),
      process.cwd(),
    );
    expect(out).toContain(
      '- **tool get\\_alerts**: tool `get_alerts` removed (was [api/s.yaml:9](api/s.yaml#L9))',
    );
  });
});
