import { afterEach, describe, expect, it } from 'vitest';
import { gitRunner, parseNameStatus, Repository } from '../../src/action/git.js';
import { compileGlobs } from '../../src/action/glob.js';
import { DEFAULT_FILES } from '../../src/action/inputs.js';
import { TempRepo } from './support.js';

const globs = compileGlobs([DEFAULT_FILES]);

describe('parseNameStatus', () => {
  it('classifies A/M/D/T and renames, filtered by the globs, sorted by path', () => {
    const out = [
      'M',
      'z.mcpdesc.yaml',
      'A',
      'new.mcpdesc.json',
      'D',
      'gone.mcpdesc.yml',
      'T',
      'link.mcpdesc.yaml',
      'M',
      'README.md',
      'R100',
      'old.mcpdesc.yaml',
      'moved/old.mcpdesc.yaml',
      'R090',
      'was.mcpdesc.yaml',
      'now.yaml',
      'R080',
      'plain.yaml',
      'became.mcpdesc.yaml',
      'C075',
      'src.mcpdesc.yaml',
      'copy.mcpdesc.yaml',
      '',
    ].join('\0');
    expect(parseNameStatus(out, globs)).toEqual([
      { status: 'added', path: 'became.mcpdesc.yaml' },
      { status: 'added', path: 'copy.mcpdesc.yaml' },
      { status: 'removed', path: 'gone.mcpdesc.yml', basePath: 'gone.mcpdesc.yml' },
      { status: 'modified', path: 'link.mcpdesc.yaml', basePath: 'link.mcpdesc.yaml' },
      { status: 'renamed', path: 'moved/old.mcpdesc.yaml', basePath: 'old.mcpdesc.yaml' },
      { status: 'added', path: 'new.mcpdesc.json' },
      { status: 'removed', path: 'was.mcpdesc.yaml', basePath: 'was.mcpdesc.yaml' },
      { status: 'modified', path: 'z.mcpdesc.yaml', basePath: 'z.mcpdesc.yaml' },
    ]);
  });

  it('keeps unusual file names intact (-z output, no quoting)', () => {
    const out = ['A', 'dir with space/ü "q".mcpdesc.yaml', 'A', 'tab\there.mcpdesc.yaml', ''].join('\0');
    expect(parseNameStatus(out, globs).map((f) => f.path)).toEqual([
      'dir with space/ü "q".mcpdesc.yaml',
      'tab\there.mcpdesc.yaml',
    ]);
  });
});

describe('Repository against a real git repository', () => {
  let repo: TempRepo;
  afterEach(() => repo.cleanup());

  it('finds changes from the merge base, reads both sides from commits, and resolves revisions', async () => {
    repo = new TempRepo();
    repo.write('a.mcpdesc.yaml', 'a: 1\n');
    repo.write('b.mcpdesc.yaml', 'b: 1\n'.repeat(20));
    repo.write('c.mcpdesc.json', '{"c": 1}\n');
    const base = repo.commit('base');
    repo.git('checkout', '-q', '-b', 'feature');
    repo.write('a.mcpdesc.yaml', 'a: 2\n');
    repo.git('mv', 'b.mcpdesc.yaml', 'renamed.mcpdesc.yaml');
    repo.git('rm', '-q', 'c.mcpdesc.json');
    repo.write('d.mcpdesc.yml', 'd: 1\n');
    const head = repo.commit('feature');
    // main moves on after the branch point: its own changes are not the PR's
    repo.git('checkout', '-q', 'main');
    repo.write('main-only.mcpdesc.yaml', 'm: 1\n');
    const mainTip = repo.commit('main moves');
    repo.git('checkout', '-q', 'feature');

    const git = new Repository(gitRunner(repo.dir));
    expect(await git.resolveCommit('HEAD')).toBe(head);
    expect(await git.resolveCommit('main')).toBe(mainTip);
    expect(await git.resolveCommit('no-such-branch')).toBeUndefined();
    expect(await git.resolveCommit('--output=/tmp/x')).toBeUndefined();
    const mergeBase = await git.mergeBase(mainTip, head);
    expect(mergeBase).toBe(base);

    const files = await git.changedFiles(mergeBase!, head, globs);
    expect(files).toEqual([
      { status: 'modified', path: 'a.mcpdesc.yaml', basePath: 'a.mcpdesc.yaml' },
      { status: 'removed', path: 'c.mcpdesc.json', basePath: 'c.mcpdesc.json' },
      { status: 'added', path: 'd.mcpdesc.yml' },
      { status: 'renamed', path: 'renamed.mcpdesc.yaml', basePath: 'b.mcpdesc.yaml' },
    ]);
    expect((await git.readFile(base, 'a.mcpdesc.yaml', 1000))?.toString()).toBe('a: 1\n');
    expect((await git.readFile(head, 'a.mcpdesc.yaml', 1000))?.toString()).toBe('a: 2\n');
    expect(await git.readFile(head, 'c.mcpdesc.json', 1000)).toBeUndefined();
    await expect(git.readFile(base, 'b.mcpdesc.yaml', 10)).rejects.toThrow(/over the limit of 10 bytes/);
  });
});
