/**
 * The version verdict of the headline: the bump the changes need and whether the `info.version`
 * the pull request sets satisfies it ("PR sets 1.8.0; breaking changes need 2.0.0").
 */
import { gte } from 'semver';
import { parseSemver } from '../diff/changelog.js';
import type { Bump, Report } from './report.js';

export interface VersionVerdict {
  /** Our words; versions are document text (escape before rendering). */
  need: string;
  /** The versions named, for the renderer to show as code: set by the PR, and needed. */
  newVersion?: string;
  neededVersion?: string;
  /** Undefined when it cannot be decided (no semver version on one side). */
  satisfied?: boolean;
}

const REASON: Record<Exclude<Bump, 'none'>, string> = {
  major: 'breaking changes need',
  minor: 'additions need',
  patch: 'changes need',
};

/** Undefined when no file needs a new version. Several files: the first one whose version falls short. */
export function versionVerdict(report: Report): VersionVerdict | undefined {
  if (report.bump === 'none') return undefined;
  const verdicts: VersionVerdict[] = [];
  for (const file of report.files) {
    const entry = file.changelog;
    // a removed file has no version left to check
    if (!entry || entry.bump === 'none' || file.status === 'removed') continue;
    const need = REASON[entry.bump];
    const verdict: VersionVerdict = { need };
    if (entry.newVersion !== undefined) verdict.newVersion = entry.newVersion;
    if (entry.toVersion !== undefined) {
      verdict.neededVersion = entry.toVersion;
      const set = parseSemver(entry.newVersion);
      const needed = parseSemver(entry.toVersion);
      if (set && needed) verdict.satisfied = gte(set, needed);
    }
    verdicts.push(verdict);
  }
  return verdicts.find((v) => v.satisfied === false) ?? verdicts[0];
}
