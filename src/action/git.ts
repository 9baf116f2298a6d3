/**
 * The description files a pull request touches: `git diff --name-status -M` between the merge base
 * of base and head (what `base...head` means) and head, filtered by the `files` globs, and each
 * side's bytes read with `git cat-file` — never from the working tree, so the checked-out files
 * cannot disagree with the commits named in the report.
 */
import { execFile } from 'node:child_process';
import type { GlobSet } from './glob.js';

export type FileStatus = 'added' | 'modified' | 'removed' | 'renamed';

export interface ChangedFile {
  status: FileStatus;
  /** Path in head (for `removed`: the path it had in base). */
  path: string;
  /** Path in base, for `renamed` (and `modified`/`removed`, equal to `path`). Absent for `added`. */
  basePath?: string;
}

export class GitError extends Error {
  override name = 'GitError';
}

export type GitRunner = (args: readonly string[], options?: { maxBuffer?: number }) => Promise<Buffer>;

/** Runs git in `cwd`; rejects with the first line of stderr. */
export function gitRunner(cwd: string): GitRunner {
  return (args, options = {}) =>
    new Promise((resolve, reject) => {
      execFile(
        'git',
        [...args],
        {
          cwd,
          encoding: 'buffer',
          maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024,
          windowsHide: true,
          env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
        },
        (error, stdout, stderr) => {
          if (error) {
            const detail = Buffer.from(stderr).toString('utf8').trim().split('\n')[0] || error.message;
            reject(new GitError(`git ${args[0]} failed: ${detail}`));
            return;
          }
          resolve(stdout);
        },
      );
    });
}

export class Repository {
  constructor(private readonly git: GitRunner) {}

  /** Full commit id of a revision (`HEAD`, a branch, a tag, `origin/main`, a sha). */
  async resolveCommit(rev: string): Promise<string | undefined> {
    if (rev.startsWith('-')) return undefined;
    try {
      const out = await this.git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`]);
      return out.toString('utf8').trim() || undefined;
    } catch {
      return undefined;
    }
  }

  async mergeBase(a: string, b: string): Promise<string | undefined> {
    try {
      const out = await this.git(['merge-base', a, b]);
      return out.toString('utf8').trim() || undefined;
    } catch {
      return undefined;
    }
  }

  /** Description files changed from `from` to `to`, renames detected (`-M`), sorted by path. */
  async changedFiles(from: string, to: string, globs: GlobSet): Promise<ChangedFile[]> {
    const out = await this.git([
      '-c',
      'core.quotePath=false',
      'diff',
      '--name-status',
      '-z',
      '-M',
      '--no-ext-diff',
      from,
      to,
      '--',
    ]);
    return parseNameStatus(out.toString('utf8'), globs);
  }

  /** Bytes of `path` at commit `rev`, or undefined when it does not exist there. */
  async readFile(rev: string, path: string, maxBytes: number): Promise<Buffer | undefined> {
    try {
      return await this.git(['cat-file', 'blob', `${rev}:${path}`], { maxBuffer: maxBytes + 1 });
    } catch (error) {
      if (error instanceof GitError && /maxBuffer|stdout maxBuffer/i.test(error.message)) {
        throw new GitError(`${path} is over the limit of ${maxBytes} bytes`);
      }
      return undefined;
    }
  }
}

/**
 * Parses `git diff --name-status -z` output. Renames whose ends fall on both sides of the glob
 * filter become a removal (the old path matched) or an addition (the new one does). Copies count as
 * additions; type changes as modifications.
 */
export function parseNameStatus(output: string, globs: GlobSet): ChangedFile[] {
  const fields = output.split('\0');
  if (fields.at(-1) === '') fields.pop();
  const files: ChangedFile[] = [];
  let i = 0;
  while (i < fields.length) {
    const status = fields[i++] ?? '';
    const letter = status[0];
    if (letter === 'R' || letter === 'C') {
      const from = fields[i++] ?? '';
      const to = fields[i++] ?? '';
      const fromMatches = globs.matches(from);
      const toMatches = globs.matches(to);
      if (letter === 'C') {
        if (toMatches) files.push({ status: 'added', path: to });
      } else if (fromMatches && toMatches) {
        files.push({ status: 'renamed', path: to, basePath: from });
      } else if (fromMatches) {
        files.push({ status: 'removed', path: from, basePath: from });
      } else if (toMatches) {
        files.push({ status: 'added', path: to });
      }
      continue;
    }
    const path = fields[i++] ?? '';
    if (!globs.matches(path)) continue;
    if (letter === 'A') files.push({ status: 'added', path });
    else if (letter === 'D') files.push({ status: 'removed', path, basePath: path });
    else if (letter === 'M' || letter === 'T') files.push({ status: 'modified', path, basePath: path });
    // U (unmerged) and X (unknown) cannot appear between two commits
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
