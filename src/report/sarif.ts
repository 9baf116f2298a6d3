/**
 * SARIF 2.1.0 report for Finding[] grouped per file (lint and validate). One run; rule metadata
 * (descriptions, help text, default level) for every rule that has a result; partial fingerprints
 * that survive line moves (rule id + JSON pointer, or a change's identity; never the line); load
 * errors as error results. The one SARIF writer: lint, validate, diff and the Action use it.
 * Checked against the SARIF 2.1.0 JSON Schema in test/report/sarif.test.ts.
 */
import type { Finding, Severity } from '../model/finding.js';
import { sha256Hex } from '../util/hash.js';
import { prettyJson, prettyJsonChunks, StreamedArray } from './json-chunks.js';
import type { FileFindings } from './stylish.js';

export interface RuleMeta {
  id: string;
  description: string;
  help?: string;
  /** Default level of the rule (`off` rules are never in a report). */
  severity?: Severity | 'off';
  /** e.g. `lint`, `validate`, a ruleset name. */
  tags?: string[];
}

/**
 * A finding with what SARIF can say beyond the common fields: a diff's change carries its own
 * identity (rule + subject + semantic path), hashed instead of the pointer so its fingerprint
 * survives line moves and renamed files, and a property bag (level, subject, revisions).
 */
export interface SarifFinding extends Finding {
  identity?: string;
  properties?: Record<string, unknown>;
  /** SARIF 2.1.0 §3.27.24, where a baseline was compared (the Action: lint of base vs head). */
  baselineState?: 'new' | 'unchanged' | 'updated' | 'absent';
}

export interface SarifOptions {
  toolName?: string;
  toolVersion: string;
  informationUri?: string;
  /** Absolute directory that relative file names are relative to (becomes `%SRCROOT%`). */
  srcRoot?: string;
  /** Metadata for rule ids; ids without an entry still get a minimal descriptor. */
  rules?: Iterable<RuleMeta>;
  /** The commit the results are about (`versionControlProvenance`), as the Action knows it. */
  versionControl?: { repositoryUri: string; revisionId: string };
}

type SarifLevel = 'error' | 'warning' | 'note' | 'none';

export function sarifLevel(severity: Severity | 'off'): SarifLevel {
  return severity === 'error'
    ? 'error'
    : severity === 'warning'
      ? 'warning'
      : severity === 'off'
        ? 'none'
        : 'note';
}

/** A SARIF `uri-reference` for a file name: relative paths stay relative (with a base id), `<stdin>` and `REV:path` are encoded. */
export function artifactUri(file: string): { uri: string; uriBaseId?: string } {
  const posix = file.replace(/\\/g, '/');
  if (/^[A-Za-z]:\//.test(posix)) return { uri: `file:///${posix.slice(0, 2)}${encodePath(posix.slice(2))}` };
  if (posix.startsWith('/')) return { uri: `file://${encodePath(posix)}` };
  return { uri: encodePath(posix.replace(/^\.\//, '')), uriBaseId: '%SRCROOT%' };
}

function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

function fingerprint(code: string, pointer: string, ordinal: number): string {
  return sha256Hex(`${code}\u0000${pointer}\u0000${ordinal}`).slice(0, 32);
}

function region(line: number, column: number): { startLine: number; startColumn: number } | undefined {
  return line > 0 ? { startLine: line, startColumn: Math.max(1, column) } : undefined;
}

export function buildSarif(files: readonly FileFindings[], options: SarifOptions): Record<string, unknown> {
  return sarifLog(files, options, (results) => [...results]);
}

/**
 * The log, with `results` as `list` makes it of the results, which are built lazily: rule
 * descriptors and artifacts come before the results in the log, so a first pass registers them
 * in the order the results name them, and each result is made only when it is listed.
 */
function sarifLog(
  files: readonly FileFindings[],
  options: SarifOptions,
  list: (results: Iterable<Record<string, unknown>>) => unknown,
): Record<string, unknown> {
  const metas = new Map<string, RuleMeta>();
  for (const meta of options.rules ?? []) metas.set(meta.id, meta);
  const ruleIndex = new Map<string, number>();
  const descriptors: Record<string, unknown>[] = [];
  const descriptorFor = (id: string, fallbackLevel: Severity): number => {
    let index = ruleIndex.get(id);
    if (index !== undefined) return index;
    const meta = metas.get(id);
    const text = meta?.description || id;
    const descriptor: Record<string, unknown> = {
      id,
      name: id.replace(/(^|[-_./])([a-z0-9])/g, (_m, _sep: string, c: string) => c.toUpperCase()),
      shortDescription: { text: firstSentence(text) },
      fullDescription: { text },
      defaultConfiguration: { level: sarifLevel(meta?.severity ?? fallbackLevel) },
      help: {
        text: meta?.help ? `${text}\n\n${meta.help}` : text,
        markdown: meta?.help ? `${text}\n\n${meta.help}` : text,
      },
    };
    if (meta?.tags && meta.tags.length > 0) descriptor.properties = { tags: meta.tags };
    index = descriptors.length;
    descriptors.push(descriptor);
    ruleIndex.set(id, index);
    return index;
  };

  const artifacts: Record<string, unknown>[] = [];
  const artifactIndex = new Map<string, number>();
  const artifactFor = (file: string): number => {
    let index = artifactIndex.get(file);
    if (index === undefined) {
      index = artifacts.length;
      artifacts.push({ location: artifactUri(file) });
      artifactIndex.set(file, index);
    }
    return index;
  };
  const physical = (file: string, line: number, column: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {
      artifactLocation: { ...artifactUri(file), index: artifactFor(file) },
    };
    const r = region(line, column);
    if (r) out.region = r;
    return out;
  };

  for (const file of files) {
    if (file.loadError) {
      descriptorFor(file.loadError.code, 'error');
      artifactFor(file.file);
    }
    for (let i = 0; i < file.findings.length; i++) {
      const finding = file.findings[i] as Finding;
      descriptorFor(finding.code, finding.severity);
      artifactFor(finding.location.file);
      for (const related of finding.related ?? []) artifactFor(related.file);
    }
  }
  function* results(): Generator<Record<string, unknown>> {
    for (const file of files) {
      if (file.loadError) {
        const e = file.loadError;
        yield {
          ruleId: e.code,
          ruleIndex: descriptorFor(e.code, 'error'),
          level: 'error',
          message: { text: e.message },
          locations: [{ physicalLocation: physical(file.file, e.line, e.column) }],
        };
      }
      const ordinals = new Map<string, number>();
      for (const finding of file.findings as readonly SarifFinding[]) {
        const identity = finding.identity ?? finding.location.pointer;
        const key = `${finding.code}\u0000${identity}`;
        const ordinal = ordinals.get(key) ?? 0;
        ordinals.set(key, ordinal + 1);
        yield resultFor(
          finding,
          descriptorFor(finding.code, finding.severity),
          physical,
          fingerprint(finding.code, identity, ordinal),
        );
      }
    }
  }

  const driver: Record<string, unknown> = {
    name: options.toolName ?? 'mcpdesc',
    version: options.toolVersion,
    informationUri: options.informationUri ?? 'https://github.com/mcpdesc/mcpdesc-toolkit',
    rules: descriptors,
  };
  if (/^\d+\.\d+\.\d+/.test(options.toolVersion)) driver.semanticVersion = options.toolVersion;
  const run: Record<string, unknown> = { tool: { driver } };
  if (options.srcRoot) {
    const root = options.srcRoot.replace(/\\/g, '/').replace(/\/?$/, '/');
    run.originalUriBaseIds = {
      '%SRCROOT%': {
        uri: `file://${root.startsWith('/') ? '' : '/'}${root
          .split('/')
          .map((s) => (/^[A-Za-z]:$/.test(s) ? s : encodeURIComponent(s)))
          .join('/')}`,
        description: { text: 'The directory mcpdesc ran in; relative file names are relative to it.' },
      },
    };
  }
  if (options.versionControl) run.versionControlProvenance = [{ ...options.versionControl }];
  run.artifacts = artifacts;
  run.results = list(results());
  run.columnKind = 'utf16CodeUnits';
  return { $schema: 'https://json.schemastore.org/sarif-2.1.0.json', version: '2.1.0', runs: [run] };
}

function resultFor(
  finding: SarifFinding,
  ruleIndex: number,
  physical: (file: string, line: number, column: number) => Record<string, unknown>,
  print: string,
): Record<string, unknown> {
  const { location } = finding;
  const result: Record<string, unknown> = {
    ruleId: finding.code,
    ruleIndex,
    level: sarifLevel(finding.severity),
    message: { text: finding.message },
    locations: [
      {
        physicalLocation: physical(location.file, location.line, location.column),
        logicalLocations: [{ fullyQualifiedName: location.pointer || '/', kind: 'member' }],
      },
    ],
    partialFingerprints: { 'mcpdescPointer/v1': print },
  };
  if (finding.baselineState) result.baselineState = finding.baselineState;
  if (finding.properties) result.properties = finding.properties;
  if (finding.related && finding.related.length > 0)
    result.relatedLocations = finding.related.map((r, id) => ({
      id,
      physicalLocation: physical(r.file, r.line, r.column),
      logicalLocations: [{ fullyQualifiedName: r.pointer || '/', kind: 'member' }],
    }));
  return result;
}

function firstSentence(text: string): string {
  const match = /^(.+?[.!?])(\s|$)/s.exec(text);
  return (match?.[1] ?? text).replace(/\s+/g, ' ');
}

export function formatSarif(files: readonly FileFindings[], options: SarifOptions): string {
  return prettyJson(sarifLog(files, options, (results) => new StreamedArray(results)));
}

/** `formatSarif` in chunks: each result is built and serialised only as the chunks are written. */
export function formatSarifChunks(files: readonly FileFindings[], options: SarifOptions): Iterable<string> {
  return prettyJsonChunks(sarifLog(files, options, (results) => new StreamedArray(results)));
}
