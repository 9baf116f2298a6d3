import { describe, expect, it } from 'vitest';
import {
  COMMENT_BUDGET,
  commentMarker,
  findOwnComment,
  type RenderContext,
  renderNothingLeft,
  renderReport,
  upsertComment,
  versionLine,
} from '../../src/action/comment.js';
import { GitHubApiError, type IssueComment } from '../../src/action/github-api.js';
import { change, fileReport, finding, report } from './fakes.js';

const ctx: RenderContext = {
  serverUrl: 'https://github.com',
  repository: 'octo/servers',
  runUrl: 'https://github.com/octo/servers/actions/runs/1',
  version: '1.0.0',
  lint: true,
  verdict: { failed: true, reason: 'fail-on: breaking — 1 breaking change' },
};
const MARKER = commentMarker('CI');

describe('renderReport', () => {
  it('has the marker, the verdict, a change table with head links, and collapsible sections', () => {
    const r = report(
      [
        fileReport({
          changes: [change('breaking', 12), change('warning', 20), change('info', 30)],
          findings: [finding('error', 5)],
          changelog: { markdown: '**Breaking**\n\n- x', bump: 'major' },
        }),
      ],
      'major',
    );
    const body = renderReport(r, ctx, { limit: COMMENT_BUDGET, marker: MARKER });
    expect(
      body.startsWith('<!-- mcpdesc-toolkit:CI -->\n### MCP description check\n\n❌ **1 breaking change**'),
    ).toBe(true);
    expect(body).toContain(
      `| [<code>tool12</code>](https://github.com/octo/servers/blob/${'h'.repeat(40)}/a.mcpdesc.yaml#L12) | ❌ A breaking change at 12.<br>**Fix:** keep the old behaviour, or release it as a new major version<br><sub>rule-breaking</sub> |`,
    );
    expect(body).toContain('| Tool | What changes |\n|---|---|');
    expect(body).toContain('<details><summary>🔎 1 new lint finding (1 error)</summary>');
    expect(body).toContain('<details><summary>📝 Changelog</summary>');
    expect(body).toContain('> [!CAUTION]\n> fail-on: breaking — 1 breaking change');
    expect(body).not.toContain('Shortened');
  });

  it('names the tools a shared component change reaches, then the component', () => {
    const viaComponent = change('breaking', 40, {
      ruleId: 'input-schema-narrowed',
      subject: { kind: 'component', key: 'schemas/Query' },
      via: 'schemas/Query',
      affected: [
        { kind: 'tool', key: 'search_code', revisions: ['2025-11-25'], fingerprint: 'a1' },
        { kind: 'tool', key: 'search_issues', revisions: ['2025-11-25'], fingerprint: 'a2' },
      ],
    });
    const body = renderReport(report([fileReport({ changes: [viaComponent] })]), ctx, {
      limit: COMMENT_BUDGET,
      marker: MARKER,
    });
    const row = body.split('\n').find((line) => line.includes('input-schema-narrowed')) ?? '';
    expect(row).toMatch(
      /^\| \[<code>search\\_code<\/code>, <code>search\\_issues<\/code> <sub>via <code>schemas\/Query<\/code><\/sub>\]\(/,
    );
  });

  it('lists the changes most severe first, five rows open and the rest collapsed', () => {
    const changes = [
      ...Array.from({ length: 4 }, (_, i) => change('info', i + 1, { message: `info ${i}` })),
      ...Array.from({ length: 4 }, (_, i) => change('breaking', i + 10, { message: `breaking ${i}` })),
    ];
    const body = renderReport(report([fileReport({ changes })]), ctx, {
      limit: COMMENT_BUDGET,
      marker: MARKER,
    });
    const [open, collapsed] = body.split('<details><summary>3 more rows: 3 info changes</summary>');
    expect(open!.match(/❌ Breaking/g)).toHaveLength(4);
    expect(open!.match(/ℹ️ Info/g)).toHaveLength(1);
    expect(collapsed!.match(/ℹ️ Info/g)).toHaveLength(3);
    // the revisions column only when changes span more than one revision
    expect(body).not.toContain('Revisions');
    const twoRevisions = report([
      fileReport({ changes: [change('info', 1), change('info', 2, { revisions: ['2025-06-18'] })] }),
    ]);
    expect(renderReport(twoRevisions, ctx, { limit: COMMENT_BUDGET })).toContain(
      '| Tool | What changes | Revisions |',
    );
  });

  it('stays within the budget when the report is huge: changelog first, then info detail, then rows', () => {
    const changes = Array.from({ length: 3000 }, (_, i) =>
      change(i % 3 === 0 ? 'breaking' : i % 3 === 1 ? 'warning' : 'info', i + 1, {
        message: `${i} ${'x'.repeat(300)}`,
      }),
    );
    const findings = Array.from({ length: 2000 }, (_, i) =>
      finding('warning', i + 1, { message: 'y'.repeat(300) }),
    );
    const r = report([
      fileReport({ changes, findings, changelog: { markdown: 'z'.repeat(50_000), bump: 'major' } }),
    ]);
    const body = renderReport(r, ctx, { limit: COMMENT_BUDGET, marker: MARKER });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(COMMENT_BUDGET);
    expect(body).toContain(
      'Shortened to stay readable: the full report is in the [job summary](https://github.com/octo/servers/actions/runs/1)',
    );
    expect(body).toMatch(/_… and \d+ more \(not shown here; see the job summary\)\._/);
    expect(body).not.toContain('zzzz');
    // every opened <details> is closed
    expect(body.split('<details>').length).toBe(body.split('</details>').length);
    // the summary has a much larger budget: it shows more, within its own limit
    const summary = renderReport(r, ctx, { limit: 1024 * 1024, summary: true });
    expect(Buffer.byteLength(summary)).toBeLessThanOrEqual(1024 * 1024);
    expect(summary.length).toBeGreaterThan(body.length * 5);
  });

  it('drops the changelog first, saying where it is', () => {
    const changes = Array.from({ length: 20 }, (_, i) => change('info', i + 1, { message: `info ${i}` }));
    const r = report([fileReport({ changes, changelog: { markdown: 'z'.repeat(19_000), bump: 'minor' } })]);
    const body = renderReport(r, ctx, { limit: COMMENT_BUDGET, marker: MARKER });
    expect(body).not.toContain('zzzz');
    expect(body).toContain('<sub>The changelog is in the [job summary]');
    expect(body).toContain('](https://github.com/octo/servers/blob/'); // info rows keep their links
    expect(body).not.toContain('Shortened');
  });

  it.each([
    [
      { bump: 'major', fromVersion: '1.7.0', toVersion: '2.0.0', newVersion: '1.8.0' },
      '❌ PR sets <code>1.8.0</code>; breaking changes need <code>2.0.0</code>',
    ],
    [
      { bump: 'major', fromVersion: '1.7.0', toVersion: '2.0.0', newVersion: '2.0.0' },
      '✅ version <code>2.0.0</code> (breaking changes need <code>2.0.0</code>)',
    ],
    [
      { bump: 'minor', fromVersion: '1.7.0', toVersion: '1.8.0', newVersion: '3.0.0' },
      '✅ version <code>3.0.0</code> (additions need <code>1.8.0</code>)',
    ],
    [
      { bump: 'patch', fromVersion: '1.7.0', toVersion: '1.7.1', newVersion: '1.7.0' },
      '❌ PR sets <code>1.7.0</code>; changes need <code>1.7.1</code>',
    ],
    [
      { bump: 'major', fromVersion: 'one', newVersion: 'two' },
      'PR sets <code>two</code>; breaking changes need a major version bump',
    ],
    [{ bump: 'major' }, 'breaking changes need a major version bump'],
  ] as const)('puts the version verdict in the headline: %j', (entry, expected) => {
    const r = report(
      [fileReport({ changes: [change('breaking', 1)], changelog: { markdown: '', ...entry } })],
      entry.bump,
    );
    expect(versionLine(r)).toBe(expected);
    expect(renderReport(r, ctx, { limit: COMMENT_BUDGET }).split('\n')[2]).toContain(expected);
  });

  it('counts old lint findings in one line and lists only new ones', () => {
    const old = finding('warning', 3, { message: 'old one' });
    const fresh = finding('error', 9, { message: 'new one' });
    const body = renderReport(
      report([fileReport({ changes: [change('info', 1)], findings: [old, fresh], newFindings: [fresh] })]),
      ctx,
      { limit: COMMENT_BUDGET, marker: MARKER },
    );
    expect(body).toContain('1 new lint finding (1 already on main; see the job summary)');
    expect(body).toContain('new one');
    expect(body).not.toContain('old one');
    const none = renderReport(
      report([fileReport({ changes: [change('info', 1)], findings: [old], newFindings: [] })]),
      ctx,
      { limit: COMMENT_BUDGET, marker: MARKER },
    );
    expect(none).toContain('\n🔎 0 new lint findings (1 already on main; see the job summary)\n');
  });

  it('escapes what comes from the pull request', () => {
    const evil =
      '<img src=x onerror=alert(1)> ![p](https://evil.example/p.png) @octocat [x](https://evil.example)';
    const r = report([
      fileReport({
        path: 'servers/<b>x</b>.mcpdesc.yaml',
        changes: [
          change('breaking', 3, {
            message: `tool \`${evil}\` removed`,
            subject: { kind: 'tool', key: evil },
          }),
        ],
        findings: [finding('warning', 4, { message: evil, code: '<i>rule</i>' })],
      }),
    ]);
    const body = renderReport(r, ctx, { limit: COMMENT_BUDGET, marker: MARKER });
    expect(body).not.toContain('<img');
    expect(body).not.toContain('<b>x');
    expect(body).not.toContain('<i>rule');
    expect(body).not.toContain('![p]');
    expect(body).not.toContain('](https://evil');
    expect(body).not.toMatch(/@octocat/);
    expect(body).toContain('servers/%3Cb%3Ex%3C/b%3E.mcpdesc.yaml#L3');
  });

  it('says when nothing is left to report', () => {
    const body = renderNothingLeft(report([]), { ...ctx, verdict: { failed: false } }, MARKER);
    expect(body).toBe(
      `${MARKER}\n### MCP description check\n\n✅ No MCP description file changed in this pull request.\n\n<sub>mcpdesc-toolkit 1.0.0 · base <code>bbbbbbb</code> (<code>main</code>) → head <code>hhhhhhh</code> · [workflow run](https://github.com/octo/servers/actions/runs/1)</sub>\n`,
    );
  });

  it('keeps the workflow name from closing the marker', () => {
    expect(commentMarker('CI --> <b>')).toBe('<!-- mcpdesc-toolkit:CI - b -->');
    expect(commentMarker('')).toBe('<!-- mcpdesc-toolkit:default -->');
  });
});

const BOT = { login: 'github-actions[bot]', type: 'Bot' };

class FakeApi {
  calls: string[] = [];
  constructor(
    public comments: IssueComment[],
    private readonly failWrites?: GitHubApiError,
    /** What GET /user answers: a login, or undefined for an installation token's 403. */
    private readonly login?: string,
  ) {}
  async tokenLogin(): Promise<string | undefined> {
    this.calls.push('user');
    return this.login;
  }
  async listComments(): Promise<IssueComment[]> {
    this.calls.push('list');
    return this.comments;
  }
  async createComment(_issue: number, body: string): Promise<IssueComment> {
    this.calls.push('create');
    if (this.failWrites) throw this.failWrites;
    const comment = { id: 99, body, user: this.login ? { login: this.login, type: 'User' } : BOT };
    this.comments.push(comment);
    return comment;
  }
  async updateComment(id: number, body: string): Promise<IssueComment> {
    this.calls.push(`update ${id}`);
    if (this.failWrites) throw this.failWrites;
    const comment = this.comments.find((c) => c.id === id)!;
    comment.body = body;
    return comment;
  }
}

describe('upsertComment', () => {
  it('creates when absent, updates in place when present, skips identical bodies', async () => {
    const api = new FakeApi([{ id: 1, body: 'hi' }]);
    expect(await upsertComment(api, 7, MARKER, `${MARKER}\nv1`, 'empty')).toEqual({
      action: 'created',
      id: 99,
    });
    expect(await upsertComment(api, 7, MARKER, `${MARKER}\nv2`, 'empty')).toEqual({
      action: 'updated',
      id: 99,
    });
    expect(await upsertComment(api, 7, MARKER, `${MARKER}\nv2`, 'empty')).toEqual({
      action: 'unchanged',
      id: 99,
    });
    // The token's identity is asked only once a comment carries the marker.
    expect(api.calls).toEqual(['list', 'create', 'list', 'user', 'update 99', 'list', 'user']);
  });

  it('creates nothing when there is nothing to report, but updates an existing comment', async () => {
    const none = new FakeApi([]);
    expect(await upsertComment(none, 7, MARKER, undefined, `${MARKER}\nempty`)).toEqual({ action: 'none' });
    expect(none.calls).toEqual(['list']);
    const existing = new FakeApi([{ id: 3, body: `${MARKER}\nold`, user: BOT }]);
    expect(await upsertComment(existing, 7, MARKER, undefined, `${MARKER}\nempty`)).toEqual({
      action: 'updated',
      id: 3,
    });
    expect(existing.comments[0]!.body).toBe(`${MARKER}\nempty`);
  });

  it('turns a 403 on write into a read-only outcome', async () => {
    const error = new GitHubApiError(403, 'forbidden', 'POST x returned 403');
    const api = new FakeApi([], error);
    expect(await upsertComment(api, 7, MARKER, `${MARKER}\nv1`, 'e')).toEqual({ action: 'read-only', error });
  });

  it.each([
    { name: 'a user comment with the marker, GITHUB_TOKEN', login: undefined, author: undefined, adopt: 2 },
    { name: 'a personal token: its own login only', login: 'octocat', author: undefined, adopt: 4 },
    {
      name: "a GitHub App's token named by comment-author",
      login: undefined,
      author: 'my-app[bot]',
      adopt: 5,
    },
    { name: 'logins compare case-insensitively', login: 'OctoCat', author: undefined, adopt: 4 },
    {
      name: 'no comment of this identity: none adopted',
      login: 'nobody',
      author: undefined,
      adopt: undefined,
    },
  ])('adopts only a marked comment its own identity wrote: $name', async ({ login, author, adopt }) => {
    const comments: IssueComment[] = [
      { id: 1, body: `${MARKER}\nplanted`, user: { login: 'mallory', type: 'User' } },
      { id: 2, body: `${MARKER}\nreal`, user: BOT },
      { id: 3, body: `quoted ${MARKER}`, user: BOT },
      { id: 4, body: `${MARKER}\npat`, user: { login: 'octocat', type: 'User' } },
      { id: 5, body: `${MARKER}\napp`, user: { login: 'my-app[bot]', type: 'Bot' } },
    ];
    const api = new FakeApi(comments, undefined, login);
    const outcome = await upsertComment(api, 7, MARKER, `${MARKER}\nnew`, 'e', author);
    if (adopt === undefined) {
      expect(outcome).toEqual({ action: 'created', id: 99 });
      expect(comments.find((c) => c.id === 1)!.body).toBe(`${MARKER}\nplanted`);
    } else {
      expect(outcome).toEqual({ action: 'updated', id: adopt });
      expect(comments.find((c) => c.id === adopt)!.body).toBe(`${MARKER}\nnew`);
    }
    // Never the planted comment, and the identity is asked only when no author is given.
    expect(comments.find((c) => c.id === 1)!.body).toBe(`${MARKER}\nplanted`);
    expect(api.calls.includes('user')).toBe(author === undefined);
  });

  it('a planted comment alone is never adopted: the report goes into a comment of its own', async () => {
    const planted = { id: 1, body: `${MARKER}\nplanted`, user: { login: 'mallory', type: 'User' } };
    const api = new FakeApi([planted]);
    expect(await upsertComment(api, 7, MARKER, `${MARKER}\nreport`, 'e')).toEqual({
      action: 'created',
      id: 99,
    });
    expect(planted.body).toBe(`${MARKER}\nplanted`);
    expect(findOwnComment([planted], MARKER, 'github-actions[bot]')).toBeUndefined();
  });
});
