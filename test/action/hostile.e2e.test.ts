/**
 * The Action bundle on a pull request built to hold the runner: every hostile class of
 * scripts/hostile-inputs.mjs (exponential patterns, `$ref` bombs, a 10,000-link alias chain, deep
 * YAML, prototype names) changed on the feature branch. The run must end by itself with a verdict,
 * a comment that fits, and no workflow command but its own annotations.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  aliasChainDocument,
  deepYamlDocument,
  exponentialPatternDocument,
  prototypeNamesDocument,
  refBombDocument,
} from '../../scripts/hostile-inputs.mjs';
import { FakeGitHub, pullRequestEvent, runAction, TempRepo } from './support.js';

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

const CLASSES: [string, (variant: number) => string][] = [
  ['exponential-pattern.mcpdesc.json', (v) => exponentialPatternDocument(v)],
  ['ref-bomb.mcpdesc.json', (v) => refBombDocument(34, v)],
  ['alias-chain.mcpdesc.json', (v) => aliasChainDocument(10_000, v)],
  ['prototype-names.mcpdesc.json', (v) => prototypeNamesDocument(v)],
];

describe('the Action bundle on hostile descriptions', { timeout: 150_000 }, () => {
  it('ends with a verdict, a comment that fits and only its own annotations', async () => {
    for (const [file, make] of CLASSES) repo.write(file, make(0));
    const baseSha = repo.commit('base');
    repo.git('checkout', '-q', '-b', 'feature');
    for (const [file, make] of CLASSES) repo.write(file, make(1));
    repo.write('deep-sequence.mcpdesc.yaml', deepYamlDocument());
    const headSha = repo.commit('hostile');

    const run = await runAction({
      repo,
      api,
      event: pullRequestEvent({ number: 7, baseRef: 'main', baseSha, headSha }, 'octo/servers'),
      inputs: { 'fail-on': 'none' },
    });
    expect(run.code).toBe(0);
    expect(run.stderr).not.toMatch(/internal error|Maximum call stack|\n\s+at |FATAL/);
    expect(JSON.parse(run.outputs['changed-files'] ?? '[]')).toHaveLength(CLASSES.length + 1);
    // Every line that starts a workflow command is one the Action meant (set-output, mask, annotations).
    for (const line of run.stdout.split('\n').filter((l) => l.startsWith('::')))
      expect(line).toMatch(/^::(add-mask|error|warning|notice|debug|group|endgroup)\b/);
    expect(api.comments).toHaveLength(1);
    expect(api.comments[0]!.body.length).toBeLessThan(65_536);
    // The unparsable deep document is named, with the depth limit's own error.
    expect(run.summary).toMatch(
      /deep-sequence\.mcpdesc\.yaml.*Nesting deeper than the limit of 256 \\\(limit-depth\\\)/,
    );
    // The $ref bomb's example could not be checked: said, not counted as compatible.
    expect(run.summary).toContain('<sub>example-check-incomplete · <code>ref-bomb.mcpdesc.json</code></sub>');
  });
});
