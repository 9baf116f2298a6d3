/**
 * The Action lints each changed file with the config that applies to it, found as `mcpdesc lint`
 * and pre-commit find it: the nearest config file above the file, never above the workspace. Run
 * through the Action's modules with the real engines (the committed bundle is rebuilt on release),
 * against the built CLI.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realEngines } from '../../src/action/engines.js';
import { analyse } from '../../src/action/report.js';
import { renderSarif } from '../../src/action/sarif.js';
import { runCli } from '../support/cli.js';

const DOC = `mcpdesc: 0.8.0
info: { name: x, version: 1.0.0 }
protocolVersions: ['2025-11-25']
tools:
  - name: get_user
    inputSchema:
      type: object
      properties:
        id: { type: integer }
`;

let workspace: string;
beforeAll(() => {
  workspace = mkdtempSync(join(tmpdir(), 'action-config-per-file-'));
  mkdirSync(join(workspace, 'api'));
  // The workspace root turns the rule off; api/ makes it an error: api/ files follow api/.
  writeFileSync(join(workspace, '.mcpdesc.yaml'), 'rules:\n  tool-description: off\n');
  writeFileSync(
    join(workspace, 'api/.mcpdesc.yaml'),
    'rules:\n  tool-description: error\n  write-tool-hints: off\n',
  );
  writeFileSync(join(workspace, 'api/x.mcpdesc.yaml'), DOC);
  writeFileSync(join(workspace, 'root.mcpdesc.yaml'), DOC);
});
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

type Row = { rule: string; severity: string; line: number; column: number; message: string };

async function actionFindings(path: string, config = ''): Promise<Row[]> {
  const engines = await realEngines({ lint: true, config, workspace });
  const report = await analyse({
    files: [{ status: 'added', path }],
    baseSha: 'base',
    headSha: 'head',
    baseRef: 'main',
    read: async (rev, p) => (rev === 'head' ? readFileSync(join(workspace, p)) : undefined),
    engines,
  });
  const [file] = report.files;
  expect(file!.problems).toEqual([]);
  return file!.findings.map((f) => ({
    rule: f.code,
    severity: f.severity,
    line: f.location.line,
    column: f.location.column,
    message: f.message,
  }));
}

function cliFindings(...args: string[]): Row[] {
  const r = runCli(['lint', '-f', 'json', ...args], { cwd: workspace });
  const report = JSON.parse(r.stdout) as {
    files: {
      findings: {
        code: string;
        severity: string;
        message: string;
        location: { line: number; column: number };
      }[];
    }[];
  };
  return report.files.flatMap((file) =>
    file.findings.map((f) => ({
      rule: f.code,
      severity: f.severity,
      line: f.location.line,
      column: f.location.column,
      message: f.message,
    })),
  );
}

describe('the Action finds the lint config per file, as the CLI does', () => {
  it('api/x.mcpdesc.yaml: api/.mcpdesc.yaml applies, and the findings equal `mcpdesc lint`', async () => {
    const action = await actionFindings('api/x.mcpdesc.yaml');
    expect(action).toEqual(cliFindings('api/x.mcpdesc.yaml'));
    // api/.mcpdesc.yaml, not the workspace root's config (which turns the rule off).
    expect(action.find((f) => f.rule === 'tool-description')).toMatchObject({ severity: 'error', line: 5 });
    expect(action.some((f) => f.rule === 'write-tool-hints')).toBe(false);
  });

  it('a file at the root: the root config applies', async () => {
    const action = await actionFindings('root.mcpdesc.yaml');
    expect(action).toEqual(cliFindings('root.mcpdesc.yaml'));
    expect(action.some((f) => f.rule === 'tool-description')).toBe(false);
  });

  it('the `config` input applies to every file, as `--config` does', async () => {
    const action = await actionFindings('api/x.mcpdesc.yaml', '.mcpdesc.yaml');
    expect(action).toEqual(cliFindings('--config', '.mcpdesc.yaml', 'api/x.mcpdesc.yaml'));
    expect(action.some((f) => f.rule === 'tool-description')).toBe(false);
  });

  it('a broken config is reported where it is broken, for the files it applies to', async () => {
    const broken = join(workspace, 'broken');
    mkdirSync(broken);
    writeFileSync(join(broken, '.mcpdesc.yaml'), 'rules:\n  no-such-rule: warning\n');
    writeFileSync(join(broken, 'y.mcpdesc.yaml'), DOC);
    const engines = await realEngines({ lint: true, config: '', workspace });
    const report = await analyse({
      files: [{ status: 'added', path: 'broken/y.mcpdesc.yaml' }],
      baseSha: 'base',
      headSha: 'head',
      baseRef: 'main',
      read: async (rev, p) => (rev === 'head' ? readFileSync(join(workspace, p)) : undefined),
      engines,
    });
    expect(report.files[0]!.problems).toEqual([
      `lint failed: ${join(broken, '.mcpdesc.yaml')}:2:3: unknown rule "no-such-rule"`,
    ]);
  });

  it('one finding has the same SARIF result (tool, rule, fingerprint, place) from the Action and the CLI', async () => {
    const engines = await realEngines({ lint: true, config: '', workspace });
    const report = await analyse({
      files: [{ status: 'added', path: 'api/x.mcpdesc.yaml' }],
      baseSha: 'base',
      headSha: 'head',
      baseRef: 'main',
      read: async (rev, p) => (rev === 'head' ? readFileSync(join(workspace, p)) : undefined),
      engines,
    });
    type Sarif = {
      runs: {
        tool: { driver: { name: string } };
        results: {
          ruleId: string;
          partialFingerprints?: Record<string, string>;
          locations: {
            physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } };
          }[];
        }[];
      }[];
    };
    const pick = (sarif: Sarif) => {
      const run = sarif.runs[0]!;
      const result = run.results.find((r) => r.ruleId === 'tool-description')!;
      const place = result.locations[0]!.physicalLocation;
      return {
        tool: run.tool.driver.name,
        rule: result.ruleId,
        fingerprints: result.partialFingerprints,
        uri: place.artifactLocation.uri,
        line: place.region.startLine,
      };
    };
    const action = pick(
      JSON.parse(renderSarif(report, { toolVersion: '0.0.0', srcRoot: workspace })) as Sarif,
    );
    const cli = runCli(['lint', '-f', 'sarif', 'api/x.mcpdesc.yaml'], { cwd: workspace });
    expect(action).toEqual(pick(JSON.parse(cli.stdout) as Sarif));
    expect(action).toMatchObject({
      tool: 'mcpdesc',
      rule: 'tool-description',
      uri: 'api/x.mcpdesc.yaml',
      line: 5,
    });
  });
});
