import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One temporary folder for the whole run, removed at its end: every test's temporary files, and
 * those of the commands, git and pre-commit it starts, go under it (TMPDIR, which os.tmpdir() and
 * they read, is inherited by the workers), so a run leaves nothing behind even where a test does
 * not clean up after itself. Also collects the skips of every worker (test/support/skips.ts) and
 * prints each once at the end.
 */
export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), 'mcpdesc-test-'));
  for (const name of ['TMPDIR', 'TMP', 'TEMP']) process.env[name] = root;
  const dir = join(root, 'skips');
  mkdirSync(dir);
  const log = join(dir, 'skips.log');
  process.env.MCPDESC_TEST_SKIP_LOG = log;
  return () => {
    if (existsSync(log)) {
      const lines = [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))].sort();
      if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`);
    }
    rmSync(root, { recursive: true, force: true });
  };
}
