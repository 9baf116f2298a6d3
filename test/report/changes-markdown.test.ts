import { describe, expect, it } from 'vitest';
import { lineLink, markdownMessage, repositoryPath } from '../../src/report/changes-markdown.js';

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
