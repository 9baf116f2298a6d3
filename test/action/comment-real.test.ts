/**
 * The pull request comment for real documents, through the real engines: grouped changes, new
 * lint findings only, and a size that fits one comment a reviewer reads (COMMENT_BUDGET) for every
 * real release pair.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMENT_BUDGET, commentMarker, type RenderContext, renderReport } from '../../src/action/comment.js';
import { realEngines } from '../../src/action/engines.js';
import { analyse, type Report } from '../../src/action/report.js';
import { missing } from '../support/skips.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/action');
const CORPORA = join(import.meta.dirname, '../../../shared/corpora');
const BASE = 'b'.repeat(40);
const HEAD = 'c'.repeat(40);

const ctx: RenderContext = {
  serverUrl: 'https://github.com',
  repository: 'octo/servers',
  runUrl: 'https://github.com/octo/servers/actions/runs/1',
  version: '1.0.0',
  lint: true,
  verdict: { failed: false },
};

async function analysePair(base: string, head: string, path = 'server.mcpdesc.json'): Promise<Report> {
  const engines = await realEngines({ lint: true, config: '', workspace: FIXTURES });
  return analyse({
    files: [{ status: 'modified', path, basePath: path }],
    baseSha: BASE,
    headSha: HEAD,
    baseRef: 'main',
    read: async (rev) => Buffer.from(rev === BASE ? base : head),
    engines,
  });
}

function comment(report: Report): string {
  return renderReport(report, ctx, { limit: COMMENT_BUDGET, marker: commentMarker('CI') });
}

/** The comment without its word diffs: document prose there may hold backquotes of its own. */
function ownText(body: string): string {
  return body.replace(/<br>(?:(?!<br>)[^\n])*<(?:ins|del)>(?:(?!<br>)[^\n])*/g, '<br>');
}

function expectRendersAsWritten(body: string): void {
  // no JSON escapes shown literally (a Markdown escape before a letter or quote shows as written)
  expect(body).not.toMatch(/\\n(?![a-z_])/);
  expect(body).not.toContain('\\"');
  expect(body).not.toContain('\\&quot;');
  // no literal backquotes in our own text: names and values are <code>
  expect(ownText(body)).not.toContain('`');
  // every table row keeps its cells: two (changes) or three (lint findings), no stray pipe
  for (const row of body.split('\n').filter((line) => line.startsWith('| '))) {
    expect([3, 4], row).toContain(row.replace(/\\\|/g, '').split('|').length - 1);
  }
}

describe('the comment for a synthetic pull request (one change on five tools, an old and a new finding)', () => {
  const read = (name: string) => readFileSync(join(FIXTURES, 'grouped', name), 'utf8');

  it('lists only the new finding, groups the change into one row naming the five tools, renders as written', async () => {
    const r = await analysePair(read('base.mcpdesc.json'), read('head.mcpdesc.json'));
    const body = comment(r);
    expect(body.length).toBeLessThanOrEqual(COMMENT_BUDGET);
    expect(body).not.toContain('Shortened');

    // lint: the old finding (tool `legacy`, moved from the last place to the first) is counted, not listed
    expect(r.files[0]!.findings.map((f) => f.message)).toHaveLength(2);
    expect(body).toContain('1 new lint finding (1 already on main; see the job summary)');
    expect(body).toContain('Tool <code>search\\_users</code>\\: description is missing');
    expect(body).not.toContain('<code>legacy</code>');

    // the change on five tools: one row naming all five
    const rows = body.split('\n').filter((line) => line.includes('New optional parameter'));
    expect(rows).toHaveLength(2); // `limit` on five tools, `sort` on one
    const limit = rows.find((row) => row.includes('<code>limit</code>'))!;
    for (const tool of ['issues', 'pulls', 'commits', 'code', 'users'])
      expect(limit).toContain(`<code>search\\_${tool}</code>`);

    // the description edit: a word diff with its newline and quotes decoded
    expect(body).toContain(
      'Searches the issues index. <ins>Say &quot;closed&quot; to include closed issues.</ins>',
    );
    // the version verdict up front
    expect(body.split('\n')[3]).toContain(
      '✅ version <code>1.3.0</code> (additions need <code>1.3.0</code>)',
    );
    expectRendersAsWritten(body);
  });

  it('the job summary keeps every finding, the new one marked', async () => {
    const r = await analysePair(read('base.mcpdesc.json'), read('head.mcpdesc.json'));
    const summary = renderReport(r, ctx, { limit: 1024 * 1024, summary: true });
    expect(summary).toContain('🔎 2 lint findings (2 warnings): 1 new, 1 already on main');
    expect(summary).toContain('<code>legacy</code>');
    expect(summary.match(/🆕 new/g)).toHaveLength(1);
  });

  it('names a version that falls short in the headline', async () => {
    const head = read('head.mcpdesc.json').replace('"version": "1.3.0"', '"version": "1.2.1"');
    const body = comment(await analysePair(read('base.mcpdesc.json'), head));
    expect(body.split('\n')[3]).toContain('❌ PR sets <code>1.2.1</code>; additions need <code>1.3.0</code>');
  });
});

describe('the comment for github-mcp-server v1.0.0 → v1.5.0 (committed fixture)', () => {
  const dir = join(FIXTURES, 'github-mcp-server');
  it('fits the budget without cutting anything, leads with the version verdict, renders as written', async () => {
    const r = await analysePair(
      readFileSync(join(dir, 'v1.0.0.mcpdesc.json'), 'utf8'),
      readFileSync(join(dir, 'v1.5.0.mcpdesc.json'), 'utf8'),
    );
    const body = comment(r);
    expect(body.length).toBeLessThanOrEqual(COMMENT_BUDGET);
    expect(body).not.toContain('Shortened');
    expect(body).not.toContain('… and');
    expect(body.split('\n')[3]).toContain(
      '❌ PR sets <code>1.5.0</code>; breaking changes need <code>2.0.0</code>',
    );
    // ten new tools: one row
    const added = body.split('\n').filter((line) => line.includes('<sub>tool-added</sub>'));
    expect(added).toHaveLength(1);
    expect(added[0]!.match(/<code>/g)).toHaveLength(10);
    // every change is in a row (grouped), most severe first
    const icons = body.match(/\| (❌|⚠️|ℹ️) /g)!.map((m) => m.slice(2, -1));
    expect(icons.slice(0, 2)).toEqual(['❌', '⚠️']);
    expectRendersAsWritten(body);
  });
});

const noCorpora = missing(CORPORA, 'test/action/comment-real.test.ts "every real release pair"');

describe.skipIf(noCorpora)('every real release pair in ../shared/corpora', () => {
  const series = noCorpora
    ? []
    : ['github-mcp-server', 'sentry-mcp'].flatMap((name) => {
        const files = readdirSync(join(CORPORA, name))
          .filter((f) => f.endsWith('.mcpdesc.json'))
          .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
        return files.slice(1).map((head, i) => [name, files[i] as string, head] as const);
      });
  it.each(series)(
    '%s %s → %s fits in one comment',
    async (name, base, head) => {
      const read = (file: string) => readFileSync(join(CORPORA, name, file), 'utf8');
      const body = comment(await analysePair(read(base), read(head)));
      expect(body.length).toBeLessThanOrEqual(COMMENT_BUDGET);
      expectRendersAsWritten(body);
    },
    60_000,
  );
});
