/**
 * SARIF 2.1.0 for GitHub code scanning (`github/codeql-action/upload-sarif`): one run, diff changes
 * (rules `diff/<id>`) and lint findings (rules `lint/<code>`), located on head lines. A removed
 * description file has no head line; it is reported on the path it had, which code scanning shows
 * as a file-level alert.
 */
import type { Change } from '../diff/types.js';
import type { Finding } from '../model/finding.js';
import type { Report } from './report.js';

type SarifLevel = 'error' | 'warning' | 'note';

interface SarifResult {
  ruleId: string;
  level: SarifLevel;
  message: { text: string };
  locations: {
    physicalLocation: {
      artifactLocation: { uri: string; uriBaseId: string };
      region: { startLine: number; startColumn: number };
    };
  }[];
  partialFingerprints: Record<string, string>;
  /** SARIF 2.1.0 §3.27.24: lint findings already on base are `unchanged`, the pull request's `new`. */
  baselineState?: 'new' | 'unchanged';
  properties?: Record<string, unknown>;
}

const CHANGE_LEVEL: Record<Change['level'], SarifLevel> = {
  breaking: 'error',
  warning: 'warning',
  info: 'note',
};
const FINDING_LEVEL: Record<Finding['severity'], SarifLevel> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
  hint: 'note',
};

export function renderSarif(report: Report, version: string, repositoryUri?: string): string {
  const rules = new Map<
    string,
    { id: string; shortDescription: { text: string }; defaultConfiguration: { level: SarifLevel } }
  >();
  const results: SarifResult[] = [];
  const addRule = (id: string, text: string, level: SarifLevel) => {
    if (!rules.has(id)) rules.set(id, { id, shortDescription: { text }, defaultConfiguration: { level } });
  };
  for (const file of report.files) {
    for (const change of file.changes) {
      const ruleId = `diff/${change.ruleId}`;
      addRule(ruleId, `mcpdesc diff rule ${change.ruleId}`, CHANGE_LEVEL[change.level]);
      const at = file.status === 'removed' ? undefined : (change.after ?? change.before);
      results.push({
        ruleId,
        level: CHANGE_LEVEL[change.level],
        message: { text: change.message },
        locations: [location(file.path, at?.line ?? 1, at?.column ?? 1)],
        partialFingerprints: { 'mcpdescChange/v1': change.fingerprint },
        properties: {
          subject: `${change.subject.kind}:${change.subject.key}`,
          revisions: change.revisions,
          ...(file.status === 'removed' ? { removedFile: true } : {}),
        },
      });
    }
    const fresh = new Set(file.newFindings);
    for (const finding of file.findings) {
      const ruleId = `lint/${finding.code}`;
      addRule(ruleId, `mcpdesc lint rule ${finding.code}`, FINDING_LEVEL[finding.severity]);
      results.push({
        ruleId,
        level: FINDING_LEVEL[finding.severity],
        message: { text: finding.message },
        locations: [location(file.path, finding.location.line, finding.location.column)],
        partialFingerprints: {
          'mcpdescFinding/v1': `${finding.code}:${file.path}:${finding.location.pointer}`,
        },
        baselineState: fresh.has(finding) ? 'new' : 'unchanged',
      });
    }
  }
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'mcpdesc-toolkit',
            version,
            rules: [...rules.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)),
          },
        },
        ...(repositoryUri && report.head.sha
          ? { versionControlProvenance: [{ repositoryUri, revisionId: report.head.sha }] }
          : {}),
        results,
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}

function location(uri: string, line: number, column: number): SarifResult['locations'][number] {
  return {
    physicalLocation: {
      artifactLocation: { uri, uriBaseId: '%SRCROOT%' },
      region: { startLine: Math.max(1, line), startColumn: Math.max(1, column) },
    },
  };
}
