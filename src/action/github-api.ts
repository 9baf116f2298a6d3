/**
 * The only GitHub REST calls the Action makes: one pull request's issue comments (list, paginated;
 * create; update) and, when a comment carries the Action's marker, who the token belongs to. Node's fetch; the base URL is GITHUB_API_URL (GitHub Enterprise
 * Server, or the local fake server in tests). The token is sent to that origin only — a `Link: next`
 * URL pointing anywhere else is refused.
 */
import { trimOf } from '../util/trim.js';

export interface IssueComment {
  id: number;
  body: string;
  user?: { login?: string; type?: string } | null;
  html_url?: string;
}

export type ApiErrorKind = 'forbidden' | 'not-found' | 'unauthorized' | 'rate-limited' | 'other';

export class GitHubApiError extends Error {
  override name = 'GitHubApiError';
  constructor(
    readonly status: number,
    readonly kind: ApiErrorKind,
    message: string,
  ) {
    super(message);
  }
  /** The token may not write here (fork PR, read-only permissions, missing scope). */
  get readOnly(): boolean {
    return this.kind === 'forbidden' || this.kind === 'not-found' || this.kind === 'unauthorized';
  }
}

export interface GitHubApiOptions {
  token: string;
  /** e.g. https://api.github.com or https://ghe.example.com/api/v3 */
  apiUrl: string;
  owner: string;
  repo: string;
  userAgent?: string;
  fetch?: typeof fetch;
  /** Stop listing after this many pages (100 comments each). */
  maxPages?: number;
}

export class GitHubApi {
  private readonly base: URL;
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: GitHubApiOptions) {
    this.base = new URL(options.apiUrl.endsWith('/') ? options.apiUrl : `${options.apiUrl}/`);
    this.fetchImpl = options.fetch ?? fetch;
  }

  private url(path: string): URL {
    return new URL(path.replace(/^\//, ''), this.base);
  }

  private repoPath(): string {
    return `repos/${encodeURIComponent(this.options.owner)}/${encodeURIComponent(this.options.repo)}`;
  }

  private async request(method: string, url: URL, body?: unknown): Promise<Response> {
    if (url.origin !== this.base.origin) {
      throw new GitHubApiError(0, 'other', `Refusing to send the token to ${url.origin}`);
    }
    const init: RequestInit = {
      method,
      headers: {
        Accept: 'application/vnd.github+json',
        Authorization: `Bearer ${this.options.token}`,
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': this.options.userAgent ?? 'mcpdesc-toolkit-action',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }),
      },
      redirect: 'error',
      signal: AbortSignal.timeout(30_000),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
    let response = await this.fetchImpl(url, init);
    if (response.status >= 500 && method === 'GET') {
      // one retry for a transient server error on a read
      await response.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      response = await this.fetchImpl(url, init);
    }
    if (!response.ok) throw await toError(method, url, response);
    return response;
  }

  /** Every comment on the issue/PR, following `Link: rel="next"` past the 100-per-page limit. */
  async listComments(issue: number): Promise<IssueComment[]> {
    const comments: IssueComment[] = [];
    let next: URL | undefined = this.url(`${this.repoPath()}/issues/${issue}/comments`);
    next.searchParams.set('per_page', '100');
    const maxPages = this.options.maxPages ?? 100;
    for (let page = 0; next && page < maxPages; page++) {
      const response = await this.request('GET', next);
      const data = (await response.json()) as unknown;
      if (!Array.isArray(data)) throw new GitHubApiError(response.status, 'other', 'Unexpected comment list');
      comments.push(...(data as IssueComment[]));
      const link = nextLink(response.headers.get('link'));
      next = link ? new URL(link, this.base) : undefined;
    }
    return comments;
  }

  /**
   * The login the token acts as, from `GET /user`; undefined where the token may not read it. The
   * workflow's own GITHUB_TOKEN is an installation token, which gets 403 "Resource not accessible by
   * integration" there: it acts as `github-actions[bot]`, which the caller assumes.
   */
  async tokenLogin(): Promise<string | undefined> {
    try {
      const response = await this.request('GET', this.url('user'));
      const data = (await response.json()) as { login?: unknown };
      return typeof data.login === 'string' && data.login !== '' ? data.login : undefined;
    } catch (error) {
      if (error instanceof GitHubApiError && error.readOnly) return undefined;
      throw error;
    }
  }

  async createComment(issue: number, body: string): Promise<IssueComment> {
    const response = await this.request('POST', this.url(`${this.repoPath()}/issues/${issue}/comments`), {
      body,
    });
    return (await response.json()) as IssueComment;
  }

  async updateComment(id: number, body: string): Promise<IssueComment> {
    const response = await this.request('PATCH', this.url(`${this.repoPath()}/issues/comments/${id}`), {
      body,
    });
    return (await response.json()) as IssueComment;
  }
}

/**
 * The `rel="next"` target of an RFC 8288 Link header. Taken apart with indexOf and split, not
 * regular expressions: the ones this used took time squared (and cubed) on long runs of `<` or
 * spaces, and the header is the server's.
 */
export function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(',')) {
    const link = part.trim();
    const close = link.indexOf('>');
    if (!link.startsWith('<') || close === -1) continue;
    for (const parameter of link.slice(close + 1).split(';')) {
      const equals = parameter.indexOf('=');
      if (equals === -1 || parameter.slice(0, equals).trim().toLowerCase() !== 'rel') continue;
      const value = trimOf(parameter.slice(equals + 1).trim(), '"').toLowerCase();
      // rel may name several relation types, separated by spaces; they compare case-insensitively
      if (value.split(/[ \t]/).includes('next')) return link.slice(1, close);
    }
  }
  return undefined;
}

async function toError(method: string, url: URL, response: Response): Promise<GitHubApiError> {
  let detail = '';
  try {
    const data = (await response.json()) as { message?: unknown };
    if (typeof data.message === 'string') detail = data.message;
  } catch {
    // not JSON
  }
  const status = response.status;
  const rateLimited =
    status === 429 || (status === 403 && response.headers.get('x-ratelimit-remaining') === '0');
  const kind: ApiErrorKind = rateLimited
    ? 'rate-limited'
    : status === 403
      ? 'forbidden'
      : status === 404
        ? 'not-found'
        : status === 401
          ? 'unauthorized'
          : 'other';
  const path = url.pathname;
  return new GitHubApiError(
    status,
    kind,
    `${method} ${path} returned ${status}${detail ? `: ${detail.slice(0, 200)}` : ''}`,
  );
}
