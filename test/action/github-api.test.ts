import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitHubApi, GitHubApiError, nextLink } from '../../src/action/github-api.js';
import { FakeGitHub, TOKEN } from './support.js';

let api: FakeGitHub;
beforeEach(async () => {
  api = new FakeGitHub();
  await api.start();
});
afterEach(async () => {
  await api.close();
});

function client(token = TOKEN): GitHubApi {
  return new GitHubApi({ token, apiUrl: api.url, owner: 'octo', repo: 'servers' });
}

describe('GitHubApi', () => {
  it('lists every comment across pages, then creates and updates', async () => {
    api.seedForeign(250);
    const comments = await client().listComments(7);
    expect(comments).toHaveLength(250);
    expect(api.requests.map((r) => r.url)).toEqual([
      '/repos/octo/servers/issues/7/comments?per_page=100',
      '/repos/octo/servers/issues/7/comments?per_page=100&page=2',
      '/repos/octo/servers/issues/7/comments?per_page=100&page=3',
    ]);
    const created = await client().createComment(7, 'hello');
    const updated = await client().updateComment(created.id, 'bye');
    expect(updated.body).toBe('bye');
    expect(api.requests.slice(3).map((r) => [r.method, r.url, r.body])).toEqual([
      ['POST', '/repos/octo/servers/issues/7/comments', { body: 'hello' }],
      ['PATCH', `/repos/octo/servers/issues/comments/${created.id}`, { body: 'bye' }],
    ]);
  });

  it("names the token's login, or nothing for an installation token (403 on GET /user)", async () => {
    expect(await client().tokenLogin()).toBeUndefined();
    api.tokenLogin = 'octocat';
    expect(await client().tokenLogin()).toBe('octocat');
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /user', 'GET /user']);
  });

  it('reports 403 and 401 as read-only errors', async () => {
    api.forbidWrites = true;
    const error = await client()
      .createComment(7, 'x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitHubApiError);
    expect((error as GitHubApiError).readOnly).toBe(true);
    expect((error as GitHubApiError).message).toBe(
      'POST /repos/octo/servers/issues/7/comments returned 403: Resource not accessible by integration',
    );
    const bad = await client('wrong')
      .listComments(7)
      .catch((e: unknown) => e);
    expect((bad as GitHubApiError).kind).toBe('unauthorized');
  });

  it('never follows a next link to another origin with the token', async () => {
    const fetchImpl = (async () =>
      new Response('[]', {
        status: 200,
        headers: { link: '<https://evil.example/steal?page=2>; rel="next"' },
      })) as typeof fetch;
    const c = new GitHubApi({
      token: TOKEN,
      apiUrl: 'https://api.github.com',
      owner: 'o',
      repo: 'r',
      fetch: fetchImpl,
    });
    await expect(c.listComments(1)).rejects.toThrow('Refusing to send the token to https://evil.example');
  });

  it('parses Link headers', () => {
    expect(nextLink('<https://a/x?page=2>; rel="next", <https://a/x?page=9>; rel="last"')).toBe(
      'https://a/x?page=2',
    );
    expect(nextLink('<https://a/x?page=1>; rel="prev"')).toBeUndefined();
    expect(nextLink(null)).toBeUndefined();
  });
});
