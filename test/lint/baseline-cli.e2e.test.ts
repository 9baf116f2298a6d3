/** `mcpdesc lint --baseline REV` end to end (the built CLI) in a scratch git repository. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const tool = (name: string, description?: string) =>
  `  - name: ${name}
${description ? `    description: ${description}\n` : ''}    annotations: { readOnlyHint: true }
    inputSchema:
      type: object
      properties:
        id: { type: integer, description: The id }
      required: [id]
      additionalProperties: false
`;
const doc = (tools: string) =>
  `mcpdesc: 0.8.0\ninfo:\n  name: demo\n  version: 1.0.0\nprotocolVersions: ['2025-11-25']\ntools:\n${tools}`;

describe('mcpdesc lint --baseline (built CLI)', () => {
  const repo = mkdtempSync(join(tmpdir(), 'mcpdesc-lint-baseline-'));
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
      cwd: repo,
      encoding: 'utf8',
    });
  git('init', '-q');
  mkdirSync(join(repo, 'api'));
  // committed: `old_tool` lacks a description (an old finding)
  writeFileSync(
    join(repo, 'api/s.mcpdesc.yaml'),
    doc(tool('get_user', 'Fetch one user.') + tool('old_tool')),
  );
  git('add', '.');
  git('commit', '-qm', 'v1');
  // working: a tool inserted first (every position moves), and `new_tool` lacks one too (new)
  writeFileSync(
    join(repo, 'api/s.mcpdesc.yaml'),
    doc(tool('new_tool') + tool('get_user', 'Fetch one user.') + tool('old_tool')),
  );
  writeFileSync(join(repo, 'api/added.mcpdesc.yaml'), doc(tool('fresh')));

  it('reports only the findings the working version introduces, and counts the rest', () => {
    const all = runCli(['lint', 'api/s.mcpdesc.yaml', '-f', 'json'], { cwd: repo });
    const codes = (stdout: string) =>
      (JSON.parse(stdout) as { files: { findings: { message: string }[] }[] }).files.flatMap((f) =>
        f.findings.map((m) => m.message),
      );
    expect(codes(all.stdout).filter((m) => m.includes('description is missing'))).toHaveLength(2);

    const result = runCli(['lint', 'api/s.mcpdesc.yaml', '--baseline', 'HEAD', '-f', 'json'], { cwd: repo });
    const messages = codes(result.stdout);
    expect(messages.some((m) => m.includes('new_tool'))).toBe(true);
    expect(messages.some((m) => m.includes('old_tool'))).toBe(false);
    expect(result.stderr).toContain('mcpdesc: note: --baseline HEAD: 1 finding already there not shown');
  });

  it('runs from a subdirectory, and keeps every finding of a file new at REV', () => {
    const result = runCli(['lint', 's.mcpdesc.yaml', 'added.mcpdesc.yaml', '--baseline', 'HEAD'], {
      cwd: join(repo, 'api'),
    });
    expect(result.stdout).toContain('new_tool');
    expect(result.stdout).not.toContain('old_tool');
    expect(result.stdout).toContain('fresh');
    expect(result.stderr).toContain('added.mcpdesc.yaml: no baseline at HEAD');
  });

  it('refuses a revision that is not a commit with exit 2', () => {
    const result = runCli(['lint', 'api/s.mcpdesc.yaml', '--baseline', 'no-such-rev'], { cwd: repo });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'mcpdesc: --baseline: "no-such-rev" is not a commit of the git repository here\n',
    );
  });
});
