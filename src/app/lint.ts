/**
 * The lint task, for the CLI (`mcpdesc lint`, the pre-commit hooks) and the GitHub Action alike: which
 * config applies to a file (the nearest config file above it, searched per file; `--config` for all),
 * the in-memory migration of 0.7.0 documents, the lint cache, `ignorePatterns`, and the findings and
 * rule metadata every report is rendered from. Callers parse their arguments, call these functions and
 * print through src/report/.
 */
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import {
  CONFIG_FILE_NAMES,
  cacheKey,
  configFingerprint,
  expandGlob,
  expiredIgnoreFindings,
  findConfigFile,
  isGlob,
  isIgnoredFile,
  LintCache,
  lintDocument,
  type ResolvedConfig,
  resolveConfig,
} from '../lint/index.js';
import { readAsCurrent } from '../migrate/load.js';
import type { Finding } from '../model/finding.js';
import {
  type LoadedDocument,
  loadBytes,
  loadSource,
  readSourceBytes,
  resolveLimits,
} from '../parse/index.js';
import type { FileFindings, RuleMeta } from '../report/multi-format.js';
import { trimEndOf } from '../util/trim.js';
import type { AppContext } from './context.js';
import { UsageError } from './errors.js';
import { applyBaseline, checkBaselineRevision } from './lint-baseline.js';

/** What `lint` looks for when given a directory or nothing. */
export const DEFAULT_LINT_GLOB = '**/*.mcpdesc.{json,yaml,yml}';

/** `limits` bound the config files read (and what they extend), as documents are bounded. */
export interface ConfigLookupOptions extends AppContext {
  /** A config file for every document (`--config`, the Action's `config` input). */
  config?: string;
  /** The built-in ruleset for documents no config file applies to. */
  ruleset?: string;
  /**
   * Search no higher than this directory (the Action: the workspace, never the runner's home or
   * the filesystem root). Undefined: up to the filesystem root, as ESLint does.
   */
  root?: string;
  /** Called once per config file found when `ruleset` was chosen explicitly and a config file overrides it. */
  onRulesetOverridden?: (configFile: string) => void;
}

/**
 * The configs of one run: the one that applies to each file (nearest config file at or above its
 * directory), each resolved once however many files share it.
 */
export class ConfigLookup {
  private readonly configs = new Map<string, Promise<ResolvedConfig>>();
  private readonly ruleset: string;

  constructor(private readonly options: ConfigLookupOptions = {}) {
    this.ruleset = options.ruleset ?? 'recommended';
  }

  /** The config file that applies to a document at `path` (undefined: a built-in ruleset). */
  fileFor(path: string | undefined): string | undefined {
    if (this.options.config !== undefined) return this.options.config;
    const found = findConfigFile(path ? dirname(resolve(path)) : process.cwd());
    const root = this.options.root;
    if (found && root !== undefined && relative(root, found).startsWith('..')) return undefined;
    return found;
  }

  /** The resolved config for a document at `path`; rejects with a ConfigError for a broken one. */
  configFor(path: string | undefined): Promise<ResolvedConfig> {
    const file = this.fileFor(path);
    const key = file ? resolve(file) : `builtin:${this.ruleset}`;
    let pending = this.configs.get(key);
    if (!pending) {
      if (file) this.options.onRulesetOverridden?.(file);
      pending = resolveConfig(file, this.ruleset, this.options.limits);
      this.configs.set(key, pending);
    }
    return pending;
  }

  /**
   * Every config resolved so far. One that failed is left out: its error is the report entry of
   * each file it applies to (a file that could not be read is reported as that instead), and does
   * not take the other files' results with it.
   */
  async resolved(): Promise<ResolvedConfig[]> {
    const settled = await Promise.allSettled(this.configs.values());
    return settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  }
}

/**
 * Lints one loaded document with the config that applies to `path` (its place on disk; undefined for
 * standard input without a name). A 0.7.0 document is linted as its in-memory 0.8.0 migration.
 */
export async function lintLoaded(
  loaded: LoadedDocument,
  path: string | undefined,
  lookup: ConfigLookup,
  options: { now?: Date; onNote?: (line: string) => void } = {},
): Promise<{ file: string; findings: Finding[]; complete: boolean }> {
  const current = readAsCurrent(loaded, options.onNote ?? (() => {}));
  const config = await lookup.configFor(path);
  const now = options.now ?? new Date();
  const result = lintDocument(current, config, path ? { filePath: resolve(path), now } : { now });
  return { file: current.file, findings: result.findings, complete: result.complete };
}

/** One document to lint: how it was named, and its place on disk when it has one. */
export interface LintTarget {
  spec: string;
  /** Named on the command line, not found by a glob or a directory walk (an ignored one is reported). */
  named: boolean;
}

/**
 * The documents operands name: files, directories (walked for `*.mcpdesc.{json,yaml,yml}`), globs,
 * `-` and `REV:path`. Config files a walk or glob finds are not documents and are left out.
 */
export function lintTargets(operands: readonly string[], cwd: string): LintTarget[] {
  const targets: LintTarget[] = [];
  const seen = new Set<string>();
  const isConfigFile = (path: string): boolean =>
    (CONFIG_FILE_NAMES as readonly string[]).includes(basename(path));
  const push = (spec: string, named: boolean): void => {
    if (!seen.has(spec)) {
      seen.add(spec);
      targets.push({ spec, named });
    }
  };
  const pushFound = (spec: string): void => {
    if (!isConfigFile(spec)) push(spec, false);
  };
  for (const operand of operands.length > 0 ? operands : [DEFAULT_LINT_GLOB]) {
    if (operand === '-') push('-', false);
    else if (existsSync(operand) && statSync(operand).isDirectory()) {
      const base = trimEndOf(operand, '\\/');
      expandGlob(`${base}/${DEFAULT_LINT_GLOB}`, cwd).forEach(pushFound);
    } else if (!existsSync(operand) && isGlob(operand)) {
      const matches = expandGlob(operand, cwd);
      if (matches.length === 0 && operands.length > 0)
        throw new UsageError(`no files match ${JSON.stringify(operand)}`);
      matches.forEach(pushFound);
    } else push(operand, true);
  }
  if (targets.length === 0)
    throw new UsageError(`no files to lint (nothing matches ${DEFAULT_LINT_GLOB} here)`);
  return targets;
}

/**
 * Checks that fail a run before any file is read: a `config` that does not exist, a `baseline`
 * that is not a commit here (exit 2).
 */
export async function checkLintOptions(options: { config?: string; baseline?: string }): Promise<void> {
  if (options.config !== undefined && !existsSync(options.config))
    throw new UsageError(`config file not found: ${options.config}`);
  if (options.baseline !== undefined) await checkBaselineRevision(options.baseline);
}

export interface LintFilesOptions extends ConfigLookupOptions, AppContext {
  /**
   * Report only the findings the same file at this git revision does not have (matched by rule,
   * primitive and pointer); files on disk only.
   */
  baseline?: string;
  /** The name of the document read from standard input (config lookup, overrides, format). */
  stdinFilepath?: string;
  /** Read standard input under `stdinFilepath` (the CLI's bounded, strict reader). */
  loadStdinAs?: (name: string) => Promise<LoadedDocument>;
  /**
   * Reuse results of files unchanged since the last run: the cache file at `location`, read here
   * and written back through `write` (the caller's atomic, no-follow writer).
   */
  cache?: { location: string; write: (path: string, chunks: Iterable<string>) => void };
  /** The package version (part of every cache key). */
  version: string;
  /** Report errors only. */
  quiet?: boolean;
  now?: Date;
  onNote?: (line: string) => void;
  onWarning?: (line: string) => void;
  /**
   * An input that could not be read or migrated: the caller says so and returns its report entry
   * (the other files are still linted). It rethrows any other error.
   */
  onUnreadable: (error: unknown, spec: string) => FileFindings;
}

export interface LintRun {
  /** One entry per document (and per config file with expired `ignore` entries). */
  results: FileFindings[];
  /** Some input could not be read or migrated (exit 2). */
  unreadable: boolean;
  /** Every rule of the configs used, for SARIF. */
  rules: RuleMeta[];
  /** With `baseline`: findings left out because the baseline revision has them too. */
  knownAtBaseline: number;
}

/** Lints documents named by `targets` (lintTargets), each with the config that applies to it. */
export async function lintFiles(targets: readonly LintTarget[], options: LintFilesOptions): Promise<LintRun> {
  await checkLintOptions(options);
  const lookup = new ConfigLookup(options);
  const results: FileFindings[] = [];
  let unreadable = false;
  let knownAtBaseline = 0;
  const now = options.now ?? new Date();
  const note = options.onNote ?? (() => {});
  const limitsOption = options.limits ? { limits: options.limits } : {};
  const cache = options.cache ? openCache(options.cache.location, options.version, note) : undefined;

  const lintFresh = async (spec: string, localPath: string | undefined) => {
    const loaded =
      spec === '-' && options.stdinFilepath && options.loadStdinAs
        ? await options.loadStdinAs(options.stdinFilepath)
        : await loadSource(spec, limitsOption);
    return lintLoaded(loaded, localPath, lookup, { now, onNote: note });
  };

  /** A file on disk, from the cache while nothing its result depends on has changed. */
  const lintCached = async (spec: string, localPath: string, cache: LintCache) => {
    // The key is made from the very bytes that are linted on a miss: a file changed in between is
    // never cached under its old contents.
    const source = await readSourceBytes(spec, resolveLimits(options.limits).maxBytes);
    const config = await lookup.configFor(localPath);
    const path = resolve(localPath);
    const key = cacheKey({
      version: options.version,
      config: configFingerprint(config),
      bytes: source.bytes,
      path,
      limits: resolveLimits(options.limits),
      now,
      expiring: config.ignores.some((entry) => entry.expires !== undefined),
    });
    const hit = cache.get(path, key, source.name);
    if (hit) {
      hit.notes.forEach(note);
      return { file: source.name, findings: hit.findings, complete: hit.complete };
    }
    const notes: string[] = [];
    const loaded = readAsCurrent(loadBytes(source, limitsOption), (line) => {
      notes.push(line);
      note(line);
    });
    const result = lintDocument(loaded, config, { filePath: path, now });
    cache.set(path, key, source.name, { findings: result.findings, complete: result.complete, notes });
    return { file: source.name, findings: result.findings, complete: result.complete };
  };

  for (const { spec, named } of targets) {
    const localPath = spec === '-' ? options.stdinFilepath : existsSync(spec) ? spec : undefined;
    try {
      // A broken config is reported below, after the input is read, as for any file.
      const config =
        localPath === undefined ? undefined : await lookup.configFor(localPath).catch(() => undefined);
      if (
        localPath !== undefined &&
        config !== undefined &&
        config.ignorePatterns.length > 0 &&
        isIgnoredFile(config.ignorePatterns, resolve(localPath))
      ) {
        if (named || spec === '-')
          options.onWarning?.(`${localPath} is not linted: ignorePatterns in ${config.file} match it`);
        continue;
      }
      // Only files on disk are cached: standard input and git revisions are read once anyway.
      const linted =
        cache && spec !== '-' && localPath !== undefined && statSync(spec).isFile()
          ? await lintCached(spec, localPath, cache)
          : await lintFresh(spec, localPath);
      let kept = linted.findings;
      if (options.baseline !== undefined && spec !== '-' && localPath !== undefined) {
        const applied = await applyBaseline(
          options.baseline,
          localPath,
          kept,
          await lookup.configFor(localPath),
          now,
          options.limits,
        );
        if (applied.note) note(applied.note);
        knownAtBaseline += applied.known;
        kept = applied.findings;
      }
      // A list of its own (the cache keeps the other): config findings are added to it below.
      const findings = options.quiet ? kept.filter((f) => f.severity === 'error') : [...kept];
      results.push({ file: linted.file, findings, complete: linted.complete });
    } catch (error) {
      results.push(options.onUnreadable(error, spec));
      unreadable = true;
    }
  }
  if (options.baseline !== undefined)
    note(
      `--baseline ${options.baseline}: ${knownAtBaseline} finding${knownAtBaseline === 1 ? '' : 's'} already there not shown`,
    );
  if (cache && options.cache) saveCache(cache, options.cache.write, note);

  const configs = await lookup.resolved();
  for (const config of configs) {
    for (const finding of expiredIgnoreFindings(config)) {
      let entry = results.find((r) => r.file === finding.location.file);
      if (!entry) results.push((entry = { file: finding.location.file, findings: [] }));
      (entry.findings as Finding[]).push(finding);
    }
  }
  return { results, unreadable, rules: lintRuleMetas(configs), knownAtBaseline };
}

/** Rule metadata of the configs a run used (SARIF's `rules`), and the config findings' own rule. */
export function lintRuleMetas(configs: readonly ResolvedConfig[]): RuleMeta[] {
  const metas = new Map<string, RuleMeta>();
  for (const config of configs) {
    for (const rule of config.rules.values()) {
      if (metas.has(rule.id)) continue;
      const meta: RuleMeta = {
        id: rule.id,
        description: rule.description,
        severity: rule.severity,
        tags: [rule.validation ? 'validate' : 'lint'],
      };
      if (rule.help) meta.help = rule.help;
      metas.set(rule.id, meta);
    }
  }
  metas.set('lint-ignore-expired', {
    id: 'lint-ignore-expired',
    description: 'A config `ignore` entry is past its `expires` date and no longer applies.',
    severity: 'warning',
    tags: ['config'],
  });
  return [...metas.values()];
}

/** The lint cache at `location`; undefined (with a note saying why) when it cannot be used. */
function openCache(location: string, version: string, note: (line: string) => void): LintCache | undefined {
  const cache = LintCache.read(location, version);
  if (cache.problem) {
    note(`not using the lint cache ${cache.path}: ${cache.problem}`);
    return undefined;
  }
  if (cache.notice) note(`the lint cache ${cache.path}: ${cache.notice}`);
  return cache;
}

function saveCache(
  cache: LintCache,
  write: (path: string, chunks: Iterable<string>) => void,
  note: (line: string) => void,
): void {
  cache.prune(existsSync);
  if (!cache.changed) return;
  // Another run may have written the cache since it was read (pre-commit runs in parallel).
  cache.absorbConcurrentWrites(existsSync);
  try {
    write(cache.path, cache.chunks());
  } catch (error) {
    // The results stand; only the next run is slower.
    note(
      `cannot write the lint cache ${cache.path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
}
