/**
 * Suites that need data from outside the repository (../shared) or a tool that may be absent skip
 * when it is missing, and say so: each skip is one line, printed once at the end of the run
 * (test/support/global-setup.ts), naming the suite and why.
 */
import { appendFileSync, existsSync } from 'node:fs';
import { relative } from 'node:path';

const REPO = `${import.meta.dirname}/../..`;

/** Records that `suite` is skipped because of `why`. Returns true, for describe.skipIf. */
export function skipping(suite: string, why: string): true {
  const line = `skipped: ${suite}: ${why}`;
  const log = process.env.MCPDESC_TEST_SKIP_LOG;
  if (log) appendFileSync(log, `${line}\n`);
  else console.log(line);
  return true;
}

/** True (and the skip recorded) when `path` does not exist. */
export function missing(
  path: string,
  suite: string,
  what = 'reference data kept outside the repository',
): boolean {
  if (existsSync(path)) return false;
  return skipping(suite, `${relative(REPO, path) || path} is absent (${what})`);
}
