/**
 * `lint --cache`: the results of files whose bytes, config and options are unchanged since they
 * were last linted, kept in one JSON file (ESLint's `--cache` with its `content` strategy; file
 * times are not trusted, as a checkout rewrites them).
 *
 * Each entry is keyed by a digest of everything a result depends on: the tool version, the file's
 * bytes and absolute path (overrides and ignores match paths), the resolved config (rules, options,
 * overrides, ignores, the source of custom functions and the bytes of every file the config was
 * built from), the input limits, and the day when an ignore entry has an expiry date. Anything
 * else makes a miss. The cache file is read as untrusted: an entry that is not what this module
 * writes is dropped, and a file that cannot be read starts an empty cache.
 *
 * Several runs can share one cache at once (pre-commit runs a hook's batches of files in parallel).
 * Each writes the whole file atomically; before writing, a run reads the file again and keeps the
 * entries other runs wrote since it was read, so parallel batches add up instead of the last one
 * to finish discarding the others' results.
 */
import { type Stats, statSync } from 'node:fs';
import type { Finding, Severity } from '../model/finding.js';
import { LoadError, readFileBounded } from '../parse/index.js';
import { sha256Hex } from '../util/hash.js';
import { isJsonObject, type JsonValue } from '../util/json.js';
import type { Location } from '../util/location.js';
import type { ResolvedConfig } from './config.js';
import { isBuiltinFunction } from './functions/index.js';

/** The name of the cache file in the working directory when `--cache-location` is not given. */
export const DEFAULT_CACHE_FILE = '.mcpdesc-cache';

/** Names the file as ours; the number is bumped whenever the layout or the meaning of an entry changes. */
const FORMAT_PREFIX = 'mcpdesc-lint-cache/';
const CACHE_FORMAT = `${FORMAT_PREFIX}1`;
/** How every cache file this module writes begins: such a file that is not JSON is a damaged cache of ours. */
const WRITTEN_PREFIX = `{"format":${JSON.stringify(FORMAT_PREFIX)}`.slice(0, -1);
/**
 * A cache file larger than this is not read, and the run lints without the cache. (V8 cannot hold a
 * much longer string anyway; the cache of a 50,000-tool document is ≈ 40 MB.)
 */
const MAX_CACHE_BYTES = 512 * 1024 * 1024;

/** What a cached lint of one file gives back. */
export interface CachedLint {
  findings: Finding[];
  complete: boolean;
  /** Notes printed when the file was linted (a 0.7.0 document migrated in memory), printed again. */
  notes: string[];
}

interface Entry extends CachedLint {
  key: string;
  /** The file's name in the findings when they were cached (the operand as typed then). */
  file: string;
}

/** What a result depends on besides the config: see the module comment. */
export interface CacheKeyParts {
  version: string;
  /** `configFingerprint` of the config that applies to the file. */
  config: string;
  /** The file's bytes as read. */
  bytes: Uint8Array;
  /** Absolute path of the file. */
  path: string;
  /** Input limits in force (a limit can make a document unreadable or a check incomplete). */
  limits: object;
  now: Date;
  /** Whether the config has an ignore entry with an expiry date: the day then matters. */
  expiring: boolean;
}

const fingerprints = new WeakMap<ResolvedConfig, string>();

/**
 * A digest of a resolved config: its rules, overrides and ignores as data, custom functions by
 * their source text, and the bytes of each file it was built from. (A helper module that a custom
 * function imports is not seen: docs/lint.md says to delete the cache after changing one.)
 */
export function configFingerprint(config: ResolvedConfig): string {
  let digest = fingerprints.get(config);
  if (digest !== undefined) return digest;
  const custom = [...config.functions.values()]
    .filter((definition) => !isBuiltinFunction(definition))
    .map((definition) => ({ ...definition, fn: String(definition.fn) }));
  const sources = config.sources.map((path) => [path, digestOfFile(path)]);
  const data = {
    rules: [...config.rules.values()],
    functions: custom,
    overrides: config.overrides,
    ignores: config.ignores,
    sources,
  };
  digest = sha256Hex(
    JSON.stringify(data, (_key, value: unknown) => (value instanceof Map ? [...value] : value)),
  );
  fingerprints.set(config, digest);
  return digest;
}

function digestOfFile(path: string): string {
  try {
    return sha256Hex(readFileBounded(path, MAX_CACHE_BYTES));
  } catch {
    return 'unreadable';
  }
}

/** The key of one file's entry. */
export function cacheKey(parts: CacheKeyParts): string {
  return sha256Hex(
    JSON.stringify([
      CACHE_FORMAT,
      parts.version,
      parts.config,
      sha256Hex(parts.bytes),
      parts.path,
      parts.limits,
      parts.expiring ? parts.now.toISOString().slice(0, 10) : '',
    ]),
  );
}

/** The cache file's contents, read once and written back once when something changed. */
export class LintCache {
  private readonly entries = new Map<string, Entry>();
  private dirty = false;
  /** Paths this run stored or dropped: another run's entry for them never replaces this run's. */
  private readonly touched = new Set<string>();
  /** The file as it was read (undefined: there was none): unchanged, there is nothing to take in. */
  private readStats: Pick<Stats, 'size' | 'mtimeMs' | 'ino'> | undefined;
  /**
   * Said once to the user when the file was a damaged cache of ours (not JSON: a disk that filled
   * up, an edit by hand). Unlike `problem`, the cache is then rebuilt and the file replaced.
   */
  readonly notice: string | undefined;
  /**
   * Why the file on disk was neither used nor may be replaced: it exists but is not a cache of ours
   * (a mistyped `--cache-location` must not overwrite someone's file). The run then lints without it.
   */
  readonly problem: string | undefined;

  private constructor(
    /** The cache file this cache is read from and written to. */
    readonly path: string,
    private readonly version: string,
    problem?: string,
    notice?: string,
  ) {
    this.problem = problem;
    this.notice = notice;
  }

  /** An empty cache for `version`, to be kept at `path`. */
  static empty(path: string, version: string): LintCache {
    return new LintCache(path, version);
  }

  /** The cache stored at `path`; empty when there is none, or it is from another version or unreadable. */
  static read(path: string, version: string): LintCache {
    let text: string;
    let stats: Stats;
    try {
      stats = statSync(path);
      if (stats.size > MAX_CACHE_BYTES) return new LintCache(path, version, 'the cache file is too large');
      // Bounded while reading too: `--cache-location` can name a device or a pipe.
      text = readFileBounded(path, MAX_CACHE_BYTES).toString('utf8');
    } catch (error) {
      if (error instanceof LoadError)
        return new LintCache(
          path,
          version,
          error.code === 'limit-bytes' ? 'the cache file is too large' : error.message,
        );
      const code = (error as NodeJS.ErrnoException).code;
      return new LintCache(path, version, code === 'ENOENT' ? undefined : `cannot read it (${code})`);
    }
    let data: JsonValue;
    try {
      data = JSON.parse(text) as JsonValue;
    } catch {
      // An empty file holds nothing to lose; anything else not beginning as ours is someone's file.
      if (text.trim() !== '' && !text.startsWith(WRITTEN_PREFIX))
        return new LintCache(path, version, 'it is not JSON');
      const damaged = new LintCache(
        path,
        version,
        undefined,
        text.trim() === '' ? 'it was empty and is rebuilt' : 'it was damaged (not JSON) and is rebuilt',
      );
      damaged.dirty = true;
      damaged.readStats = stats;
      return damaged;
    }
    if (!isJsonObject(data) || typeof data.format !== 'string' || !data.format.startsWith(FORMAT_PREFIX))
      return new LintCache(path, version, 'it is not an mcpdesc lint cache');
    const cache = new LintCache(path, version);
    cache.readStats = stats;
    // Another layout's or version's results are dropped whole (their keys could never match anyway).
    if (data.format !== CACHE_FORMAT || data.version !== version || !isJsonObject(data.entries)) {
      cache.dirty = true;
      return cache;
    }
    for (const path of Object.keys(data.entries)) {
      const entry = data.entries[path];
      if (isEntry(entry)) cache.entries.set(path, entry);
      else cache.dirty = true;
    }
    return cache;
  }

  /** The cached result of the file at `path` under `key`, its findings named `file`; undefined on a miss. */
  get(path: string, key: string, file: string): CachedLint | undefined {
    const entry = this.entries.get(path);
    if (!entry || entry.key !== key) return undefined;
    const rename = (location: Location): Location => ({
      file: location.file === entry.file ? file : location.file,
      pointer: location.pointer,
      line: location.line,
      column: location.column,
    });
    return {
      // Rebuilt field by field: nothing but a finding's own fields reaches the reports.
      findings: entry.findings.map((finding) => {
        const copy: Finding = {
          code: finding.code,
          severity: finding.severity,
          message: finding.message,
          location: rename(finding.location),
        };
        if (finding.related) copy.related = finding.related.map(rename);
        return copy;
      }),
      complete: entry.complete,
      notes: [...entry.notes],
    };
  }

  set(path: string, key: string, file: string, result: CachedLint): void {
    this.entries.set(path, {
      key,
      file,
      findings: result.findings,
      complete: result.complete,
      notes: result.notes,
    });
    this.touched.add(path);
    this.dirty = true;
  }

  /** Drops the entries of files that no longer exist. */
  prune(exists: (path: string) => boolean): void {
    for (const path of [...this.entries.keys()]) {
      if (exists(path)) continue;
      this.entries.delete(path);
      this.touched.add(path);
      this.dirty = true;
    }
  }

  /**
   * Takes in the entries another run wrote to the file since this cache was read, for paths this
   * run did not store or drop itself, and for files that still exist. Called just before writing:
   * two runs at once then both keep their results. (A run that writes in the instant between this
   * read and the other's write can still lose one; that costs a lint next time, never a wrong result,
   * as every entry is checked against its key.)
   */
  absorbConcurrentWrites(exists: (path: string) => boolean): void {
    let now: Stats;
    try {
      now = statSync(this.path);
    } catch {
      return; // gone, or never written: nothing to take in
    }
    const before = this.readStats;
    if (before && now.size === before.size && now.mtimeMs === before.mtimeMs && now.ino === before.ino)
      return;
    const onDisk = LintCache.read(this.path, this.version);
    if (onDisk.problem !== undefined) return;
    for (const [path, entry] of onDisk.entries) {
      if (this.touched.has(path) || !exists(path)) continue;
      const mine = this.entries.get(path);
      if (mine?.key === entry.key) continue;
      this.entries.set(path, entry);
      this.dirty = true;
    }
  }

  /** False when the file on disk is not a cache of ours (see `problem`): it is then left alone. */
  get writable(): boolean {
    return this.problem === undefined;
  }

  /** True when the file on disk no longer matches this cache. */
  get changed(): boolean {
    return this.dirty;
  }

  /** The cache file's text, one entry per chunk (a 50,000-tool document has 100,000 findings). */
  *chunks(): Generator<string> {
    yield `{"format":${JSON.stringify(CACHE_FORMAT)},"version":${JSON.stringify(this.version)},"entries":{`;
    let first = true;
    for (const [path, entry] of this.entries) {
      yield `${first ? '' : ','}\n${JSON.stringify(path)}:${JSON.stringify(entry)}`;
      first = false;
    }
    yield '\n}}\n';
  }
}

const SEVERITIES: ReadonlySet<string> = new Set<Severity>(['error', 'warning', 'info', 'hint']);

function isLocation(value: unknown): value is Location {
  return (
    isJsonObject(value as JsonValue) &&
    typeof (value as Location).file === 'string' &&
    typeof (value as Location).pointer === 'string' &&
    Number.isInteger((value as Location).line) &&
    Number.isInteger((value as Location).column)
  );
}

function isFinding(value: unknown): value is Finding {
  if (!isJsonObject(value as JsonValue)) return false;
  const finding = value as Finding;
  return (
    typeof finding.code === 'string' &&
    SEVERITIES.has(finding.severity) &&
    typeof finding.message === 'string' &&
    isLocation(finding.location) &&
    (finding.related === undefined || (Array.isArray(finding.related) && finding.related.every(isLocation)))
  );
}

function isEntry(value: unknown): value is Entry {
  if (!isJsonObject(value as JsonValue)) return false;
  const entry = value as Entry;
  return (
    typeof entry.key === 'string' &&
    typeof entry.file === 'string' &&
    typeof entry.complete === 'boolean' &&
    Array.isArray(entry.notes) &&
    entry.notes.every((note) => typeof note === 'string') &&
    Array.isArray(entry.findings) &&
    entry.findings.every(isFinding)
  );
}
