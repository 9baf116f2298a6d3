/**
 * `mcpdesc lint --baseline REV`: lint the same files as committed at REV and keep only the findings
 * the working version introduces (src/lint/baseline.ts matches them), so a repository can adopt
 * lint on an existing description without a wall of old findings.
 */
import { relative, resolve, sep } from 'node:path';
import { splitByBaseline } from '../lint/baseline.js';
import type { ResolvedConfig } from '../lint/index.js';
import { lintDocument } from '../lint/index.js';
import { readAsCurrent } from '../migrate/load.js';
import type { Finding } from '../model/finding.js';
import { type Limits, LoadError, loadSource } from '../parse/index.js';
import { UsageError } from './errors.js';

/**
 * The matching itself, for a caller that has linted both versions of a document (a pull request's
 * base and head): the same rule, primitive and pointer as `--baseline` uses.
 */
export { type BaselineSide, type BaselineSplit, splitByBaseline } from '../lint/baseline.js';

/** Fails with a usage error (exit 2) unless `rev` names a commit of the repository here. */
export async function checkBaselineRevision(rev: string): Promise<void> {
  const { execFile } = await import('node:child_process');
  const ok = await new Promise<boolean>((done) => {
    // `--end-of-options`: a revision starting with `-` is never read as an option
    execFile(
      'git',
      ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`],
      { windowsHide: true },
      (error) => done(!error),
    );
  });
  if (!ok)
    throw new UsageError(`--baseline: ${JSON.stringify(rev)} is not a commit of the git repository here`);
}

export interface BaselineResult {
  findings: Finding[];
  /** Findings already present at the baseline revision. */
  known: number;
  /** Why no baseline applied (the file is new at REV, or cannot be read there). */
  note?: string;
}

/**
 * The findings of `localPath` (linted with `config`, `findings` already computed) that are not in
 * the version of the same file at `rev`. A file absent at `rev` keeps every finding.
 */
export async function applyBaseline(
  rev: string,
  localPath: string,
  findings: readonly Finding[],
  config: ResolvedConfig,
  now: Date,
  limits?: Partial<Limits>,
): Promise<BaselineResult> {
  if (findings.length === 0) return { findings: [], known: 0 };
  // `REV:./path` is read relative to the working directory, as the user named the file
  const path = relative(process.cwd(), resolve(localPath)).split(sep).join('/');
  const spec = `${rev}:${path.startsWith('../') ? path : `./${path}`}`;
  let base: Awaited<ReturnType<typeof loadSource>>;
  let head: Awaited<ReturnType<typeof loadSource>>;
  try {
    // Bounded as the working version was: the run's limits, for both.
    const sourceOptions = limits ? { limits } : {};
    base = readAsCurrent(await loadSource(spec, sourceOptions), () => {});
    head = readAsCurrent(await loadSource(localPath, sourceOptions), () => {});
  } catch (error) {
    const reason = error instanceof LoadError ? error.message : String(error);
    return {
      findings: [...findings],
      known: 0,
      note: `${localPath}: no baseline at ${rev} (${reason}): every finding is new`,
    };
  }
  const known = lintDocument(base, config, { filePath: resolve(localPath), now }).findings;
  const split = splitByBaseline(
    { findings, document: head.value },
    { findings: known, document: base.value },
  );
  return { findings: split.fresh, known: split.known.length };
}
