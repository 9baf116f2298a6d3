import { sortVersions } from '../model/versions.js';
import { isJsonObject } from '../util/json.js';
import { loadYaml } from '../util/lazy-modules.js';
import type { Change, DiffNote, SubjectKind } from './types.js';

/**
 * One entry of an ignore file: by fingerprint, or by rule id + subject (`kind:key`, or a key alone
 * for any kind). `expires` (YYYY-MM-DD) ends the suppression after that day; an expired entry
 * suppresses nothing and is reported.
 */
export interface IgnoreEntry {
  fingerprint?: string;
  rule?: string;
  subject?: { kind?: SubjectKind; key: string };
  reason?: string;
  expires?: string;
  /** 1-based position in the file, for messages. */
  index: number;
}

export class IgnoreFileError extends Error {
  override readonly name = 'IgnoreFileError';
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Parses an ignore file (YAML or JSON): `{ignore: [...]}` or a bare list. Throws IgnoreFileError. */
export function parseIgnoreFile(text: string): IgnoreEntry[] {
  let value: unknown;
  try {
    value = loadYaml().parse(text, { schema: 'core', uniqueKeys: true });
  } catch (error) {
    throw new IgnoreFileError(`not valid YAML/JSON: ${(error as Error).message.split('\n')[0]}`);
  }
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value : isJsonObject(value) ? value.ignore : undefined;
  if (!Array.isArray(list))
    throw new IgnoreFileError('expected a list of entries, or an object with an `ignore` list');
  return list.map((raw, i) => {
    const index = i + 1;
    if (!isJsonObject(raw)) throw new IgnoreFileError(`entry ${index}: expected an object`);
    const entry: IgnoreEntry = { index };
    for (const key of Object.keys(raw)) {
      if (!['fingerprint', 'rule', 'subject', 'reason', 'expires'].includes(key))
        throw new IgnoreFileError(`entry ${index}: unknown key ${JSON.stringify(key)}`);
    }
    const str = (key: string): string | undefined => {
      const v = raw[key];
      if (v === undefined) return undefined;
      if (v instanceof Date) return v.toISOString().slice(0, 10);
      if (typeof v !== 'string' || v === '')
        throw new IgnoreFileError(`entry ${index}: ${key} must be a non-empty string`);
      return v;
    };
    const fingerprint = str('fingerprint');
    const rule = str('rule');
    const reason = str('reason');
    const expires = str('expires');
    if (fingerprint !== undefined) entry.fingerprint = fingerprint;
    if (rule !== undefined) entry.rule = rule;
    if (reason !== undefined) entry.reason = reason;
    if (expires !== undefined) {
      if (!DATE.test(expires)) throw new IgnoreFileError(`entry ${index}: expires must be a date YYYY-MM-DD`);
      entry.expires = expires;
    }
    const subject = raw.subject;
    if (subject !== undefined) {
      if (typeof subject === 'string') {
        const colon = subject.indexOf(':');
        const kinds = [
          'document',
          'info',
          'tool',
          'prompt',
          'resource',
          'resourceTemplate',
          'transport',
          'capabilities',
          'security',
          'securityScheme',
          'tag',
          'component',
        ];
        const head = colon > 0 ? subject.slice(0, colon) : '';
        entry.subject = kinds.includes(head)
          ? { kind: head as SubjectKind, key: subject.slice(colon + 1) }
          : { key: subject };
      } else if (isJsonObject(subject) && typeof subject.key === 'string') {
        entry.subject = { key: subject.key };
        if (typeof subject.kind === 'string') entry.subject.kind = subject.kind as SubjectKind;
      } else throw new IgnoreFileError(`entry ${index}: subject must be "kind:key" or {kind, key}`);
    }
    if (entry.fingerprint === undefined && (entry.rule === undefined || entry.subject === undefined))
      throw new IgnoreFileError(`entry ${index}: give a fingerprint, or a rule and a subject`);
    return entry;
  });
}

function matches(entry: IgnoreEntry, change: Change): boolean {
  if (entry.fingerprint !== undefined && entry.fingerprint !== change.fingerprint) return false;
  if (entry.rule !== undefined && entry.rule !== change.ruleId) return false;
  if (entry.subject !== undefined) {
    if (entry.subject.key !== change.subject.key) return false;
    if (entry.subject.kind !== undefined && entry.subject.kind !== change.subject.kind) return false;
  }
  return true;
}

/**
 * A shared-component change (see groupSharedComponents) keeps the declarations no entry names:
 * an entry written for one tool's copy of the change (its rule and `tool:NAME`, or the fingerprint
 * that copy had) drops that tool, and the change is ignored when it drops them all.
 */
function withoutIgnored(
  change: Change,
  active: readonly IgnoreEntry[],
  used: Set<IgnoreEntry>,
): Change | undefined {
  const affected = (change.affected ?? []).filter((subject) => {
    const copy: Change = {
      ...change,
      subject: { kind: subject.kind, key: subject.key },
      fingerprint: subject.fingerprint,
    };
    delete copy.affected;
    const entry = active.find((e) => matches(e, copy));
    if (entry) used.add(entry);
    return entry === undefined;
  });
  if (affected.length === 0) return undefined;
  if (affected.length === change.affected?.length) return change;
  return { ...change, affected, revisions: sortVersions([...new Set(affected.flatMap((a) => a.revisions))]) };
}

function describe(entry: IgnoreEntry): string {
  if (entry.fingerprint) return `fingerprint ${entry.fingerprint}`;
  const subject = entry.subject
    ? `${entry.subject.kind ? `${entry.subject.kind}:` : ''}${entry.subject.key}`
    : '';
  return `${entry.rule} ${subject}`.trim();
}

export function applyIgnores(
  changes: readonly Change[],
  entries: readonly IgnoreEntry[],
  today: string,
): { kept: Change[]; ignored: number; notes: DiffNote[] } {
  const notes: DiffNote[] = [];
  const active = entries.filter((entry) => {
    if (entry.expires === undefined || entry.expires >= today) return true;
    const hits = changes.filter((c) => matches(entry, c)).length;
    notes.push({
      kind: 'ignore-expired',
      message: `ignore entry ${entry.index} (${describe(entry)}) expired on ${entry.expires}: ${
        hits > 0
          ? `${hits} change${hits === 1 ? '' : 's'} no longer suppressed`
          : 'it matches nothing; remove it'
      }`,
    });
    return false;
  });
  const kept: Change[] = [];
  const used = new Set<IgnoreEntry>();
  for (const change of changes) {
    const entry = active.find((e) => matches(e, change));
    if (entry) {
      used.add(entry);
      continue;
    }
    const narrowed = change.affected ? withoutIgnored(change, active, used) : change;
    if (narrowed) kept.push(narrowed);
  }
  for (const entry of active) {
    if (!used.has(entry))
      notes.push({
        kind: 'ignore-unused',
        message: `ignore entry ${entry.index} (${describe(entry)}) matches no change`,
      });
  }
  return { kept, ignored: changes.length - kept.length, notes };
}
