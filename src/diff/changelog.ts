import { inc, parse, type SemVer } from 'semver';
import { ruleMeta } from './rules.js';
import type { Change, DiffResult } from './types.js';

export type Bump = 'major' | 'minor' | 'patch' | 'none';

export interface ChangelogSections {
  breaking: Change[];
  deprecated: Change[];
  added: Change[];
  changed: Change[];
  removed: Change[];
}

export interface Changelog {
  name?: string;
  oldVersion?: string;
  newVersion?: string;
  bump: Bump;
  /** Undefined when the old `info.version` is not semver. */
  suggestedVersion?: string;
  sections: ChangelogSections;
  warnings: string[];
}

/** Release bookkeeping, not a change of the server worth a release note. */
const SKIP = new Set(['info-version-changed']);

export function sectionOf(change: Change): keyof ChangelogSections {
  if (change.level === 'breaking') return 'breaking';
  if (change.ruleId === 'primitive-deprecated') return 'deprecated';
  const action = ruleMeta(change.ruleId).action;
  if (action === 'add') return 'added';
  if (action === 'remove') return 'removed';
  return 'changed';
}

/**
 * A version as the `semver` package reads it (strict: `MAJOR.MINOR.PATCH[-pre][+build]`, with the
 * leading `v` of git tags accepted, as lint's `info-version-semver` accepts it).
 */
export function parseSemver(text: string | undefined): SemVer | undefined {
  if (text === undefined) return undefined;
  return parse(text.trim()) ?? undefined;
}

/**
 * Semver suggestion from the old version: breaking ⇒ major, additions ⇒ minor, other changes ⇒
 * patch, nothing ⇒ unchanged. Under 0.x (no stability promise) everything shifts one place down:
 * breaking ⇒ minor, anything else ⇒ patch. A pre-release is released by the bump it calls for
 * (`1.0.0-rc.1` with a breaking change ⇒ `1.0.0`, as `semver.inc` decides); a `v` prefix is kept.
 */
export function suggestVersion(oldVersion: string | undefined, bump: Bump): string | undefined {
  const v = parseSemver(oldVersion);
  if (!v || oldVersion === undefined) return undefined;
  const prefix = /^\s*v/i.test(oldVersion) ? 'v' : '';
  if (bump === 'none') return prefix + v.version;
  const effective = v.major === 0 ? (bump === 'major' ? 'minor' : 'patch') : bump;
  const next = inc(v.version, effective);
  return next === null ? undefined : prefix + next;
}

/** Release notes from a diff result. Pure. */
export function buildChangelog(
  result: DiffResult,
  info: { name?: string; oldVersion?: string; newVersion?: string },
): Changelog {
  const sections: ChangelogSections = { breaking: [], deprecated: [], added: [], changed: [], removed: [] };
  for (const change of result.changes) {
    if (SKIP.has(change.ruleId)) continue;
    sections[sectionOf(change)].push(change);
  }
  const counted = Object.values(sections).flat().length;
  const bump: Bump =
    sections.breaking.length > 0
      ? 'major'
      : sections.added.length > 0
        ? 'minor'
        : counted > 0
          ? 'patch'
          : 'none';
  const log: Changelog = { bump, sections, warnings: [] };
  if (info.name !== undefined) log.name = info.name;
  if (info.oldVersion !== undefined) log.oldVersion = info.oldVersion;
  if (info.newVersion !== undefined) log.newVersion = info.newVersion;
  const suggested = suggestVersion(info.oldVersion, bump);
  if (suggested === undefined) {
    log.warnings.push(
      `old info.version ${JSON.stringify(info.oldVersion ?? null)} is not semver: no version suggested`,
    );
  } else {
    log.suggestedVersion = suggested;
    const now = parseSemver(info.newVersion);
    const want = parseSemver(suggested) as SemVer;
    if (info.newVersion !== undefined && !now) {
      log.warnings.push(
        `new info.version ${JSON.stringify(info.newVersion)} is not semver (suggested ${suggested})`,
      );
    } else if (now && now.compare(want) < 0) {
      log.warnings.push(
        `new info.version ${info.newVersion} is lower than the suggested ${suggested} (${bump === 'major' ? 'breaking changes' : bump === 'minor' ? 'additions' : 'changes'} since ${info.oldVersion})`,
      );
    }
  }
  return log;
}
