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

interface Semver {
  major: number;
  minor: number;
  patch: number;
}

export function parseSemver(text: string | undefined): Semver | undefined {
  if (text === undefined) return undefined;
  const m = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/.exec(
    text.trim(),
  );
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) };
}

function compareSemver(a: Semver, b: Semver): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/**
 * Semver suggestion from the old version: breaking ⇒ major, additions ⇒ minor, other changes ⇒
 * patch, nothing ⇒ unchanged. Under 0.x (no stability promise) everything shifts one place down:
 * breaking ⇒ minor, anything else ⇒ patch.
 */
export function suggestVersion(oldVersion: string | undefined, bump: Bump): string | undefined {
  const v = parseSemver(oldVersion);
  if (!v) return undefined;
  let effective = bump;
  if (v.major === 0 && bump !== 'none') effective = bump === 'major' ? 'minor' : 'patch';
  switch (effective) {
    case 'major':
      return `${v.major + 1}.0.0`;
    case 'minor':
      return `${v.major}.${v.minor + 1}.0`;
    case 'patch':
      return `${v.major}.${v.minor}.${v.patch + 1}`;
    default:
      return `${v.major}.${v.minor}.${v.patch}`;
  }
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
    const want = parseSemver(suggested) as Semver;
    if (info.newVersion !== undefined && !now) {
      log.warnings.push(
        `new info.version ${JSON.stringify(info.newVersion)} is not semver (suggested ${suggested})`,
      );
    } else if (now && compareSemver(now, want) < 0) {
      log.warnings.push(
        `new info.version ${info.newVersion} is lower than the suggested ${suggested} (${bump === 'major' ? 'breaking changes' : bump === 'minor' ? 'additions' : 'changes'} since ${info.oldVersion})`,
      );
    }
  }
  return log;
}
