/**
 * Several output formats in one run: `-f stylish -f sarif:out.sarif -f junit:reports/lint.xml`.
 * Each `-f` value is `NAME` (standard output) or `NAME:PATH` (written atomically). Used by `lint`;
 * `validate` (and `diff`, where the formats fit) can call the same helpers.
 */
import { SEVERITY_RANK, type Severity } from '../model/finding.js';
import { formatGithub } from './github.js';
import { formatJsonChunks } from './json.js';
import { formatJunit } from './junit.js';
import { formatMarkdown } from './markdown.js';
import { formatSarifChunks, type RuleMeta } from './sarif.js';
import { type FileFindings, formatStylishChunks } from './stylish.js';

export type { RuleMeta } from './sarif.js';
export type { FileFindings } from './stylish.js';

export const REPORT_FORMATS = ['stylish', 'json', 'sarif', 'junit', 'github', 'markdown'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface FormatTarget<F extends string = ReportFormat> {
  format: F;
  /** Undefined (or `-`): standard output. */
  path?: string;
}

export class FormatSpecError extends Error {
  override readonly name = 'FormatSpecError';
}

/** Other names a format is known by: `github-actions` is Spectral's name for GitHub annotations. */
export const FORMAT_ALIASES: Readonly<Record<string, string>> = { 'github-actions': 'github' };

/** Parses lint's and validate's `-f` values. */
export function parseFormatSpecs(
  specs: readonly string[],
  defaultFormat: ReportFormat = 'stylish',
): FormatTarget[] {
  return parseFormatTargets(specs, REPORT_FORMATS, defaultFormat);
}

/**
 * Parses `-f NAME[:PATH]` values against a command's formats. Unknown names and two targets
 * writing the same file are errors; no value means the default format on standard output.
 */
export function parseFormatTargets<F extends string>(
  specs: readonly string[],
  formats: readonly F[],
  defaultFormat: F,
): FormatTarget<F>[] {
  if (specs.length === 0) return [{ format: defaultFormat }];
  const out: FormatTarget<F>[] = [];
  const paths = new Set<string>();
  for (const spec of specs) {
    const colon = spec.indexOf(':');
    const given = colon < 0 ? spec : spec.slice(0, colon);
    const name = FORMAT_ALIASES[given] ?? given;
    const path = colon < 0 ? undefined : spec.slice(colon + 1);
    if (!(formats as readonly string[]).includes(name))
      throw new FormatSpecError(
        `unknown format ${JSON.stringify(given)}: use ${formats.join(', ')} (optionally NAME:PATH)`,
      );
    if (path === '') throw new FormatSpecError(`format ${name}: empty path after ':'`);
    const target: FormatTarget<F> = { format: name as F };
    if (path !== undefined && path !== '-') {
      if (paths.has(path)) throw new FormatSpecError(`two formats write to ${path}`);
      paths.add(path);
      target.path = path;
    }
    out.push(target);
  }
  return out;
}

export interface RenderContext {
  color: boolean;
  toolVersion: string;
  /** Rule metadata for SARIF (descriptions, help, default levels). */
  rules?: Iterable<RuleMeta>;
  /** Threshold for JUnit failures (the run's --fail-severity). */
  failSeverity?: Severity;
  /** Title of the Markdown report. */
  title?: string;
  /** Directory relative file names are relative to (SARIF %SRCROOT%). */
  srcRoot?: string;
}

export function renderReport(
  format: ReportFormat,
  files: readonly FileFindings[],
  context: RenderContext,
  toFile = false,
): string {
  return Array.from(renderReportChunks(format, files, context, toFile)).join('');
}

/**
 * The report as chunks to write one after the other: JSON and SARIF are built and serialised
 * while they are written (a 50,000-tool gateway's SARIF is over 100 MB), stylish a few thousand
 * rows at a time; the others are one chunk.
 */
export function renderReportChunks(
  format: ReportFormat,
  files: readonly FileFindings[],
  context: RenderContext,
  toFile = false,
): Iterable<string> {
  switch (format) {
    case 'json':
      return formatJsonChunks(files);
    case 'sarif':
      return formatSarifChunks(files, {
        toolVersion: context.toolVersion,
        ...(context.rules ? { rules: context.rules } : {}),
        ...(context.srcRoot ? { srcRoot: context.srcRoot } : {}),
      });
    case 'stylish':
      return formatStylishChunks(files, { color: context.color && !toFile });
    default:
      return [renderWhole(format, files, context)];
  }
}

function renderWhole(
  format: Exclude<ReportFormat, 'json' | 'sarif' | 'stylish'>,
  files: readonly FileFindings[],
  context: RenderContext,
): string {
  switch (format) {
    case 'junit':
      return formatJunit(files, { failSeverity: context.failSeverity ?? 'error' });
    case 'github':
      return formatGithub(files);
    case 'markdown':
      return formatMarkdown(files, { title: context.title ?? 'mcpdesc' });
  }
}

export interface ReportSink {
  /** Called once per chunk; the next chunk is made once a returned promise resolves. */
  stdout(text: string): void | Promise<void>;
  /** Writes all the chunks, atomically. */
  file(path: string, chunks: Iterable<string>): void;
}

/** Renders every target once and writes it: files atomically (via `sink.file`), the rest to stdout. */
export async function writeReports(
  targets: readonly FormatTarget[],
  files: readonly FileFindings[],
  context: RenderContext,
  sink: ReportSink,
): Promise<void> {
  for (const target of targets) {
    const chunks = renderReportChunks(target.format, files, context, target.path !== undefined);
    if (target.path !== undefined) sink.file(target.path, chunks);
    else for (const chunk of chunks) await sink.stdout(chunk);
  }
}

/** Exit decision shared by lint and validate: 1 when a finding reaches `failSeverity` or warnings exceed `maxWarnings`. */
export function exceedsThreshold(
  files: readonly FileFindings[],
  failSeverity: Severity,
  maxWarnings?: number,
): boolean {
  const rank = SEVERITY_RANK[failSeverity];
  let warnings = 0;
  for (const file of files)
    for (const f of file.findings) {
      if (SEVERITY_RANK[f.severity] >= rank) return true;
      if (f.severity === 'warning') warnings++;
    }
  return maxWarnings !== undefined && warnings > maxWarnings;
}

/**
 * SARIF rule metadata from a code registry such as `CODES` of src/validate/codes.ts, so `validate`
 * can offer the same formats as `lint` without knowing SARIF.
 */
export function ruleMetasFromRegistry(
  registry: Readonly<Record<string, { severity: Severity; description: string; area?: string }>>,
  tags: readonly string[] = ['validate'],
): RuleMeta[] {
  return Object.entries(registry).map(([id, info]) => ({
    id,
    description: info.description,
    severity: info.severity,
    tags: info.area ? [...tags, info.area] : [...tags],
  }));
}
