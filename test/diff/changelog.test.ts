import { describe, expect, it } from 'vitest';
import { buildChangelog, suggestVersion } from '../../src/diff/changelog.js';
import { applyIgnores, parseIgnoreFile } from '../../src/diff/ignore.js';
import { escapeMarkdown } from '../../src/report/escape.js';
import { diff, doc } from './helpers.js';

describe('semver suggestion', () => {
  it.each([
    ['1.2.3', 'major', '2.0.0'],
    ['1.2.3', 'minor', '1.3.0'],
    ['1.2.3', 'patch', '1.2.4'],
    ['1.2.3', 'none', '1.2.3'],
    ['0.4.1', 'major', '0.5.0'],
    ['0.4.1', 'minor', '0.4.2'],
    ['0.4.1', 'patch', '0.4.2'],
    // pre-releases are released by the bump (semver.inc); the tag's `v` is kept
    ['v2.0.0-rc.1', 'patch', 'v2.0.0'],
    ['1.0.0-rc.1', 'major', '1.0.0'],
    ['1.2.0-rc.1', 'major', '2.0.0'],
    ['1.2.0-rc.1', 'minor', '1.2.0'],
    ['0.3.0-beta.2', 'major', '0.3.0'],
    ['v1.4.2', 'major', 'v2.0.0'],
    ['v1.4.2', 'none', 'v1.4.2'],
    ['1.0.0-rc.1+build.5', 'none', '1.0.0-rc.1'],
    ['2026.7', 'major', undefined],
    ['1.2', 'minor', undefined],
    ['01.2.3', 'minor', undefined],
  ] as const)('%s + %s → %s', (from, bump, expected) => {
    expect(suggestVersion(from, bump)).toBe(expected);
  });

  it('sections, bump and the too-low warning', () => {
    const a = doc({
      tools: [
        { name: 'a', inputSchema: { type: 'object' } },
        { name: 'b', inputSchema: { type: 'object' } },
      ],
    });
    const b = doc({
      info: { name: 'fx', version: '1.1.0' },
      tools: [
        { name: 'a', inputSchema: { type: 'object' }, deprecated: true },
        { name: 'c', inputSchema: { type: 'object' } },
      ],
    });
    const log = buildChangelog(diff(a, b), { oldVersion: '1.0.0', newVersion: '1.1.0' });
    expect(log.sections.breaking.map((c) => c.ruleId)).toEqual(['tool-removed']);
    expect(log.sections.deprecated.map((c) => c.ruleId)).toEqual(['primitive-deprecated']);
    expect(log.sections.added.map((c) => c.ruleId)).toEqual(['tool-added']);
    expect(log.bump).toBe('major');
    expect(log.suggestedVersion).toBe('2.0.0');
    expect(log.warnings[0]).toContain('lower than the suggested 2.0.0');
    const additive = buildChangelog(
      diff(a, doc({ tools: [...(a.tools as []), { name: 'c', inputSchema: { type: 'object' } }] })),
      {
        oldVersion: '1.0.0',
        newVersion: '1.1.0',
      },
    );
    expect(additive.bump).toBe('minor');
    expect(additive.warnings).toEqual([]);
  });
});

describe('ignore files', () => {
  it('parses fingerprint and rule + subject entries, and rejects malformed ones', () => {
    const entries = parseIgnoreFile(
      'ignore:\n  - fingerprint: abcdefabcdef\n  - rule: tool-removed\n    subject: tool:x\n    reason: r\n    expires: 2030-01-01\n',
    );
    expect(entries).toHaveLength(2);
    expect(entries[1]?.subject).toEqual({ kind: 'tool', key: 'x' });
    expect(entries[1]?.expires).toBe('2030-01-01');
    expect(() => parseIgnoreFile('ignore:\n  - rule: tool-removed\n')).toThrow(
      /fingerprint, or a rule and a subject/,
    );
    expect(() => parseIgnoreFile('ignore:\n  - fingerprint: a\n    when: never\n')).toThrow(/unknown key/);
    expect(() => parseIgnoreFile('- fingerprint: a\n  expires: soon\n')).toThrow(/YYYY-MM-DD/);
  });

  it('expired entries stop suppressing and say so', () => {
    const result = diff(
      doc({
        tools: [
          { name: 'x', inputSchema: { type: 'object' } },
          { name: 'y', inputSchema: { type: 'object' } },
        ],
      }),
      doc({ tools: [{ name: 'y', inputSchema: { type: 'object' } }] }),
    );
    const entries = parseIgnoreFile('- rule: tool-removed\n  subject: x\n  expires: 2020-01-01\n');
    const applied = applyIgnores(result.changes, entries, '2026-01-01');
    expect(applied.kept).toHaveLength(1);
    expect(applied.notes[0]?.message).toContain('expired on 2020-01-01');
    expect(applyIgnores(result.changes, entries, '2019-12-31').kept).toHaveLength(0);
  });
});

describe('markdown escaping', () => {
  it('neutralises mentions, links, images and HTML', () => {
    const text = escapeMarkdown('@team see [x](https://e.example) ![i](u) <script> www.e.example #12 *b*');
    expect(text).not.toMatch(/@team|\]\(|<script>|https:|www\.e|#12|\*b\*/);
  });
});

describe('semver from the semver package, alike in changelog and lint', () => {
  const a = doc({ tools: [{ name: 'a', inputSchema: { type: 'object' } }] });
  const b = doc({ tools: [] });
  it('a release candidate with a breaking change suggests the release itself', () => {
    const log = buildChangelog(diff(a, b), { oldVersion: '1.0.0-rc.1', newVersion: '1.0.0' });
    expect(log.bump).toBe('major');
    expect(log.suggestedVersion).toBe('1.0.0');
    expect(log.warnings).toEqual([]);
  });
  it('a v prefix is kept, and compared by the version it names', () => {
    const log = buildChangelog(diff(a, b), { oldVersion: 'v1.4.2', newVersion: 'v1.5.0' });
    expect(log.suggestedVersion).toBe('v2.0.0');
    expect(log.warnings).toEqual([
      'new info.version v1.5.0 is lower than the suggested v2.0.0 (breaking changes since v1.4.2)',
    ]);
  });
});
