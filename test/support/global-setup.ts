import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Collects the skips of every worker (test/support/skips.ts) and prints each once at the end. */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'mcpdesc-test-skips-'));
  const log = join(dir, 'skips.log');
  process.env.MCPDESC_TEST_SKIP_LOG = log;
  return () => {
    if (existsSync(log)) {
      const lines = [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))].sort();
      if (lines.length > 0) process.stdout.write(`\n${lines.join('\n')}\n`);
    }
    rmSync(dir, { recursive: true, force: true });
  };
}
