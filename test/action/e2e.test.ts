/**
 * End-to-end: the committed bundle (dist-action/index.mjs) run with node in a real temporary git
 * repository (main + a feature branch), against a fake GitHub REST API on 127.0.0.1.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { runCli } from '../support/cli.js';
import { sarifSchemaErrors } from '../support/sarif-schema.js';
import { BUNDLE, FakeGitHub, fixture, pullRequestEvent, runAction, TempRepo, TOKEN } from './support.js';

const FILE = 'servers/weather.mcpdesc.yaml';
const MARKER = '<!-- mcpdesc-toolkit:MCP descriptions -->';
const LIST = '/repos/octo/servers/issues/7/comments?per_page=100';

let repo: TempRepo;
let api: FakeGitHub;

beforeEach(async () => {
  repo = new TempRepo();
  api = new FakeGitHub();
  await api.start();
});

afterEach(async () => {
  await api.close();
  repo.cleanup();
});

/** main: weather v1; feature: weather v2 (a tool removed, a required property added, a tool added). */
function breakingPr(): { baseSha: string; headSha: string } {
  repo.write(FILE, fixture('weather-v1.mcpdesc.yaml'));
  repo.write('README.md', '# servers\n');
  const baseSha = repo.commit('weather v1');
  repo.git('checkout', '-q', '-b', 'feature');
  repo.write(FILE, fixture('weather-v2.mcpdesc.yaml'));
  const headSha = repo.commit('weather v2');
  return { baseSha, headSha };
}

function event(baseSha: string, headSha: string, headRepo?: string | null) {
  return pullRequestEvent(
    { number: 7, baseRef: 'main', baseSha, headSha, ...(headRepo === undefined ? {} : { headRepo }) },
    'octo/servers',
  );
}

describe('the Action bundle, end to end', { timeout: 120_000 }, () => {
  it('is committed', () => {
    expect(existsSync(BUNDLE)).toBe(true);
  });

  it('first run on a breaking PR creates one comment, writes summary, outputs, annotations, and fails', async () => {
    const { baseSha, headSha } = breakingPr();
    const run = await runAction({ repo, api, event: event(baseSha, headSha) });

    expect(run.code).toBe(1);
    // exactly: list our PR's comments, then create one — nothing else is called
    expect(run.stderr).toBe('');
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${LIST}`,
      'POST /repos/octo/servers/issues/7/comments',
    ]);
    expect(api.requests.every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
    expect(api.comments).toHaveLength(1);
    const body = api.comments[0]!.body;
    expect(body.startsWith(`${MARKER}\n### MCP description check\n`)).toBe(true);
    expect(body).toContain('❌ **2 breaking changes** in 1 description file');
    expect(body).toContain('❌ PR sets <code>1.3.0</code>; breaking changes need <code>2.0.0</code>');
    // a link to the line in the head commit, for the removed tool anchored at its surviving parent
    expect(body).toContain(
      `(https://github.com/octo/servers/blob/${headSha}/servers/weather.mcpdesc.yaml#L9) (removed here)`,
    );
    expect(body).toContain(
      `(https://github.com/octo/servers/blob/${headSha}/servers/weather.mcpdesc.yaml#L24)`,
    );
    expect(body).toContain(
      '\\\n3 info changes · 1 new lint finding (1 already on main; see the job summary)',
    );
    expect(body).toContain('<details><summary>🔎 1 new lint finding (1 info)</summary>');
    expect(body).toContain('<details><summary>📝 Changelog</summary>');
    expect(body).toContain('[workflow run](https://github.com/octo/servers/actions/runs/4242)');

    // the job summary has the same verdict, and every lint finding with the new one marked
    expect(run.summary.startsWith(body.slice(MARKER.length + 1).split('\n\n> [!CAUTION]')[0]!)).toBe(true);
    expect(run.summary).toContain('🔎 2 lint findings (2 info): 1 new, 1 already on main');
    expect(run.summary.match(/🆕 new/g)).toHaveLength(1);

    expect(run.outputs['breaking-count']).toBe('2');
    expect(run.outputs['warning-count']).toBe('0');
    expect(JSON.parse(run.outputs['changed-files']!)).toEqual([FILE]);
    expect(run.outputs['report-path']).toMatch(/mcpdesc-report-4242\.json$/);
    const report = run.report as { counts: { breaking: number }; files: { path: string; status: string }[] };
    expect(report.counts.breaking).toBe(2);
    expect(report.files.map((f) => [f.path, f.status])).toEqual([[FILE, 'modified']]);

    // annotations: breaking first, on head lines, then lint warnings (the default rules have none
    // for this file: its findings are info); the failure last
    const heads = run.annotations.map((line) => line.slice(0, line.indexOf('::', 2) + 2));
    expect(heads).toEqual([
      `::error title=mcpdesc%3A breaking change (tool-removed),file=${FILE},line=9,col=1::`,
      `::error title=mcpdesc%3A breaking change (input-schema-narrowed),file=${FILE},line=24,col=11::`,
      '::error::',
    ]);
    expect(run.annotations[0]).toBe(
      `::error title=mcpdesc%3A breaking change (tool-removed),file=${FILE},line=9,col=1::tool \`get_alerts\` removed [2025-11-25] (removed; shown at the nearest part that remains)`,
    );
    expect(run.annotations.at(-1)).toBe('::error::mcpdesc: fail-on: breaking — 2 breaking changes');
    // the token only ever appears in the mask command
    expect(run.stdout.split('\n').filter((l) => l.includes(TOKEN))).toEqual([`::add-mask::${TOKEN}`]);
  });

  it('a new push updates the same comment in place; a push that undoes the change says so', async () => {
    const { baseSha, headSha } = breakingPr();
    await runAction({ repo, api, event: event(baseSha, headSha) });
    const id = api.comments[0]!.id;
    api.requests.length = 0;

    // second push: the removed tool comes back, the new required property stays
    repo.write(FILE, fixture('weather-v3.mcpdesc.yaml'));
    const head2 = repo.commit('weather v3');
    const second = await runAction({ repo, api, event: event(baseSha, head2) });
    expect(second.code).toBe(1);
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${LIST}`,
      'GET /user',
      `PATCH /repos/octo/servers/issues/comments/${id}`,
    ]);
    expect(api.comments).toHaveLength(1);
    expect(api.comments[0]!.body).toContain('❌ **1 breaking change**');
    expect(api.comments[0]!.body).toContain(`/blob/${head2}/`);
    expect(api.comments[0]!.body).not.toContain('<code>get\\_alerts</code> removed');
    expect(second.outputs['breaking-count']).toBe('1');

    // third push: back to the base version — nothing left to report; the comment is updated to say so
    api.requests.length = 0;
    repo.write(FILE, fixture('weather-v1.mcpdesc.yaml'));
    const head3 = repo.commit('revert');
    const third = await runAction({ repo, api, event: event(baseSha, head3) });
    expect(third.code).toBe(0);
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${LIST}`,
      'GET /user',
      `PATCH /repos/octo/servers/issues/comments/${id}`,
    ]);
    expect(api.comments).toHaveLength(1);
    expect(api.comments[0]!.body).toContain(
      `${MARKER}\n### MCP description check\n\n✅ No MCP description file changed`,
    );
    expect(third.annotations).toEqual([]);
    expect(third.outputs['changed-files']).toBe('[]');
  });

  it('a clean PR creates no comment and passes', async () => {
    repo.write(FILE, fixture('weather-v1.mcpdesc.yaml'));
    repo.write('README.md', '# servers\n');
    const baseSha = repo.commit('weather v1');
    repo.git('checkout', '-q', '-b', 'feature');
    repo.write('README.md', '# servers\n\nNow with docs.\n');
    const headSha = repo.commit('docs only');

    const run = await runAction({ repo, api, event: event(baseSha, headSha) });
    expect(run.code).toBe(0);
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${LIST}`]);
    expect(api.comments).toHaveLength(0);
    expect(run.outputs).toMatchObject({ 'breaking-count': '0', 'warning-count': '0', 'changed-files': '[]' });
    expect(run.summary).toContain('✅ No MCP description file changed in this pull request.');
    expect(run.annotations).toEqual([]);
    expect(run.stdout).toContain('Nothing to report: no comment.');
  });

  it('on a fork (403 on write) falls back to the summary with a notice instead of failing', async () => {
    const { baseSha, headSha } = breakingPr();
    api.forbidWrites = true;
    const run = await runAction({
      repo,
      api,
      event: event(baseSha, headSha, 'someone/servers'),
      inputs: { 'fail-on': 'none' },
    });
    expect(run.code).toBe(0);
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${LIST}`,
      'POST /repos/octo/servers/issues/7/comments',
    ]);
    expect(api.comments).toHaveLength(0);
    expect(run.annotations).toContain(
      '::notice title=mcpdesc%3A report in the job summary::Could not write the pull request comment (POST /repos/octo/servers/issues/7/comments returned 403: Resource not accessible by integration). The token is read-only here — as on a pull request from a fork — so the report is in the job summary.',
    );
    expect(run.summary).toContain('❌ **2 breaking changes** in 1 description file');
    expect(run.outputs['breaking-count']).toBe('2');
    expect(run.annotations.some((l) => l.startsWith('::error::'))).toBe(false);
  });

  it('never adopts a comment someone else wrote with its marker; a personal token adopts its own', async () => {
    const { baseSha, headSha } = breakingPr();
    // Posted before the first run by a participant, to have the report appear under their name.
    api.comments.push({
      id: 3,
      body: `${MARKER}\nplanted`,
      user: { login: 'mallory', type: 'User' },
      html_url: 'https://github.com/octo/servers/pull/7#issuecomment-3',
    });
    const run = await runAction({ repo, api, event: event(baseSha, headSha) });
    expect(run.code).toBe(1);
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${LIST}`,
      'GET /user',
      'POST /repos/octo/servers/issues/7/comments',
    ]);
    expect(api.comments.find((c) => c.id === 3)!.body).toBe(`${MARKER}\nplanted`);
    expect(api.comments.at(-1)!.body).toContain('❌ **2 breaking changes**');

    // A personal access token acts as its owner: GET /user names it, and its comment is updated.
    api.comments.length = 0;
    api.requests.length = 0;
    api.tokenLogin = 'octocat';
    api.comments.push(
      {
        id: 4,
        body: `${MARKER}\nmallory's`,
        user: { login: 'mallory', type: 'User' },
        html_url: 'https://github.com/octo/servers/pull/7#issuecomment-4',
      },
      {
        id: 5,
        body: `${MARKER}\nold report`,
        user: { login: 'octocat', type: 'User' },
        html_url: 'https://github.com/octo/servers/pull/7#issuecomment-5',
      },
    );
    await runAction({ repo, api, event: event(baseSha, headSha) });
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${LIST}`,
      'GET /user',
      'PATCH /repos/octo/servers/issues/comments/5',
    ]);
    expect(api.comments.find((c) => c.id === 4)!.body).toBe(`${MARKER}\nmallory's`);
  });

  it('finds its comment past the first 100 (pagination) and ignores look-alikes by other workflows', async () => {
    const { baseSha, headSha } = breakingPr();
    api.seedForeign(120);
    api.comments.push({
      id: 5,
      body: '<!-- mcpdesc-toolkit:Other workflow -->\nnot ours',
      user: { login: 'github-actions[bot]', type: 'Bot' },
      html_url: 'https://github.com/octo/servers/pull/7#issuecomment-5',
    });
    api.comments.push({
      id: 6,
      body: `${MARKER}\nold report`,
      user: { login: 'github-actions[bot]', type: 'Bot' },
      html_url: 'https://github.com/octo/servers/pull/7#issuecomment-6',
    });
    api.seedForeign(30);
    const run = await runAction({ repo, api, event: event(baseSha, headSha) });
    expect(run.code).toBe(1);
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${LIST}`,
      'GET /repos/octo/servers/issues/7/comments?per_page=100&page=2',
      'GET /user',
      'PATCH /repos/octo/servers/issues/comments/6',
    ]);
    expect(api.comments.find((c) => c.id === 6)!.body).toContain('❌ **2 breaking changes**');
    expect(api.comments.find((c) => c.id === 5)!.body).toBe(
      '<!-- mcpdesc-toolkit:Other workflow -->\nnot ours',
    );
  });

  it('reports renamed, removed and added files; a removed description is breaking', async () => {
    const v1 = fixture('weather-v1.mcpdesc.yaml');
    repo.write('a.mcpdesc.yaml', v1);
    repo.write('b.mcpdesc.json', `${JSON.stringify(parse(v1), null, 2)}\n`);
    repo.write('notes.yaml', 'not: a description\n');
    const baseSha = repo.commit('three files');
    repo.git('checkout', '-q', '-b', 'feature');
    repo.git('rm', '-q', 'b.mcpdesc.json');
    repo.write('sub/.keep', '');
    repo.git('mv', 'a.mcpdesc.yaml', 'sub/a.mcpdesc.yaml');
    const doc = parse(v1) as { info: { name: string } };
    doc.info.name = 'other';
    repo.write('d.mcpdesc.yml', stringify(doc));
    repo.write('notes.yaml', 'not: changed\n');
    const headSha = repo.commit('rename, remove, add');

    const run = await runAction({ repo, api, event: event(baseSha, headSha), inputs: { lint: 'false' } });
    expect(run.code).toBe(1);
    expect(JSON.parse(run.outputs['changed-files']!)).toEqual([
      'b.mcpdesc.json',
      'd.mcpdesc.yml',
      'sub/a.mcpdesc.yaml',
    ]);
    const report = run.report as { files: { path: string; status: string; basePath?: string }[] };
    expect(report.files.map((f) => [f.status, f.path, f.basePath])).toEqual([
      ['removed', 'b.mcpdesc.json', undefined],
      ['added', 'd.mcpdesc.yml', undefined],
      ['renamed', 'sub/a.mcpdesc.yaml', 'a.mcpdesc.yaml'],
    ]);
    expect(run.outputs['breaking-count']).toBe('1');
    // a removed file has no head line: the annotation is on the run
    expect(run.annotations).toEqual([
      '::error title=mcpdesc%3A breaking change (description-removed)::The description file b.mcpdesc.json was removed',
      '::error::mcpdesc: fail-on: breaking — 1 breaking change',
    ]);
    const body = api.comments[0]!.body;
    expect(body).toContain(`(https://github.com/octo/servers/blob/${baseSha}/b.mcpdesc.json#L1) (removed)`);
    expect(body).toContain(
      '<code>a.mcpdesc.yaml</code> → <code>sub/a.mcpdesc.yaml</code> | renamed | 0 | 0 | 0 |',
    );
    expect(body).toContain('| **removed** | 1 | 0 | 0 |');
  });

  it('writes SARIF when asked and stays quiet about unrelated files', async () => {
    const { baseSha, headSha } = breakingPr();
    const run = await runAction({
      repo,
      api,
      event: event(baseSha, headSha),
      inputs: { 'sarif-file': 'out/mcpdesc.sarif', comment: 'false' },
    });
    expect(run.code).toBe(1);
    expect(api.requests).toEqual([]);
    const { readFileSync } = await import('node:fs');
    const sarif = JSON.parse(readFileSync(`${repo.dir}/out/mcpdesc.sarif`, 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    expect(sarifSchemaErrors(sarif)).toEqual([]);
    type Result = { ruleId: string; level: string; partialFingerprints: Record<string, string> };
    const results = sarif.runs[0].results as Result[];
    expect(results.filter((r) => r.level === 'error').map((r) => r.ruleId)).toEqual([
      'tool-removed',
      'input-schema-narrowed',
    ]);
    // One writer: the CLI gives a lint finding the same tool, rule and fingerprint, and a change
    // the same rule and fingerprint as `mcpdesc diff -f sarif`.
    const cliLint = JSON.parse(runCli(['lint', FILE, '-f', 'sarif'], { cwd: repo.dir }).stdout);
    const cliDiff = JSON.parse(
      runCli(['diff', `${baseSha}:${FILE}`, FILE, '-f', 'sarif'], { cwd: repo.dir }).stdout,
    );
    expect(sarif.runs[0].tool.driver.name).toBe(cliLint.runs[0].tool.driver.name);
    const pick = (log: { runs: { results: Result[] }[] }, ruleId: string) =>
      log.runs[0]!.results.filter((r) => r.ruleId === ruleId).map((r) => r.partialFingerprints);
    expect(pick(cliLint, 'write-tool-hints')).toHaveLength(2);
    expect(pick(sarif, 'write-tool-hints')).toEqual(pick(cliLint, 'write-tool-hints'));
    expect(pick(sarif, 'input-schema-narrowed')).toEqual(pick(cliDiff, 'input-schema-narrowed'));
  });
});

describe('untrusted description content', { timeout: 120_000 }, () => {
  it('is escaped in the comment: no HTML, mention, link or image from a description', async () => {
    repo.write(FILE, fixture('injection-base.mcpdesc.yaml'));
    const baseSha = repo.commit('base with an injection tool');
    repo.git('checkout', '-q', '-b', 'feature');
    repo.write(FILE, fixture('injection-head.mcpdesc.yaml'));
    const headSha = repo.commit('remove it; inject in a description');
    const run = await runAction({ repo, api, event: event(baseSha, headSha), inputs: { 'fail-on': 'none' } });
    expect(run.code).toBe(0);
    const body = api.comments[0]!.body;
    // the attempts are there, as text
    expect(body).toContain('evil &lt;img src=x onerror=alert\\(1\\)&gt; @&#8203;octocat');
    // and nothing of them is live
    for (const live of [
      '<img',
      '<script',
      '<a href',
      '<details open',
      '![p]',
      '![x]',
      '![track]',
      '](https://evil',
      '@octocat',
      '@admin',
      '@security-team',
      'https://evil',
      'www.evil',
    ]) {
      expect(body, live).not.toContain(live);
    }
    expect(body).not.toMatch(/(?<!&)#\d/);
    // every <details> and <code> we open is closed: the structure is ours alone
    expect(body.split('<details>').length).toBe(body.split('</details>').length);
    expect(body.split('<code>').length).toBe(body.split('</code>').length);
    // table rows stay rows (no unescaped pipe splits a cell)
    for (const row of body.split('\n').filter((l) => l.startsWith('| [<code>'))) {
      // 2 columns (changes) or 3 (lint findings)
      expect([4, 5]).toContain(row.replace(/\\\|/g, '').split('|').length);
    }
    // annotations are single workflow-command lines
    expect(
      run.stdout.split('\n').filter((l) => l.startsWith('::error') && l.includes('evil')).length,
    ).toBeGreaterThan(0);
  });
});

describe('a per-directory config: the bundle reports what the CLI reports', { timeout: 120_000 }, () => {
  /** A description whose one tool says `description`. */
  const doc = (description: string) => `mcpdesc: 0.8.0
info: { name: users, version: 1.0.0 }
protocolVersions: ['2025-11-25']
tools:
  - name: get_user
    description: ${description}
    inputSchema:
      type: object
      properties:
        id: { type: integer, description: The numeric id of the user }
`;
  const LONG = 'Returns the user record with the given numeric id, or an error when there is no such user.';
  const SHORT = 'Returns the user with the given id.';
  const API = 'api/users.mcpdesc.yaml';
  const ROOT_FILE = 'users.mcpdesc.yaml';

  type Row = { rule: string; severity: string; line: number; column: number; message: string };
  type Finding = {
    code: string;
    severity: string;
    message: string;
    location: { line: number; column: number };
  };
  const row = (f: Finding): Row => ({
    rule: f.code,
    severity: f.severity,
    line: f.location.line,
    column: f.location.column,
    message: f.message,
  });
  type SarifResult = {
    ruleId: string;
    level: string;
    message: { text: string };
    partialFingerprints: Record<string, string>;
    baselineState?: string;
    locations: { physicalLocation: { artifactLocation: { uri: string }; region?: unknown } }[];
  };
  type SarifLog = { runs: { tool: { driver: { name: string } }; results: SarifResult[] }[] };
  /** What code scanning identifies an alert by, and where it shows it. */
  const sarifRow = (r: SarifResult) => ({
    ruleId: r.ruleId,
    level: r.level,
    message: r.message.text,
    partialFingerprints: r.partialFingerprints,
    uri: r.locations[0]!.physicalLocation.artifactLocation.uri,
    region: r.locations[0]!.physicalLocation.region,
  });
  const resultsFor = (log: SarifLog, uri: string) =>
    log.runs[0]!.results.filter((r) => r.locations[0]!.physicalLocation.artifactLocation.uri === uri);

  it('each changed file is linted with the config of its directory, with the same findings and SARIF results', async () => {
    // The root config asks for 10 characters (a warning); api/ asks for 60 (an error).
    repo.write('.mcpdesc.yaml', 'rules:\n  tool-description: { severity: warning, options: { min: 10 } }\n');
    repo.write(
      'api/.mcpdesc.yaml',
      'rules:\n  tool-description: { severity: error, options: { min: 60 } }\n  write-tool-hints: off\n',
    );
    repo.write(API, doc(LONG));
    repo.write(ROOT_FILE, doc(LONG));
    const baseSha = repo.commit('users v1');
    repo.git('checkout', '-q', '-b', 'feature');
    repo.write(API, doc(SHORT));
    repo.write(ROOT_FILE, doc(SHORT));
    const headSha = repo.commit('shorter tool descriptions');

    const run = await runAction({
      repo,
      api,
      event: event(baseSha, headSha),
      inputs: { 'sarif-file': 'out/mcpdesc.sarif', comment: 'false' },
    });
    expect(run.stderr).toBe('');
    // the api/ description is now too short for api/.mcpdesc.yaml: a new lint error fails the step
    expect(run.code).toBe(1);
    const report = run.report as { files: { path: string; findings: Finding[]; problems: string[] }[] };
    expect(report.files.map((f) => f.path).sort()).toEqual([API, ROOT_FILE]);
    const sarif = JSON.parse(readFileSync(join(repo.dir, 'out/mcpdesc.sarif'), 'utf8')) as SarifLog;

    for (const file of [API, ROOT_FILE]) {
      const actionFile = report.files.find((f) => f.path === file)!;
      expect(actionFile.problems).toEqual([]);
      const cli = runCli(['lint', '-f', 'json', file], { cwd: repo.dir });
      expect(cli.stderr).toBe('');
      const cliFindings = (JSON.parse(cli.stdout) as { files: { findings: Finding[] }[] }).files.flatMap(
        (f) => f.findings,
      );
      expect(actionFile.findings.map(row)).toEqual(cliFindings.map(row));

      // the lint results of the Action's SARIF (those with a baseline state; the others are changes)
      const cliSarif = JSON.parse(
        runCli(['lint', '-f', 'sarif', file], { cwd: repo.dir }).stdout,
      ) as SarifLog;
      const actionLint = resultsFor(sarif, file).filter((r) => r.baselineState !== undefined);
      expect(actionLint.map(sarifRow)).toEqual(resultsFor(cliSarif, file).map(sarifRow));
      expect(actionLint.length).toBe(actionFile.findings.length);
    }

    const apiFile = report.files.find((f) => f.path === API)!;
    const rootFile = report.files.find((f) => f.path === ROOT_FILE)!;
    // api/.mcpdesc.yaml applies in api/, the root config at the root
    expect(apiFile.findings.filter((f) => f.code === 'tool-description').map(row)).toEqual([
      expect.objectContaining({ rule: 'tool-description', severity: 'error', line: 6 }),
    ]);
    expect(rootFile.findings.some((f) => f.code === 'tool-description')).toBe(false);
    expect(run.annotations).toContainEqual(
      expect.stringMatching(
        /^::error title=[^:]*tool-description[^:]*,file=api\/users\.mcpdesc\.yaml,line=6,/,
      ),
    );

    // One finding, one alert: the same tool name, rule and fingerprints from the Action and the CLI.
    const cliSarif = JSON.parse(runCli(['lint', '-f', 'sarif', API], { cwd: repo.dir }).stdout) as SarifLog;
    const pick = (log: SarifLog) => {
      const result = resultsFor(log, API).find((r) => r.ruleId === 'tool-description')!;
      return {
        tool: log.runs[0]!.tool.driver.name,
        ruleId: result.ruleId,
        partialFingerprints: result.partialFingerprints,
      };
    };
    expect(pick(sarif)).toEqual(pick(cliSarif));
    expect(pick(sarif)).toMatchObject({ tool: 'mcpdesc', ruleId: 'tool-description' });
    expect(Object.keys(pick(sarif).partialFingerprints).length).toBeGreaterThan(0);
  });
});
